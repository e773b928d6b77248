# shellcheck shell=bash
# Helpers for scripts/bench/movielens.sh (sourced, not executed). Only bash,
# coreutils and a POSIX awk (mawk works) are needed.
#
#   ml_shuffle SEED IN OUT     deterministic shuffle of the lines of IN
#   ml_metrics LABELS PREDS    "mae rmse qloss nan n" (labels: first field of a .vw file)
#   ml_constant KIND FILE      best constant of the labels: KIND median or mean
#   ml_mean_sd VALUES...       "mean sd" (sample standard deviation, n - 1)

# ml_shuffle SEED IN OUT: every line gets a key h(SEED, line number) computed
# with a multiply-square-add hash modulo the prime 2^31 - 19; lines are sorted
# by (key, line number). awk's rand() is not used and every product stays
# below 2^47, so the order is exact in double precision: the same on every
# run, machine and awk.
ml_shuffle() {
  local seed="$1" in="$2" out="$3"
  awk -v seed="$seed" '
    function mulmod(a, b,   hi, lo) {
      hi = int(b / 32768); lo = b - hi * 32768
      return ((a * hi) % M * 32768 + a * lo) % M
    }
    BEGIN { M = 2147483629; s = (seed % M) * 7919 % M; s = (mulmod(s, s) + 17) % M }
    {
      x = (mulmod(NR % M, 2654435) + s) % M
      x = (mulmod(x, x) + 40503) % M
      x = mulmod(x, 48271)
      x = (mulmod(x, x) + 12345) % M
      x = mulmod(x, 69621)
      printf "%d\t%d\t%s\n", x, NR, $0
    }' "$in" | LC_ALL=C sort -t "$(printf '\t')" -k1,1n -k2,2n | cut -f3- >"$out"
}

# ml_metrics LABELS PREDS: LABELS is a .vw file (label = first field), PREDS the
# learner's -p output (prediction = first field), line by line. Prints
# "mae rmse qloss nan n" where qloss is the 0.5-quantile loss (MAE / 2) and nan
# the number of predictions that are not finite numbers (counted with error 10^6,
# so a NaN never passes for a good result). Fails when the line counts differ.
ml_metrics() {
  awk '
    NR == FNR { y[FNR] = $1 + 0; n = FNR; next }
    {
      m++
      if ($1 !~ /^[+-]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][+-]?[0-9]+)?$/) { nan++; e = 1e6 }
      else e = $1 - y[FNR]
      if (e < 0) e = -e
      a += e; s += e * e
    }
    END {
      if (m != n || n == 0) { printf "ml_metrics: %d predictions for %d labels\n", m, n > "/dev/stderr"; exit 1 }
      printf "%.6f %.6f %.6f %d %d\n", a / n, sqrt(s / n), a / n / 2, nan, n
    }' "$1" "$2"
}

# ml_metrics_rounded LABELS PREDS: like ml_metrics on predictions rounded to the
# nearest integer (ratings are integers; informational only).
ml_metrics_rounded() {
  awk '
    NR == FNR { y[FNR] = $1 + 0; n = FNR; next }
    { m++; p = int($1 + 0.5); e = p - y[FNR]; if (e < 0) e = -e; a += e; s += e * e }
    END {
      if (m != n || n == 0) exit 1
      printf "%.6f %.6f %.6f 0 %d\n", a / n, sqrt(s / n), a / n / 2, n
    }' "$1" "$2"
}

# ml_constant median|mean FILE: the best constant for the quantile (median) or
# squared (mean) loss, from the labels (first field) of FILE.
ml_constant() {
  if [[ "$1" == mean ]]; then
    awk '{ s += $1; n++ } END { printf "%.6f\n", s / n }' "$2"
  else
    cut -d' ' -f1 "$2" | LC_ALL=C sort -g |
      awk '{ v[NR] = $1 } END { printf "%.6f\n", (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
  fi
}

# ml_constant_metrics VALUE LABELS: metrics of predicting VALUE for every line.
ml_constant_metrics() {
  awk -v c="$1" '{ e = c - $1; if (e < 0) e = -e; a += e; s += e * e; n++ }
    END { printf "%.6f %.6f %.6f 0 %d\n", a / n, sqrt(s / n), a / n / 2, n }' "$2"
}

# ml_mean_sd V1 V2 ...: "mean sd" with the sample standard deviation (0 for one value).
ml_mean_sd() {
  printf '%s\n' "$@" | awk '
    { v[NR] = $1; s += $1 }
    END {
      m = s / NR
      for (i = 1; i <= NR; i++) q += (v[i] - m) ^ 2
      printf "%.4f %.4f\n", m, (NR > 1 ? sqrt(q / (NR - 1)) : 0)
    }'
}
