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

# One clang build serves both sanitizer stages: every library, test and binary with ASan + UBSan
# and libFuzzer's coverage hooks (-O1; test files -O0), and the libFuzzer targets linked from it.
# (Two builds, g++ ASan and clang fuzz, took 15 of a 25-minute run on a 2-core machine.)
stage "unit tests under AddressSanitizer + UBSan (clang)"
SAN_BUILD="${SAN_BUILD:-$ROOT/build-san}"
cmake -S "$ROOT" -B "$SAN_BUILD" -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=Debug \
  "-DCMAKE_CXX_FLAGS_DEBUG=-O1 -gline-tables-only" -DLEARNER_TEST_OPTIMIZE=-O0 \
  -DLEARNER_FUZZ=ON -DCMAKE_UNITY_BUILD=ON >/dev/null
cmake --build "$SAN_BUILD" -j"$(nproc)" --target test_binaries fuzz_targets  # what ctest and the fuzz run use
(cd "$SAN_BUILD" && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 ctest --output-on-failure -j"$(nproc)")

stage "fuzzing smoke run: each libFuzzer target ${FUZZ_SECONDS:-10}s on the committed corpus"
FUZZ_BUILD="$SAN_BUILD" FUZZ_NO_BUILD=1 "$ROOT/scripts/fuzz.sh" "${FUZZ_SECONDS:-10}"

stage "all passed"
