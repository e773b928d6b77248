"""Metric code of the cost-learning benchmark (unit-tested in tests/bench_py/test_cost_scores.py).

Classes are the integers 1..K of a multiclass file's first tokens (the classifiers
benchmark's metrics.first_tokens reads them). confusion() counts (truth, prediction) pairs;
from it: accuracy, macro-F1 (the mean over the K classes of F1 = 2 TP / (2 TP + FP + FN);
a class with no truth and no prediction has F1 = 0 and still counts, as in scikit-learn's
zero_division=0, so a constant predictor is not flattered), and the mean absolute error of
the predicted class as a rating. A prediction outside 1..K, a non-integer or a count that
differs from the labels is an error (MetricError), never a silently wrong figure.
"""
import math

from metrics import MetricError, first_tokens


def classes(tokens, k, path):
    out = []
    for line, token in enumerate(tokens, 1):
        try:
            value = float(token)
        except ValueError:
            raise MetricError(f'{path}:{line}: "{token}" is not a class') from None
        if not (math.isfinite(value) and value == int(value) and 1 <= value <= k):
            raise MetricError(f'{path}:{line}: "{token}" is not a class in 1..{k}')
        out.append(int(value))
    return out


def read_pairs(labels_path, preds_path, k):
    """(truth, prediction) lists from a VW file and a -p file."""
    truth = classes(first_tokens(labels_path), k, labels_path)
    pred = classes(first_tokens(preds_path), k, preds_path)
    if len(truth) != len(pred) or not truth:
        raise MetricError(f"{preds_path}: {len(pred)} predictions for {len(truth)} labels")
    return truth, pred


def confusion(truth, pred, k):
    """m[a][b] = number of examples of class a + 1 predicted as b + 1."""
    m = [[0] * k for _ in range(k)]
    for y, p in zip(truth, pred):
        m[y - 1][p - 1] += 1
    return m


def accuracy(m):
    total = sum(map(sum, m))
    return sum(m[i][i] for i in range(len(m))) / total if total else math.nan


def macro_f1(m):
    k = len(m)
    f1 = []
    for c in range(k):
        tp = m[c][c]
        fn = sum(m[c]) - tp
        fp = sum(m[r][c] for r in range(k)) - tp
        f1.append(2 * tp / (2 * tp + fp + fn) if tp + fp + fn else 0.0)
    return sum(f1) / k


def mae(m):
    """Mean |predicted class - true class| (classes as ratings 1..K)."""
    total = sum(map(sum, m))
    return sum(abs(a - b) * m[a][b] for a in range(len(m)) for b in range(len(m))) / total if total else math.nan


def all_scores(truth, pred, k):
    m = confusion(truth, pred, k)
    return {"accuracy": accuracy(m), "macro_f1": macro_f1(m), "mae": mae(m)}


def majority(truth):
    """The most frequent class (the smallest on ties): the best constant of 0/1 loss."""
    counts = {}
    for y in truth:
        counts[y] = counts.get(y, 0) + 1
    return min(counts, key=lambda y: (-counts[y], y))


def cost_matrix(text, k):
    """The K x K matrix of v_S from a cost table (the learner's "factor v_S |S_M| n_S" lines,
    "a-b" unordered: both cells; "a->b" ordered: row a, column b); the diagonal is 0."""
    m = [[0.0] * k for _ in range(k)]
    seen = False
    for line in text.splitlines():
        parts = line.split()
        if len(parts) < 4 or parts[0] == "factor":
            continue
        name = parts[0]
        ordered = "->" in name
        a, _, b = name.partition("->" if ordered else "-")
        if not (a.isdigit() and b.isdigit()):
            continue
        a, b, v = int(a), int(b), float(parts[1])
        if not (1 <= a <= k and 1 <= b <= k) or a == b:
            raise MetricError(f"cost table: factor {name} outside 1..{k}")
        m[a - 1][b - 1] = v
        if not ordered:
            m[b - 1][a - 1] = v
        seen = True
    if not seen:
        raise MetricError("no cost table found")
    return m
