#!/usr/bin/env bash
# The whole test suite: formatting check, unit tests (*Test) and integration tests (*ITCase).
set -euo pipefail
cd "$(dirname "$0")/.."
exec mvn -B -ntp verify "$@"
