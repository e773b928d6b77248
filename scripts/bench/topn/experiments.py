"""The top-N benchmark's experiment table (scripts/bench/topn.sh): rows, fixed settings, grids.

Each row is (name, label, tool, fixed learner-topn/learner-bpmf arguments, grid). Every grid
setting is scored on the validation cut of the training data (random folds: a random 20 % of
fold 1's training pairs, relevant = rated >= 4, chosen by NDCG@10; leave-one-out: each user's
last training pair, chosen by HR@10); the best (the first on a tie) is then run on every fold
and on the leave-one-out split. The test pairs are never read to choose.
TOPN_SET="row:option=value ..." overrides a fixed setting (tests use tiny passes); TOPN_TUNE=0
skips the grids (each row runs its first grid point: used for a second data set, so that
nothing is tuned on it).
"""
import itertools
import os

ROWS = [
    # The ranking-trained dyadic model: the whole-catalogue (Gramian) loss, implicit ALS's
    # objective (every unobserved pair a weak negative) trained by SGD (src/topn/gramian.cc).
    # Fixed settings from hand exploration on the same validation cuts (docs/topn-benchmark.md):
    # L2 scaled by (n + alpha0 * catalogue)^0.5, the biases held near 0 (bias L2 1000: free
    # biases lost on both cuts), joint sweeps (alternating ones scored lower on both cuts).
    # Grid: 24 points, as the ials row's (the same two choices of positives). Stop 43: the
    # sequence history (--sequence 3: each positive's user vector plus its 3 preceding positives'
    # history vectors, recommend with the user's last 3; gramian.h, sequence_contexts.h) is a
    # choice, in place of stop 39's BPR term (--pairwise 0.3), which gave no gain beyond the cuts'
    # noise (docs/topn-benchmark.md). The sequence's window (3) and exponent (1) were chosen on
    # the leave-one-out validation cut. (Before stop 38 this row was BPR with 8 sampled negatives,
    # 30 passes, lr 0.02, the mean of the last 10 pass ends: 0.2899 / 0.3779 / 0.6501 / 0.3740.)
    ("dyadic", "dyadic, ranking-trained (whole-catalogue Gramian loss)", "topn",
     {"system": "dyadic", "loss": "gramian", "rank": "32", "passes": "20", "lr": "0.5", "unobserved": "1",
      "l2_exponent": "0.5", "bias_l2": "1000", "init": "0.1", "sweeps": "joint", "negatives": "1",
      "history_exponent": "1"},
     # Positives: only the pairs rated >= 4 (what the random folds call relevant), or every pair.
     {"min_rating": ["4", "0"], "observed_weight": ["3", "10"], "l2": ["0.25", "0.5", "1"],
      "sequence": ["0", "3"]}),
    # The dyadic model trained on the ratings (squared loss, the command line's defaults).
    ("rating_dyadic", "dyadic, rating-trained (squared loss, defaults)", "topn",
     {"system": "dyadic", "loss": "rating", "rank": "10", "passes": "20", "lr": "0", "latent_lr": "0",
      "l2": "-1", "init": "0.1", "center": "0.5"},
     {}),
    # learner-bpmf's posterior-mean vectors (rating-trained, Gibbs-sampled).
    ("bpmf", "learner-bpmf posterior mean (ratings)", "bpmf",
     {"rank": "10", "sweeps": "100"},
     {}),
    ("pop", "popularity", "topn", {"system": "pop"}, {}),
    ("knn", "item-kNN (cosine on implicit feedback)", "topn", {"system": "knn"},
     {"neighbours": ["20", "50", "100", "300", "1000"]}),
    ("ials", "implicit ALS (Hu, Koren & Volinsky 2008)", "topn", {"system": "ials", "ials_rank": "32",
                                                                   "iterations": "10"},
     # The same choice of positives as the dyadic row (rated >= 4, or every pair): the same input for both.
     {"min_rating": ["4", "0"], "confidence": ["1", "3", "10", "30"], "reg": ["1", "10", "30"]}),
]

FRACTION = "0.2"   # random validation cut of a fold's training pairs
LOO_NEGATIVES = "99"
K = "10"


def overrides(text=None):
    """{row: {option: value}} from TOPN_SET."""
    text = os.environ.get("TOPN_SET", "") if text is None else text
    out = {}
    for item in text.split():
        row, _, rest = item.partition(":")
        option, eq, value = rest.partition("=")
        if not row or not option or not eq:
            raise ValueError(f"TOPN_SET: expected row:option=value, got '{item}'")
        out.setdefault(row, {})[option] = value
    return out


def grid_points(grid):
    """Every setting of a grid, as dicts, in a fixed order (the first is the default)."""
    keys = list(grid)
    return [dict(zip(keys, values)) for values in itertools.product(*(grid[k] for k in keys))] or [{}]


def rows(names=None):
    sets = overrides()
    out = []
    for name, label, tool, fixed, grid in ROWS:
        if names and name not in names:
            continue
        out.append((name, label, tool, {**fixed, **sets.get(name, {})}, grid))
    return out
