"""Driver of scripts/bench/topn.sh: top-N recommendation, both protocols, every row.

Usage: python3 scripts/bench/topn DATA_DIR OUT_DIR
Tools: LEARNER_TOPN (required), LEARNER_BPMF (the bpmf row is left out without it).
DATA_DIR: u1..u5 .base/.test (and u.data for leave-one-out; without it the folds' union),
or ratings.dat (cut into five folds as the MovieLens benchmark does). Protocols: learner-topn
eval --protocol folds (relevant = held out and rated >= 4) and --protocol loo (each user's last
pair by time among 99 sampled items). Writes OUT_DIR/results.json, table.md, plot.png (gnuplot,
when installed; plot.dat and plot.gp beside it); prints the tables and the RESULT line.
"""
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # scripts/bench
from movielens import data as ml_data  # noqa: E402
from topn import experiments as ex  # noqa: E402
from topn import paired  # noqa: E402

START = time.perf_counter()
METRIC = re.compile(r"(\w+)=([-+0-9.eE]+)")


def log(message):
    print(f"[topn] {message} [{time.perf_counter() - START:.0f} s]", file=sys.stderr, flush=True)


def parse_metrics(text):
    for line in text.splitlines():
        if line.startswith("METRICS "):
            return {k: float(v) for k, v in METRIC.findall(line)}
    raise RuntimeError(f"no METRICS line in: {text[-300:]}")


def args_of(settings):
    out = []
    for key, value in settings.items():
        out += [f"--{key}", str(value)]
    return out


def run(cmd):
    done = subprocess.run(cmd, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} failed ({done.returncode}): {done.stderr.strip()[-500:]}")
    return done.stdout


def evaluate(tools, row, settings, train, test, protocol, work, per_user=None):
    """One METRICS dict for a row with its settings on (train, test); per_user: also each user's figures there."""
    name, _, tool, _, _ = row
    topn = [tools["topn"], "eval", "--train", train, "--test", test, "--protocol", protocol, "--k", ex.K,
            "--loo_negatives", ex.LOO_NEGATIVES, "--threads", "1"] + (["--per_user", per_user] if per_user else [])
    if tool == "bpmf":
        users, items = os.path.join(work, "bpmf.users"), os.path.join(work, "bpmf.items")
        run([tools["bpmf"], "--train", train, "--user_vectors", users, "--item_vectors", items, "--quiet",
             "--threads", "1", *args_of(settings)])
        return parse_metrics(run(topn + ["--system", "vectors", "--user_vectors", users, "--item_vectors", items]))
    return parse_metrics(run(topn + args_of(settings)))


def choose(tools, row, train, valid, protocol, key, work, tune):
    name, _, _, fixed, grid = row
    points = ex.grid_points(grid)
    if not tune or len(points) == 1:
        return {**fixed, **points[0]}, None
    best, best_score = None, None
    for point in points:
        settings = {**fixed, **point}
        score = evaluate(tools, row, settings, train, valid, protocol, work)[key]
        log(f"validation {protocol} {name} {point}: {key} {score:.4f}")
        if best_score is None or score > best_score:
            best, best_score = settings, score
    return best, best_score


def split(tools, data, train, test, *how):
    run([tools["topn"], "split", "--data", data, "--train_out", train, "--test_out", test, *how])


def loo_source(data_dir, folds, work):
    """The full pairs for leave-one-out: u.data, ratings.dat, or the first fold's base + test."""
    for name in ("u.data", "ratings.dat"):
        path = ml_data.find(data_dir, name)
        if path:
            return path
    base, test = folds[min(folds)]
    out = os.path.join(work, "all.tsv")
    with open(out, "w", encoding="utf-8") as f:
        for path in (base, test):
            f.write(ml_data.read_text(path))
    return out


# The four RESULT figures, as (protocol, --per_user column).
PAIRED = (("folds", "precision"), ("folds", "ndcg"), ("loo", "hit"), ("loo", "ndcg"))


def per_user_file(out_dir, name, part):
    folder = os.path.join(out_dir, "per_user")
    os.makedirs(folder, exist_ok=True)
    return os.path.join(folder, f"{name}.{part}.tsv")


def paired_table(out_dir, folds, names):
    """{row: {(protocol, column): paired.compare(dyadic, row)}} for every row but dyadic."""
    if "dyadic" not in names:
        return {}

    def load(name, protocol):
        parts = [f"u{f}" for f in folds] if protocol == "folds" else ["loo"]
        return [paired.read_per_user(per_user_file(out_dir, name, p)) for p in parts]
    out = {}
    for name in names:
        if name != "dyadic":
            out[name] = {f"{protocol}_{column}": paired.compare(load("dyadic", protocol), load(name, protocol), column)
                         for protocol, column in PAIRED}
    return out


def paired_cell(result):
    lo, hi = result["interval"]
    return f"{result['diff']:+.4f} ({lo:+.4f} .. {hi:+.4f}){'' if result['distinguishable'] else ' ~'}"


def table(title, header, lines):
    out = [f"### {title}", "", "| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    out += ["| " + " | ".join(str(c) for c in line) + " |" for line in lines]
    return "\n".join(out) + "\n"


def write_plot(out_dir, results):
    dat = os.path.join(out_dir, "plot.dat")
    with open(dat, "w", encoding="utf-8") as f:
        f.write("# row p10 ndcg10 loo_hr10 loo_ndcg10\n")
        for name, r in results.items():
            f.write(f"{name} {r['p10']:.5f} {r['ndcg10']:.5f} {r['hr10']:.5f} {r['loo_ndcg10']:.5f}\n")
    gp = os.path.join(out_dir, "plot.gp")
    with open(gp, "w", encoding="utf-8") as f:
        f.write("set terminal pngcairo size 900,500 noenhanced\nset output 'plot.png'\nset style data histograms\n"
                "set style histogram clustered gap 1\nset style fill solid 0.8 border -1\nset key outside right top\n"
                "set ylabel 'metric @ 10'\nset title 'Top-N: random folds (P, NDCG) and leave-one-out (HR, NDCG)'\n"
                "set xtics rotate by -20\n"
                "plot 'plot.dat' using 2:xtic(1) title 'P@10 folds', '' using 3 title 'NDCG@10 folds', "
                "'' using 4 title 'HR@10 LOO', '' using 5 title 'NDCG@10 LOO'\n")
    if shutil.which("gnuplot"):
        subprocess.run(["gnuplot", "plot.gp"], cwd=out_dir, check=False, capture_output=True)
        return os.path.isfile(os.path.join(out_dir, "plot.png"))
    return False


def main(argv):
    if len(argv) != 3:
        print("usage: python3 scripts/bench/topn DATA_DIR OUT_DIR", file=sys.stderr)
        return 2
    data_dir, out_dir = argv[1], argv[2]
    tools = {"topn": os.environ["LEARNER_TOPN"]}
    if os.environ.get("LEARNER_BPMF") and os.access(os.environ["LEARNER_BPMF"], os.X_OK):
        tools["bpmf"] = os.environ["LEARNER_BPMF"]
    folds_wanted = [int(x) for x in os.environ.get("TOPN_FOLDS", "1 2 3 4 5").split()]
    tune = os.environ.get("TOPN_TUNE", "1") != "0"
    seed = os.environ.get("TOPN_SEED", "1")
    os.makedirs(out_dir, exist_ok=True)
    work = tempfile.mkdtemp(prefix="topn.")
    rows = [r for r in ex.rows() if r[2] != "bpmf" or "bpmf" in tools]
    folds = ml_data.fold_files(data_dir, folds_wanted, work, int(seed))
    first = min(folds)
    # Validation cuts of the training data only.
    fit, valid = os.path.join(work, "fit.tsv"), os.path.join(work, "valid.tsv")
    split(tools, folds[first][0], fit, valid, "--fraction", ex.FRACTION, "--seed", seed)
    loo_train, loo_test = os.path.join(work, "loo.train"), os.path.join(work, "loo.test")
    split(tools, loo_source(data_dir, folds, work), loo_train, loo_test, "--last")
    loo_fit, loo_valid = os.path.join(work, "loo.fit"), os.path.join(work, "loo.valid")
    split(tools, loo_train, loo_fit, loo_valid, "--last")
    carried = {}
    if os.environ.get("TOPN_SETTINGS_FROM"):  # another data set's chosen settings: nothing tuned here
        with open(os.environ["TOPN_SETTINGS_FROM"], encoding="utf-8") as f:
            carried = json.load(f)["results"]
        tune = False
    results, chosen = {}, {}
    for row in rows:
        name = row[0]
        if name in carried:
            s_folds, v_folds = carried[name]["settings_folds"], None
            s_loo, v_loo = carried[name]["settings_loo"], None
        else:
            s_folds, v_folds = choose(tools, row, fit, valid, "folds", "ndcg", work, tune)
            s_loo, v_loo = choose(tools, row, loo_fit, loo_valid, "loo", "hit_rate", work, tune)
        per_fold = []
        for f in sorted(folds):
            m = evaluate(tools, row, s_folds, folds[f][0], folds[f][1], "folds", work,
                         per_user_file(out_dir, name, f"u{f}"))
            per_fold.append(m)
            log(f"u{f} {name}: P@10 {m['precision']:.4f} NDCG@10 {m['ndcg']:.4f} ({m['seconds']:.1f} s)")
        loo = evaluate(tools, row, s_loo, loo_train, loo_test, "loo", work, per_user_file(out_dir, name, "loo"))
        log(f"loo {name}: HR@10 {loo['hit_rate']:.4f} NDCG@10 {loo['ndcg']:.4f}")
        mean = {k: statistics.fmean(m[k] for m in per_fold) for k in
                ("precision", "recall", "ndcg", "map", "hit_rate", "coverage")}
        results[name] = {"label": row[1], "p10": mean["precision"], "r10": mean["recall"], "ndcg10": mean["ndcg"],
                         "map10": mean["map"], "hit10": mean["hit_rate"], "coverage10": mean["coverage"],
                         "p10_folds": [m["precision"] for m in per_fold], "hr10": loo["hit_rate"],
                         "loo_ndcg10": loo["ndcg"], "settings_folds": s_folds, "settings_loo": s_loo,
                         "validation_folds_ndcg10": v_folds, "validation_loo_hr10": v_loo}
        chosen[name] = (s_folds, s_loo)
    against = paired_table(out_dir, sorted(folds), list(results))
    with open(os.path.join(out_dir, "results.json"), "w", encoding="utf-8") as f:
        json.dump({"data": data_dir, "folds": sorted(folds), "tuned": tune, "results": results,
                   "paired_with_dyadic": against}, f, indent=1)
    pop = results.get("pop")

    def rel(name, key):
        return f"{100 * (results[name][key] / pop[key] - 1):+.0f}%" if pop and pop[key] > 0 else "-"
    fold_lines = [[n, f"{r['p10']:.4f}", f"{r['r10']:.4f}", f"{r['ndcg10']:.4f}", f"{r['map10']:.4f}",
                   f"{r['hit10']:.4f}", f"{r['coverage10']:.4f}", rel(n, "p10"), rel(n, "ndcg10")]
                  for n, r in results.items()]
    loo_lines = [[n, f"{r['hr10']:.4f}", f"{r['loo_ndcg10']:.4f}", rel(n, "hr10")] for n, r in results.items()]
    text = table(f"Random folds u{','.join(map(str, sorted(folds)))} (relevant: held out, rated >= 4; mean over folds)",
                 ["row", "P@10", "R@10", "NDCG@10", "MAP@10", "HR@10", "coverage@10", "P vs pop", "NDCG vs pop"],
                 fold_lines)
    text += "\n" + table("Leave-one-out (last pair by time among 99 sampled items)",
                         ["row", "HR@10", "NDCG@10", "HR vs pop"], loo_lines)
    origin = (f"carried over from {os.environ['TOPN_SETTINGS_FROM']}" if carried else
              "chosen on validation cuts of the training data" if tune else "each row's first grid point; not tuned")
    if against:
        text += "\n" + table("The dyadic row minus each row, per user (paired; 95% interval; scripts/bench/topn/paired.py)",
                             ["row", "P@10", "NDCG@10", "LOO HR@10", "LOO NDCG@10"],
                             [[n] + [paired_cell(against[n][f"{p}_{c}"]) for p, c in PAIRED] for n in against])
        text += "(~: the interval holds 0, the two rows are not distinguishable on these users)\n"
    text += f"\nSettings ({origin}):\n"
    for name, (sf, sl) in chosen.items():
        text += f"  {name}: folds {json.dumps(sf)}; loo {json.dumps(sl)}\n"
    with open(os.path.join(out_dir, "table.md"), "w", encoding="utf-8") as f:
        f.write(text)
    plotted = write_plot(out_dir, results)
    print(text)
    print(f"plot: {os.path.join(out_dir, 'plot.png') if plotted else 'gnuplot not found (plot.dat, plot.gp written)'}")
    print("RESULT " + " ".join(f"{n}_{k}={results[n][k]:.4f}" for n in results
                               for k in ("p10", "ndcg10", "hr10", "loo_ndcg10")))
    shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
