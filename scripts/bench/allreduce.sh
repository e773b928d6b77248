#!/usr/bin/env bash
# shellcheck source-path=SCRIPTDIR disable=SC2034,SC2154  # bench_name, run_* shared with lib.sh
# allreduce.sh: --allreduce (issue 16) at N = 1, 2, 4 ranks under mpirun --oversubscribe:
# time against N and, separately, test loss against N and pass (how many passes the
# averaged model needs to come within MARGIN of one process). docs/allreduce.md has the
# scaling model these figures feed.
#
# Usage: scripts/bench/allreduce.sh
# Environment:
#   LEARNER=path        learner binary [default: <repo>/build/learner, built if absent]
#   GEN_SYNTHETIC=path  generator [default: <repo>/build/gen_synthetic, built if absent]
#   BENCH_DIR=dir       data and outputs [default: <repo>/build/bench]
#   BENCH_BYTES=N       synthetic text size (the throughput benchmark's file) [default: 200M]
#   LEARNER_DATA=dir    MovieLens folder holds ml-100k/u1..u5 [default: <repo>/../shared/data]
#   RANKS="1 2 4"       rank counts        PASSES=3   passes of every run
#   MARGIN=0.01         relative test-loss margin against one process
#   DATASETS="synthetic movielens"
#
# The experiments are the table below (EXPERIMENTS): name, train file, test file and the
# learner's options. Data: the synthetic file's last 10% of lines is its test set (same hidden
# model); MovieLens uN.base is shuffled once (fixed seed) because --shard_by line on a
# user-sorted file gives ranks disjoint users. Every run is --shard_by line with
# -f M --save_per_pass, and each pass's model is scored with -t on the test file.
# Time: wall seconds of mpirun and CPU seconds (user + sys of mpirun and its ranks, GNU time);
# on this 2-core machine N > 2 ranks share cores, so time against N is not a scaling figure.
# Output: a table on stdout, the loss-per-pass curves as BENCH_DIR/allreduce/loss-NAME.png
# (gnuplot; synthetic and ml-u1), and in BENCH_DIR/allreduce/results.txt a line per run:
#   RESULT name=.. ranks=.. wall_s=.. cpu_s=.. loss=.. vs_one=.. passes_within_margin=..
set -euo pipefail

bench_name=allreduce
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source "$here/lib.sh"

bench_help "$@"
(($# == 0)) || bench_die "usage: scripts/bench/allreduce.sh (settings via environment; see --help)"

synthetic_settings
ranks="${RANKS:-1 2 4}"
passes="${PASSES:-3}"
margin="${MARGIN:-0.01}"
datasets="${DATASETS:-synthetic movielens}"
data_root="${LEARNER_DATA:-$repo_root/../shared/data}"
command -v mpirun >/dev/null || bench_die "mpirun not found (apt-get install openmpi-bin libopenmpi-dev)"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_mpi_yield_when_idle=1
learner="$(find_learner)"
out="$bench_dir/allreduce"
mkdir -p "$out"

# --- data ---------------------------------------------------------------------
EXPERIMENTS=()
if [[ " $datasets " == *" synthetic "* ]]; then
  ensure_synthetic "$(find_gen_synthetic)" "$bytes" "$seed" "$bench_dir"
  lines="$(synth_value lines)"
  train="$out/synthetic-train.vw" test="$out/synthetic-test.vw"
  if [[ ! -s "$test" || "$train" -ot "$synth_data" ]]; then
    head -n $((lines * 9 / 10)) "$synth_data" >"$train"
    tail -n +$((lines * 9 / 10 + 1)) "$synth_data" >"$test"
  fi
  EXPERIMENTS+=("synthetic|$train|$test|--loss_function logistic -b 22")
fi
if [[ " $datasets " == *" movielens "* ]]; then
  for k in 1 2 3 4 5; do
    base="$(find_data_file "$data_root/ml-100k" "u$k.base" " (LEARNER_DATA)")"
    tst="$(find_data_file "$data_root/ml-100k" "u$k.test")"
    [[ -s "$out/u$k.train.vw" ]] ||
      zcat -f "$base" | awk '{ printf "%s |u u%s |i i%s\n", $3, $1, $2 }' |
      shuf --random-source=<(yes) >"$out/u$k.train.vw"
    [[ -s "$out/u$k.test.vw" ]] || zcat -f "$tst" | awk '{ printf "%s |u u%s |i i%s\n", $3, $1, $2 }' >"$out/u$k.test.vw"
    EXPERIMENTS+=("ml-u$k|$out/u$k.train.vw|$out/u$k.test.vw|-b 18")
  done
fi

# --- runs ---------------------------------------------------------------------
loss_of() { "$learner" -t -i "$1" -d "$2" 2>&1 | awk '/^average loss/ { print $4 }'; }
curves="$out/curves.tsv"
: >"$out/results.txt"
printf 'name\tranks\tpass\tloss\n' >"$curves"
printf '%-10s %5s %8s %8s %10s %8s %s\n' experiment ranks wall_s cpu_s test_loss vs_one "passes within $margin"
for e in "${EXPERIMENTS[@]}"; do
  IFS='|' read -r name train test opts <<<"$e"
  one=""
  for n in $ranks; do
    log="$out/$name-$n.log"
    rm -f "$out/$name-$n.model"*
    read -r -a extra <<<"$opts"
    t0=$(now_s)
    /usr/bin/time -f '%U %S' -o "$log.cpu" mpirun --oversubscribe -np "$n" "$learner" --allreduce --shard_by line \
      -d "$train" --passes "$passes" --holdout_off "${extra[@]}" -f "$out/$name-$n.model" --save_per_pass >"$log" 2>&1 ||
      { tail -n 20 "$log" >&2; bench_die "$name at $n ranks failed (log above)"; }
    wall=$(awk -v a="$t0" -v b="$(now_s)" 'BEGIN { printf "%.2f", b - a }')
    cpu=$(awk '{ printf "%.2f", $1 + $2 }' "$log.cpu")
    within=""
    for ((p = 1; p <= passes; p++)); do
      l="$(loss_of "$out/$name-$n.model.$p" "$test")"
      printf '%s\t%s\t%s\t%s\n' "$name" "$n" "$p" "$l" >>"$curves"
      [[ -n "$one" && -z "$within" ]] && awk -v a="$l" -v b="$one" -v m="$margin" 'BEGIN { exit !(a <= (1 + m) * b) }' &&
        within=$p
    done
    loss="$(loss_of "$out/$name-$n.model" "$test")"
    [[ -n "$one" ]] || one="$loss"
    vs=$(awk -v a="$loss" -v b="$one" 'BEGIN { printf "%+.2f%%", 100 * (a / b - 1) }')
    [[ "$n" == "$(awk '{ print $1 }' <<<"$ranks")" ]] && within="-"
    printf '%-10s %5s %8s %8s %10s %8s %s\n' "$name" "$n" "$wall" "$cpu" "$loss" "$vs" "${within:-no}"
    echo "RESULT name=$name ranks=$n wall_s=$wall cpu_s=$cpu loss=$loss vs_one=$vs passes_within_margin=${within:-no}" >>"$out/results.txt"
  done
done

# --- plots: test loss against pass, one line per rank count, one plot per experiment -----
if command -v gnuplot >/dev/null; then
  for e in "${EXPERIMENTS[@]}"; do
    name="${e%%|*}"
    [[ "$name" == ml-u[2-5] ]] && continue  # one MovieLens fold is enough to look at
    plot=""
    for n in $ranks; do
      awk -v a="$name" -v n="$n" -F'\t' '$1 == a && $2 == n { print $3, $4 }' "$curves" >"$out/curve-$name-$n.dat"
      plot+="${plot:+, }'$out/curve-$name-$n.dat' with linespoints title '$n ranks'"
    done
    gnuplot -e "set terminal png size 700,450; set output '$out/loss-$name.png'; set title '$name: test loss of the averaged model';
      set xlabel 'pass'; set ylabel 'test loss'; set xtics 1; set key top right; plot $plot"
    bench_log "plot: $out/loss-$name.png"
  done
  bench_log "curves: $curves"
fi
