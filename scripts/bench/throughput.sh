#!/usr/bin/env bash
# shellcheck source-path=SCRIPTDIR disable=SC2034,SC2154  # bench_name, run_* shared with lib.sh
# throughput.sh: speed and memory benchmark on a deterministic synthetic file.
#
# Usage: scripts/bench/throughput.sh
# Environment:
#   LEARNER=path        learner binary [default: <repo>/build/learner, built if absent]
#   VW=path             also time Vowpal Wabbit on the same file and report the ratio
#   GEN_SYNTHETIC=path  generator [default: <repo>/build/gen_synthetic, built if absent]
#   BENCH_DIR=dir       cache folder for the data [default: <repo>/build/bench]
#   BENCH_BYTES=N       data size, suffixes K/M/G = 10^3/10^6/10^9 [default: 200M]
#   BENCH_SEED=S        generator seed [default: 1]
#   RUNS=n              timed runs per binary; the median wall time is reported [default: 3]
#
# The data (about 400k lines, 60 features each in |a |b |c) is generated once by
#   gen_synthetic --bytes $BENCH_BYTES --seed $BENCH_SEED --out FILE --stats FILE.stats
# and reused while gen_synthetic --version is unchanged. The file is read once before
# timing so that the page cache, not the disk, feeds every run. Each run is
#   learner -d FILE --loss_function logistic -b 22 --quiet
# timed by wall clock, with peak RSS from /usr/bin/time -v (or /proc polling).
# Units: MB = 10^6 bytes for throughput, peak RSS in MiB (2^20 bytes); features/s counts
# the 60 features written per line (the constant feature is not counted).
# Last line: RESULT mb_per_s=.. examples_per_s=.. features_per_s=.. peak_rss_mb=..
#            [vw_mb_per_s=.. vw_peak_rss_mb=.. speed_ratio=..]  (speed_ratio = learner / vw)
set -euo pipefail

bench_name=throughput
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source "$here/lib.sh"

bench_help "$@"
(($# == 0)) || bench_die "usage: scripts/bench/throughput.sh (settings via environment; see --help)"

synthetic_settings

learner="$(find_learner)"
if [[ -n "${VW:-}" ]]; then
  [[ -x "$VW" && ! -d "$VW" ]] || bench_die "VW=$VW is not an executable file"
fi
gen="$(find_gen_synthetic)"

# --- data (cached) ---------------------------------------------------------
ensure_synthetic "$gen" "$bytes" "$seed" "$bench_dir"
data="$synth_data"
file_bytes="$(synth_value bytes)"
file_lines="$(synth_value lines)"
file_features="$(synth_value features)"
bench_log "data: $file_bytes bytes, $file_lines examples, $file_features features"

work="$(mktemp -d "${TMPDIR:-/tmp}/throughput-bench.XXXXXX")"
trap 'rm -rf -- "$work"' EXIT

# measure NAME BINARY: RUNS timed runs; sets m_wall (median s) and m_rss_mb (max MiB).
measure() {
  local name="$1" bin="$2" i walls="" rss_max=0
  bench_log "$name: $bin -d $data --loss_function logistic -b 22 --quiet   (x$runs)"
  for ((i = 1; i <= runs; i++)); do
    if ! run_measured "$work/$name.$i.log" "$bin" -d "$data" --loss_function logistic -b 22 --quiet; then
      tail -n 20 "$work/$name.$i.log" >&2
      bench_die "$name: run $i failed (log above)"
    fi
    bench_log "$name: run $i: ${run_wall_s} s, peak RSS $((run_rss_kb / 1024)) MiB"
    walls="$walls $run_wall_s"
    if ((run_rss_kb > rss_max)); then rss_max=$run_rss_kb; fi
  done
  m_wall="$(echo "$walls" | tr ' ' '\n' | sed '/^$/d' | sort -g |
    awk '{ v[NR] = $1 } END { printf "%.3f", (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }')"
  m_rss_mb="$(awk -v k="$rss_max" 'BEGIN { printf "%.1f", k / 1024 }')"
}

# rates WALL: prints "mb_per_s examples_per_s features_per_s".
rates() {
  awk -v t="$1" -v b="$file_bytes" -v l="$file_lines" -v f="$file_features" \
    'BEGIN { if (t <= 0) t = 0.001; printf "%.1f %.0f %.0f", b / 1e6 / t, l / t, f / t }'
}

measure learner "$learner"
read -r mbs exs fts <<<"$(rates "$m_wall")"
printf 'learner: %8.1f MB/s %10s examples/s %12s features/s  peak RSS %7s MiB  (median of %d, %s s)\n' \
  "$mbs" "$exs" "$fts" "$m_rss_mb" "$runs" "$m_wall"
rss="$m_rss_mb"
result="RESULT mb_per_s=$mbs examples_per_s=$exs features_per_s=$fts peak_rss_mb=$rss"

if [[ -n "${VW:-}" ]]; then
  measure vw "$VW"
  read -r vmbs vexs vfts <<<"$(rates "$m_wall")"
  printf 'vw:      %8.1f MB/s %10s examples/s %12s features/s  peak RSS %7s MiB  (median of %d, %s s)\n' \
    "$vmbs" "$vexs" "$vfts" "$m_rss_mb" "$runs" "$m_wall"
  ratio="$(awk -v a="$mbs" -v b="$vmbs" 'BEGIN { printf "%.2f", (b > 0) ? a / b : 0 }')"
  echo "learner/vw speed ratio: $ratio"
  result="$result vw_mb_per_s=$vmbs vw_peak_rss_mb=$m_rss_mb speed_ratio=$ratio"
fi
echo "$result"
