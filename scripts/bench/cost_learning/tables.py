"""The cost-learning benchmark's outputs: the results table and the learned cost matrix's heat map."""
import os
import shutil
import subprocess

import report
import scores


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
