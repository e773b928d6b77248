"""Outputs of the MovieLens benchmark, all made from results.json (unit-tested).

results.json: config, rows, chosen (per fold, loss and row: the setting chosen on validation),
runs (every validation and test run: metrics, training seconds, peak RSS), robust, speed.
results.csv: the runs, one per line. render(): the report printed and written to table.md --
the seed-style table (0.5-quantile loss, MAE, RMSE as fold mean ± sd -- one fold: its value --,
train time per fold, peak RSS), the per-fold verdicts, the chosen settings, the robustness and
speed checks and the RESULT line -- and the exit status (1 when a target fails). write_plot():
plot.png beside table.md (gnuplot; plot.dat and plot.gp kept), test MAE and RMSE per model with
the folds' range.
"""
import csv
import os
import shutil
import subprocess

from classifiers.report import read_json, write_json  # noqa: F401  (scripts/bench on sys.path)

from . import metrics

RUN_FIELDS = ["fold", "loss", "row", "phase", "flags", "mae", "rmse", "qloss", "nan", "n", "seconds", "cpu_s",
              "rss_kb", "rounded_mae"]


def write_csv(result, path):
    with open(path, "w", newline="", encoding="utf-8") as f:
        out = csv.DictWriter(f, fieldnames=RUN_FIELDS, extrasaction="ignore")
        out.writeheader()
        out.writerows(result["runs"])


def spread(values):
    """A table cell: "mean ± sd" over the folds; one fold has no spread: its value alone; "-" for None."""
    if values is None:
        return "-"
    return "%.4f" % values[0] if len(values) == 1 else "%.4f ± %.4f" % metrics.mean_sd(values)


class Folds:
    """Test figures per fold: test(fold, loss, row) -> run; "dyadic" resolves to the rank with
    the best validation score of that fold and loss (the first rank on a tie)."""

    def __init__(self, result):
        self.folds = result["config"]["folds"]
        self.ranks = [f"k{k}" for k in result["config"]["ranks"]]
        self.runs = {(r["fold"], r["loss"], r["row"]): r for r in result["runs"] if r["phase"] == "test"}
        self.chosen = {(c["fold"], c["loss"], c["row"]): c for c in result["chosen"]}

    def dyadic(self, fold, loss):
        return metrics.best((k, self.chosen[fold, loss, k]["valid"]) for k in self.ranks)[0]

    def test(self, fold, loss, row):
        if row == "dyadic":
            row = self.dyadic(fold, loss)
        return self.runs.get((fold, loss, row))

    def values(self, row, loss, key):
        runs = [self.test(f, loss, row) for f in self.folds]
        return None if None in runs else [r[key] for r in runs]

    def cell(self, row, loss, key):
        return spread(self.values(row, loss, key))

    def mean(self, row, loss, key):
        v = self.values(row, loss, key)
        return "nan" if v is None else "%.4f" % metrics.mean_sd(v)[0]

    def cost(self, row, losses):
        runs = [self.test(f, loss, row) for f in self.folds for loss in losses]
        runs = [r for r in runs if r and "seconds" in r]
        if not runs:
            return "", ""
        wall = "%.2f" % (sum(r["seconds"] for r in runs) / len(runs))
        if all("cpu_s" in r for r in runs):
            wall += " (%.2f CPU)" % (sum(r["cpu_s"] for r in runs) / len(runs))
        return wall, "%.0f" % (max(r["rss_kb"] for r in runs) / 1024)


def _per_loss(row):
    """A row trained per loss (learner rows, the Bayesian rows); old results lack the key."""
    return row.get("per_loss", row["system"] == "learner")


def table_rows(result):
    """The table's rows in order: (label, row key, comment, loss of the MAE columns, loss of RMSE);
    a comparison row has one model for all columns (loss "")."""
    rows = [("Best constant", "const", "median (quantile) / mean (squared) of the training labels", "quantile",
             "squared")]
    rows += [(r["label"], r["name"], r["comment"], "quantile", "squared") for r in result["rows"] if _per_loss(r)]
    rows += [("Dyadic, k chosen on validation", "dyadic", "per fold and loss", "quantile", "squared"),
             ("Dyadic, ids only, k chosen on validation", "dyadic_ids", "per fold and loss, ids input only",
              "quantile", "squared")]
    rows += [(r["label"], r["name"], r["comment"], "", "") for r in result["rows"] if not _per_loss(r)]
    return rows


def plot_data(result):
    """Rows of the plot: (label, MAE mean, min, max, RMSE mean, min, max) over the folds, for
    every table row with both figures (min = max = mean for one fold)."""
    fx = Folds(result)
    out = []
    for label, key, _, q, s in table_rows(result):
        mae, rmse = fx.values(key, q, "mae"), fx.values(key, s, "rmse")
        if mae is None or rmse is None:
            continue
        out.append((label, metrics.mean_sd(mae)[0], min(mae), max(mae),
                    metrics.mean_sd(rmse)[0], min(rmse), max(rmse)))
    return out


def write_plot(result, stem):
    """stem.dat and stem.gp (gnuplot): per table row, test MAE and RMSE, the mean over the folds with
    the folds' range as error bars (none with one fold), two panels side by side; runs gnuplot
    for stem.png when it is installed. Returns a line for the log."""
    rows = plot_data(result)
    if not rows:
        return "no plot: no row has test figures"
    with open(stem + ".dat", "w", encoding="utf-8") as f:
        f.write("# row\tmae_mean\tmae_min\tmae_max\trmse_mean\trmse_min\trmse_max\tlabel\n")
        for i, (label, *v) in enumerate(reversed(rows)):  # the table's first row at the top
            f.write(f"{i}\t" + "\t".join(f"{x:.6f}" for x in v) + "\t" + label.replace("\t", " ") + "\n")
    folds = result["config"]["folds"]
    spread = f"mean over folds {' '.join(f'u{f}' for f in folds)}, bars: their range" if len(folds) > 1 \
        else f"fold u{folds[0]}"
    bars = "xerrorbars" if len(folds) > 1 else "points"
    cols = "2:1:3:4" if len(folds) > 1 else "2:1"
    rcols = "5:1:6:7" if len(folds) > 1 else "5:1"
    height = 120 + 28 * len(rows)
    name = os.path.basename(stem)
    with open(stem + ".gp", "w", encoding="utf-8") as f:
        f.write(f"set terminal png size 1400,{height} noenhanced\n")
        f.write(f"set output '{name}.png'\nset datafile separator '\\t'\nset grid xtics\n"
                f"set yrange [-0.7:{len(rows) - 0.3}]\nset offsets graph 0.05, graph 0.05, 0, 0\nset ytics nomirror\nset key off\n"
                f"set multiplot layout 1,2 title 'MovieLens: test MAE and RMSE per model ({spread})'\n"
                f"set lmargin 48\nset title 'MAE (quantile-loss models)'\n"
                f"plot '{name}.dat' using {cols}:ytic(8) with {bars} pt 7\n"
                f"set lmargin 2\nset format y ''\nset title 'RMSE (squared-loss models)'\n"
                f"plot '{name}.dat' using {rcols} with {bars} pt 7 lc 2\nunset multiplot\n")
    if not shutil.which("gnuplot"):
        return f"no plot: gnuplot is not installed ({stem}.gp written; scripts/setup.sh installs gnuplot-nox)"
    done = subprocess.run(["gnuplot", name + ".gp"], cwd=os.path.dirname(stem) or ".", capture_output=True,
                          text=True)
    if done.returncode != 0:
        return f"no plot: gnuplot failed on {stem}.gp: {done.stderr.strip()[:200]}"
    return f"plot {stem}.png"


def _table(result, fx):
    cfg = result["config"]
    name = os.path.basename(os.path.normpath(cfg["data"]))
    title = "MovieLens 100K" if name == "ml-100k" else name
    spread = "mean ± sd over folds" if len(cfg["folds"]) > 1 else "one fold"
    lines = [f"## {title}, folds {' '.join(f'u{f}' for f in cfg['folds'])}: test loss, {spread}", "",
             "| Model | 0.5-quantile loss | MAE | RMSE | train s/fold | peak RSS MB | Comments |",
             "|---|---|---|---|---|---|---|"]

    for label, key, comment, q, s in table_rows(result):
        t, rss = fx.cost(key, {q, s})
        lines.append(f"| {label} | {fx.cell(key, q, 'qloss')} | {fx.cell(key, q, 'mae')} | {fx.cell(key, s, 'rmse')} "
                     f"| {t} | {rss} | {comment} |")
    lines += ["", "Learner rows (and the Bayesian row: Laplace noise for the first two columns, Gaussian for RMSE): quantile loss and MAE of the models trained with --loss_function quantile; RMSE of "
              "the models trained with squared loss; time = training on uN.base (mean of both losses; wall clock "
              "on a shared machine, CPU = user + system).",
              "Other rows: one model per fold, all three columns from its predictions (LFL: RMSE from the expected "
              "rating, MAE from the median); time = the training process.",
              f"Hyper-parameters chosen per fold, loss and model on a {cfg['valid_fraction']} validation cut of "
              f"uN.base (seed {cfg['seed']})."]
    if cfg.get("quality_ranks"):
        lines.append(f"For k in {' '.join(map(str, cfg['quality_ranks']))} the ids grid also has the dyadic quality "
                     "options (--dotproduct_freq_l2, --dotproduct_center; docs/ratings-quality.md).")
    if cfg["tn_ranks"]:
        imp = f", imp (tn + SVD++ implicit feedback, for k in {' '.join(map(str, cfg['implicit_ranks']))})" \
            if cfg["implicit_ranks"] else ""
        lines.append(f"Inputs: ids (\"rating |u USER |i ITEM\"), tn (ids + ratings2vw --user-day "
                     f"{cfg['user_day_scale']} --neighbors-shrink {cfg['neighbors_shrink']} --neighbors, for k in "
                     f"{' '.join(map(str, cfg['tn_ranks']))}){imp}; see Chosen settings.")
    return lines


def _cold_start(result):
    """The cold-start table (users held out entirely; data.cold_start_fold), when the run has one."""
    runs = {(r["fold"], r["loss"], r["row"]): r for r in result.get("cold_start", [])}
    if not runs:
        return []
    folds = result["config"]["folds"]
    over = "mean ± sd over folds" if len(folds) > 1 else f"fold u{folds[0]}"
    lines = ["", "### Cold start: users held out entirely (a fifth of the users per fold; their ratings in uN.base "
             f"and uN.test are the test set), test loss, {over}", "",
             "| Model | MAE | RMSE |", "|---|---|---|"]
    rows = [{"name": "const", "label": "Best constant"}] + result.get("cold_start_rows", [])
    for row in rows:
        cells = []
        for loss, key in (("quantile", "mae"), ("squared", "rmse")):
            v = [runs[f, loss, row["name"]][key] for f in folds if (f, loss, row["name"]) in runs]
            cells.append(spread(v if len(v) == len(folds) else None))
        lines.append(f"| {row['label']} | {cells[0]} | {cells[1]} |")
    lines += ["", "MAE of the models trained with quantile loss (learner-bpmf: Laplace noise), RMSE of those trained "
              "with squared loss (Gaussian noise); every setting as given (no validation)."]
    return lines


def _verdicts(result, fx):
    lines = ["", "### Dyadic versus linear, per fold (test)"]
    ok = True
    for f in fx.folds:
        lm, dm = fx.test(f, "quantile", "linear")["mae"], fx.test(f, "quantile", "dyadic")["mae"]
        ls, ds = fx.test(f, "squared", "linear")["rmse"], fx.test(f, "squared", "dyadic")["rmse"]
        bm, bs = dm < lm, ds < ls
        ok &= bm and bs
        lines.append(f"u{f}: MAE linear {lm:.4f} vs dyadic({fx.dyadic(f, 'quantile')}) {dm:.4f} "
                     f"beats={'yes' if bm else 'NO'} | RMSE linear {ls:.4f} vs dyadic({fx.dyadic(f, 'squared')}) "
                     f"{ds:.4f} beats={'yes' if bs else 'NO'} -> {'PASS' if bm and bs else 'FAIL'}")
    if result["config"]["tn_ranks"]:
        lines += ["", "### Dyadic versus linear on the same time + neighbours input, per fold (test, informational)"]
        for f in fx.folds:
            lines.append(f"u{f}: MAE linear-tn {fx.test(f, 'quantile', 'lintn')['mae']:.4f} vs "
                         f"dyadic({fx.dyadic(f, 'quantile')}) {fx.test(f, 'quantile', 'dyadic')['mae']:.4f} | "
                         f"RMSE linear-tn {fx.test(f, 'squared', 'lintn')['rmse']:.4f} vs "
                         f"dyadic({fx.dyadic(f, 'squared')}) {fx.test(f, 'squared', 'dyadic')['rmse']:.4f}")
    lines += ["", "### Chosen settings (validation score: quantile loss / RMSE)"]
    for c in sorted(result["chosen"], key=lambda c: (c["fold"], c["loss"] != "quantile", c["loss"] == "")):
        val = "-" if c["valid"] is None else "%.4f" % c["valid"]
        model = c["row"] if c["row"] == c["model"] else f"{c['row']}({c['model']})"
        lines.append(f"u{c['fold']} {c['loss'] or '-':<8} {model:<6} {c['input']:<3} val={val}  {c['setting']}")
    return lines, ok


def _robust(result, fx):
    cfg, f1 = result["config"], result["config"]["folds"][0]
    cq, cs = fx.test(f1, "quantile", "const")["qloss"], fx.test(f1, "squared", "const")["rmse"]
    flags = result["robust"][0]["flags"].split() if result["robust"] else []
    l2 = flags[flags.index("--dotproduct_l2") + 1] if flags else "?"
    passes = flags[flags.index("--passes") + 1] if flags else "?"
    lines = ["", f"### Robustness: u{f1}, --dotproduct ui --rank 5 --dotproduct_l2 {l2} --passes {passes}, "
             "latent rate = -l", "",
             f"| -l | quantile: 0.5-quantile loss | vs constant {cq:.6f} | squared: RMSE | vs constant {cs:.6f} |",
             "|---|---|---|---|---|"]
    by = {(r["loss"], r["rate"]): r for r in result["robust"]}
    ok = True
    for rate in dict.fromkeys(r["rate"] for r in result["robust"]):
        q, s = by["quantile", rate], by["squared", rate]
        okq = q["nan"] == 0 and q["qloss"] <= cq
        oks = s["nan"] == 0 and s["rmse"] <= cs
        ok &= okq and oks
        nan = lambda r: f" ({r['nan']} NaN)" if r["nan"] else ""  # noqa: E731
        lines.append(f"| {rate} | {q['qloss']:.4f}{nan(q)} | {'ok' if okq else 'FAIL'} | {s['rmse']:.4f}{nan(s)} "
                     f"| {'ok' if oks else 'FAIL'} |")
    if not ok:
        lines.append("FLAG: robustness check failed (NaN or worse than the best constant)")
    return lines, ok or not cfg["strict"]


def _speed(result):
    cfg = result["config"]
    n = cfg["speed_lines"] * cfg["speed_passes"]
    lines = ["", f"### Speed: u{cfg['folds'][0]} training part ({cfg['speed_lines']} lines) x {cfg['speed_passes']} "
             f"passes, medians of {cfg['speed_runs']} paired runs"]
    ok = True
    for mode, s in result["speed"].items():
        good = s["ratio"] <= 2
        ok &= good
        lines.append(f"speed {mode:<8} linear {1e6 * s['linear_s'] / n:.3f} us/example ({s['linear_s']:.2f} s), "
                     f"--dotproduct ui --rank 5 {1e6 * s['k5_s'] / n:.3f} us/example ({s['k5_s']:.2f} s), ratio "
                     f"{s['ratio']:.2f} (target <= 2) {'ok' if good else 'FAIL'}")
    if not ok and not cfg["speed_only"]:
        lines.append("FLAG: speed ratio above 2")
    return lines, ok


def result_line(fx):
    return ("RESULT " + " ".join(f"{k}={fx.mean(row, loss, key)}" for k, row, loss, key in (
        ("const_mae", "const", "quantile", "mae"), ("linear_mae", "linear", "quantile", "mae"),
        ("dyadic_mae", "dyadic", "quantile", "mae"), ("linear_rmse", "linear", "squared", "rmse"),
        ("dyadic_rmse", "dyadic", "squared", "rmse"), ("dyadic_ids_rmse", "dyadic_ids", "squared", "rmse"),
        ("dyadic_ids_mae", "dyadic_ids", "quantile", "mae"))) +
        "".join(f" {k}={fx.mean(row, loss, key)}" for k, row, loss, key in (
            ("bayes_ids_rmse", "bayes", "squared", "rmse"), ("bayes_ids_mae", "bayes", "quantile", "mae"),
            ("bayes_imp_rmse", "bayes_imp", "squared", "rmse"), ("bayes_imp_mae", "bayes_imp", "quantile", "mae"))
                if fx.values(row, loss, key) is not None))


def render(result):
    """(report text, exit status)."""
    cfg = result["config"]
    speed, speed_ok = _speed(result)
    if cfg["speed_only"]:
        return "\n".join(speed) + "\n", 0 if speed_ok else 1
    fx = Folds(result)
    lines = _table(result, fx) + _cold_start(result)
    verdicts, ok = _verdicts(result, fx)
    robust, robust_ok = _robust(result, fx)
    lines += verdicts + robust + speed
    ok &= robust_ok and (speed_ok or not cfg["strict"])
    rounded = {row: sum(fx.test(f, "quantile", row)["rounded_mae"] for f in fx.folds) / len(fx.folds)
               for row in ("linear", "dyadic")}
    lines += ["", f"Informational: MAE of the quantile models' test predictions rounded to the nearest integer: "
              f"linear {rounded['linear']:.4f}, dyadic {rounded['dyadic']:.4f} (not used for the targets)"]
    mae, rmse = fx.mean("dyadic", "quantile", "mae"), fx.mean("dyadic", "squared", "rmse")
    if float(mae) > cfg["max_mae"]:
        lines.append(f"FAIL: mean dyadic MAE (quantile loss) {mae} > {cfg['max_mae']}")
        ok = False
    if float(rmse) > cfg["max_rmse"]:
        lines.append(f"FAIL: mean dyadic RMSE (squared loss) {rmse} > {cfg['max_rmse']}")
        ok = False
    if fx.values("bayes", "squared", "rmse") is not None and fx.values("bayes", "quantile", "mae") is not None:
        b_rmse, b_mae = fx.mean("bayes", "squared", "rmse"), fx.mean("bayes", "quantile", "mae")
        lines.append(f"Informational: Bayesian dyadic, ids only: RMSE {b_rmse} (issue 13's target <= 0.895: "
                     f"{'met' if float(b_rmse) <= 0.895 else 'missed'}), MAE {b_mae} (target <= 0.700: "
                     f"{'met' if float(b_mae) <= 0.700 else 'missed'})")
    if fx.values("bayes_imp", "squared", "rmse") is not None:
        b_rmse = fx.mean("bayes_imp", "squared", "rmse")
        lines.append(f"Informational: Bayesian dyadic with implicit feedback: RMSE {b_rmse} (issue 13's target with side "
                     f"features <= 0.890: {'met' if float(b_rmse) <= 0.890 else 'missed'})")
    if ok:
        lines.append("PASS: all targets met")
    cpu = f" (CPU of all processes: {result['total_cpu_s']} s)" if "total_cpu_s" in result else ""
    lines += [f"total run time: {result['total_s']} s{cpu}", result_line(fx)]
    return "\n".join(lines) + "\n", 0 if ok else 1
