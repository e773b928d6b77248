#!/usr/bin/env bash
# shellcheck source-path=SCRIPTDIR disable=SC2034,SC2154  # bench_name, repo_root shared with lib.sh
# active.sh: active learning (--active --simulation) against passive learning
# on LIBSVM a9a: test accuracy as a function of the number of labels used.
#
# Usage: scripts/bench/active.sh [A9A_DIR]
#   A9A_DIR           folder with a9a and a9a.t (plain or .gz)
#                     [default: ${LEARNER_DATA:-<repo>/../shared/data}/a9a]
# Environment:
#   LEARNER=path      learner binary [default: <repo>/build/learner, built if absent]
#   MELLOWNESS=c0     --mellowness of the active runs [default: 0.001]
#   SEEDS="0 1 2 3 4" --random_seed values (the query coins); active figures are means over them
#   CHECKPOINTS="250 500 1000 2000 4000 8000 16000 all"   training prefixes (--examples N) measured
#   MAX_FRACTION=0.40 MAX_GAP=0.005   targets (fraction of the labels; accuracy below passive's final)
#   PLOT=path         the PNG written [default: <repo>/build/bench/active.png]
#   JOBS=n            parallel learner runs [default: nproc]
#   KEEP=1            keep the work folder
#
# Protocol: a9a and a9a.t -> scripts/libsvm2vw. Every run trains one pass of
# logistic regression on the first N training lines (the file's order):
#   passive  learner -d train.vw --examples N --loss_function logistic -f model
#            (labels used = N)
#   active   the same plus --active --simulation --mellowness c0 --random_seed S
#            (labels used = "total queries" of the run's summary)
# then predicts a9a.t with -t -i model; accuracy = share of lines where
# sign(prediction) (> 0 means +1) equals the label. The active figures of a
# checkpoint are the means over SEEDS (min and max shown).
# Output: a table per checkpoint, the plot (accuracy against labels used, log
# x axis, with gnuplot when it is installed), and one machine-readable line:
#   RESULT passive_acc=… active_acc=… active_label_fraction=…
# (final checkpoint: passive accuracy with every label; active mean accuracy and
# mean fraction of the training labels queried).
# Exit status 1 when active_acc < passive_acc - MAX_GAP or active_label_fraction
# > MAX_FRACTION, or on any error; 2 on a usage error.
set -euo pipefail

bench_name=active
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source "$here/lib.sh"

bench_help "$@"
if (($# > 1)) || [[ "${1:-}" == -* ]]; then
  echo "usage: scripts/bench/active.sh [A9A_DIR]   (--help for details)" >&2
  exit 2
fi

data_dir="${1:-${LEARNER_DATA:-$repo_root/../shared/data}/a9a}"
mellowness="${MELLOWNESS:-0.001}"
read -r -a seeds <<<"${SEEDS:-0 1 2 3 4}"
read -r -a checkpoints <<<"${CHECKPOINTS:-250 500 1000 2000 4000 8000 16000 all}"
max_fraction="${MAX_FRACTION:-0.40}"
max_gap="${MAX_GAP:-0.005}"
plot="${PLOT:-$repo_root/build/bench/active.png}"
jobs="${JOBS:-$(nproc 2>/dev/null || echo 2)}"
((${#seeds[@]} >= 1 && ${#checkpoints[@]} >= 1)) || bench_die "SEEDS and CHECKPOINTS must not be empty"

hint="; pass the a9a folder or set LEARNER_DATA"
train_src="$(find_data_file "$data_dir" a9a "$hint")"
test_src="$(find_data_file "$data_dir" a9a.t "$hint")"
learner="$(find_learner)"

work="$(mktemp -d "${TMPDIR:-/tmp}/active-bench.XXXXXX")"
if [[ "${KEEP:-0}" == 1 ]]; then bench_log "work folder kept: $work"; else trap 'rm -rf -- "$work"' EXIT; fi
t_start=$(now_s)

"$repo_root/scripts/libsvm2vw" "$train_src" >"$work/train.vw"
"$repo_root/scripts/libsvm2vw" "$test_src" >"$work/test.vw"
n_train=$(wc -l <"$work/train.vw")
bench_log "converted $n_train train and $(wc -l <"$work/test.vw") test lines"

# accuracy PREDS: share of test lines with sign(prediction) == label.
accuracy() {
  awk '
    NR == FNR { label[FNR] = ($1 + 0 > 0) ? 1 : -1; n = FNR; next }
    { m++; if ((($1 + 0 > 0) ? 1 : -1) == label[FNR]) hit++ }
    END {
      if (m != n || n == 0) { printf "%d predictions for %d test lines\n", m, n > "/dev/stderr"; exit 1 }
      printf "%.4f\n", hit / n
    }' "$work/test.vw" "$1"
}

# run_one ID N EXTRA_FLAGS: trains on the first N lines, tests; writes
# "labels accuracy" to $work/res/ID.
run_one() {
  local id="$1" n="$2" flags="$3" dir="$work/run/$1" limit=() labels acc
  mkdir -p "$dir"
  [[ "$n" == all ]] || limit=(--examples "$n")
  # shellcheck disable=SC2086  # flags are words
  if ! "$learner" -d "$work/train.vw" "${limit[@]}" --loss_function logistic $flags -f "$dir/model" \
    >"$dir/train.log" 2>&1; then
    tail -n 5 "$dir/train.log" >&2
    bench_die "$id: training failed"
  fi
  "$learner" -t -i "$dir/model" -d "$work/test.vw" -p "$dir/preds" --quiet >"$dir/test.log" 2>&1 ||
    { tail -n 5 "$dir/test.log" >&2; bench_die "$id: testing failed"; }
  if [[ "$flags" == *--active* ]]; then
    labels=$(awk -F' = ' '/^total queries = / { print $2 }' "$dir/train.log")
    [[ -n "$labels" ]] || bench_die "$id: no 'total queries' in the summary"
  else
    labels=$(awk '/^number of examples = / { print $NF }' "$dir/train.log")
  fi
  acc=$(accuracy "$dir/preds") || bench_die "$id: cannot score"
  echo "$labels $acc" >"$work/res/$id"
  rm -rf "$dir"
}

mkdir -p "$work/res"
jobs_list=()
for n in "${checkpoints[@]}"; do
  [[ "$n" == all || "$n" =~ ^[0-9]+$ ]] || bench_die "bad checkpoint '$n'"
  jobs_list+=("passive.$n|$n|")
  for s in "${seeds[@]}"; do
    jobs_list+=("active.$n.$s|$n|--active --simulation --mellowness $mellowness --random_seed $s")
  done
done
bench_log "${#jobs_list[@]} runs (${#checkpoints[@]} checkpoints, ${#seeds[@]} seeds, mellowness $mellowness), $jobs at a time"
running=0
for job in "${jobs_list[@]}"; do
  IFS='|' read -r id n flags <<<"$job"
  run_one "$id" "$n" "$flags" &
  running=$((running + 1))
  if ((running >= jobs)); then wait -n || bench_die "a run failed"; running=$((running - 1)); fi
done
while ((running > 0)); do wait -n || bench_die "a run failed"; running=$((running - 1)); done

# Table and plot data: one row per checkpoint.
{
  for n in "${checkpoints[@]}"; do
    read -r pl pa <"$work/res/passive.$n"
    for s in "${seeds[@]}"; do cat "$work/res/active.$n.$s"; done |
      awk -v n="$n" -v pl="$pl" -v pa="$pa" '
        { l += $1; a += $2; k++; if (k == 1 || $2 < lo) lo = $2; if (k == 1 || $2 > hi) hi = $2 }
        END { printf "%s %d %.4f %.1f %.4f %.4f %.4f\n", n, pl, pa, l / k, a / k, lo, hi }'
  done
} >"$work/curve.dat"

echo
echo "## a9a: test accuracy against labels used (one pass, logistic; active: --mellowness $mellowness, mean of ${#seeds[@]} seeds)"
echo
echo "| examples seen | passive labels | passive accuracy | active labels | active label share | active accuracy (min..max) |"
echo "|---|---|---|---|---|---|"
awk '{ printf "| %s | %d | %.4f | %.0f | %.1f%% | %.4f (%.4f..%.4f) |\n", $1, $2, $3, $4, 100 * $4 / $2, $5, $6, $7 }' \
  "$work/curve.dat"

read -r _ final_n passive_acc active_labels active_acc _ _ < <(tail -n 1 "$work/curve.dat")
fraction=$(awk -v l="$active_labels" -v n="$final_n" 'BEGIN { printf "%.4f", l / n }')
echo
echo "passive: $passive_acc with $final_n labels; active: $active_acc with $active_labels labels ($fraction)"

if command -v gnuplot >/dev/null; then
  mkdir -p "$(dirname "$plot")"
  gnuplot <<GP || bench_log "gnuplot failed; no plot"
set terminal pngcairo size 800,500 noenhanced
set output "$plot"
set title "a9a: test accuracy against labels used (active: mellowness $mellowness, mean of ${#seeds[@]} seeds)"
set xlabel "labels used for training"
set ylabel "test accuracy"
set logscale x
set key bottom right
set grid
plot "$work/curve.dat" using 2:3 with linespoints title "passive (every label)", \
     "$work/curve.dat" using 4:5 with linespoints title "active (--active --simulation)", \
     "$work/curve.dat" using 4:5:6:7 with yerrorbars notitle
GP
  [[ -s "$plot" ]] && echo "plot: $plot"
else
  bench_log "gnuplot not installed (scripts/setup.sh installs gnuplot-nox); no plot"
fi

status=0
if awk -v a="$active_acc" -v p="$passive_acc" -v g="$max_gap" 'BEGIN { exit !(a + 0 < p - g) }'; then
  echo "FAIL: active accuracy $active_acc is more than $max_gap below passive's $passive_acc"
  status=1
fi
if awk -v f="$fraction" -v m="$max_fraction" 'BEGIN { exit !(f + 0 > m + 0) }'; then
  echo "FAIL: active used $fraction of the labels (target <= $max_fraction)"
  status=1
fi
((status)) || echo "PASS: active within $max_gap of passive's final accuracy with <= $max_fraction of the labels"
echo "total run time: $(awk -v a="$t_start" -v b="$(now_s)" 'BEGIN { printf "%.1f", b - a }') s"
echo "RESULT passive_acc=$passive_acc active_acc=$active_acc active_label_fraction=$fraction"
exit "$status"
