#!/usr/bin/env bash
# The quickstart: runs examples/quickstart.sql (or the script given) on an embedded, local Flink
# in batch mode and prints every query result. Arguments go to the runner:
#   ./scripts/quickstart.sh [script.sql] [--warehouse <dir>]
# The warehouse (default ./quickstart-warehouse) is deleted and recreated on every run.
# Builds the quickstart module and what it depends on first, unless that build is up to date.
set -euo pipefail
cd "$(dirname "$0")/.."

module=format-table-quickstart
classes="$module/target/classes"
classpath_file="$module/target/runtime-classpath.txt"

needs_build() {
    [[ -f "$classpath_file" && -f "$classes/dev/formattable/quickstart/SqlScriptRunner.class" ]] || return 0
    # Every jar and directory on the classpath must still be there ...
    local entry
    while IFS= read -r -d ':' entry; do
        [[ -e "$entry" ]] || return 0
    done < <(tr -d '\n' < "$classpath_file"; printf ':')
    # ... and no source or pom may be newer than the last build.
    [[ -n "$(find pom.xml format-table-core flink-connector-format-table "$module" \
        -name target -prune -o -type f -newer "$classpath_file" -print -quit)" ]]
}

if needs_build; then
    echo "Building $module and its dependencies (skipping tests) ..." >&2
    mvn -B -q -ntp install -DskipTests -Dspotless.check.skip=true -pl "$module" -am
fi

exec "${JAVA_HOME:+$JAVA_HOME/bin/}java" -cp "$classes:$(cat "$classpath_file")" dev.formattable.quickstart.SqlScriptRunner "$@"
