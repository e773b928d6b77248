#!/usr/bin/env bash
# Seed 004's spectral predictor (learner-spectral) on the MovieLens 100K folds u1..u5.
# Per fold and per row (monomial orders 1, 2, 3; Chebyshev order 3), rank, filter threshold,
# ridge and the reading of the query's 1 are chosen on a 10% validation cut of uN.base
# (learner-spectral's grid); uN.test only scores the refitted choice.
#
#   scripts/bench/spectral.sh [ML100K_DIR]     (default ${LEARNER_DATA:-../shared/data}/ml-100k)
#
# Prints one RESULT line per fold and row (wall_seconds: grid search + final fit + prediction),
# then per row the mean RMSE / MAE / final-fit time. Figures and analysis: docs/spectral.md.
# Settings: SPECTRAL (the tool, default build/learner-spectral), RANKS, THRESHOLDS, RIDGES.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
data="${1:-${LEARNER_DATA:-$root/../shared/data}/ml-100k}"
tool="${SPECTRAL:-$root/build/learner-spectral}"
[[ -x "$tool" ]] || { echo "spectral.sh: no $tool (cmake --build build --target learner-spectral)" >&2; exit 2; }
ranks="${RANKS:-2,5,10,20}"
thresholds="${THRESHOLDS:-5,20,1000000}"
ridges="${RIDGES:-1,10,100}"
out="$(mktemp -d "${TMPDIR:-/tmp}/spectral.XXXXXX")"
trap 'rm -rf -- "$out"' EXIT
for row in "monomial 1" "monomial 2" "monomial 3" "chebyshev 3"; do
  set -- $row
  for n in 1 2 3 4 5; do
    start="$(date +%s.%N)"
    "$tool" --train "$data/u$n.base" --test "$data/u$n.test" --basis "$1" --order "$2" --rank "$ranks" \
      --threshold "$thresholds" --ridge "$ridges" --query-one set,add >"$out/run.txt" 2>"$out/valid-$1-$2-$n.txt"
    wall="$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')"
    grep '^RESULT' "$out/run.txt" | sed "s/^RESULT /RESULT fold=u$n /; s/\$/ wall_seconds=$wall/" | tee -a "$out/results.txt"
  done
done
awk '{ for (i = 2; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
       key = v["basis"] " order " v["order"]; n[key]++; r[key] += v["rmse"]; m[key] += v["mae"]; t[key] += v["train_seconds"]
       b[key] += v["item_mean_rmse"]; if (!(key in seen)) { seen[key] = 1; keys[++k] = key } }
     END { for (j = 1; j <= k; j++) { key = keys[j]
             printf "MEAN %-18s rmse=%.4f mae=%.4f train_seconds=%.2f item_mean_rmse=%.4f folds=%d\n", key,
               r[key] / n[key], m[key] / n[key], t[key] / n[key], b[key] / n[key], n[key] } }' "$out/results.txt"
