"""Paths shared by the Python tests of the benchmark driver and the converters."""
import os
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
