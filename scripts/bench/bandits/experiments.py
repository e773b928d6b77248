"""The experiment table of scripts/bench/bandits.sh: every stream and row, in one place.

A stream is a multiclass data set turned into a contextual-bandit stream: `cbify` streams are
the multiclass lines themselves (the learner's --cbify K simulates the bandit), `logged` streams
are multi-line --cb_adf examples logged by a uniform policy (one random action per example,
probability 1/K, cost 0 for the right class and 1 otherwise; a `shared |s` line with the
example's features and one `|a aN` line per action). Each stream is shuffled with a seed and
cut: its first VALID_FRACTION is the validation cut, on which every grid point of a row is run and
the lowest progressive loss chosen (the first on a tie); the chosen setting then runs once, from
a fresh model, on the rest of the stream. The rest is never read to choose anything.

Replicates: this is done on REPLICATES shuffles (seeds SEED, SEED + 1, ...), each with its own
validation cut and its own choice, for each tool alike; a row reports the mean of the replicates'
progressive losses (and their standard deviation) and examples/s over all of them. One shuffle is
not enough: on pendigits --cbify 10 --cover 4 -l 0.1 over 100 shuffles, learner's loss differs
from VW's by a mean of +0.15% (standard error 0.34%) but by 3.4% (standard deviation) on a single
shuffle, more than the 1% bar: VW's approximate x86 rsqrt in its adaptive rate and learner's
exact square root round apart, and --cover's choices amplify the difference. With each tool's
own choice on each validation cut the paired difference has a 5.6% standard deviation per shuffle
(100 shuffles), so the mean's standard error is 1.8% at 10 shuffles, above the bar, and 1.0% at 30.

A row's flags are the same for learner and for VW (VW= set): VW 9.11's flags, "{K}" the class
count. A row whose flags learner refuses (a flag it does not have yet) is reported "not built".
Grid values are tried in the order written.
"""
from dataclasses import dataclass, field

SEED = 31
VALID_FRACTION = 0.2
REPLICATES = 30    # bandits.sh's REPLICATES= overrides


@dataclass(frozen=True)
class Stream:
    name: str
    kind: str          # cbify | logged
    classes: int
    converter: str     # scripts/<converter> FILE > multiclass lines
    source: str        # relative to DATA_DIR
    binary: bool = False   # labels -1/+1: become 2/1


@dataclass(frozen=True)
class Row:
    name: str
    flags: str
    kind: str          # the streams it runs on: cbify | logged
    grid: dict = field(default_factory=dict)


STREAMS = [
    Stream("pendigits", "cbify", 10, "pendigits2vw", "pendigits/pendigits.tra"),
    Stream("r8", "cbify", 8, "r8tovw", "r8/r8-train-all-terms.txt"),
    Stream("a9a", "cbify", 2, "libsvm2vw", "a9a/a9a", binary=True),
    Stream("pendigits_log", "logged", 10, "pendigits2vw", "pendigits/pendigits.tra"),
]

RATES = [0.1, 0.5, 2.0]
ROWS = [
    Row("eps_greedy", "--cbify {K}", "cbify", {"-l": RATES, "--epsilon": [0.02, 0.05, 0.1]}),
    Row("bag", "--cbify {K} --bag 4", "cbify", {"-l": RATES}),
    Row("cover", "--cbify {K} --cover 4", "cbify", {"-l": RATES}),
    Row("squarecb", "--cbify {K} --cb_explore_adf --squarecb", "cbify", {"-l": RATES, "--gamma_scale": [1, 10]}),
    Row("regcb", "--cbify {K} --cb_explore_adf --regcb", "cbify", {"-l": RATES, "--mellowness": [0.01, 0.1]}),
    Row("ips", "--cb_adf --cb_type ips -q sa", "logged", {"-l": RATES}),
    Row("dr", "--cb_adf --cb_type dr -q sa", "logged", {"-l": RATES}),
    Row("mtr", "--cb_adf --cb_type mtr -q sa", "logged", {"-l": RATES}),
    Row("explore_adf", "--cb_explore_adf --epsilon 0.05 -q sa", "logged", {"-l": RATES}),
]

# The bar: learner's loss at most VW's + 1 % of |VW's| on every row.
SLACK = 0.01
# RESULT names every (stream, row) that applies; speed ratios for these rows.
SPEED_ROWS = [("pendigits_log", "explore_adf")]


def grid_points(grid):
    """Every setting of a grid as a list of (flag, value) pairs, in order (the first is the default)."""
    points = [[]]
    for flag, values in grid.items():
        points = [p + [(flag, v)] for p in points for v in values]
    return points


def flags_of(row, stream, point):
    """The command-line flags of a row on a stream at a grid point."""
    out = row.flags.replace("{K}", str(stream.classes)).split()
    for flag, value in point:
        out += [flag, str(value)]
    return out


def rows_for(stream):
    return [r for r in ROWS if r.kind == stream.kind]
