"""The cost-learning benchmark's speed comparison: seconds per pass of the plain SVM and each cost
row, the same flags otherwise."""
import os
import re
import resource
import subprocess

import experiments as ex
import systems
from rows import flags_of


def later_pass_seconds(summary):
    """The seconds of passes 2, 3, ... in a run summary's "seconds per pass = 0.2 (cache) 0.1
    (memory) ..." line, whatever they were read from (the cache, or pass 1's copy in memory when it
    fits --pass_memory); [] without such a line or with one pass."""
    line = next((line for line in summary.splitlines() if line.startswith("seconds per pass =")), "")
    return [float(t) for t in re.findall(r"([0-9.]+) \([a-z]+\)", line)][1:]


def pass_seconds(tools, flags, train, passes, run_log):
    """(CPU seconds per pass, wall seconds per later pass) of one run without -f (no model is
    written). CPU: user + system time of the run over its passes (the steadier figure on a
    shared, loaded machine; the cache already exists, so pass 1 reads it); wall: the mean of
    the run summary's "seconds per pass" of passes 2.. (later_pass_seconds)."""
    cmd = [tools["learner"], "-d", train, *flags]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(cmd, capture_output=True, text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    with open(run_log, "a", encoding="utf-8") as out:
        out.write("$ " + " ".join(cmd) + "\n" + done.stderr)
    times = later_pass_seconds(done.stderr)
    if done.returncode != 0 or not times:
        raise systems.RunError(f"exit status {done.returncode} or no times of passes after the first: {' '.join(cmd)}")
    cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    return cpu / passes, sum(times) / len(times)


def speed(dataset, splits, tools, run_log):
    """Seconds per pass of the plain SVM and each cost row on the whole training file, the same
    flags otherwise, SPEED_REPEATS interleaved runs each, the smallest CPU and wall times kept."""
    train = os.path.join(splits[0][0], "train.vw")
    flags = ex.SPEED_FLAGS.split()
    passes = int(flags[flags.index("--passes") + 1])
    rows = [r for r in ex.ROWS if r.name == ex.PLAIN or r.learned]
    pass_seconds(tools, flags_of(rows[0], dataset) + flags, train, passes, run_log)  # writes the cache
    cpu, wall = {}, {}
    for _ in range(ex.SPEED_REPEATS):
        for r in rows:
            c, w = pass_seconds(tools, flags_of(r, dataset) + flags, train, passes, run_log)
            cpu[r.name], wall[r.name] = min(cpu.get(r.name, c), c), min(wall.get(r.name, w), w)
    lines = [f"speed on {dataset.name} (whole training file, {ex.SPEED_FLAGS}; fastest of {ex.SPEED_REPEATS} "
             "interleaved runs; CPU: the run's user + system time per pass, wall: its passes after the first):",
             f"{'row':<18} {'cpu s/pass':>10} {'ratio':>6} {'wall s/pass':>11} {'ratio':>6}"]
    ratios = {}
    for r in rows:
        ratios[r.name] = cpu[r.name] / cpu[ex.PLAIN]
        lines.append(f"{r.name:<18} {cpu[r.name]:10.4f} {ratios[r.name]:6.3f} {wall[r.name]:11.4f} "
                     f"{wall[r.name] / wall[ex.PLAIN]:6.3f}")
    return "\n".join(lines) + "\n", ratios
