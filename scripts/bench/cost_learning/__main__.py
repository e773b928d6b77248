"""Driver of scripts/bench/cost_learning.sh (issue 14): the cost-learning structured SVM.

Usage: python3 scripts/bench/cost_learning DATA_DIR OUT_DIR [--only REGEX]
LEARNER (environment) is the binary. Reuses the classifiers benchmark's pieces (data.cut,
metrics.grid_points/best/examples_per_s/mean/first_tokens, systems.learner_train/_predict/point_flags,
report.aligned).
Writes OUT_DIR/results.json, table.txt, commands.log, cost_<dataset>.dat/.gp/.png; prints the
table, the speed comparison, the learned cost matrices and the RESULT line.
"""
import argparse
import json
import os
import re
import resource
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.append(os.path.join(os.path.dirname(HERE), "classifiers"))  # after HERE: experiments.py is ours

import data  # noqa: E402
import experiments as ex  # noqa: E402
import metrics  # noqa: E402
import report  # noqa: E402
import scores  # noqa: E402
import systems  # noqa: E402


def log(message):
    print(f"[cost_learning] {message}", file=sys.stderr, flush=True)


def prepare(dataset, data_dir, work, scripts):
    """[(folder, sizes)] per split: train.vw (shuffled), fit.vw + valid.vw (its cut), test.vw."""
    splits = []
    for i, (train_src, test_src) in enumerate(dataset.splits, 1):
        folder = os.path.join(work, dataset.name, str(i))
        os.makedirs(folder, exist_ok=True)
        tool = os.path.join(scripts, dataset.converter)
        parts = {}
        for part, src in (("train", train_src), ("test", test_src)):
            done = subprocess.run([tool, os.path.join(data_dir, src)], capture_output=True, text=True, check=True)
            parts[part] = done.stdout.splitlines(keepends=True)
        parts["train"], parts["fit"], parts["valid"] = data.cut(parts["train"], ex.SEED, ex.VALID_FRACTION)
        for part, lines in parts.items():
            with open(os.path.join(folder, f"{part}.vw"), "w", encoding="utf-8") as f:
                f.writelines(lines)
        splits.append((folder, {part: len(lines) for part, lines in parts.items()}))
    return splits


def flags_of(row, dataset):
    text = row.flags.replace("{K}", str(dataset.classes)).replace("{F}", dataset.factors)
    return text.split() + dataset.flags.split()


def score_file(tools, folder, part, model, k, run_log):
    preds = os.path.join(folder, "preds")
    systems.learner_predict(tools, os.path.join(folder, f"{part}.vw"), model, preds, run_log)
    return scores.all_scores(*scores.read_pairs(os.path.join(folder, f"{part}.vw"), preds, k), k)


def goodness(dataset, s):
    return -s["mae"] if dataset.ratings else s["macro_f1"]


def choose(row, dataset, folder, tools, run_log, base, inherited):
    """(point, validation scores) of the best grid point on folder's fit/valid cut (header of
    experiments.py: one --save_per_pass run per point, every listed pass scored)."""
    grid = dict(row.grid.get(dataset.name, {}))
    passes = grid.pop("passes", [1])
    work = os.path.join(folder, re.sub(r"\W+", "_", row.name))
    os.makedirs(work, exist_ok=True)
    model = os.path.join(work, "model")
    scored = []
    for point in metrics.grid_points(grid):
        point = {**inherited, **point}
        most = max(passes)
        flags = systems.point_flags("learner", {**point, "passes": most}) + ["--predict_only_model"] + \
            (["--save_per_pass"] if most > 1 else [])
        systems.learner_train(tools, base + flags, os.path.join(folder, "fit.vw"), model, run_log)
        for p in passes:
            s = score_file(tools, folder, "valid", f"{model}.{p}" if most > 1 else model, dataset.classes, run_log)
            scored.append(({**point, "passes": p}, goodness(dataset, s), s))
    point, _ = metrics.best((p, g) for p, g, _ in scored)
    return point, next(s for p, _, s in scored if p is point)


def run_row(row, dataset, splits, tools, run_log, chosen):
    """The row's record: the point chosen on split 1's validation cut, test scores (split means).
    `chosen` maps a row name to its chosen point (rows with inherit read the plain SVM's)."""
    k = dataset.classes
    if row.system == "constant":
        tests = []
        for folder, _ in splits:
            with open(os.path.join(folder, "train.vw"), encoding="utf-8") as f:
                best = scores.majority(scores.classes([line.split(maxsplit=1)[0] for line in f], k, "train.vw"))
            truth = scores.classes(metrics.first_tokens(os.path.join(folder, "test.vw")), k, "test.vw")
            tests.append(scores.all_scores(truth, [best] * len(truth), k))
        return {"chosen": f"class {best}", "test": {m: metrics.mean(t[m] for t in tests) for m in tests[0]},
                "examples_per_s": None, "valid": None}
    base = flags_of(row, dataset)
    inherited = {}
    if row.inherit and ex.PLAIN in chosen:
        inherited = {key: v for key, v in chosen[ex.PLAIN].items() if key != "passes"}
    point, valid = choose(row, dataset, splits[0][0], tools, run_log, base, inherited)
    chosen[row.name] = point
    tests, rates, table = [], [], ""
    for i, (folder, sizes) in enumerate(splits):
        model, readable = os.path.join(folder, "final.model"), os.path.join(folder, "final.readable.txt")
        timing = systems.learner_train(tools, base + systems.point_flags("learner", point) +
                                       ["--predict_only_model", "--readable_model", readable],
                                       os.path.join(folder, "train.vw"), model, run_log)
        rates.append(metrics.examples_per_s(sizes["train"], point.get("passes", 1), timing.wall))
        tests.append(score_file(tools, folder, "test", model, k, run_log))
        if i == 0 and "--struct_svm" in base:
            with open(readable, encoding="utf-8") as f:
                text = f.read()
            table = text[text.find("cost matrix:"):] if "cost matrix:" in text else ""
    return {"chosen": " ".join(f"{key} {v}" for key, v in point.items()), "valid": valid,
            "test": {m: metrics.mean(t[m] for t in tests) for m in tests[0]},
            "examples_per_s": metrics.mean(rates), "cost_table": table}


def fmt(value, spec):
    return "-" if value is None else format(value, spec)


def table_text(records):
    head = ("dataset", "row", "accuracy", "macro-F1", "MAE", "valid", "examples/s", "chosen on validation")
    lines = [head]
    for r in records:
        if r.get("error"):
            lines.append((r["dataset"], r["row"], "error", "-", "-", "-", "-", r["error"][:70]))
            continue
        t, v = r["test"], r["valid"]
        lines.append((r["dataset"], r["row"], fmt(t["accuracy"], ".4f"), fmt(t["macro_f1"], ".4f"),
                      fmt(t["mae"], ".4f"), fmt(v and (v["mae"] if r["ratings"] else v["macro_f1"]), ".4f"),
                      fmt(r["examples_per_s"], ".0f"), r["chosen"]))
    return report.aligned(lines) + "(valid: macro-F1 on the validation cut, MAE for ratings)\n"


def heat_map(record, out_dir, k):
    """Writes cost_<dataset>.dat/.gp; runs gnuplot when present. Returns a message."""
    m = scores.cost_matrix(record["cost_table"], k)
    stem = os.path.join(out_dir, f"cost_{record['dataset']}")
    with open(stem + ".dat", "w", encoding="utf-8") as f:
        f.writelines(" ".join(f"{v:.6g}" for v in row) + "\n" for row in m)
    with open(stem + ".gp", "w", encoding="utf-8") as f:
        f.write(f"set terminal png size 640,560\nset output '{stem}.png'\n"
                f"set title 'learned costs v_S, {record['dataset']}: {record['row']}'\n"
                "set xlabel 'predicted class'\nset ylabel 'true class (diagonal: no cost)'\n"
                f"set xrange [-0.5:{k - 0.5}]\nset yrange [{k - 0.5}:-0.5]\n"
                f"set xtics 0,1 format ''\nset ytics 0,1 format ''\n"
                f"set for [i=0:{k - 1}] xtics add (sprintf('%d', i + 1) i)\n"
                f"set for [i=0:{k - 1}] ytics add (sprintf('%d', i + 1) i)\n"
                "set palette rgbformulae 22,13,10\n"
                f"plot '{stem}.dat' matrix with image notitle\n")
    if not shutil.which("gnuplot"):
        return f"no heat map for {record['dataset']}: gnuplot is not installed ({stem}.gp written)"
    subprocess.run(["gnuplot", stem + ".gp"], check=True)
    return f"heat map {stem}.png"


def later_pass_seconds(summary):
    """The seconds of passes 2, 3, ... in a run summary's "seconds per pass = 0.2 (cache) 0.1
    (memory) ..." line, whatever they were read from (the cache, or pass 1's copy in memory when it
    fits --pass_memory); [] without such a line or with one pass."""
    line = next((line for line in summary.splitlines() if line.startswith("seconds per pass =")), "")
    return [float(t) for t in re.findall(r"([0-9.]+) \([a-z]+\)", line)][1:]


def pass_seconds(tools, flags, train, passes, run_log):
    """(CPU seconds per pass, wall seconds per later pass) of one run without -f (no model is
    written). CPU: user + system time of the run over its passes (the steadier figure on a
    shared, loaded machine; the cache already exists, so pass 1 reads it); wall: the mean of
    the run summary's "seconds per pass" of passes 2.. (later_pass_seconds)."""
    cmd = [tools["learner"], "-d", train, *flags]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(cmd, capture_output=True, text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    with open(run_log, "a", encoding="utf-8") as out:
        out.write("$ " + " ".join(cmd) + "\n" + done.stderr)
    times = later_pass_seconds(done.stderr)
    if done.returncode != 0 or not times:
        raise systems.RunError(f"exit status {done.returncode} or no times of passes after the first: {' '.join(cmd)}")
    cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    return cpu / passes, sum(times) / len(times)


def speed(dataset, splits, tools, run_log):
    """Seconds per pass of the plain SVM and each cost row on the whole training file, the same
    flags otherwise, SPEED_REPEATS interleaved runs each, the smallest CPU and wall times kept."""
    train = os.path.join(splits[0][0], "train.vw")
    flags = ex.SPEED_FLAGS.split()
    passes = int(flags[flags.index("--passes") + 1])
    rows = [r for r in ex.ROWS if r.name == ex.PLAIN or r.learned]
    pass_seconds(tools, flags_of(rows[0], dataset) + flags, train, passes, run_log)  # writes the cache
    cpu, wall = {}, {}
    for _ in range(ex.SPEED_REPEATS):
        for r in rows:
            c, w = pass_seconds(tools, flags_of(r, dataset) + flags, train, passes, run_log)
            cpu[r.name], wall[r.name] = min(cpu.get(r.name, c), c), min(wall.get(r.name, w), w)
    lines = [f"speed on {dataset.name} (whole training file, {ex.SPEED_FLAGS}; fastest of {ex.SPEED_REPEATS} "
             "interleaved runs; CPU: the run's user + system time per pass, wall: its passes after the first):",
             f"{'row':<18} {'cpu s/pass':>10} {'ratio':>6} {'wall s/pass':>11} {'ratio':>6}"]
    ratios = {}
    for r in rows:
        ratios[r.name] = cpu[r.name] / cpu[ex.PLAIN]
        lines.append(f"{r.name:<18} {cpu[r.name]:10.4f} {ratios[r.name]:6.3f} {wall[r.name]:11.4f} "
                     f"{wall[r.name] / wall[ex.PLAIN]:6.3f}")
    return "\n".join(lines) + "\n", ratios


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("data_dir")
    parser.add_argument("out_dir")
    parser.add_argument("--only", default="")
    args = parser.parse_args()
    scripts = os.path.dirname(os.path.dirname(HERE))
    tools = {"learner": os.environ["LEARNER"]}
    only = re.compile(args.only)
    os.makedirs(args.out_dir, exist_ok=True)
    run_log = os.path.join(args.out_dir, "commands.log")
    open(run_log, "w").close()
    records, extra, failed = [], [], False
    for dataset in ex.DATASETS:
        rows = [r for r in ex.ROWS if only.search(f"{dataset.name}/{r.name}")]
        chosen = {}
        if not rows:
            continue
        start = time.perf_counter()
        splits = prepare(dataset, args.data_dir, os.path.join(args.out_dir, "work"), scripts)
        log(f"{dataset.name}: {len(splits)} split(s), {splits[0][1]} examples, prepared in "
            f"{time.perf_counter() - start:.1f} s")
        for row in rows:
            start = time.perf_counter()
            record = {"dataset": dataset.name, "row": row.name, "learned": row.learned, "ratings": dataset.ratings}
            try:
                record.update(run_row(row, dataset, splits, tools, run_log, chosen))
            except (systems.Unavailable, systems.RunError, metrics.MetricError) as e:
                record["error"] = str(e)
                failed = True
            records.append(record)
            log(f"{dataset.name} {row.name}: " + (record.get("error") or
                f"test accuracy {record['test']['accuracy']:.4f} macro-F1 {record['test']['macro_f1']:.4f} "
                f"MAE {record['test']['mae']:.4f} ({record['chosen']})") + f" [{time.perf_counter() - start:.1f} s]")
        if dataset.name == ex.SPEED_DATASET and any(r.name == ex.PLAIN for r in rows):
            text, _ = speed(dataset, splits, tools, run_log)
            extra.append(text)
    with open(os.path.join(args.out_dir, "results.json"), "w", encoding="utf-8") as f:
        json.dump(records, f, indent=1)
    table = table_text(records)
    with open(os.path.join(args.out_dir, "table.txt"), "w", encoding="utf-8") as f:
        f.write(table + "".join(extra))
    print(table)
    print("".join(extra))
    result = []
    for dataset in ex.DATASETS:
        ok = [r for r in records if r["dataset"] == dataset.name and not r.get("error")]
        learned = [r for r in ok if r["learned"]]
        if not learned:
            continue
        best = max(learned, key=lambda r: goodness(dataset, r["valid"]))  # the variant chosen on validation
        plain = next((r for r in ok if r["row"] == ex.PLAIN), None)
        print(f"learned costs of {dataset.name}, best variant on validation: {best['row']} ({best['chosen']})")
        print(best["cost_table"])
        print(heat_map(best, args.out_dir, dataset.classes))
        if dataset.name == "r8":
            result += [("r8_svm_acc", plain and plain["test"]["accuracy"]),
                       ("r8_svm_macro_f1", plain and plain["test"]["macro_f1"]),
                       ("r8_learned_acc", best["test"]["accuracy"]),
                       ("r8_learned_macro_f1", best["test"]["macro_f1"])]
        if dataset.ratings:
            result += [("ratings_svm_mae", plain and plain["test"]["mae"]), ("ratings_learned_mae", best["test"]["mae"])]
    print("RESULT " + " ".join(f"{key}={'nan' if v is None else format(v, '.4f')}" for key, v in result))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
