"""One row of the table on one dataset: choose on the validation cut, retrain, test.

For each split: every grid point trains on fit and is scored on valid; the best point
(earliest on a tie) is retrained on the whole training part and scored on test. The record
averages test accuracy, training time and examples/s over the splits (MovieLens' 5 folds)
and lists the point chosen in each split. Training time is the median of TIME_REPEATS runs of
the chosen setting (see _timed).
"""
import os

import experiments
import metrics
import systems


def _flags(row, dataset):
    """The row's fixed flags on this dataset ({K} filled in, the dataset's learner flags added
    except those the row's grid chooses on this dataset, e.g. "-b")."""
    flags = row.flags.replace("{K}", str(dataset.classes)).split()
    if row.system != "learner":
        return flags
    chosen = set(experiments.grid_for(row, dataset.name))
    extra = dataset.learner_flags.split()
    i = 0
    while i < len(extra):
        with_value = i + 1 < len(extra) and not extra[i + 1].startswith("-")
        if extra[i] not in chosen:
            flags += extra[i:i + 1 + with_value]
        i += 1 + with_value
    return flags


def _record(row, dataset, **fields):
    return {"dataset": dataset.name, "row": row.name, "system": row.system, "flags": " ".join(_flags(row, dataset)),
            "family": row.family, "budget": row.budget, "status": "ok", "reason": "", "chosen": "",
            "valid_accuracy": None, "test_accuracy": None, "train_s": None, "train_cpu_s": None,
            "examples_per_s": None,
            "train_examples": None, **fields}


def _describe(point):
    return " ".join(f"{k} {v}" for k, v in point.items())


def _timed(run, train_file, repeats=None):
    """Median wall and CPU seconds of `repeats` runs (experiments.TIME_REPEATS) of the same
    training; each starts without a cache of train_file (should a row's flags have learner
    write train_file.cache), so every run reads the text, as a peer does."""
    timings = [systems.run_from_text(run, [train_file + ".cache"])
               for _ in range(repeats or experiments.TIME_REPEATS)]
    return systems.median_timing(timings)


def _on_split(row, dataset, split, tools, log):
    fmt, train, predict = systems.SYSTEMS[row.system]
    base = _flags(row, dataset)
    folder = os.path.join(split.folder, row.name)
    os.makedirs(folder, exist_ok=True)
    model, preds = os.path.join(folder, "model"), os.path.join(folder, "preds")
    binary = dataset.classes == 2

    def score(part):
        predict(tools, split.path(part, fmt), model, preds, log)
        return metrics.accuracy(split.path(part, fmt), preds, binary)

    scored = []
    for point in metrics.grid_points(experiments.grid_for(row, dataset.name)):
        train(tools, base + systems.point_flags(row.system, point), split.path("fit", fmt), model, log)
        scored.append((point, score("valid")))
    point, valid = metrics.best(scored)
    train_file = split.path("train", fmt)

    def train_chosen():
        return train(tools, base + systems.point_flags(row.system, point), train_file, model, log)

    timing = _timed(train_chosen, train_file)
    n = split.sizes["train"]
    # train_chosen again serves a duel, which also removes the cache before each run.
    rerun = (train_chosen, train_file + ".cache")
    return point, valid, score("test"), timing, metrics.examples_per_s(n, point.get("passes", 1), timing.wall), rerun


def evaluate(row, dataset, splits, tools, log):
    """(record, rerun): rerun is (a function training the chosen setting of the first split
    again, the cache file to remove before it), or None when the row did not run."""
    try:
        runs = [_on_split(row, dataset, split, tools, log) for split in splits]
    except systems.Unavailable as e:
        return _record(row, dataset, status="not available", reason=str(e)), None
    except (systems.RunError, metrics.MetricError) as e:
        return _record(row, dataset, status="error", reason=str(e)), None
    chosen = list(dict.fromkeys(_describe(r[0]) for r in runs))
    return _record(row, dataset, chosen="; ".join(chosen),
                   valid_accuracy=metrics.mean(r[1] for r in runs),
                   test_accuracy=metrics.mean(r[2] for r in runs),
                   train_s=metrics.mean(r[3].wall for r in runs),
                   train_cpu_s=metrics.mean(r[3].cpu for r in runs),
                   examples_per_s=metrics.mean(r[4] for r in runs),
                   train_examples=splits[0].sizes["train"]), runs[0][5]
