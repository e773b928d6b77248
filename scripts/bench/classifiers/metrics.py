"""Metric code of the classifiers benchmark (unit-tested in tests/bench_py).

labels(): the first token of each line of a VW or LIBSVM file. accuracy(): the fraction of
predictions equal to the labels; for binary data a prediction counts by its sign (> 0 is
+1), for multiclass data it must equal the class id. Missing, extra or non-numeric
predictions are errors, never silently wrong answers.
"""
import itertools
import math


class MetricError(Exception):
    pass


def first_tokens(path):
    with open(path, encoding="utf-8") as f:
        return [line.split(maxsplit=1)[0] if line.strip() else "" for line in f]


def _number(token, path, line):
    try:
        value = float(token)
    except ValueError:
        raise MetricError(f'{path}:{line}: "{token}" is not a number') from None
    if not math.isfinite(value):
        raise MetricError(f'{path}:{line}: "{token}" is not finite')
    return value


def accuracy(labels_path, preds_path, binary):
    labels = first_tokens(labels_path)
    preds = first_tokens(preds_path)
    if len(labels) != len(preds) or not labels:
        raise MetricError(f"{preds_path}: {len(preds)} predictions for {len(labels)} labels")
    hits = 0
    for line, (y, p) in enumerate(zip(labels, preds), 1):
        y, p = _number(y, labels_path, line), _number(p, preds_path, line)
        hits += (y > 0) == (p > 0) if binary else y == p
    return hits / len(labels)


def grid_points(grid):
    """Every combination of a grid {flag: [values]}, the first flag varying slowest."""
    keys = list(grid)
    return [dict(zip(keys, values)) for values in itertools.product(*(grid[k] for k in keys))]


def best(scored):
    """(point, score) with the highest score; the earliest on a tie. None when empty."""
    top = None
    for point, score in scored:
        if top is None or score > top[1]:
            top = (point, score)
    return top


def examples_per_s(examples, passes, seconds):
    return examples * passes / seconds if seconds > 0 else math.inf


def median(values):
    """The middle value (the mean of the two middle ones for an even count); nan when empty."""
    values = sorted(values)
    if not values:
        return math.nan
    half = len(values) // 2
    return values[half] if len(values) % 2 else (values[half - 1] + values[half]) / 2


def mean(values):
    values = list(values)
    return sum(values) / len(values) if values else math.nan
