"""The experiment table of scripts/bench/classifiers.sh: every dataset and row, in one place.

A row runs one system (learner, liblinear, libsvm) with fixed flags on some datasets; its
grid lists the hyper-parameters tried on the validation cut of the training part, either one
grid {flag: [values]} or one per dataset {dataset: grid}. "{K}" in flags is the dataset's
class count. Grid values are tried in the order written; on a tie
the first wins, so list cheaper settings first. `passes` is a learner grid key that adds
`--passes N --holdout_off -c` when N > 1 (the validation cut replaces the holdout; the cache
holds the parsed examples, as LIBLINEAR holds its data in memory, so later passes do not parse
text again).
RESULT names a few rows' test accuracies for the last line of the output.
"""
from dataclasses import dataclass, field

SEED = 12              # shuffle of each training file before the validation cut
VALID_FRACTION = 0.2   # the last 20% of the shuffled training file
TIME_REPEATS = 3       # the chosen setting's training is timed this often (median; the machine is shared)


@dataclass(frozen=True)
class Dataset:
    name: str
    classes: int                       # 2 = binary, labels -1/1
    converter: str                     # scripts/<converter> FILE > vw
    splits: list                       # [(train, test)] relative to DATA_DIR
    learner_flags: str = ""            # added to every learner row on this dataset


@dataclass(frozen=True)
class Row:
    name: str
    system: str                        # learner | liblinear | libsvm
    flags: str
    datasets: tuple
    grid: dict = field(default_factory=dict)
    family: str = ""                   # kernel sweep rows: their plot series
    budget: int = 0                    # kernel rows: support-set budget (0 = none)


ML_FOLDS = [(f"ml-100k/u{i}.base", f"ml-100k/u{i}.test") for i in range(1, 6)]

DATASETS = [
    Dataset("r8", 8, "r8tovw", [("r8/r8-train-all-terms.txt", "r8/r8-test-all-terms.txt")], "-b 22"),
    Dataset("pendigits", 10, "pendigits2vw", [("pendigits/pendigits.tra", "pendigits/pendigits.tes")]),
    Dataset("a9a", 2, "libsvm2vw", [("a9a/a9a", "a9a/a9a.t")]),
    Dataset("ml100k", 5, "ratings2vw", ML_FOLDS),
]

MULTI = ("r8", "pendigits", "ml100k")
# Learning rates and passes per dataset: pendigits (16 dense features) wants large steps and
# many passes; MovieLens (5 folds of 80,000) gets a small grid to keep the run short.
PASSES = {"r8": [1, 3, 10, 20], "pendigits": [3, 10, 30], "a9a": [1, 3, 10], "ml100k": [1, 3]}
RATES = {"r8": [0.5, 2, 8], "pendigits": [2, 8, 32], "a9a": [0.1, 0.5, 2], "ml100k": [0.1, 0.5]}
SGD = {name: {"-l": RATES[name], "passes": PASSES[name]} for name in PASSES}
ONLINE = {name: {"passes": PASSES[name]} for name in PASSES}
# MIRA: the seed's mistake-only rule or Crammer and Singer's margin rule, chosen on validation;
# on R8 also the table size (-b 18, VW's default, is cheaper to allocate and zero than the
# dataset's -b 22; the grid's -b replaces the dataset's).
MIRA = {name: {"passes": PASSES[name], "--mira_margin": [False, True]} for name in PASSES}
MIRA["r8"] = {"-b": [18, 22], **MIRA["r8"]}
LINEAR_C = [0.1, 1, 10]
KERNEL_SWEEP = (50, 100, 250, 500, 1000, 2000, 4000)  # budgets of the kernel time plot


def kernel_rows():
    """Kernel perceptron on pendigits: rbf at budgets 250, 500, 2000 and none (0) and poly at 500,
    2000 and none, with the default budget policy (merge), each chosen on validation; rbf evicting
    the oldest vector instead (the policy before merging; "smallest" acts as "oldest" here, every
    coefficient being +-1) at 250 and 500; and the budget sweeps of the time plot (one fixed
    setting, budgets 50..4000, so that time per example against budget is measured on the same
    work), plain and averaged, so that the two can be compared budget by budget."""
    rows = []
    for budget in (250, 500, 2000, 0):
        b = f" --budget {budget}" if budget else ""
        tag = budget or "none"
        # Validation accuracy still rose from 3 to 5 passes with averaging (pendigits, rbf).
        rows.append(Row(f"kernel_rbf_b{tag}", "learner", "--oaa {K} --kernel rbf" + b, ("pendigits",),
                        {"--gamma": [1, 2, 4], "--averaged": [False, True], "passes": [1, 2, 3, 5]}))
        if budget != 250:
            rows.append(Row(f"kernel_poly_b{tag}", "learner", "--oaa {K} --kernel poly --coef0 1" + b,
                            ("pendigits",), {"--degree": [2, 3], "passes": [1, 2]}))
    for budget in (250, 500):
        rows.append(Row(f"kernel_rbf_b{budget}_oldest", "learner",
                        f"--oaa {{K}} --kernel rbf --budget {budget} --budget_policy oldest", ("pendigits",),
                        {"--gamma": [0.5, 1, 2], "--averaged": [False, True], "passes": [1, 2]}))
    for averaged in (False, True):
        flag, suffix = (" --averaged", "_avg") if averaged else ("", "")
        for budget in KERNEL_SWEEP:
            rows.append(Row(f"kernel_sweep{suffix}_b{budget}", "learner",
                            f"--oaa {{K}} --kernel rbf --gamma 2 --budget {budget}{flag}", ("pendigits",),
                            {"passes": [3]}, "rbf, gamma 2, 3 passes" + (", averaged" if averaged else ""), budget))
    return rows


# LIBSVM's RBF is the slowest row (about 20 s a fit on R8, 100 s on a9a on this machine):
# its grids are small, and a9a, whose linear rows already reach the published 85%, has none.
# MovieLens (5 folds) has LIBLINEAR -s 1 only, without C = 100 (minutes a fold), for time.
ROWS = [
    Row("perceptron", "learner", "--perceptron", ("a9a",), ONLINE),
    Row("perceptron_avg", "learner", "--perceptron --averaged", ("a9a",), ONLINE),
    Row("perceptron", "learner", "--oaa {K} --perceptron", MULTI, ONLINE),
    Row("perceptron_avg", "learner", "--oaa {K} --perceptron --averaged", MULTI, ONLINE),
    Row("mira_avg", "learner", "--mira {K}", MULTI, MIRA),
    Row("mira", "learner", "--mira {K} --no_average", MULTI, MIRA),
    Row("oaa_logistic", "learner", "--oaa {K} --loss_function logistic", MULTI, SGD),
    Row("oaa_hinge", "learner", "--oaa {K} --loss_function hinge", MULTI, SGD),
    Row("logistic", "learner", "--loss_function logistic", ("a9a",), SGD),
    Row("hinge", "learner", "--loss_function hinge", ("a9a",), SGD),
    *kernel_rows(),
    Row("liblinear_s1", "liblinear", "-s 1", ("r8", "pendigits", "a9a", "ml100k"), {"-c": LINEAR_C}),
    Row("liblinear_s4", "liblinear", "-s 4", ("r8", "pendigits", "a9a"), {"-c": LINEAR_C}),
    Row("libsvm_rbf", "libsvm", "-t 2", ("r8", "pendigits"),
        {"r8": {"-c": [10], "-g": [0.5, 1]}, "pendigits": {"-c": [1, 10], "-g": [0.5, 1, 2]}}),
]


def grid_for(row, dataset):
    """The row's grid on this dataset."""
    return row.grid.get(dataset, row.grid)


# Side by side (duel.py): after the table, each pair's chosen settings on a dataset (its first
# split) are trained alternately, a b a b ..., DUEL_ROUNDS times each, so that the shared
# machine's slow spells fall on both; the medians and their ratio are printed as "DUEL ..."
# lines and written to duels.json. The speed target: averaged MIRA against LIBLINEAR's
# Crammer-Singer solver on R8.
DUELS = [("r8", "mira_avg", "liblinear_s4")]
DUEL_ROUNDS = 15

RESULT = [
    ("r8_mira_avg", "r8", "mira_avg"),
    ("r8_perceptron_avg", "r8", "perceptron_avg"),
    ("pendigits_kernel", "pendigits", "kernel_rbf_b2000"),
    ("pendigits_kernel_b250", "pendigits", "kernel_rbf_b250"),
    ("a9a_perceptron_avg", "a9a", "perceptron_avg"),
]
