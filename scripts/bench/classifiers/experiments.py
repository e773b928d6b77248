"""The experiment table of scripts/bench/classifiers.sh: every dataset and row, in one place.

A row runs one system (learner, liblinear, libsvm) with fixed flags on some datasets; its
grid lists the hyper-parameters tried on the validation cut of the training part. "{K}" in
flags is the dataset's class count. Grid values are tried in the order written; on a tie
the first wins, so list cheaper settings first. `passes` is a learner grid key that adds
`--passes N --holdout_off` when N > 1 (the validation cut replaces the holdout).
RESULT names a few rows' test accuracies for the last line of the output.
"""
from dataclasses import dataclass, field

SEED = 12              # shuffle of each training file before the validation cut
VALID_FRACTION = 0.2   # the last 20% of the shuffled training file


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
    family: str = ""                   # rows of one family share a plot series
    budget: int = 0                    # kernel rows: support-set budget (0 = none)


ML_FOLDS = [(f"ml-100k/u{i}.base", f"ml-100k/u{i}.test") for i in range(1, 6)]

DATASETS = [
    Dataset("r8", 8, "r8tovw", [("r8/r8-train-all-terms.txt", "r8/r8-test-all-terms.txt")], "-b 22"),
    Dataset("pendigits", 10, "pendigits2vw", [("pendigits/pendigits.tra", "pendigits/pendigits.tes")]),
    Dataset("a9a", 2, "libsvm2vw", [("a9a/a9a", "a9a/a9a.t")]),
    Dataset("ml100k", 5, "ratings2vw", ML_FOLDS),
]

MULTI = ("r8", "pendigits", "ml100k")
PASSES = [1, 3, 10]
LINEAR_C = [0.1, 1, 10, 100]


def kernel_rows():
    rows = []
    for budget in (500, 2000, 0):
        b = f" --budget {budget}" if budget else ""
        tag = budget or "none"
        rows.append(Row(f"kernel_rbf_b{tag}", "learner", "--oaa {K} --kernel rbf" + b, ("pendigits",),
                        {"--gamma": [0.5, 1, 2], "passes": [1, 2]}, "rbf", budget))
        rows.append(Row(f"kernel_poly_b{tag}", "learner", "--oaa {K} --kernel poly --coef0 1" + b,
                        ("pendigits",), {"--degree": [2, 3], "passes": [1, 2]}, "poly", budget))
    return rows


ROWS = [
    Row("perceptron", "learner", "--perceptron", ("a9a",), {"passes": PASSES}),
    Row("perceptron_avg", "learner", "--perceptron --averaged", ("a9a",), {"passes": PASSES}),
    Row("perceptron", "learner", "--oaa {K} --perceptron", MULTI, {"passes": PASSES}),
    Row("perceptron_avg", "learner", "--oaa {K} --perceptron --averaged", MULTI, {"passes": PASSES}),
    Row("mira_avg", "learner", "--mira {K}", MULTI, {"passes": PASSES}),
    Row("mira", "learner", "--mira {K} --no_average", MULTI, {"passes": PASSES}),
    Row("oaa_logistic", "learner", "--oaa {K} --loss_function logistic", MULTI,
        {"-l": [0.1, 0.5, 2], "passes": PASSES}),
    Row("oaa_hinge", "learner", "--oaa {K} --loss_function hinge", MULTI,
        {"-l": [0.1, 0.5, 2], "passes": PASSES}),
    Row("logistic", "learner", "--loss_function logistic", ("a9a",), {"-l": [0.1, 0.5, 2], "passes": PASSES}),
    Row("hinge", "learner", "--loss_function hinge", ("a9a",), {"-l": [0.1, 0.5, 2], "passes": PASSES}),
    *kernel_rows(),
    Row("liblinear_s1", "liblinear", "-s 1", ("r8", "pendigits", "a9a", "ml100k"), {"-c": LINEAR_C}),
    Row("liblinear_s4", "liblinear", "-s 4", ("r8", "pendigits", "a9a", "ml100k"), {"-c": LINEAR_C}),
    Row("libsvm_rbf", "libsvm", "-t 2", ("r8", "pendigits"), {"-c": [1, 10, 100], "-g": [0.5, 1, 2]}),
    Row("libsvm_rbf", "libsvm", "-t 2", ("a9a",), {"-c": [1], "-g": [0.05]}),
]

RESULT = [
    ("r8_mira_avg", "r8", "mira_avg"),
    ("r8_perceptron_avg", "r8", "perceptron_avg"),
    ("pendigits_kernel", "pendigits", "kernel_rbf_b2000"),
    ("a9a_perceptron_avg", "a9a", "perceptron_avg"),
]
