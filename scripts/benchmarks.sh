#!/usr/bin/env bash
# Benchmarks: this connector against Flink's filesystem connector (and the raw parquet/orc
# readers) on the same data in the same run; prints one table. See docs/benchmarks.md.
#   ./scripts/benchmarks.sh [--scale tiny|small|medium|large] [--pairs N] [--only write,scan,...]
# Always builds the benchmarks module and everything it depends on from this checkout (-am), so
# no stale snapshot of our own modules is ever used. Tests are skipped in that build.
set -euo pipefail
cd "$(dirname "$0")/.."

module=benchmarks
echo "Building $module and its dependencies (skipping tests) ..." >&2
mvn -B -q -ntp package -DskipTests -Dspotless.check.skip=true -pl "$module" -am >&2

classpath="$module/target/classes:$(cat "$module/target/runtime-classpath.txt")"
# The streaming heap scenario starts child JVMs with the same class path.
export BENCH_CLASSPATH="$classpath"
# Flink's S3 plugin for the stream-write-s3 scenario (copied there by the build).
export FLINK_PLUGINS_DIR="$module/target/plugins"
exec "${JAVA_HOME:+$JAVA_HOME/bin/}java" -Xmx6g -XX:+UseG1GC -cp "$classpath" \
    dev.formattable.bench.BenchmarkMain "$@"
