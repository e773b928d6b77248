"""Driver of scripts/bench/movielens.sh: runs the experiment table, writes the results.

Usage: python3 scripts/bench/movielens DATA_DIR OUT_DIR
Tools from the environment: LEARNER (required), LEARNER_RATINGS (for scripts/ratings2vw),
LEARNER_LFL, LEARNER_SPECTRAL and LEARNER_BPMF (rows skipped when unset or missing), LIBFM (libFM binary) and
LIBMF (mf-train; mf-predict beside it) (rows skipped when unset). Settings: experiments.py.
Protocol, per fold uN, loss and row: every candidate setting is trained on the shuffled fit
part of uN.base and scored on its validation part (quantile loss: 0.5-quantile loss; squared
loss and comparison rows: RMSE); the best (the first on a tie) is retrained on the shuffled
uN.base and scored on uN.test. "dyadic" is, per fold and loss, the rank with the best
validation score. Writes OUT_DIR/results.json, results.csv, table.md, commands.log; prints
the report (made from results.json) ending with the RESULT line. Exit status 1 when a target
fails (report.verdicts), 2 on a usage error.
"""
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # scripts/bench
from movielens import data  # noqa: E402
from movielens import experiments as ex  # noqa: E402
from movielens import metrics  # noqa: E402
from movielens import report  # noqa: E402
from movielens.progress import START, log  # noqa: E402
from movielens.runner import Runner, slowest_first  # noqa: E402
from movielens.selection import Candidate, choose, crit_of, validated_rows  # noqa: E402,F401
from movielens.speed import speed_check  # noqa: E402


def ints(name, default=None):
    text = os.environ.get(name, default) if default is not None else ex.setting(name)
    try:
        return [int(x) for x in text.split()]
    except ValueError:
        raise ValueError(f"{name}='{text}' is not a list of integers") from None


def tools_from_env():
    """{system: path}; a comparison system is left out when its tool is not there."""
    tools = {"learner": os.environ["LEARNER"]}
    build = os.path.dirname(tools["learner"])
    for key, env, default in (("lfl", "LEARNER_LFL", "learner-lfl"), ("spectral", "LEARNER_SPECTRAL", "learner-spectral"),
                              ("bpmf", "LEARNER_BPMF", "learner-bpmf")):
        path = os.environ.get(env) or os.path.join(build, default)
        if os.access(path, os.X_OK):
            tools[key] = path
    if os.environ.get("LIBFM"):
        tools["libfm"] = os.environ["LIBFM"]
    if os.environ.get("LIBMF"):
        tools["libmf"] = os.environ["LIBMF"]
        tools["libmf-predict"] = os.path.join(os.path.dirname(os.environ["LIBMF"]), "mf-predict")
    for key, path in tools.items():
        if not (os.path.isfile(path) and os.access(path, os.X_OK)):
            raise SystemExit(f"[movielens] error: {key} tool '{path}' is not an executable file")
    return tools


def main():
    if len(sys.argv) != 3:
        print("usage: python3 scripts/bench/movielens DATA_DIR OUT_DIR", file=sys.stderr)
        return 2
    data_dir, out_dir = sys.argv[1:]
    scripts = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    try:
        folds, ranks = ints("FOLDS"), ints("RANKS")
        tn_ranks = ints("TN_RANKS", " ".join(map(str, ranks)))
        implicit_ranks = ints("IMPLICIT_RANKS")
        quality_ranks = ints("QUALITY_RANKS")
        seed, fraction = int(ex.setting("SEED")), float(ex.setting("VALID_FRACTION"))
        jobs = int(os.environ.get("JOBS") or min(os.cpu_count() or 2, 4))
        if not folds or not ranks:
            raise ValueError("FOLDS and RANKS must not be empty")
        if min(folds + ranks + quality_ranks) < 1 or seed < 0 or jobs < 1 or not 0 < fraction < 1:
            raise ValueError("FOLDS, RANKS, QUALITY_RANKS and JOBS must be positive, SEED >= 0, VALID_FRACTION in (0, 1)")
    except ValueError as e:
        print(f"[movielens] error: {e}", file=sys.stderr)
        return 2
    speed_only = os.environ.get("SPEED_ONLY", "0") == "1"
    if speed_only:
        folds = folds[:1]
    tools = tools_from_env()
    try:
        comparison = ex.comparison_rows(tools)
        bayes = ex.bayes_models()
    except ValueError as e:
        print(f"[movielens] error: {e}", file=sys.stderr)
        return 2
    os.makedirs(out_dir, exist_ok=True)
    work = tempfile.mkdtemp(prefix="movielens-bench.", dir=os.environ.get("TMPDIR"))
    for sub in ("logs", "tmp"):
        os.makedirs(os.path.join(work, sub))
    clog = os.path.join(out_dir, "commands.log")
    open(clog, "w").close()
    keep = os.environ.get("KEEP", "0") == "1"
    finished = False  # the work folder (data, logs) is kept after any failure, whatever KEEP says
    try:
        status = bench(data_dir, out_dir, work, clog, scripts, tools, folds, ranks, tn_ranks, implicit_ranks,
                       quality_ranks, comparison, bayes, seed, fraction, jobs, speed_only)
        finished = True
        return status
    except (OSError, ValueError, subprocess.CalledProcessError, systems.RunError, metrics.MetricError) as e:
        log(f"error: {e} (commands: {clog}; logs: {os.path.join(work, 'logs')})")
        return 1
    finally:
        if keep or not finished:
            log(f"work folder kept: {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)


def bench(data_dir, out_dir, work, clog, scripts, tools, folds, ranks, tn_ranks, implicit_ranks, quality_ranks,
          comparison, bayes, seed, fraction, jobs, speed_only):
    log(f"learner: {tools['learner']}; data: {data_dir}; folds: {' '.join(map(str, folds))}; "
        f"ranks: {' '.join(map(str, ranks))}; quality ranks: {' '.join(map(str, quality_ranks))}; jobs: {jobs}; "
        f"comparison rows: {', '.join(r.name for r in comparison) or 'none'}")
    files = data.fold_files(data_dir, folds, work, seed)
    inputs = (["tn"] if tn_ranks else []) + (["imp"] if implicit_ranks else [])
    tn_args = ["--user-day", ex.setting("USER_DAY_SCALE"), "--neighbors-shrink", ex.setting("NEIGHBORS_SHRINK")]
    with ThreadPoolExecutor(len(folds)) as pool:
        dirs = dict(zip(folds, pool.map(lambda f: data.prepare_fold(f, *files[f], work, scripts, seed, fraction,
                                                                    inputs, tn_args), folds)))
    for f in folds:
        sizes = [sum(1 for _ in open(os.path.join(dirs[f], n), encoding="utf-8")) for n in ("fit.tsv3", "valid.tsv3",
                                                                                            "test.tsv3")]
        log(f"u{f}: {sizes[0]} fit + {sizes[1]} validation lines from u{f}.base; {sizes[2]} test lines")
    p = lambda f, name: os.path.join(dirs[f], name)  # noqa: E731
    speed_file = p(folds[0], "base.shuf.vw")
    speed_passes, speed_runs = int(ex.setting("SPEED_PASSES")), int(ex.setting("SPEED_RUNS"))
    result = {"config": {"data": data_dir, "folds": folds, "ranks": sorted(set(ranks) | set(quality_ranks)),
                         "quality_ranks": quality_ranks, "tn_ranks": tn_ranks,
                         "implicit_ranks": implicit_ranks, "seed": seed, "valid_fraction": fraction,
                         "user_day_scale": ex.setting("USER_DAY_SCALE"),
                         "neighbors_shrink": ex.setting("NEIGHBORS_SHRINK"),
                         "max_mae": float(ex.setting("MAX_MAE")), "max_rmse": float(ex.setting("MAX_RMSE")),
                         "strict": os.environ.get("STRICT", "0") == "1", "speed_only": speed_only,
                         "speed_passes": speed_passes, "speed_runs": speed_runs,
                         "speed_lines": sum(1 for _ in open(speed_file, encoding="utf-8"))},
              "rows": [], "runs": [], "chosen": [], "robust": [], "speed": {}}
    if not speed_only:
        models = ex.learner_models(ranks, tn_ranks, implicit_ranks, quality_ranks)
        if "bpmf" in tools:
            models += bayes
        result["rows"] = ([{"name": m.name, "label": m.label, "comment": m.comment, "system": m.system,
                            "per_loss": True}
                           for m in models] +
                          [{"name": r.name, "label": r.label, "comment": f"{r.system} {r.flags}", "system": r.system}
                           for r in comparison])
        runner = Runner(tools, work, clog, jobs)
        # candidates: (fold, loss or "", row) -> [Candidate]
        cands = {}
        for f in folds:
            for m in models:
                for loss in ex.LOSSES:
                    cands[f, loss, m.name] = [
                        Candidate(inp, m.system, (f"--loss_function {loss} {m.flags} {fl}" if m.system == "learner"
                                                  else fl).split(), fl)
                        for inp, fl in m.candidates[loss]]
            for r in comparison:
                cands[f, "", r.name] = [Candidate("ids", r.system, f"{r.flags} {g}".split(), g) for g in r.grid]

        def job(f, loss, row, tag, c, train, test):
            jid = f"u{f}.{loss or 'cmp'}.{row}.{tag}"
            if c.system == "learner":
                x = "" if c.input == "ids" else f".{c.input}"
                return jid, c.system, p(f, f"{train}{x}.shuf.vw"), p(f, f"{test}{x}.vw"), " ".join(c.flags)
            return jid, c.system, p(f, train), p(f, test), " ".join(c.flags)

        validated = validated_rows(cands)
        val = [job(f, loss, row, f"g{gi}", c, "fit", "valid") for (f, loss, row), cs in cands.items()
               if (f, loss, row) in validated for gi, c in enumerate(cs)]
        val.sort(key=slowest_first)
        runner.run(val, "validation")
        score = lambda f, loss, row, gi: runner.results[f"u{f}.{loss or 'cmp'}.{row}.g{gi}"][crit_of(loss)]  # noqa
        chosen = choose(cands, validated, score, folds)
        for (f, loss, row), (c, valid, model) in chosen.items():
            result["chosen"].append({"fold": f, "loss": loss, "row": row, "model": model, "input": c.input,
                                     "setting": c.setting, "valid": valid})
        test = [job(f, loss, row, "test", c, "base", "test") for (f, loss, row), (c, _, _) in chosen.items()]
        robust = []
        for loss in ex.LOSSES:
            for lr in ex.setting("ROBUST_RATES").split():
                robust.append((f"robust.{loss}.l{lr}", "learner", p(folds[0], "base.shuf.vw"), p(folds[0], "test.vw"),
                               f"--loss_function {loss} --dotproduct ui --rank 5 --dotproduct_l2 "
                               f"{ex.setting('ROBUST_L2')} --dotproduct_lr 0 --passes {ex.setting('ROBUST_PASSES')} -l {lr}"))
        cold = []  # the cold-start rows (experiments.cold_start_rows)
        cold_rows = ex.cold_start_rows(tools)
        for f in (folds if cold_rows else []):
            sizes = data.cold_start_fold(dirs[f], f, seed)
            log(f"u{f} cold start: {sizes[0]} training lines, {sizes[1]} test lines of held-out users")
            for row, _, system, flags in cold_rows:
                for loss in ex.LOSSES:
                    learner = system == "learner"
                    cold.append((f"u{f}.{loss}.{row}.cold", system, p(f, "cold.fit" + (".shuf.vw" if learner else "")),
                                 p(f, "cold.test" + (".vw" if learner else "")), flags[loss]))
        test.sort(key=slowest_first)
        runner.run(test + robust + cold, "test")
        for (jid, _, _, _, flags) in val + test:
            f, loss, row, tag = jid.split(".", 3)
            result["runs"].append({"fold": int(f[1:]), "loss": "" if loss == "cmp" else loss, "row": row,
                                   "phase": "test" if tag == "test" else "valid", "flags": flags,
                                   **runner.results[jid]})
        result["cold_start"] = []
        result["cold_start_rows"] = [{"name": name, "label": label} for name, label, _, _ in cold_rows]
        for jid, _, _, _, flags in cold:
            f, loss, row, _ = jid.split(".", 3)
            result["cold_start"].append({"fold": int(f[1:]), "loss": loss, "row": row, "flags": flags,
                                         **runner.results[jid]})
        for f in (folds if cold_rows else []):
            ys, ts = metrics.labels(p(f, "cold.fit.shuf.vw")), metrics.labels(p(f, "cold.test.vw"))
            for kind, loss in (("median", "quantile"), ("mean", "squared")):
                c = metrics.constant(ys, kind)
                result["cold_start"].append({"fold": f, "loss": loss, "row": "const", "flags": str(c),
                                             **metrics.errors(ts, [str(c)] * len(ts))})
        for jid, _, _, _, flags in robust:
            _, loss, lr = jid.split(".", 2)
            result["robust"].append({"loss": loss, "rate": lr[1:], "flags": flags, **runner.results[jid]})
        for f in folds:
            ys = metrics.labels(p(f, "base.vw"))
            ts = metrics.labels(p(f, "test.vw"))
            for kind, loss in (("median", "quantile"), ("mean", "squared")):
                c = metrics.constant(ys, kind)
                result["runs"].append({"fold": f, "loss": loss, "row": "const", "phase": "test", "flags": str(c),
                                       **metrics.errors(ts, [str(c)] * len(ts))})
    log(f"speed: {speed_passes} passes over {result['config']['speed_lines']} lines, {speed_runs} paired runs")
    result["speed"] = speed_check(tools["learner"], speed_file, speed_passes, speed_runs)
    result["total_s"] = round(time.perf_counter() - START)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    result["total_cpu_s"] = round(children.ru_utime + children.ru_stime)
    out = lambda name: os.path.join(out_dir, name)  # noqa: E731
    report.write_json(result, out("results.json"))
    result = report.read_json(out("results.json"))
    report.write_csv(result, out("results.csv"))
    text, status = report.render(result)
    with open(out("table.md"), "w", encoding="utf-8") as f:
        f.write(text)
    log(f"wrote {out('results.json')}, results.csv, table.md, commands.log")
    if not speed_only:
        log(report.write_plot(result, out("plot")))
    print(text, end="")
    return status


if __name__ == "__main__":
    sys.exit(main())
