#!/usr/bin/env bash
# shellcheck source-path=SCRIPTDIR disable=SC2034  # bench_name is read by lib.sh
# dyadic_quality.sh: the experiment driver behind docs/ratings-quality.md
# (issue 13, item 1): one learner setting on MovieLens 100K's folds u1..u5,
# ids only ("rating |u USER |i ITEM"), scored on the validation cut of each
# uN.base or, once chosen, on uN.test.
#
# Usage:
#   scripts/bench/dyadic_quality.sh prep WORK [ML100K_DIR]
#       converts and splits the folds into WORK (the same protocol as
#       scripts/bench/movielens.sh: scripts/split --seed 1 --test-fraction 0.1
#       cuts the validation part from uN.base; fit part and uN.base are
#       shuffled with ml_shuffle, seed 1). uN.test is converted, never read
#       by a "valid" run.
#   scripts/bench/dyadic_quality.sh valid|test WORK LOSS FLAGS...
#       valid: trains on the shuffled fit part, scores the validation part;
#       test: trains on the shuffled uN.base, scores uN.test. LOSS is squared
#       or quantile (tau 0.5). Prints one line per fold
#       "uN mae rmse seconds" and "mean mae rmse seconds" (fold means).
# Environment: LEARNER (default <repo>/build/learner), FOLDS ("1 2 3 4 5"),
# JOBS (parallel folds, default 2).
set -euo pipefail

bench_name=dyadic_quality
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source "$here/lib.sh"
source "$here/movielens_lib.sh"

bench_help "$@"
(($# >= 2)) || { echo "usage: dyadic_quality.sh prep WORK [DIR] | valid|test WORK LOSS FLAGS..." >&2; exit 2; }
mode="$1" work="$2"
shift 2
read -r -a folds <<<"${FOLDS:-1 2 3 4 5}"
learner="${LEARNER:-$repo_root/build/learner}"

if [[ "$mode" == prep ]]; then
  data="${1:-${LEARNER_DATA:-$repo_root/../shared/data}/ml-100k}"
  export LEARNER_RATINGS="${LEARNER_RATINGS:-$(dirname "$learner")/learner-ratings}"
  for f in "${folds[@]}"; do
    d="$work/u$f"
    mkdir -p "$d"
    zcat -f -- "$(find_data_file "$data" "u$f.base")" >"$d/base.tsv"
    zcat -f -- "$(find_data_file "$data" "u$f.test")" >"$d/test.tsv"
    "$repo_root/scripts/split" --quiet --seed 1 --test-fraction 0.1 --train "$d/fit.tsv" --test "$d/valid.tsv" "$d/base.tsv"
    for x in fit valid base test; do "$repo_root/scripts/ratings2vw" "$d/$x.tsv" >"$d/$x.vw"; done
    ml_shuffle 1 "$d/fit.vw" "$d/fit.shuf.vw"
    ml_shuffle 1 "$d/base.vw" "$d/base.shuf.vw"
  done
  exit 0
fi

[[ "$mode" == valid || "$mode" == test ]] || bench_die "mode must be prep, valid or test"
(($# >= 1)) || bench_die "give LOSS and FLAGS"
loss="$1"
shift
flags=("$@")
run_fold() {  # fold -> "uN mae rmse seconds"
  local f="$1" d="$work/u$1" tmp train eval t0 t1
  tmp="$(mktemp -d "${TMPDIR:-/tmp}/dyq.XXXXXX")"
  if [[ "$mode" == valid ]]; then train="$d/fit.shuf.vw" eval="$d/valid.vw"; else train="$d/base.shuf.vw" eval="$d/test.vw"; fi
  t0=$(now_s)
  "$learner" -d "$train" --cache_file "$tmp/cache" -f "$tmp/model" --holdout_off --quiet \
    --loss_function "$loss" "${flags[@]}" >"$tmp/log" 2>&1 || { cat "$tmp/log" >&2; rm -rf "$tmp"; return 1; }
  t1=$(now_s)
  "$learner" -t -i "$tmp/model" -d "$eval" -p "$tmp/preds" --quiet 2>>"$tmp/log" || { cat "$tmp/log" >&2; rm -rf "$tmp"; return 1; }
  read -r mae rmse _ <<<"$(ml_metrics "$eval" "$tmp/preds")"
  echo "u$f $mae $rmse $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }')"
  rm -rf "$tmp"
}
export -f run_fold ml_metrics now_s
export mode work loss learner
out="$(for f in "${folds[@]}"; do echo "$f"; done |
  xargs -P "${JOBS:-2}" -I{} bash -c "$(declare -p flags); run_fold {}" | sort)"
echo "$out"
awk '{ a += $2; r += $3; s += $4; n++ } END { printf "mean %.4f %.4f %.2f\n", a / n, r / n, s / n }' <<<"$out"
