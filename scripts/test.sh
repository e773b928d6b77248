#!/usr/bin/env bash
# The whole test suite on a fresh Debian machine: installs what is missing,
# builds (Release), runs the unit and end-to-end tests, the script tests, the Python tests,
# the fault-injection test (tests/fault), builds and briefly runs the
# micro-benchmarks, rebuilds the unit tests with -fsanitize=address,undefined
# and runs them, then builds the libFuzzer targets with clang and runs each
# for FUZZ_SECONDS (default 10) on the committed corpus (scripts/fuzz.sh).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export BUILD="${BUILD:-$ROOT/build}"
# Each stage's heading carries the minutes and seconds since the start, so a slow
# stage shows in CI's log.
stage() { printf '== [%d:%02d] %s ==\n' $((SECONDS / 60)) $((SECONDS % 60)) "$1"; }
stage "setup: packages and the Release build"
"$ROOT/scripts/setup.sh"

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

stage "unit tests under AddressSanitizer + UBSan"
ASAN_BUILD="${ASAN_BUILD:-$ROOT/build-asan}"
cmake -S "$ROOT" -B "$ASAN_BUILD" -DCMAKE_BUILD_TYPE=Debug -DLEARNER_SANITIZE=ON -DCMAKE_UNITY_BUILD=ON >/dev/null
cmake --build "$ASAN_BUILD" -j"$(nproc)"
(cd "$ASAN_BUILD" && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 ctest --output-on-failure -j"$(nproc)")

stage "fuzzing smoke run: each libFuzzer target ${FUZZ_SECONDS:-10}s on the committed corpus"
"$ROOT/scripts/fuzz.sh" "${FUZZ_SECONDS:-10}"

stage "all passed"
