# shellcheck shell=bash
# Shared helpers for scripts/bench/*.sh (sourced, not executed).
#
# Provides: repo_root, bench_log, bench_die, bench_help, now_s, ensure_built TARGET,
# find_learner, find_gen_synthetic, find_data_file, synthetic_settings,
# ensure_synthetic, run_measured.
# The sourcing script sets bench_name (the log prefix) first.
# shellcheck disable=SC2154  # bench_name comes from the sourcing script

# Repository root: two levels above this file.
repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"

bench_log() { echo "[$bench_name] $*" >&2; }
# bench_help "$@": with -h or --help first, prints the calling script's header
# comment (line 3 up to `set -euo`) and exits 0.
bench_help() {
  [[ "${1:-}" == "-h" || "${1:-}" == "--help" ]] || return 0
  sed -n '3,/^set -euo/p' "${BASH_SOURCE[1]}" | sed '$d; s/^# \{0,1\}//'
  exit 0
}
bench_die() {
  echo "[$bench_name] error: $*" >&2
  exit 1
}

# Seconds since the epoch with nanoseconds (GNU date).
now_s() { date +%s.%N; }

# ensure_built TARGET: build a CMake target into $repo_root/build, configuring it
# first (Release, the project's defaults) if it was never configured. Prints the path.
ensure_built() {
  local target="$1" build="$repo_root/build"
  if [[ ! -f "$build/CMakeCache.txt" ]]; then
    bench_log "configuring $build (cmake -S $repo_root -B $build -DCMAKE_BUILD_TYPE=Release)"
    cmake -S "$repo_root" -B "$build" -DCMAKE_BUILD_TYPE=Release >&2 ||
      bench_die "cmake configure failed"
  fi
  bench_log "building target $target"
  cmake --build "$build" --target "$target" -j "$(nproc 2>/dev/null || echo 2)" >&2 ||
    bench_die "building $target failed"
  [[ -x "$build/$target" ]] || bench_die "built $target but $build/$target is missing"
  echo "$build/$target"
}

# The learner binary: $LEARNER, else build/learner (built when absent).
find_learner() {
  if [[ -n "${LEARNER:-}" ]]; then
    [[ -x "$LEARNER" && ! -d "$LEARNER" ]] || bench_die "LEARNER=$LEARNER is not an executable file"
    # Absolute: the benchmarks run commands from their work folders.
    if [[ "$LEARNER" == /* ]]; then echo "$LEARNER"; else echo "$PWD/$LEARNER"; fi
  elif [[ -x "$repo_root/build/learner" ]]; then
    echo "$repo_root/build/learner"
  else
    ensure_built learner
  fi
}

# The generator: $GEN_SYNTHETIC, else build/gen_synthetic (built when absent).
find_gen_synthetic() {
  if [[ -n "${GEN_SYNTHETIC:-}" ]]; then
    [[ -x "$GEN_SYNTHETIC" && ! -d "$GEN_SYNTHETIC" ]] ||
      bench_die "GEN_SYNTHETIC=$GEN_SYNTHETIC is not an executable file"
    echo "$GEN_SYNTHETIC"
  elif [[ -x "$repo_root/build/gen_synthetic" ]]; then
    echo "$repo_root/build/gen_synthetic"
  else
    ensure_built gen_synthetic
  fi
}

# Make sure GNU time (/usr/bin/time -v) is there; try to install it when root.
# Returns 1 when it is not available (callers then poll /proc instead).
have_gnu_time() {
  if [[ -x /usr/bin/time ]] && /usr/bin/time -v true >/dev/null 2>&1; then return 0; fi
  if [[ "$(id -u)" == 0 ]] && command -v apt-get >/dev/null; then
    bench_log "installing GNU time (apt-get install time)"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq time >/dev/null 2>&1 ||
      { apt-get update -qq >/dev/null 2>&1 &&
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq time >/dev/null 2>&1; } || true
    [[ -x /usr/bin/time ]] && /usr/bin/time -v true >/dev/null 2>&1 && return 0
  fi
  return 1
}

# run_measured LOG CMD...: run CMD with stdout+stderr to LOG. Sets the globals
# run_wall_s (wall-clock seconds) and run_rss_kb (peak resident set, kB) and returns
# CMD's exit status. Peak RSS comes from /usr/bin/time -v when available, otherwise
# from polling VmHWM in /proc/PID/status every 20 ms (may miss a final short peak).
run_measured() {
  local log="$1"; shift
  local t0 t1 rc=0 timefile
  run_rss_kb=0
  if [[ "${use_gnu_time:-}" == "" ]]; then
    if have_gnu_time; then use_gnu_time=1; else
      use_gnu_time=0
      bench_log "GNU time unavailable; measuring peak RSS by polling /proc"
    fi
  fi
  if [[ "$use_gnu_time" == 1 ]]; then
    timefile="$log.time"
    t0=$(now_s)
    /usr/bin/time -v -o "$timefile" "$@" >"$log" 2>&1 || rc=$?
    t1=$(now_s)
    run_rss_kb=$(awk -F': *' '/Maximum resident set size/ {print $2}' "$timefile")
    run_rss_kb=${run_rss_kb:-0}
  else
    local pid hwm
    t0=$(now_s)
    "$@" >"$log" 2>&1 &
    pid=$!
    while kill -0 "$pid" 2>/dev/null; do
      hwm=$(awk '/^VmHWM:/ {print $2}' "/proc/$pid/status" 2>/dev/null || true)
      if [[ -n "$hwm" ]] && ((hwm > run_rss_kb)); then run_rss_kb=$hwm; fi
      sleep 0.02
    done
    wait "$pid" || rc=$?
    t1=$(now_s)
  fi
  # shellcheck disable=SC2034  # results for the caller
  run_wall_s=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", b - a }')
  return "$rc"
}

# ensure_synthetic GEN BYTES SEED DIR: the deterministic synthetic file of
# the throughput and passes benchmarks, generated once and reused while the
# generator version and size match; warms the page cache. Sets synth_data;
# synth_value KEY reads its stats file (bytes, lines, features, generator).
synth_value() { awk -F= -v k="$1" '$1 == k { print $2; found = 1 } END { exit !found }' "$synth_data.stats"; }
ensure_synthetic() {
  local gen="$1" bytes="$2" seed="$3" dir="$4" version t0 t1
  mkdir -p "$dir"
  synth_data="$dir/synthetic-s$seed-$bytes.vw"
  version="$("$gen" --version)"
  if [[ -s "$synth_data" && -s "$synth_data.stats" ]] && [[ "$(synth_value generator)" == "$version" ]] &&
    [[ "$(synth_value bytes)" == "$(wc -c <"$synth_data" | tr -d ' ')" ]]; then
    bench_log "reusing $synth_data"
  else
    bench_log "generating $synth_data ($gen --bytes $bytes --seed $seed)"
    t0=$(now_s)
    "$gen" --bytes "$bytes" --seed "$seed" --out "$synth_data.tmp" --stats "$synth_data.stats.tmp" --quiet
    mv -f -- "$synth_data.tmp" "$synth_data"
    mv -f -- "$synth_data.stats.tmp" "$synth_data.stats"
    t1=$(now_s)
    bench_log "generated $(synth_value bytes) bytes in $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }') s"
  fi
  cat -- "$synth_data" >/dev/null  # warm the page cache
}

# find_data_file DIR NAME [HINT]: DIR/NAME, else DIR/NAME.gz; dies naming both
# (and HINT) when neither is readable.
find_data_file() {
  if [[ -r "$1/$2" ]]; then echo "$1/$2"
  elif [[ -r "$1/$2.gz" ]]; then echo "$1/$2.gz"
  else bench_die "cannot find $1/$2 (or $2.gz)${3:-}"
  fi
}

# synthetic_settings: the synthetic-data benchmarks' BENCH_BYTES, BENCH_SEED,
# RUNS and BENCH_DIR, checked, into bytes, seed, runs and bench_dir.
# shellcheck disable=SC2034  # the variables are the sourcing script's
synthetic_settings() {
  bytes="${BENCH_BYTES:-200M}"
  seed="${BENCH_SEED:-1}"
  runs="${RUNS:-3}"
  bench_dir="${BENCH_DIR:-$repo_root/build/bench}"
  [[ "$bytes" =~ ^[0-9]+[KkMmGg]?$ ]] || bench_die "BENCH_BYTES=$bytes is not a size like 200M"
  [[ "$seed" =~ ^[0-9]+$ ]] || bench_die "BENCH_SEED=$seed is not a non-negative integer"
  [[ "$runs" =~ ^[1-9][0-9]*$ ]] || bench_die "RUNS=$runs is not a positive integer"
}
