"""How each system trains and predicts; every run is timed and its peak RSS measured.

run() starts one process and returns (wall seconds, peak resident set in kB, CPU seconds: user +
system of the process and its children, from wait4), appending the
command to the command log; a failure raises RunError with the end of the process's log. The
peak RSS comes from GNU time (/usr/bin/time -f %M) when it is installed: wait4's ru_maxrss of a
child forked from this driver would count the driver's own pages copied before the exec. Without
GNU time it is that upper bound. Each job(...) trains on a training part,
predicts an evaluation part and returns the record of metrics.errors() plus "seconds", "rss_kb"
and "cpu_s" of the training process (libFM, learner-lfl, learner-spectral and learner-bpmf predict in the same
process: their time includes that small share) and, for the learner, "rounded_mae".
"""
import os
import shlex
import subprocess
import threading
import time

from . import metrics


class RunError(Exception):
    pass


_log_lock = threading.Lock()


GNU_TIME = "/usr/bin/time" if os.access("/usr/bin/time", os.X_OK) else None


def run(cmd, log, command_log):
    with _log_lock, open(command_log, "a", encoding="utf-8") as f:
        f.write("$ " + shlex.join(cmd) + "\n")
    rss_file = log + ".rss"
    with open(log, "a", encoding="utf-8") as out:
        start = time.perf_counter()
        proc = subprocess.Popen([GNU_TIME, "-f", "%M", "-o", rss_file, *cmd] if GNU_TIME else cmd, stdout=out,
                                stderr=subprocess.STDOUT)
        _, status, usage = os.wait4(proc.pid, 0)
        seconds = time.perf_counter() - start
        proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        with open(log, encoding="utf-8", errors="replace") as f:
            tail = " | ".join(f.read().strip().splitlines()[-3:])
        raise RunError(f"exit status {proc.returncode}: {shlex.join(cmd)}: {tail}")
    if GNU_TIME:
        with open(rss_file, encoding="utf-8") as f:
            return seconds, int(f.read().split()[-1]), usage.ru_utime + usage.ru_stime
    return seconds, usage.ru_maxrss, usage.ru_utime + usage.ru_stime


def _record(train_run, ys, preds, mae_preds=None):
    rec = metrics.errors(ys, preds)
    if mae_preds is not None:  # a second prediction for the absolute-error columns (LFL's median)
        m = metrics.errors(ys, mae_preds)
        rec.update(mae=m["mae"], qloss=m["qloss"], nan=rec["nan"] + m["nan"])
    rec["seconds"], rec["rss_kb"], rec["cpu_s"] = train_run
    return rec


def learner_job(tools, tmp, train, test, flags, log, clog):
    cache, model, preds = (os.path.join(tmp, n) for n in ("cache", "model", "preds"))
    t = run([tools["learner"], "-d", train, "--cache_file", cache, "-f", model, "--holdout_off", "--quiet",
             *flags.split()], log, clog)
    run([tools["learner"], "-t", "-i", model, "-d", test, "-p", preds, "--quiet"], log, clog)
    ys, ps = metrics.labels(test), metrics.predictions(preds)
    rec = _record(t, ys, ps)
    rec["rounded_mae"] = metrics.errors(ys, ps, rounded=True)["mae"]
    return rec


def libfm_job(tools, tmp, train, test, flags, log, clog):
    preds = os.path.join(tmp, "preds")
    t = run([tools["libfm"], *flags.split(), "-train", train + ".libfm", "-test", test + ".libfm", "-out", preds],
            log, clog)
    return _record(t, metrics.labels(test + ".libfm"), metrics.predictions(preds))


def libmf_job(tools, tmp, train, test, flags, log, clog):
    model, preds = os.path.join(tmp, "model"), os.path.join(tmp, "preds")
    t = run([tools["libmf"], "--quiet", *flags.split(), train + ".mf", model], log, clog)
    run([tools["libmf-predict"], test + ".mf", model, preds], log, clog)
    return _record(t, metrics.labels(test + ".mf", 2), metrics.predictions(preds))


def _tool_job(tool, two_columns):
    def job(tools, tmp, train, test, flags, log, clog):
        preds = os.path.join(tmp, "preds")
        t = run([tools[tool], "--train", train + ".tsv3", "--test", test + ".tsv3", "--predictions", preds,
                 *flags.split()], log, clog)
        ys = metrics.labels(test + ".tsv3", 2)
        return _record(t, ys, metrics.predictions(preds), metrics.predictions(preds, 1) if two_columns else None)
    return job


JOBS = {"learner": learner_job, "libfm": libfm_job, "libmf": libmf_job,
        "lfl": _tool_job("lfl", two_columns=True), "spectral": _tool_job("spectral", two_columns=False),
        "bpmf": _tool_job("bpmf", two_columns=False)}
