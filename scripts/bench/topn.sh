#!/usr/bin/env bash
# shellcheck source-path=SCRIPTDIR disable=SC2034  # bench_name is used by lib.sh
# topn.sh: top-N recommendation benchmark (issue 30): the ranking-trained dyadic model
# (learner-topn --loss gramian, the whole-catalogue loss) beside the rating-trained dyadic model,
# learner-bpmf's posterior mean, popularity, item-kNN and implicit ALS, on two protocols:
# random folds (relevant = held-out items rated >= 4; P, R, NDCG, MAP, hit rate, coverage @10)
# and leave-one-out (He et al. 2017: last pair by time among 99 sampled items; HR@10, NDCG@10).
#
# Usage: scripts/bench/topn.sh [DATA_DIR]
#   DATA_DIR   folder with u1..u5 .base/.test (plus u.data for leave-one-out) or with ratings.dat
#              [default: ${LEARNER_DATA:-<repo>/../shared/data}/ml-100k]
# Environment:
#   LEARNER_TOPN, LEARNER_BPMF   the tools [default: <repo>/build/..., built if absent]
#   OUT_DIR=path     results folder [default: <repo>/build/bench/topn]
#   TOPN_FOLDS       folds to run [default: "1 2 3 4 5"]
#   TOPN_TUNE=0      no validation grids: every row runs its first grid point (a second data set)
#   TOPN_SET         "row:option=value ..." overrides of the table (scripts/bench/topn/experiments.py)
#   TOPN_SETTINGS_FROM=results.json   run each row with the settings another run chose (a second
#                    data set: nothing is tuned on it)
#   TOPN_SEED        seed of the cuts, negatives and starts [default: 1]
# Settings are chosen on validation cuts of the training data, never on the test pairs.
# Prints both tables, writes OUT_DIR/results.json, table.md and plot.png (gnuplot), and ends with
#   RESULT ROW_p10=… ROW_ndcg10=… ROW_hr10=… ROW_loo_ndcg10=… for ROW in dyadic rating_dyadic bpmf pop knn ials
set -euo pipefail

bench_name=topn
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source "$here/lib.sh"

bench_help "$@"
if (($# > 1)) || [[ "${1:-}" == -* ]]; then
  echo "usage: scripts/bench/topn.sh [DATA_DIR]   (--help for details)" >&2
  exit 2
fi
data_dir="${1:-${LEARNER_DATA:-$repo_root/../shared/data}/ml-100k}"
[[ -d "$data_dir" ]] || bench_die "no folder $data_dir; pass the ml-100k folder or set LEARNER_DATA"
[[ -n "${LEARNER_TOPN:-}" ]] || LEARNER_TOPN="$(ensure_built learner-topn)"
[[ -n "${LEARNER_BPMF:-}" ]] || LEARNER_BPMF="$(dirname "$LEARNER_TOPN")/learner-bpmf"
[[ -x "$LEARNER_BPMF" ]] || LEARNER_BPMF="$(ensure_built learner-bpmf)"
export LEARNER_TOPN LEARNER_BPMF
out_dir="${OUT_DIR:-$repo_root/build/bench/topn}"
exec python3 "$here/topn" "$data_dir" "$out_dir"
