#!/usr/bin/env bash
# shellcheck source-path=SCRIPTDIR disable=SC2034,SC2154  # bench_name, run_* shared with lib.sh
# passes.sh: cost of a text pass vs. a cached pass (--passes with -c/--cache_file) on the
# synthetic file of the throughput benchmark.
#
# Usage: scripts/bench/passes.sh
# Environment:
#   LEARNER=path        learner binary [default: <repo>/build/learner, built if absent]
#   GEN_SYNTHETIC=path  generator [default: <repo>/build/gen_synthetic, built if absent]
#   BENCH_DIR=dir       cache folder for the data [default: <repo>/build/bench]
#   BENCH_BYTES=N       data size, suffixes K/M/G = 10^3/10^6/10^9 [default: 200M]
#   BENCH_SEED=S        generator seed [default: 1]
#   PASSES=n            passes of the multi-pass run [default: 3]
#   RUNS=n              timed runs of each kind; medians are reported [default: 3]
#
# The data is the throughput benchmark's (same generator, same file name under BENCH_DIR,
# shared with scripts/bench/throughput.sh). Three kinds of run, all with
#   --loss_function logistic -b 22
#   multi:  --passes $PASSES --cache_file WORK/c.cache -k   pass 1 reads the text and writes the
#           cache, later passes read the cache; per-pass times come from the learner's
#           "seconds per pass" summary line (holdout is on, as for any multi-pass run)
#   text:   one pass over the text, no cache (wall clock, includes start-up)
#   cache:  one pass with --cache_file WORK/c.cache, an existing valid cache (wall clock)
# Units: MB = 10^6 bytes of the text file per second of pass time.
# Last line: RESULT text_pass_s=.. cache_pass_s=.. speedup=.. text_mb_per_s=.. cache_mb_per_s=..
#            text_only_s=.. cache_only_s=.. only_speedup=..
# (text_pass_s / cache_pass_s: pass 1 and the median later pass of the multi runs.)
set -euo pipefail

bench_name=passes
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source "$here/lib.sh"

bench_help "$@"
(($# == 0)) || bench_die "usage: scripts/bench/passes.sh (settings via environment; see --help)"

synthetic_settings
passes="${PASSES:-3}"
if ! [[ "$passes" =~ ^[0-9]+$ ]] || ((passes < 2)); then bench_die "PASSES=$passes must be an integer >= 2"; fi

learner="$(find_learner)"
gen="$(find_gen_synthetic)"

# --- data (shared with throughput.sh) ----------------------------------------
ensure_synthetic "$gen" "$bytes" "$seed" "$bench_dir"
data="$synth_data"
file_bytes="$(synth_value bytes)"
bench_log "data: $file_bytes bytes, $(synth_value lines) examples"

work="$(mktemp -d "${TMPDIR:-/tmp}/passes-bench.XXXXXX")"
trap 'rm -rf -- "$work"' EXIT
cache="$work/c.cache"
common=(-d "$data" --loss_function logistic -b 22)

median() {
  tr ' ' '\n' | sed '/^$/d' | sort -g |
    awk '{ v[NR] = $1 } END { if (NR == 0) exit 1; printf "%.3f", (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# The pass times of a run's log: "seconds per pass = 2.1 (text) 0.6 (cache) ...".
pass_times() { awk -F' = ' '/^seconds per pass = / { print $2 }' "$1"; }

first_passes="" later_passes=""
for ((i = 1; i <= runs; i++)); do
  log="$work/multi.$i.log"
  run_measured "$log" "$learner" "${common[@]}" --passes "$passes" --cache_file "$cache" -k ||
    { tail -n 20 "$log" >&2; bench_die "multi-pass run $i failed (log above)"; }
  times="$(pass_times "$log")"
  [[ -n "$times" ]] || bench_die "no 'seconds per pass' line in $log"
  bench_log "multi $i: ${run_wall_s} s wall; seconds per pass = $times"
  read -r -a fields <<<"$times"
  [[ "${fields[1]}" == "(text)" ]] || bench_die "pass 1 of run $i was not a text pass: $times"
  first_passes="$first_passes ${fields[0]}"
  for ((k = 2; k < ${#fields[@]}; k += 2)); do
    [[ "${fields[k + 1]}" == "(cache)" ]] || bench_die "a later pass of run $i did not read the cache: $times"
    later_passes="$later_passes ${fields[k]}"
  done
done
[[ -n "$later_passes" ]] || bench_die "early termination left no cached pass; use more data"

text_walls="" cache_walls=""
for ((i = 1; i <= runs; i++)); do
  run_measured "$work/text.$i.log" "$learner" "${common[@]}" --quiet ||
    bench_die "text run $i failed: $(tail -n 3 "$work/text.$i.log")"
  text_walls="$text_walls $run_wall_s"
  run_measured "$work/cache.$i.log" "$learner" "${common[@]}" --cache_file "$cache" ||
    bench_die "cache run $i failed: $(tail -n 3 "$work/cache.$i.log")"
  grep -q '^using cache_file' "$work/cache.$i.log" || bench_die "cache run $i did not use the cache"
  cache_walls="$cache_walls $run_wall_s"
  bench_log "single passes $i: text ${text_walls##* } s, cache $run_wall_s s (wall, with start-up)"
done

text_pass="$(echo "$first_passes" | median)"
cache_pass="$(echo "$later_passes" | median)"
text_only="$(echo "$text_walls" | median)"
cache_only="$(echo "$cache_walls" | median)"
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", (b > 0) ? a / b : 0 }'; }
mbps() { awk -v t="$1" -v b="$file_bytes" 'BEGIN { if (t <= 0) t = 0.001; printf "%.1f", b / 1e6 / t }'; }
cache_mb="$(awk '{ printf "%.1f", $1 / 1e6 }' < <(wc -c <"$cache"))"

printf 'cache file:            %s MB for %s MB of text\n' "$cache_mb" "$(awk -v b="$file_bytes" 'BEGIN { printf "%.1f", b / 1e6 }')"
printf 'pass 1 (text + write): %7.3f s  %7s MB/s   (median of %d runs with --passes %d)\n' \
  "$text_pass" "$(mbps "$text_pass")" "$runs" "$passes"
printf 'later passes (cache):  %7.3f s  %7s MB/s   speed-up %sx\n' \
  "$cache_pass" "$(mbps "$cache_pass")" "$(ratio "$text_pass" "$cache_pass")"
printf 'one text pass:         %7.3f s  %7s MB/s   (separate run, no cache, wall clock)\n' \
  "$text_only" "$(mbps "$text_only")"
printf 'one cached pass:       %7.3f s  %7s MB/s   speed-up %sx (separate run, wall clock)\n' \
  "$cache_only" "$(mbps "$cache_only")" "$(ratio "$text_only" "$cache_only")"
echo "RESULT text_pass_s=$text_pass cache_pass_s=$cache_pass speedup=$(ratio "$text_pass" "$cache_pass")" \
  "text_mb_per_s=$(mbps "$text_pass") cache_mb_per_s=$(mbps "$cache_pass")" \
  "text_only_s=$text_only cache_only_s=$cache_only only_speedup=$(ratio "$text_only" "$cache_only")"
