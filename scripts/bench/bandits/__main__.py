"""Driver of scripts/bench/bandits.sh: the experiment table on each stream, learner and VW.

Usage: python3 scripts/bench/bandits DATA_DIR OUT_DIR [--only REGEX] [--repeats N] [--replicates N]
Tools from the environment: LEARNER (required), VW (optional: VW's columns). --only keeps the
rows whose "stream/row" matches; --replicates the shuffles each row is run on (experiments.py;
a row's loss is their mean). Writes OUT_DIR/results.json, table.txt, commands.log; prints the
table and ends with a RESULT line. Exit status 1 when a row failed (not "not built").
"""
import argparse
import json
import math
import os
import re
import subprocess
import sys

import experiments as ex
import replicates
import runs
import streams


def log(message):
    print(f"[bandits] {message}", file=sys.stderr, flush=True)


def tune_and_run(tool, row, stream, folder, sizes, run_log, repeats):
    """Chosen point (on valid.vw) and the reported Result (on rest.vw) of one tool."""
    best = None
    for point in ex.grid_points(row.grid):
        r = runs.run(tool, ex.flags_of(row, stream, point), os.path.join(folder, "valid.vw"), sizes["valid"], run_log)
        if best is None or r.loss < best[1]:
            best = (point, r.loss)
    flags = ex.flags_of(row, stream, best[0])
    result = runs.run(tool, flags, os.path.join(folder, "rest.vw"), sizes["rest"], run_log, repeats)
    return {"flags": " ".join(flags), "valid_loss": best[1], "loss": result.loss,
            "seconds": result.seconds, "examples_per_s": result.examples_per_s}


def evaluate(tools, row, stream, prepared, run_log, repeats):
    """The row on every replicate (prepared: [(folder, sizes)], one per shuffle) for each tool."""
    record = {"stream": stream.name, "row": row.name, "examples": prepared[0][1]["rest"],
              "replicates": len(prepared)}
    for system, tool in tools.items():
        try:
            done = [{**tune_and_run(tool, row, stream, folder, sizes, run_log, repeats), "examples": sizes["rest"]}
                    for folder, sizes in prepared]
            record[system] = {"status": "ok", **replicates.combine(done)}
        except runs.NotBuilt as e:
            record[system] = {"status": "not built", "reason": str(e)}
        except (runs.RunError, subprocess.SubprocessError, OSError) as e:
            record[system] = {"status": "error", "reason": str(e)}
    return record


def not_worse(record):
    """learner's loss at most VW's + SLACK |VW's|; None when either did not run."""
    a, b = record.get("learner", {}), record.get("vw", {})
    if a.get("status") != "ok" or b.get("status") != "ok":
        return None
    return a["loss"] <= b["loss"] + ex.SLACK * abs(b["loss"]) + 1e-12


def fmt(x, spec):
    return format(x, spec) if isinstance(x, (int, float)) and not math.isnan(x) else "-"


def table(records, with_vw):
    """Mean losses over the replicates, their standard deviations in brackets."""
    def cell(x):
        return (f"{fmt(x.get('loss'), '.4f')} ({fmt(x.get('loss_sd'), '.4f')})" if x.get("status") == "ok"
                else x.get("status", "-"))
    head = f"{'stream/row':<26} {'learner loss (sd)':>17} {'ex/s':>9}"
    if with_vw:
        head += f" {'VW loss (sd)':>17} {'ex/s':>9} {'speed':>6}  vs VW"
    lines = [head + "  learner's chosen flags (x replicates)"]
    for r in records:
        a, b = r["learner"], r.get("vw", {})
        line = f"{r['stream'] + '/' + r['row']:<26} {cell(a):>17} {fmt(a.get('examples_per_s'), '.0f'):>9}"
        if with_vw:
            vcell = cell(b)
            ratio = (a["examples_per_s"] / b["examples_per_s"]
                     if a["status"] == "ok" and b.get("status") == "ok" else float("nan"))
            verdict = {None: "-", True: "not worse", False: "WORSE"}[not_worse(r)]
            line += f" {vcell:>17} {fmt(b.get('examples_per_s'), '.0f'):>9} {fmt(ratio, '.2f'):>6}  {verdict}"
        lines.append(line + "  " + a.get("flags", a.get("reason", "")))
    return "\n".join(lines) + "\n"


def result_line(records, with_vw):
    count = lambda s: sum(r["learner"]["status"] == s for r in records)  # noqa: E731
    parts = [f"rows={len(records)}", f"replicates={records[0]['replicates'] if records else 0}", f"ran={count('ok')}", f"not_built={count('not built')}",
             f"errors={count('error')}"]
    if with_vw:
        verdicts = [not_worse(r) for r in records]
        parts += [f"vw_compared={sum(v is not None for v in verdicts)}", f"not_worse={sum(v is True for v in verdicts)}"]
        for stream, row in ex.SPEED_ROWS:
            for r in records:
                if (r["stream"], r["row"]) == (stream, row) and not_worse(r) is not None:
                    parts.append(f"{stream}_{row}_speed_ratio={r['learner']['examples_per_s'] / r['vw']['examples_per_s']:.2f}")
    for r in records:
        a = r["learner"]
        parts.append(f"{r['stream']}_{r['row']}=" + (f"{a['loss']:.4f}" if a["status"] == "ok" else "nan"))
    return "RESULT " + " ".join(parts)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("data_dir")
    parser.add_argument("out_dir")
    parser.add_argument("--only", default="")
    parser.add_argument("--repeats", type=int, default=1)
    parser.add_argument("--replicates", type=int, default=ex.REPLICATES)
    args = parser.parse_args()
    scripts = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    tools = {"learner": os.environ["LEARNER"]}
    if os.environ.get("VW"):
        tools["vw"] = os.environ["VW"]
    only = re.compile(args.only)
    work = os.path.join(args.out_dir, "work")
    run_log = os.path.join(args.out_dir, "commands.log")
    os.makedirs(args.out_dir, exist_ok=True)
    open(run_log, "w").close()
    records = []
    for stream in ex.STREAMS:
        rows = [r for r in ex.rows_for(stream) if only.search(f"{stream.name}/{r.name}")]
        if not rows:
            continue
        try:
            prepared = [streams.prepare(stream, args.data_dir, os.path.join(work, f"seed{ex.SEED + i}"), scripts,
                                        ex.SEED + i, ex.VALID_FRACTION) for i in range(args.replicates)]
        except (subprocess.CalledProcessError, OSError) as e:
            log(f"error: {stream.name}: cannot prepare the stream: {e}")
            return 1
        sizes = prepared[0][1]
        log(f"{stream.name}: {sizes['valid']} validation + {sizes['rest']} reported examples, "
            f"{args.replicates} shuffles")
        for row in rows:
            record = evaluate(tools, row, stream, prepared, run_log, args.repeats)
            records.append(record)
            log(f"{stream.name}/{row.name}: " + ", ".join(
                f"{s} {v['status']}" + (f" loss {v['loss']:.4f} ({v['flags']})" if v["status"] == "ok" else
                                        f" ({v['reason']})") for s, v in record.items() if isinstance(v, dict)))
    with open(os.path.join(args.out_dir, "results.json"), "w", encoding="utf-8") as f:
        json.dump(records, f, indent=1)
    text = table(records, "vw" in tools)
    with open(os.path.join(args.out_dir, "table.txt"), "w", encoding="utf-8") as f:
        f.write(text)
    print(text, end="")
    print(result_line(records, "vw" in tools))
    return 1 if any(v.get("status") == "error" for r in records for v in r.values() if isinstance(v, dict)) else 0


if __name__ == "__main__":
    sys.exit(main())
