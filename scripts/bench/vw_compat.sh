#!/usr/bin/env bash
# shellcheck source-path=SCRIPTDIR disable=SC2034  # bench_name is used by lib.sh
# vw_compat.sh: runs a table of VW command lines (scripts/bench/vw_compat/commands.py: 101 rows
# taken from VW 9.11's test suite, demos and --help, covering issue 15's flags and the core
# ones) with learner and, when VW is given, with VW; prints each command's average loss for
# both tools, their ratio and learner's status (ran / rejected: unknown flag / error).
#
# Usage: VW_TEST_DATA=DIR scripts/bench/vw_compat.sh
#   VW_TEST_DATA=dir  VW's test folder (holding train-sets/, test-sets/, ...), from VW 9.11's own
#                     repository (its test/ folder). Nothing is copied: the
#                     work folders hold links to its files.
# Environment:
#   LEARNER=path      learner binary [default: <repo>/build/learner, built if absent]
#   VW=path           VW's binary (9.11, built from VW's public repository outside this tree): adds its column
#   OUT_DIR=path      results folder [default: <repo>/build/bench/vw_compat]
#   TIMEOUT=seconds   per command [default: 300]
#   ONLY="t1 t22"     run only these rows (by name)
#
# Writes OUT_DIR/results.json (every run's status, loss, exit status and stderr tail) and
# OUT_DIR/table.txt; the last line is
#   RESULT commands=… ran=… [vw_ran=… compared=…] not_worse=… ref_compared=… ref_not_worse=… pred_compared=…
#          pred_matched=… rejected=…
# (not_worse: rows where learner's average loss <= 1.01 x VW's, n/a without VW; the vw_ref
# column and ref_* compare with the average loss VW's own test suite expects for the command,
# read from VW_TEST_DATA's core.vwtest.json reference files, so they need no VW binary; pred_*
# compare the prediction files learner wrote with the reference predictions VW's suite ships for
# the command as VW's own runner does: test/run_tests.py --fuzzy_compare --epsilon 0.001, its CI's
# setting, JSON references as JSON; runner.py compare_predictions).
# Exit status 0 once the table is written (a rejected command is a row, not a failure);
# 1 when a tool or the data is missing; 2 on a usage error.
set -euo pipefail

bench_name=vw_compat
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source "$here/lib.sh"

bench_help "$@"
if (($# > 0)); then
  echo "usage: VW_TEST_DATA=DIR [VW=path] scripts/bench/vw_compat.sh   (--help for details)" >&2
  exit 2
fi
test_dir="${VW_TEST_DATA:-}"
[[ -n "$test_dir" ]] || bench_die "set VW_TEST_DATA to VW's test folder (with train-sets/), e.g. the test/ folder of VW 9.11's repository"
[[ -d "$test_dir/train-sets" ]] || bench_die "$test_dir has no train-sets/ folder"
LEARNER="$(find_learner)"
export LEARNER
if [[ -n "${VW:-}" ]]; then
  [[ -x "$VW" && ! -d "$VW" ]] || bench_die "VW=$VW is not an executable file"
  export VW
fi
out_dir="${OUT_DIR:-$repo_root/build/bench/vw_compat}"
mkdir -p "$out_dir"
exec python3 "$here/vw_compat" "$test_dir" "$out_dir"
