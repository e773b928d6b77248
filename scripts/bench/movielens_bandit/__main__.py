"""Driver of scripts/bench/movielens_bandit.sh: the MovieLens bandit simulation.

Usage: python3 scripts/bench/movielens_bandit U_DATA OUT_DIR [--rounds N] [--only REGEX]
Tools from the environment: LEARNER (required), VW (optional: VW's rows). --only keeps the rows
whose "experiment/row" matches. Writes OUT_DIR/results.json, table.txt, commands.log and per
experiment a curve (curve_EXP.dat, curve_EXP.png: cumulative reward over the reported rounds);
prints the table and ends with a RESULT line. Exit status 1 when a row failed.
"""
import argparse
import json
import os
import re
import shlex
import subprocess
import sys
import time

import experiments as ex
import simulation as sim

REFUSED = re.compile(r"unrecogni[sz]ed option|unknown option|cannot be combined|not built yet", re.I)


def log(message):
    print(f"[movielens_bandit] {message}", file=sys.stderr, flush=True)


class NotBuilt(Exception):
    pass


def run(tool, flags, data, preds, run_log):
    cmd = [tool, "-d", data, *flags, "-p", preds]
    start = time.perf_counter()
    done = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    seconds = time.perf_counter() - start
    with open(run_log, "a", encoding="utf-8") as out:
        out.write("$ " + shlex.join(cmd) + "\n" + done.stderr)
    if done.returncode != 0:
        if done.returncode == 2 and REFUSED.search(done.stderr):
            raise NotBuilt(done.stderr.strip().splitlines()[0])
        raise RuntimeError(f"exit status {done.returncode}: {shlex.join(cmd)}: {done.stderr.strip()[-300:]}")
    return seconds


def mean(values):
    return sum(values) / len(values) if values else float("nan")


def evaluate(row, eps, tools, files, parts, work, run_log):
    name, tool_name, row_flags, grid = row
    record = {"row": name, "tool": tool_name}
    if tool_name not in tools:
        return {**record, "status": "no VW"}
    tool = tools[tool_name]
    form = "inline" if tool_name == "vw" else "shared"
    preds = os.path.join(work, f"{name}.p")
    try:
        best = None
        for point in ex.grid_points(grid):
            f = ex.flags(row_flags, eps, point)
            run(tool, f, files[("valid", form)], preds, run_log)
            reward = mean(sim.earned(preds, parts["valid"]))
            if best is None or reward > best[1]:
                best = (f, reward)
        seconds = run(tool, best[0], files[("rest", form)], preds, run_log)
        rewards = sim.earned(preds, parts["rest"])
    except NotBuilt as e:
        return {**record, "status": "not built", "reason": str(e)}
    except (RuntimeError, ValueError, OSError) as e:
        return {**record, "status": "error", "reason": str(e)}
    return {**record, "status": "ok", "flags": " ".join(best[0]), "valid_reward": best[1],
            "mean_reward": mean(rewards), "total_reward": sum(rewards), "seconds": seconds,
            "rounds_per_s": len(rewards) / seconds if seconds > 0 else float("nan"), "rewards": rewards}


def cumulative(values):
    out, total = [], 0.0
    for v in values:
        total += v
        out.append(total)
    return out


def write_curve(out_dir, experiment, records, baselines, title):
    """curve_EXP.dat (round, then one cumulative column per series) and its gnuplot PNG."""
    series = [(r["row"], r["rewards"]) for r in records if r["status"] == "ok"] + list(baselines.items())
    if not series:
        return None
    dat = os.path.join(out_dir, f"curve_{experiment}.dat")
    columns = [cumulative(values) for _, values in series]
    n = len(columns[0])
    step = max(1, n // 500)
    with open(dat, "w", encoding="utf-8") as f:
        f.write("# round " + " ".join(name for name, _ in series) + "\n")
        for i in list(range(0, n, step)) + ([n - 1] if (n - 1) % step else []):
            f.write(f"{i + 1} " + " ".join(f"{c[i]:.2f}" for c in columns) + "\n")
    png = os.path.join(out_dir, f"curve_{experiment}.png")
    # The systems in colours 1.., the baselines (uniform, oracle) dashed grey.
    styles = [f"lw 2 lc {j + 1}" if name not in baselines else f"lw 2 lc rgb 'gray{30 + 30 * (name == 'oracle')}' dt 2"
              for j, (name, _) in enumerate(series)]
    plots = ", ".join(f"'{dat}' using 1:{j + 2} with lines {styles[j]} title '{name}'" for j, (name, _) in enumerate(series))
    script = (f"set terminal pngcairo size 900,600 noenhanced\nset output '{png}'\nset title '{title}'\n"
              "set xlabel 'round (reported part)'\nset ylabel 'cumulative reward'\nset key left top\nset grid\n"
              f"plot {plots}\n")
    try:
        subprocess.run(["gnuplot"], input=script, text=True, check=True, capture_output=True)
    except (OSError, subprocess.CalledProcessError) as e:
        log(f"no plot ({e}); the curve is in {dat}")
        return None
    return png


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("u_data")
    parser.add_argument("out_dir")
    parser.add_argument("--rounds", type=int, default=ex.ROUNDS)
    parser.add_argument("--only", default="")
    args = parser.parse_args()
    tools = {"learner": os.environ["LEARNER"]}
    if os.environ.get("VW"):
        tools["vw"] = os.environ["VW"]
    only = re.compile(args.only)
    work = os.path.join(args.out_dir, "work")
    os.makedirs(work, exist_ok=True)
    run_log = os.path.join(args.out_dir, "commands.log")
    open(run_log, "w").close()
    # The reported rounds ("rest") and a validation stream as long, drawn with another seed.
    parts = {"valid": sim.rounds(args.u_data, args.rounds, ex.CANDIDATES, ex.LIKED, ex.VALID_SEED),
             "rest": sim.rounds(args.u_data, args.rounds, ex.CANDIDATES, ex.LIKED, ex.SEED)}
    files = {}
    for part, rs in parts.items():
        for form in ("shared", "inline"):
            files[(part, form)] = os.path.join(work, f"{part}_{form}.vw")
            sim.write(rs, files[(part, form)], form == "shared")
    log(f"{len(parts['rest'])} reported rounds of {ex.CANDIDATES} candidates (seed {ex.SEED}), "
        f"{len(parts['valid'])} validation rounds (seed {ex.VALID_SEED})")
    baselines = {"uniform": sim.uniform_reward(parts["rest"]), "oracle": sim.oracle_reward(parts["rest"])}
    experiments = [("main", ex.EPSILON, ex.MAIN_ROWS)] + [(f"weights_eps{e}", e, ex.WEIGHT_ROWS)
                                                         for e in ex.WEIGHT_EPSILONS]
    results, lines, result = [], [], [f"rounds={len(parts['rest'])}"]
    result += [f"{k}={mean(v):.4f}" for k, v in baselines.items()]
    for experiment, eps, rows in experiments:
        records = []
        for row in rows:
            if not only.search(f"{experiment}/{row[0]}"):
                continue
            start = time.perf_counter()
            r = evaluate(row, eps, tools, files, parts, work, run_log)
            records.append(r)
            log(f"{experiment}/{row[0]}: {r['status']}" +
                (f", mean reward {r['mean_reward']:.4f} ({r['flags']})" if r["status"] == "ok" else
                 f" ({r.get('reason', '')})") + f" [{time.perf_counter() - start:.1f} s]")
        if not records:
            continue
        png = write_curve(args.out_dir, experiment, records, baselines,
                          f"MovieLens 100K bandit, {ex.CANDIDATES} candidates, epsilon {eps}")
        lines.append(f"{experiment} (epsilon {eps})" + (f": {png}" if png else ""))
        lines.append(f"  {'row':<15} {'mean reward':>11} {'total':>8} {'rounds/s':>9}  flags")
        for r in records:
            if r["status"] == "ok":
                lines.append(f"  {r['row']:<15} {r['mean_reward']:>11.4f} {r['total_reward']:>8.0f} "
                             f"{r['rounds_per_s']:>9.0f}  {r['flags']}")
                result.append(f"{experiment}_{r['row']}={r['mean_reward']:.4f}")
            else:
                lines.append(f"  {r['row']:<15} {r['status']:>11}  {r.get('reason', '')}")
        for k, v in baselines.items():
            lines.append(f"  {k:<15} {mean(v):>11.4f} {sum(v):>8.0f}")
        results += [{"experiment": experiment, "epsilon": eps, **{k: v for k, v in r.items() if k != "rewards"}}
                    for r in records]
    with open(os.path.join(args.out_dir, "results.json"), "w", encoding="utf-8") as f:
        json.dump(results, f, indent=1)
    text = "\n".join(lines) + "\n"
    with open(os.path.join(args.out_dir, "table.txt"), "w", encoding="utf-8") as f:
        f.write(text)
    print(text, end="")
    print("RESULT " + " ".join(result))
    return 1 if any(r["status"] == "error" for r in results) else 0


if __name__ == "__main__":
    sys.exit(main())
