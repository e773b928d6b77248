"""Paths shared by the Python tests of the benchmark driver and the converters."""
import os
import textwrap
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRIPTS = os.path.join(ROOT, "scripts")
sys.path.insert(0, os.path.join(SCRIPTS, "bench", "classifiers"))


def tool(name, stdin="", *args):
    """Runs scripts/NAME ARGS with stdin; returns (exit status, stdout, stderr)."""
    done = subprocess.run([sys.executable, os.path.join(SCRIPTS, name), *args], input=stdin,
                          capture_output=True, text=True)
    return done.returncode, done.stdout, done.stderr


def fake_tools(d, learner_body, fail_on=""):
    """Writes two executable stand-ins into D/bin and returns their paths (learner, ratings):
    a fake learner whose flags are in `a` (with `val(flag)` for a flag's value), which exits 1
    with "fake learner: failing as asked" when its command line contains fail_on and otherwise
    runs learner_body (Python source), and a fake learner-ratings that turns tab-separated
    "user item rating" lines into "r |u u |i i"."""
    learner = os.path.join(d, "bin", "learner")
    os.makedirs(os.path.dirname(learner))
    with open(learner, "w") as f:
        f.write(f"#!{sys.executable}\nimport sys\na = sys.argv[1:]\n"
                "val = lambda flag: a[a.index(flag) + 1] if flag in a else None\n"
                f"if {fail_on!r} and {fail_on!r} in \" \".join(a):\n"
                "    sys.exit(\"fake learner: failing as asked\")\n"
                + textwrap.dedent(learner_body))
    ratings = os.path.join(d, "bin", "learner-ratings")
    with open(ratings, "w") as f:
        f.write(f"#!{sys.executable}\nimport sys\nfor line in open(sys.argv[-1]):\n"
                "    u, i, r = line.split(\"\\t\")[:3]\n"
                "    print(f\"{r} |u {u} |i {i}\")\n")
    for p in (learner, ratings):
        os.chmod(p, 0o755)
    return learner, ratings
