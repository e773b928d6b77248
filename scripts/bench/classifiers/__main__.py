"""Driver of scripts/bench/classifiers.sh: runs the experiment table, writes the results.

Usage: python3 scripts/bench/classifiers DATA_DIR OUT_DIR [--only REGEX]
Tools come from the environment: LEARNER (required), LIBLINEAR_TRAIN/_PREDICT, SVM_TRAIN/
_PREDICT (default: the Debian names on PATH). --only keeps the rows whose "dataset/row"
matches REGEX (for a quick run); a duel (experiments.DUELS) runs when both its rows ran. Exit
status 1 when a row failed (other than "not available").
"""
import argparse
import os
import re
import subprocess
import sys
import time

import data
import duel
import evaluate
import experiments
import report


def log(message):
    print(f"[classifiers] {message}", file=sys.stderr, flush=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("data_dir")
    parser.add_argument("out_dir")
    parser.add_argument("--only", default="")
    args = parser.parse_args()
    scripts = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    tools = {"learner": os.environ["LEARNER"],
             "liblinear-train": os.environ.get("LIBLINEAR_TRAIN", "liblinear-train"),
             "liblinear-predict": os.environ.get("LIBLINEAR_PREDICT", "liblinear-predict"),
             "svm-train": os.environ.get("SVM_TRAIN", "svm-train"),
             "svm-predict": os.environ.get("SVM_PREDICT", "svm-predict")}
    only = re.compile(args.only)
    work = os.path.join(args.out_dir, "work")
    run_log = os.path.join(args.out_dir, "commands.log")
    open(run_log, "w").close()
    records = []
    reruns = {}  # (dataset, row) -> (rerun function, cache path)
    for dataset in experiments.DATASETS:
        rows = [r for r in experiments.ROWS
                if dataset.name in r.datasets and only.search(f"{dataset.name}/{r.name}")]
        if not rows:
            continue
        start = time.perf_counter()
        try:
            splits = data.prepare(dataset, args.data_dir, work, scripts, experiments.SEED, experiments.VALID_FRACTION)
        except subprocess.CalledProcessError as e:
            log(f"error: {dataset.name}: {' '.join(e.cmd)} failed (exit status {e.returncode}; message above)")
            return 1
        log(f"{dataset.name}: {len(splits)} split(s), {splits[0].sizes} examples, "
            f"prepared in {time.perf_counter() - start:.1f} s")
        for row in rows:
            start = time.perf_counter()
            record, rerun = evaluate.evaluate(row, dataset, splits, tools, run_log)
            records.append(record)
            if rerun:
                reruns[(dataset.name, row.name)] = rerun
            acc = record["test_accuracy"]
            log(f"{dataset.name} {row.name}: {record['status']}"
                + (f", test accuracy {acc:.4f} ({record['chosen']})" if acc is not None else f" ({record['reason']})")
                + f" [{time.perf_counter() - start:.1f} s]")
    out = lambda name: os.path.join(args.out_dir, name)  # noqa: E731
    duels = []
    for dataset, a, b in experiments.DUELS:
        if (dataset, a) in reruns and (dataset, b) in reruns:
            (run_a, cache_a), (run_b, cache_b) = reruns[(dataset, a)], reruns[(dataset, b)]
            timing_a, timing_b = duel.alternate(run_a, run_b, experiments.DUEL_ROUNDS, (cache_a, cache_b))
            duels.append(duel.record(dataset, a, b, timing_a, timing_b, experiments.DUEL_ROUNDS))
            log(duel.line(duels[-1]))
    report.write_json(duels, out("duels.json"))
    report.write_json(records, out("results.json"))
    records = report.read_json(out("results.json"))
    report.write_csv(records, out("results.csv"))
    with open(out("table.txt"), "w", encoding="utf-8") as f:
        f.write(report.table(records))
    png = report.write_kernel_plot(records, out("kernel.dat"), out("kernel.gp"), out("kernel.png"))
    log(f"wrote {out('results.json')}, results.csv, table.txt" + (f", {png}" if png else " (no kernel plot: no kernel row ran)"))
    print(report.table(records), end="")
    for d in duels:
        print(duel.line(d))
    for line in report.sweep_lines(records):
        print(line)
    print(report.result_line(records, experiments.RESULT))
    return 1 if any(r["status"] == "error" for r in records) else 0


if __name__ == "__main__":
    sys.exit(main())
