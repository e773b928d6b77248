#!/usr/bin/env bash
# The headline job on a fresh Debian machine: installs what is missing,
# builds, generates a deterministic ratings file (users x items with biases
# and rank-3 tastes), and compares best constant / linear / dyadic models on a
# held-out test split, as in the dyadic-update posts. Prints a markdown table
# and writes a plot (build/demo/demo.png, gnuplot).
#
#   scripts/demo.sh            # generated data
#   scripts/demo.sh FILE.vw    # your own "rating |u user |i item" file
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export BUILD="${BUILD:-$ROOT/build}"
TARGETS="learner gen_ratings learner-split" "$ROOT/scripts/setup.sh" >/dev/null
L="$BUILD/learner"
OUT="$BUILD/demo"
mkdir -p "$OUT"
rm -f "$OUT"/*.cache  # caches of an earlier demo run (on other data) would only be rebuilt, with a notice

if [ $# -ge 1 ]; then
  cp "$1" "$OUT/all.vw"
  echo "data: $1"
else
  "$BUILD/gen_ratings" --users 600 --items 400 --ratings 60000 --seed 1 > "$OUT/all.vw"
  echo "data: 60000 generated ratings (gen_ratings --seed 1), 600 users x 400 items"
fi
LEARNER_SPLIT="$BUILD/learner-split" "$ROOT/scripts/split" --seed 7 --test-fraction 0.2 --train "$OUT/train.vw" --test "$OUT/test.vw" "$OUT/all.vw"
echo "train: $(wc -l < "$OUT/train.vw") lines, test: $(wc -l < "$OUT/test.vw") lines; loss: quantile (tau 0.5)"

PASSES=20
COMMON=(--loss_function quantile --passes "$PASSES" --holdout_off --quiet)
mae() {  # mae PREDICTIONS TEST
  paste -d' ' "$1" "$2" | awk '{d = $1 - $2; s += d < 0 ? -d : d; n++} END {printf "%.4f", s / n}'
}
evaluate() {  # evaluate NAME ARGS...
  local name="$1"; shift
  local start end
  start=$(date +%s.%N)
  # One cache per model: the dyadic flags change what a cache holds, so a shared one would be rebuilt.
  "$L" -d "$OUT/train.vw" "${COMMON[@]}" "$@" --cache_file "$OUT/$name.cache" -f "$OUT/$name.model"
  end=$(date +%s.%N)
  "$L" -t -i "$OUT/$name.model" -d "$OUT/test.vw" -p "$OUT/$name.pred" --quiet
  local m
  m=$(mae "$OUT/$name.pred" "$OUT/test.vw")
  printf '| %-14s | %.4f | %.4f | %5.2f |\n' "$name" "$(awk -v m="$m" 'BEGIN{print m/2}')" "$m" \
    "$(awk -v a="$start" -v b="$end" 'BEGIN{print b-a}')"
  echo "$name $m" >> "$OUT/results.txt"
}

rm -f "$OUT/results.txt"
median=$(awk '{print $1}' "$OUT/train.vw" | sort -n | awk '{v[NR]=$1} END{print v[int((NR+1)/2)]}')
awk -v c="$median" '{print c}' "$OUT/test.vw" > "$OUT/constant.pred"
const_mae=$(mae "$OUT/constant.pred" "$OUT/test.vw")
echo
echo "| model          | 0.5-quantile loss | MAE | train s |"
echo "|----------------|-------------------|-----|---------|"
printf '| %-14s | %.4f | %.4f |   -   |\n' "best constant" "$(awk -v m="$const_mae" 'BEGIN{print m/2}')" "$const_mae"
echo "best_constant $const_mae" >> "$OUT/results.txt"
evaluate linear
for k in 1 2 5; do
  evaluate "dyadic_k$k" --dotproduct ui --rank "$k"
done

if command -v gnuplot >/dev/null; then
  gnuplot <<GP
set terminal pngcairo size 800,480 noenhanced
set output "$OUT/demo.png"
set title "Test MAE on held-out ratings ($PASSES passes, quantile loss)"
set style fill solid 0.6
set boxwidth 0.6
set ylabel "mean absolute error"
set yrange [0:*]
set grid ytics
plot "$OUT/results.txt" using 0:2:xtic(1) with boxes notitle, \
     "" using 0:2:(sprintf("%.3f", \$2)) with labels offset 0,1 notitle
GP
  echo
  echo "plot: $OUT/demo.png"
fi
