#!/usr/bin/env bash
# Installs the build dependencies on Debian (as root, or through sudo) when
# any is missing, then configures and builds learner into $BUILD (default
# build/). Sourced by scripts/test.sh and scripts/demo.sh.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${BUILD:-$ROOT/build}"
PACKAGES=(cmake g++ make libboost-program-options-dev zlib1g-dev libgtest-dev libbenchmark-dev gnuplot-nox time python3 libeigen3-dev libspectra-dev libsimdjson-dev libfast-float-dev clang openmpi-bin libopenmpi-dev)

missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ "${#missing[@]}" -gt 0 ]; then
  echo "setup: installing ${missing[*]}" >&2
  if [ "$(id -u)" -eq 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# TARGETS (space-separated) limits the build, e.g. TARGETS="learner gen_ratings".
# Unity batches (CMAKE_UNITY_BUILD; test files in batches of LEARNER_TEST_UNITY_BATCH): a
# clean build on a 2-core machine is minutes shorter (the sanitizer stage's: 5 min 51 s), with
# the same speed and test results. For quick incremental rebuilds, configure without it.
cmake -S "$ROOT" -B "$BUILD" -DCMAKE_BUILD_TYPE=Release -DCMAKE_UNITY_BUILD=ON >/dev/null
if [ -n "${TARGETS:-}" ]; then
  # shellcheck disable=SC2086
  cmake --build "$BUILD" -j"$(nproc)" --target $TARGETS
else
  cmake --build "$BUILD" -j"$(nproc)"
fi
