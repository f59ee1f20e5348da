#!/usr/bin/env bash
# The quickstart: runs examples/quickstart.sql (or the script given) on an embedded, local Flink
# in batch mode and prints every query result. Arguments go to the runner:
#   ./scripts/quickstart.sh [script.sql] [--warehouse <dir>] [--flink 2.3|1.20]
# The warehouse (default ./quickstart-warehouse) is deleted and recreated on every run.
# --flink picks the Flink line, with the connector artifact of that line: the newest (2.3) by
# default, or 1.20, the long-term-support line.
# Builds the quickstart module and what it depends on first, unless that build is up to date.
set -euo pipefail
cd "$(dirname "$0")/.."

module=format-table-quickstart
source scripts/lib/flink-line.sh
parse_flink_line "the quickstart runs" "$@"

case "$line" in
    2.3)
        target="$module/target"
        build=(install)
        ;;
    1.20)
        # Its own build directory (see the module's pom), so the two lines' builds stay apart;
        # packaged, not installed, so the newest line's quickstart stays the installed one.
        target="$module/target/flink-1.20"
        build=(package -Dquickstart.flink.line=1.20)
        ;;
esac

classes="$target/classes"
classpath_file="$target/runtime-classpath.txt"

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
    echo "Building $module for Flink $line and its dependencies (skipping tests) ..." >&2
    mvn -B -q -ntp "${build[@]}" -DskipTests -Dspotless.check.skip=true -pl "$module" -am
fi

# The JVM options the line needs (Flink 1.20 on Java 17), one line, possibly empty.
read -r -a jvm_options < "$target/jvm-options.txt" || true

exec "${JAVA_HOME:+$JAVA_HOME/bin/}java" "${jvm_options[@]}" -cp "$classes:$(cat "$classpath_file")" \
    dev.formattable.quickstart.SqlScriptRunner "${runner_args[@]}"
