#!/usr/bin/env bash
# The whole test suite on a fresh Debian machine: installs what is missing,
# builds (Release), runs the unit and end-to-end tests, the script tests, the Python tests,
# the fault-injection test (tests/fault), builds and briefly runs the
# micro-benchmarks, rebuilds everything with clang, -fsanitize=address,undefined
# and libFuzzer's hooks, runs the unit tests there and each libFuzzer target
# for FUZZ_SECONDS (default 10) on the committed corpus (scripts/fuzz.sh).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export BUILD="${BUILD:-$ROOT/build}"
# Each stage's heading carries the minutes and seconds since the start, so a slow
# stage shows in CI's log.
stage() { printf '== [%d:%02d] %s ==\n' $((SECONDS / 60)) $((SECONDS % 60)) "$1"; }
stage "setup: packages and the Release build"
"$ROOT/scripts/setup.sh"

# The clang build for the sanitizer and fuzz stages (one build serves both: every library, test
# and binary with ASan + UBSan and libFuzzer's coverage hooks, -O1, test files -O0) starts now, in
# the background at low priority: the Release stages below spend about a minute waiting on
# mpirun and Python, which the build fills. Its output goes to a log, printed when it fails.
# (Two builds, g++ ASan and clang fuzz, took 15 of a 25-minute run on a 2-core machine.)
export SAN_BUILD="${SAN_BUILD:-$ROOT/build-san}" ROOT
SAN_LOG="$SAN_BUILD/background-build.log"
mkdir -p "$SAN_BUILD"
# setsid: its own process group, so that the trap below stops the compilers too.
# shellcheck disable=SC2016  # expanded by the inner bash, from the exported variables
setsid -w bash -c '
  nice -n 10 cmake -S "$ROOT" -B "$SAN_BUILD" -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=Debug \
    "-DCMAKE_CXX_FLAGS_DEBUG=-O1 -gline-tables-only" -DLEARNER_TEST_OPTIMIZE=-O0 \
    -DLEARNER_FUZZ=ON -DCMAKE_UNITY_BUILD=ON &&
  nice -n 10 cmake --build "$SAN_BUILD" -j"$(nproc)" --target test_binaries fuzz_targets' \
  >"$SAN_LOG" 2>&1 </dev/null &   # the targets ctest and the fuzz run use
san_pid=$!
# A failing stage ends the script: the background build must not outlive it.
trap 'kill -- "-$san_pid" 2>/dev/null || true' EXIT

stage "unit and end-to-end tests (Release)"
(cd "$BUILD" && ctest --output-on-failure -j"$(nproc)")

stage "script tests"
LEARNER="$BUILD/learner" bash "$ROOT/tests/scripts/run.sh"

stage "--allreduce under mpirun (skipped with a message without Open MPI)"
LEARNER="$BUILD/learner" bash "$ROOT/tests/mpi/run.sh"

stage "Python tests: converters (r8tovw, pendigits2vw, vw2libsvm) and the classifiers, cost-learning and MovieLens benchmark drivers"
python3 -m unittest discover -s "$ROOT/tests/bench_py"

stage "fault injection: ENOSPC, short writes, SIGKILL on every output"
LEARNER="$BUILD/learner" bash "$ROOT/tests/fault/run.sh"

stage "micro-benchmarks: build and a short run (a smoke test; timings are not checked)"
MICRO_BUILD="$BUILD" bash "$ROOT/scripts/bench/micro.sh" --benchmark_min_time=0.01 >/dev/null

stage "unit tests under AddressSanitizer + UBSan (clang)"
if ! wait "$san_pid"; then
  tail -n 60 "$SAN_LOG" >&2
  echo "test.sh: the clang sanitizer build failed; its whole log: $SAN_LOG" >&2
  exit 1
fi
trap - EXIT
(cd "$SAN_BUILD" && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 ctest --output-on-failure -j"$(nproc)")

stage "fuzzing smoke run: each libFuzzer target ${FUZZ_SECONDS:-10}s on the committed corpus"
FUZZ_BUILD="$SAN_BUILD" FUZZ_NO_BUILD=1 "$ROOT/scripts/fuzz.sh" "${FUZZ_SECONDS:-10}"

stage "all passed"
