#!/usr/bin/env bash
# shellcheck source-path=SCRIPTDIR disable=SC2034  # bench_name is used by lib.sh
# movielens.sh: rating-prediction benchmark of the dyadic model (--dotproduct ui) on the five
# MovieLens 100K folds u1..u5, in the layout of the seed's table (best constant, linear,
# dyadic k = 1, 2, 5, 10, and the dyadic model sampled by Gibbs, learner-bpmf), with libFM,
# LIBMF, LFL and seed 004's spectral predictor beside it.
#
# Usage: scripts/bench/movielens.sh [DATA_DIR]
#   DATA_DIR   folder with u1.base/u1.test .. u5.base/u5.test (tab-separated user item rating
#              timestamp, plain or .gz), or with ratings.dat (user::item::rating::time, cut into
#              five folds) [default: ${LEARNER_DATA:-<repo>/../shared/data}/ml-100k]
# Environment:
#   LEARNER=path          learner binary [default: <repo>/build/learner, built if absent]
#   LEARNER_RATINGS, LEARNER_LFL, LEARNER_SPECTRAL, LEARNER_BPMF   the converter, learner-lfl,
#                         learner-spectral and learner-bpmf [default: next to the learner, built if absent]
#   LIBFM=path            libFM binary: adds its MCMC (k = 8, 32), ALS and SGD rows
#   LIBMF=path            LIBMF's mf-train (mf-predict beside it): adds its rows
#   OUT_DIR=path          results folder [default: <repo>/build/bench/movielens]
#   JOBS=n                parallel runs [default: nproc, at most 4]
#   FOLDS, RANKS, SEED, VALID_FRACTION, TN_RANKS, QUALITY_RANKS, IMPLICIT_RANKS, USER_DAY_SCALE,
#   NEIGHBORS_SHRINK, COMPARISON_ROWS, BAYES_ROWS, GRID_*, ROBUST_*, SPEED_PASSES, SPEED_RUNS, MAX_MAE, MAX_RMSE
#                         the experiment table's settings (scripts/bench/movielens/experiments.py)
#   STRICT=1              also fail when the robustness or the speed check fails
#   SPEED_ONLY=1          run the speed check alone (first fold; exit 1 when a ratio is above 2)
#   KEEP=1                keep the work folder (data, logs); a failed run keeps it anyway
#
# The driver is scripts/bench/movielens/ (Python 3, standard library): the experiment table is
# experiments.py, the protocol __main__.py, the metrics metrics.py (tested in tests/bench_py).
# Protocol, grids and the research log behind them: docs/movielens-benchmark.md.
# Each finished job is logged on stderr ("validation 3/40 u1.squared.k10.g2: RMSE … MAE … (4.1 s)").
# Writes OUT_DIR/results.json, results.csv, table.md, commands.log and plot.png (gnuplot: test MAE
# and RMSE per model, the mean over the folds with their range; plot.dat and plot.gp beside it);
# prints the report (one fold: its figures, no spread), which ends with
#   RESULT const_mae=… linear_mae=… dyadic_mae=… linear_rmse=… dyadic_rmse=… dyadic_ids_rmse=… dyadic_ids_mae=…
#          [bayes_ids_rmse=… bayes_ids_mae=… bayes_imp_rmse=… bayes_imp_mae=…]   (learner-bpmf's rows)
# Exit status 1 when a target fails: dyadic beats linear (MAE and RMSE) on every fold, mean
# quantile MAE <= MAX_MAE (0.705), mean squared RMSE <= MAX_RMSE (0.905); with STRICT=1 also
# the robustness and speed checks. 2 on a usage error.
set -euo pipefail

bench_name=movielens
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source "$here/lib.sh"

bench_help "$@"
if (($# > 1)) || [[ "${1:-}" == -* ]]; then
  echo "usage: scripts/bench/movielens.sh [DATA_DIR]   (--help for details)" >&2
  exit 2
fi
data_dir="${1:-${LEARNER_DATA:-$repo_root/../shared/data}/ml-100k}"
[[ -d "$data_dir" ]] || bench_die "no folder $data_dir; pass the ml-100k folder or set LEARNER_DATA"

LEARNER="$(find_learner)"
export LEARNER
# tool VAR TARGET: $VAR, else TARGET next to the learner, else built.
tool() {
  local -n var="$1"
  if [[ -z "${var:-}" ]]; then
    if [[ -x "$(dirname "$LEARNER")/$2" ]]; then var="$(dirname "$LEARNER")/$2"; else var="$(ensure_built "$2")"; fi
  fi
  export "${1?}"
}
tool LEARNER_RATINGS learner-ratings
tool LEARNER_LFL learner-lfl
tool LEARNER_SPECTRAL learner-spectral
tool LEARNER_BPMF learner-bpmf
out_dir="${OUT_DIR:-$repo_root/build/bench/movielens}"
exec python3 "$here/movielens" "$data_dir" "$out_dir"
