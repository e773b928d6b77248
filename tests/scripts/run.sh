#!/usr/bin/env bash
# shellcheck disable=SC2016  # sh -c '"$0" ...' scripts are meant to be single-quoted
# Shell tests of the data scripts: scripts/libsvm2vw, scripts/ratings2vw, scripts/split
# (and the command lines of learner-spectral and learner-lfl, and a small run of
# scripts/bench/cost_learning.sh).
# Tiny inputs are written inline; outputs are compared with golden text (diff), and
# malformed input must fail with a non-zero status and a "FILE:LINE:" message.
#
# Usage: tests/scripts/run.sh [-v]     (-v prints every check)
# Ends with "N passed, M failed"; exit status 1 when anything failed.
set -uo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
libsvm2vw="$root/scripts/libsvm2vw"
ratings2vw="$root/scripts/ratings2vw"
split="$root/scripts/split"
verbose=0
[[ "${1:-}" == "-v" ]] && verbose=1

# scripts/ratings2vw finds learner-ratings next to $LEARNER (made absolute: the tests cd).
if [[ -n "${LEARNER:-}" && "$LEARNER" != /* ]]; then LEARNER="$PWD/$LEARNER"; fi
[[ -z "${LEARNER:-}" ]] || export LEARNER
tmp="$(mktemp -d "${TMPDIR:-/tmp}/scripts-test.XXXXXX")"
trap 'rm -rf -- "$tmp"' EXIT
cd "$tmp" || exit 1

# shellcheck source=tests/support/tally.sh
source "$root/tests/support/tally.sh"

# expect_out NAME EXPECTED_FILE CMD...: CMD succeeds and its stdout equals EXPECTED_FILE.
expect_out() {
  local name="$1" want="$2"
  shift 2
  local rc=0
  "$@" >out.txt 2>err.txt || rc=$?
  if ((rc != 0)); then
    fail "$name" "exit status $rc (want 0): $*" "$(head -n 3 err.txt)"
  elif ! diff -u "$want" out.txt >diff.txt; then
    fail "$name" "output differs:" "$(head -n 20 diff.txt)"
  else
    pass "$name"
  fi
}

# expect_exit NAME STATUS STDERR_REGEX CMD...: CMD exits with STATUS (a number, or
# "non-zero" for any failure) and stderr matches the regex.
expect_exit() {
  local name="$1" want="$2" re="$3" rc=0
  shift 3
  "$@" >out.txt 2>err.txt || rc=$?
  local status_ok=0
  if [[ "$want" == non-zero ]]; then ((rc != 0)) && status_ok=1; else ((rc == want)) && status_ok=1; fi
  if ((!status_ok)); then
    fail "$name" "exit status $rc (want $want): $*" "$(head -n 3 err.txt)"
  elif ! grep -Eq -- "$re" err.txt; then
    fail "$name" "stderr does not match /$re/:" "$(head -n 3 err.txt)"
  else
    pass "$name"
  fi
}

# expect_fail NAME STDERR_REGEX CMD...: CMD exits non-zero and stderr matches the regex.
expect_fail() { expect_exit "$1" non-zero "$2" "${@:3}"; }

# expect_same NAME FILE1 FILE2: the two files are identical.
expect_same() {
  if cmp -s "$2" "$3"; then pass "$1"; else fail "$1" "$2 and $3 differ"; fi
}

# expect_true NAME CMD...: CMD succeeds.
expect_true() {
  local name="$1"
  shift
  if "$@" >/dev/null 2>&1; then pass "$name"; else fail "$name" "failed: $*"; fi
}

# ---------------------------------------------------------------------------
# libsvm2vw
# ---------------------------------------------------------------------------
printf '%s\n' '+1 3:1 11:0.5' '-1 2:1e-3 7:-.25' '0 1:1' '1' '2.5 4:1' >a.svm
printf '%s\n' '1 | 3:1 11:0.5' '-1 | 2:1e-3 7:-.25' '0 | 1:1' '1 |' '2.5 | 4:1' >a.want
expect_out "libsvm2vw: basic labels and features" a.want "$libsvm2vw" a.svm
expect_out "libsvm2vw: stdin" a.want sh -c '"$0" <a.svm' "$libsvm2vw"
expect_out "libsvm2vw: '-' is stdin" a.want sh -c '"$0" - <a.svm' "$libsvm2vw"

printf '+1\t3:1  11:0.5   \r\n-1 2:2\r\n' >ws.svm
printf '%s\n' '1 | 3:1  11:0.5' '-1 | 2:2' >ws.want
expect_out "libsvm2vw: tabs, CRLF, trailing blanks" ws.want "$libsvm2vw" ws.svm

printf '%s\n' '1 |x 3:1 11:0.5' '-1 |x 2:1e-3 7:-.25' '0 |x 1:1' '1 |x' '2.5 |x 4:1' >ns.want
expect_out "libsvm2vw: --ns" ns.want "$libsvm2vw" --ns x a.svm

printf '%s\n' '0 1:1' '+1 2:1' '-1 3:1' '1 4:1' >b.svm
printf '%s\n' '-1 | 1:1' '1 | 2:1' '-1 | 3:1' '1 | 4:1' >b.want
expect_out "libsvm2vw: --binary01" b.want "$libsvm2vw" --binary01 b.svm
expect_fail "libsvm2vw: --binary01 rejects 2" ':1: label "2"' sh -c 'echo "2 1:1" | "$0" --binary01' "$libsvm2vw"

gzip -c a.svm >a.svm.gz
expect_out "libsvm2vw: .gz input" a.want "$libsvm2vw" a.svm.gz
cat a.want ws.want >aw.want
expect_out "libsvm2vw: several files" aw.want "$libsvm2vw" a.svm.gz ws.svm

printf '1 3:1\n\n-1 2:1\n\n' >blank.svm
printf '%s\n' '1 | 3:1' '-1 | 2:1' >blank.want
expect_out "libsvm2vw: --skip-blank" blank.want "$libsvm2vw" --skip-blank blank.svm
expect_fail "libsvm2vw: blank line fails" 'blank.svm:2: blank line' "$libsvm2vw" blank.svm

bad() {  # bad NAME LINE REGEX: the second line is LINE; conversion must fail at line 2
  printf '1 1:1\n%s\n-1 2:1\n' "$2" >bad.svm
  expect_fail "libsvm2vw: rejects $1" "bad\\.svm:2: .*$3" "$libsvm2vw" bad.svm
}
bad "a non-numeric value" '1 3:abc' 'feature "3:abc": value is not a number'
bad "a missing label" '3:1 4:1' 'missing label'
bad "a non-numeric label" 'pos 3:1' 'label "pos" is not a number'
bad "a feature without value" '1 3 4:1' 'feature "3" has no ":value"'
bad "a negative index" '1 -3:1' 'index must be a non-negative integer'
bad "an empty value" '1 3:' 'value is not a number'
bad "qid tokens" '1 qid:2 3:1' 'qid'
bad "comments" '1 3:1 # note' 'comments'
bad "inf" '1 3:inf' 'value is not a number'
expect_fail "libsvm2vw: missing file" "cannot read" "$libsvm2vw" no-such-file
expect_fail "libsvm2vw: unknown option" "unknown option" "$libsvm2vw" --frobnicate
expect_fail "libsvm2vw: bad --ns" "must not contain" "$libsvm2vw" --ns 'a b' a.svm
expect_true "libsvm2vw: --help" "$libsvm2vw" --help

# ---------------------------------------------------------------------------
# ratings2vw
# ---------------------------------------------------------------------------
printf '196\t242\t3\t881250949\n186\t302\t3\t891717742\n22\t377\t1\n' >r.tsv
printf '%s\n' '3 |u 196 |i 242' '3 |u 186 |i 302' '1 |u 22 |i 377' >r.want
expect_out "ratings2vw: tab (u.data)" r.want "$ratings2vw" r.tsv
expect_out "ratings2vw: stdin" r.want sh -c '"$0" <r.tsv' "$ratings2vw"
gzip -c r.tsv >r.tsv.gz
expect_out "ratings2vw: .gz input" r.want "$ratings2vw" r.tsv.gz
printf '%s\n' "3 '196_242 |u 196 |i 242" "3 '186_302 |u 186 |i 302" "1 '22_377 |u 22 |i 377" >rtags.want
expect_out "ratings2vw: --tags writes 'USER_ITEM" rtags.want "$ratings2vw" --tags r.tsv
learner_for_tags="${LEARNER:-${BUILD:-$root/build}/learner}"
if [[ -x "$learner_for_tags" ]]; then
  expect_true "ratings2vw --tags: learner -p lines carry the pair" \
    sh -c '"$0" --tags r.tsv >rtags.vw && "$1" -d rtags.vw --quiet -p rtags.pred &&
      awk "NF != 2 || \$2 !~ /^[0-9]+_[0-9]+\$/ { exit 1 }" rtags.pred && test "$(cut -d" " -f2 rtags.pred | tr "\n" " ")" = "196_242 186_302 22_377 "' \
    "$ratings2vw" "$learner_for_tags"
fi
expect_exit "ratings2vw: --tags and an id with '_'" 1 "rtag\.tsv:1: --tags joins the user and item ids with '_'" \
  sh -c 'printf "a_1\t2\t3\n" >rtag.tsv && "$0" --tags rtag.tsv' "$ratings2vw"

printf '196::242::3::881250949\r\n186::302::3::891717742\n22::377::1::878887116\n' >r.dat
expect_out "ratings2vw: dcolon (ratings.dat)" r.want "$ratings2vw" r.dat
printf 'userId,movieId,rating,timestamp\n196,242,3,881250949\n186,302,3,891717742\n22,377,1,1\n' >r.csv
expect_out "ratings2vw: csv with header" r.want "$ratings2vw" r.csv
printf 'timestamp,movieId,userId,rating\n1,242,196,3\n2,302,186,3\n3,377,22,1\n' >r2.csv
expect_out "ratings2vw: csv columns found by name" r.want "$ratings2vw" r2.csv
printf '196,242,3\n186,302,3\n22,377,1\n' >r3.csv
expect_out "ratings2vw: csv without header" r.want "$ratings2vw" r3.csv
printf '196 242 3\n186 302 3\n22 377 1\n' >r.blank
expect_fail "ratings2vw: undetectable format" 'r.blank:1: cannot detect' "$ratings2vw" r.blank
printf '196\t242\t3.5\n' >half.tsv
printf '3.5 |u 196 |i 242\n' >half.want
expect_out "ratings2vw: --format tab, half stars" half.want "$ratings2vw" --format tab half.tsv

# MovieLens 100K side information
printf '%s\n' '196|49|M|writer|55105' '186|39|F|executive|00000' '22|25|M|writer|40206' >u.user
# u.item: id|title|release|video release|url|19 genre flags (unknown, Action, ..., Western)
flags() {  # flags I J ...: 19 genre flags with ones at positions I J ... (1-based)
  local k out="" one
  for ((k = 1; k <= 19; k++)); do
    one=0
    for j in "$@"; do ((j == k)) && one=1; done
    out="$out|$one"
  done
  echo "$out"
}
{
  echo "242|Kolya (1996)|24-Jan-1997||http://x$(flags 6)"
  echo "302|L.A. Confidential (1997)|01-Jan-1997||http://x$(flags 7 11 14 17)"
  echo "377|Heavyweights (1994)|01-Jan-1994||http://x$(flags 5 6)"
} >u.item
cat >side.want <<'EOF'
3 |u 196 |i 242 |a age_45-49 sex_M occ_writer zip3_551 |g Comedy
3 |u 186 |i 302 |a age_35-44 sex_F occ_executive zip3_000 |g Crime Film-Noir Mystery Thriller
1 |u 22 |i 377 |a age_25-34 sex_M occ_writer zip3_402 |g Children's Comedy
EOF
expect_out "ratings2vw: --users u.user --items u.item" side.want "$ratings2vw" --users u.user --items u.item r.tsv

# MovieLens 1M side information
printf '%s\n' '196::M::45::20::55105' '186::F::35::7::00000' '22::M::1::20::40206' >users.dat
printf '%s\n' '242::Kolya (1996)::Comedy' '302::L.A. Confidential (1997)::Crime|Film-Noir' \
  "377::Heavyweights (1994)::Children's|Comedy" >movies.dat
cat >side1m.want <<'EOF'
3 |u 196 |i 242 |a age_45-49 sex_M occ_20 zip3_551 |g Comedy
3 |u 186 |i 302 |a age_35-44 sex_F occ_7 zip3_000 |g Crime Film-Noir
1 |u 22 |i 377 |a age_under18 sex_M occ_20 zip3_402 |g Children's Comedy
EOF
expect_out "ratings2vw: 1M users.dat and movies.dat" side1m.want "$ratings2vw" --users users.dat --items movies.dat r.dat

# MovieLens latest movies.csv: quoted titles with commas; "(no genres listed)"
cat >movies.csv <<'EOF'
movieId,title,genres
242,"Kolya, The (1996)",Comedy
302,L.A. Confidential (1997),Crime|Film-Noir
377,Heavyweights (1994),(no genres listed)
EOF
printf '%s\n' '3 |u 196 |i 242 |g Comedy' '3 |u 186 |i 302 |g Crime Film-Noir' '1 |u 22 |i 377' >csvside.want
expect_out "ratings2vw: movies.csv" csvside.want "$ratings2vw" --items movies.csv r.csv

# --implicit: who rated what in another file (SVD++ input). User 196 has 3 distinct items
# (242 twice), user 22 one, user 186 none; values 1/sqrt(n) printed with %.6g.
printf '196\t242\t5\n22\t377\t1\n196\t302\t4\n196\t242\t2\n196\t51\t3\n' >imp.tsv
cat >imp.want <<'EOF'
3 |u 196 r242:0.57735 r302:0.57735 r51:0.57735 |i 242
3 |u 186 |i 302
1 |u 22 r377:1 |i 377
EOF
expect_out "ratings2vw: --implicit" imp.want "$ratings2vw" --implicit imp.tsv r.tsv
tr '\t' ':' <imp.tsv | sed 's/:/::/g' >imp.dat
expect_out "ratings2vw: --implicit file in another format" imp.want "$ratings2vw" --implicit=imp.dat r.tsv
cat >impc.want <<'EOF'
3 |u 196 r242:0.57735 ~r242:-0.57735 r302:0.57735 ~r302:-0.57735 r51:0.57735 ~r51:-0.57735 |i 242
3 |u 186 |i 302
1 |u 22 r377:1 ~r377:-1 |i 377
EOF
expect_out "ratings2vw: --implicit --centered" impc.want "$ratings2vw" --centered --implicit imp.tsv r.tsv
cat >impside.want <<'EOF'
3 |u 196 r242:0.57735 r302:0.57735 r51:0.57735 |i 242 |a age_45-49 sex_M occ_writer zip3_551 |g Comedy
3 |u 186 |i 302 |a age_35-44 sex_F occ_executive zip3_000 |g Crime Film-Noir Mystery Thriller
1 |u 22 r377:1 |i 377 |a age_25-34 sex_M occ_writer zip3_402 |g Children's Comedy
EOF
expect_out "ratings2vw: --implicit with --users --items" impside.want \
  "$ratings2vw" --implicit imp.tsv --users u.user --items u.item r.tsv
cat >sideui.want <<'EOF'
3 |u 196 age_45-49 sex_M occ_writer zip3_551 |i 242 Comedy
3 |u 186 age_35-44 sex_F occ_executive zip3_000 |i 302 Crime Film-Noir Mystery Thriller
1 |u 22 age_25-34 sex_M occ_writer zip3_402 |i 377 Children's Comedy
EOF
expect_out "ratings2vw: --side-in-ui" sideui.want "$ratings2vw" --side-in-ui --users u.user --items u.item r.tsv
cat >sideuic.want <<'EOF'
1 |u 22 age_25-34 ~age_25-34:-1 sex_M ~sex_M:-1 occ_writer ~occ_writer:-1 zip3_402 ~zip3_402:-1 r377:1 ~r377:-1 |i 377 Children's ~Children's:-1 Comedy ~Comedy:-1
EOF
expect_out "ratings2vw: --side-in-ui --centered --implicit" sideuic.want \
  sh -c 'tail -n 1 "$1" | "$0" --side-in-ui --centered --implicit imp.tsv --users u.user --items u.item' "$ratings2vw" r.tsv
printf '196\t242\t5\n196\t302\n' >impbad.tsv
expect_fail "ratings2vw: bad line in --implicit file" 'impbad.tsv:2: expected 3 or 4 fields' \
  "$ratings2vw" --implicit impbad.tsv r.tsv
expect_fail "ratings2vw: missing --implicit file" "cannot read 'no-such.tsv'" "$ratings2vw" --implicit no-such.tsv r.tsv
expect_fail "ratings2vw: --implicit needs a value" '--implicit needs a value' "$ratings2vw" --implicit

badr() {  # badr NAME LINE REGEX [OPTIONS...]: the second line of a tab file is LINE
  local name="$1" line="$2" re="$3"
  shift 3
  printf '196\t242\t3\n%s\n3\t4\t5\n' "$line" >bad.tsv
  expect_fail "ratings2vw: rejects $name" "bad\\.tsv:2: .*$re" "$ratings2vw" "$@" bad.tsv
}
badr "a non-numeric rating" $'1\t2\tgood' 'rating "good" is not a number'
badr "a missing field" $'1\t2' 'expected 3 or 4 fields'
badr "too many fields" $'1\t2\t3\t4\t5' 'expected 3 or 4 fields'
badr "an empty user" $'\t2\t3' 'bad user id'
badr "a user with a blank" $'1 1\t2\t3' 'bad user id "1 1"'
badr "an item with a colon" $'1\t2:x\t3' 'bad item id'
badr "a blank line" '' 'blank line'
badr "a user missing from --users" $'999\t242\t3' 'user "999" is not in' --users u.user
printf '196\t242\t3\n' >one.tsv
printf '196\t1\t3\n' >noitem.tsv
expect_fail "ratings2vw: item missing from --items" 'noitem.tsv:1: item "1" is not in' "$ratings2vw" --items movies.dat noitem.tsv
printf '%s\n' '196|49|M|writer' >short.user
expect_fail "ratings2vw: bad u.user line" 'short.user:1: expected 5 fields' "$ratings2vw" --users short.user one.tsv
expect_fail "ratings2vw: bad --format" 'must be tab, dcolon or csv' "$ratings2vw" --format xml one.tsv
expect_fail "ratings2vw: csv header without rating" 'CSV header needs' sh -c 'printf "userId,movieId,score\n1,2,3\n" | "$0"' "$ratings2vw"
expect_true "ratings2vw: --help" "$ratings2vw" --help

# --user-day: |d USER_DAY:SCALE with DAY = floor(timestamp / 86400). User 196 rates twice on
# 1997-12-04 (UTC day 10199: 881250949 is 15:55:49, 881200000 is 01:46:40) and once on
# 1997-12-05 (881300000, day 10200); user 186 on 1998-04-04 (891717742, day 10320).
printf '196\t242\t3\t881250949\n186\t302\t3\t891717742\n196\t377\t1\t881200000\n196\t51\t2\t881300000\n' >ud.tsv
cat >ud.want <<'EOF'
3 |u 196 |i 242 |d 196_10199:0.5
3 |u 186 |i 302 |d 186_10320:0.5
1 |u 196 |i 377 |d 196_10199:0.5
2 |u 196 |i 51 |d 196_10200:0.5
EOF
expect_out "ratings2vw: --user-day, tab" ud.want "$ratings2vw" --user-day 0.5 ud.tsv
tr '\t' ':' <ud.tsv | sed 's/:/::/g' >ud.dat
expect_out "ratings2vw: --user-day=SCALE, dcolon" ud.want "$ratings2vw" --user-day=0.5 ud.dat
{ echo 'userId,movieId,rating,timestamp'; tr '\t' ',' <ud.tsv; } >ud.csv
expect_out "ratings2vw: --user-day, csv with header" ud.want "$ratings2vw" --user-day 0.5 ud.csv
awk -F '\t' 'BEGIN { print "\"TimeStamp\",movieId,userId,rating" } { print $4 "," $2 "," $1 "," $3 }' ud.tsv >ud2.csv
expect_out "ratings2vw: --user-day, csv timestamp column found by name" ud.want "$ratings2vw" --user-day 0.5 ud2.csv
tr '\t' ',' <ud.tsv >ud3.csv
expect_out "ratings2vw: --user-day, csv without header" ud.want "$ratings2vw" --user-day 0.5 ud3.csv
sed 's/:0\.5$/:1/' ud.want >ud1.want
expect_out "ratings2vw: --user-day SCALE printed with %.6g" ud1.want "$ratings2vw" --user-day 1.000 ud.tsv
printf '7\t1\t4\t-1\n7\t1\t4\t0\n7\t1\t4\t86399\n7\t1\t4\t+86400\n' >udedge.tsv
printf '%s\n' '4 |u 7 |i 1 |d 7_-1:2' '4 |u 7 |i 1 |d 7_0:2' '4 |u 7 |i 1 |d 7_0:2' '4 |u 7 |i 1 |d 7_1:2' >udedge.want
expect_out "ratings2vw: --user-day day boundaries (floor)" udedge.want "$ratings2vw" --user-day 2 udedge.tsv

# Namespace order: |d after |a and |g (or after the ids' features under --side-in-ui).
head -n 3 ud.tsv >udside.tsv
cat >udside.want <<'EOF'
3 |u 196 r242:0.57735 r302:0.57735 r51:0.57735 |i 242 |a age_45-49 sex_M occ_writer zip3_551 |g Comedy |d 196_10199:0.5
3 |u 186 |i 302 |a age_35-44 sex_F occ_executive zip3_000 |g Crime Film-Noir Mystery Thriller |d 186_10320:0.5
1 |u 196 r242:0.57735 r302:0.57735 r51:0.57735 |i 377 |a age_45-49 sex_M occ_writer zip3_551 |g Children's Comedy |d 196_10199:0.5
EOF
expect_out "ratings2vw: --user-day with --users --items --implicit" udside.want \
  "$ratings2vw" --user-day 0.5 --implicit imp.tsv --users u.user --items u.item udside.tsv
cat >udsideui.want <<'EOF'
3 |u 196 age_45-49 sex_M occ_writer zip3_551 r242:0.57735 r302:0.57735 r51:0.57735 |i 242 Comedy |d 196_10199:0.5
3 |u 186 age_35-44 sex_F occ_executive zip3_000 |i 302 Crime Film-Noir Mystery Thriller |d 186_10320:0.5
1 |u 196 age_45-49 sex_M occ_writer zip3_551 r242:0.57735 r302:0.57735 r51:0.57735 |i 377 Children's Comedy |d 196_10199:0.5
EOF
expect_out "ratings2vw: --user-day with --side-in-ui --implicit" udsideui.want \
  "$ratings2vw" --side-in-ui --user-day 0.5 --implicit imp.tsv --users u.user --items u.item udside.tsv

printf '196\t242\t3\t881250949\n186\t302\t3\n' >udnots.tsv
expect_exit "ratings2vw: --user-day rejects a line without timestamp" 1 \
  'udnots\.tsv:2: no timestamp \(field 4\), needed by --user-day' "$ratings2vw" --user-day 0.5 udnots.tsv
printf '196::242::3::881250949\n186::302::3::8.9e8\n' >udfrac.dat
expect_exit "ratings2vw: --user-day rejects a non-integer timestamp" 1 \
  'udfrac\.dat:2: timestamp "8\.9e8" is not a whole number' "$ratings2vw" --user-day 0.5 udfrac.dat
printf 'userId,movieId,rating,timestamp\n196,242,3,881250949\n186,302,3\n' >udshort.csv
expect_exit "ratings2vw: --user-day rejects a csv line without the timestamp column" 1 \
  'udshort\.csv:3: no timestamp \(field 4\)' "$ratings2vw" --user-day 0.5 udshort.csv
printf 'userId,movieId,rating\n196,242,3\n' >udnocol.csv
expect_exit "ratings2vw: --user-day, csv header without timestamp" 1 \
  'udnocol\.csv:1: CSV header has no timestamp column \(needed by --user-day\)' "$ratings2vw" --user-day 0.5 udnocol.csv
expect_exit "ratings2vw: --user-day, timestamp out of range" 1 \
  'ud\.big:1: timestamp "12345678901234567" is out of range' \
  sh -c 'printf "1\t2\t3\t12345678901234567\n" >ud.big && "$0" --user-day 0.5 ud.big' "$ratings2vw"
for scale in 0 -1 abc 0.0 1e-999 1e999 ''; do
  expect_exit "ratings2vw: --user-day '$scale' is a usage error" 2 \
    "--user-day needs a positive number \\(got '$scale'\\)" "$ratings2vw" --user-day "$scale" ud.tsv
done
expect_exit "ratings2vw: --user-day needs a value" 2 '--user-day needs a value' "$ratings2vw" --user-day

# --neighbors: the kNN values come from learner::prep in the tool itself. The expected values
# are those of the rating_neighbors tool (same code, its own id numbering and parsing) on
# REF_TXT ("USER ITEM RATING" per REF line) and QUERY_TXT ("USER ITEM" per output line), as
# the former ratings2vw computed them; skipped when rating_neighbors is not built.
real_nb="$(dirname -- "${LEARNER:-${BUILD:-$root/build}/learner}")/rating_neighbors"
# REF in another format than the input (dcolon vs tab), with a half star and CRLF.
printf '196::242::5::1\r\n22::377::2\n186::51::3.5::3\n196::302::4\n' >nbref.dat
printf '%s\n' '196 242 5' '22 377 2' '186 51 3.5' '196 302 4' >nbref.txt
# knn_want OUT PLAIN QUERY_TXT [rating_neighbors options]: PLAIN's lines + " |k knn:V".
knn_want() {
  local out="$1" plain="$2" query="$3"
  shift 3
  "$real_nb" "$@" nbref.txt "$query" >knn.values 2>knn.err && paste -d '\0' "$plain" <(sed 's/^/ |k knn:/' knn.values) >"$out"
}
if [[ -x "$real_nb" ]]; then
  "$ratings2vw" r.tsv >nb.plain
  printf '%s\n' '196 242' '186 302' '22 377' >nbquery.txt
  knn_want nb.want nb.plain nbquery.txt
  expect_out "ratings2vw: --neighbors (values of rating_neighbors)" nb.want "$ratings2vw" --neighbors nbref.dat r.tsv
  expect_out "ratings2vw: --neighbors=REF from stdin" nb.want sh -c '"$0" --neighbors=nbref.dat <r.tsv' "$ratings2vw"
  gzip -c r.dat >r.dat.gz
  "$ratings2vw" r.tsv r.dat.gz >nb2.plain
  cat nbquery.txt nbquery.txt >nb2query.txt
  knn_want nb2.want nb2.plain nb2query.txt
  expect_out "ratings2vw: --neighbors over several inputs, in order" nb2.want "$ratings2vw" --neighbors nbref.dat r.tsv r.dat.gz
  # |k last, after |d; the queries are the ids, whatever features follow them.
  "$ratings2vw" --side-in-ui --user-day 0.5 --implicit imp.tsv --users u.user --items u.item udside.tsv >nbside.plain
  printf '%s\n' '196 242' '186 302' '196 377' >nbsidequery.txt
  knn_want nbside.want nbside.plain nbsidequery.txt
  expect_out "ratings2vw: --neighbors with --user-day --side-in-ui --implicit" nbside.want \
    "$ratings2vw" --neighbors nbref.dat --side-in-ui --user-day 0.5 --implicit imp.tsv --users u.user --items u.item udside.tsv
  knn_want nbk.want nb.plain nbquery.txt --neighbors 1 --shrink 0
  expect_out "ratings2vw: --neighbors-k and --neighbors-shrink reach the kNN" nbk.want \
    "$ratings2vw" --neighbors nbref.dat --neighbors-k 1 --neighbors-shrink=0 r.tsv
  # A pair repeated in REF keeps its last rating, as in rating_neighbors, with a note.
  printf '196::242::1\n' >>nbref.dat
  printf '196 242 1\n' >>nbref.txt
  knn_want nbrep.want nb.plain nbquery.txt
  expect_out "ratings2vw: --neighbors, repeated REF pair: the last rating" nbrep.want "$ratings2vw" --neighbors nbref.dat r.tsv
  expect_true "ratings2vw: --neighbors, repeated REF pair: a note" grep -q 'note: 1 repeated (user, item) pairs in nbref.dat' err.txt
else
  echo "note  ratings2vw: $real_nb not built; the --neighbors value checks are skipped"
fi
# --format applies to REF too: a tab REF under --format dcolon is a bad line of REF.
expect_exit "ratings2vw: --neighbors REF read with --format" 1 'r\.tsv:1: expected 3 or 4 fields' \
  "$ratings2vw" --format dcolon --neighbors r.tsv r.dat
printf '196::242::5\n22::377\n' >nbbad.dat
expect_exit "ratings2vw: bad line in --neighbors REF" 1 'nbbad\.dat:2: expected 3 or 4 fields' \
  "$ratings2vw" --neighbors nbbad.dat r.tsv
expect_exit "ratings2vw: --neighbors REF without ratings" 1 'nbempty\.csv: no ratings' \
  sh -c 'printf "userId,movieId,rating\n" >nbempty.csv && "$0" --neighbors nbempty.csv r.tsv' "$ratings2vw"
expect_exit "ratings2vw: missing --neighbors REF" 1 "cannot read 'no-such.dat'" "$ratings2vw" --neighbors no-such.dat r.tsv
expect_exit "ratings2vw: --neighbors needs a value" 2 '--neighbors needs a value' "$ratings2vw" --neighbors
printf '196\t242\t3\n186\t302\n' >nbin.tsv
expect_exit "ratings2vw: bad input line under --neighbors" 1 'nbin\.tsv:2: expected 3 or 4 fields' \
  "$ratings2vw" --neighbors nbref.dat nbin.tsv
expect_true "ratings2vw: bad input line under --neighbors writes no line" test ! -s out.txt
expect_out "ratings2vw: --neighbors on no ratings writes nothing" /dev/null \
  sh -c 'printf "userId,movieId,rating\n" | "$0" --neighbors nbref.dat' "$ratings2vw"
for bad in "--neighbors-k 0" "--neighbors-k 2.5" "--neighbors-k x" "--neighbors-shrink -1" "--neighbors-shrink abc"; do
  # shellcheck disable=SC2086  # the option and its value are two words
  expect_exit "ratings2vw: $bad is a usage error" 2 "${bad%% *} needs" "$ratings2vw" --neighbors nbref.dat $bad r.tsv
done
expect_exit "ratings2vw: --neighbors-k without --neighbors" 2 'need --neighbors' "$ratings2vw" --neighbors-k 5 r.tsv
# The wrapper finds learner-ratings: $LEARNER_RATINGS, next to $LEARNER, <script dir>/../build, PATH.
mkdir -p tree/scripts tree/build tree2/scripts bin
cp "$ratings2vw" tree/scripts/ && cp "$ratings2vw" tree2/scripts/
printf '#!/bin/sh\necho "fake $(basename "$0") $*"\n' >tree/build/learner-ratings
printf '#!/bin/sh\necho "on PATH $*"\n' >bin/learner-ratings
chmod +x tree/build/learner-ratings bin/learner-ratings
echo 'fake learner-ratings a b' >fake.want
expect_out "ratings2vw: learner-ratings found in ../build" fake.want \
  env -u LEARNER -u LEARNER_RATINGS "$tmp/tree/scripts/ratings2vw" a b
expect_out "ratings2vw: learner-ratings found next to \$LEARNER" fake.want \
  env -u LEARNER_RATINGS LEARNER="$tmp/tree/build/learner" "$tmp/tree2/scripts/ratings2vw" a b
echo 'on PATH a b' >path.want
expect_out "ratings2vw: learner-ratings found on PATH" path.want \
  env -u LEARNER -u LEARNER_RATINGS PATH="$tmp/bin:$PATH" "$tmp/tree2/scripts/ratings2vw" a b
expect_exit "ratings2vw: LEARNER_RATINGS not a program" 2 \
  "LEARNER_RATINGS='/nonexistent' is not an executable.*cmake --build build" \
  env LEARNER_RATINGS=/nonexistent "$ratings2vw" r.tsv
if type -P learner-ratings >/dev/null; then
  echo "note  ratings2vw: learner-ratings is on PATH; the 'tool not found' check is skipped"
else
  expect_exit "ratings2vw: no learner-ratings anywhere" 2 'needs the tool learner-ratings .*cmake --build build.*LEARNER_RATINGS' \
    env -u LEARNER -u LEARNER_RATINGS "$tmp/tree2/scripts/ratings2vw" r.tsv
fi
expect_exit "ratings2vw: messages carry the wrapper's name" 2 "^ratings2vw: --format must be" "$ratings2vw" --format xml r.tsv

# The real kNN on a larger REF: one finite number per line, the lines otherwise unchanged.
awk 'BEGIN { for (u = 1; u <= 6; u++) for (i = 1; i <= 5; i++) if ((u + i) % 4) print u "\t" i "\t" ((u * i) % 5 + 1) }' >knnref.tsv
printf '1\t4\t3\n6\t3\t2\n9\t1\t4\n2\t99\t1\n' >knnnew.tsv
"$ratings2vw" knnref.tsv knnnew.tsv >knn.plain
expect_true "ratings2vw: --neighbors: one finite knn value per line" \
  sh -c '"$0" --neighbors knnref.tsv knnref.tsv knnnew.tsv >knn.vw &&
    sed "s/ |k knn:[^ ]*\$//" knn.vw | cmp -s - knn.plain &&
    awk '\''$(NF - 1) != "|k" || $NF !~ /^knn:[+-]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][+-]?[0-9]+)?$/ { exit 1 }'\'' knn.vw &&
    grep -qv "knn:0\$" knn.vw' \
  "$ratings2vw"

# learner-spectral (the command line; the method's units are tests/spectral): next to $LEARNER.
spectral="$(dirname -- "${LEARNER:-${BUILD:-$root/build}/learner}")/learner-spectral"
if [[ -x "$spectral" ]]; then
  awk 'BEGIN { for (u = 1; u <= 40; u++) for (i = 1; i <= 30; i++) if ((u * 7 + i * 3) % 5) print u "\t" i "\t" ((u % 2 == i % 2) ? 5 : 1) }' >sp.tsv
  printf '1\t2\t1\n2\t2\t5\n' >sptest.tsv
  expect_true "learner-spectral: --help" "$spectral" --help
  expect_true "learner-spectral: a run prints RESULT with both test lines" \
    sh -c '"$0" --train sp.tsv --test sptest.tsv --rank 2 --query-one add --threshold 1000 -p sp.pred | grep -q "^RESULT .* n=2 " &&
      test "$(wc -l <sp.pred)" = 2' "$spectral"
  expect_exit "learner-spectral: bad training line" 1 '^learner-spectral: spbad\.tsv:2: rating "x" is not a number' \
    sh -c 'printf "1\t2\t3\n1\t3\tx\n" >spbad.tsv && "$0" --train spbad.tsv' "$spectral"
  expect_exit "learner-spectral: bad option value" 2 '--order must be in 0..4' "$spectral" --train sp.tsv --order 7
  expect_exit "learner-spectral: --query-one off needs user rows" 2 'needs --orientation users' \
    "$spectral" --train sp.tsv --query-one off
  expect_exit "learner-spectral: missing training file" 1 'no-such\.tsv' "$spectral" --train no-such.tsv
  expect_true "learner-spectral: predictions in the tools' one form (6 decimals, none when whole)" \
    awk '$0 !~ /^-?[0-9]+([.][0-9][0-9][0-9][0-9][0-9][0-9])?$/ { exit 1 }' sp.pred
  cp sp.tsv sp.keep
  expect_exit "learner-spectral: -p over the training file is refused" 2 'is the same file as the input --train' \
    "$spectral" --train sp.tsv --test sptest.tsv -p sp.tsv
  expect_same "learner-spectral: the training file is untouched" sp.tsv sp.keep
else
  echo "note  learner-spectral: $spectral not built; its command-line checks are skipped"
fi

# learner-lfl (the command line; the model's units are tests/lfl), on the same files.
lfl="$(dirname -- "$spectral")/learner-lfl"
if [[ -x "$lfl" && -e sp.tsv ]]; then
  expect_true "learner-lfl: --help" "$lfl" --help
  expect_true "learner-lfl: a run prints RESULT and two predictions per test line" \
    sh -c '"$0" --train sp.tsv --test sptest.tsv --rank 2 --passes 5 -p lfl.pred | grep -q "^RESULT .* n=2 " &&
      test "$(wc -l <lfl.pred)" = 2 && test "$(awk "{ print NF }" lfl.pred | sort -u)" = 2' "$lfl"
  expect_exit "learner-lfl: bad training line" 1 '^learner-lfl: spbad\.tsv:2: rating "x" is not a number' \
    "$lfl" --train spbad.tsv
  expect_exit "learner-lfl: --lr out of range" 2 '--lr must be in' "$lfl" --train sp.tsv --lr 0
  expect_exit "learner-lfl: --rank out of range" 2 '--rank must be in 1..1000' "$lfl" --train sp.tsv --rank 0
  expect_exit "learner-lfl: --l2 not a number" 2 'l2' "$lfl" --train sp.tsv --l2 abc
  expect_exit "learner-lfl: missing training file" 1 'no-such\.tsv' "$lfl" --train no-such.tsv
  expect_true "learner-lfl: predictions in the tools' one form (6 decimals, none when whole)" \
    awk '$1 !~ /^-?[0-9]+([.][0-9][0-9][0-9][0-9][0-9][0-9])?$/ || $2 !~ /^-?[0-9]+([.][0-9][0-9][0-9][0-9][0-9][0-9])?$/ { exit 1 }' lfl.pred
  expect_exit "learner-lfl: -p over the test file is refused" 2 'is the same file as the input --test' \
    "$lfl" --train sp.tsv --test sptest.tsv -p sptest.tsv
  expect_true "learner-lfl: the test file is untouched" test "$(cat sptest.tsv)" = "$(printf '1\t2\t1\n2\t2\t5')"
else
  echo "note  learner-lfl: $lfl not built; its command-line checks are skipped"
fi

# learner-bpmf (the command line; the sampler's units are tests/bayes), on the same files.
bpmf="${LEARNER_BPMF:-$(dirname -- "$spectral")/learner-bpmf}"
if [[ -x "$bpmf" && -e sp.tsv ]]; then
  expect_true "learner-bpmf: --help" "$bpmf" --help
  expect_true "learner-spectral, learner-lfl, learner-bpmf: --help shows defaults as written (0.1, not 0.10000000000000001)" \
    sh -c 'for t in "$@"; do "$t" --help | grep -q "(=0\.1)" || exit 1; ! "$t" --help | grep -q "[0-9]\{10\}" || exit 1; done' \
    sh "$spectral" "$lfl" "$bpmf"
  expect_true "learner-bpmf: a run prints RESULT and one prediction per test line, within the training range" \
    sh -c '"$0" --train sp.tsv --test sptest.tsv --rank 2 --sweeps 20 --quiet -p bpmf.pred | grep -q "^RESULT .* n=2 " &&
      test "$(wc -l <bpmf.pred)" = 2 && awk "\$1 < 1 || \$1 > 5 { exit 1 }" bpmf.pred' "$bpmf"
  expect_true "learner-bpmf: predictions in the tools' one form (6 decimals, none when whole)" \
    awk '$0 !~ /^-?[0-9]+([.][0-9][0-9][0-9][0-9][0-9][0-9])?$/ { exit 1 }' bpmf.pred
  expect_true "learner-bpmf: Laplace noise runs and the seed fixes the result" \
    sh -c '"$0" --train sp.tsv --test sptest.tsv --sweeps 10 --quiet --likelihood laplace -p b1 >/dev/null &&
      "$0" --train sp.tsv --test sptest.tsv --sweeps 10 --quiet --likelihood laplace --threads 2 -p b2 >/dev/null &&
      cmp -s b1 b2' "$bpmf"
  expect_true "learner-bpmf: --implicit --flipped runs and names itself" \
    sh -c '"$0" --train sp.tsv --test sptest.tsv --rank 2 --sweeps 10 --quiet --implicit --flipped |
      grep -q "^sampled BPMF (implicit feedback, flipped too) rank=2 "' "$bpmf"
  expect_exit "learner-bpmf: bad training line" 1 '^learner-bpmf: spbad\.tsv:2: rating "x" is not a number' \
    "$bpmf" --train spbad.tsv
  expect_exit "learner-bpmf: --burn_in not below --sweeps" 2 '--burn_in must be in 0..sweeps-1' \
    "$bpmf" --train sp.tsv --sweeps 5 --burn_in 5
  expect_exit "learner-bpmf: unknown --likelihood" 2 '--likelihood must be gaussian or laplace' \
    "$bpmf" --train sp.tsv --likelihood cauchy
  cp sptest.tsv sptest.keep
  expect_exit "learner-bpmf: predictions over the test file are refused" 2 'is the same file as the input --test' \
    "$bpmf" --train sp.tsv --test sptest.tsv -p sptest.tsv
  expect_true "learner-bpmf: the refused output left the test file as it was" cmp -s sptest.tsv sptest.keep
  expect_exit "learner-bpmf: missing training file" 1 'no-such\.tsv' "$bpmf" --train no-such.tsv
  # The model file: --save, --load, --predict, the vectors (README "learner-bpmf").
  printf '1 2\nnew 2\n1 new\nnew other\n3\t4\n' >pairs.txt
  cut -f 1,2 sptest.tsv >sptest.pairs
  "$bpmf" --train sp.tsv --test sptest.tsv --rank 2 --sweeps 20 --save m.bpmf --save_samples 5 --quiet \
    --user_vectors train.users --item_vectors train.items >save.out 2>save.err
  expect_true "learner-bpmf: --save prints the file's size in bytes" \
    sh -c 'grep -q "^saved m.bpmf: 5 samples (sweeps 12\.\.20), rank 2, 40 users, 30 items: $(wc -c <m.bpmf) bytes" save.out'
  expect_true "learner-bpmf: --load scores --test as the KEPT line said while sampling" \
    sh -c 'k="$(sed -n "s/^KEPT \(rmse=[^ ]* mae=[^ ]* n=2\) samples=5 .*/\1/p" save.out)" && test -n "$k" &&
      "$0" --load m.bpmf --test sptest.tsv | grep -q "^RESULT $k samples=5 "' "$bpmf"
  learner_bin="${LEARNER:-$(dirname -- "$bpmf")/learner}"
  if [[ -x "$learner_bin" ]]; then
    expect_exit "learner -i a learner-bpmf model: says whose model it is" 2 'is a model of .bpmf., written by learner-bpmf: read it with learner-bpmf --load' \
      "$learner_bin" -i m.bpmf -t -d /dev/null
  fi
  expect_true "learner-bpmf: wall and CPU seconds are reported apart" \
    sh -c 'grep -q "^sampled BPMF .* in [0-9.]* s wall, [0-9.]* s CPU\$" save.out &&
      grep -q "^RESULT .* wall_seconds=[0-9.]* cpu_seconds=[0-9.]*\$" save.out'
  # Samples are kept as floats: with every sweep kept, a loaded model's predictions are the
  # sampling run's (doubles) to about 1e-7 (tests/bayes: bit for bit from the same kept samples).
  expect_true "learner-bpmf: every sample kept, --load --predict writes the sampling run's -p to float precision" \
    sh -c '"$0" --train sp.tsv --test sptest.tsv --rank 2 --sweeps 20 --save all.bpmf --save_samples 100000 --quiet \
        -p sampled.pred >/dev/null && "$0" --load all.bpmf --predict sptest.pairs -p loaded.pred >/dev/null &&
      "$0" --load all.bpmf --test sptest.tsv -p scored.pred >/dev/null && cmp -s loaded.pred scored.pred &&
      test "$(wc -l <sampled.pred)" = 2 && paste sampled.pred loaded.pred |
      awk "{ d = \$1 - \$2; if (d < 0) d = -d; if (d > 1e-6 * \$1) exit 1 }"' "$bpmf"
  expect_true "learner-bpmf: --predict reads user item lines without ratings, new ids included" \
    sh -c '"$0" --load m.bpmf --predict pairs.txt -p pairs.pred | grep -q "^3 pairs to predict have an id unseen" &&
      test "$(wc -l <pairs.pred)" = 5 && awk "\$1 < 1 || \$1 > 5 { exit 1 }" pairs.pred' "$bpmf"
  expect_true "learner-bpmf: --train with --predict predicts the pairs while sampling" \
    sh -c '"$0" --train sp.tsv --predict pairs.txt --rank 2 --sweeps 10 --quiet -p pairs2.pred >/dev/null &&
      test "$(wc -l <pairs2.pred)" = 5' "$bpmf"
  expect_true "learner-bpmf: -p /dev/stdout keeps standard output to the predictions" \
    sh -c 'out="$("$0" --load m.bpmf --predict pairs.txt -p /dev/stdout 2>/dev/null)" && test -s pairs.pred &&
      test "$out" = "$(cat pairs.pred)"' "$bpmf"
  expect_true "learner-bpmf: the vectors: a comment line, then id bias x_1..x_rank per id, the same from --load" \
    sh -c '"$0" --load m.bpmf --user_vectors load.users --item_vectors load.items >/dev/null &&
      cmp -s train.users load.users && cmp -s train.items load.items &&
      test "$(grep -vc "^#" train.users)" = 40 && test "$(grep -vc "^#" train.items)" = 30 &&
      awk "!/^#/ && NF != 4 { exit 1 }" train.users train.items &&
      test "$(grep -v "^#" train.users | cut -d " " -f 1 | sort -n | tr "\n" " ")" = "$(seq 1 40 | tr "\n" " ")"' "$bpmf"
  expect_true "learner-bpmf: progress lines every --progress sweeps, with elapsed wall and CPU time" \
    sh -c '"$0" --train sp.tsv --rank 2 --sweeps 20 --progress 5 2>&1 >/dev/null |
      grep -c "^sweep [0-9]*/20: training RMSE [0-9.]*, noise precision [0-9.]*, [0-9.]* s wall, [0-9.]* s CPU\$" |
      grep -qx 4' "$bpmf"
  expect_exit "learner-bpmf: -p with nothing to predict is refused" 2 '-p: nothing to predict' \
    "$bpmf" --train sp.tsv -p never.pred
  expect_true "learner-bpmf: the refused -p wrote nothing" test ! -e never.pred
  expect_exit "learner-bpmf: -p with nothing to predict is refused with --load too" 2 '-p: nothing to predict' \
    "$bpmf" --load m.bpmf -p never.pred
  expect_exit "learner-bpmf: --predict without -p is refused" 2 '--predict PAIRS needs -p FILE' \
    "$bpmf" --load m.bpmf --predict pairs.txt
  cp m.bpmf m.keep
  expect_exit "learner-bpmf: -p over the model file is refused" 2 '-p m\.bpmf is the same file as the input --load' \
    "$bpmf" --load m.bpmf --predict pairs.txt -p m.bpmf
  expect_exit "learner-bpmf: -p over the pairs file is refused" 2 'is the same file as the input --predict' \
    "$bpmf" --load m.bpmf --predict pairs.txt -p pairs.txt
  expect_exit "learner-bpmf: --save over the training file is refused" 2 'is the same file as the input --train' \
    "$bpmf" --train sp.tsv --save sp.tsv
  expect_exit "learner-bpmf: two outputs on one file are refused" 2 '--save and --user_vectors name the same file' \
    "$bpmf" --train sp.tsv --save twice.out --user_vectors ./twice.out
  expect_true "learner-bpmf: the refused outputs left their files as they were" \
    sh -c 'cmp -s m.bpmf m.keep && cmp -s sptest.tsv sptest.keep && test "$(wc -l <pairs.txt)" = 5 && test ! -e twice.out'
  expect_exit "learner-bpmf: --train and --load together are refused" 2 'give --train FILE .* or --load MODEL, not both' \
    "$bpmf" --train sp.tsv --load m.bpmf
  expect_exit "learner-bpmf: sampling options with --load are refused" 2 '--rank is a sampling option' \
    "$bpmf" --load m.bpmf --rank 3
  expect_exit "learner-bpmf: --save_samples needs something to save" 2 '--save_samples needs --save' \
    "$bpmf" --train sp.tsv --save_samples 3
  expect_exit "learner-bpmf: --save_samples out of range" 2 '--save_samples must be in 1..100000' \
    "$bpmf" --train sp.tsv --save x.bpmf --save_samples 0
  expect_exit "learner-bpmf: --progress with --quiet is refused" 2 '--progress and --quiet contradict' \
    "$bpmf" --train sp.tsv --progress 5 --quiet
  expect_true "learner-bpmf: SIGTERM while sampling with --save leaves no model and no temporary" \
    sh -c '"$0" --train sp.tsv --rank 2 --sweeps 100000 --save big.bpmf --quiet & pid=$!
      i=0; while ! ls big.bpmf.tmp.* >/dev/null 2>&1; do i=$((i + 1)); [ $i -lt 300 ] || exit 1; sleep 0.1; done
      kill -TERM $pid; wait $pid; test $? = 143 && ! ls big.bpmf* >/dev/null 2>&1' "$bpmf"
  printf '1 2\n1 2 x\n' >pairs.bad
  expect_exit "learner-bpmf: a malformed pairs line names file and line" 1 '^learner-bpmf: pairs\.bad:2: rating "x" is not a number' \
    "$bpmf" --load m.bpmf --predict pairs.bad -p bad.pred
  expect_true "learner-bpmf: the failed run wrote no predictions" test ! -e bad.pred
  head -c 200 m.bpmf >short.bpmf
  expect_exit "learner-bpmf: a truncated model file" 1 '^learner-bpmf: short\.bpmf: model file is corrupt or truncated' \
    "$bpmf" --load short.bpmf --test sptest.tsv
  expect_exit "learner-bpmf: a rating file given as a model" 1 'sp\.tsv: not a learner model file' \
    "$bpmf" --load sp.tsv --test sptest.tsv
  if [[ -n "${LEARNER:-}" && -x "$LEARNER" ]]; then
    printf '1 |u a\n' | "$LEARNER" --quiet -f gd.model 2>/dev/null
    expect_exit "learner-bpmf: another learner's model file" 1 "gd\.model: a model of the 'gd' learner, not a learner-bpmf model" \
      "$bpmf" --load gd.model --test sptest.tsv
  fi
else
  echo "note  learner-bpmf: $bpmf not built; its command-line checks are skipped"
fi

# Issue 28: the rating tools' outputs. -p never replaces --train/--test (through a symlink
# too) and goes through OutputFile; seeds are whole numbers; LFL never returns a non-finite
# model; the tools on standard output fail loudly when it cannot be written; numeric options
# are range-checked.
tools="$(dirname -- "$spectral")"
if [[ -x "$lfl" && -x "$spectral" && -e sp.tsv ]]; then
  cp sptest.tsv sptest.keep
  cp sp.tsv sp.keep
  ln -sf sp.tsv sp.link
  expect_exit "learner-lfl: predictions over the test file are refused" 2 'is the same file as the input --test' \
    "$lfl" --train sp.tsv --test sptest.tsv -p sptest.tsv
  expect_exit "learner-lfl: predictions over the training file through a symlink are refused" 2 \
    'is the same file as the input --train' "$lfl" --train sp.tsv --test sptest.tsv -p sp.link
  expect_exit "learner-spectral: predictions over the test file are refused" 2 'is the same file as the input --test' \
    "$spectral" --train sp.tsv --test sptest.tsv -p sptest.tsv
  expect_exit "learner-spectral: predictions over the training file through a symlink are refused" 2 \
    'is the same file as the input --train' "$spectral" --train sp.tsv --test sptest.tsv -p sp.link
  expect_true "learner-lfl, learner-spectral: the refused outputs left both inputs as they were" \
    sh -c 'cmp -s sptest.tsv sptest.keep && cmp -s sp.tsv sp.keep && test -L sp.link'
  expect_exit "learner-lfl: a -p write that fails says why" 1 'No space left on device' \
    "$lfl" --train sp.tsv --test sptest.tsv --passes 1 -p /dev/full
  expect_exit "learner-spectral: a -p write that fails says why" 1 'No space left on device' \
    "$spectral" --train sp.tsv --test sptest.tsv -p /dev/full
  expect_exit "learner-lfl: --lr 10 --l2 100 --init 10 recovers by halving the rate, with a message" 0 \
    'pass 1 diverged .* run again at 5$' "$lfl" --train sp.tsv --test sptest.tsv --lr 10 --l2 100 --init 10 --passes 3 -p lfl.div
  expect_true "learner-lfl: ... and its objective and predictions are finite numbers" \
    sh -c '"$0" --train sp.tsv --test sptest.tsv --lr 10 --l2 100 --init 10 --passes 3 -p lfl.div 2>/dev/null |
      grep "training objective" | grep -qv -i "nan\|inf" &&
      test "$(wc -l <lfl.div)" = 2 && ! grep -qi "nan\|inf" lfl.div' "$lfl"
  for t in "$lfl" "$spectral" "$bpmf"; do
    expect_exit "$(basename -- "$t"): --seed -1 is refused (not read as 2^64 - 1)" 2 '--seed must be a whole number in 0\.\.18446744073709551615' \
      "$t" --train sp.tsv --seed -1
  done
  expect_exit "learner-spectral: --validation-seed -1 is refused" 2 '--validation-seed must be a whole number' \
    "$spectral" --train sp.tsv --rank 2,3 --validation-seed -1
else
  echo "note  rating tools' output checks: learner-lfl / learner-spectral not built; skipped"
fi
if [[ -x "$tools/gen_ratings" ]]; then
  printf '4 |u 3 |i 2\n2 |u 1 |i 4\n3 |u 5 |i 4\n4 |u 5 |i 2\n' >gr.want
  expect_out "gen_ratings: output as before (pinned)" gr.want "$tools/gen_ratings" --users 5 --items 4 --ratings 4 --seed 3
  expect_exit "gen_ratings: --users 99999999999999999999 is a usage error" 2 '--users needs a whole number in 1\.\.1000000' \
    "$tools/gen_ratings" --users 99999999999999999999
  expect_exit "gen_ratings: --ratings 0 is a usage error" 2 '--ratings needs a whole number in 1\.\.1000000000000' \
    "$tools/gen_ratings" --ratings 0
  expect_exit "gen_ratings: an unknown option is a usage error (was ignored)" 2 "unknown argument '--user'" \
    "$tools/gen_ratings" --user 5
  expect_exit "gen_ratings: a missing value is a usage error (was ignored)" 2 '--seed needs a value' \
    "$tools/gen_ratings" --seed
  expect_exit "gen_ratings: a full disk on stdout fails with errno's message" 1 \
    'write error on standard output: No space left on device' sh -c '"$0" >/dev/full' "$tools/gen_ratings"
  expect_exit "gen_ratings: a closed stdout fails" 1 'write error on standard output: Bad file descriptor' \
    sh -c '"$0" --ratings 5 >&-' "$tools/gen_ratings"
fi
if [[ -x "$tools/rating_neighbors" ]]; then
  printf 'a x 4\na y 2\nb x 5\nb y 1\nc x 3\n' >rn.ref
  printf 'c y\na x\n' >rn.q
  expect_true "rating_neighbors: a normal run exits 0" "$tools/rating_neighbors" rn.ref rn.q
  expect_exit "rating_neighbors: a full disk on stdout fails with errno's message" 1 \
    'write error on standard output: No space left on device' sh -c '"$0" rn.ref rn.q >/dev/full' "$tools/rating_neighbors"
  expect_exit "rating_neighbors: a closed stdout fails with a message" 1 'write error on standard output' \
    sh -c '"$0" rn.ref rn.q >&-' "$tools/rating_neighbors"
  expect_exit "rating_neighbors: --folds 2000000000 is a usage error (was std::bad_alloc)" 2 '--folds must be in 2\.\.1000' \
    "$tools/rating_neighbors" --folds 2000000000 rn.ref rn.q
  expect_exit "rating_neighbors: --shrink inf is a usage error" 2 '--shrink must be a number >= 0' \
    "$tools/rating_neighbors" --shrink inf rn.ref rn.q
fi
if [[ -x "$tools/vw2json" ]]; then
  expect_exit "vw2json: a full disk on stdout fails with errno's message" 1 \
    'write error on standard output: No space left on device' sh -c 'printf "1 |a b\n" | "$0" >/dev/full' "$tools/vw2json"
  expect_exit "vw2json: --bytes 1e300 is a usage error (was an overflowing conversion)" 2 'N: 1 \.\. 10\^18' \
    "$tools/vw2json" --bytes 1e300
  expect_exit "vw2json: --bytes 0.5 is a usage error (was 0: no limit)" 2 'usage' "$tools/vw2json" --bytes 0.5
fi
if [[ -x "$tools/learner-ratings" ]]; then
  expect_exit "learner-ratings: a full disk on stdout fails with errno's message" 1 \
    'write error on standard output: No space left on device' sh -c '"$0" r.tsv >/dev/full' "$tools/learner-ratings"
fi
if [[ -x "$tools/gen_synthetic" ]]; then
  printf 'previous\n' >gs.out
  expect_exit "gen_synthetic: --out /dev/full fails with errno's message" 1 'No space left on device' \
    "$tools/gen_synthetic" --bytes 200K --quiet --out /dev/full
  expect_exit "gen_synthetic: --stats and --out the same file is a usage error" 2 'name the same file' \
    "$tools/gen_synthetic" --bytes 1K --out gs.out --stats gs.out
  expect_true "gen_synthetic: --out replaces a file with the stdout bytes, --stats beside it" \
    sh -c '"$0" --bytes 20K --quiet --out gs.out --stats gs.stats && "$0" --bytes 20K --quiet | cmp -s - gs.out &&
      grep -q "^bytes=$(wc -c <gs.out)\$" gs.stats && ! ls gs.out.tmp.* 2>/dev/null' "$tools/gen_synthetic"
fi

# ---------------------------------------------------------------------------
# split
# ---------------------------------------------------------------------------
printf '%s\n' a b c d e f g h i j k l m n o p q r s t >t20.txt
# Pinned: the hash is plain awk arithmetic, so these must never change (any awk, any machine).
printf '%s\n' h j l m q r >t20.test.want
printf '%s\n' a b c d e f g i k n o p s t >t20.train.want
expect_out "split: --test-fraction, seed 1 (pinned)" t20.test.want \
  sh -c '"$0" --quiet --seed 1 --test-fraction 0.3 --train tr.txt --test te.txt t20.txt && cat te.txt' "$split"
expect_same "split: train side (pinned)" t20.train.want tr.txt
expect_out "split: stdin gives the same split" t20.test.want \
  sh -c '"$0" --quiet --seed 1 --test-fraction 0.3 --train tr2.txt --test te2.txt - <t20.txt && cat te2.txt' "$split"
printf '%s\n' f o r s >t20s2.want
expect_out "split: seed 2 (pinned)" t20s2.want \
  sh -c '"$0" --quiet --seed 2 --test-fraction 0.3 --train tr.txt --test te.txt t20.txt && cat te.txt' "$split"
expect_out "split: fraction 0 sends all to train" t20.txt \
  sh -c '"$0" --quiet --test-fraction 0 --train tr.txt --test te.txt t20.txt && cat tr.txt && test ! -s te.txt' "$split"
expect_out "split: fraction 1 sends all to test" t20.txt \
  sh -c '"$0" --quiet --test-fraction 1 --train tr.txt --test te.txt t20.txt && cat te.txt && test ! -s tr.txt' "$split"

# Larger input: deterministic across runs, a partition of the input, fraction about right.
seq 1 20000 | sed 's/^/line /' >n.txt
"$split" --quiet --seed 5 --test-fraction 0.25 --train n1.train --test n1.test n.txt
"$split" --quiet --seed 5 --test-fraction 0.25 --train n2.train --test n2.test n.txt
expect_same "split: two runs give the same test set" n1.test n2.test
expect_same "split: two runs give the same train set" n1.train n2.train
expect_true "split: train + test is the input (order kept)" \
  sh -c 'sort -m -k2,2n n1.train n1.test | cmp -s - n.txt'
expect_true "split: test fraction near 0.25" \
  sh -c 'n=$(wc -l <n1.test); [ "$n" -gt 4700 ] && [ "$n" -lt 5300 ]'
"$split" --quiet --seed 6 --test-fraction 0.25 --train n3.train --test n3.test n.txt
expect_true "split: another seed gives another split" sh -c '! cmp -s n1.test n3.test'
gzip -c n.txt >n.txt.gz
"$split" --quiet --seed 5 --test-fraction 0.25 --train g.train --test g.test n.txt.gz
expect_same "split: .gz input" n1.test g.test

# Leave-k-out per user.
printf '1\t10\t5\n1\t11\t4\n2\t10\t3\n1\t12\t1\n2\t13\t2\n3\t10\t4\n1\t14\t5\n2\t15\t3\n' >r8.tsv
printf '1\t10\t5\n1\t12\t1\n2\t13\t2\n2\t15\t3\n' >r8.test.want
printf '1\t11\t4\n2\t10\t3\n3\t10\t4\n1\t14\t5\n' >r8.train.want
expect_out "split: --leave-out 2 --user-field 1 (pinned)" r8.test.want \
  sh -c '"$0" --quiet --seed 1 --leave-out 2 --user-field 1 --train tr.txt --test te.txt r8.tsv && cat te.txt' "$split"
expect_same "split: leave-out train side (pinned)" r8.train.want tr.txt
"$ratings2vw" r8.tsv >r8.vw
"$ratings2vw" r8.test.want >r8.vwtest.want
expect_out "split: --vw-user-ns u matches --user-field" r8.vwtest.want \
  sh -c '"$0" --quiet --seed 1 --leave-out 2 --vw-user-ns u --train tr.txt --test te.txt r8.vw && cat te.txt' "$split"
expect_out "split: leave-out from stdin" r8.test.want \
  sh -c '"$0" --quiet --seed 1 --leave-out 2 --user-field 1 --train tr.txt --test te.txt <r8.tsv && cat te.txt' "$split"
tr '\t' ':' <r8.tsv | sed 's/:/::/g' >r8.dat
tr '\t' ':' <r8.test.want | sed 's/:/::/g' >r8.dattest.want
expect_out "split: --field-sep ::" r8.dattest.want \
  sh -c '"$0" --quiet --seed 1 --leave-out 2 --user-field 1 --field-sep :: --train tr.txt --test te.txt r8.dat && cat te.txt' "$split"

# 300 users with 1..30 lines each: exactly K per user in test when the user has more than K.
awk 'BEGIN { for (u = 1; u <= 300; u++) for (k = 1; k <= u % 30 + 1; k++) print u "\t" k "\t" (k % 5 + 1) }' >many.tsv
"$split" --quiet --seed 3 --leave-out 3 --user-field 1 --train m.train --test m.test many.tsv
expect_true "split: leave-out 3 puts exactly 3 lines per user in test" \
  sh -c 'awk '\''NR == FNR { n[$1]++; next } { t[$1]++ } END { for (u in n) if ((n[u] > 3 && t[u] != 3) || (n[u] <= 3 && t[u] > 0)) exit 1 }'\'' many.tsv m.test'
expect_true "split: leave-out is a partition of the input" \
  bash -c 'cmp -s <(cat m.train m.test | sort) <(sort many.tsv)'

expect_fail "split: --train/--test required" 'required' "$split" --test-fraction 0.2 t20.txt
expect_fail "split: both modes" 'either' "$split" --test-fraction 0.2 --leave-out 1 --user-field 1 --train a --test b t20.txt
expect_fail "split: bad fraction" 'test-fraction' "$split" --test-fraction 1.5 --train a --test b t20.txt
expect_fail "split: leave-out needs a user" 'needs --user-field' "$split" --leave-out 1 --train a --test b t20.txt
expect_fail "split: same train and test" 'different' "$split" --test-fraction 0.2 --train a --test a t20.txt
expect_fail "split: output is the input" 'same file as the input' "$split" --test-fraction 0.2 --train t20.txt --test b t20.txt
printf '1\t2\t3\n\n' >blank.tsv
expect_fail "split: blank line" 'blank.tsv:2: blank line' "$split" --test-fraction 0.2 --train a --test b blank.tsv
printf '3 |u 1 |i 2\n3 |i 2\n' >nouser.vw
expect_fail "split: line without the user namespace" 'nouser.vw:2: no feature after namespace \|u' \
  "$split" --leave-out 1 --vw-user-ns u --train a --test b nouser.vw
expect_fail "split: missing user field" 'r8.tsv:1: no field 5' "$split" --leave-out 1 --user-field 5 --train a --test b r8.tsv
expect_true "split: --help" "$split" --help

# Issue 28: the outputs are replaced only when the split succeeds (temporaries renamed at the end).
printf 'old train\n' >keep.train
printf 'old test\n' >keep.test
expect_fail "split: a bad --user-field fails" 'no field 5' \
  "$split" --leave-out 1 --user-field 5 --train keep.train --test keep.test r8.tsv
expect_true "split: ... and both previous outputs are as they were, no temporary left" \
  sh -c 'test "$(cat keep.train)" = "old train" && test "$(cat keep.test)" = "old test" && ! ls keep.*.tmp.* 2>/dev/null'
seq 1 3000 >big.txt
expect_exit "split: a write cut short (EFBIG) fails with exit 1" 1 'File too large' \
  sh -c 'trap "" XFSZ; ulimit -f 4; exec "$0" --test-fraction 0.5 --train keep.train --test keep.test big.txt' "$split"
expect_true "split: ... and leaves the previous outputs whole, no temporary left" \
  sh -c 'test "$(cat keep.train)" = "old train" && test "$(cat keep.test)" = "old test" && ! ls keep.*.tmp.* 2>/dev/null'
ln -sf keep.real keep.link
expect_true "split: an output through a symlink writes its target and keeps the link; /dev/stdout is written through" \
  sh -c '"$0" --quiet --test-fraction 0.3 --train keep.link --test /dev/stdout t20.txt >keep.stdout &&
    test -L keep.link && cmp -s keep.real t20.train.want && cmp -s keep.stdout t20.test.want' "$split"
expect_exit "split: --train and --test naming one file through a symlink is a usage error" 2 'different files' \
  "$split" --test-fraction 0.3 --train keep.link --test keep.real t20.txt

# ---------------------------------------------------------------------------
# scripts/bench/cost_learning.sh (the --struct_svm benchmark) on a tiny pendigits-shaped folder:
# the table, a learned cost matrix with its heat map files and the RESULT line.
# ---------------------------------------------------------------------------
learner_bin="${LEARNER:-${BUILD:-$root/build}/learner}"
if [[ -x "$learner_bin" ]]; then
  mkdir -p cl/pendigits
  for part in tra tes; do  # 10 digits, 16 features: the class sets two of them high
    awk -v n="$([[ $part == tra ]] && echo 300 || echo 100)" 'BEGIN { srand(7); for (i = 0; i < n; i++) {
      c = i % 10; line = ""; for (f = 0; f < 16; f++) line = line int(f == c || f == c + 6 ? 60 + 40 * rand() : 30 * rand()) ",";
      onehot = ""; for (d = 0; d < 10; d++) onehot = onehot (d == c ? 1 : 0); print line onehot } }' >"cl/pendigits/pendigits.$part"
  done
  LEARNER="$learner_bin" OUT_DIR="$tmp/cl/out" ONLY='^pendigits/(best|svm|obj10 n=expected)' \
    "$root/scripts/bench/cost_learning.sh" "$tmp/cl" >cl.out 2>cl.err
  rc=$?
  if ((rc != 0)); then
    fail "cost_learning.sh: a small run" "exit status $rc" "$(tail -n 3 cl.err)"
  elif ! grep -Eq '^pendigits +svm \(v uniform\) +[01]\.[0-9]{4} ' cl.out ||
    ! grep -q '^learned costs of pendigits, best variant on validation: obj10 n=expected' cl.out ||
    ! grep -Eq '^1-2 +[0-9.e-]+ +[0-9.e-]+ +[0-9.e-]+$' cl.out || [[ ! -s cl/out/cost_pendigits.gp ]] ||
    [[ "$(tail -n 1 cl.out)" != RESULT* ]]; then
    fail "cost_learning.sh: a small run" "table, cost matrix, heat map or RESULT missing:" "$(head -n 12 cl.out)"
  else
    pass "cost_learning.sh: a small run prints the table, the cost matrix and RESULT"
  fi
  expect_exit "cost_learning.sh: no data folder" 1 'no data folder' "$root/scripts/bench/cost_learning.sh" "$tmp/nowhere"
fi

# ---------------------------------------------------------------------------
# scripts/bench/vw_compat.sh on a tiny VW-test-shaped folder: a row that runs, a row
# learner stops on (a malformed label, which VW skips), the RESULT line; usage errors.
# ---------------------------------------------------------------------------
if [[ -x "$learner_bin" ]]; then
  mkdir -p vwc/test/train-sets
  printf '1 |a x:1 y:2\n0 |a x:2\n1 |b z\n' >vwc/test/train-sets/0002.dat
  printf '1 |a x\nabc |a y\n' >vwc/test/train-sets/malformed.dat  # learner stops at line 2 (VW skips it)
  rc=0
  LEARNER="$learner_bin" VW_TEST_DATA="$tmp/vwc/test" OUT_DIR="$tmp/vwc/out" ONLY="t3 t193" \
    "$root/scripts/bench/vw_compat.sh" >vwc.out 2>vwc.err || rc=$?
  if ((rc != 0)); then
    fail "vw_compat.sh: a small run" "exit status $rc" "$(tail -n 3 vwc.err)"
  elif [[ "$(tail -n 1 vwc.out)" != "RESULT commands=2 ran=1 not_worse=n/a ref_compared=0 ref_not_worse=0 pred_compared=0 pred_matched=0 rejected=0" ]] ||
    ! grep -Eq '^t3 +[0-9.e-]+ +- +- +- +ran$' vwc.out || ! grep -q '^t193 .*error: learner: .*malformed.dat:2' vwc.out ||
    [[ -e vwc/test/train-sets/0002.dat.cache ]]; then
    fail "vw_compat.sh: a small run" "rows or RESULT wrong:" "$(cat vwc.out)"
  else
    pass "vw_compat.sh: a small run prints each row's status and RESULT"
  fi
  expect_exit "vw_compat.sh: no VW_TEST_DATA" 1 'set VW_TEST_DATA' env -u VW_TEST_DATA "$root/scripts/bench/vw_compat.sh"
  expect_exit "vw_compat.sh: an argument" 2 'usage' "$root/scripts/bench/vw_compat.sh" extra
fi
# vw2json (VW text -> --json lines) and scripts/bench/json_speed.sh on a tiny file.
# ---------------------------------------------------------------------------
vw2json_bin="${BUILD:-$(dirname "$learner_bin")}/vw2json"
if [[ -x "$vw2json_bin" && -x "$learner_bin" ]]; then
  printf '1 |a x:0.5 w |b c:red\n\n-1 t|a y\n' | "$vw2json_bin" >v.json
  printf '%s\n' '{"_label":1,"a":{"x":0.5,"_text":"w"},"b":{"c":"red"}}' '{"_tag":"t","_label":-1,"a":{"_text":"y"}}' >v.golden
  if diff -u v.golden v.json >v.diff; then pass "vw2json: golden output"; else fail "vw2json: golden output" "$(cat v.diff)"; fi
  printf '1 |a x\n1 |_b y\n' | "$vw2json_bin" >/dev/null 2>v.err
  rc=$?
  if ((rc == 1)) && grep -q '<stdin>:2: .*reserved key' v.err; then pass "vw2json: refuses a '_' namespace with line 2"
  else fail "vw2json: refuses a '_' namespace with line 2" "exit $rc" "$(cat v.err)"; fi
  # Issue 28, defect 10: what it writes is valid JSON that learner --json reads back (UTF-8 names
  # included); a control byte or invalid UTF-8 is refused with <stdin>:line, not written.
  printf '1 |a caf\xc3\xa9 x:2\n-1 |b \xe2\x82\xac\n' >u.vw
  "$vw2json_bin" <u.vw >u.json && "$learner_bin" --quiet --json --chain_hash -d u.json -p u.json.p 2>u.err &&
    "$learner_bin" --quiet -d u.vw -p u.vw.p 2>>u.err
  if cmp -s u.json.p u.vw.p && [[ -s u.vw.p ]]; then pass "vw2json: UTF-8 names read back by --json as the text's"
  else fail "vw2json: UTF-8 names read back by --json as the text's" "$(cat u.err)"; fi
  for bad in 'x\001y' 'x\377' 'caf\303'; do
    printf "1 |a x\\n1 |a $bad\\n" | "$vw2json_bin" >v.out 2>v.err
    rc=$?
    if ((rc == 1)) && grep -Eq '^vw2json: <stdin>:2: (control byte|invalid UTF-8) at column' v.err && [[ $(wc -l <v.out) == 1 ]]; then
      pass "vw2json: refuses '$bad' with <stdin>:2"
    else fail "vw2json: refuses '$bad' with <stdin>:2" "exit $rc" "$(cat v.err)"; fi
  done
  JSON_BYTES=20K RUNS=1 BENCH_DIR="$tmp/jb" LEARNER="$learner_bin" VW2JSON="$vw2json_bin" \
    GEN_SYNTHETIC="$(dirname "$learner_bin")/gen_synthetic" "$root/scripts/bench/json_speed.sh" >js.out 2>js.err
  rc=$?
  if ((rc == 0)) && grep -Eq '^RESULT json_mb=0\.0 learner_mb_per_cpu_s=[0-9.]+$' js.out; then
    pass "json_speed.sh: a small run prints RESULT"
  else
    fail "json_speed.sh: a small run prints RESULT" "exit $rc" "$(cat js.out)" "$(tail -n 3 js.err)"
  fi
  # A run under GNU time's 0.01 s resolution (here a learner that does nothing) reads 0 CPU s:
  # it must count as 0.01 s, not divide into "inf" (the small run above did so now and then).
  JSON_BYTES=20K RUNS=1 BENCH_DIR="$tmp/jb" LEARNER="$(type -P true)" VW="$(type -P true)" \
    VW2JSON="$vw2json_bin" GEN_SYNTHETIC="$(dirname "$learner_bin")/gen_synthetic" \
    "$root/scripts/bench/json_speed.sh" >js0.out 2>js0.err
  rc=$?
  if ((rc == 0)) && grep -Eq '^RESULT json_mb=0\.0 learner_mb_per_cpu_s=[0-9.]+ vw_mb_per_cpu_s=[0-9.]+ ratio=1\.00$' js0.out; then
    pass "json_speed.sh: a run too short to time counts as 0.01 CPU s"
  else
    fail "json_speed.sh: a run too short to time counts as 0.01 CPU s" "exit $rc" "$(cat js0.out)" "$(tail -n 3 js0.err)"
  fi
fi
# scripts/bench/bfgs_convergence.sh on a tiny a9a-shaped folder (LIBSVM, labels -1/+1):
# the table, one row per method with a finite objective, the plot and the RESULT line.
# ---------------------------------------------------------------------------
if [[ -x "$learner_bin" ]]; then
  mkdir -p bf/a9a
  for part in a9a a9a.t; do
    awk -v n=200 'BEGIN { srand(11); for (i = 0; i < n; i++) { a = rand(); b = rand();
      y = (a - b + 0.3 * (rand() - 0.5) > 0) ? "+1" : "-1"; printf "%s 1:%.4f 2:%.4f 3:1\n", y, a, b } }' >"bf/a9a/$part"
  done
  LEARNER="$learner_bin" PASSES=6 PLOT="$tmp/bf/plot.png" "$root/scripts/bench/bfgs_convergence.sh" "$tmp/bf/a9a" \
    >bf.out 2>bf.err
  rc=$?
  if ((rc != 0)); then
    fail "bfgs_convergence.sh: a small run" "exit status $rc" "$(tail -n 3 bf.err)"
  elif [[ "$(grep -Ec '^\| (bfgs|bfgs_hessian|cg_hessian|online_then_bfgs) \| .* \| [0-9.]+ \| 0\.[0-9]{4} \|$' bf.out)" != 4 ]] ||
    [[ "$(tail -n 1 bf.out)" != "RESULT online="* ]] || { command -v gnuplot >/dev/null && [[ ! -s bf/plot.png ]]; }; then
    fail "bfgs_convergence.sh: a small run" "table, plot or RESULT missing:" "$(head -n 12 bf.out)"
  else
    pass "bfgs_convergence.sh: a small run prints the table, the plot and RESULT"
  fi
fi
# scripts/bench/a9a.sh with LEARNER given as a relative path (the benchmarks run their commands
# from work folders: a relative path used to fail there), on the same tiny a9a-shaped folder.
# ---------------------------------------------------------------------------
if [[ -x "$learner_bin" && -d bf/a9a ]]; then
  relative="$(realpath --relative-to="$tmp" "$learner_bin")"
  LEARNER="$relative" MIN_ACCURACY=0 "$root/scripts/bench/a9a.sh" "$tmp/bf/a9a" >a9rel.out 2>a9rel.err
  rc=$?
  if ((rc != 0)) || ! grep -Eq '^RESULT test_accuracy=[01]\.[0-9]{4}$' a9rel.out; then
    fail "a9a.sh: LEARNER as a relative path" "exit status $rc" "$(tail -n 3 a9rel.err)"
  else
    pass "a9a.sh: LEARNER as a relative path ($relative)"
  fi
fi
# scripts/bench/ngram_speed.sh on a tiny R8-shaped folder: the RESULT line; a bad VW is refused.
# ---------------------------------------------------------------------------
if [[ -x "$learner_bin" ]]; then
  mkdir -p ng/r8
  printf 'Class\tExample\nearn\tthe company said profit rose\ngrain\twheat exports fell sharply\n' >ng/r8/r8-train-all-terms.txt
  LEARNER="$learner_bin" LEARNER_DATA="$tmp/ng" COPIES=2 RUNS=1 "$root/scripts/bench/ngram_speed.sh" >ng.out 2>ng.err
  rc=$?
  if ((rc != 0)) || ! grep -Eq '^RESULT examples=4 mb=0\.0 learner_ex_per_s=[0-9]+ learner_mb_per_s=[0-9.]+$' ng.out; then
    fail "ngram_speed.sh: a small run" "exit status $rc" "$(cat ng.out)" "$(tail -n 3 ng.err)"
  else
    pass "ngram_speed.sh: a small run prints RESULT"
  fi
  VW=/nonexistent/vw LEARNER="$learner_bin" LEARNER_DATA="$tmp/ng" \
    expect_exit "ngram_speed.sh: VW must be executable" 1 'is not an executable' "$root/scripts/bench/ngram_speed.sh"
fi

# scripts/bench/bandits.sh and movielens_bandit.sh (the drivers' runs are tests/bench_py): help, refusals.
# ---------------------------------------------------------------------------
expect_true "bandits.sh: --help" "$root/scripts/bench/bandits.sh" --help
expect_exit "bandits.sh: no data folder" 1 'no data folder' "$root/scripts/bench/bandits.sh" "$tmp/nowhere"
expect_exit "bandits.sh: two arguments" 1 'usage' "$root/scripts/bench/bandits.sh" a b
VW=/nonexistent/vw expect_exit "bandits.sh: VW must be executable" 1 'is not an executable' \
  "$root/scripts/bench/bandits.sh" "$tmp"
REPEATS=0 expect_exit "bandits.sh: REPEATS must be positive" 1 'not a positive integer' "$root/scripts/bench/bandits.sh" "$tmp"
REPLICATES=0 expect_exit "bandits.sh: REPLICATES must be positive" 1 'REPLICATES=0 is not a positive integer' \
  "$root/scripts/bench/bandits.sh" "$tmp"
expect_true "movielens_bandit.sh: --help" "$root/scripts/bench/movielens_bandit.sh" --help
expect_exit "movielens_bandit.sh: no u.data" 1 'no .*/u.data' "$root/scripts/bench/movielens_bandit.sh" "$tmp/nowhere"
mkdir -p mlb && printf '1\t1\t5\t1\n' >mlb/u.data
ROUNDS=x expect_exit "movielens_bandit.sh: ROUNDS must be a positive integer" 1 'not a positive integer' \
  "$root/scripts/bench/movielens_bandit.sh" "$tmp/mlb"

# learner-topn (top-N recommendation; the units are tests/topn): train, recommend, eval, split.
topn="${LEARNER_TOPN:-$(dirname -- "$spectral")/learner-topn}"
if [[ -x "$topn" ]]; then
  : >tn.tsv
  for u in 1 2 3 4 5 6 7 8; do
    for i in 1 2 3 4 5 6; do
      g=$(( u % 2 ))
      (( (u + i) % 3 != 0 )) && printf 'user%s\titem%s\t%s\t%s\n' "$u" $(( i + 6 * g )) $(( 3 + (u + i) % 3 )) $(( 100 * u + i )) >>tn.tsv
    done
  done
  expect_true "learner-topn: --help" "$topn" --help
  expect_true "learner-topn train writes factors (header, a line per user and item)" \
    sh -c '"$0" train --train tn.tsv -f tn.factors --rank 3 --passes 5 2>/dev/null && head -n 1 tn.factors | grep -q "^learner-topn factors 1 rank 3 global " && test "$(grep -c "^u user" tn.factors)" = 8 && test "$(grep -c "^i item" tn.factors)" = 12' "$topn"
  printf '%s\n' 'NR == FNR { seen[$1 " " $2] = 1; next }' '($1 " " $3) in seen { bad = 1 }' 'END { exit bad }' >tn.awk
  expect_true "learner-topn recommend: N lines a user, ids as in the input, reports items/s" \
    sh -c '"$0" recommend -i tn.factors --exclude tn.tsv -n 3 -o tn.top 2>tn.err && test "$(wc -l <tn.top)" = 24 && grep -Eq "items scored in .* items/s" tn.err && grep -q "^user1	1	item" tn.top' "$topn"
  expect_true "learner-topn recommend: never a training pair" awk -F '\t' -f tn.awk tn.tsv tn.top
  expect_true "learner-topn recommend: without --exclude training pairs come back (the check above can fail)" \
    sh -c '"$0" recommend -i tn.factors -n 3 -o tn.all 2>/dev/null && ! awk -F "\t" -f tn.awk tn.tsv tn.all' "$topn"
  expect_true "learner-topn recommend: the same lists with 1 and 2 threads" \
    sh -c '"$0" recommend -i tn.factors --exclude tn.tsv -n 3 --threads 1 -o t1 2>/dev/null && "$0" recommend -i tn.factors --exclude tn.tsv -n 3 --threads 2 -o t2 2>/dev/null && cmp -s t1 t2' "$topn"
  printf 'user3\nuser8\n' >tn.users
  expect_true "learner-topn recommend --users: only those users, in that order" \
    sh -c '"$0" recommend -i tn.factors --exclude tn.tsv --users tn.users -n 2 -o tn.u 2>/dev/null && test "$(cut -f1 tn.u | tr "\n" " ")" = "user3 user3 user8 user8 "' "$topn"
  expect_true "learner-topn train: the same seed gives the same factors" \
    sh -c '"$0" train --train tn.tsv -f a.f --rank 3 --passes 3 --seed 4 2>/dev/null && "$0" train --train tn.tsv -f b.f --rank 3 --passes 3 --seed 4 2>/dev/null && cmp -s a.f b.f' "$topn"
  expect_true "learner-topn eval: folds and leave-one-out METRICS lines" \
    sh -c '"$0" split --data tn.tsv --last --train_out tr.tsv --test_out te.tsv 2>/dev/null && "$0" eval --train tr.tsv --test te.tsv --system pop --relevant_min 0 | grep -q "^METRICS system=pop protocol=folds k=10 precision=" && "$0" eval --train tr.tsv --test te.tsv --system knn --protocol loo --loo_negatives 3 | grep -q "^METRICS system=knn protocol=loo k=10 hit_rate=" && test "$(wc -l <te.tsv)" = 8' "$topn"
  expect_true "learner-topn eval --per_user: a header and a line per user, ids as in the input, their mean the METRICS line's" \
    sh -c '"$0" eval --train tr.tsv --test te.tsv --system pop --relevant_min 0 --per_user pu.tsv >pu.out && head -n 1 pu.tsv | grep -qx "user	precision	recall	ndcg	ap	hit" && test "$(wc -l <pu.tsv)" = 9 && grep -q "^user1	" pu.tsv && test "$(awk -F "\t" "NR > 1 { s += \$2 } END { printf \"%.6f\", s / (NR - 1) }" pu.tsv)" = "$(sed "s/.* precision=\([0-9.]*\) .*/\1/" pu.out)" && "$0" eval --train tr.tsv --test te.tsv --system knn --protocol loo --loo_negatives 3 --per_user pl.tsv >/dev/null && head -n 1 pl.tsv | grep -qx "user	rank	hit	ndcg" && test "$(wc -l <pl.tsv)" = 9' "$topn"
  expect_exit "learner-topn: an option of another command is refused, not ignored (train --per_user)" 2 '^learner-topn: --per_user applies to eval, not to train$' \
    "$topn" train --train tn.tsv -f other.f --per_user other.tsv
  expect_true "learner-topn: the refused run wrote neither file" sh -c 'test ! -e other.f && test ! -e other.tsv'
  expect_exit "learner-topn: recommend --protocol is refused (eval's)" 2 '^learner-topn: --protocol applies to eval, not to recommend$' \
    "$topn" recommend -i tn.factors --protocol loo
  expect_exit "learner-topn: recommend --rank is refused (a model setting: train's and eval's)" 2 '^learner-topn: --rank applies to train and eval, not to recommend$' \
    "$topn" recommend -i tn.factors --rank 5
  expect_exit "learner-topn: split --threads is refused (recommend's and eval's)" 2 '^learner-topn: --threads applies to recommend and eval, not to split$' \
    "$topn" split --data tn.tsv --last --train_out o1.tsv --test_out o2.tsv --threads 2
  cp te.tsv te.keep
  expect_exit "learner-topn: --per_user over the test pairs is refused" 2 'is the same file as the input --test' \
    "$topn" eval --train tr.tsv --test te.tsv --system pop --per_user te.tsv
  expect_true "learner-topn: the refused --per_user left the test pairs as they were" cmp -s te.tsv te.keep
  cp tn.tsv tn.keep
  expect_exit "learner-topn: -o over the excluded pairs is refused" 2 'is the same file as the input --exclude' \
    "$topn" recommend -i tn.factors --exclude tn.tsv -o tn.tsv
  expect_true "learner-topn: the refused output left the input as it was" cmp -s tn.tsv tn.keep
  printf 'user1\titem1\tx\n' >tn.bad
  expect_exit "learner-topn: bad rating names file and line" 1 '^learner-topn: tn\.bad:1: the rating is not a finite number' \
    "$topn" train --train tn.bad -f bad.f
  expect_true "learner-topn: a failed train writes no factors file" test ! -e bad.f
  expect_exit "learner-topn: --negatives 0 is refused" 2 '--negatives must be between 1 and 10000' \
    "$topn" train --train tn.tsv -f bad.f --loss bpr --negatives 0
  expect_true "learner-topn train: the default loss is gramian with the benchmark row's settings (and differs from --loss bpr)" \
    sh -c '"$0" train --train tn.tsv -f d1.f --passes 3 2>/dev/null && "$0" train --train tn.tsv -f d2.f --passes 3 --loss gramian --rank 32 --lr 0.5 --l2 0.5 --bias_l2 1000 --observed_weight 3 --unobserved 1 --l2_exponent 0.5 --sweeps joint 2>/dev/null && "$0" train --train tn.tsv -f d3.f --passes 3 --loss bpr --rank 32 2>/dev/null && cmp -s d1.f d2.f && ! cmp -s d1.f d3.f && head -n 1 d1.f | grep -q " rank 32 "' "$topn"
  expect_true "learner-topn --help shows the defaults that run (gramian's and the other losses')" \
    sh -c '"$0" --help >help.txt && grep -q -- "--rank arg (=32 gramian, 10 other losses)" help.txt && grep -q -- "--lr arg (=0.5 gramian, 0.05 other losses)" help.txt && grep -q -- "--l2 arg (=0.5 gramian, 0.01 other losses)" help.txt && grep -q -- "--bias_l2 arg (=1000 gramian, 0 other losses)" help.txt && grep -q -- "--history_exponent arg (=0.5, 1 under --sequence)" help.txt' "$topn"
  expect_exit "learner-topn: a sampled-negative option with --loss gramian is refused" 2 '--hard_negatives applies to the sampled-negative losses' \
    "$topn" train --train tn.tsv -f bad.f --hard_negatives 4
  expect_exit "learner-topn: an unknown loss is refused" 2 '--loss must be bpr, hinge, warp, pointwise, rating, softmax or gramian' \
    "$topn" eval --train tr.tsv --test te.tsv --loss mse
  expect_true "learner-topn train --loss softmax, sampled and full (--negatives 0), writes the same file shape" \
    sh -c '"$0" train --train tn.tsv -f s1.f --loss softmax --negatives 4 --rank 3 --passes 5 2>/dev/null && "$0" train --train tn.tsv -f s2.f --loss softmax --negatives 0 --lr 0.01 --rank 3 --passes 5 2>/dev/null && test "$(grep -c "^[ui] " s1.f)" = 20 && test "$(grep -c "^[ui] " s2.f)" = 20 && ! grep -qi "nan\|inf" s1.f s2.f' "$topn"
  # The pairs rated 5 come first, so that users and items are numbered alike in both files.
  expect_true "learner-topn train --system ials --min_rating 5: the factors of iALS on the pairs rated 5 (not those on every pair)" \
    sh -c 'awk -F "\t" "\$3 >= 5" tn.tsv >tn5.tsv && awk -F "\t" "\$3 < 5" tn.tsv | cat tn5.tsv - >tnm.tsv && "$0" train --train tnm.tsv -f ia.f --system ials --ials_rank 3 --min_rating 5 2>/dev/null && "$0" train --train tn5.tsv -f ib.f --system ials --ials_rank 3 2>/dev/null && "$0" train --train tnm.tsv -f ic.f --system ials --ials_rank 3 2>/dev/null && cmp -s ia.f ib.f && ! cmp -s ia.f ic.f' "$topn"
  expect_exit "learner-topn: --system ials --min_rating nan is refused" 2 '--min_rating must be a number' \
    "$topn" train --train tn.tsv -f in.f --system ials --min_rating nan
  expect_true "learner-topn train --loss gramian (both sweeps) writes finite factors, the same for the same seed" \
    sh -c '"$0" train --train tn.tsv -f g1.f --loss gramian --sweeps alternate --rank 3 --passes 5 2>/dev/null && "$0" train --train tn.tsv -f g2.f --loss gramian --sweeps alternate --rank 3 --passes 5 2>/dev/null && "$0" train --train tn.tsv -f g3.f --loss gramian --sweeps joint --rank 3 --passes 5 2>/dev/null && cmp -s g1.f g2.f && ! cmp -s g1.f g3.f && test "$(grep -c "^[ui] " g1.f)" = 20 && ! grep -qi "nan\|inf" g1.f g3.f' "$topn"
  expect_exit "learner-topn: --sweeps other than alternate or joint is refused" 2 '--sweeps must be alternate or joint' \
    "$topn" train --train tn.tsv -f bad.f --loss gramian --sweeps both
  expect_exit "learner-topn: --unobserved out of range is refused" 2 '--unobserved must be in \[0, 1e6\]' \
    "$topn" train --train tn.tsv -f bad.f --loss gramian --unobserved -1
  expect_true "learner-topn train --loss gramian --history (and --history_only) writes finite factors that differ from the run without" \
    sh -c '"$0" train --train tn.tsv -f h1.f --loss gramian --history --rank 3 --passes 5 2>/dev/null && "$0" train --train tn.tsv -f h2.f --loss gramian --history --history_only --rank 3 --passes 5 2>/dev/null && test "$(grep -c "^[ui] " h1.f)" = 20 && ! grep -qi "nan\|inf" h1.f h2.f && ! cmp -s h1.f g1.f && ! cmp -s h1.f h2.f' "$topn"
  expect_exit "learner-topn: --history with --pairwise is refused" 2 '--history does not combine with --pairwise' \
    "$topn" train --train tn.tsv -f bad.f --loss gramian --history --pairwise 0.3
  expect_true "learner-topn train --loss gramian --sequence 2 writes finite factors that differ from --history's" \
    sh -c '"$0" train --train tn.tsv -f s1.f --loss gramian --sequence 2 --rank 3 --passes 5 2>/dev/null && test "$(grep -c "^[ui] " s1.f)" = 20 && ! grep -qi "nan\|inf" s1.f && ! cmp -s s1.f h1.f && ! cmp -s s1.f g1.f' "$topn"
  expect_exit "learner-topn: --sequence (a history) with --pairwise is refused" 2 '--history does not combine with --pairwise' \
    "$topn" train --train tn.tsv -f bad.f --loss gramian --sequence 2 --pairwise 0.3
  expect_exit "learner-topn: --sequence out of range is refused" 2 '--sequence must be at most 10000' \
    "$topn" train --train tn.tsv -f bad.f --loss gramian --sequence 10001
  expect_exit "learner-topn: --max_norm without --loss softmax is refused" 2 '--max_norm needs --loss softmax' \
    "$topn" train --train tn.tsv -f bad.f --max_norm 1
  expect_exit "learner-topn: an unknown command is refused" 2 "unknown command 'fit'" "$topn" fit
  printf 'nobody\n' >tn.nobody
  expect_exit "learner-topn recommend: a user not in the model is named" 1 "tn\.nobody:1: user 'nobody' is not in the model" \
    "$topn" recommend -i tn.factors --users tn.nobody
else
  echo "note  learner-topn: $topn not built; its command-line checks are skipped"
fi

# ---------------------------------------------------------------------------
# scripts/demo.sh (the headline job) on a tiny MovieLens-shaped folder: ratings with one taste
# dimension (3 + 1.5 a_u b_i, a and b +-1), five folds; the table and the check that the dyadic
# model beats the linear one on every fold.
# ---------------------------------------------------------------------------
if [[ -x "$learner_bin" && -x "$(dirname "$learner_bin")/learner-ratings" ]]; then
  mkdir -p demo/ml-100k
  awk 'BEGIN { srand(3); n = 0; for (u = 1; u <= 80; u++) for (i = 1; i <= 40; i++) if (rand() < 0.6) {
      a = (u % 2) ? 1 : -1; b = (i % 3) ? 1 : -1; r = int(3 + 1.5 * a * b + (rand() < 0.2 ? (rand() < 0.5 ? -1 : 1) : 0) + 0.5)
      r = r < 1 ? 1 : (r > 5 ? 5 : r); f = n++ % 5 + 1
      for (k = 1; k <= 5; k++) print u "\t" i "\t" r "\t" (880000000 + n) > ("demo/ml-100k/u" k (k == f ? ".test" : ".base")) } }'
  rc=0
  LEARNER="$learner_bin" LEARNER_DATA="$tmp/demo" OUT_DIR="$tmp/demo/out" "$root/scripts/demo.sh" >demo.out 2>demo.err || rc=$?
  if ((rc != 0)); then
    fail "demo.sh: five tiny folds" "exit status $rc" "$(tail -n 5 demo.out demo.err)"
  elif ! grep -q '^data: MovieLens 100K, the five folds' demo.out ||
    [[ "$(grep -Ec '^\| (constant|linear|dyadic_k5|dyadic_k10) +\| [0-9]\.[0-9]{4} ' demo.out)" != 4 ]] ||
    ! grep -q '(better on every fold)$' demo.out || [[ "$(wc -l <demo/out/results.txt)" != 40 ]]; then
    fail "demo.sh: five tiny folds" "table or verdict missing:" "$(cat demo.out)"
  else
    pass "demo.sh: five folds give the table, 40 results and the dyadic model better on every fold"
  fi
fi

echo "$passed passed, $failed failed"
((failed == 0))
