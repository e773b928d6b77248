"""Driver of scripts/bench/ratings_multiclass.sh: MovieLens 100K ratings as a 5-class problem.

Usage: python3 scripts/bench/ratings_multiclass DATA_DIR
Environment: LEARNER (required), LEARNER_RATINGS (for scripts/ratings2vw), FOLDS, RANKS, SEED,
VALID_FRACTION, GRID_SFT, GRID_OAA, JOBS (parallel runs, default: the cores), KEEP=1 (keep the
work folder). Table and grids: experiments.py.
Protocol, per fold uN (the data preparation is the movielens driver's, movielens/data.py):
  1. uN.base and uN.test become "rating |u USER |i ITEM" lines (scripts/ratings2vw); the rating
     1..5 is the class. scripts/split --seed SEED --test-fraction VALID_FRACTION cuts a
     validation part from uN.base; the fit part and uN.base are shuffled (seeded).
  2. Every model (linear, dyadic k for each rank) of each reduction is trained with every setting
     of its grid on the fit part and scored on the validation part; the lowest validation 0/1
     loss wins (the first on a tie). uN.test is not read before step 3.
  3. The winner is retrained on the shuffled uN.base and scored on uN.test.
"dyadic" is, per fold and reduction, the rank with the best validation loss. Best constant: the
most frequent class of uN.base (the smallest on a tie). Prints the table (fold means +- sample
sd), per-fold verdicts and the chosen settings, and ends with
  RESULT const_01=... linear_01=... dyadic_01=...   (the scoring filter tree's fold means)
Exit status 1 when its dyadic 0/1 loss is not below its linear one, or on an error; 2 on a usage error.
"""
import collections
import os
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # scripts/bench
from movielens import data  # noqa: E402
from movielens import metrics  # noqa: E402
from ratings_multiclass import experiments as ex  # noqa: E402

START = time.perf_counter()


def log(message):
    print(f"[ratings_multiclass] {message} [{time.perf_counter() - START:.0f} s]", file=sys.stderr, flush=True)


def classes(path):
    """The first field of every line (the class label)."""
    with open(path, encoding="utf-8") as f:
        return [line.split(maxsplit=1)[0] for line in f if line.strip()]


def zero_one(labels_path, preds_path):
    """Share of lines whose predicted class (the first field of -p's line) differs from the label."""
    y, p = classes(labels_path), classes(preds_path)
    if len(y) != len(p) or not y:
        raise ValueError(f"{preds_path}: {len(p)} predictions for {len(y)} labels")
    return sum(a != b for a, b in zip(y, p)) / len(y)


def most_frequent(labels):
    counts = collections.Counter(labels)
    return min(counts, key=lambda c: (-counts[c], float(c)))


class Jobs:
    """Runs (id, train, eval, flags) jobs in parallel: train with -f, predict eval with -p, keep the
    0/1 loss under the id."""

    def __init__(self, learner, work, jobs):
        self.learner, self.work, self.jobs = learner, work, jobs
        self.loss = {}

    def _one(self, job):
        jid, train, evaluate, flags = job
        tmp = os.path.join(self.work, "tmp", jid)
        os.makedirs(tmp, exist_ok=True)
        model, preds = os.path.join(tmp, "model"), os.path.join(tmp, "preds")
        commands = [[self.learner, "-d", train, *ex.ALWAYS.split(), "--quiet", *flags.split(), "-f", model],
                    [self.learner, "-t", "-i", model, "-d", evaluate, "-p", preds, "--quiet"]]
        for cmd in commands:
            run = subprocess.run(cmd, capture_output=True, text=True)
            if run.returncode != 0:
                raise RuntimeError(f"job {jid} failed: {' '.join(cmd)}\n{run.stderr[-2000:]}")
        loss = zero_one(evaluate, preds)
        shutil.rmtree(tmp)
        return jid, loss

    def run(self, jobs, phase):
        log(f"{phase}: {len(jobs)} runs, {self.jobs} at a time")
        with ThreadPoolExecutor(self.jobs) as pool:
            for jid, loss in pool.map(self._one, jobs):
                self.loss[jid] = loss


def env_list(name):
    text = os.environ.get(name, ex.DEFAULTS[name])
    try:
        values = [int(x) for x in text.split()]
    except ValueError:
        raise ValueError(f"{name}='{text}' is not a list of integers") from None
    if not values:
        raise ValueError(f"{name} must not be empty")
    return values


def cell(values):
    m, sd = metrics.mean_sd(values)
    return f"{m:.4f} ± {sd:.4f}", m


def main():
    if len(sys.argv) != 2:
        print("usage: python3 scripts/bench/ratings_multiclass DATA_DIR", file=sys.stderr)
        return 2
    data_dir = sys.argv[1]
    try:
        folds, ranks = env_list("FOLDS"), env_list("RANKS")
        seed = int(os.environ.get("SEED", ex.DEFAULTS["SEED"]))
        fraction = float(os.environ.get("VALID_FRACTION", ex.DEFAULTS["VALID_FRACTION"]))
        grids = {r: ex.parse_grid(os.environ.get(f"GRID_{r.upper()}", g), f"GRID_{r.upper()}")
                 for r, g in ex.GRIDS.items()}
        jobs = int(os.environ.get("JOBS") or os.cpu_count() or 2)
    except ValueError as e:
        print(f"[ratings_multiclass] error: {e}", file=sys.stderr)
        return 2
    learner = os.environ["LEARNER"]
    scripts = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # scripts/
    models = ["linear"] + [f"k{k}" for k in ranks]
    work = tempfile.mkdtemp(prefix="ratings-mc.")
    try:
        # 1. Data per fold.
        fold_dirs = {f: data.prepare_fold(f, base, test, work, scripts, seed, fraction, (), [])
                     for f, (base, test) in data.fold_files(data_dir, folds, work, seed).items()}
        log(f"folds {' '.join(map(str, folds))} prepared in {work}")
        runner = Jobs(learner, work, jobs)
        flags = lambda r, m, setting: " ".join(x for x in (ex.REDUCTIONS[r][0], ex.model_flags(m), setting) if x)  # noqa: E731
        # 2. Validation runs.
        runner.run([(f"val.u{f}.{r}.{m}.{g}", os.path.join(d, "fit.shuf.vw"), os.path.join(d, "valid.vw"),
                     flags(r, m, setting))
                    for f, d in fold_dirs.items() for r in ex.REDUCTIONS for m in models
                    for g, setting in enumerate(grids[r])], "validation")
        chosen = {}
        for f in folds:
            for r in ex.REDUCTIONS:
                for m in models:
                    g, v = metrics.best((g, runner.loss[f"val.u{f}.{r}.{m}.{g}"]) for g in range(len(grids[r])))
                    chosen[f, r, m] = (grids[r][g], v)
        # 3. Final runs on the full uN.base.
        runner.run([(f"test.u{f}.{r}.{m}", os.path.join(d, "base.shuf.vw"), os.path.join(d, "test.vw"),
                     flags(r, m, chosen[f, r, m][0]))
                    for f, d in fold_dirs.items() for r in ex.REDUCTIONS for m in models], "final")
        result, dy_rank = {}, {}
        for f, d in fold_dirs.items():
            mode = most_frequent(classes(os.path.join(d, "base.vw")))
            test = classes(os.path.join(d, "test.vw"))
            result[f, "const"] = sum(c != mode for c in test) / len(test)
            for r in ex.REDUCTIONS:
                for m in models:
                    result[f, r, m] = runner.loss[f"test.u{f}.{r}.{m}"]
                k, _ = metrics.best((f"k{k}", chosen[f, r, f"k{k}"][1]) for k in ranks)
                dy_rank[f, r] = k
                result[f, r, "dyadic"] = result[f, r, k]
    finally:
        if os.environ.get("KEEP") == "1":
            log(f"work folder kept: {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)
    return report(folds, ranks, models, grids, seed, fraction, result, dy_rank, chosen)


def report(folds, ranks, models, grids, seed, fraction, result, dy_rank, chosen):
    col = lambda key: cell(result[(f,) + key] for f in folds)[0]  # noqa: E731
    mean = lambda key: cell(result[(f,) + key] for f in folds)[1]  # noqa: E731
    reds = list(ex.REDUCTIONS)
    print(f"\n## MovieLens 100K as 5 classes, folds {' '.join(f'u{f}' for f in folds)}: test 0/1 loss, mean ± sd over folds\n")
    print("| Model | " + " | ".join(ex.REDUCTIONS[r][1] for r in reds) + " | Comments |")
    print("|---|" + "---|" * len(reds) + "---|")
    const = col(("const",))
    print("| Best constant | " + " | ".join(const for _ in reds) + " | the most frequent class of uN.base |")
    print("| Linear | " + " | ".join(col((r, "linear")) for r in reds) + " | per class: α_user + β_item + c |")
    for k in ranks:
        print(f"| Dyadic k={k} | " + " | ".join(col((r, f"k{k}")) for r in reds)
              + " | per class: a_user·b_item (k-vectors) + α_user + β_item + c |")
    print("| Dyadic, k chosen on validation | " + " | ".join(col((r, "dyadic")) for r in reds) + " | per fold |")
    print(f"\nSettings chosen per fold, reduction and model on a {fraction} validation cut of uN.base (seed {seed}),")
    print(f"always with {ex.ALWAYS}; " + "; ".join(f"{ex.NAMES[r]} from: {'; '.join(grids[r])}" for r in reds) + ".")
    print("\n### Dyadic versus linear, per fold (test 0/1 loss)")
    for f in folds:
        parts = []
        for r in reds:
            lin, dy = result[f, r, "linear"], result[f, r, "dyadic"]
            parts.append(f"{r} linear {lin:.4f} dyadic({dy_rank[f, r]}) {dy:.4f} {'beats' if dy < lin else 'does NOT beat'}")
        print(f"u{f}: " + " | ".join(parts))
    print("\n### Chosen settings (validation 0/1 loss)")
    for f in folds:
        for r in reds:
            for m in models:
                setting, v = chosen[f, r, m]
                print(f"u{f} {r:<3} {m:<6} val={v:.4f}  {setting}")
    const01, lin01, dy01 = mean(("const",)), mean((ex.VERDICT_REDUCTION, "linear")), mean((ex.VERDICT_REDUCTION, "dyadic"))
    ok = dy01 < lin01
    print(f"\n{'PASS' if ok else 'FAIL'}: dyadic ({dy01:.4f}) {'beats' if ok else 'does not beat'} linear ({lin01:.4f}) "
          "with the scoring filter tree (fold means)")
    print(f"total run time: {time.perf_counter() - START:.1f} s")
    print(f"RESULT const_01={const01:.4f} linear_01={lin01:.4f} dyadic_01={dy01:.4f}")
    return 0 if ok else 1


if __name__ == "__main__":
    try:
        sys.exit(main())
    except (RuntimeError, ValueError, FileNotFoundError, subprocess.CalledProcessError) as e:
        print(f"[ratings_multiclass] error: {e}", file=sys.stderr)
        sys.exit(1)
