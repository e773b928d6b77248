#!/usr/bin/env python3
"""dyadic_ensemble.py: the ensemble experiment of docs/ratings-quality.md (issue 13, item 1).

Trains S independently seeded dyadic models per fold and scores the combination of their
predictions (the mean for squared loss, an approximation of MCMC's posterior mean; the median for
quantile loss) for every ensemble size 1..S, on the folds prepared by
`scripts/bench/dyadic_quality.sh prep WORK`.

Usage: scripts/bench/dyadic_ensemble.py valid|test WORK S LOSS FLAGS...
  valid: members train on WORK/uN/fit.shuf.vw and predict WORK/uN/valid.vw (choose here);
  test:  members train on WORK/uN/base.shuf.vw and predict WORK/uN/test.vw.
  Member s (0-based) runs with --random_seed s on the training part as prepared (s = 0) or
  reshuffled with the benchmark's shuffle at seed 1 + s (s > 0), so the members differ in their
  start and their order. LOSS is squared or quantile; FLAGS are the learner's.
Environment: LEARNER (default <repo>/build/learner), FOLDS ("1 2 3 4 5"), JOBS (2).
Prints per fold the members' own scores, then per ensemble size "S=m mae rmse" (fold means)
with the per-fold score of the loss's criterion (RMSE for squared, MAE for quantile).
"""
import os
import statistics
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # scripts/bench
from movielens import metrics  # noqa: E402


def combine(members, loss):
    """Per example, the mean (squared loss) or the median (quantile loss) of the members' text
    predictions, as text (a non-finite member makes the mean non-finite: metrics counts it)."""
    if not members or len({len(m) for m in members}) != 1:
        raise ValueError("members must be prediction lists of one length")
    pick = statistics.fmean if loss == "squared" else statistics.median
    return [repr(pick([float(x) for x in column])) for column in zip(*members)]


def _member(learner, train, evaluate, s, loss, flags, tmp):
    if s > 0:
        with open(train, encoding="utf-8") as f:
            lines = metrics.shuffle(f.readlines(), 1 + s)
        train = os.path.join(tmp, "train.vw")
        with open(train, "w", encoding="utf-8") as f:
            f.writelines(lines)
    model, preds = os.path.join(tmp, "model"), os.path.join(tmp, "preds")
    subprocess.run([learner, "-d", train, "--cache_file", os.path.join(tmp, "cache"), "-f", model, "--holdout_off",
                    "--quiet", "--loss_function", loss, "--random_seed", str(s), *flags], check=True)
    subprocess.run([learner, "-t", "-i", model, "-d", evaluate, "-p", preds, "--quiet"], check=True)
    return metrics.predictions(preds)


def main(argv):
    if len(argv) < 5 or argv[1] not in ("valid", "test") or argv[4] not in ("squared", "quantile"):
        print(__doc__.split("\n\n")[2], file=sys.stderr)
        return 2
    mode, work, size, loss, flags = argv[1], argv[2], int(argv[3]), argv[4], argv[5:]
    repo = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    learner = os.environ.get("LEARNER", os.path.join(repo, "build", "learner"))
    folds = [int(f) for f in os.environ.get("FOLDS", "1 2 3 4 5").split()]
    train_name, eval_name = ("fit.shuf.vw", "valid.vw") if mode == "valid" else ("base.shuf.vw", "test.vw")

    def one(job):
        f, s = job
        with tempfile.TemporaryDirectory(prefix="dyens.") as tmp:
            d = os.path.join(work, f"u{f}")
            return job, _member(learner, os.path.join(d, train_name), os.path.join(d, eval_name), s, loss, flags, tmp)

    with ThreadPoolExecutor(int(os.environ.get("JOBS", "2"))) as pool:
        preds = dict(pool.map(one, [(f, s) for f in folds for s in range(size)]))
    key = "rmse" if loss == "squared" else "mae"
    scores = {m: [] for m in range(1, size + 1)}
    for f in folds:
        ys = metrics.labels(os.path.join(work, f"u{f}", eval_name))
        members = [preds[f, s] for s in range(size)]
        own = [metrics.errors(ys, p)[key] for p in members]
        print(f"u{f} members ({key}): " + " ".join(f"{x:.4f}" for x in own))
        for m in scores:
            scores[m].append(metrics.errors(ys, combine(members[:m], loss)))
    for m, runs in scores.items():
        mae, rmse = (statistics.fmean(r[k] for r in runs) for k in ("mae", "rmse"))
        print(f"S={m} mae {mae:.4f} rmse {rmse:.4f}  per fold {key}: " + " ".join(f"{r[key]:.4f}" for r in runs))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
