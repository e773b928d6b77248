# Sourced by the shell test scripts (tests/scripts/run.sh, tests/mpi/run.sh): the pass/fail
# tally. `verbose=1` before sourcing (or later) prints passing checks too.
passed=0
failed=0
pass() {
  passed=$((passed + 1))
  ((${verbose:-0})) && echo "ok    $1"
  return 0
}
fail() {
  failed=$((failed + 1))
  echo "FAIL  $1"
  shift
  (($#)) && printf '      %s\n' "$@"
  return 0
}
