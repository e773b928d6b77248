"""Outputs of the classifiers benchmark, all made from the result records.

results.json (the records), results.csv (the same, one row per record), table.txt (from
the records), kernel.dat + kernel.gp -> kernel.png (training time per example against the
support-set budget, from the sweep rows that fix every other setting; "none" is drawn at the
training-set size, the largest support set possible), the sweep lines (each budget's test
accuracy in every sweep family, side by side) and the RESULT line.
"""
import csv
import json
import math
import shutil
import subprocess

FIELDS = ["dataset", "row", "system", "flags", "status", "chosen", "valid_accuracy", "test_accuracy",
          "train_s", "train_cpu_s", "examples_per_s", "train_examples", "family", "budget", "reason"]


def write_json(records, path):
    with open(path, "w", encoding="utf-8") as f:
        json.dump(records, f, indent=1)


def read_json(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def write_csv(records, path):
    with open(path, "w", newline="", encoding="utf-8") as f:
        out = csv.DictWriter(f, fieldnames=FIELDS)
        out.writeheader()
        out.writerows({k: r[k] for k in FIELDS} for r in records)


def _fmt(value, spec):
    return "-" if value is None else format(value, spec)


def table(records):
    head = ("dataset", "row", "command", "test acc", "valid acc", "train s", "cpu s", "examples/s",
            "chosen on validation")
    lines = [head]
    for r in records:
        command = f"{r['system']} {r['flags']}"
        if r["status"] != "ok":
            lines.append((r["dataset"], r["row"], command, r["status"], "-", "-", "-", "-", r["reason"][:60]))
            continue
        lines.append((r["dataset"], r["row"], command, _fmt(r["test_accuracy"], ".4f"),
                      _fmt(r["valid_accuracy"], ".4f"), _fmt(r["train_s"], ".3f"),
                      _fmt(r.get("train_cpu_s"), ".3f"), _fmt(r["examples_per_s"], ".0f"), r["chosen"]))
    return aligned(lines)


def aligned(lines):
    """Rows of cells as text columns two spaces apart (the last column not padded), one line each."""
    widths = [max(len(str(line[i])) for line in lines) for i in range(len(lines[0]) - 1)]
    return "\n".join("  ".join(str(c).ljust(w) for c, w in zip(line, widths)) + "  " + str(line[-1])
                     for line in lines).rstrip() + "\n"


def kernel_points(records):
    """(family, budget drawn, CPU microseconds per example) of the kernel sweep rows that ran
    (CPU time: wall time on a shared machine measures the load as much as the budget)."""
    points = []
    for r in records:
        if r["family"] and r["status"] == "ok" and r["examples_per_s"] and r.get("train_cpu_s"):
            budget = r["budget"] or r["train_examples"]
            examples = r["examples_per_s"] * r["train_s"]  # examples seen, passes included
            points.append((r["family"], budget, 1e6 * r["train_cpu_s"] / examples))
    return sorted(points)


def write_kernel_plot(records, dat, gp, png):
    """Writes dat and gp; runs gnuplot when there are points and gnuplot exists. Returns png or None."""
    points = kernel_points(records)
    families = sorted({p[0] for p in points})
    with open(dat, "w", encoding="utf-8") as f:
        for family in families:
            f.write(f"# {family}: budget  us_per_example\n")
            f.writelines(f"{b} {us:.3f}\n" for fam, b, us in points if fam == family)
            f.write("\n\n")
    plots = ", ".join(f"'{dat}' index {i} with linespoints title '{fam}'" for i, fam in enumerate(families))
    with open(gp, "w", encoding="utf-8") as f:
        f.write(f"set terminal png size 800,500\nset output '{png}'\n"
                "set title 'kernel perceptron (pendigits): training time per example against the budget'\n"
                "set xlabel 'support-set budget (no budget drawn at the training-set size)'\n"
                "set ylabel 'CPU microseconds per example'\nset logscale x\nset key left top\n"
                f"plot {plots}\n" if plots else "# no kernel rows ran\n")
    if not points or not shutil.which("gnuplot"):
        return None
    subprocess.run(["gnuplot", gp], check=True)
    return png


def sweep_lines(records):
    """One line per budget of the kernel sweeps: "SWEEP budget B: family acc, family acc ..." with
    the families in name order ("-" where a family has no record at that budget), so the plain and
    the averaged sweep compare budget by budget. [] when no sweep row ran."""
    acc = {(r["family"], r["budget"]): r["test_accuracy"] for r in records
           if r["family"] and r["status"] == "ok"}
    families = sorted({f for f, _ in acc})
    return [f"SWEEP budget {b}: " + ", ".join(f"{f} {_fmt(acc.get((f, b)), '.4f')}" for f in families)
            for b in sorted({b for _, b in acc})]


def result_line(records, wanted):
    by_key = {(r["dataset"], r["row"]): r for r in records}
    parts = []
    for key, dataset, row in wanted:
        r = by_key.get((dataset, row))
        acc = r["test_accuracy"] if r and r["status"] == "ok" else math.nan
        parts.append(f"{key}={'nan' if math.isnan(acc) else format(acc, '.4f')}")
    return "RESULT " + " ".join(parts)
