#!/usr/bin/env bash
# shellcheck source-path=SCRIPTDIR disable=SC2034  # bench_name is read by lib.sh
# ngram_speed.sh: text throughput with --ngram 2 --skips 1 (issue 15), learner and VW.
#
# Usage: scripts/bench/ngram_speed.sh
# Environment:
#   LEARNER=path   learner binary [default: <repo>/build/learner, built if absent]
#   VW=path        also run Vowpal Wabbit, interleaved with learner, and report the ratio
#   LEARNER_DATA   data folder [default: <repo>/../shared/data]
#   COPIES=n       copies of R8's training text in the benchmark file [default: 20]
#   RUNS=n         runs per binary; the least CPU time is reported [default: 3]
#
# Data: R8's training documents (r8/r8-train-all-terms.txt) as VW lines
# "1 |t words..." (earn) or "-1 |t words...", COPIES times over (about 3.3 MB a copy).
# Each run: BIN -d FILE --ngram 2 --skips 1 -b 24 --loss_function logistic --quiet,
# timed in CPU time (user + sys, /usr/bin/time), which a loaded machine disturbs less
# than wall time. MB = 10^6 bytes of the text file.
# Last line: RESULT examples=.. mb=.. learner_ex_per_s=.. learner_mb_per_s=..
#            [vw_ex_per_s=.. vw_mb_per_s=.. speed_ratio=..]  (speed_ratio = learner / vw)
set -euo pipefail

bench_name=ngram_speed
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source "$here/lib.sh"
bench_help "$@"
(($# == 0)) || bench_die "usage: scripts/bench/ngram_speed.sh (settings via environment; see --help)"

learner="$(find_learner)"
[[ -z "${VW:-}" || (-x "$VW" && ! -d "$VW") ]] || bench_die "VW=$VW is not an executable file"
[[ -x /usr/bin/time ]] || bench_die "/usr/bin/time (GNU time) is needed for CPU times"
copies="${COPIES:-20}" runs="${RUNS:-3}"
[[ "$copies" =~ ^[1-9][0-9]*$ && "$runs" =~ ^[1-9][0-9]*$ ]] || bench_die "COPIES and RUNS must be positive integers"
r8="$(find_data_file "${LEARNER_DATA:-$repo_root/../shared/data}/r8" r8-train-all-terms.txt)"

work="$(mktemp -d "${TMPDIR:-/tmp}/ngram-speed.XXXXXX")"
trap 'rm -rf -- "$work"' EXIT
data="$work/r8.vw"
zcat -f "$r8" | awk -F'\t' 'NR > 1 { print ($1 == "earn" ? "1" : "-1") " |t " $2 }' > "$work/one.vw"
for ((i = 0; i < copies; i++)); do cat "$work/one.vw"; done > "$data"
examples=$(wc -l < "$data")
bytes=$(wc -c < "$data")
bench_log "data: $examples examples, $bytes bytes ($copies copies of R8 train)"

args=(-d "$data" --ngram 2 --skips 1 -b 24 --loss_function logistic --quiet)
# cpu BIN: CPU seconds (user + sys) of one run.
cpu() {
  /usr/bin/time -f '%U %S' -o "$work/time" "$1" "${args[@]}" > /dev/null 2> "$work/err" ||
    { tail -n 5 "$work/err" >&2; bench_die "$1 failed"; }
  awk '{ print $1 + $2 }' "$work/time"
}
best_l="" best_v=""
for ((i = 1; i <= runs; i++)); do  # interleaved: the machine's load hits both alike
  t=$(cpu "$learner"); bench_log "learner run $i: ${t}s CPU"
  best_l=$(awk -v a="$t" -v b="$best_l" 'BEGIN { print (b == "" || a < b) ? a : b }')
  if [[ -n "${VW:-}" ]]; then
    t=$(cpu "$VW"); bench_log "vw run $i: ${t}s CPU"
    best_v=$(awk -v a="$t" -v b="$best_v" 'BEGIN { print (b == "" || a < b) ? a : b }')
  fi
done
rate() { awk -v n="$1" -v t="$2" 'BEGIN { printf "%.0f", n / (t > 0 ? t : 1e-9) }'; }
mbs() { awk -v n="$1" -v t="$2" 'BEGIN { printf "%.1f", n / 1e6 / (t > 0 ? t : 1e-9) }'; }
line="RESULT examples=$examples mb=$(awk -v b="$bytes" 'BEGIN { printf "%.1f", b / 1e6 }')"
line+=" learner_ex_per_s=$(rate "$examples" "$best_l") learner_mb_per_s=$(mbs "$bytes" "$best_l")"
if [[ -n "${VW:-}" ]]; then
  line+=" vw_ex_per_s=$(rate "$examples" "$best_v") vw_mb_per_s=$(mbs "$bytes" "$best_v")"
  line+=" speed_ratio=$(awk -v l="$best_l" -v v="$best_v" 'BEGIN { printf "%.2f", v / l }')"
fi
echo "$line"
