#!/usr/bin/env bash
# Builds the libFuzzer targets (tests/fuzz, clang, ASan + UBSan) into
# $FUZZ_BUILD (default build-fuzz/) and runs each for SECONDS (default 30) on
# a copy of its committed seed corpus (tests/fuzz/corpus/<target>/; new
# inputs go to $FUZZ_BUILD/corpus/<target>, crashes to
# $FUZZ_BUILD/crashes/<target>/). Exits non-zero when a target crashes.
#   scripts/fuzz.sh [SECONDS]        TARGETS="text_parser cache_reader" scripts/fuzz.sh 600
# FUZZ_NO_BUILD=1 skips the build (to run several fuzz.sh at once on one build).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SECONDS_EACH="${1:-30}"
FUZZ_BUILD="${FUZZ_BUILD:-$ROOT/build-fuzz}"
TARGETS="${TARGETS:-text_parser label_grammar json_reader dsjson_reader dsjson_bandit csv_reader gzip_reader cache_reader model_reader rating_reader}"
command -v clang++ >/dev/null || { echo "fuzz.sh: clang++ is not installed (apt-get install clang)" >&2; exit 1; }

if [ -z "${FUZZ_NO_BUILD:-}" ]; then
  cmake -S "$ROOT" -B "$FUZZ_BUILD" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ \
    -DLEARNER_FUZZ=ON -DLEARNER_TESTS=OFF -DCMAKE_UNITY_BUILD=ON >/dev/null
  # shellcheck disable=SC2086
  cmake --build "$FUZZ_BUILD" -j"$(nproc)" --target $(for t in $TARGETS; do printf '%s_fuzz ' "$t"; done)
fi

# Targets run side by side, one per core (a smoke run of 9 targets x 10 s takes 50 s, not 90,
# on two cores); each writes its own log, printed in order afterwards.
run_target() {
  local t="$1" work="$FUZZ_BUILD/corpus/$1" crashes="$FUZZ_BUILD/crashes/$1"
  mkdir -p "$work" "$crashes"
  cp -n "$ROOT/tests/fuzz/corpus/$t/"* "$work/" 2>/dev/null || true
  local rc=0
  ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1 "$FUZZ_BUILD/tests/fuzz/${t}_fuzz" \
    -max_total_time="$SECONDS_EACH" -rss_limit_mb=2048 -max_len=65536 -print_final_stats=1 \
    -artifact_prefix="$crashes/" "$work" 2>"$FUZZ_BUILD/$t.log" || rc=$?
  echo "$rc" >"$FUZZ_BUILD/$t.status"
}
jobs_max="$(nproc)"
for t in $TARGETS; do
  rm -f "$FUZZ_BUILD/$t.status"
  while (($(jobs -rp | wc -l) >= jobs_max)); do wait -n || true; done
  run_target "$t" &
done
wait
status=0
for t in $TARGETS; do
  echo "== $t: ${SECONDS_EACH}s =="
  if [ "$(cat "$FUZZ_BUILD/$t.status" 2>/dev/null)" != 0 ]; then
    echo "fuzz.sh: $t crashed; see $FUZZ_BUILD/$t.log and $FUZZ_BUILD/crashes/$t/" >&2
    status=1
  fi
  grep -E "stat::number_of_executed_units|stat::peak_rss_mb" "$FUZZ_BUILD/$t.log" | sed "s/^/  /" || true
done
exit $status
