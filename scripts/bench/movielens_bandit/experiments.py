"""The table of scripts/bench/movielens_bandit.sh: the simulation's settings and its rows.

The simulation (simulation.py): ROUNDS rounds drawn with SEED from MovieLens 100K's u.data; each
round a user (uniformly among the users) and CANDIDATES distinct items among those the user
rated; reward 1 for an item rated >= LIKED, else 0 (cost 1 - reward). Every system sees the
same rounds through --cbify_ldf: it draws one candidate from its exploration pmf and learns that
candidate's cost only. Settings are chosen on a separate validation stream: ROUNDS other rounds
drawn the same way with VALID_SEED (never the reported rounds, and as long as them, so that the
choice is made at the reported horizon: a prefix cut of the reported stream picked short-horizon
latent rates); each row's grid is run there and the highest mean reward chosen (the first on a
tie); the chosen setting then runs from a fresh model on the ROUNDS rounds drawn with SEED, which
give the curve and the figures.

Rows: (name, tool, flags, grid). "{eps}" is the experiment's epsilon. The main experiment
(epsilon EPSILON) sets the dyadic model (--dotproduct ua, rank 5) against -q ua, no interaction,
and VW's --lrq ua5 and -q ua (when VW= is set). The weights experiment (WEIGHT_EPSILONS, small:
an explored action's importance weight 1/(p K) is 1/epsilon under mtr) runs the dyadic model
with the default rule (adaptive, normalized, exact importance-aware update), with --invariant
alone (the exact update at plain rates) and with --sgd (the plain gradient step), the same three
for -q ua, and VW's --lrq ua5 (VW's default rule), each with its own learning rate chosen on the
validation cut.
"""
SEED = 1
VALID_SEED = 2
ROUNDS = 30000
CANDIDATES = 10
LIKED = 4
EPSILON = 0.05
WEIGHT_EPSILONS = (0.01, 0.002)

BASE = "--cbify_ldf --epsilon {eps}"
RATES = [0.1, 0.5, 2]
PLAIN_RATES = [0.02, 0.1, 0.5, 2]

# The dyadic model's start and latent L2: its defaults (centre 0.5, auto L2; made for ratings) or a
# start around 0 without latent L2 (what bandit costs in {0, 1} favoured on the validation cuts
# tried). A "+" key's values are whole flag strings ("" adds nothing).
# The latent rate reaches 30: the automatic one (0.024 / mean |dl/dp|, about 0.02 here) is far too
# small for these importance-weighted updates (epsilon 0.01, 100000 rounds: average cost 0.255 at
# auto, 0.195 at 10 with -l 0.5 and no latent L2, against VW --lrq's 0.202).
LATENT_RATES = ["auto", 1, 10, 30]
DYADIC = {"+start": ["", "--dotproduct_center 0 --dotproduct_init 0.3"], "--dotproduct_l2": ["auto", 0]}
DYADIC_WEIGHTS = {"--dotproduct_lr": LATENT_RATES, "--dotproduct_l2": ["auto", 0]}

MAIN_ROWS = [
    ("dotproduct", "learner", "--dotproduct ua --rank 5",
     {"-l": RATES, "--dotproduct_lr": LATENT_RATES, **DYADIC}),
    ("q", "learner", "-q ua", {"-l": RATES}),
    ("linear", "learner", "", {"-l": RATES}),
    ("vw_lrq", "vw", "--lrq ua5", {"-l": RATES}),
    ("vw_q", "vw", "-q ua", {"-l": RATES}),
]

WEIGHT_ROWS = [
    ("dot_default", "learner", "--dotproduct ua --rank 5", {"-l": RATES, **DYADIC_WEIGHTS}),
    ("dot_invariant", "learner", "--dotproduct ua --rank 5 --invariant", {"-l": PLAIN_RATES, **DYADIC_WEIGHTS}),
    ("dot_sgd", "learner", "--dotproduct ua --rank 5 --sgd", {"-l": PLAIN_RATES, **DYADIC_WEIGHTS}),
    ("q_default", "learner", "-q ua", {"-l": RATES}),
    ("q_invariant", "learner", "-q ua --invariant", {"-l": PLAIN_RATES}),
    ("q_sgd", "learner", "-q ua --sgd", {"-l": PLAIN_RATES}),
    ("vw_lrq", "vw", "--lrq ua5", {"-l": RATES}),
]


def grid_points(grid):
    """Every setting of a grid as (flag, value) pairs, in order (the first is the default)."""
    points = [[]]
    for flag, values in grid.items():
        points = [p + [(flag, v)] for p in points for v in values]
    return points


def flags(row_flags, eps, point):
    out = BASE.format(eps=eps).split() + row_flags.split()
    for flag, value in point:
        out += str(value).split() if flag.startswith("+") else [flag, str(value)]
    return out
