#!/usr/bin/env bash
# shellcheck source-path=SCRIPTDIR disable=SC2034,SC2154  # bench_name, repo_root shared with lib.sh
# ratings_multiclass.sh: MovieLens 100K ratings as a 5-class problem (the
# rating is the class), in the shape of the seed's second experiment (part II:
# best constant, linear, dyadic k = 1, 2, 3; 0/1 loss on test), with the
# scoring filter tree and hinge loss as there, and with one-against-all.
#
# Usage: scripts/bench/ratings_multiclass.sh [ML100K_DIR]
#   ML100K_DIR        folder with u1.base/u1.test .. u5.base/u5.test
#                     [default: ${LEARNER_DATA:-<repo>/../shared/data}/ml-100k]
# Environment:
#   LEARNER=path      learner binary [default: <repo>/build/learner, built if absent]
#   JOBS=n            parallel learner runs [default: nproc]
#   FOLDS="1 2 3 4 5" folds;  RANKS="1 2 3" dyadic ranks (one row each)
#   SEED=1            seed of the validation cut and of the shuffles
#   VALID_FRACTION=0.1  share of uN.base held out to choose the settings
#   GRID_SFT="-l 0.25 --passes 4; -l 0.25 --passes 8; -l 0.5 --passes 4; -l 0.5 --passes 8"
#   GRID_OAA="-l 0.25 --passes 4; -l 0.5 --passes 4"
#                     settings tried for every model of each reduction (separated by ';'); the
#                     OAA grid is smaller because logistic loss on the dyadic path integrates an
#                     ODE per class and example (about 8x the time of hinge's closed form)
#   KEEP=1            keep the work folder
#
# Protocol, per fold uN:
#   1. scripts/ratings2vw uN.base, uN.test -> "rating |u USER |i ITEM"; the rating 1..5 is the class.
#   2. scripts/split --seed SEED --test-fraction VALID_FRACTION cuts a validation part
#      from uN.base (uN.test is not read before step 4); fit part and full uN.base are
#      shuffled deterministically (movielens_lib.sh ml_shuffle).
#   3. Every model below, with every setting of its grid (always --holdout_off), is trained on the
#      fit part and scored on the validation part; the lowest validation 0/1 loss wins
#      (first on ties).
#   4. The winner is retrained on the full shuffled uN.base; 0/1 loss on uN.test.
# Models, for each of the two reductions
#   sft  --scoring_filter_tree 5 --loss_function hinge   (the seed's)
#   oaa  --oaa 5 --loss_function logistic
# linear: "|u id |i id" (per class: user bias + item bias + constant); dyadic k: the same
# with --dotproduct ui --rank k; "dyadic" (the verdict and the RESULT line) is, per fold,
# the rank with the best validation loss. Best constant: the most frequent class of uN.base.
# Output: the table (fold means ± sample sd), per-fold verdicts, chosen settings, and
#   RESULT const_01=… linear_01=… dyadic_01=…   (scoring filter tree, fold means)
# Exit status 1 when the scoring filter tree's dyadic 0/1 loss is not below its linear one
# (fold means), or on any error; 2 on a usage error.
set -euo pipefail

bench_name=ratings_multiclass
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source "$here/lib.sh"
source "$here/movielens_lib.sh"

bench_help "$@"
if (($# > 1)) || [[ "${1:-}" == -* ]]; then
  echo "usage: scripts/bench/ratings_multiclass.sh [ML100K_DIR]   (--help for details)" >&2
  exit 2
fi

data_dir="${1:-${LEARNER_DATA:-$repo_root/../shared/data}/ml-100k}"
[[ -d "$data_dir" ]] || bench_die "no folder $data_dir; pass the ml-100k folder or set LEARNER_DATA"
read -r -a folds <<<"${FOLDS:-1 2 3 4 5}"
read -r -a ranks <<<"${RANKS:-1 2 3}"
((${#folds[@]} >= 1 && ${#ranks[@]} >= 1)) || bench_die "FOLDS and RANKS must not be empty"
seed="${SEED:-1}"
valid_fraction="${VALID_FRACTION:-0.1}"
jobs="${JOBS:-$(nproc 2>/dev/null || echo 2)}"
declare -A grid_text=(
  [sft]="${GRID_SFT:--l 0.25 --passes 4; -l 0.25 --passes 8; -l 0.5 --passes 4; -l 0.5 --passes 8}"
  [oaa]="${GRID_OAA:--l 0.25 --passes 4; -l 0.5 --passes 4}"
)
grid_of() {  # grid_of REDUCTION: fills the array `grid` with its settings
  local i
  IFS=';' read -r -a grid <<<"${grid_text[$1]}"
  for i in "${!grid[@]}"; do grid[i]="$(echo "${grid[i]}" | sed 's/^ *//; s/ *$//')"; done
  ((${#grid[@]} >= 1)) || bench_die "empty grid for $1"
}
learner="$(find_learner)"
if [[ -z "${LEARNER_RATINGS:-}" ]]; then  # the converter behind scripts/ratings2vw
  LEARNER_RATINGS="$(dirname "$learner")/learner-ratings"
  [[ -x "$LEARNER_RATINGS" ]] || LEARNER_RATINGS="$(ensure_built learner-ratings)"
  export LEARNER_RATINGS
fi

declare -A reduction_flags=(
  [sft]="--scoring_filter_tree 5 --loss_function hinge"
  [oaa]="--oaa 5 --loss_function logistic"
)
reductions=(sft oaa)
models=(linear)
for k in "${ranks[@]}"; do models+=("k$k"); done
model_flags() {  # model_flags MODEL
  if [[ "$1" == linear ]]; then echo ""; else echo "--dotproduct ui --rank ${1#k}"; fi
}

work="$(mktemp -d "${TMPDIR:-/tmp}/ratings-mc.XXXXXX")"
if [[ "${KEEP:-0}" == 1 ]]; then bench_log "work folder kept: $work"; else trap 'rm -rf -- "$work"' EXIT; fi
t_start=$(now_s)

# 1-2. Data per fold.
for f in "${folds[@]}"; do
  d="$work/u$f"
  mkdir -p "$d"
  for part in base test; do
    src="$(find_data_file "$data_dir" "u$f.$part")"
    "$repo_root/scripts/ratings2vw" "$src" >"$d/$part.vw"
  done
  "$repo_root/scripts/split" --seed "$seed" --test-fraction "$valid_fraction" --train "$d/fit.raw" \
    --test "$d/valid.vw" "$d/base.vw"
  ml_shuffle "$seed" "$d/fit.raw" "$d/fit.vw"
  ml_shuffle "$seed" "$d/base.vw" "$d/base.shuf.vw"
  rm -f "$d/fit.raw"
done
bench_log "folds ${folds[*]} converted; $(wc -l <"$work/u${folds[0]}/base.vw") training lines in u${folds[0]}.base"

# zero_one LABELS PREDS: share of lines whose predicted class (first field) differs from the label.
zero_one() {
  awk 'NR == FNR { y[FNR] = $1; n = FNR; next }
       { m++; if ($1 != y[FNR]) e++ }
       END {
         if (m != n || n == 0) { printf "%d predictions for %d labels\n", m, n > "/dev/stderr"; exit 1 }
         printf "%.6f\n", e / n
       }' "$1" "$2"
}

# job ID TRAIN EVAL FLAGS: trains, predicts EVAL, writes the 0/1 loss to $work/res/ID.
job() {
  local id="$1" train="$2" eval="$3" flags="$4" dir="$work/tmp/$1"
  mkdir -p "$dir"
  # shellcheck disable=SC2086  # flags are words
  if ! { "$learner" -d "$train" --holdout_off --quiet $flags -f "$dir/model" &&
    "$learner" -t -i "$dir/model" -d "$eval" -p "$dir/preds" --quiet; } >"$dir/log" 2>&1; then
    tail -n 5 "$dir/log" >&2
    bench_die "job $id failed: $learner -d $train $flags"
  fi
  zero_one "$eval" "$dir/preds" >"$work/res/$id" || bench_die "job $id: cannot score"
  rm -rf "$dir"
}

# run_jobs: runs the lines "ID<TAB>TRAIN<TAB>EVAL<TAB>FLAGS" of $work/jobs, JOBS at a time.
run_jobs() {
  local running=0 id train eval flags
  while IFS=$'\t' read -r id train eval flags; do
    job "$id" "$train" "$eval" "$flags" &
    running=$((running + 1))
    if ((running >= jobs)); then wait -n || bench_die "a job failed"; running=$((running - 1)); fi
  done <"$work/jobs"
  while ((running > 0)); do wait -n || bench_die "a job failed"; running=$((running - 1)); done
}

mkdir -p "$work/res" "$work/tmp"
# 3. Validation runs.
: >"$work/jobs"
for f in "${folds[@]}"; do
  for r in "${reductions[@]}"; do
    grid_of "$r"
    for m in "${models[@]}"; do
      for g in "${!grid[@]}"; do
        printf '%s\t%s\t%s\t%s\n' "val.u$f.$r.$m.$g" "$work/u$f/fit.vw" "$work/u$f/valid.vw" \
          "${reduction_flags[$r]} $(model_flags "$m") ${grid[$g]}" >>"$work/jobs"
      done
    done
  done
done
bench_log "$(wc -l <"$work/jobs") validation runs, $jobs at a time"
run_jobs

# Choose per fold, reduction and model.
declare -A chosen chosen_val
for f in "${folds[@]}"; do
  for r in "${reductions[@]}"; do
    grid_of "$r"
    for m in "${models[@]}"; do
      best=""
      for g in "${!grid[@]}"; do
        v=$(cat "$work/res/val.u$f.$r.$m.$g")
        if [[ -z "$best" ]] || awk -v a="$v" -v b="$best" 'BEGIN { exit !(a + 0 < b + 0) }'; then
          best="$v"; chosen["$f.$r.$m"]="${grid[$g]}"
        fi
      done
      chosen_val["$f.$r.$m"]=$best
    done
  done
done

# 4. Final runs on the full uN.base.
: >"$work/jobs"
for f in "${folds[@]}"; do
  for r in "${reductions[@]}"; do
    for m in "${models[@]}"; do
      printf '%s\t%s\t%s\t%s\n' "test.u$f.$r.$m" "$work/u$f/base.shuf.vw" "$work/u$f/test.vw" \
        "${reduction_flags[$r]} $(model_flags "$m") ${chosen[$f.$r.$m]}" >>"$work/jobs"
    done
  done
done
bench_log "$(wc -l <"$work/jobs") final runs"
run_jobs

# Best constant and "dyadic" (the rank with the best validation loss).
declare -A result dy_rank
for f in "${folds[@]}"; do
  mode=$(cut -d' ' -f1 "$work/u$f/base.vw" | sort | uniq -c | sort -k1,1nr -k2,2n | awk 'NR == 1 { print $2 }')
  result["$f.const"]=$(awk -v c="$mode" '{ n++; if ($1 != c) e++ } END { printf "%.6f\n", e / n }' "$work/u$f/test.vw")
  for r in "${reductions[@]}"; do
    for m in "${models[@]}"; do result["$f.$r.$m"]=$(cat "$work/res/test.u$f.$r.$m"); done
    best=""
    for k in "${ranks[@]}"; do
      v=${chosen_val[$f.$r.k$k]}
      if [[ -z "$best" ]] || awk -v a="$v" -v b="$best" 'BEGIN { exit !(a + 0 < b + 0) }'; then
        best="$v"; dy_rank["$f.$r"]="k$k"
      fi
    done
    result["$f.$r.dyadic"]=${result[$f.$r.${dy_rank[$f.$r]}]}
  done
done

cell() {  # cell KEY_SUFFIX: "mean ± sd" over the folds of result[fold.KEY_SUFFIX]
  local vals=() f m s
  for f in "${folds[@]}"; do vals+=("${result[$f.$1]}"); done
  read -r m s <<<"$(ml_mean_sd "${vals[@]}")"
  echo "$m ± $s"
}
mean_of() { local c; c="$(cell "$1")"; echo "${c%% ±*}"; }

echo
fold_names="$(printf 'u%s ' "${folds[@]}")"
echo "## MovieLens 100K as 5 classes, folds ${fold_names% }: test 0/1 loss, mean ± sd over folds"
echo
echo "| Model | --scoring_filter_tree 5, hinge | --oaa 5, logistic | Comments |"
echo "|---|---|---|---|"
const_cell="$(cell const)"
echo "| Best constant | $const_cell | $const_cell | the most frequent class of uN.base |"
echo "| Linear | $(cell sft.linear) | $(cell oaa.linear) | per class: α_user + β_item + c |"
for k in "${ranks[@]}"; do
  echo "| Dyadic k=$k | $(cell "sft.k$k") | $(cell "oaa.k$k") | per class: a_user·b_item (k-vectors) + α_user + β_item + c |"
done
echo "| Dyadic, k chosen on validation | $(cell sft.dyadic) | $(cell oaa.dyadic) | per fold |"
echo
echo "Settings chosen per fold, reduction and model on a $valid_fraction validation cut of uN.base (seed $seed),"
echo "always with --holdout_off; scoring filter tree from: ${grid_text[sft]}; oaa from: ${grid_text[oaa]}."

echo
echo "### Dyadic versus linear, per fold (test 0/1 loss)"
for f in "${folds[@]}"; do
  line="u$f:"
  for r in "${reductions[@]}"; do
    line+=$(awk -v r="$r" -v l="${result[$f.$r.linear]}" -v d="${result[$f.$r.dyadic]}" -v k="${dy_rank[$f.$r]}" \
      'BEGIN { printf " %s linear %.4f dyadic(%s) %.4f %s |", r, l, k, d, (d < l ? "beats" : "does NOT beat") }')
  done
  echo "${line% |}"
done

echo
echo "### Chosen settings (validation 0/1 loss)"
for f in "${folds[@]}"; do
  for r in "${reductions[@]}"; do
    for m in "${models[@]}"; do
      printf 'u%s %-3s %-6s val=%.4f  %s\n' "$f" "$r" "$m" "${chosen_val[$f.$r.$m]}" "${chosen[$f.$r.$m]}"
    done
  done
done

const01=$(mean_of const)
linear01=$(mean_of sft.linear)
dyadic01=$(mean_of sft.dyadic)
echo
status=0
if awk -v d="$dyadic01" -v l="$linear01" 'BEGIN { exit !(d + 0 < l + 0) }'; then
  echo "PASS: dyadic ($dyadic01) beats linear ($linear01) with the scoring filter tree (fold means)"
else
  echo "FAIL: dyadic ($dyadic01) does not beat linear ($linear01) with the scoring filter tree (fold means)"
  status=1
fi
echo "total run time: $(awk -v a="$t_start" -v b="$(now_s)" 'BEGIN { printf "%.1f", b - a }') s"
echo "RESULT const_01=$const01 linear_01=$linear01 dyadic_01=$dyadic01"
exit "$status"
