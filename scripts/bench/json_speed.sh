#!/usr/bin/env bash
# shellcheck source-path=SCRIPTDIR disable=SC2154  # settings shared with lib.sh
# json_speed.sh: --json input throughput of learner and, with VW=path, of VW.
#
# Usage: scripts/bench/json_speed.sh
# Environment:
#   LEARNER=path   learner binary [default: <repo>/build/learner, built if absent]
#   VW=path        also run Vowpal Wabbit on the same file, interleaved with learner
#   VW2JSON=path   the converter [default: <repo>/build/vw2json, built if absent]
#   JSON_BYTES=N   size of the JSON file, suffixes K/M/G = 10^3/10^6/10^9 [default: 200M]
#   BENCH_DIR, BENCH_SEED, GEN_SYNTHETIC: as throughput.sh; RUNS=n runs per binary [3]
#
# Data: the synthetic text of throughput.sh (60 features per line in |a |b |c),
# converted by vw2json into --json lines (namespaces as objects, |b's words as
# "_text"), cut at JSON_BYTES and kept in BENCH_DIR. Every run, learner and VW alike:
#   BIN --json --chain_hash -d FILE --loss_function logistic -b 22 --quiet
# (--chain_hash so string features hash as the text's name:value; no cache).
# Speed: MB (10^6 bytes) per CPU second (user + sys from /usr/bin/time, all threads),
# median of RUNS; CPU time rather than wall time because the machine may be shared.
# Last line: RESULT json_mb=.. learner_mb_per_cpu_s=.. [vw_mb_per_cpu_s=.. ratio=..]
set -euo pipefail

bench_name=json_speed
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source "$here/lib.sh"
bench_help "$@"
(($# == 0)) || bench_die "usage: scripts/bench/json_speed.sh (settings via environment; see --help)"

BENCH_BYTES="${JSON_BYTES:-200M}" synthetic_settings
learner="$(find_learner)"
[[ -z "${VW:-}" || (-x "$VW" && ! -d "$VW") ]] || bench_die "VW=$VW is not an executable file"
vw2json="${VW2JSON:-$repo_root/build/vw2json}"
[[ -x "$vw2json" ]] || vw2json="$(ensure_built vw2json)"
[[ -x /usr/bin/time ]] || bench_die "needs GNU time (/usr/bin/time; apt-get install time)"

# --- data: synthetic text -> JSON lines (kept) -----------------------------
ensure_synthetic "$(find_gen_synthetic)" "$bytes" "$seed" "$bench_dir"
json="$bench_dir/synthetic-s$seed-$bytes.json"
if [[ ! -s "$json" || "$json" -ot "$synth_data" || "$json" -ot "$vw2json" ]]; then
  bench_log "converting $synth_data -> $json (vw2json --bytes $bytes)"
  "$vw2json" --bytes "$bytes" <"$synth_data" >"$json.tmp"
  mv -f -- "$json.tmp" "$json"
fi
json_bytes="$(wc -c <"$json" | tr -d ' ')"
cat -- "$json" >/dev/null  # warm the page cache
bench_log "data: $json_bytes bytes, $(wc -l <"$json" | tr -d ' ') examples"

work="$(mktemp -d "${TMPDIR:-/tmp}/json-speed.XXXXXX")"
trap 'rm -rf -- "$work"' EXIT

# cpu_run NAME BIN: one run; appends its CPU seconds to $work/NAME.cpu. GNU time counts in
# hundredths of a second, so a shorter run reads 0: it is counted as 0.01 s (its speed is then a
# lower bound) rather than dividing by zero into "inf".
cpu_run() {
  /usr/bin/time -f '%U %S' -o "$work/$1.time" "$2" --json --chain_hash -d "$json" \
    --loss_function logistic -b 22 --quiet >"$work/$1.log" 2>&1 || { tail -n 5 "$work/$1.log" >&2; bench_die "$1 failed"; }
  awk '{ s = $1 + $2; printf "%.3f\n", (s < 0.01 ? 0.01 : s) }' "$work/$1.time" >>"$work/$1.cpu"
  bench_log "$1: $(tail -n 1 "$work/$1.cpu") CPU s"
}
median() { sort -n "$work/$1.cpu" | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
speed() { awk -v b="$json_bytes" -v s="$(median "$1")" 'BEGIN { printf "%.1f", b / 1e6 / s }'; }

for ((i = 1; i <= runs; i++)); do
  cpu_run learner "$learner"
  [[ -z "${VW:-}" ]] || cpu_run vw "$VW"
done

result="json_mb=$(awk -v b="$json_bytes" 'BEGIN { printf "%.1f", b / 1e6 }') learner_mb_per_cpu_s=$(speed learner)"
if [[ -n "${VW:-}" ]]; then
  result+=" vw_mb_per_cpu_s=$(speed vw) ratio=$(awk -v a="$(median vw)" -v b="$(median learner)" 'BEGIN { printf "%.2f", a / b }')"
else
  bench_log "VW not set: learner alone"
fi
echo "RESULT $result"
