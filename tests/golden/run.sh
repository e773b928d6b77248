#!/usr/bin/env bash
# The golden test: every configuration of configs.txt must give the same model (-f),
# (its SHA-256), predictions (-p, training and -t -i MODEL) and --readable_model, byte for byte, as the
# files in expected/ (written by the binary of the commit that added them).
#   LEARNER=build-dev/learner bash tests/golden/run.sh            # compare
#   LEARNER=build-dev/learner bash tests/golden/run.sh --update   # rewrite expected/ (review the diff!)
set -u
here=$(cd "$(dirname "$0")" && pwd)
learner=${LEARNER:-$here/../../build-dev/learner}
update=0
[ "${1:-}" = "--update" ] && update=1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0 count=0
while read -r name data args; do
  case "$name" in ''|'#'*) continue ;; esac
  count=$((count + 1))
  out=$work/$name
  mkdir -p "$out"
  # shellcheck disable=SC2086
  if ! "$learner" -d "$here/data/$data" $args --quiet -f "$out/model.bin" -p "$out/train.pred" \
         --readable_model "$out/readable.txt" 2>"$out/train.err" </dev/null; then
    if grep -q "is not in this build" "$out/train.err"; then echo "skip $name: not in this build"; continue; fi
    echo "FAIL $name: training exited non-zero:"; cat "$out/train.err"; failed=$((failed + 1)); continue
  fi
  if ! "$learner" -d "$here/data/$data" -t -i "$out/model.bin" --quiet -p "$out/test.pred" \
         2>"$out/test.err" </dev/null; then
    echo "FAIL $name: -t -i exited non-zero:"; cat "$out/test.err"; failed=$((failed + 1)); continue
  fi
  rm -f "$out"/*.err
  # The model itself is compared by its SHA-256 (binary, tens of KB each): as strict, smaller.
  sha256sum <"$out/model.bin" | cut -d' ' -f1 >"$out/model.sha256"
  rm "$out/model.bin"
  if [ $update = 1 ]; then
    rm -rf "$here/expected/$name"; mkdir -p "$here/expected/$name"; cp "$out"/* "$here/expected/$name/"
    continue
  fi
  for f in model.sha256 train.pred readable.txt test.pred; do
    if ! cmp -s "$out/$f" "$here/expected/$name/$f"; then
      echo "FAIL $name: $f differs from expected/$name/$f"; failed=$((failed + 1))
    fi
  done
done <"$here/configs.txt"
if [ $update = 1 ]; then echo "golden: wrote expected/ for $count configurations"; exit 0; fi
echo "golden: $count configurations, $failed differences"
[ $failed = 0 ]
