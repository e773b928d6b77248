"""Runs one tool (learner or VW) on the command table, in a work folder of its own.

The work folder mirrors VW's test folder with one symbolic link per data file (so caches and
models a command writes land in the work folder, never in VW's checkout or the other tool's
folder) plus an empty models/; commands run in table order with no standard input.
"""
import json
import math
import os
import re
import shlex
import subprocess

DATA_DIRS = ("train-sets", "test-sets", "model-sets", "pred-sets")

# "average loss = 0.123" (VW and learner; " h" marks a holdout loss, "n.a." no labelled example).
_AVERAGE_LOSS = re.compile(r"^average loss\s*=\s*(\S+)", re.MULTILINE)
# Option parsers' words for a flag they do not know (Boost.Program_options, VW's own).
_UNKNOWN = re.compile(r"unrecogni[sz]ed option '([^']*)'|unknown option '?([^'\s]*)|"
                      r"option '([^']*)' (?:is not|does not exist)", re.IGNORECASE)


def mirror_test_data(test_dir, work_dir):
    """Links every file under test_dir's data folders into work_dir; makes work_dir/models."""
    for sub in DATA_DIRS:
        top = os.path.join(test_dir, sub)
        for root, _dirs, files in os.walk(top):
            rel = os.path.relpath(root, test_dir)
            os.makedirs(os.path.join(work_dir, rel), exist_ok=True)
            for name in files:
                if name.endswith(".cache"):
                    continue  # a cache some earlier run left there: each tool makes its own
                link = os.path.join(work_dir, rel, name)
                if not os.path.lexists(link):
                    os.symlink(os.path.join(root, name), link)
    os.makedirs(os.path.join(work_dir, "models"), exist_ok=True)


def average_loss(stderr):
    """The last 'average loss' a run printed, as a float (None when absent or 'n.a.')."""
    found = _AVERAGE_LOSS.findall(stderr)
    if not found:
        return None
    try:
        return float(found[-1])
    except ValueError:
        return None


def classify(exit_code, stderr, timed_out=False):
    """Status of a run: 'ran', 'rejected: unknown flag --x' or 'error: <the message line>'.

    The message line is the first that starts with 'learner:' or holds 'error' (a run's stderr
    starts with its preamble, which says nothing of the failure), else the last line."""
    if timed_out:
        return "error: timed out"
    if exit_code == 0:
        return "ran"
    m = _UNKNOWN.search(stderr)
    if m:
        flag = next(g for g in m.groups() if g is not None)
        return "rejected: unknown flag " + flag if flag else "rejected: unknown flag"
    lines = [l.strip() for l in stderr.splitlines()]
    lines = [l for l in lines if l and not l.lower().startswith("try ")]
    for line in lines:
        if line.startswith("learner:") or "error" in line.lower():
            return "error: " + line[:160]
    if lines:
        return "error: " + lines[-1][:160]
    return f"error: exit status {exit_code}"


def data_files(args):
    """The -d / --data file a command reads, if any."""
    words = shlex.split(args)
    for i, w in enumerate(words):
        if w in ("-d", "--data") and i + 1 < len(words):
            return [words[i + 1]]
        if w.startswith("--data="):
            return [w.split("=", 1)[1]]
    return []


def run(binary, args, work_dir, timeout):
    """Runs BINARY ARGS in work_dir; returns {status, loss, exit, seconds, stderr_tail}."""
    missing = [f for f in data_files(args) if not os.path.exists(os.path.join(work_dir, f))]
    if missing:
        return {"status": "error: no data file " + missing[0], "loss": None, "exit": None}
    try:
        done = subprocess.run([binary, *shlex.split(args)], cwd=work_dir, stdin=subprocess.DEVNULL,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=timeout)
        err = done.stderr.decode("utf-8", "replace")
        code, timed_out = done.returncode, False
    except subprocess.TimeoutExpired as e:
        err = (e.stderr or b"").decode("utf-8", "replace")
        code, timed_out = None, True
    status = classify(code, err, timed_out)
    return {"status": status, "loss": average_loss(err) if status == "ran" else None, "exit": code,
            "stderr_tail": err[-2000:]}


def reference_losses(test_dir):
    """VW's own expected average loss per test number, from its test suite's reference stderr
    files (core.vwtest.json's diff_files): {N: loss}; {} when the folder has no core.vwtest.json."""
    listing = os.path.join(test_dir, "core.vwtest.json")
    if not os.path.exists(listing):
        return {}
    with open(listing) as f:
        tests = json.load(f)
    out = {}
    for t in tests:
        ref = (t.get("diff_files") or {}).get("stderr")
        if ref and os.path.exists(os.path.join(test_dir, ref)):
            with open(os.path.join(test_dir, ref), encoding="utf-8", errors="replace") as f:
                loss = average_loss(f.read())
            if loss is not None:
                out[t["id"]] = loss
    return out


def reference_predictions(test_dir):
    """The prediction files VW's test suite compares, per test number: {N: [(file the command
    writes, VW's reference file)]} (core.vwtest.json's diff_files other than stderr and stdout)."""
    listing = os.path.join(test_dir, "core.vwtest.json")
    if not os.path.exists(listing):
        return {}
    with open(listing) as f:
        tests = json.load(f)
    out = {}
    for t in tests:
        files = [(k, v) for k, v in (t.get("diff_files") or {}).items() if k not in ("stderr", "stdout")]
        if files:
            out[t["id"]] = files
    return out


# VW's own rule (test/run_tests.py with --fuzzy_compare and VW's CI's --epsilon 0.001): each line
# splits on blanks, ':', ',', '@', '=', '[', ']' and on a '-' between a digit and a number (a pdf
# segment "left-right:value" of --cbzo / --cats is two numbers, "-0.1--0.09" included); empty
# tokens count; both tokens numbers: equal when they differ by less than epsilon, or, when the
# reference's size exceeds 1, their ratio differs from 1 by less than epsilon (two infinities or
# two NaNs are equal); otherwise the same text. The delimiters ':', ',', '@', '[', ']' must come
# in the same runs. "..." is dropped from a line first. A reference ending in .json is compared as
# JSON: the same keys, the same types (an integer is not a float), floats within epsilon.
VW_EPSILON = 1e-3
_TOKEN_SPLIT = re.compile(r"[ \t:,@=\[\]]+|(?<=\d)-(?=-?\d)")
_DELIMITERS = re.compile(r"[:,@\[\]]+")


def _is_float(text):
    try:
        float(text)
        return True
    except ValueError:
        return False


def _fuzzy_equal(mine, ref, epsilon):
    x, y = float(mine), float(ref)
    if (math.isinf(x) and math.isinf(y)) or (math.isnan(x) and math.isnan(y)):
        return True
    if abs(x - y) < epsilon:
        return True
    if abs(y) <= 1.0:
        return False
    return abs(x / y - 1.0) < epsilon


def same_line(mine, ref, epsilon=VW_EPSILON):
    """True when VW's runner counts the two lines as equal (see above)."""
    mine, ref = mine.replace("...", ""), ref.replace("...", "")
    a, b = _TOKEN_SPLIT.split(mine), _TOKEN_SPLIT.split(ref)
    if len(a) != len(b):
        return False
    for x, y in zip(a, b):
        if _is_float(x) and _is_float(y):
            if not _fuzzy_equal(x, y, epsilon):
                return False
        elif x != y:
            return False
    return _DELIMITERS.findall(mine) == _DELIMITERS.findall(ref)


def same_json(mine, ref, epsilon=VW_EPSILON, key="root"):
    """None when VW's runner counts the two decoded JSON values as equal, else the reason."""
    if type(mine) is not type(ref):
        return f"{key}: type {type(mine).__name__}, VW's {type(ref).__name__}"
    if isinstance(ref, float):
        return None if abs(ref - mine) < epsilon else f"{key}: {mine}, VW's {ref}"
    if isinstance(ref, dict):
        if set(mine) != set(ref):
            return f"{key}: keys {sorted(set(mine) - set(ref))} not VW's, {sorted(set(ref) - set(mine))} missing"
        for k in ref:
            why = same_json(mine[k], ref[k], epsilon, k)
            if why:
                return why
        return None
    if isinstance(ref, list):
        if len(mine) != len(ref):
            return f"{key}: {len(mine)} items, VW's {len(ref)}"
        for i, (x, y) in enumerate(zip(mine, ref)):
            why = same_json(x, y, epsilon, f"{key}[{i}]")
            if why:
                return why
        return None
    return None if mine == ref else f"{key}: {mine!r}, VW's {ref!r}"


def compare_predictions(mine_path, ref_path, epsilon=VW_EPSILON):
    """'match' when VW's own test runner would pass the file learner wrote against VW's reference
    (same_line, line by line, after stripping the blanks around each file and each line; same_json
    for a .json reference); else 'differ: line N', 'differ: <JSON reason>' or 'missing' (no file)."""
    if not os.path.exists(mine_path):
        return "missing"
    with open(mine_path, encoding="utf-8", errors="replace") as f:
        mine_text = f.read()
    with open(ref_path, encoding="utf-8", errors="replace") as f:
        ref_text = f.read()
    if ref_path.endswith(".json"):
        try:
            why = same_json(json.loads(mine_text) if mine_text else {}, json.loads(ref_text) if ref_text else {},
                            epsilon)
        except ValueError as e:
            return f"differ: not JSON ({e})"
        return "match" if why is None else "differ: " + why
    mine = [l.strip() for l in mine_text.strip().splitlines()]
    ref = [l.strip() for l in ref_text.strip().splitlines()]
    for n in range(max(len(mine), len(ref))):
        if n >= len(mine) or n >= len(ref) or not same_line(mine[n], ref[n], epsilon):
            return f"differ: line {n + 1}"
    return "match"
