#!/usr/bin/env bash
# Builds Vowpal Wabbit's command-line binary as a peer for comparisons
# (scripts/bench/vw_compat.sh and others take VW=/path/to/vw).
#
# usage: scripts/peers/build_vw.sh DEST [REF]
#   DEST  directory outside this repository; receives DEST/src (the sources),
#         DEST/build (the CMake tree) and DEST/vw (a link to the binary).
#   REF   git tag or commit of VW (default 9.11.2).
# env:    VW_MIRROR  a git repository of VW (bare is fine); default: the local
#                    mirror /work/.mirror/VowpalWabbit+vowpal_wabbit/repo, else
#                    a clone of https://github.com/VowpalWabbit/vowpal_wabbit.
#         JOBS       parallel compile jobs (default 2); NICE (default 10).
#
# VW's third-party code lives in git submodules (ext_libs/); this recipe uses
# Debian's packages instead (fmt, spdlog, RapidJSON, Boost, zlib, Eigen) and
# builds only the `vw_cli_bin` target, with the CSV parser enabled so that
# VW's --csv command lines run. Nothing is written inside this repository.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
DEST="${1:?usage: build_vw.sh DEST [REF]}"
REF="${2:-9.11.2}"
JOBS="${JOBS:-2}"
NICE="${NICE:-10}"
DEST="$(realpath -m "$DEST")"
case "$DEST/" in
  "$ROOT/"*) echo "build_vw.sh: $DEST is inside the project tree $ROOT; choose another" >&2; exit 2 ;;
esac
mkdir -p "$DEST"

PACKAGES=(cmake g++ make git libfmt-dev libspdlog-dev rapidjson-dev libboost-dev zlib1g-dev libeigen3-dev)
missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ "${#missing[@]}" -gt 0 ]; then
  if [ "$(id -u)" -eq 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi

MIRROR="${VW_MIRROR:-/work/.mirror/VowpalWabbit+vowpal_wabbit/repo}"
if [ ! -d "$MIRROR" ]; then
  MIRROR="$DEST/mirror.git"
  [ -d "$MIRROR" ] || git clone --bare --filter=blob:none \
    https://github.com/VowpalWabbit/vowpal_wabbit "$MIRROR"
fi

# Sources: every blob of REF that the mirror holds. A partial mirror may lack
# a few large files that the build does not need (logo, NuGet.exe, one test
# set); they are listed and skipped rather than failing the export.
if [ ! -f "$DEST/src/CMakeLists.txt" ]; then
  mkdir -p "$DEST/src"
  excludes=()
  while read -r path; do
    echo "build_vw.sh: skipping $path (not in the mirror)" >&2
    excludes+=(":(exclude)$path")
  done < <(git -C "$MIRROR" ls-tree -r "$REF" | awk '$2 == "blob" {print $3, $4}' |
             git -C "$MIRROR" cat-file --batch-check='%(objectname) %(rest)' |
             awk '$2 == "missing" {print $1}' | while read -r sha; do
               git -C "$MIRROR" ls-tree -r "$REF" | awk -v s="$sha" '$3 == s {print $4}'; done)
  git -C "$MIRROR" archive "$REF" -- . "${excludes[@]}" | tar -x -C "$DEST/src"
fi

cmake -S "$DEST/src" -B "$DEST/build" \
  -DCMAKE_BUILD_TYPE=Release \
  -DBUILD_TESTING=OFF -DBUILD_BENCHMARKS=OFF \
  -DVW_BUILD_VW_C_WRAPPER=OFF \
  -DFMT_SYS_DEP=ON -DSPDLOG_SYS_DEP=ON -DRAPIDJSON_SYS_DEP=ON \
  -DVW_BOOST_MATH_SYS_DEP=ON -DVW_ZLIB_SYS_DEP=ON -DVW_EIGEN_SYS_DEP=ON \
  -DVW_FEAT_CSV=ON -DVW_FEAT_FLATBUFFERS=OFF -DWARNINGS=OFF
nice -n "$NICE" cmake --build "$DEST/build" -j"$JOBS" --target vw_cli_bin

bin="$(find "$DEST/build" -type f -name vw -perm -u+x | head -n 1)"
[ -n "$bin" ] || { echo "build_vw.sh: no vw binary under $DEST/build" >&2; exit 1; }
ln -sf "$bin" "$DEST/vw"
"$DEST/vw" --version
echo "VW=$DEST/vw"
