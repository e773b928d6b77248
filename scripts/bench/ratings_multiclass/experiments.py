"""The ratings-as-classes table: MovieLens ratings 1..5 as five classes (the rating is the class),
0/1 loss on uN.test; the reductions, models and grids the driver runs (scripts/bench/ratings_multiclass.sh).

Each setting of a grid is a string of learner flags; the environment may replace a grid
(GRID_SFT, GRID_OAA: settings separated by ';'). The OAA grid is smaller: logistic loss on the
dyadic path integrates an ODE per class and example (about 8x the time of hinge's closed form)."""

# reduction key -> (flags, title in the table)
REDUCTIONS = {
    "sft": ("--scoring_filter_tree 5 --loss_function hinge", "--scoring_filter_tree 5, hinge"),
    "oaa": ("--oaa 5 --loss_function logistic", "--oaa 5, logistic"),
}
NAMES = {"sft": "scoring filter tree", "oaa": "oaa"}  # in the settings line
GRIDS = {
    "sft": "-l 0.25 --passes 4; -l 0.25 --passes 8; -l 0.5 --passes 4; -l 0.5 --passes 8",
    "oaa": "-l 0.25 --passes 4; -l 0.5 --passes 4",
}
DEFAULTS = {"FOLDS": "1 2 3 4 5", "RANKS": "1 2 3", "SEED": "1", "VALID_FRACTION": "0.1"}
ALWAYS = "--holdout_off"  # every run: the validation cut is the held-out part
VERDICT_REDUCTION = "sft"  # the RESULT line and the exit status speak of this reduction


def model_flags(model):
    """ "linear" -> no flags; "k3" -> the dyadic model of rank 3 on the user and item namespaces."""
    return "" if model == "linear" else f"--dotproduct ui --rank {model[1:]}"


def parse_grid(text, name):
    grid = [g.strip() for g in text.split(";")]
    if not grid or any(not g for g in grid):
        raise ValueError(f"{name}='{text}': an empty setting")
    return grid
