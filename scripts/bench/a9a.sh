#!/usr/bin/env bash
# shellcheck source-path=SCRIPTDIR disable=SC2034,SC2154  # bench_name, run_* shared with lib.sh
# a9a.sh: quality benchmark on LIBSVM a9a (UCI Adult): one pass of logistic
# regression on a9a, accuracy on a9a.t.
#
# Usage: scripts/bench/a9a.sh [A9A_DIR]
#   A9A_DIR           folder with a9a and a9a.t (plain or .gz)
#                     [default: ${LEARNER_DATA:-<repo>/../shared/data}/a9a]
# Environment:
#   LEARNER=path      learner binary [default: <repo>/build/learner, built if absent]
#   VW=path           also run Vowpal Wabbit with the same commands and report its accuracy
#   MIN_ACCURACY=x    fail below this test accuracy [default: 0.845]
#   KEEP=1            keep the work folder (converted data, models, predictions, logs)
#
# Commands (the same for VW):
#   learner -d train.vw --loss_function logistic -f model
#   learner -d test.vw -t -i model -p preds
# Accuracy = fraction of test lines where sign(prediction) (> 0 means +1) equals the label.
# Output ends with one machine-readable line:
#   RESULT test_accuracy=0.8xxx [vw_test_accuracy=0.8xxx]
# Exit status: 0 when accuracy >= MIN_ACCURACY, 1 otherwise or on any error.
set -euo pipefail

bench_name=a9a
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source "$here/lib.sh"

bench_help "$@"
(($# <= 1)) || bench_die "usage: scripts/bench/a9a.sh [A9A_DIR]"

data_dir="${1:-${LEARNER_DATA:-$repo_root/../shared/data}/a9a}"
min_accuracy="${MIN_ACCURACY:-0.845}"

hint="; pass the a9a folder or set LEARNER_DATA"
train_src="$(find_data_file "$data_dir" a9a "$hint")"
test_src="$(find_data_file "$data_dir" a9a.t "$hint")"

learner="$(find_learner)"
if [[ -n "${VW:-}" ]]; then
  [[ -x "$VW" && ! -d "$VW" ]] || bench_die "VW=$VW is not an executable file"
fi

work="$(mktemp -d "${TMPDIR:-/tmp}/a9a-bench.XXXXXX")"
if [[ "${KEEP:-0}" == 1 ]]; then
  bench_log "work folder kept: $work"
else
  trap 'rm -rf -- "$work"' EXIT
fi

t0=$(now_s)
"$repo_root/scripts/libsvm2vw" "$train_src" >"$work/train.vw"
"$repo_root/scripts/libsvm2vw" "$test_src" >"$work/test.vw"
t1=$(now_s)
bench_log "converted $(wc -l <"$work/train.vw") train and $(wc -l <"$work/test.vw") test lines" \
  "in $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }') s"

# accuracy LABELS_VW PREDS: prints the fraction of lines with sign(pred) == label.
accuracy() {
  awk '
    NR == FNR { label[FNR] = ($1 + 0 > 0) ? 1 : -1; n = FNR; next }
    {
      m++
      if ($1 !~ /^[+-]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][+-]?[0-9]+)?$/) bad++
      else if ((($1 + 0 > 0) ? 1 : -1) == label[FNR]) hit++
    }
    END {
      if (m != n) {
        printf "%d predictions for %d test lines\n", m, n > "/dev/stderr"
        exit 1
      }
      if (bad) printf "warning: %d predictions are not numbers (counted as wrong)\n", bad > "/dev/stderr"
      printf "%.4f\n", (n ? hit / n : 0)
    }' "$1" "$2"
}

# evaluate NAME BINARY: train, test, print the accuracy on stdout; logs in $work/NAME.
evaluate() {
  local name="$1" bin="$2" dir="$work/$1" acc ta tb tc
  mkdir -p "$dir"
  bench_log "$name: $bin -d train.vw --loss_function logistic -f model"
  ta=$(now_s)
  if ! (cd "$dir" && "$bin" -d ../train.vw --loss_function logistic -f model) >"$dir/train.log" 2>&1; then
    tail -n 20 "$dir/train.log" >&2
    bench_die "$name: training failed (log above)"
  fi
  tb=$(now_s)
  bench_log "$name: $bin -d test.vw -t -i model -p preds"
  if ! (cd "$dir" && "$bin" -d ../test.vw -t -i model -p preds) >"$dir/test.log" 2>&1; then
    tail -n 20 "$dir/test.log" >&2
    bench_die "$name: testing failed (log above)"
  fi
  tc=$(now_s)
  acc="$(accuracy "$work/test.vw" "$dir/preds")" || bench_die "$name: cannot score $dir/preds"
  bench_log "$name: train $(awk -v a="$ta" -v b="$tb" 'BEGIN { printf "%.2f", b - a }') s," \
    "test $(awk -v a="$tb" -v b="$tc" 'BEGIN { printf "%.2f", b - a }') s," \
    "train $(grep -m1 -i 'average loss' "$dir/train.log" | tr -s ' ' || echo 'average loss: n/a')"
  echo "$acc"
}

acc="$(evaluate learner "$learner")"
echo "learner test accuracy: $acc"
result="RESULT test_accuracy=$acc"
if [[ -n "${VW:-}" ]]; then
  vw_acc="$(evaluate vw "$VW")"
  echo "vw      test accuracy: $vw_acc"
  result="$result vw_test_accuracy=$vw_acc"
fi

status=0
if awk -v a="$acc" -v m="$min_accuracy" 'BEGIN { exit !(a + 0 < m + 0) }'; then
  echo "FAIL: learner test accuracy $acc is below $min_accuracy" >&2
  status=1
fi
echo "$result"
exit "$status"
