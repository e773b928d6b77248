#!/usr/bin/env bash
# shellcheck source-path=SCRIPTDIR disable=SC2034  # bench_name is used by lib.sh
# micro.sh: Google Benchmark micro-benchmarks of the hot loops (tests/bench/*_bench.cc),
# e.g. one importance-aware update on a dyadic path per loss.
#
# Usage: scripts/bench/micro.sh [GOOGLE BENCHMARK FLAGS...]
#   e.g. scripts/bench/micro.sh --benchmark_filter=Squared --benchmark_repetitions=5
# Environment:
#   MICRO_BUILD=dir   build folder [default: <repo>/build-micro], configured with
#                     -DCMAKE_BUILD_TYPE=Release -DLEARNER_MICROBENCH=ON (needs libbenchmark-dev,
#                     which scripts/setup.sh installs)
# Output: Google Benchmark's table (time and items_per_second per benchmark).
set -euo pipefail

bench_name=micro
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source "$here/lib.sh"

bench_help "$@"

build="${MICRO_BUILD:-$repo_root/build-micro}"
cmake -S "$repo_root" -B "$build" -DCMAKE_BUILD_TYPE=Release -DLEARNER_MICROBENCH=ON >&2 ||
  bench_die "cmake configure failed (is libbenchmark-dev installed? scripts/setup.sh installs it)"
cmake --build "$build" --target micro_bench -j "$(nproc 2>/dev/null || echo 2)" >&2 ||
  bench_die "building micro_bench failed"
exec "$build/micro_bench" "$@"
