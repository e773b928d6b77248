#!/usr/bin/env bash
# The headline job on a fresh Debian machine: installs what is missing, builds, and runs the
# README's first command (`learner -d train.vw --dotproduct ui --rank K --passes 20`, nothing
# else: the defaults) against the best constant and the linear model on held-out ratings.
# Prints a markdown table (RMSE of the squared-loss models, MAE of the quantile-loss ones: the
# README's "Defaults" figures) and writes a plot (build/demo/demo.png, gnuplot).
#
#   scripts/demo.sh            # MovieLens 100K's five folds u1..u5 from $LEARNER_DATA/ml-100k
#                              # (default ../shared/data beside the repository); generated data
#                              # when that folder is absent
#   scripts/demo.sh FILE.vw    # your own "rating |u user |i item" file (a seeded 80/20 split)
#   DEMO_DATA=generated scripts/demo.sh   # the generated ratings (600 users x 400 items, rank 3)
# LEARNER=path uses that build (its tools beside it) instead of building; OUT_DIR=path moves
# the work folder (default build/demo).
#
# Exit status 1 when the dyadic model (rank 10) does not beat the linear one on both figures of
# every fold: the README's promise, checked on the data it ran on.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export BUILD="${BUILD:-$ROOT/build}"
if [ -n "${LEARNER:-}" ]; then  # built already (the tests): its tools sit beside it
  BIN="$(cd "$(dirname "$LEARNER")" && pwd)"
else
  TARGETS="learner gen_ratings learner-split learner-ratings" "$ROOT/scripts/setup.sh" >/dev/null
  BIN="$BUILD"
fi
L="${LEARNER:-$BIN/learner}"
export LEARNER_RATINGS="$BIN/learner-ratings"
OUT="${OUT_DIR:-$BUILD/demo}"
mkdir -p "$OUT"
rm -f "$OUT"/*.cache "$OUT/results.txt"  # caches of an earlier run (on other data) would only be rebuilt

PASSES=20
# The models: name and the flags after `learner -d TRAIN --passes 20`. --holdout_off for the
# linear model too (the dyadic defaults imply it), so that both learn from every training line.
MODELS=("linear|" "dyadic_k5|--dotproduct ui --rank 5" "dyadic_k10|--dotproduct ui --rank 10")
LOSSES=("squared|rmse" "quantile|mae")

# error KIND PREDICTIONS LABELS: RMSE or MAE of the first column of each file.
error() {
  paste -d' ' "$2" "$3" | awk -v k="$1" '{d = $1 - $2; s += k == "rmse" ? d * d : (d < 0 ? -d : d); n++}
    END {printf "%.4f", k == "rmse" ? sqrt(s / n) : s / n}'
}
# constant KIND TRAIN TEST OUT: the best constant of the training labels (mean for RMSE, median
# for MAE) predicted for every test line.
constant() {
  local c
  c=$(awk '{print $1}' "$2" | sort -g | awk -v k="$1" '{v[NR] = $1; s += $1}
    END {if (k == "rmse") printf "%.6f", s / NR; else printf "%s", v[int((NR + 1) / 2)]}')
  awk -v c="$c" '{print c}' "$3" > "$4"
}
# run_fold NAME TRAIN TEST: every model and loss on one split; "fold model kind error seconds" lines.
run_fold() {
  local fold="$1" train="$2" test="$3" model name flags loss kind start end
  for loss in "${LOSSES[@]}"; do
    kind="${loss#*|}"; loss="${loss%|*}"
    constant "$kind" "$train" "$test" "$OUT/constant.pred"
    echo "$fold constant $kind $(error "$kind" "$OUT/constant.pred" "$test") 0" >> "$OUT/results.txt"
    for model in "${MODELS[@]}"; do
      name="${model%%|*}"; flags="${model#*|}"
      start=$(date +%s.%N)
      # shellcheck disable=SC2086  # flags are words
      "$L" -d "$train" $flags --loss_function "$loss" --passes "$PASSES" --holdout_off --quiet \
        --cache_file "$OUT/$name.cache" -f "$OUT/$name.model"
      end=$(date +%s.%N)
      "$L" -t -i "$OUT/$name.model" -d "$test" -p "$OUT/$name.pred" --quiet
      rm -f "$OUT/$name.cache"
      echo "$fold $name $kind $(error "$kind" "$OUT/$name.pred" "$test") $(awk -v a="$start" -v b="$end" 'BEGIN {printf "%.2f", b - a}')" \
        >> "$OUT/results.txt"
    done
  done
}

ml="${LEARNER_DATA:-$ROOT/../shared/data}/ml-100k"
if [ $# -ge 1 ]; then
  mode="file"
elif [ "${DEMO_DATA:-}" != generated ] && [ -f "$ml/u1.base" ]; then
  mode="movielens"
else
  mode="generated"
fi

if [ "$mode" = movielens ]; then
  echo "data: MovieLens 100K, the five folds u1..u5 of $ml ($(wc -l < "$ml/u1.base") training /" \
    "$(wc -l < "$ml/u1.test") test ratings in u1)"
  for k in 1 2 3 4 5; do
    "$ROOT/scripts/ratings2vw" "$ml/u$k.base" > "$OUT/u$k.train.vw"
    "$ROOT/scripts/ratings2vw" "$ml/u$k.test" > "$OUT/u$k.test.vw"
    run_fold "u$k" "$OUT/u$k.train.vw" "$OUT/u$k.test.vw"
  done
else
  if [ "$mode" = file ]; then
    cp "$1" "$OUT/all.vw"
    echo "data: $1"
  else
    [ "${DEMO_DATA:-}" = generated ] || echo "(no MovieLens 100K at $ml: set LEARNER_DATA to the folder holding ml-100k/)"
    "$BIN/gen_ratings" --users 600 --items 400 --ratings 60000 --seed 1 > "$OUT/all.vw"
    echo "data: 60000 generated ratings (gen_ratings --seed 1), 600 users x 400 items"
  fi
  LEARNER_SPLIT="$BIN/learner-split" "$ROOT/scripts/split" --seed 7 --test-fraction 0.2 \
    --train "$OUT/train.vw" --test "$OUT/test.vw" "$OUT/all.vw"
  echo "train: $(wc -l < "$OUT/train.vw") lines, test: $(wc -l < "$OUT/test.vw") lines"
  run_fold split "$OUT/train.vw" "$OUT/test.vw"
fi

# The table: fold means (and range over the folds), training seconds of the squared-loss run;
# the means also go to means.dat for the plot.
echo
echo "Test error, $PASSES passes, defaults otherwise (RMSE: squared loss; MAE: quantile loss, tau 0.5):"
echo
awk -v means="$OUT/means.dat" '
  {key = $2 " " $3; s[key] += $4; n[key]++; if (!(key in lo) || $4 < lo[key]) lo[key] = $4
   if (!(key in hi) || $4 > hi[key]) hi[key] = $4; if ($3 == "rmse") t[$2] += $5
   if (!($2 in seen)) {seen[$2] = 1; order[++m] = $2}}
  END {
    print "| model      | RMSE   | (range)         | MAE    | (range)         | train s, squared |"
    print "|------------|--------|-----------------|--------|-----------------|------------------|"
    for (i = 1; i <= m; i++) {
      r = order[i] " rmse"; a = order[i] " mae"
      printf "| %-10s | %.4f | %.4f - %.4f | %.4f | %.4f - %.4f | %16.2f |\n", order[i], s[r] / n[r], lo[r], hi[r],
        s[a] / n[a], lo[a], hi[a], t[order[i]] / n[r]
      printf "%s %.4f %.4f\n", order[i], s[r] / n[r], s[a] / n[a] > means
    }
  }' "$OUT/results.txt"

# The promise, checked: dyadic rank 10 below linear on both figures of every fold.
echo
awk '
  $2 == "linear" {lin[$1 " " $3] = $4} $2 == "dyadic_k10" {dy[$1 " " $3] = $4}
  END {
    bad = 0
    for (k in dy) {
      if (dy[k] >= lin[k]) {bad++; printf "dyadic rank 10 does not beat linear: %s %.4f against %.4f\n", k, dy[k], lin[k]}
      split(k, f, " "); g[f[2]] += (dy[k] - lin[k]) / lin[k]; c[f[2]]++
    }
    printf "dyadic rank 10 against linear, mean over the folds: RMSE %+.1f %%, MAE %+.1f %%", 100 * g["rmse"] / c["rmse"],
      100 * g["mae"] / c["mae"]
    printf " (%s)\n", bad ? "NOT better everywhere" : "better on every fold"
    exit bad ? 1 : 0
  }' "$OUT/results.txt" || status=1
if [ "$mode" = movielens ] && [ "$(wc -l < "$ml/u1.base")" = 80000 ]; then
  echo "published on the same five folds (the Surprise library's table): biased MF (SVD) 0.934 / 0.737, SVD++ 0.920 / 0.722"
fi

if command -v gnuplot >/dev/null; then
  gnuplot <<GP
set terminal pngcairo size 800,480 noenhanced
set output "$OUT/demo.png"
set title "Held-out ratings, $PASSES passes, defaults ($mode data)"
set style data histogram
set style histogram cluster gap 1
set style fill solid 0.6
set ylabel "test error"
set yrange [0:*]
set grid ytics
plot "$OUT/means.dat" using 2:xtic(1) title "RMSE (squared loss)", \
     "" using 3 title "MAE (quantile loss)"
GP
  echo
  echo "plot: $OUT/demo.png"
fi
exit "${status:-0}"
