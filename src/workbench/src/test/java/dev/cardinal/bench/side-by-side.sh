#!/bin/sh
# Side by side in one command, alternated, ROUNDS times: `cardinal analyze FILE --format json` in a fresh JVM for each
# build given (a classes folder each, e.g. one before a change and one after), InfluxDB 1.6.7's Go parser with a map,
# and the naive Python set; wall time and peak RSS of each (/usr/bin/time), the load before each round, and whether
# the builds' JSON is byte for byte the same.
# Usage: side-by-side.sh FILE ROUNDS CLASSES... (a CLASSES may carry JVM options after '#', e.g.
#   target/classes#-Dcardinal.readThreads=1 to read as before issue 33 on a loaded machine; run from the project; cp.txt from
#   mvn dependency:build-classpath -Dmdep.outputFile=cp.txt; the Go parser built into target/peers/influxparse by
#   AnalyzeVsInfluxd, or PEERS=../shared/peers and its build.sh)
# FILE: e.g. the unzipped traffic.lp.gz of `cardinal sample-data id-explosion --rows 1000000`.
set -e
FILE=$1; ROUNDS=$2; shift 2
PEERS=${PEERS:-../shared/peers}
GO=${GO:-target/peers/influxparse/influxparse}
DEPS=$(cat cp.txt)
OUT=$(mktemp -d)
for round in $(seq "$ROUNDS"); do
    uptime
    n=0
    for classes in "$@"; do
        n=$((n + 1))
        cp=${classes%%#*}
        opts=$(echo "$classes" | sed -n 's/^[^#]*#//p' | tr '#' ' ')
        /usr/bin/time -f "cardinal $classes: %e s %U s user, %M KiB" java $opts -cp "$cp:$DEPS" dev.cardinal.cli.Main \
            analyze "$FILE" --format json > "$OUT/$n.json"
    done
    /usr/bin/time -f "Go parser: %e s %U s user, %M KiB" "$GO" -batch 5000 "$FILE" > "$OUT/go.json"
    /usr/bin/time -f "Python set: %e s %U s user, %M KiB" python3 "$PEERS/naive_series.py" "$FILE" > "$OUT/python.json"
    for j in "$OUT"/[0-9]*.json; do
        cmp -s "$OUT/1.json" "$j" || echo "the JSON of build $(basename "$j" .json) DIFFERS from build 1's"
    done
done
uptime
rm -rf "$OUT"
