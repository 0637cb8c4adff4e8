#!/bin/sh
# The workbench's start, ROUNDS times in fresh processes: `cardinal gui WORKSPACE` on a display, timed by its own
# milestones (-Dcardinal.phases=true: the process's age at main, then the wall time of each phase) up to the first
# numbers shown, after which the process is stopped. Prints each run's time to the window's frame, to the workspace's
# layouts and to the first numbers (all from the process's start), and the load average before each run.
# Usage (from the project, after mvn -DskipTests package; a display, e.g. xvfb-run -a -s "-screen 0 1280x800x24"):
#   src/workbench/src/test/java/dev/cardinal/bench/startup.sh WORKSPACE ROUNDS [JAR]
# JAVA_OPTS: extra JVM options, e.g. -XX:SharedArchiveFile=ARCHIVE.
# WORKSPACE: e.g. ad-marketplace made with `cardinal sample-data ad-marketplace --rows 200000 -o DIR`.
set -e
WS=$1; ROUNDS=$2; JAR=${3:-target/cardinal.jar}
HOME_DIR=$(mktemp -d)
for round in $(seq "$ROUNDS"); do
    load=$(cut -d' ' -f1 /proc/loadavg)
    err=$(mktemp)
    java $JAVA_OPTS -Dcardinal.phases=true -Dcardinal.home="$HOME_DIR" -jar "$JAR" gui "$WS" 2> "$err" > /dev/null &
    pid=$!
    waited=0
    until grep -q "phase first numbers shown" "$err" || [ $waited -ge 1200 ]; do
        sleep 0.05
        waited=$((waited + 1))
    done
    kill "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
    # the process's age at main plus each phase's wall time, summed up to each milestone
    awk -v round="$round" -v avg="$load" '
        /^phase / { sub(/^phase /, ""); match($0, /[-0-9.]+ ms wall/); name = substr($0, 1, RSTART - 1)
                    sub(/ +$/, "", name); ms = substr($0, RSTART, RLENGTH); sub(/ ms wall/, "", ms); t += ms; at[name] = t }
        END { printf "run %d (load %s): frame %.0f ms, layouts %.0f ms, first numbers %s\n", round, avg,
                  at["window'"'"'s frame shown"], at["workspace'"'"'s layouts shown"],
                  ("first numbers shown" in at) ? sprintf("%.0f ms", at["first numbers shown"]) : "not within 60 s" }' "$err"
    rm -f "$err"
done
rm -rf "$HOME_DIR"
