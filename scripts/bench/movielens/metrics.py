"""Metric code of the MovieLens benchmark (unit-tested in tests/bench_py/test_movielens.py).

Everything the old bash engine computed with awk, with the same rounding, so that the new
driver chooses the same settings and prints the same figures:
  shuffle_key()    the deterministic shuffle key h(seed, line number) of ml_shuffle and
                   scripts/shuffle (scripts/pylib/shuffle_key.py)
  errors()         MAE, RMSE, 0.5-quantile loss (MAE / 2) and the count of non-finite
                   predictions (each counted with error 10^6), rounded to 6 decimals
  constant()       the best constant of the training labels: median or mean (6 decimals)
  mean_sd()        fold mean and sample standard deviation (n - 1; 0 for one value)
  best()           the lowest score, the earliest on a tie
"""
import math
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "pylib"))
import shuffle_key as _shuffle_key  # noqa: E402  (scripts/pylib: the one key, also scripts/shuffle's)

NUMBER = re.compile(r"^[+-]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][+-]?[0-9]+)?$")
NAN_ERROR = 1e6


class MetricError(Exception):
    pass


def shuffle_key(seed, line_number):
    """Key of 1-based line_number; lines sorted by (key, line number) are the shuffle (scripts/shuffle's)."""
    return _shuffle_key.key(seed, line_number)


def shuffle(lines, seed):
    order = sorted(range(len(lines)), key=lambda i: (shuffle_key(seed, i + 1), i))
    return [lines[i] for i in order]


def r6(x):
    """x as the old engine printed it (%.6f) and read it back."""
    return float(f"{x:.6f}")


def label(line, path="", n=0):
    token = line.split(maxsplit=1)[0] if line.strip() else ""
    try:
        return float(token)
    except ValueError:
        raise MetricError(f'{path}:{n}: label "{token}" is not a number') from None


def labels(path, column=0):
    """The labels of a file: its first token (VW, libFM) or another column (0-based)."""
    with open(path, encoding="utf-8") as f:
        return [label(" ".join(line.split()[column:]), path, n) for n, line in enumerate(f, 1)]


def predictions(path, column=0):
    """Column `column` of each line of a predictions file, as text (checked by errors())."""
    with open(path, encoding="utf-8") as f:
        return [(line.split() + [""] * (column + 1))[column] for line in f]


def errors(ys, preds, rounded=False):
    """{mae, rmse, qloss, nan, n} of the text predictions against the labels ys."""
    if len(ys) != len(preds) or not ys:
        raise MetricError(f"{len(preds)} predictions for {len(ys)} labels")
    a = s = 0.0
    nan = 0
    for y, p in zip(ys, preds):
        if rounded:
            e = int(float(p) + 0.5) - y  # awk int(): toward zero
        elif NUMBER.match(p) and math.isfinite(float(p)):
            e = float(p) - y
        else:
            nan, e = nan + 1, NAN_ERROR
        a += abs(e)
        s += e * e
    n = len(ys)
    return {"mae": r6(a / n), "rmse": r6(math.sqrt(s / n)), "qloss": r6(a / n / 2), "nan": nan, "n": n}


def constant(ys, kind):
    """The best constant: "median" (quantile loss) or "mean" (squared loss)."""
    if kind == "mean":
        return r6(sum(ys) / len(ys))
    v = sorted(ys)
    n = len(v)
    return r6(v[n // 2] if n % 2 else (v[n // 2 - 1] + v[n // 2]) / 2)


def mean_sd(values):
    values = list(values)
    m = sum(values) / len(values)
    sd = math.sqrt(sum((v - m) ** 2 for v in values) / (len(values) - 1)) if len(values) > 1 else 0.0
    return m, sd


def best(scored):
    """(key, score) with the lowest score; the earliest on a tie. None when empty."""
    top = None
    for key, score in scored:
        if top is None or score < top[1]:
            top = (key, score)
    return top
