#!/usr/bin/env bash
# shellcheck source-path=SCRIPTDIR disable=SC2034,SC2154  # bench_name shared with lib.sh
# bfgs_convergence.sh: the batch learners' convergence on LIBSVM a9a with
# logistic loss: the objective (summed logistic loss + l2/2 ||w||^2) at each
# pass of --bfgs, --bfgs --hessian_on, --conjugate_gradient --hessian_on and
# VW's recipe "one online pass, then L-BFGS" (-i of the online model), plotted
# against the data pass, and each model's a9a.t accuracy next to one online pass.
#
# Usage: scripts/bench/bfgs_convergence.sh [A9A_DIR]
# Environment: LEARNER=path, PASSES=n [30], L2=x [1], PLOT=file [build/bench/bfgs_convergence.png], KEEP=1
# Output: a table (method, passes, final objective, test accuracy), the plot, and
#   RESULT online=... bfgs=... bfgs_hessian=... cg_hessian=... online_then_bfgs=...
set -euo pipefail

bench_name=bfgs_convergence
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source "$here/lib.sh"
bench_help "$@"
(($# <= 1)) || bench_die "usage: scripts/bench/bfgs_convergence.sh [A9A_DIR]"

data_dir="${1:-${LEARNER_DATA:-$repo_root/../shared/data}/a9a}"
passes="${PASSES:-30}"
l2="${L2:-1}"
plot="${PLOT:-$repo_root/build/bench/bfgs_convergence.png}"
train_src="$(find_data_file "$data_dir" a9a "; pass the a9a folder or set LEARNER_DATA")"
test_src="$(find_data_file "$data_dir" a9a.t "; pass the a9a folder or set LEARNER_DATA")"
learner="$(find_learner)"

work="$(mktemp -d "${TMPDIR:-/tmp}/bfgs-bench.XXXXXX")"
if [[ "${KEEP:-0}" == 1 ]]; then bench_log "work folder kept: $work"; else trap 'rm -rf -- "$work"' EXIT; fi
"$repo_root/scripts/libsvm2vw" "$train_src" >"$work/train.vw"
"$repo_root/scripts/libsvm2vw" "$test_src" >"$work/test.vw"

common=(--loss_function logistic --holdout_off)
# name: the learner's flags (the online model is trained first)
declare -A runs=(
  [bfgs]="--bfgs --passes $passes --l2 $l2"
  [bfgs_hessian]="--bfgs --hessian_on --passes $passes --l2 $l2"
  [cg_hessian]="--conjugate_gradient --hessian_on --passes $passes --l2 $l2"
  [online_then_bfgs]="--bfgs -i $work/online.model --passes $passes --l2 $l2"
)
order=(online bfgs bfgs_hessian cg_hessian online_then_bfgs)

accuracy() {  # accuracy MODEL: fraction of a9a.t with sign(prediction) == label
  "$learner" -t --quiet -i "$1" -p "$work/preds" "$work/test.vw"
  paste -d' ' "$work/preds" <(cut -d' ' -f1 "$work/test.vw") |
    awk '{ hit += (($1 > 0) == ($2 > 0)) } END { printf "%.4f", hit / NR }'
}

"$learner" "${common[@]}" --quiet -f "$work/online.model" "$work/train.vw"
declare -A acc final
acc[online]="$(accuracy "$work/online.model")"
final[online]="-"
for name in "${order[@]:1}"; do
  # shellcheck disable=SC2086  # the flags are words
  "$learner" "${common[@]}" ${runs[$name]} --termination 0 -c -f "$work/$name.model" "$work/train.vw" 2>"$work/$name.log"
  # "bfgs|cg pass P objective F ... verdict": the accepted objectives by pass
  awk '$2 == "pass" && ($10 == "accepted" || $10 == "converged") { print $3, $5 }' "$work/$name.log" >"$work/$name.dat"
  final[$name]="$(tail -n 1 "$work/$name.dat" | cut -d' ' -f2)"
  acc[$name]="$(accuracy "$work/$name.model")"
done

echo "| method | flags | final objective ($passes passes, l2 $l2) | a9a.t accuracy |"
echo "|---|---|---|---|"
echo "| online | one pass, logistic | - | ${acc[online]} |"
for name in "${order[@]:1}"; do
  echo "| $name | ${runs[$name]//$work\//} | ${final[$name]} | ${acc[$name]} |"
done
echo
for name in "${order[@]:1}"; do echo "$name: $(tr '\n' ' ' <"$work/$name.dat" | cut -c1-400)"; done

if command -v gnuplot >/dev/null; then
  mkdir -p "$(dirname "$plot")"
  best="$(cat "$work"/*.dat | sort -g -k2 | head -n 1 | cut -d' ' -f2)"  # the lowest F of all runs
  gnuplot <<GP || bench_log "gnuplot failed; no plot"
set terminal pngcairo size 800,500 noenhanced
set output "$plot"
set title "a9a, logistic + l2/2 |w|^2 (l2 $l2): F - lowest F ($best)"
set xlabel "pass over the data"
set ylabel "F - lowest F"
set logscale y
set grid
plot "$work/bfgs.dat" using 1:(\$2 - $best) with linespoints title "--bfgs", \
     "$work/bfgs_hessian.dat" using 1:(\$2 - $best) with linespoints title "--bfgs --hessian_on", \
     "$work/cg_hessian.dat" using 1:(\$2 - $best) with linespoints title "--conjugate_gradient --hessian_on", \
     "$work/online_then_bfgs.dat" using 1:(\$2 - $best) with linespoints title "one online pass, then --bfgs -i"
GP
  [[ -s "$plot" ]] && echo "plot: $plot"
else
  bench_log "gnuplot not installed (scripts/setup.sh installs gnuplot-nox); no plot"
fi
echo "RESULT online=${acc[online]} bfgs=${acc[bfgs]} bfgs_hessian=${acc[bfgs_hessian]} cg_hessian=${acc[cg_hessian]}" \
  "online_then_bfgs=${acc[online_then_bfgs]}"
