#!/usr/bin/env bash
# Fault injection on every output (issue 17): -f, -p, -r, --readable_model,
# --invert_hash, --cache_file (and the automatic cache, below), and (issue 28) the rating
# tools' -p (learner-lfl, learner-spectral, learner-bpmf) and gen_synthetic --out, found
# next to $LEARNER. For each:
#  * ENOSPC: the output goes to a small tmpfs (needs root and mount; skipped
#    with a message otherwise) that the run fills up;
#  * short writes: RLIMIT_FSIZE (ulimit -f, SIGXFSZ ignored), so the write
#    that crosses the limit is cut short and the next fails with EFBIG;
# and the run must exit 1 with the errno's message, leave the previous file
# byte for byte, and leave no temporary. Then SIGKILL in the middle of a
# model write: the previous model survives intact, and the next run removes
# the temporary the killed one left (and says so).
#
# Usage: LEARNER=build/learner tests/fault/run.sh      Ends with "N passed, M failed, K skipped".
set -uo pipefail
LEARNER="$(realpath "${LEARNER:-build/learner}")"
tmp="$(mktemp -d "${TMPDIR:-/tmp}/fault-test.XXXXXX")"
mnt="$tmp/small"
cleanup() {
  mountpoint -q "$mnt" 2>/dev/null && umount "$mnt"
  rm -rf -- "$tmp"
}
trap cleanup EXIT
cd "$tmp" || exit 1

passed=0 failed=0 skipped=0
pass() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "FAIL  $*"; }
skip() { skipped=$((skipped + 1)); echo "skip  $*"; }

# 12000 lines with names: the readable/invert_hash/prediction outputs are over 48 KiB,
# a -b 16 model is 1 MiB, the cache tens of KiB.
awk 'BEGIN { for (i = 0; i < 12000; i++) printf "%d |u u%d |i i%d x%d:0.5\n", i % 5, i % 700, i % 900, i }' > data.txt

outputs=("-f" "-p" "-r" "--readable_model" "--invert_hash" "--cache_file")
printf '1 |x a\n' > small.txt

# previous FLAG PATH: the file a run's FLAG output replaces: a line of text, or for
# --cache_file a (stale) cache, since a file that is no cache is refused, not replaced.
previous() {
  if [[ "$1" == --cache_file ]]; then
    "$LEARNER" --quiet -d small.txt --cache_file "$2" 2>/dev/null
  else
    printf 'previous content\n' > "$2"
  fi
  cp "$2" previous.copy
}

# check NAME DIR WANT_RE PREFIX...: runs learner with each output in DIR over a
# previous file, under the command PREFIX, and checks exit 1, WANT_RE in stderr,
# the previous file unchanged, no temporary left.
check() {
  local name="$1" dir="$2" want="$3"
  shift 3
  for flag in "${outputs[@]}"; do
    local out="$dir/out${flag//-/_}"
    rm -f "$out" "$out".tmp.*
    previous "$flag" "$out"
    local rc=0
    "$@" "$LEARNER" --quiet -b 16 -d data.txt "$flag" "$out" 2> err.txt || rc=$?
    if ((rc != 1)); then
      fail "$name $flag: exit $rc (want 1): $(head -c 300 err.txt)"
    elif ! grep -q -- "$want" err.txt; then
      fail "$name $flag: stderr lacks '$want': $(head -c 300 err.txt)"
    elif ! cmp -s "$out" previous.copy; then
      fail "$name $flag: the previous file was changed"
    elif compgen -G "$out.tmp.*" >/dev/null; then
      fail "$name $flag: a temporary was left: $(ls "$out".tmp.*)"
    else
      pass
    fi
    rm -f "$out"
  done
}

# The rating tools: 40 users x 30 items to train on, 8000 test pairs, so that every -p file
# (8 to 20 bytes a line) is over 48 KiB; gen_synthetic --out 100K.
tools="$(dirname -- "$LEARNER")"
awk 'BEGIN { for (u = 1; u <= 40; u++) for (i = 1; i <= 30; i++) if ((u * 7 + i * 3) % 5) print u "\t" i "\t" ((u % 2 == i % 2) ? 5 : 1) }' > r.tsv
awk 'BEGIN { for (n = 0; n < 8000; n++) print 1 + n % 40 "\t" 1 + int(n / 40) % 30 "\t" 3 }' > rt.tsv
tool_runs=("learner-lfl --train r.tsv --test rt.tsv --passes 1 -p"
           "learner-spectral --train r.tsv --test rt.tsv --rank 2 -p"
           "learner-bpmf --train r.tsv --test rt.tsv --rank 2 --sweeps 2 --burn_in 1 --quiet -p"
           "gen_synthetic --bytes 100K --quiet --out")

# check_tools NAME DIR WANT_RE PREFIX...: as check, for each of tool_runs (skipped when not built).
check_tools() {
  local name="$1" dir="$2" want="$3"
  shift 3
  for run in "${tool_runs[@]}"; do
    local words
    read -ra words <<< "$run"
    local tool="${words[0]}" out="$dir/out.${words[0]}"
    if [[ ! -x "$tools/$tool" ]]; then
      skip "$name $tool: not built next to $LEARNER"
      continue
    fi
    rm -f "$out" "$out".tmp.*
    printf 'previous content\n' > "$out"
    local rc=0
    "$@" "$tools/$tool" "${words[@]:1}" "$out" > /dev/null 2> err.txt || rc=$?
    if ((rc != 1)); then
      fail "$name $tool ${words[-1]}: exit $rc (want 1): $(head -c 300 err.txt)"
    elif ! grep -q -- "$want" err.txt; then
      fail "$name $tool ${words[-1]}: stderr lacks '$want': $(head -c 300 err.txt)"
    elif [[ "$(cat "$out")" != "previous content" ]]; then
      fail "$name $tool ${words[-1]}: the previous file was changed"
    elif compgen -G "$out.tmp.*" >/dev/null; then
      fail "$name $tool ${words[-1]}: a temporary was left: $(ls "$out".tmp.*)"
    else
      pass
    fi
    rm -f "$out"
  done
}

# ENOSPC on a 48 KiB tmpfs (each output is larger than that).
mkdir -p "$mnt"
if [ "$(id -u)" -eq 0 ] && mount -t tmpfs -o size=48k tmpfs "$mnt" 2>/dev/null; then
  check "ENOSPC" "$mnt" "No space left on device"
  check_tools "ENOSPC" "$mnt" "No space left on device"
  umount "$mnt"
else
  skip "ENOSPC: mounting a small tmpfs needs root (not available here)"
fi

# Short writes then EFBIG: files may not grow past 40 KiB (ulimit -f counts KiB in bash).
limited() { (trap '' XFSZ; ulimit -f 40; exec "$@"); }
mkdir -p big
check "EFBIG" big "File too large" limited
check_tools "EFBIG" big "File too large" limited

# The automatic cache of passes that do not fit --pass_memory (src/cli/auto_cache.h) cannot be
# written: a warning, the passes read the text, the run's result is the one of --pass_memory 0,
# and nothing is left in $TMPDIR. ENOSPC (a full tmpfs as $TMPDIR) and EFBIG (ulimit -f; no
# other output, the summary's loss is compared).
auto_args=(-d data.txt --passes 3 --holdout_off -b 16)
"$LEARNER" "${auto_args[@]}" --pass_memory 0 2>&1 | grep '^average loss' > want_loss.txt
check_auto() {  # NAME TMPDIR PREFIX...
  local name="$1" dir="$2"
  shift 2
  local rc=0
  TMPDIR="$dir" "$@" "$LEARNER" "${auto_args[@]}" --pass_memory 1 2> err.txt || rc=$?
  if ((rc != 0)); then
    fail "automatic cache, $name: exit $rc (want 0): $(head -c 300 err.txt)"
  elif ! grep -q "warning: cannot write the automatic cache" err.txt; then
    fail "automatic cache, $name: no warning: $(head -c 300 err.txt)"
  elif [[ "$(grep '^average loss' err.txt)" != "$(cat want_loss.txt)" ]]; then
    fail "automatic cache, $name: the loss differs from reading the text"
  elif [[ -n "$(ls -A "$dir")" ]]; then
    fail "automatic cache, $name: left $(ls -A "$dir")"
  else
    pass
  fi
}
mkdir -p auto_tmp
if [ "$(id -u)" -eq 0 ] && mount -t tmpfs -o size=48k tmpfs "$mnt" 2>/dev/null; then
  check_auto "ENOSPC" "$mnt"
  umount "$mnt"
else
  skip "automatic cache, ENOSPC: mounting a small tmpfs needs root (not available here)"
fi
check_auto "EFBIG" auto_tmp limited

# SIGKILL mid-write of a 64 MiB model (-b 22): the previous model survives.
"$LEARNER" --quiet -d small.txt -b 22 -f model.bin
cp model.bin model.before
"$LEARNER" --quiet -d data.txt -b 22 -f model.bin &
pid=$!
caught=0
for _ in $(seq 1 2000); do
  if compgen -G "model.bin.tmp.*" >/dev/null; then
    kill -KILL "$pid" 2>/dev/null && caught=1
    break
  fi
  kill -0 "$pid" 2>/dev/null || break
  sleep 0.005
done
wait "$pid" 2>/dev/null
if ((caught == 0)); then
  skip "SIGKILL: the model write finished before it could be interrupted"
elif ! cmp -s model.bin model.before; then
  fail "SIGKILL: the previous model changed"
else
  pass
  # The next run writing model.bin removes the killed run's temporary and says so.
  "$LEARNER" --quiet -d small.txt -b 22 -f model.bin 2> err.txt
  if compgen -G "model.bin.tmp.*" >/dev/null; then
    fail "SIGKILL: the stale temporary is still there after the next run"
  elif ! grep -q "stale temporary" err.txt; then
    fail "SIGKILL: the next run did not report the stale temporary: $(cat err.txt)"
  else
    pass
  fi
fi

echo "$passed passed, $failed failed, $skipped skipped"
((failed == 0))
