#!/usr/bin/env bash
# End-to-end tests of --allreduce (issue 16; docs/allreduce.md) under Open MPI's
# mpirun, oversubscribed (more ranks than cores is fine: each test is small).
#   * mpirun -np 1 equals the run without MPI bit for bit (model file and -p);
#   * -np 2 and -np 4 leave the same model on every rank after every pass
#     (-f m-%r.model --save_per_pass: every rank writes its copy) and reach the
#     single-process test loss within 1% on a generated logistic problem;
#   * --shard_by line hands every line to exactly one rank (plain and gzip);
#   * a rank that fails (a malformed line in its shard, a missing shard) ends
#     every rank with a non-zero exit, its message on stderr, no model, and no
#     deadlock (every mpirun runs under `timeout`);
#   * a rank with an empty shard works;
#   * an output named with %r is refused where it is the rank's own input (-p d-%r.vw -d d-%r.vw).
#   * MPI faults (issue 28), each under a 30 s timeout, must end by themselves with a
#     non-zero exit and no model: ranks started with different options (-b, learner,
#     --passes, loss, --quiet) all fail with one message naming the options; a rank
#     killed with SIGKILL mid-pass; a rank whose file is missing; collectives of
#     different sizes or kinds (mpi_group_check, built beside learner);
#   * --shard_by line with -c keeps one cache per rank (<data>.<rank>.cache).
#   * options naming namespaces are checked over the ranks' united pass 1.
# Skips (exit 0, with a message) only when mpirun is absent or learner was built
# without MPI. Usage: LEARNER=build/learner tests/mpi/run.sh [-v]
set -uo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
LEARNER="${LEARNER:-$root/build/learner}"
[[ "$LEARNER" == /* ]] || LEARNER="$PWD/$LEARNER"
verbose=0
[[ "${1:-}" == "-v" ]] && verbose=1

if ! command -v mpirun >/dev/null; then
  echo "mpi tests: SKIPPED: mpirun not found (Debian: apt-get install openmpi-bin libopenmpi-dev, then rebuild)"
  exit 0
fi
probe="$("$LEARNER" --allreduce -d /dev/null --quiet 2>&1)"  # a group of one, or "needs learner built with MPI"
if [[ "$probe" == *"built with MPI"* ]]; then
  echo "mpi tests: SKIPPED: $LEARNER was built without MPI (libopenmpi-dev missing, or -DLEARNER_MPI=OFF)"
  exit 0
fi
# Open MPI refuses to start as root without these (containers, CI).
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
# Keep Open MPI on the loopback/shared-memory transports and quiet about the lack of others.
export OMPI_MCA_btl_base_warn_component_unused=0 OMPI_MCA_rmaps_base_oversubscribe=1
# Oversubscribed ranks waiting in a collective yield the core instead of polling it.
export OMPI_MCA_mpi_yield_when_idle=1

tmp="$(mktemp -d "${TMPDIR:-/tmp}/mpi-test.XXXXXX")"
trap 'rm -rf -- "$tmp"' EXIT
cd "$tmp" || exit 1

# shellcheck source=tests/support/tally.sh
source "$root/tests/support/tally.sh"
check() {  # check NAME CONDITION-COMMAND... : passes when the command succeeds
  local name="$1"
  shift
  if "$@"; then pass "$name"; else fail "$name" "$*"; fi
}
# run N ARGS...: mpirun -np N learner --allreduce ARGS, under a 60 s timeout;
# stdout+stderr in out.txt, exit status in $rc.
run() {
  local n="$1"
  shift
  rc=0
  timeout 60 mpirun --oversubscribe -np "$n" "$LEARNER" --allreduce "$@" >out.txt 2>&1 || rc=$?
}
loss_of() { "$LEARNER" -t -i "$1" -d test.vw 2>&1 | awk '/^average loss/ {print $4}'; }

# A logistic problem: 8 real features, labels drawn from a fixed hidden model.
awk -v n=24000 'BEGIN { srand(11); for (i = 1; i <= n; i++) { s = 0.3; line = "";
  for (j = 1; j <= 8; j++) { x = rand() * 2 - 1; s += (j % 2 ? 1 : -1) * j * 0.5 * x; line = line sprintf(" f%d:%.4f", j, x) }
  printf "%d '"'"'ex%d |x%s\n", (rand() < 1 / (1 + exp(-s))) ? 1 : -1, i, line } }' >all.vw
head -n 20000 all.vw >train.vw
tail -n 4000 all.vw >test.vw
common=(--loss_function logistic --passes 3 --holdout_off)

# 1. -np 1 equals the run without MPI, bit for bit (one file; --shard_by line; with holdout and a cache).
"$LEARNER" -d train.vw "${common[@]}" -f plain.model -p plain.pred --quiet 2>/dev/null
run 1 -d train.vw "${common[@]}" -f one.model -p one.pred --quiet
check "np 1 runs" test "$rc" -eq 0
check "np 1 model = no-MPI model" cmp -s plain.model one.model
check "np 1 predictions = no-MPI predictions" cmp -s plain.pred one.pred
run 1 -d train.vw --shard_by line "${common[@]}" -f line.model --quiet
check "np 1 --shard_by line model = no-MPI model" cmp -s plain.model line.model
"$LEARNER" -d train.vw --loss_function logistic --passes 4 -c --cache_file plain.cache -f hplain.model --quiet 2>/dev/null
run 1 -d train.vw --loss_function logistic --passes 4 --cache_file c-%r.cache -f hone.model --quiet
check "np 1 with holdout and cache = no-MPI" cmp -s hplain.model hone.model

# 2. -np 2 and -np 4: one model on every rank after every pass; test loss within 1%.
single="$(loss_of plain.model)"
for n in 2 4; do
  run "$n" -d train.vw --shard_by line "${common[@]}" -f m$n-%r.model --save_per_pass
  check "np $n runs" test "$rc" -eq 0
  same=1
  for r in $(seq 1 $((n - 1))); do
    for f in "" .1 .2 .3; do cmp -s "m$n-0.model$f" "m$n-$r.model$f" || same=0; done
  done
  check "np $n: every rank holds the same model after every pass" test "$same" -eq 1
  loss="$(loss_of m$n-0.model)"
  ((verbose)) && echo "      test loss: 1 process $single, $n ranks $loss"
  check "np $n: test loss $loss within 1% of one process ($single)" \
    awk -v a="$loss" -v b="$single" 'BEGIN { exit !(a <= 1.01 * b) }'
  check "np $n: summary counts every rank's examples" grep -q "number of examples per pass = 20000" out.txt
done

# 3. --shard_by line covers every line exactly once (plain and gzip, 3 ranks, 2 passes).
gzip -c train.vw >train.vw.gz
for f in train.vw train.vw.gz; do
  rm -f p-*.txt
  run 3 -d "$f" --shard_by line --passes 2 --holdout_off -t -p p-%r.txt --quiet
  check "shard_by line $f runs" test "$rc" -eq 0
  cat p-0.txt p-1.txt p-2.txt | awk '{print $2}' | sort >tags.txt
  awk '{print substr($2, 2)}' train.vw train.vw | sort >want.txt  # -p has a line per example and pass
  check "shard_by line $f: every line once per pass" cmp -s tags.txt want.txt
  check "shard_by line $f: rank 1 holds lines 2, 5, 8, ..." \
    test "$(head -n 3 p-1.txt | awk '{printf "%s ", $2}')" = "ex2 ex5 ex8 "
done

# 4. One file per rank (-d part-%r.vw; rank 1's is gzip), an empty shard.
head -n 10000 train.vw >part-0.vw
tail -n 10000 train.vw | gzip -c >part-1.vw
run 2 -d part-%r.vw "${common[@]}" -f pf-%r.model
check "part-%r.vw (plain + gzip) runs" test "$rc" -eq 0
check "part-%r.vw: both ranks hold the same model" cmp -s pf-0.model pf-1.model
: >empty-1.vw
cp part-0.vw empty-0.vw
run 2 -d empty-%r.vw "${common[@]}" -f e-%r.model
check "an empty shard runs" test "$rc" -eq 0
check "an empty shard: same model on both ranks" cmp -s e-0.model e-1.model
printf '1 |x a\n-1 |x b\n' >two.vw
run 4 -d two.vw --shard_by line "${common[@]}" -f t-%r.model
check "--shard_by line with more ranks than lines runs" test "$rc" -eq 0
check "more ranks than lines: same model" cmp -s t-0.model t-3.model

# 4b. Other learners: --oaa's interleaved sub-models and the averaged perceptron average too;
# the kernel perceptron (support sets) is refused before any data is read.
head -n 4000 train.vw | awk '{ $1 = ($1 > 0) ? 1 : 2; print }' >oaa.vw
run 2 -d oaa.vw --shard_by line --oaa 2 --passes 2 --holdout_off -f o-%r.model --quiet
check "--oaa: same model on both ranks" cmp -s o-0.model o-1.model
run 2 -d train.vw --shard_by line --perceptron --averaged --passes 2 --holdout_off -f a-%r.model --quiet
check "--perceptron --averaged: same model on both ranks" cmp -s a-0.model a-1.model
run 2 -d train.vw --shard_by line --kernel linear -f k.model --quiet
check "--kernel: refused with a message" grep -q "rank 0 of 2: the 'kernel' learner cannot be averaged" out.txt
check "--kernel: no model" test ! -e k.model

# 4c. The dyadic model with its defaults (issue 27): the automatic rate's gradient scale and the
# unseen features' sides are merged across ranks (the frequency-aware L2 is off by default there),
# so every rank holds the same model, and an unseen user on an unseen item gets the same mean.
awk 'BEGIN { srand(5); for (n = 0; n < 3000; n++) { u = int(rand() * 60); i = int(rand() * 40);
  printf "%d |u u%d |i i%d\n", 1 + (u * 3 + i * 7 + int(rand() * 2)) % 5, u, i } }' >dy.vw
run 2 -d dy.vw --shard_by line --dotproduct ui --rank 3 --passes 3 -f dy-%r.model --quiet
check "--dotproduct defaults: runs" test "$rc" -eq 0
check "--dotproduct defaults: same model on both ranks" cmp -s dy-0.model dy-1.model
printf '3 |u nobody |i nothing\n' >cold.vw
cold0="$("$LEARNER" -t -i dy-0.model -d cold.vw -p /dev/stdout --quiet 2>/dev/null)"
mean="$(awk '{ s += $1 } END { printf "%.6f", s / NR }' dy.vw)"
check "--dotproduct defaults: unseen pair $cold0 within 0.5 of the mean $mean" \
  awk -v p="$cold0" -v m="$mean" 'BEGIN { d = p - m; exit !(d < 0.5 && d > -0.5) }'

# 5. A failing rank ends every rank: non-zero exit, its message, no model, no deadlock.
cp part-0.vw bad-0.vw
{ head -n 500 part-0.vw; echo "abc |x f1:1"; tail -n 9000 part-0.vw; } >bad-1.vw
rm -f bad.model
run 2 -d bad-%r.vw "${common[@]}" -f bad.model
check "malformed line in rank 1's shard: non-zero exit (not a timeout)" test "$rc" -ne 0 -a "$rc" -ne 124
check "malformed line: rank 1's message" grep -q "rank 1 of 2: bad-1.vw:501: malformed label" out.txt
check "malformed line: rank 0 says why it stops" grep -q "rank 0 of 2: stopping because another rank failed" out.txt
check "malformed line: no model written" test ! -e bad.model
run 3 -d part-%r.vw "${common[@]}" -f bad.model
check "missing shard: non-zero exit (not a timeout)" test "$rc" -ne 0 -a "$rc" -ne 124
check "missing shard: rank 2's message" grep -q "rank 2 of 3: cannot open 'part-2.vw'" out.txt
check "missing shard: no model written" test ! -e bad.model

# 5b. Progress rows are collective points: rank 0 prints the counts summed over ranks, and
# shards of different lengths (rank 0 stops after 10 examples, rank 1 goes on to 1000) do not
# deadlock: rank 0's 4 rows (1, 2, 4, 8) meet rank 1's first 4, then rank 0 answers rank 1's
# other rows with its final 10 examples.
head -n 10 train.vw >uneven-0.vw
head -n 1000 test.vw >uneven-1.vw
run 2 -d uneven-%r.vw --loss_function logistic --holdout_off
check "uneven shards with progress rows: runs" test "$rc" -eq 0
counters="$(awk '/^[0-9.]+ +[0-9.n]/ && NF >= 7 {printf "%s ", $3}' out.txt)"
check "progress rows show counts summed over ranks ($counters)" test "$counters" = "2 4 8 16 26 42 74 138 266 522 "
check "summary: 1010 examples" grep -q "number of examples = 1010" out.txt
check "one table (rank 0's)" test "$(grep -c '^average  since' out.txt)" -eq 1
run 2 -d train.vw --shard_by line "${common[@]}" -f rows.model --quiet
run 2 -d train.vw --shard_by line "${common[@]}" -f rows2.model
check "progress rows leave the model unchanged" cmp -s rows.model rows2.model

# 5c. --bfgs under mpirun: rank 0 prints one line per pass (pass 2: the first step's curvature), the others none.
run 2 -d train.vw --shard_by line --bfgs --passes 4 --loss_function logistic --holdout_off
check "--bfgs over 2 ranks runs" test "$rc" -eq 0
check "--bfgs over 2 ranks: 4 pass lines, once each" test "$(grep -c '^bfgs pass [0-9]* \(objective\|curvature\)' out.txt)" -eq 4
check "--bfgs over 2 ranks: pass 2 is the curvature pass" grep -q '^bfgs pass 2 curvature' out.txt

# 5d. Issue 28: a rank's outputs are compared with its inputs once %r is its rank: -p keep-%r.vw
# over -d keep-%r.vw is refused on every rank and both shards stay as they were.
head -n 100 part-0.vw >keep-0.vw
head -n 200 part-0.vw >keep-1.vw
cp keep-0.vw keep-0.want
cp keep-1.vw keep-1.want
for flag in -p -f --readable_model; do
  run 2 -d keep-%r.vw --quiet "$flag" keep-%r.vw
  check "$flag keep-%r.vw over -d keep-%r.vw: refused (not a timeout)" test "$rc" -ne 0 -a "$rc" -ne 124
  check "$flag keep-%r.vw: rank 1 says why" grep -q "rank 1 of 2: $flag keep-1.vw is the same file as the input -d keep-1.vw" out.txt
  check "$flag keep-%r.vw: both shards unchanged" sh -c 'cmp -s keep-0.vw keep-0.want && cmp -s keep-1.vw keep-1.want'
done

# 5d. The namespaces named by options are checked over the ranks' united pass 1
# (src/cli/namespace_check.h): a shard without users is fine when another has them; a
# namespace no rank holds stops every rank with the message and exit 2.
printf '4 |u 1 |i 1\n2 |u 2 |i 1\n5 |u 1 |i 2\n' >ns-0.vw
printf '3 |i 1\n1 |i 2\n' >ns-1.vw
run 2 -d ns-%r.vw --dotproduct ui --quiet
check "a namespace on one rank only: runs" test "$rc" -eq 0
run 2 -d ns-%r.vw -q ux --quiet
check "a namespace on no rank: exit 2" test "$rc" -eq 2
check "a namespace on no rank: the message" grep -q "\-q ux: no namespace starting with 'x' in pass 1" out.txt

# 6. Command-line mistakes.
run 2 -d train.vw --quiet
check "--allreduce over 2 ranks without %r or --shard_by: usage error" grep -q "name one file per rank with %r" out.txt
rc=0
"$LEARNER" -d train.vw --shard_by line >out.txt 2>&1 || rc=$?
check "--shard_by without --allreduce: exit 2" test "$rc" -eq 2

# 7. MPI faults (issue 28): every case must end by itself within 30 s (a hang is a failure,
# not a stuck CI job), non-zero, with no model; how long each took is printed.
timed() {  # timed COMMAND...: under `timeout 30`; output in out.txt, exit status in $rc, seconds in $secs
  local start
  start="$(date +%s.%N)"
  rc=0
  timeout 30 "$@" >out.txt 2>&1 || rc=$?
  secs="$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')"
}
mpmd() {  # mpmd A... :: B...: rank 0 runs learner --allreduce A, rank 1 learner --allreduce B
  local a=()
  while [[ "$1" != "::" ]]; do a+=("$1"); shift; done
  shift
  timed mpirun --oversubscribe -np 1 "$LEARNER" --allreduce "${a[@]}" : -np 1 "$LEARNER" --allreduce "$@"
}
ended() {  # ended NAME: the last timed run ended by itself, non-zero, and wrote no fault.model
  echo "      fault: $1: ended in $secs s, exit $rc"
  check "$1: non-zero exit within 30 s (exit $rc, $secs s)" test "$rc" -ne 0 -a "$rc" -ne 124
  check "$1: no model written" test ! -e fault.model
  rm -f fault.model
}
for r in 0 1; do printf '1 |a x\n-1 |a y\n' >p-$r.vw; done
same_message() {  # same_message TEXT: both ranks print the options message holding TEXT
  check "$1: both ranks name it" test "$(grep -cF -- "the ranks were started with different options: $1" out.txt)" -eq 2
}
mpmd -d p-%r.vw -b 18 -f fault.model :: -d p-%r.vw -b 20 -f fault.model
ended "ranks with different -b"
same_message "-b: 18 (rank 0), 20 (rank 1)"
mpmd -d p-%r.vw -f fault.model :: -d p-%r.vw --perceptron -f fault.model
ended "ranks with different learners"
same_message "--perceptron: not given (rank 0), given (rank 1)"
mpmd -d p-%r.vw --passes 2 -f fault.model :: -d p-%r.vw --passes 3 -f fault.model
ended "ranks with different --passes"
same_message "--passes: 2 (rank 0), 3 (rank 1)"
mpmd -d p-%r.vw -f fault.model :: -d p-%r.vw --loss_function logistic -f fault.model
ended "ranks with different losses"
same_message "--loss_function: squared (rank 0), logistic (rank 1)"
mpmd -d p-%r.vw -f fault.model :: -d p-%r.vw --quiet -f fault.model
ended "--quiet on one rank"
same_message "--quiet: not given (rank 0), given (rank 1)"
check "different options: exit 2 (a usage error)" test "$rc" -eq 2
mpmd -d p-%r.vw -p a-%r.txt --readable_model r-%r.txt :: -d p-%r.vw -b 18.0 --loss squared -f fault.model
check "per-rank files and equal values spelled differently agree" test "$rc" -eq 0
rm -f fault.model

# A rank killed mid-pass: rank 1 reads a pipe that stays open, so it is inside its pass when
# SIGKILL comes; rank 0 waits for it at the pass end.
cp part-0.vw kill-0.vw
mkfifo kill-1.vw
exec 3<>kill-1.vw
head -n 100 part-0.vw >&3
start="$(date +%s.%N)"
timeout 30 mpirun --oversubscribe -np 2 "$LEARNER" --allreduce -d kill-%r.vw -f fault.model >out.txt 2>&1 &
job=$!
rank1=""
for _ in $(seq 1 100); do  # rank 1: the learner below mpirun with OMPI_COMM_WORLD_RANK=1
  for p in $(pgrep -P "$(pgrep -P "$job")" 2>/dev/null) $(pgrep -P "$(pgrep -P "$(pgrep -P "$job")" 2>/dev/null)" 2>/dev/null); do
    tr '\0' '\n' <"/proc/$p/environ" 2>/dev/null | grep -qx "OMPI_COMM_WORLD_RANK=1" && rank1="$p"
  done
  [[ -n "$rank1" ]] && break
  sleep 0.1
done
sleep 1  # rank 1 has read its 100 lines and waits for more, mid-pass
killed="$(date +%s.%N)"
[[ -n "$rank1" ]] && kill -KILL "$rank1"
rc=0
wait "$job" || rc=$?
exec 3>&-
secs="$(awk -v a="$killed" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')"
check "SIGKILL: found rank 1's process" test -n "$rank1"
ended "rank 1 killed with SIGKILL mid-pass (seconds after the kill)"

rm -f part-2.vw
timed mpirun --oversubscribe -np 3 "$LEARNER" --allreduce -d part-%r.vw "${common[@]}" -f fault.model
ended "rank 2's file missing"
check "rank 2's file missing: its message" grep -q "rank 2 of 3: cannot open 'part-2.vw'" out.txt

# The step headers of the MPI group: collectives of different sizes or kinds throw "out of
# step" on every rank (not MPI_ERR_TRUNCATE, a buffer overflow or a hang) and the group still
# answers the failure check; gather() delivers texts of different lengths whole.
group_check="${MPI_GROUP_CHECK:-$(dirname "$LEARNER")/mpi_group_check}"
if [[ -x "$group_check" ]]; then
  for mode in sizes kinds; do
    timed mpirun --oversubscribe -np 3 "$group_check" "$mode"
    echo "      fault: collectives of different $mode: ended in $secs s, exit $rc"
    check "collectives of different $mode: every rank out of step, then in step again (exit $rc, $secs s)" \
      test "$rc" -eq 0 -a "$(grep -c "out of step" out.txt)" -eq 3
  done
  timed mpirun --oversubscribe -np 3 "$group_check" gather
  check "gather: texts of different lengths arrive whole" test "$rc" -eq 0 -a "$(grep -c "gather whole" out.txt)" -eq 3
else
  fail "mpi_group_check not found beside $LEARNER (set MPI_GROUP_CHECK)"
fi

# 8. --shard_by line with a cache: one per rank, <data>.<rank>.cache, holding that rank's lines;
# the cached passes train the model the text passes train; a cache made for 2 ranks is rebuilt
# for 3 (its lines are another share).
rm -f train.vw.*.cache
line=(-d train.vw --shard_by line "${common[@]}")
run 2 "${line[@]}" -f lc-text.model --quiet
run 2 "${line[@]}" -c -f lc-write.model --quiet
check "--shard_by line -c runs" test "$rc" -eq 0
check "--shard_by line -c: a cache per rank" test -s train.vw.0.cache -a -s train.vw.1.cache
check "--shard_by line -c: same model as without a cache" cmp -s lc-text.model lc-write.model
run 2 "${line[@]}" -c -f lc-read.model
check "--shard_by line -c: the second run reads the caches" grep -q "using cache_file = train.vw.0.cache" out.txt
check "--shard_by line -c: same model from the caches" cmp -s lc-text.model lc-read.model
run 3 "${line[@]}" -f lc3-text.model --quiet
run 3 "${line[@]}" -c -f lc3-cache.model
check "a 2-rank cache is rebuilt for 3 ranks" grep -q "rebuilding cache train.vw.0.cache: it was made from .*(lines i with i mod 2 = 0)" out.txt
check "3 ranks after 2: same model as without a cache" cmp -s lc3-text.model lc3-cache.model
run 2 "${line[@]}" --cache_file one.cache --quiet
check "--cache_file without %r over 2 ranks: refused" grep -q "put %r in the file name (--cache_file c-%r.cache)" out.txt

echo "mpi tests: $passed passed, $failed failed"
((failed == 0))
