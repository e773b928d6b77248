"""The movielens driver's speed check: linear against --dotproduct ui --rank 5, paired runs."""
import statistics
import subprocess
import time


def speed_check(learner, speed_file, passes, runs):
    """Per mode: median wall times of linear and --dotproduct ui --rank 5 (runs alternate) and
    the median of the paired ratios."""
    modes = {"quantile": (["--loss_function", "quantile"], []), "squared": (["--loss_function", "squared"], []),
             "sgd": (["--loss_function", "squared", "--sgd", "--power_t", "0", "-l", "0.002"],
                     ["--dotproduct_lr", "0.006", "--dotproduct_l2", "0.2"])}
    base = [learner, "-d", speed_file, "--passes", str(passes), "--holdout_off", "--quiet"]
    subprocess.run([learner, "-d", speed_file, "--quiet"], capture_output=True)  # warm the page cache

    def one(extra):
        t0 = time.perf_counter()
        subprocess.run(base + extra, capture_output=True, check=True)
        return time.perf_counter() - t0

    out = {}
    for mode, (flags, dflags) in modes.items():
        lin, dy = [], []
        for _ in range(runs):
            lin.append(one(flags))
            dy.append(one(flags + ["--dotproduct", "ui", "--rank", "5"] + dflags))
        out[mode] = {"linear_s": statistics.median_low(lin), "k5_s": statistics.median_low(dy),
                     "ratio": statistics.median_low([d / l for d, l in zip(dy, lin)])}
    return out
