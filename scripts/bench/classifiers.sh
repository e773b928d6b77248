#!/usr/bin/env bash
# shellcheck source-path=SCRIPTDIR disable=SC2034  # bench_name is used by lib.sh
# classifiers.sh: learner's classifiers against LIBLINEAR and LIBSVM on R8, pendigits,
# a9a and MovieLens 100K (u1..u5, the ratings as 5 classes), side by side on the same files.
#
# Usage: scripts/bench/classifiers.sh [DATA_DIR]
#   DATA_DIR   folder with r8/, pendigits/, a9a/, ml-100k/ [default: ${LEARNER_DATA:-<repo>/../shared/data}]
# Environment:
#   LEARNER=path   learner binary [default: <repo>/build/learner, built if absent]
#   OUT_DIR=path   results folder [default: <repo>/build/bench/classifiers]
#   ONLY=regex     run only the rows whose "dataset/row" matches (e.g. ONLY='^pendigits/')
#
# The experiment table (rows, grids, seed) is scripts/bench/classifiers/experiments.py.
# Protocol: each training file is shuffled (fixed seed); hyper-parameters are chosen on its
# last 20% after training on the first 80%; the chosen setting is retrained on the whole
# training file and scored once on the test file. Rows whose flags this learner lacks are
# reported as "not available". Installs liblinear-tools and libsvm-tools when missing.
# Side by side: the chosen settings of averaged MIRA and liblinear -s 4 on R8 are then trained
# alternately 15 times each (so the shared machine's slow spells fall on both) and a line
#   DUEL r8 mira_avg/liblinear_s4: A s vs B s wall (ratio A/B), ... CPU (ratio ...)
# gives the medians (experiments.DUELS).
# Kernel sweep: pendigits, rbf, gamma 2, 3 passes, budgets 50..4000, plain and --averaged; a line
#   SWEEP budget B: rbf, gamma 2, 3 passes ACC, rbf, gamma 2, 3 passes, averaged ACC
# per budget gives the two test accuracies side by side.
# Writes OUT_DIR/results.json, results.csv, table.txt, duels.json, kernel.png (when kernel rows
# ran) and commands.log; prints the table, the DUEL and SWEEP lines and ends with
#   RESULT r8_mira_avg=… r8_perceptron_avg=… pendigits_kernel=… pendigits_kernel_b250=… a9a_perceptron_avg=…
# (test accuracies as fractions, nan for rows not available). Exit status 1 when a row failed.
set -euo pipefail

bench_name=classifiers
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source "$here/lib.sh"

bench_help "$@"
(($# <= 1)) || bench_die "usage: scripts/bench/classifiers.sh [DATA_DIR]"
data_dir="${1:-${LEARNER_DATA:-$repo_root/../shared/data}}"
[[ -d "$data_dir" ]] || bench_die "no data folder $data_dir; pass DATA_DIR or set LEARNER_DATA"

packages=(liblinear-tools libsvm-tools gnuplot-nox python3)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  bench_log "installing ${missing[*]}"
  sudo=""; [[ "$(id -u)" == 0 ]] || sudo=sudo
  { $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null; } ||
    bench_die "cannot install ${missing[*]}"
fi

LEARNER="$(find_learner)"
export LEARNER
out_dir="${OUT_DIR:-$repo_root/build/bench/classifiers}"
mkdir -p "$out_dir"
exec python3 "$here/classifiers" "$data_dir" "$out_dir" --only "${ONLY:-}"
