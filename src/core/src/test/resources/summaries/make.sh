#!/usr/bin/env bash
# Remakes the traffic summaries the core's tests read (SummaryFixtures), with the real cardinal-summarize job in Spark
# local mode: each sample scenario at 20,000 rows, and the two halves (in line order, which is time order) of the ad
# marketplace's. Run from the repository's root after `mvn -B -q -DskipTests install` (the reactor: the core, the
# workbench and the Spark module). Spark comes from the Spark module's own dependencies; the job runs as spark-submit
# would run it with --master local[2].
set -euo pipefail
ROWS=20000
OUT=src/core/src/test/resources/summaries
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
mvn -B -q -pl src/spark dependency:build-classpath -Dmdep.outputFile="$WORK/cp.txt" -Dmdep.includeScope=test
CP=src/spark/target/classes:$(cat "$WORK/cp.txt")
OPENS=$(sed -n 's:.*<spark.opens>\(.*\)</spark.opens>.*:\1:p' src/spark/pom.xml)
job() {
  java $OPENS -Xmx1500m -Dspark.sql.shuffle.partitions=4 -Dspark.ui.enabled=false -cp "$CP" \
    dev.cardinal.spark.SummarizeJob --master 'local[2]' "$@" > "$WORK/job.log" 2>&1 || { tail -50 "$WORK/job.log"; exit 1; }
}
for s in ad-marketplace weather custom-metrics; do
  java -jar target/cardinal.jar sample-data "$s" -o "$WORK" --rows $ROWS > /dev/null
  job --workspace "$WORK/$s/$s.cardinal.json" --out "$OUT/$s.summary.json" "$WORK/$s/traffic.lp.gz"
done
s=ad-marketplace
zcat "$WORK/$s/traffic.lp.gz" > "$WORK/all.lp"
half=$(( $(wc -l < "$WORK/all.lp") / 2 ))
head -n $half "$WORK/all.lp" | gzip > "$WORK/first.lp.gz"
tail -n +$((half + 1)) "$WORK/all.lp" | gzip > "$WORK/second.lp.gz"
job --workspace "$WORK/$s/$s.cardinal.json" --out "$OUT/$s-first-half.summary.json" "$WORK/first.lp.gz"
job --workspace "$WORK/$s/$s.cardinal.json" --out "$OUT/$s-second-half.summary.json" "$WORK/second.lp.gz"
