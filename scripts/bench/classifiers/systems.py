"""How each system of the table trains and predicts, and how long training takes.

train(...) returns the Timing of training (wall-clock seconds, and the CPU seconds, user +
system, of the child: on a shared, loaded machine the CPU time is the steadier measure of
work, the wall time what a user waits); it raises Unavailable when the
learner rejects an option (exit status 2 and "unrecognised/unknown option" or
"invalid option" on stderr: a flag that this build does not have), RunError on any other
failure. Every command line and its output are appended to the log.
"""
import os
import re
import resource
import shlex
import subprocess
import time
from typing import NamedTuple

import metrics


class Timing(NamedTuple):
    wall: float
    cpu: float


def _children_cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_from_text(run, caches):
    """run() after removing the files in `caches`, so that a learner whose flags write a cache
    reads the text, as a peer does."""
    for cache in caches:
        if os.path.exists(cache):
            os.remove(cache)
    return run()


def median_timing(timings):
    """The median wall and the median CPU seconds of several Timings."""
    timings = list(timings)
    return Timing(metrics.median(t.wall for t in timings), metrics.median(t.cpu for t in timings))


class Unavailable(Exception):
    pass


class RunError(Exception):
    pass


UNKNOWN_OPTION = re.compile(r"unrecogni[sz]ed option|unknown option|invalid option|not available", re.I)


def _run(cmd, log):
    with open(log, "a", encoding="utf-8") as out:
        out.write("$ " + shlex.join(cmd) + "\n")
        out.flush()
        start, start_cpu = time.perf_counter(), _children_cpu()
        done = subprocess.run(cmd, stdout=out, stderr=subprocess.PIPE, text=True)
        timing = Timing(time.perf_counter() - start, _children_cpu() - start_cpu)
        out.write(done.stderr)
    unknown = UNKNOWN_OPTION.search(done.stderr)
    if done.returncode == 2 and unknown:
        line_start = done.stderr.rfind("\n", 0, unknown.start()) + 1
        raise Unavailable(done.stderr[line_start:].splitlines()[0].strip())
    if done.returncode != 0:
        tail = " | ".join(done.stderr.strip().splitlines()[-3:])
        raise RunError(f"exit status {done.returncode}: {shlex.join(cmd)}: {tail}")
    return timing


def point_flags(system, point):
    """Grid point -> command-line flags. `passes` N adds --holdout_off when N > 1 (no -c: the
    data sets fit in --pass_memory, so the later passes come from memory and a cache file would
    only be written); a switch takes the values True (the flag alone) and False (nothing)."""
    flags = []
    for key, value in point.items():
        if key == "passes":
            if value > 1:
                flags += ["--passes", str(value), "--holdout_off"]
        elif value is True:
            flags.append(key)
        elif value is not False:
            flags += [key, str(value)]
    return flags


def learner_train(tools, flags, train, model, log):
    return _run([tools["learner"], "--quiet", "-d", train, "-f", model, *flags], log)


def learner_predict(tools, test, model, preds, log):
    _run([tools["learner"], "--quiet", "-t", "-i", model, "-d", test, "-p", preds], log)


def liblinear_train(tools, flags, train, model, log):
    return _run([tools["liblinear-train"], "-q", *flags, train, model], log)


def liblinear_predict(tools, test, model, preds, log):
    _run([tools["liblinear-predict"], test, model, preds], log)


def libsvm_train(tools, flags, train, model, log):
    return _run([tools["svm-train"], "-q", "-m", "200", *flags, train, model], log)


def libsvm_predict(tools, test, model, preds, log):
    _run([tools["svm-predict"], "-q", test, model, preds], log)


SYSTEMS = {  # system -> (input format, train, predict)
    "learner": ("vw", learner_train, learner_predict),
    "liblinear": ("svm", liblinear_train, liblinear_predict),
    "libsvm": ("svm", libsvm_train, libsvm_predict),
}
