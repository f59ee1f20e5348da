#!/usr/bin/env bash
# Benchmarks: this connector against Flink's filesystem connector (and the raw parquet/orc
# readers) on the same data in the same run; prints one table. See docs/benchmarks.md.
#   ./scripts/benchmarks.sh [--flink 2.3|1.20] [--scale tiny|small|medium|large] [--pairs N]
#                           [--only write,scan,...]
# --flink picks the Flink line both sides run on, with our connector artifact of that line: the
# newest (2.3) by default, or 1.20, the long-term-support line.
# Always builds the benchmarks module and everything it depends on from this checkout (-am), so
# no stale snapshot of our own modules is ever used. Tests are skipped in that build.
set -euo pipefail
cd "$(dirname "$0")/.."

module=benchmarks
source scripts/lib/flink-line.sh
parse_flink_line "the benchmarks run" "$@"

case "$line" in
    2.3) target="$module/target" ;;
    # Its own build directory (see the module's pom), so the two lines' builds stay apart.
    1.20) target="$module/target/flink-1.20" ;;
esac

echo "Building $module for Flink $line and its dependencies (skipping tests) ..." >&2
mvn -B -q -ntp package -DskipTests -Dspotless.check.skip=true -Dbench.flink.line="$line" \
    -pl "$module" -am >&2

classpath="$target/classes:$(cat "$target/runtime-classpath.txt")"
# Flink's S3 plugin for the stream-write-s3 scenario (copied there by the build).
export FLINK_PLUGINS_DIR="$target/plugins"
# The JVM options the line needs (Flink 1.20 on Java 17), one line, possibly empty.
read -r -a jvm_options < "$target/jvm-options.txt" || true
exec "${JAVA_HOME:+$JAVA_HOME/bin/}java" -Xmx6g -XX:+UseG1GC "${jvm_options[@]}" \
    -Dbench.flink.line="$line" -cp "$classpath" \
    dev.formattable.bench.BenchmarkMain "${runner_args[@]}"
