#!/usr/bin/env bash
# shellcheck source-path=SCRIPTDIR disable=SC2034  # bench_name is used by lib.sh
# cost_learning.sh: the cost-learning structured SVM of seed 001 (--struct_svm, issue 14) on
# R8, pendigits and MovieLens 100K (u1..u5, the ratings as 5 ordered classes): best constant,
# the plain structured SVM (v uniform), objective 1, objective 10 with n_S none / logical /
# expected, kappa-cosine, and --mira / --oaa for reference.
#
# Usage: scripts/bench/cost_learning.sh [DATA_DIR]
#   DATA_DIR   folder with r8/, pendigits/, ml-100k/ [default: ${LEARNER_DATA:-<repo>/../shared/data}]
# Environment:
#   LEARNER=path   learner binary [default: <repo>/build/learner, built if absent]
#   OUT_DIR=path   results folder [default: <repo>/build/bench/cost_learning]
#   ONLY=regex     run only the rows whose "dataset/row" matches (e.g. ONLY='^r8/')
#
# The table (rows, grids) is scripts/bench/cost_learning/experiments.py. Protocol: each training
# file is shuffled (fixed seed); hyper-parameters (-l, --l1, --l2, passes) are chosen on its last
# 20% after training on the first 80% (first fold for MovieLens), by macro-F1 (MAE for ratings);
# the chosen setting is retrained on the whole training part and scored once on test.
# Columns: test accuracy, macro-F1, MAE of the predicted class (as a rating), training
# examples/s. Then the seconds per pass of every cost row next to the plain SVM on R8 (one run,
# interleaved), the learned cost matrix of the best learned variant (chosen on validation) for
# R8 and ratings, a gnuplot heat map of it (skipped with a message without gnuplot), and
#   RESULT r8_svm_acc=… r8_svm_macro_f1=… r8_learned_acc=… r8_learned_macro_f1=… ratings_svm_mae=… ratings_learned_mae=…
set -euo pipefail

bench_name=cost_learning
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source "$here/lib.sh"

bench_help "$@"
(($# <= 1)) || bench_die "usage: scripts/bench/cost_learning.sh [DATA_DIR]"
data_dir="${1:-${LEARNER_DATA:-$repo_root/../shared/data}}"
[[ -d "$data_dir" ]] || bench_die "no data folder $data_dir; pass DATA_DIR or set LEARNER_DATA"
command -v python3 >/dev/null || bench_die "needs python3"

LEARNER="$(find_learner)"
export LEARNER
[[ -x "$(dirname "$LEARNER")/learner-ratings" ]] || ensure_built learner-ratings >/dev/null
out_dir="${OUT_DIR:-$repo_root/build/bench/cost_learning}"
mkdir -p "$out_dir"
exec python3 "$here/cost_learning" "$data_dir" "$out_dir" --only "${ONLY:-}"
