"""The deterministic shuffle key of scripts/shuffle and the MovieLens benchmark.

key(seed, n) of the 1-based line number n: multiply-square-add rounds modulo the prime
M = 2^31 - 19, in exact integer arithmetic (the awk original, ml_shuffle in
scripts/bench/movielens_lib.sh, computed the same in doubles). A file shuffled with seed S is
its lines sorted by (key(S, n), n): the order depends on the seed and the line numbers only,
not on the content, the machine or the Python version.
"""
M = 2147483629  # the prime 2^31 - 19


def seed_state(seed):
    """The part of the key that depends on the seed alone."""
    s = (seed % M) * 7919 % M
    return (s * s + 17) % M


def key(seed, line_number, state=None):
    """Key of 1-based line_number, in [0, M); `state` = seed_state(seed) saves its recomputation."""
    s = seed_state(seed) if state is None else state
    x = ((line_number % M) * 2654435 + s) % M
    x = (x * x + 40503) % M
    x = x * 48271 % M
    x = (x * x + 12345) % M
    return x * 69621 % M
