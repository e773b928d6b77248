#!/usr/bin/env bash
# Regenerates the seed corpus tests/fuzz/corpus/<target>/ from datasets/ and
# small inputs like the tests'. Needs a built learner: LEARNER=build/learner.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
LEARNER="${LEARNER:-$ROOT/build/learner}"
C="$ROOT/tests/fuzz/corpus"
rm -rf "$C" && mkdir -p "$C"/{text_parser,label_grammar,json_reader,dsjson_reader,dsjson_bandit,csv_reader,gzip_reader,cache_reader,model_reader,rating_reader}
lines=(
  '1 |f a b' "0.521144 1 PFF/20091028|T PFF |f t1:-0.0236849 t5:-0.10215" "-1 2 'last | a b c"
  "1 0.5 0.1 'tag|user:2 u1 u2:0.5 |item i9:1e-3 |x :1 :2" "3 |x a:1e-12 b:1e30 c:str" "|x a" "1 |a:-2 x:3.5E2"
  "2.5 1e20 |ns f" $'1 |x a\r' "nan |a x" "1 1e39 |a x" "1 |a x:" "1 | |" "'only tag |x y" "1 -0.5 |a x"
)
i=0
for l in "${lines[@]}"; do printf '%s' "$l" > "$C/text_parser/line$((i++))"; done
while IFS= read -r l; do printf '%s' "$l" > "$C/text_parser/sample$((i++))"; done < "$ROOT/datasets/parse/sample.vw"
labels=("1 |x a" "3 2.0 'tag |x a b" "1:0.5 2:1 3:0 |x a" "2:0.25 |x a" "1,3,4 |x a" "2 |x a" "0 |x a" "1:nan |x a" "4:1 4:2 |x a" "1, |x a")
i=0
for l in "${labels[@]}"; do
  for b in '\x00' '\x15' '\x0e' '\x13'; do printf "$b%s" "$l" > "$C/label_grammar/l$((i++))"; done
done
# --cb labels (first byte 0x1d: the contextual-bandit grammar, K = 3).
for l in "1:1:0.5 |x a" "2:0:0.25 1 3 |x a" "1:1:1.5 |x a" "3 1:2 |x a" "shared |x a"; do
  printf '\x1d%s' "$l" > "$C/label_grammar/l$((i++))"
done
# --cb_adf lines (first byte 0x06: that grammar).
for l in "0:1:0.5 |x a" "shared |x a" "|x a" "0:1:0.5 1:0:0.5 |x a"; do
  printf '\x06%s' "$l" > "$C/label_grammar/l$((i++))"
done
# json_reader, dsjson_reader: first byte = variant (bit 0 keep_tokens, 1 chain_hash, 2 names, 3-4 label grammar).
jsons=('{"_label":1,"a":{"x":1,"y":0.5},"f":2,"s":"red"}' '{"_label":"1 2 0.5","_tag":"t","_text":"w1 w:2 a|b"}'
  '{"arr":[1,0,null,{"x":1}],"b":true,"c":false,"n":null}' '{"_label":{"Label":-1,"Weight":2,"Initial":0.5},"a":{"b":{"c":1}}}'
  '{"_label":"1:0.5 2:1","x":1e-3}' '{"_label":3,"x":1}' '{"_multi":[{"a":1}]}' '{"_label":1,"c":{"a":{"x":1}},"EventId":"e"}'
  '{"_skipLearn":true,"c":{"x":1}}' '{"a":"unterminated}' '{"a":1e39}' '{"_label_Label":1,"_label_Weight":2}'
  '{"_label":1,"_label":2}' '{"a":123456789012345678901234567890}' '{"_label":{"Label":1,"Label":2}}' $'{"a":"\x01"}')
i=0
for l in "${jsons[@]}"; do for b in '\x00' '\x01' '\x06' '\x08' '\x10'; do printf "$b%s" "$l" > "$C/json_reader/j$((i++))"; done; done
events=('{"_label":1,"EventId":"e1","Timestamp":"2026-01-01","c":{"a":{"x":1},"y":2}}'
  '{"_label":{"Label":-1,"Weight":2},"c":{"_text":"w1 w2","n":[1,0,2]},"VersionNumber":"1"}'
  '{"_label_Label":0.5,"_label_Weight":3,"c":{"s":"red","b":true}}' '{"_skipLearn":true,"_label":1,"c":{"x":1}}'
  '{"_label":"2:0.5 3:1","c":{"x":1}}' '{"_label":1,"c":{"_label":2,"x":1}}' '{"_label":1,"a":[1],"c":{"x":1}}'
  '{"_label":1,"c":[1,2]}' '{"_label":1,"pdrop":0.1,"_original_label_cost":1,"c":{"x":{"y":{"z":1}}}}')
i=0
for l in "${events[@]}"; do for b in '\x00' '\x02' '\x05' '\x08' '\x10'; do printf "$b%s" "$l" > "$C/dsjson_reader/e$((i++))"; done; done
# dsjson_bandit: first byte = variant (bit 0 keep_tokens, 1 chain_hash, 2 names, 3 --json instead of --dsjson).
bandit_events=('{"_label_cost":-1,"_label_probability":0.5,"_label_Action":2,"_labelIndex":1,"a":[2,1],"c":{"shared":{"f":"1"},"_multi":[{"action":{"f":"1"}},{"action":{"f":"2"}}]},"p":[0.5,0.5]}'
  '{"_label_cost":0,"_label_probability":0.333,"_labelIndex":0,"o":[{"v":{"r":0}}],"EventId":"e","a":[2,1,3],"c":{"_multi":[{"n":{"a":4.6,"b":1}},{"n":{"c":1}},{"_tag":"t","n":[1,0,2]}]},"pdrop":0.1}'
  '{"_skipLearn":true,"a":[1],"c":{"_multi":[{"x":1}]}}' '{"RewardValue":1.0,"Observations":[{"v":1.0}]}' '[CHECKPOINT]'
  '{"a":[1],"_labelIndex":3,"_label_cost":1,"_label_probability":0.5,"c":{"_multi":[{"x":1}]}}'
  '{"a":[1],"c":{"_multi":[{"_multi":[{"x":1}]}]}}' '{"a":[1],"pdrop":1,"c":{"_multi":[{"x":1}]}}'
  '{"a":[1],"c":{"_text":"w1 w2","_multi":[{"_text":"a b","s":"v w"},{"b":true,"z":null}]},"_label_Cost":1,"_label_Probability":1,"_labelIndex":1}')
jsons_cb=('{"s_":"1","s_":"2","_labelIndex":0,"_label_Action":0,"_label_Cost":1,"_label_Probability":0.5,"_multi":[{"a_":"1","b_":"1"},{"a_":"2"}]}'
  '{"_multi":[{"a_":"1","b_":"1","c_":"1"},{"a_":"3","b_":"3","c_":"3"}]}' '{"x":1}' '{"_multi":[]}')
i=0
for l in "${bandit_events[@]}"; do for b in '\x00' '\x03' '\x05'; do printf "$b%s" "$l" > "$C/dsjson_bandit/b$((i++))"; done; done
for l in "${jsons_cb[@]}"; do for b in '\x08' '\x0e'; do printf "$b%s" "$l" > "$C/dsjson_bandit/b$((i++))"; done; done
# csv_reader: first byte = separator (mod 3: , ; tab), bit 2 names, bit 3 --csv_ns_value.
printf '\x00_label,a|x,a|y,b,_tag\n1,0.5,2,red,t1\n-1 2,,"q,""x""",7,\n' > "$C/csv_reader/c0"
printf '\x0c_label,a|,a|,|x\n1,1,0,3\n0,nan,1,2\n' > "$C/csv_reader/c1"
printf '\x01_label;x;"y"\n1;1.5x;2\n1;"unclosed;3\n' > "$C/csv_reader/c2"
printf '\x02_label\tx\n1\t2\n\n' > "$C/csv_reader/c3"
printf '\x00_label,a\n1,b"c\n' > "$C/csv_reader/c4"
printf '\x00\x7fELF\x02\x01,a\n1,\x00\n' > "$C/csv_reader/c5"
# rating_reader: first byte = reader (bits 2-4: 0 rating lines, 1 converter, 2 --users, 3 --items,
# 4 --implicit, 5 --neighbors, 6 learner-spectral/lfl/bpmf training + test), format (bits 0-1: auto, tab,
# dcolon, csv), bit 7 a variant (timestamps / --user-day / --centered).
ratings_tab=$'1\t10\t5\t881250949\n2\t10\t3\t881250950\n1\t20\t4\t881250951\n'
ratings_dcolon=$'1::10::5::978300760\n2::20::3.5::978302109\n'
ratings_csv=$'userId,movieId,rating,timestamp\n1,10,4.0,964982703\n2,10,0.5,964981247\n'
users_100k=$'1|24|M|technician|85711\n2|53|F|other|94043\n'
users_1m=$'1::F::1::10::48067\n2::M::56::16::70072\n'
items_100k=$'10|Toy Story (1995)|01-Jan-1995||http://x|0|0|0|1|1|1|0|0|0|0|0|0|0|0|0|0|0|0|0\n20|GoldenEye (1995)|01-Jan-1995||http://y|0|1|1|0|0|0|0|0|0|0|0|0|0|0|0|0|1|0|0\n'
items_1m=$'10::Toy Story (1995)::Animation|Children\x27s|Comedy\n20::Jumanji (1995)::Adventure\n'
items_csv=$'movieId,title,genres\n10,"Toy Story, The (1995)",Adventure|Animation\n20,Heat (1995),(no genres listed)\n'
i=0
for r in 0 1 4 5 6; do
  for f in 0 1 2 3; do
    for v in 0 128; do
      b=$(((r << 2) | f | v))
      for data in "$ratings_tab" "$ratings_dcolon" "$ratings_csv"; do
        { printf "\\x$(printf %02x $b)"; printf '%s' "$data"; } > "$C/rating_reader/r$((i++))"
      done
    done
  done
done
for data in "$users_100k" "$users_1m"; do { printf '\x08'; printf '%s' "$data"; } > "$C/rating_reader/r$((i++))"; done
for data in "$items_100k" "$items_1m" "$items_csv"; do { printf '\x0c'; printf '%s' "$data"; } > "$C/rating_reader/r$((i++))"; done
{ printf '\x18'; printf '%s' "$ratings_tab" | gzip -c; } > "$C/rating_reader/r$((i++))"
cp "$ROOT/datasets/parse/sample.vw" "$ROOT/datasets/parse/sample.vw.gz" "$C/gzip_reader/"
cat "$ROOT/datasets/parse/sample.vw.gz" "$ROOT/datasets/parse/sample.vw.gz" > "$C/gzip_reader/two_members.gz"
head -c 60 "$ROOT/datasets/parse/sample.vw.gz" > "$C/gzip_reader/truncated.gz"
printf '1 |x a\n2 |x b' > "$C/gzip_reader/no_final_newline"
T="$(mktemp -d)"
data=$'1 |x a b\n0 |y c:0.5 d\n3 2 \'t |x a |y e\n'
printf '%s' "$data" | "$LEARNER" --quiet --cache_file "$C/cache_reader/plain.cache"
printf '%s' "$data" | "$LEARNER" --quiet --cache_file "$C/cache_reader/compressed.cache" --compressed
printf '%s' "$data" > "$T/d.txt"
"$LEARNER" --quiet -d "$T/d.txt" -b 3 -f "$C/model_reader/linear.bin"
"$LEARNER" --quiet -d "$T/d.txt" -b 3 --predict_only_model -f "$C/model_reader/predict_only.bin"
"$LEARNER" --quiet -d "$T/d.txt" -b 3 --dotproduct xy --rank 2 -f "$C/model_reader/dyadic.bin"
"$LEARNER" --quiet -d "$T/d.txt" -b 3 --perceptron --averaged -f "$C/model_reader/perceptron.bin"
"$LEARNER" --quiet -d "$T/d.txt" -b 3 --kernel rbf -f "$C/model_reader/kernel.bin"
# model_reader: a small model of every learner and reduction (the target loads it as `learner -t -i`).
printf '1 |x a b\n-1 |y c:0.5 d\n1 2 \x27t |x a |y e\n' > "$T/b.txt"
printf '1 |x a b\n2 |y c:0.5 d\n3 2 \x27t |x a |y e\n' > "$T/m.txt"
printf '1:0 2:1 3:1 |x a b\n2:0.5 3:0 |y c:0.5 d\n1:1 3:0 |x a |y e\n' > "$T/cs.txt"
printf '0,1 |x a b\n2 |y c:0.5 d\n0,2 |x a |y e\n' > "$T/ml.txt"
model() { local name="$1" data="$2"; shift 2; "$LEARNER" --quiet -d "$T/$data" -b 3 "$@" -f "$C/model_reader/$name.bin"; }
model dyadic_l2 d.txt --dotproduct xy --rank 3 --dotproduct_l2 0.01 --loss_function quantile
model fields d.txt --dotproduct_fields xy --rank 2
model interactions d.txt -q xy --cubic xxy --noconstant --l1 1e-6 --l2 1e-4
model logistic b.txt --loss_function logistic --link logistic --passes 2 --holdout_off
model bfgs b.txt --bfgs --passes 3 --holdout_off
model conjugate_gradient b.txt --conjugate_gradient --passes 3 --holdout_off
model perceptron_plain b.txt --perceptron
model kernel_poly b.txt --kernel poly --degree 3 --budget 2
model kernel_averaged b.txt --kernel rbf --averaged --budget 2 --budget_policy smallest
model pa b.txt --passive_aggressive
model mira m.txt --mira 3
model oaa m.txt --oaa 3
model oaa_perceptron m.txt --oaa 3 --perceptron --averaged
model oaa_kernel m.txt --oaa 3 --kernel rbf
model csoaa cs.txt --csoaa 3
model filter_tree m.txt --filter_tree 3
model scoring_filter_tree m.txt --scoring_filter_tree 3
model multilabel ml.txt --multilabel_oaa 3
model struct_svm m.txt --struct_svm 3
model noop d.txt --noop
model print d.txt --print >/dev/null
model active b.txt --active --simulation
rm -rf "$T"
