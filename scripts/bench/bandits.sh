#!/usr/bin/env bash
# shellcheck source-path=SCRIPTDIR disable=SC2034  # bench_name is used by lib.sh
# bandits.sh: contextual bandits (issue 31), learner beside VW. --cbify K on pendigits, R8 and a9a
# with epsilon-greedy, bag, cover, squarecb and regcb, and logged-data rows (--cb_adf ips, dr,
# mtr and --cb_explore_adf) on a log of pendigits made by a uniform logging policy.
#
# Usage: scripts/bench/bandits.sh [DATA_DIR]
#   DATA_DIR   folder with pendigits/, r8/, a9a/ [default: ${LEARNER_DATA:-<repo>/../shared/data}]
# Environment:
#   LEARNER=path   learner binary [default: <repo>/build/learner, built if absent]
#   VW=path        VW binary: its loss and examples/s beside learner's, with the same flags
#   OUT_DIR=path   results folder [default: <repo>/build/bench/bandits]
#   ONLY=regex     run only the rows whose "stream/row" matches (e.g. ONLY='^a9a/')
#   REPEATS=N      time each reported run N times (median) [default: 1]
#   REPLICATES=N   shuffles of each stream; a row reports the mean over them [default: 30]
#
# The table (streams, rows, grids, seeds) is scripts/bench/bandits/experiments.py. Protocol: each
# stream is shuffled REPLICATES times (seeds 31, 32, ...); on each shuffle the learning rate and
# the row's own setting (epsilon, gamma scale, mellowness) are chosen on its first 20%, each tool
# on its own; the chosen setting runs from a fresh model on the other 80%. A row reports the mean
# (and standard deviation) of those runs' progressive losses and the examples/s over them all:
# one shuffle's loss is noise-bound (pendigits --cover: learner and VW differ by 3.4% on one
# shuffle, by +0.15% +- 0.34% on average over 100). A row whose flags learner refuses is "not
# built", not an error.
# Writes OUT_DIR/results.json, table.txt and commands.log; prints the table and ends with
#   RESULT rows=N ran=R not_built=B errors=E [vw_compared=C not_worse=W ..._speed_ratio=X] STREAM_ROW=loss ...
# Exit status 1 when a row failed.
set -euo pipefail

bench_name=bandits
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source "$here/lib.sh"

bench_help "$@"
(($# <= 1)) || bench_die "usage: scripts/bench/bandits.sh [DATA_DIR]"
data_dir="${1:-${LEARNER_DATA:-$repo_root/../shared/data}}"
[[ -d "$data_dir" ]] || bench_die "no data folder $data_dir; pass DATA_DIR or set LEARNER_DATA"
[[ -z "${VW:-}" || -x "$VW" ]] || bench_die "VW=$VW is not an executable file"
repeats="${REPEATS:-1}"
[[ "$repeats" =~ ^[1-9][0-9]*$ ]] || bench_die "REPEATS=$repeats is not a positive integer"
replicates=()  # experiments.py's REPLICATES unless set
if [[ -n "${REPLICATES:-}" ]]; then
  [[ "$REPLICATES" =~ ^[1-9][0-9]*$ ]] || bench_die "REPLICATES=$REPLICATES is not a positive integer"
  replicates=(--replicates "$REPLICATES")
fi

LEARNER="$(find_learner)"
export LEARNER
out_dir="${OUT_DIR:-$repo_root/build/bench/bandits}"
mkdir -p "$out_dir"
exec python3 "$here/bandits" "$data_dir" "$out_dir" --only "${ONLY:-}" --repeats "$repeats" "${replicates[@]}"
