"""The experiment table of scripts/bench/movielens.sh: every row, grid and setting in one place.

Learner rows (the product): the best constant, linear (user bias + item bias + constant),
dyadic k (--dotproduct ui --rank k) for every k in RANKS and QUALITY_RANKS, and "linear, time +
neighbours input" when TN_RANKS is not empty. Each is trained twice per fold, with quantile loss (tau
0.5: the quantile-loss and MAE columns) and squared loss (the RMSE column). A learner row's
candidates are (input, flags) pairs: the ids grid (for k in RANKS), then for k in QUALITY_RANKS
the quality grid (ids input with the dyadic quality options of docs/ratings-quality.md:
--dotproduct_freq_l2, --dotproduct_center), then for k in TN_RANKS the tn grid, then for k in
IMPLICIT_RANKS the implicit grid -- so the input is a hyper-parameter chosen on validation. A k
in QUALITY_RANKS only (20 by default) is a row with the quality grid alone.
Inputs (scripts/ratings2vw): ids "rating |u USER |i ITEM"; tn = ids + --user-day USER_DAY_SCALE
--neighbors-shrink NEIGHBORS_SHRINK --neighbors SET; imp = ids + --implicit SET --centered (+ the
tn features when TN_RANKS is on). Why these grids and inputs: docs/movielens-benchmark.md.

The Bayesian dyadic row (when learner-bpmf is built): the same model on ids, integrated over its
posterior by Gibbs sampling (learner/bayes/bpmf.h), per loss like a learner row: Laplace noise
for the quantile-loss and MAE columns (its estimate is the median rating), Gaussian noise for the
RMSE column; rank chosen on validation (GRID_Q_BAYES, GRID_SQ_BAYES); and the same with the implicit
feedback of both sides (GRID_*_BAYES_IMP), a row of its own.

Comparison rows (one prediction per pair, used for all three columns): libFM (LIBFM=path),
LIBMF (LIBMF=path to mf-train, mf-predict beside it), learner-lfl (Menon & Elkan's LFL:
RMSE from the expected rating, MAE from the median) and learner-spectral (seed 004, orders
1, 2, 3). A comparison row's grid is a list of flag strings tried on validation; a row with
one setting is not validated.

Every value below can be overridden by the environment variable of the same name
(grids: settings separated by ';').
"""
import os
from dataclasses import dataclass, field

DEFAULTS = {
    "FOLDS": "1 2 3 4 5",
    "RANKS": "1 2 5 10",
    "SEED": "1",
    "VALID_FRACTION": "0.1",
    "MAX_MAE": "0.705",
    "MAX_RMSE": "0.905",
    "QUALITY_RANKS": "10 20",  # ranks whose ids grid adds GRID_*_QUALITY (docs/ratings-quality.md)
    "IMPLICIT_RANKS": "",  # the old engine's default was 10; see docs/movielens-benchmark.md
    "COMPARISON_ROWS": "",  # names of the comparison rows to run (empty: all whose tool is given)
    "BAYES_ROWS": "bayes bayes_imp",  # the learner-bpmf rows to run (when it is built)
    "USER_DAY_SCALE": "0.5",
    "NEIGHBORS_SHRINK": "1000",
    "ROBUST_L2": "0.1",
    "ROBUST_PASSES": "10",
    "ROBUST_RATES": "0.01 0.1 1 10",
    "SPEED_PASSES": "20",
    "SPEED_RUNS": "5",
    "COLD_START": "1",  # the cold-start rows (users held out entirely, data.cold_start_fold); 0: none
}

_LINEAR = "-l 0.1 --passes 20; -l 0.25 --passes 5; -l 0.25 --passes 20; -l 0.5 --passes 5"


def _sgd(rate, *latent):
    """Dyadic settings: plain SGD at a constant rate, 40 passes; latent rate and L2 per setting. The
    centre and the frequency-aware L2 a setting leaves out are the values these grids were chosen with
    (centre 1, none), the defaults before issue 27."""
    def pinned(s):
        return s + "".join(f" {flag} {value}" for flag, value in (("--dotproduct_center", "1"),
                                                                 ("--dotproduct_freq_l2", "0")) if flag not in s)
    return ";".join(f"--sgd --power_t 0 -l {rate} --passes 40 {pinned(s)} --dotproduct_init 0.1{extra}"
                    for s, extra in latent)


_Q, _QK = "", " -q ik -q uk"
GRIDS = {
    "GRID_Q_LINEAR": _LINEAR,
    "GRID_SQ_LINEAR": _LINEAR,
    "GRID_Q_DYADIC": _sgd(0.006, *((f"--dotproduct_lr {lr} --dotproduct_l2 {l2}", _Q) for lr, l2 in (
        (0.02, 0.03), (0.02, 0.05), (0.03, 0.07), (0.04, 0.07)))),
    "GRID_SQ_DYADIC": _sgd(0.002, *((f"--dotproduct_lr {lr} --dotproduct_l2 {l2}", _Q) for lr, l2 in (
        (0.006, 0.1), (0.006, 0.2), (0.012, 0.3), (0.008, 0.25)))),
    # The quality options at the settings docs/ratings-quality.md chose on validation (rank 20:
    # its c1 / c4 squared, c3 / c2 quantile); --average_passes and --dotproduct_side_ratio gave
    # no gain there (nor, re-measured at ranks 5, 10, 20, --average_passes 10) and are left out.
    "GRID_Q_QUALITY": _sgd(0.006, *((f"--dotproduct_lr {lr} --dotproduct_l2 0.07 --dotproduct_freq_l2 0.25 "
                                     "--dotproduct_center 0.5", _Q) for lr in (0.03, 0.04))),
    "GRID_SQ_QUALITY": _sgd(0.002, *((f"--dotproduct_lr {lr} --dotproduct_l2 0.3 --dotproduct_freq_l2 0.3 "
                                      "--dotproduct_center 0.5", _Q) for lr in (0.008, 0.011))),
    "GRID_Q_IMPLICIT": _sgd(0.006, ("--dotproduct_lr 0.03 --dotproduct_l2 0.07", _Q)),
    "GRID_SQ_IMPLICIT": None,  # --dotproduct_lr 0.01 with the tn features, else 0.012 (grid())
    "GRID_Q_TN": _sgd(0.006, *((f"--dotproduct_lr {lr} --dotproduct_l2 0.07", q) for q in (_Q, _QK)
                               for lr in (0.03, 0.04))),
    "GRID_SQ_TN": _sgd(0.002, *((f"--dotproduct_lr {lr} --dotproduct_l2 {l2}", _Q) for lr, l2 in (
        (0.012, 0.3), (0.012, 0.35), (0.01, 0.3)))),
    # learner-bpmf: ranks 10 and 20, 200 sweeps (docs/ratings-quality.md, "A sampler").
    "GRID_Q_BAYES": ";".join(f"--likelihood laplace --rank {k} --sweeps 200 --threads 1 --quiet" for k in (10, 20)),
    "GRID_SQ_BAYES": ";".join(f"--likelihood gaussian --rank {k} --sweeps 200 --threads 1 --quiet" for k in (10, 20)),
    "GRID_Q_BAYES_IMP": "--likelihood laplace --rank 10 --sweeps 200 --threads 1 --quiet --implicit --flipped",
    "GRID_SQ_BAYES_IMP": "--likelihood gaussian --rank 10 --sweeps 200 --threads 1 --quiet --implicit --flipped",
    "GRID_Q_LINEAR_TN_EXTRA": "-l 0.1 --passes 20 -q ik -q uk; -l 0.25 --passes 5 -q ik -q uk",
}
LOSSES = ("quantile", "squared")
SHORT = {"quantile": "Q", "squared": "SQ"}


def cold_start_rows(systems):
    """The cold-start table's rows: (name, label, system, {loss: flags}), each with the settings a user
    types (no validation): linear and the dyadic model with their defaults, 20 passes; learner-bpmf
    at rank 10 when it is built. An unseen user's prediction is the bias part's (docs/ratings-quality.md)."""
    if setting("COLD_START") == "0":
        return []
    rows = [("linear", "Linear, --passes 20", "learner", {l: f"--loss_function {l} --passes 20" for l in LOSSES}),
            ("k10", "Dyadic k=10, defaults, --passes 20", "learner",
             {l: f"--loss_function {l} --dotproduct ui --rank 10 --passes 20" for l in LOSSES})]
    if "bpmf" in systems:
        rows.append(("bayes", "Dyadic, Bayesian (learner-bpmf), k=10", "bpmf",
                     {"quantile": "--likelihood laplace --rank 10 --sweeps 200 --threads 1 --quiet",
                      "squared": "--likelihood gaussian --rank 10 --sweeps 200 --threads 1 --quiet"}))
    return rows


def comparison_rows(systems):
    """The comparison rows whose system is in systems, narrowed to COMPARISON_ROWS when given."""
    names = setting("COMPARISON_ROWS").split()
    unknown = sorted(set(names) - {r.name for r in COMPARISON})
    if unknown:
        raise ValueError(f"COMPARISON_ROWS: no row {', '.join(unknown)} (rows: {' '.join(r.name for r in COMPARISON)})")
    return [r for r in COMPARISON if r.system in systems and (not names or r.name in names)]


def setting(name):
    return os.environ.get(name, DEFAULTS[name])


def grid(name, tn_on=False):
    text = os.environ.get(name, GRIDS[name])
    if text is None:  # GRID_SQ_IMPLICIT
        text = _sgd(0.002, (f"--dotproduct_lr {0.01 if tn_on else 0.012} --dotproduct_l2 0.3", _Q))
    items = [" ".join(s.split()) for s in text.split(";")]
    items = [s for s in items if s]
    if not items:
        raise ValueError(f"empty grid {name}: '{text}'")
    return items


@dataclass
class Model:
    """A learner row: name (linear, lintn, k5), flags defining it, label and comment of the table."""
    name: str
    flags: str
    label: str
    comment: str
    candidates: dict = field(default_factory=dict)  # loss -> [(input, flags)]
    system: str = "learner"  # or "bpmf" (learner-bpmf: no --loss_function, the grid says the noise law)


def bayes_models():
    """The Gibbs-sampled dyadic model (learner-bpmf), per loss: on ids alone, and with the implicit
    feedback of both sides (which items a user rated, which users rated an item: SVD++ and its
    flipped mirror), a row of its own since it uses more than the pair's two ids."""
    def cands(key):
        return {loss: [("ids", g) for g in grid(f"GRID_{SHORT[loss]}_{key}")] for loss in LOSSES}
    names = setting("BAYES_ROWS").split()
    unknown = sorted(set(names) - {"bayes", "bayes_imp"})
    if unknown:
        raise ValueError(f"BAYES_ROWS: no row {', '.join(unknown)} (rows: bayes bayes_imp)")
    rows = [Model("bayes", "", "Dyadic, Bayesian (Gibbs), ids only",
                  "learner-bpmf: posterior mean of α_user + β_item + c + a_user·b_item; Laplace noise "
                  "(quantile, MAE) / Gaussian (RMSE); rank chosen on validation", cands("BAYES"), "bpmf"),
            Model("bayes_imp", "", "Dyadic, Bayesian (Gibbs), + implicit feedback",
                  "learner-bpmf --implicit --flipped: a_user + |N(u)|^-½ Σ y_j over the items the user rated, "
                  "b_item + |R(i)|^-½ Σ x_u over the users who rated it (training pairs only)",
                  cands("BAYES_IMP"), "bpmf")]
    return [m for m in rows if m.name in names]


def learner_models(ranks, tn_ranks, implicit_ranks, quality_ranks=()):
    tn_on = bool(tn_ranks)
    linear = {loss: [("ids", g) for g in grid(f"GRID_{SHORT[loss]}_LINEAR")] for loss in LOSSES}
    models = [Model("linear", "", "Linear", "prediction is α_user + β_item + c", linear)]
    if tn_on:
        lintn = {"quantile": [("tn", g) for g in grid("GRID_Q_LINEAR") + grid("GRID_Q_LINEAR_TN_EXTRA")],
                 "squared": [("tn", g) for g in grid("GRID_SQ_LINEAR")]}
        models.append(Model("lintn", "", "Linear, time + neighbours input",
                            "α_user + β_item + c + user-day bias + w·kNN (informational)", lintn))
    for k in sorted(set(ranks) | set(quality_ranks)):
        cands = {}
        for loss in LOSSES:
            s = SHORT[loss]
            cands[loss] = [("ids", g) for g in grid(f"GRID_{s}_DYADIC")] if k in ranks else []
            if k in quality_ranks:
                cands[loss] += [("ids", g) for g in grid(f"GRID_{s}_QUALITY")]
            if k in tn_ranks:
                cands[loss] += [("tn", g) for g in grid(f"GRID_{s}_TN")]
            if k in implicit_ranks:
                cands[loss] += [("imp", g) for g in grid(f"GRID_{s}_IMPLICIT", tn_on)]
        comment = ("a_user·b_item (k-vectors) + α_user + β_item + c" + ("; input chosen on validation" if k in tn_ranks else "")
                   + ("; quality options in the grid" if k in quality_ranks else ""))
        models.append(Model(f"k{k}", f"--dotproduct ui --rank {k}", f"Dyadic k={k}", comment, cands))
    return models


@dataclass(frozen=True)
class Row:
    """A comparison row: system (libfm, libmf, lfl, spectral), fixed flags, grid of flag strings."""
    name: str
    label: str
    system: str
    flags: str
    grid: tuple = ("",)


_FM = "-task r -init_stdev 0.1 -seed 1"
_MF = "-k 32 -t 50 -s 1"
_SPECTRAL = "--orientation items --query-one add --threshold 1000000"
COMPARISON = [
    Row("libfm_mcmc_k8", "libFM MCMC, k=8, 200 iterations", "libfm", f"{_FM} -method mcmc -dim 1,1,8 -iter 200"),
    Row("libfm_mcmc_k32", "libFM MCMC, k=32, 200 iterations", "libfm", f"{_FM} -method mcmc -dim 1,1,32 -iter 200"),
    Row("libfm_als_k8", "libFM ALS, k=8", "libfm", f"{_FM} -method als -dim 1,1,8 -iter 100",
        tuple(f"-regular 0,{r},{r}" for r in (5, 10, 15))),
    Row("libfm_sgd_k8", "libFM SGD, k=8", "libfm", f"{_FM} -method sgd -dim 1,1,8 -iter 100",
        tuple(f"-learn_rate {lr} -regular 0,{r},{r}" for lr in (0.005, 0.01) for r in (0.08, 0.15))),
    Row("libmf_sq_k32", "LIBMF, squared loss, k=32", "libmf", f"-f 0 {_MF}",
        tuple(f"-r {lr} -l2 {r}" for lr in (0.05, 0.1) for r in (0.06, 0.1))),
    Row("libmf_abs_k32", "LIBMF, absolute loss, k=32", "libmf", f"-f 1 {_MF}",
        tuple(f"-r 0.1 -l2 {r}" for r in (0.05, 0.1, 0.15))),
    Row("lfl", "LFL (Menon & Elkan), learner-lfl", "lfl", "--passes 10 --lr 0.05",
        tuple(f"--rank {k} --l2 {l2}" for k in (2, 5, 10) for l2 in (0.01, 0.03))),
    *(Row(f"spectral_o{o}", f"Spectral (seed 004), order {o}", "spectral", f"{_SPECTRAL} --order {o}",
          tuple(f"--rank {k} --ridge {r}" for k in (2, 5) for r in (1, 10))) for o in (1, 2, 3)),
]
