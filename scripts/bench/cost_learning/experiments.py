"""The experiment table of scripts/bench/cost_learning.sh: datasets, rows and grids in one place.

"{K}" in a row's flags is the dataset's class count and "{F}" its cost factors (unordered for
R8 and pendigits, ordered for the ratings). Hyper-parameters are chosen on the validation cut of
the first split's training part (the last VALID_FRACTION of the shuffled file, after training on
the rest): the best point has the highest validation macro-F1 (the lowest validation MAE on
ratings; the first on a tie, so cheaper settings come first) and is retrained on each split's
whole training part and scored once on its test part. A grid {flag: [values]} is tried point by
point; its `passes` are not separate runs: each point trains max(passes) passes with
--save_per_pass (and --predict_only_model: weights only) and the model after each listed pass
is scored. Rows with `inherit` take the
plain SVM's chosen -l, --l2 and --l1 and choose only their passes (the cost rows: w's
regularisation is the plain SVM's, v's learning is what they add; this keeps the run short).
"""
from dataclasses import dataclass, field

SEED = 12
VALID_FRACTION = 0.2


@dataclass(frozen=True)
class Dataset:
    name: str
    classes: int
    converter: str                 # scripts/<converter> FILE > vw
    splits: list                   # [(train, test)] relative to DATA_DIR
    flags: str = ""                # added to every learner row
    factors: str = "unordered"     # --cost_factors of the cost rows
    ratings: bool = False          # classes are ratings: choose on MAE, report MAE


@dataclass(frozen=True)
class Row:
    name: str
    flags: str                     # "" with system constant
    grid: dict = field(default_factory=dict)   # dataset -> {flag: [values]}
    system: str = "learner"        # learner | constant
    learned: bool = False          # a learned-cost variant ("learned" in RESULT: the best on validation)
    inherit: bool = False          # take the plain SVM's chosen point; choose passes only


ML_FOLDS = [(f"ml-100k/u{i}.base", f"ml-100k/u{i}.test") for i in range(1, 6)]
DATASETS = [
    # -b 20: 2^20 slots for R8's ~20k words x 8 classes (the models written per pass stay small).
    Dataset("r8", 8, "r8tovw", [("r8/r8-train-all-terms.txt", "r8/r8-test-all-terms.txt")], "-b 20"),
    Dataset("pendigits", 10, "pendigits2vw", [("pendigits/pendigits.tra", "pendigits/pendigits.tes")]),
    Dataset("ratings", 5, "ratings2vw", ML_FOLDS, "", "ordered", True),
]

# The structured SVM's grid (rate, lambda_2, lambda_1, passes).
SVM = {
    "r8": {"-l": [0.25, 1], "--l2": [0, 1e-6], "--l1": [0, 1e-7], "passes": [3, 6, 10]},
    "pendigits": {"-l": [0.25, 1], "--l2": [0, 1e-5], "--l1": [0, 1e-6], "passes": [5, 10, 20]},
    "ratings": {"-l": [0.05, 0.2], "--l2": [0, 1e-6], "--l1": [0, 1e-7], "passes": [1, 2, 3]},
}
PASSES = {name: {"passes": g["passes"]} for name, g in SVM.items()}
MIRA = {name: {"--mira_margin": [False, True], "passes": g["passes"]} for name, g in SVM.items()}
OAA = {name: {"-l": [0.5, 2], "passes": g["passes"]} for name, g in SVM.items()}
COSTS = "--struct_svm {K} --cost_factors {F}"

ROWS = [
    Row("best constant", "", system="constant"),
    Row("svm (v uniform)", "--struct_svm {K}", SVM),
    Row("objective1", COSTS + " --learn_costs objective1", PASSES, learned=True, inherit=True),
    Row("obj10 n=none", COSTS + " --learn_costs objective10 --cost_norm none", PASSES, learned=True, inherit=True),
    Row("obj10 n=logical", COSTS + " --learn_costs objective10 --cost_norm logical", PASSES, learned=True,
        inherit=True),
    Row("obj10 n=expected", COSTS + " --learn_costs objective10 --cost_norm expected", PASSES, learned=True,
        inherit=True),
    Row("kappa_cosine", COSTS + " --learn_costs kappa_cosine", PASSES, learned=True, inherit=True),
    Row("mira", "--mira {K}", MIRA),
    Row("oaa logistic", "--oaa {K} --loss_function logistic", OAA),
]
PLAIN = "svm (v uniform)"

# Speed (R8, side by side, one run): CPU and wall seconds per pass of each cost row against the
# plain SVM, the same flags otherwise, REPEATS interleaved runs each, the fastest kept.
SPEED_DATASET = "r8"
SPEED_FLAGS = "-l 0.5 --passes 10 --holdout_off -c"
SPEED_REPEATS = 5
