"""One run of learner or VW on a bandit stream: its progressive loss and examples/s.

run(...) returns Result(loss, seconds, examples_per_s); the loss is the "average loss = X"
both tools print at the end (VW's progressive loss: the off-policy estimate for --cb_adf, the
realised cost for --cbify); examples/s is the stream's example count over the wall seconds of
the whole run (parsing included, as a user waits for it). A flag the tool does not have
raises NotBuilt; any other failure RunError. Every command and its stderr go to the log.
"""
import re
import shlex
import subprocess
import time
from typing import NamedTuple


class Result(NamedTuple):
    loss: float
    seconds: float
    examples_per_s: float


class NotBuilt(Exception):
    pass


class RunError(Exception):
    pass


# learner's refusals of a flag it does not have, or of a combination not built yet.
REFUSED = re.compile(r"unrecogni[sz]ed option|unknown option|cannot be combined|not built yet", re.I)
LOSS = re.compile(r"^average loss = (\S+)", re.M)


def run(tool, flags, data, examples, log, repeats=1):
    """`tool -d data FLAGS` `repeats` times; the loss of the first run, the median time."""
    cmd = [tool, "-d", data, *flags]
    times, loss = [], None
    for _ in range(repeats):
        start = time.perf_counter()
        done = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        times.append(time.perf_counter() - start)
        with open(log, "a", encoding="utf-8") as out:
            out.write("$ " + shlex.join(cmd) + f"\n{done.stderr}")
        if done.returncode != 0:
            refused = REFUSED.search(done.stderr)
            if done.returncode == 2 and refused:
                start_of_line = done.stderr.rfind("\n", 0, refused.start()) + 1
                raise NotBuilt(done.stderr[start_of_line:].splitlines()[0].strip())
            tail = " | ".join(done.stderr.strip().splitlines()[-3:])
            raise RunError(f"exit status {done.returncode}: {shlex.join(cmd)}: {tail}")
        found = LOSS.search(done.stderr)
        if not found:
            raise RunError(f"no 'average loss' in the output of {shlex.join(cmd)}")
        if loss is None:
            loss = float(found.group(1))
    times.sort()
    seconds = times[len(times) // 2]
    return Result(loss, seconds, examples / seconds if seconds > 0 else float("nan"))
