#!/usr/bin/env bash
# shellcheck source-path=SCRIPTDIR disable=SC2034,SC2154  # bench_name, repo_root shared with lib.sh
# ratings_multiclass.sh: MovieLens 100K ratings as a 5-class problem (the
# rating is the class), in the shape of the seed's second experiment (part II:
# best constant, linear, dyadic k = 1, 2, 3; 0/1 loss on test), with the
# scoring filter tree and hinge loss as there, and with one-against-all.
#
# Usage: scripts/bench/ratings_multiclass.sh [ML100K_DIR]
#   ML100K_DIR        folder with u1.base/u1.test .. u5.base/u5.test
#                     [default: ${LEARNER_DATA:-<repo>/../shared/data}/ml-100k]
# Environment:
#   LEARNER=path      learner binary [default: <repo>/build/learner, built if absent]
#   JOBS=n            parallel learner runs [default: nproc]
#   FOLDS="1 2 3 4 5" folds;  RANKS="1 2 3" dyadic ranks (one row each)
#   SEED=1            seed of the validation cut and of the shuffles
#   VALID_FRACTION=0.1  share of uN.base held out to choose the settings
#   GRID_SFT="-l 0.25 --passes 4; -l 0.25 --passes 8; -l 0.5 --passes 4; -l 0.5 --passes 8"
#   GRID_OAA="-l 0.25 --passes 4; -l 0.5 --passes 4"
#                     settings tried for every model of each reduction (separated by ';'); the
#                     OAA grid is smaller because logistic loss on the dyadic path integrates an
#                     ODE per class and example (about 8x the time of hinge's closed form)
#   KEEP=1            keep the work folder
#
# The driver is scripts/bench/ratings_multiclass/ (Python; the table and grids in experiments.py).
# Protocol, per fold uN:
#   1. scripts/ratings2vw uN.base, uN.test -> "rating |u USER |i ITEM"; the rating 1..5 is the class.
#   2. scripts/split --seed SEED --test-fraction VALID_FRACTION cuts a validation part
#      from uN.base (uN.test is not read before step 4); fit part and full uN.base are
#      shuffled deterministically (the movielens driver's data preparation).
#   3. Every model below, with every setting of its grid (always --holdout_off), is trained on the
#      fit part and scored on the validation part; the lowest validation 0/1 loss wins
#      (first on ties).
#   4. The winner is retrained on the full shuffled uN.base; 0/1 loss on uN.test.
# Models, for each of the two reductions
#   sft  --scoring_filter_tree 5 --loss_function hinge   (the seed's)
#   oaa  --oaa 5 --loss_function logistic
# linear: "|u id |i id" (per class: user bias + item bias + constant); dyadic k: the same
# with --dotproduct ui --rank k; "dyadic" (the verdict and the RESULT line) is, per fold,
# the rank with the best validation loss. Best constant: the most frequent class of uN.base.
# Output: the table (fold means ± sample sd), per-fold verdicts, chosen settings, and
#   RESULT const_01=… linear_01=… dyadic_01=…   (scoring filter tree, fold means)
# Exit status 1 when the scoring filter tree's dyadic 0/1 loss is not below its linear one
# (fold means), or on any error; 2 on a usage error.
set -euo pipefail

bench_name=ratings_multiclass
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source "$here/lib.sh"

bench_help "$@"
if (($# > 1)) || [[ "${1:-}" == -* ]]; then
  echo "usage: scripts/bench/ratings_multiclass.sh [ML100K_DIR]   (--help for details)" >&2
  exit 2
fi
data_dir="${1:-${LEARNER_DATA:-$repo_root/../shared/data}/ml-100k}"
[[ -d "$data_dir" ]] || bench_die "no folder $data_dir; pass the ml-100k folder or set LEARNER_DATA"
LEARNER="$(find_learner)"
if [[ -z "${LEARNER_RATINGS:-}" ]]; then  # the converter behind scripts/ratings2vw
  LEARNER_RATINGS="$(dirname "$LEARNER")/learner-ratings"
  [[ -x "$LEARNER_RATINGS" ]] || LEARNER_RATINGS="$(ensure_built learner-ratings)"
fi
export LEARNER LEARNER_RATINGS
exec python3 "$here/ratings_multiclass" "$data_dir"
