"""Which candidate setting each row of the movielens table keeps: the best on validation, and the
"dyadic_ids" row's choice among the rank rows."""
import collections

from movielens import experiments as ex
from movielens import metrics


Candidate = collections.namedtuple("Candidate", "input system flags setting")


def crit_of(loss):
    """The validation criterion: 0.5-quantile loss for quantile runs, RMSE otherwise."""
    return "qloss" if loss == "quantile" else "rmse"


def is_rank(row):
    """A dyadic rank row of the learner (k1, k10, ...): "dyadic" and "dyadic_ids" choose among them."""
    return row[:1] == "k" and row[1:].isdigit()


def validated_rows(cands):
    """The (fold, loss, row) keys whose candidates are all run on validation: a row with several
    candidates, and every rank row of a fold and loss whose rank rows have more than one candidate
    between them (the "dyadic" row chooses a rank, "dyadic_ids" an ids candidate, by their
    validation scores, even when each rank has a single setting). Other single-setting rows are
    not validated."""
    per_fold_loss = collections.Counter()
    for (f, loss, row), cs in cands.items():
        if is_rank(row):
            per_fold_loss[f, loss] += len(cs)
    return {key for key, cs in cands.items()
            if len(cs) > 1 or (is_rank(key[2]) and per_fold_loss[key[0], key[1]] > 1)}


def choose(cands, validated, score, folds):
    """{(fold, loss, row): (candidate, validation score or None, model)}: each row's best candidate
    on validation (a row not validated has one candidate and no score), and per fold and loss the
    ids-only dyadic model "dyadic_ids", the best ids candidate over the rank rows (none without
    one). score(fold, loss, row, index) is the validation criterion of a validated candidate."""
    chosen = {}
    for (f, loss, row), cs in cands.items():
        gi, valid = metrics.best((gi, score(f, loss, row, gi)) for gi in range(len(cs))) \
            if (f, loss, row) in validated else (0, None)
        chosen[f, loss, row] = (cs[gi], valid, row)
    for f in folds:
        for loss in ex.LOSSES:
            ids = [(row, gi) for (g, lo, row), cs in cands.items() if g == f and lo == loss and is_rank(row)
                   for gi, c in enumerate(cs) if c.input == "ids"]
            if not ids:
                continue
            (row, gi), valid = (ids[0], None) if (f, loss, ids[0][0]) not in validated else \
                metrics.best(((row, gi), score(f, loss, row, gi)) for row, gi in ids)
            chosen[f, loss, "dyadic_ids"] = (cands[f, loss, row][gi], valid, row)
    return chosen
