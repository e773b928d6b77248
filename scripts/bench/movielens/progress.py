"""The movielens driver's log lines on standard error, with the seconds since the start."""
import sys
import time

START = time.perf_counter()


def log(message):
    print(f"[movielens] {message} [{time.perf_counter() - START:.0f} s]", file=sys.stderr, flush=True)
