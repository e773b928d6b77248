"""Paired comparison of two top-N systems from `learner-topn eval --per_user` files.

A benchmark figure is the mean over folds of each fold's mean over its users. Two systems
evaluated on the same folds see the same users, so their difference is judged per user:
d_u = a_u - b_u on each fold, D = mean over folds of the folds' mean d, and, the users being
independent draws, Var(D) = sum over folds of var_f(d) / n_f, divided by the folds' count
squared (the paired t statistic's normal approximation; a few hundred users per fold make it
exact enough). `interval` is D -/+ 1.96 standard errors; `users_better` and `users_worse` count
(fold, user) pairs where a is above or below b.

Usage: python3 scripts/bench/topn/paired.py COLUMN A_FOLD1.tsv[,A_FOLD2.tsv...] B_FOLD1.tsv[,...]
  COLUMN: precision, recall, ndcg, ap, hit (folds) or hit, ndcg (leave-one-out). Prints one line.
"""
import math
import sys

Z95 = 1.959963984540054


def read_per_user(path):
    """{user: {column: value}} from a --per_user file (its first line names the columns)."""
    with open(path, encoding="utf-8") as f:
        header = f.readline().rstrip("\n").split("\t")
        if not header or header[0] != "user":
            raise ValueError(f"{path}: not a learner-topn --per_user file (first line {header!r})")
        rows = {}
        for number, line in enumerate(f, start=2):
            cells = line.rstrip("\n").split("\t")
            if len(cells) != len(header):
                raise ValueError(f"{path}:{number}: {len(cells)} columns, the header has {len(header)}")
            if cells[0] in rows:
                raise ValueError(f"{path}:{number}: user {cells[0]} twice")
            rows[cells[0]] = {k: float(v) for k, v in zip(header[1:], cells[1:])}
    return rows


def fold_differences(a, b, column):
    """Per-user a - b on one fold; both files must hold the same users."""
    for rows in (a, b):
        if rows and column not in next(iter(rows.values())):
            raise ValueError(f"no column {column!r} (have {', '.join(next(iter(rows.values())))})")
    if a.keys() != b.keys():
        only = sorted(set(a) ^ set(b))[:5]
        raise ValueError(f"the two systems were evaluated on different users (e.g. {only})")
    return [a[u][column] - b[u][column] for u in a]


def compare(folds_a, folds_b, column):
    """folds_a, folds_b: per fold, read_per_user() dicts of systems a and b."""
    if len(folds_a) != len(folds_b) or not folds_a:
        raise ValueError("both systems need the same, non-zero number of folds")
    means, variance, better, worse, users = [], 0.0, 0, 0, 0
    for a, b in zip(folds_a, folds_b):
        d = fold_differences(a, b, column)
        n = len(d)
        if n < 2:
            raise ValueError("a fold needs at least two users")
        mean = sum(d) / n
        means.append(mean)
        variance += sum((x - mean) ** 2 for x in d) / (n - 1) / n
        better += sum(x > 0 for x in d)
        worse += sum(x < 0 for x in d)
        users += n
    k = len(means)
    diff = sum(means) / k
    se = math.sqrt(variance) / k
    return {"column": column, "diff": diff, "se": se, "interval": [diff - Z95 * se, diff + Z95 * se],
            "users": users, "users_better": better, "users_worse": worse,
            "distinguishable": abs(diff) > Z95 * se}


def describe(result):
    lo, hi = result["interval"]
    verdict = ("a above b" if result["diff"] > 0 else "a below b") if result["distinguishable"] else \
        "not distinguishable"
    return (f"{result['column']}: a - b = {result['diff']:+.4f} (95% interval {lo:+.4f} .. {hi:+.4f}; "
            f"users a > b {result['users_better']}, a < b {result['users_worse']}, of {result['users']}): {verdict}")


def main(argv):
    if len(argv) != 4:
        print(__doc__.split("Usage: ")[1], file=sys.stderr)
        return 2
    column = argv[1]
    folds_a = [read_per_user(p) for p in argv[2].split(",")]
    folds_b = [read_per_user(p) for p in argv[3].split(",")]
    print(describe(compare(folds_a, folds_b, column)))
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv))
    except (OSError, ValueError, KeyError) as e:
        print(f"paired.py: {e}", file=sys.stderr)
        sys.exit(1)
