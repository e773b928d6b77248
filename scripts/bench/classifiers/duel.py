"""Side-by-side timing of two rows' chosen settings (experiments.DUELS).

A row's own training time (evaluate._timed) is the median of a few runs taken together; on a
shared machine a slow spell can then fall on one row and not the other. A duel trains the
two chosen settings alternately, a b a b ..., `rounds` times each (each run from the text,
without a cache, as in _timed), so that both meet the same spells, and reports each median
and the ratio a / b of the medians (below 1: a is faster).
"""
import systems


def alternate(run_a, run_b, rounds, caches=()):
    """(median Timing of a, median Timing of b) over `rounds` alternating runs of each; the
    files in `caches` are removed before every run."""
    timings = ([], [])
    for _ in range(rounds):
        for side, run in enumerate((run_a, run_b)):
            timings[side].append(systems.run_from_text(run, caches))
    return tuple(systems.median_timing(ts) for ts in timings)


def record(dataset, a, b, timing_a, timing_b, rounds):
    """The duel as written to duels.json and printed."""
    return {"dataset": dataset, "a": a, "b": b, "rounds": rounds,
            "a_wall_s": timing_a.wall, "b_wall_s": timing_b.wall,
            "a_cpu_s": timing_a.cpu, "b_cpu_s": timing_b.cpu,
            "wall_ratio": timing_a.wall / timing_b.wall if timing_b.wall > 0 else float("nan"),
            "cpu_ratio": timing_a.cpu / timing_b.cpu if timing_b.cpu > 0 else float("nan")}


def line(d):
    """DUEL r8 mira_avg/liblinear_s4: 0.095 s vs 0.123 s wall (ratio 0.77), ... (15 rounds)"""
    return (f"DUEL {d['dataset']} {d['a']}/{d['b']}: {d['a_wall_s']:.3f} s vs {d['b_wall_s']:.3f} s wall "
            f"(ratio {d['wall_ratio']:.2f}), {d['a_cpu_s']:.3f} s vs {d['b_cpu_s']:.3f} s CPU "
            f"(ratio {d['cpu_ratio']:.2f}), medians of {d['rounds']} alternating runs")
