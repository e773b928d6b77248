"""Driver of scripts/bench/cost_learning.sh: the cost-learning structured SVM.

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
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.append(os.path.join(os.path.dirname(HERE), "classifiers"))  # after HERE: experiments.py is ours

import data  # noqa: E402
import experiments as ex  # noqa: E402
import metrics  # noqa: E402
import scores  # noqa: E402
import systems  # noqa: E402
from rows import flags_of  # noqa: E402
from speed import speed  # noqa: E402
from tables import heat_map, table_text  # noqa: E402


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
