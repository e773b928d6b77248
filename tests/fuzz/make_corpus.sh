#!/usr/bin/env bash
# Regenerates the seed corpus tests/fuzz/corpus/<target>/ from datasets/ and
# small inputs like the tests'. Needs a built learner: LEARNER=build/learner.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
LEARNER="${LEARNER:-$ROOT/build/learner}"
C="$ROOT/tests/fuzz/corpus"
rm -rf "$C" && mkdir -p "$C"/{text_parser,label_grammar,json_reader,csv_reader,gzip_reader,cache_reader,model_reader}
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
# json_reader: first byte = variant (bit 0 dsjson, 1 chain_hash, 2 names, 3-4 label grammar).
jsons=('{"_label":1,"a":{"x":1,"y":0.5},"f":2,"s":"red"}' '{"_label":"1 2 0.5","_tag":"t","_text":"w1 w:2 a|b"}'
  '{"arr":[1,0,null,{"x":1}],"b":true,"c":false,"n":null}' '{"_label":{"Label":-1,"Weight":2,"Initial":0.5},"a":{"b":{"c":1}}}'
  '{"_label":"1:0.5 2:1","x":1e-3}' '{"_label":3,"x":1}' '{"_multi":[{"a":1}]}' '{"_label":1,"c":{"a":{"x":1}},"EventId":"e"}'
  '{"_skipLearn":true,"c":{"x":1}}' '{"a":"unterminated}' '{"a":1e39}' '{"_label_Label":1,"_label_Weight":2}')
i=0
for l in "${jsons[@]}"; do for b in '\x00' '\x01' '\x06' '\x08' '\x10'; do printf "$b%s" "$l" > "$C/json_reader/j$((i++))"; done; done
# csv_reader: first byte = separator (mod 3: , ; tab), bit 2 names, bit 3 --csv_ns_value.
printf '\x00_label,a|x,a|y,b,_tag\n1,0.5,2,red,t1\n-1 2,,"q,""x""",7,\n' > "$C/csv_reader/c0"
printf '\x0c_label,a|,a|,|x\n1,1,0,3\n0,nan,1,2\n' > "$C/csv_reader/c1"
printf '\x01_label;x;"y"\n1;1.5x;2\n1;"unclosed;3\n' > "$C/csv_reader/c2"
printf '\x02_label\tx\n1\t2\n\n' > "$C/csv_reader/c3"
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
rm -rf "$T"
