#!/usr/bin/env bash
# shellcheck source-path=SCRIPTDIR disable=SC2034,SC2154  # bench_name shared with lib.sh
# movielens.sh: rating-prediction benchmark of the dyadic model (--dotproduct ui)
# on the five official MovieLens 100K folds u1..u5, in the layout of the seed's
# table (best constant, linear, dyadic k = 1, 2, 5, 10).
#
# Usage: scripts/bench/movielens.sh [ML100K_DIR]
#   ML100K_DIR        folder with u1.base/u1.test .. u5.base/u5.test (tab-separated
#                     user item rating timestamp, plain or .gz)
#                     [default: ${LEARNER_DATA:-<repo>/../shared/data}/ml-100k]
# Environment:
#   LEARNER=path      learner binary [default: <repo>/build/learner, built if absent]
#   JOBS=n            parallel learner runs [default: nproc, at most 4]
#   FOLDS="1 2 3 4 5" folds to run (the robustness and speed checks use the first)
#   RANKS="1 2 5 10"  dyadic ranks (one table row each)
#   SEED=1            seed of the validation split and of the shuffles
#   VALID_FRACTION=0.1  share of each fold's training part held out for validation
#   GRID_Q_LINEAR, GRID_SQ_LINEAR, GRID_Q_DYADIC, GRID_SQ_DYADIC
#                     hyper-parameter grids, settings separated by ';' (defaults below)
#   IMPLICIT_RANKS="10"  ranks for which the implicit-feedback input is tried too
#                     ("" = ids only everywhere)
#   GRID_Q_IMPLICIT, GRID_SQ_IMPLICIT   grids of the implicit input (defaults below)
#   TN_RANKS="1 2 5 10"  ranks for which the time + neighbours input is tried too
#                     (default: RANKS; "" = no tn input and no "Linear, time + neighbours" row)
#   USER_DAY_SCALE=0.5   value of the tn input's user-day feature (ratings2vw --user-day)
#   NEIGHBORS_SHRINK=1000  similarity shrinkage of its kNN feature (ratings2vw --neighbors-shrink)
#   GRID_Q_TN, GRID_SQ_TN   dyadic grids of the tn input (defaults below)
#   GRID_Q_LINEAR_TN_EXTRA  settings added to GRID_Q_LINEAR for the linear tn row
#   LEARNER_RATINGS=path    ratings2vw's converter [default: next to the learner, built if absent]
#   ROBUST_L2=0.1 ROBUST_PASSES=10 ROBUST_RATES="0.01 0.1 1 10"   robustness check
#   SPEED_PASSES=20 SPEED_RUNS=5   speed check (linear and dyadic runs alternate)
#   STRICT=1          also fail when the robustness or the speed check fails
#   SPEED_ONLY=1      run the speed check alone (first fold; exit 1 when a ratio is above 2)
#   KEEP=1            keep the work folder (data, results, logs)
#
# Protocol, per fold uN:
#   1. scripts/split --seed SEED --test-fraction VALID_FRACTION cuts a validation
#      part from uN.base only; the rest is the fit part. uN.test is never read
#      before step 4 (except by ratings2vw, to convert it).
#   2. scripts/ratings2vw -> "rating |u USER |i ITEM" (ids input) for uN.base,
#      uN.test, fit and validation parts. Implicit input (SVD++ as data, only
#      for IMPLICIT_RANKS): ratings2vw --implicit SET --centered adds to |u the
#      items the user rated in SET (r<item>:1/sqrt(n) and its twin ~r<item>:-1/sqrt(n),
#      see ratings2vw --help), with SET = the fit part for the fit and validation
#      lines and SET = uN.base for the uN.base and uN.test lines: the items a user
#      rated in uN.test are never used. Time + neighbours input (tn, for TN_RANKS):
#      ratings2vw --user-day USER_DAY_SCALE --neighbors SET adds |d USER_DAY (a bias per
#      user and UTC day, from each line's own timestamp) and |k knn:V (item-kNN estimate
#      of the deviation from a baseline, from SET's ratings; out-of-fold for SET's own
#      lines), with SET = the fit part for fit and validation lines and SET = uN.base
#      for uN.base and uN.test lines: uN.test's ratings are never used.
#      With both on, the implicit input carries the tn features too.
#   3. Fit part and full uN.base are shuffled deterministically (ml_shuffle:
#      hash of seed and line number, then sort). Every grid setting of every
#      model and loss (for IMPLICIT_RANKS: the ids grid and the implicit grid,
#      so the input is a hyper-parameter too) is trained on the shuffled fit
#      part and scored on the validation part (quantile: 0.5-quantile loss;
#      squared: RMSE); the best setting wins (first one on ties).
#   4. The winner is retrained on the shuffled full uN.base and scored on uN.test.
#   Best constant: median (quantile) or mean (squared) of the uN.base labels.
#   Linear: "rating |u id |i id" without --dotproduct (user bias + item bias + constant).
#   Dyadic k: the same input with --dotproduct ui --rank k; for k in TN_RANKS and
#   IMPLICIT_RANKS the input (ids, tn or implicit) is chosen on validation per fold
#   and loss. "Linear, time + neighbours input" (informational row): the linear model
#   on the tn input, to show how much of the gain is the input's and how much the
#   dyadic term's.
#   "dyadic" in the verdicts and the RESULT line is, per fold and loss, the rank
#   with the best validation score.
# Columns: quantile loss and MAE of the models trained with --loss_function
# quantile (tau 0.5), RMSE of the models trained with squared loss; fold means
# ± sample standard deviations.
# Robustness: first fold, --dotproduct ui --rank 5 --dotproduct_l2 ROBUST_L2,
# -l over ROBUST_RATES (the latent rate follows -l); the test loss must be a
# number and no worse than the best constant.
# Speed: --dotproduct ui --rank 5 versus linear on the first fold's uN.base,
# SPEED_PASSES passes, SPEED_RUNS runs of each alternating (medians of the wall
# times, ratio = median of the paired ratios), per example seen
# (lines x passes, parsing included); target ratio <= 2. Three modes: default
# update with quantile loss (closed form) and with squared loss (numerical
# path), and squared loss with plain SGD as in the dyadic grid (-l 0.002;
# the dyadic run adds --dotproduct_lr 0.006 --dotproduct_l2 0.2).
# Output ends with one machine-readable line:
#   RESULT const_mae=… linear_mae=… dyadic_mae=… linear_rmse=… dyadic_rmse=…
# Exit status 1 when a target fails: dyadic beats linear (MAE and RMSE) on every
# fold, mean quantile MAE <= 0.705 (MAX_MAE), mean squared RMSE <= 0.905 (MAX_RMSE);
# with STRICT=1 also the robustness and speed checks. 2 on a usage error.
#
# Validation versus test. The official uN.test is lines 20000(N-1)+1..20000N of
# u.data (mku.sh), and u.data is not in random order: users enter it
# progressively (user 1 from line 203, user 943 from line 67417), so u1.test
# holds 459 users (ids 1..462) who lose about 40 % of their ratings to it,
# while a random validation cut takes 10 % of every user's ratings (u2..u5.test:
# 653, 869, 923 and 927 users). This shows only on u1 (rank 10: validation MAE
# 0.696 / test 0.720, RMSE 0.890 / 0.920); on u2..u5 the test scores are about
# as good as or better than the validation ones, and the fold means are close
# (MAE 0.711 validation / 0.713 test, RMSE 0.909 / 0.911). The order of u.data
# cannot be recovered from uN.base (sorted by user and item), so the validation
# cut stays a random one.
#
# Tried on validation (fit/validation cuts of u1..u5.base, rank 10, fold means;
# the grid's best is MAE 0.7114 with quantile loss, RMSE 0.9088 with squared),
# none adopted: --decay_learning_rate 0.9 to 0.97, also with higher rates (MAE
# 0.711 to 0.753); 80 or 160 passes (0.718, 0.724: more passes overfit); a
# fresh shuffle every pass (0.7107 / 0.9086); --dotproduct_init 0.2 to 0.7
# (0.712 to 0.717); --l2 on the linear weights, with or without the constant
# (no gain, or much worse); rank 20 or 50 (0.7105 / 0.9071 at best); the
# default adaptive update (0.736 or worse); side information as linear
# features (0.713 to 0.716), in the latent namespaces (0.747 to 0.852), or crossed
# with -q (0.715, 0.734); averaging 5 models of different --random_seed
# (0.7106 / 0.9262 on the quantile runs); bagging with Poisson(1) weights (0.722).
set -euo pipefail

bench_name=movielens
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
self="$here/$(basename "${BASH_SOURCE[0]}")"
source "$here/lib.sh"
source "$here/movielens_lib.sh"

# Worker mode (internal): --job "ID<TAB>TRAIN<TAB>EVAL<TAB>FLAGS". Trains on TRAIN
# (through a binary cache, which only saves parsing on passes 2..n), predicts EVAL, writes "mae rmse qloss nan n seconds" and the metrics of the rounded
# predictions to $ML_WORK/res/ID (two lines); the learner's messages go to ID.log.
if [[ "${1:-}" == "--job" ]]; then
  IFS=$'\t' read -r id train eval flags <<<"$2"
  res="$ML_WORK/res/$id"
  tmp="$ML_WORK/tmp/$id"
  mkdir -p "$tmp"
  # shellcheck disable=SC2086  # flags are words
  {
    t0=$(now_s)
    "$ML_LEARNER" -d "$train" --cache_file "$tmp/cache" -f "$tmp/model" --holdout_off --quiet $flags &&
      t1=$(now_s) &&
      "$ML_LEARNER" -t -i "$tmp/model" -d "$eval" -p "$tmp/preds" --quiet
  } >"$res.log" 2>&1 || {
    echo "[$bench_name] error: job $id failed: $ML_LEARNER -d $train $flags (log: $res.log)" >&2
    tail -n 5 "$res.log" >&2
    exit 1
  }
  {
    m=$(ml_metrics "$eval" "$tmp/preds")
    echo "$m $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", b - a }')"
    ml_metrics_rounded "$eval" "$tmp/preds"
  } >"$res.part"
  mv "$res.part" "$res"
  rm -rf "$tmp"
  exit 0
fi

bench_help "$@"
if (($# > 1)) || [[ "${1:-}" == -* ]]; then
  echo "usage: scripts/bench/movielens.sh [ML100K_DIR]   (--help for details)" >&2
  exit 2
fi

data_dir="${1:-${LEARNER_DATA:-$repo_root/../shared/data}/ml-100k}"
[[ -d "$data_dir" ]] || bench_die "no folder $data_dir; pass the ml-100k folder or set LEARNER_DATA"
read -r -a folds <<<"${FOLDS:-1 2 3 4 5}"
[[ "${SPEED_ONLY:-0}" == 1 ]] && folds=("${folds[0]}")  # the speed check needs the first fold only
read -r -a ranks <<<"${RANKS:-1 2 5 10}"
((${#folds[@]} >= 1 && ${#ranks[@]} >= 1)) || bench_die "FOLDS and RANKS must not be empty"
seed="${SEED:-1}"
valid_fraction="${VALID_FRACTION:-0.1}"
max_mae="${MAX_MAE:-0.705}"
max_rmse="${MAX_RMSE:-0.905}"
jobs="${JOBS:-$(n=$(nproc 2>/dev/null || echo 2); echo $((n > 4 ? 4 : n)))}"
robust_l2="${ROBUST_L2:-0.1}"
robust_passes="${ROBUST_PASSES:-10}"
read -r -a robust_rates <<<"${ROBUST_RATES:-0.01 0.1 1 10}"
speed_passes="${SPEED_PASSES:-20}"
speed_runs="${SPEED_RUNS:-5}"

# Grids: settings separated by ';'; the dyadic grids are used for every rank.
# They come from validation-only experiments on u1 (fit/validation cut of
# u1.base): the linear model does best with the default update; the dyadic
# model does best with plain SGD at a constant rate (--sgd --power_t 0), a
# latent rate a few times the linear one, a fairly strong --dotproduct_l2 and
# 40 passes (about 0.70 validation MAE / 0.895 RMSE against 0.708 / 0.914 with
# the default adaptive update). The last setting of each dyadic grid comes from a
# later sweep at rank 10 on u1 and u3 (-l, --dotproduct_lr, --dotproduct_l2):
# quantile MAE 0.696 / 0.715 against 0.701 / 0.719 with lr 0.03, l2 0.07 (lr 0.05
# to 0.12 or l2 0.1 to 0.15 are worse); squared RMSE 0.8901 / 0.9146 against
# 0.8909 / 0.9158.
grid_q_linear="${GRID_Q_LINEAR:-\
-l 0.1 --passes 20; -l 0.25 --passes 5; -l 0.25 --passes 20; -l 0.5 --passes 5}"
grid_sq_linear="${GRID_SQ_LINEAR:-\
-l 0.1 --passes 20; -l 0.25 --passes 5; -l 0.25 --passes 20; -l 0.5 --passes 5}"
grid_q_dyadic="${GRID_Q_DYADIC:-\
--sgd --power_t 0 -l 0.006 --passes 40 --dotproduct_lr 0.02 --dotproduct_l2 0.03 --dotproduct_init 0.1;\
--sgd --power_t 0 -l 0.006 --passes 40 --dotproduct_lr 0.02 --dotproduct_l2 0.05 --dotproduct_init 0.1;\
--sgd --power_t 0 -l 0.006 --passes 40 --dotproduct_lr 0.03 --dotproduct_l2 0.07 --dotproduct_init 0.1;\
--sgd --power_t 0 -l 0.006 --passes 40 --dotproduct_lr 0.04 --dotproduct_l2 0.07 --dotproduct_init 0.1}"
grid_sq_dyadic="${GRID_SQ_DYADIC:-\
--sgd --power_t 0 -l 0.002 --passes 40 --dotproduct_lr 0.006 --dotproduct_l2 0.1 --dotproduct_init 0.1;\
--sgd --power_t 0 -l 0.002 --passes 40 --dotproduct_lr 0.006 --dotproduct_l2 0.2 --dotproduct_init 0.1;\
--sgd --power_t 0 -l 0.002 --passes 40 --dotproduct_lr 0.012 --dotproduct_l2 0.3 --dotproduct_init 0.1;\
--sgd --power_t 0 -l 0.002 --passes 40 --dotproduct_lr 0.008 --dotproduct_l2 0.25 --dotproduct_init 0.1}"

# split_grid STRING ARRAY: settings of a ';'-separated grid, blanks trimmed.
split_grid() {
  local -n out="$2"
  local item
  out=()
  IFS=';' read -r -a items <<<"$1"
  for item in "${items[@]}"; do
    item="$(echo "$item" | tr -s ' ' | sed 's/^ //; s/ $//')"
    [[ -n "$item" ]] && out+=("$item")
  done
  ((${#out[@]})) || bench_die "empty grid: '$1'"
}
# Implicit-feedback input (SVD++ as data): only for the ranks in IMPLICIT_RANKS, as
# extra grid settings next to the ids-only ones (a run takes 30-60 times longer: about
# 170 features per line instead of 3). Validation-only experiments at rank 10 (u1, u3):
# quantile MAE 0.696 / 0.714 with the implicit input against 0.701 / 0.719 with ids
# only (same setting; --dotproduct_l2 0.05 or 0.1 are worse, and so is
# --dotproduct_lr 0.05: 0.702 on u1) -- but ids only with --dotproduct_lr 0.04 (last
# setting of the ids grid) reaches the same 0.696 / 0.715; squared RMSE 0.8915 against
# 0.8909 on u1 (no gain; lower or higher --dotproduct_l2 are worse). Without --centered
# the runs diverge. With the tn input on (TN_RANKS, below), the implicit input also carries
# the tn features (ids + implicit + user-day + kNN): rank 10, validation RMSE 0.9015 with
# --dotproduct_lr 0.01 (0.9027 with 0.012; tn alone 0.9026), quantile MAE 0.7031 (tn alone
# with -q ik -q uk: 0.7025).
read -r -a implicit_ranks <<<"${IMPLICIT_RANKS-10}"
# time + neighbours input (described with its grids below)
read -r -a tn_ranks <<<"${TN_RANKS-${ranks[*]}}"
user_day_scale="${USER_DAY_SCALE:-0.5}"
neighbors_shrink="${NEIGHBORS_SHRINK:-1000}"
grid_q_implicit="${GRID_Q_IMPLICIT:-\
--sgd --power_t 0 -l 0.006 --passes 40 --dotproduct_lr 0.03 --dotproduct_l2 0.07 --dotproduct_init 0.1}"
grid_sq_implicit="${GRID_SQ_IMPLICIT:-\
--sgd --power_t 0 -l 0.002 --passes 40 --dotproduct_lr $( ((${#tn_ranks[@]})) && echo 0.01 || echo 0.012) --dotproduct_l2 0.3 --dotproduct_init 0.1}"

# Time + neighbours input ("tn"): the ids plus ratings2vw --user-day USER_DAY_SCALE (a bias
# per user and UTC day) and --neighbors SET (the item-kNN estimate of the rating's
# deviation from the baseline, out-of-fold for SET's own ratings), SET = the fit part for
# the fit and validation lines, uN.base for the uN.base and uN.test lines. Tried, as extra
# grid settings next to the ids-only ones, for the ranks in TN_RANKS (default: all), and
# for the linear model in a row of its own (informational: the "Linear" row stays the
# user + item + constant model of the issue). Validation-only experiments (rank 10,
# fit/validation cuts of u1..u5.base, fold means, best single setting): quantile MAE
# 0.7115 with ids only, 0.7084 with the user-day feature alone (value 0.5; 0.2 / 0.3 /
# 1 / 2: 0.7096 / 0.7087 / 0.7095 / 0.7121), 0.7089 with the neighbour feature alone,
# 0.7048 with both; squared RMSE 0.9088 ids, 0.9081 neighbours alone, 0.9026 both. Linear
# on the same input: MAE 0.7205, RMSE 0.9212 (ids: 0.7322 / 0.9357). Tried with it and not
# kept: user-based kNN as a second feature (no gain), item biases per 30-day bin (0.7287),
# the user's position in their rating sequence (0.7158), the number of ratings the user
# gave that day (0.7069 to 0.7102), the user-day feature inside |u (latent, 0.7111), rank
# 20 (0.7056 / 0.9043), item biases per 30-day bin at value 0.2 or 0.4 (no gain), passes
# 30 or 60 (no gain). The tn grids: the lower --dotproduct_l2 settings of the ids grid lose
# 0.003 to 0.02 on this input, stronger ones help squared loss; with quantile loss, a weight
# of the kNN feature per item and per user (-q ik -q uk) helps: MAE 0.7045 -> 0.7024 at rank
# 5, 0.7025 at rank 10, 0.7024 at rank 1 (squared: 0.9027 -> 0.9023; linear: no gain, 0.7065
# -> 0.7064). The linear tn row gets the linear grid, and for quantile loss also with -q ik -q uk.
# The figures above use the kNN shrinkage 100; the shrinkage (and K) were then chosen the same
# way (rank 5, lr 0.01 / l2 0.3 for squared, lr 0.03 / l2 0.07 with -q ik -q uk for quantile):
# RMSE 0.9052 / 0.9027 / 0.9017 / 0.9014 / 0.9012 / 0.9011 / 0.9010 at shrinkage 30 / 100 /
# 300 / 600 / 1000 / 3000 / 30000 (K 20), 0.9025 / 0.9018 at K 10 / 40 (shrinkage 1000); MAE
# 0.7024 / 0.7008 / 0.7005 at shrinkage 100 / 1000 / 3000, 0.7034 / 0.7004 at K 10 / 40.
# Shrinkage 1000 and K 20 are used: larger shrinkages weight the neighbours by co-rater count.
grid_q_tn="${GRID_Q_TN:-\
--sgd --power_t 0 -l 0.006 --passes 40 --dotproduct_lr 0.03 --dotproduct_l2 0.07 --dotproduct_init 0.1;\
--sgd --power_t 0 -l 0.006 --passes 40 --dotproduct_lr 0.04 --dotproduct_l2 0.07 --dotproduct_init 0.1;\
--sgd --power_t 0 -l 0.006 --passes 40 --dotproduct_lr 0.03 --dotproduct_l2 0.07 --dotproduct_init 0.1 -q ik -q uk;\
--sgd --power_t 0 -l 0.006 --passes 40 --dotproduct_lr 0.04 --dotproduct_l2 0.07 --dotproduct_init 0.1 -q ik -q uk}"
grid_sq_tn="${GRID_SQ_TN:-\
--sgd --power_t 0 -l 0.002 --passes 40 --dotproduct_lr 0.012 --dotproduct_l2 0.3 --dotproduct_init 0.1;\
--sgd --power_t 0 -l 0.002 --passes 40 --dotproduct_lr 0.012 --dotproduct_l2 0.35 --dotproduct_init 0.1;\
--sgd --power_t 0 -l 0.002 --passes 40 --dotproduct_lr 0.01 --dotproduct_l2 0.3 --dotproduct_init 0.1}"
grid_q_lintn_extra="${GRID_Q_LINEAR_TN_EXTRA:-\
-l 0.1 --passes 20 -q ik -q uk; -l 0.25 --passes 5 -q ik -q uk}"

split_grid "$grid_q_linear" g_quantile_linear
split_grid "$grid_sq_linear" g_squared_linear
split_grid "$grid_q_dyadic" g_quantile_dyadic
split_grid "$grid_sq_dyadic" g_squared_dyadic
split_grid "$grid_q_implicit" g_quantile_implicit
split_grid "$grid_sq_implicit" g_squared_implicit
split_grid "$grid_q_tn" g_quantile_tn
split_grid "$grid_q_linear; $grid_q_lintn_extra" g_quantile_lintn
split_grid "$grid_sq_linear" g_squared_lintn
split_grid "$grid_sq_tn" g_squared_tn

find_fold_file() { find_data_file "$data_dir" "$1"; }  # fold name, e.g. u1.base (plain or .gz)
for f in "${folds[@]}"; do find_fold_file "u$f.base" >/dev/null; find_fold_file "u$f.test" >/dev/null; done

learner="$(find_learner)"
if [[ -z "${LEARNER_RATINGS:-}" ]]; then  # the converter behind scripts/ratings2vw
  if [[ -x "$(dirname "$learner")/learner-ratings" ]]; then
    LEARNER_RATINGS="$(dirname "$learner")/learner-ratings"
  else
    LEARNER_RATINGS="$(ensure_built learner-ratings)"
  fi
  export LEARNER_RATINGS
fi
work="$(mktemp -d "${TMPDIR:-/tmp}/movielens-bench.XXXXXX")"
if [[ "${KEEP:-0}" == 1 ]]; then
  bench_log "work folder kept: $work"
else
  trap 'rm -rf -- "$work"' EXIT
fi
mkdir -p "$work/res" "$work/tmp"
export ML_LEARNER="$learner" ML_WORK="$work"
t_start=$(now_s)
elapsed() { awk -v a="$t_start" -v b="$(now_s)" 'BEGIN { printf "%.0f", b - a }'; }
bench_log "learner: $learner; data: $data_dir; folds: ${folds[*]}; ranks: ${ranks[*]}; jobs: $jobs"

# ---- 1. data: convert, split, shuffle (one background job per fold) ----
# append_tn_tail IMP_VW TN_VW: give each line of IMP_VW (ids + implicit) the tail of the
# same line of TN_VW from " |d " on (user-day and kNN features, which ratings2vw writes
# last), so that the kNN helper runs once per file instead of once per input.
append_tn_tail() {
  awk -v tn="$2" '
    FILENAME == tn { k = index($0, " |d "); if (!k) exit 1; tail[FNR] = substr($0, k); n = FNR; next }
    { if (!(FNR in tail)) exit 1; print $0 tail[FNR]; m = FNR }
    END { if (m != n) exit 1 }' "$2" "$1" >"$1.part" && mv "$1.part" "$1"
}
prepare_fold() {
  local f="$1" d="$work/u$1"
  mkdir -p "$d"
  local base test r2v="$repo_root/scripts/ratings2vw" i out x
  base="$(find_fold_file "u$f.base")"
  test="$(find_fold_file "u$f.test")"
  zcat -f -- "$base" >"$d/base.tsv"
  "$repo_root/scripts/split" --quiet --seed "$seed" --test-fraction "$valid_fraction" \
    --train "$d/fit.tsv" --test "$d/valid.tsv" "$d/base.tsv"
  # Each part is converted against a set of ratings (the implicit items, the kNN
  # reference): the fit part for the fit and validation lines, uN.base for the
  # uN.base and uN.test lines. With the tn input on, the implicit input carries
  # its features too.
  local names=(fit valid base test) srcs=("$d/fit.tsv" "$d/valid.tsv" "$d/base.tsv" "$test")
  local sets=("$d/fit.tsv" "$d/fit.tsv" "$d/base.tsv" "$d/base.tsv")
  for i in 0 1 2 3; do
    out="$d/${names[i]}"
    "$r2v" "${srcs[i]}" >"$out.vw"
    if ((${#tn_ranks[@]})); then
      "$r2v" --user-day "$user_day_scale" --neighbors-shrink "$neighbors_shrink" \
        --neighbors "${sets[i]}" "${srcs[i]}" >"$out.tn.vw"
    fi
    if ((${#implicit_ranks[@]})); then
      "$r2v" --implicit "${sets[i]}" --centered "${srcs[i]}" >"$out.imp.vw"
      if ((${#tn_ranks[@]})); then append_tn_tail "$out.imp.vw" "$out.tn.vw" || return 1; fi
    fi
  done
  for x in "" .tn .imp; do  # ids, tn, implicit: shuffled fit part and uN.base
    [[ -e "$d/fit$x.vw" ]] || continue
    ml_shuffle "$seed" "$d/fit$x.vw" "$d/fit$x.shuf.vw"
    ml_shuffle "$seed" "$d/base$x.vw" "$d/base$x.shuf.vw"
    if [[ -n "$x" ]]; then rm -f "$d/fit$x.vw" "$d/base$x.vw"; fi  # base.vw stays: the best constant reads it
    [[ -s "$d/valid$x.vw" && -s "$d/fit$x.shuf.vw" && -s "$d/test$x.vw" ]] || return 1
  done
}
pids=()
for f in "${folds[@]}"; do prepare_fold "$f" & pids+=($!); done
for p in "${pids[@]}"; do wait "$p" || bench_die "data preparation failed"; done
for f in "${folds[@]}"; do
  bench_log "u$f: $(wc -l <"$work/u$f/fit.vw") fit + $(wc -l <"$work/u$f/valid.vw") validation" \
    "lines from u$f.base; $(wc -l <"$work/u$f/test.vw") test lines"
done

# run_jobs FILE: run the job lines of FILE (ID<TAB>TRAIN<TAB>EVAL<TAB>FLAGS), JOBS at a time.
run_jobs() {
  local n
  n=$(wc -l <"$1")
  bench_log "running $n learner jobs ($jobs in parallel) [$(elapsed) s]"
  xargs -d '\n' -n 1 -P "$jobs" bash "$self" --job <"$1" || bench_die "some learner jobs failed"
}
models=(linear)
((${#tn_ranks[@]})) && models+=(lintn)  # linear on the time + neighbours input (informational)
for k in "${ranks[@]}"; do models+=("k$k"); done
model_flags() {  # model -> flags that define it
  case "$1" in
    linear | lintn) echo "" ;;
    k*) echo "--dotproduct ui --rank ${1#k}" ;;
  esac
}
loss_flags() { echo "--loss_function $1"; }
grid_of() {  # loss model -> name of the grid array
  case "$2" in
    linear) echo "g_$1_linear" ;;
    lintn) echo "g_$1_lintn" ;;
    *) echo "g_$1_dyadic" ;;
  esac
}
rank_listed() {  # MODEL RANKS_ARRAY: is MODEL a dyadic rank (kN) listed in the array?
  local -n listed="$2"
  local k
  [[ "$1" == k* ]] || return 1
  for k in "${listed[@]}"; do [[ "k$k" == "$1" ]] && return 0; done
  return 1
}
has_implicit() { rank_listed "$1" implicit_ranks; }  # model: is the implicit input tried for it?
has_tn() { rank_listed "$1" tn_ranks; }              # ... the time + neighbours input?
# candidates LOSS MODEL: cand_in[] (input: ids, tn or imp) and cand_fl[] (flags), the grid
# settings tried on validation: the ids-only grid, then the tn grid and the implicit grid
# if any (lintn: the linear grid on the tn input).
candidates() {
  local x gname
  gname="$(grid_of "$1" "$2")"
  local -n g_ids="$gname"
  cand_in=(); cand_fl=()
  if [[ "$2" == lintn ]]; then
    for x in "${g_ids[@]}"; do cand_in+=(tn); cand_fl+=("$x"); done
    return 0
  fi
  for x in "${g_ids[@]}"; do cand_in+=(ids); cand_fl+=("$x"); done
  if has_tn "$2"; then
    local -n g_tn="g_$1_tn"
    for x in "${g_tn[@]}"; do cand_in+=(tn); cand_fl+=("$x"); done
  fi
  if has_implicit "$2"; then
    local -n g_imp="g_$1_implicit"
    for x in "${g_imp[@]}"; do cand_in+=(imp); cand_fl+=("$x"); done
  fi
}
sfx() { [[ "$1" == ids ]] || echo ".$1"; return 0; }  # input -> file name infix (.imp, .tn)

# Speed check (section 4): learner time per example, --dotproduct ui --rank 5 against
# linear, on the first fold's shuffled training part.
f1="${folds[0]}"
speed_file="$work/u$f1/base.shuf.vw"
speed_lines=$(wc -l <"$speed_file")
declare -A speed
speed_modes=(quantile squared sgd)
# one_time FLAGS...: wall seconds of one training on speed_file.
one_time() {
  local t0 t1
  t0=$(now_s)
  "$learner" -d "$speed_file" --passes "$speed_passes" --holdout_off --quiet "$@" >/dev/null 2>&1 ||
    bench_die "speed run failed: $learner -d $speed_file --passes $speed_passes $*"
  t1=$(now_s)
  awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.4f", b - a }'
}
median() { printf '%s\n' "$@" | LC_ALL=C sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
# Linear and dyadic runs alternate (so that a drift in machine speed hits both
# alike); the ratio reported is the median of the SPEED_RUNS paired ratios.
measure_speed() {
  local i lin dy lins dys ratios
  bench_log "speed: $speed_passes passes over $speed_lines lines, $speed_runs paired runs [$(elapsed) s]"
  "$learner" -d "$speed_file" --quiet >/dev/null 2>&1 || true  # warm the page cache
  for mode in "${speed_modes[@]}"; do
    case "$mode" in
      sgd) mflags=(--loss_function squared --sgd --power_t 0 -l 0.002)
        dflags=(--dotproduct_lr 0.006 --dotproduct_l2 0.2) ;;
      *) mflags=(--loss_function "$mode"); dflags=() ;;
    esac
    lins=(); dys=(); ratios=()
    for ((i = 0; i < speed_runs; i++)); do
      lin=$(one_time "${mflags[@]}")
      dy=$(one_time "${mflags[@]}" --dotproduct ui --rank 5 "${dflags[@]}")
      lins+=("$lin"); dys+=("$dy")
      ratios+=("$(awk -v l="$lin" -v d="$dy" 'BEGIN { printf "%.4f", d / l }')")
    done
    speed["$mode.linear"]=$(median "${lins[@]}")
    speed["$mode.k5"]=$(median "${dys[@]}")
    speed["$mode.ratio"]=$(median "${ratios[@]}")
  done
}

report_speed() {  # prints the speed block; speed_fail=1 when a ratio is above 2
  echo
  echo "### Speed: u$f1 training part ($speed_lines lines) x $speed_passes passes, medians of $speed_runs paired runs"
  speed_fail=0
  for loss in "${speed_modes[@]}"; do
    lin=${speed[$loss.linear]}; dy=${speed[$loss.k5]}
    line=$(awk -v l="$lin" -v d="$dy" -v r="${speed[$loss.ratio]}" -v n="$((speed_lines * speed_passes))" -v loss="$loss" 'BEGIN {
      printf "speed %-8s linear %.3f us/example (%.2f s), --dotproduct ui --rank 5 %.3f us/example (%.2f s), ratio %.2f (target <= 2) %s",
        loss, 1e6 * l / n, l, 1e6 * d / n, d, r, (r <= 2 ? "ok" : "FAIL") }')
    echo "$line"
    [[ "$line" == *FAIL ]] && speed_fail=1
  done
  return 0
}

if [[ "${SPEED_ONLY:-0}" == 1 ]]; then
  measure_speed
  status=0
  report_speed
  ((speed_fail)) && status=1
  exit "$status"
fi

# ---- 2. validation grid ----
: >"$work/jobs.val"
for loss in squared quantile; do
  for ((mi = ${#models[@]} - 1; mi >= 0; mi--)); do  # expensive (high rank) first
    model="${models[mi]}"
    candidates "$loss" "$model"
    for f in "${folds[@]}"; do
      for gi in "${!cand_fl[@]}"; do
        x="$(sfx "${cand_in[gi]}")"
        printf 'u%s.%s.%s.g%d\t%s\t%s\t%s %s %s\n' "$f" "$loss" "$model" "$gi" \
          "$work/u$f/fit$x.shuf.vw" "$work/u$f/valid$x.vw" \
          "$(loss_flags "$loss")" "$(model_flags "$model")" "${cand_fl[gi]}" >>"$work/jobs.val"
      done
    done
  done
done
# implicit runs (the slowest) first, so that the parallel slots stay busy to the end
{ grep -F '.imp.' "$work/jobs.val" || true; grep -vF '.imp.' "$work/jobs.val" || true; } >"$work/jobs.val.sorted"
run_jobs "$work/jobs.val.sorted"

# metric_of RESULT_FILE loss: the validation criterion (quantile: qloss; squared: rmse).
metric_of() { awk -v loss="$2" 'NR == 1 { print (loss == "quantile" ? $3 : $2) }' "$1"; }
declare -A chosen chosen_in chosen_val
for f in "${folds[@]}"; do
  for loss in quantile squared; do
    for model in "${models[@]}"; do
      candidates "$loss" "$model"
      best=""; best_gi=0
      for gi in "${!cand_fl[@]}"; do
        v=$(metric_of "$work/res/u$f.$loss.$model.g$gi" "$loss")
        if [[ -z "$best" ]] || awk -v a="$v" -v b="$best" 'BEGIN { exit !(a + 0 < b + 0) }'; then
          best="$v"; best_gi="$gi"
        fi
      done
      chosen["$f.$loss.$model"]="${cand_fl[best_gi]}"
      chosen_in["$f.$loss.$model"]="${cand_in[best_gi]}"
      chosen_val["$f.$loss.$model"]="$best"
    done
  done
done

# ---- 3. retrain on the full training part, test; robustness runs ----
: >"$work/jobs.test"
for loss in squared quantile; do
  for ((mi = ${#models[@]} - 1; mi >= 0; mi--)); do
    model="${models[mi]}"
    for f in "${folds[@]}"; do
      x="$(sfx "${chosen_in[$f.$loss.$model]}")"
      printf 'u%s.%s.%s.test\t%s\t%s\t%s %s %s\n' "$f" "$loss" "$model" \
        "$work/u$f/base$x.shuf.vw" "$work/u$f/test$x.vw" \
        "$(loss_flags "$loss")" "$(model_flags "$model")" "${chosen[$f.$loss.$model]}" >>"$work/jobs.test"
    done
  done
done
for loss in quantile squared; do
  for lr in "${robust_rates[@]}"; do
    printf 'robust.%s.l%s\t%s\t%s\t%s --dotproduct ui --rank 5 --dotproduct_l2 %s --passes %s -l %s\n' \
      "$loss" "$lr" "$work/u$f1/base.shuf.vw" "$work/u$f1/test.vw" "$(loss_flags "$loss")" \
      "$robust_l2" "$robust_passes" "$lr" >>"$work/jobs.test"
  done
done
{ grep -F '.imp.' "$work/jobs.test" || true; grep -vF '.imp.' "$work/jobs.test" || true; } >"$work/jobs.test.sorted"
run_jobs "$work/jobs.test.sorted"

# ---- 4. speed (alone on the machine, after the parallel phases) ----
measure_speed

# ---- 5. report ----
field() { awk -v c="$2" 'NR == 1 { print $c }' "$1"; }  # field of the first result line
rfield() { awk -v c="$2" 'NR == 2 { print $c }' "$1"; }  # field of the rounded-prediction line
declare -A test_qloss test_mae test_rmse const_q const_m dy_q dy_s
for f in "${folds[@]}"; do
  med=$(ml_constant median "$work/u$f/base.vw")
  mean=$(ml_constant mean "$work/u$f/base.vw")
  read -r const_mae_f _ const_q_f _ <<<"$(ml_constant_metrics "$med" "$work/u$f/test.vw")"
  read -r _ const_rmse_f _ <<<"$(ml_constant_metrics "$mean" "$work/u$f/test.vw")"
  test_qloss["$f.const"]=$const_q_f; test_mae["$f.const"]=$const_mae_f; test_rmse["$f.const"]=$const_rmse_f
  const_q["$f"]=$med; const_m["$f"]=$mean
  for model in "${models[@]}"; do
    test_qloss["$f.$model"]=$(field "$work/res/u$f.quantile.$model.test" 3)
    test_mae["$f.$model"]=$(field "$work/res/u$f.quantile.$model.test" 1)
    test_rmse["$f.$model"]=$(field "$work/res/u$f.squared.$model.test" 2)
  done
  # dyadic = the rank with the best validation score (per loss)
  for loss in quantile squared; do
    best=""; bm=""
    for k in "${ranks[@]}"; do
      v="${chosen_val[$f.$loss.k$k]}"
      if [[ -z "$best" ]] || awk -v a="$v" -v b="$best" 'BEGIN { exit !(a + 0 < b + 0) }'; then best="$v"; bm="k$k"; fi
    done
    if [[ "$loss" == quantile ]]; then
      test_qloss["$f.dyadic"]=${test_qloss[$f.$bm]}; test_mae["$f.dyadic"]=${test_mae[$f.$bm]}; dy_q["$f"]=$bm
    else
      test_rmse["$f.dyadic"]=${test_rmse[$f.$bm]}; dy_s["$f"]=$bm
    fi
  done
done

# cell ARRAY ROWKEY: "mean ± sd" over the folds.
cell() {
  local -n arr="$1"
  local vals=() f m s
  for f in "${folds[@]}"; do vals+=("${arr[$f.$2]}"); done
  read -r m s <<<"$(ml_mean_sd "${vals[@]}")"
  echo "$m ± $s"
}
mean_of() { local c; c="$(cell "$1" "$2")"; echo "${c%% ±*}"; }

echo
fold_names="$(printf 'u%s ' "${folds[@]}")"
echo "## MovieLens 100K, folds ${fold_names% }: test loss, mean ± sd over folds"
echo
echo "| Model | 0.5-quantile loss | MAE | RMSE | Comments |"
echo "|---|---|---|---|---|"
echo "| Best constant | $(cell test_qloss const) | $(cell test_mae const) | $(cell test_rmse const) | median (quantile) / mean (squared) of the training labels |"
echo "| Linear | $(cell test_qloss linear) | $(cell test_mae linear) | $(cell test_rmse linear) | prediction is α_user + β_item + c |"
if ((${#tn_ranks[@]})); then
  echo "| Linear, time + neighbours input | $(cell test_qloss lintn) | $(cell test_mae lintn) | $(cell test_rmse lintn) | α_user + β_item + c + user-day bias + w·kNN (informational) |"
fi
for k in "${ranks[@]}"; do
  echo "| Dyadic k=$k | $(cell test_qloss "k$k") | $(cell test_mae "k$k") | $(cell test_rmse "k$k") | a_user·b_item (k-vectors) + α_user + β_item + c$(has_tn "k$k" && echo "; input chosen on validation") |"
done
echo "| Dyadic, k chosen on validation | $(cell test_qloss dyadic) | $(cell test_mae dyadic) | $(cell test_rmse dyadic) | per fold and loss |"
echo
echo "Quantile loss and MAE: models trained with --loss_function quantile; RMSE: trained with squared loss."
echo "Hyper-parameters chosen per fold, loss and model on a ${valid_fraction} validation cut of uN.base (seed $seed)."
if ((${#tn_ranks[@]})); then
  echo "Inputs: ids (\"rating |u USER |i ITEM\"), tn (ids + ratings2vw --user-day $user_day_scale --neighbors-shrink $neighbors_shrink --neighbors, for k in ${tn_ranks[*]})$( ((${#implicit_ranks[@]})) && echo ", imp (tn + SVD++ implicit feedback, for k in ${implicit_ranks[*]})"); see Chosen settings."
fi

echo
echo "### Dyadic versus linear, per fold (test)"
status=0
declare -A beats
for f in "${folds[@]}"; do
  ok_mae=$(awk -v d="${test_mae[$f.dyadic]}" -v l="${test_mae[$f.linear]}" 'BEGIN { print (d + 0 < l + 0) ? "yes" : "NO" }')
  ok_rmse=$(awk -v d="${test_rmse[$f.dyadic]}" -v l="${test_rmse[$f.linear]}" 'BEGIN { print (d + 0 < l + 0) ? "yes" : "NO" }')
  verdict=PASS
  [[ "$ok_mae" == yes && "$ok_rmse" == yes ]] || { verdict=FAIL; status=1; }
  printf 'u%s: MAE linear %.4f vs dyadic(%s) %.4f beats=%s | RMSE linear %.4f vs dyadic(%s) %.4f beats=%s -> %s\n' \
    "$f" "${test_mae[$f.linear]}" "${dy_q[$f]}" "${test_mae[$f.dyadic]}" "$ok_mae" \
    "${test_rmse[$f.linear]}" "${dy_s[$f]}" "${test_rmse[$f.dyadic]}" "$ok_rmse" "$verdict"
done

if ((${#tn_ranks[@]})); then
  echo
  echo "### Dyadic versus linear on the same time + neighbours input, per fold (test, informational)"
  for f in "${folds[@]}"; do
    printf 'u%s: MAE linear-tn %.4f vs dyadic(%s) %.4f | RMSE linear-tn %.4f vs dyadic(%s) %.4f\n' \
      "$f" "${test_mae[$f.lintn]}" "${dy_q[$f]}" "${test_mae[$f.dyadic]}" \
      "${test_rmse[$f.lintn]}" "${dy_s[$f]}" "${test_rmse[$f.dyadic]}"
  done
fi

echo
echo "### Chosen settings (validation score: quantile loss / RMSE)"
for f in "${folds[@]}"; do
  for loss in quantile squared; do
    for model in "${models[@]}"; do
      printf 'u%s %-8s %-6s %-3s val=%.4f  %s\n' "$f" "$loss" "$model" "${chosen_in[$f.$loss.$model]}" \
        "${chosen_val[$f.$loss.$model]}" "${chosen[$f.$loss.$model]}"
    done
  done
done

echo
echo "### Robustness: u$f1, --dotproduct ui --rank 5 --dotproduct_l2 $robust_l2 --passes $robust_passes, latent rate = -l"
echo
echo "| -l | quantile: 0.5-quantile loss | vs constant ${test_qloss[$f1.const]} | squared: RMSE | vs constant ${test_rmse[$f1.const]} |"
echo "|---|---|---|---|---|"
robust_fail=0
for lr in "${robust_rates[@]}"; do
  rq="$work/res/robust.quantile.l$lr"; rs="$work/res/robust.squared.l$lr"
  q=$(field "$rq" 3); qn=$(field "$rq" 4); s=$(field "$rs" 2); sn=$(field "$rs" 4)
  okq=$(awk -v v="$q" -v n="$qn" -v c="${test_qloss[$f1.const]}" 'BEGIN { print (n == 0 && v + 0 <= c + 0) ? "ok" : "FAIL" }')
  oks=$(awk -v v="$s" -v n="$sn" -v c="${test_rmse[$f1.const]}" 'BEGIN { print (n == 0 && v + 0 <= c + 0) ? "ok" : "FAIL" }')
  [[ "$okq" == ok && "$oks" == ok ]] || robust_fail=1
  printf '| %s | %.4f%s | %s | %.4f%s | %s |\n' "$lr" "$q" "$( ((qn > 0)) && echo " ($qn NaN)")" "$okq" \
    "$s" "$( ((sn > 0)) && echo " ($sn NaN)")" "$oks"
done
if ((robust_fail)); then
  echo "FLAG: robustness check failed (NaN or worse than the best constant)"
  [[ "${STRICT:-0}" == 1 ]] && status=1
fi

report_speed
if ((speed_fail)); then
  echo "FLAG: speed ratio above 2"
  [[ "${STRICT:-0}" == 1 ]] && status=1
fi

echo
mae_q=$(mean_of test_mae dyadic); rmse_s=$(mean_of test_rmse dyadic)
echo "Informational: MAE of the quantile models' test predictions rounded to the nearest integer:" \
  "linear $(for f in "${folds[@]}"; do rfield "$work/res/u$f.quantile.linear.test" 1; done | awk '{ s += $1; n++ } END { printf "%.4f", s / n }')," \
  "dyadic $(for f in "${folds[@]}"; do rfield "$work/res/u$f.quantile.${dy_q[$f]}.test" 1; done | awk '{ s += $1; n++ } END { printf "%.4f", s / n }')" \
  "(not used for the targets)"
if awk -v a="$mae_q" -v m="$max_mae" 'BEGIN { exit !(a + 0 > m + 0) }'; then
  echo "FAIL: mean dyadic MAE (quantile loss) $mae_q > $max_mae"; status=1
fi
if awk -v a="$rmse_s" -v m="$max_rmse" 'BEGIN { exit !(a + 0 > m + 0) }'; then
  echo "FAIL: mean dyadic RMSE (squared loss) $rmse_s > $max_rmse"; status=1
fi
((status)) || echo "PASS: all targets met"
echo "total run time: $(elapsed) s"
echo "RESULT const_mae=$(mean_of test_mae const) linear_mae=$(mean_of test_mae linear) dyadic_mae=$mae_q" \
  "linear_rmse=$(mean_of test_rmse linear) dyadic_rmse=$rmse_s"
exit "$status"
