"""scripts/shuffle: the seeded order (the MovieLens benchmark's), bounded memory by external
spreading (the same output whatever --memory), inputs, output safety, usage errors."""
import collections
import gzip
import os
import subprocess
import sys
import tempfile
import unittest

import helpers

sys.path.insert(0, os.path.join(helpers.SCRIPTS, "bench"))
from movielens import metrics as ml  # noqa: E402
import shuffle_key  # noqa: E402  (scripts/pylib, put on sys.path by metrics)

SHUFFLE = os.path.join(helpers.SCRIPTS, "shuffle")


def run(*args, stdin=b"", env=None):
    done = subprocess.run([sys.executable, SHUFFLE, *args], input=stdin, capture_output=True, env=env)
    return done.returncode, done.stdout, done.stderr.decode()


class Shuffle(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.d = self.tmp.name

    def tearDown(self):
        self.tmp.cleanup()

    def path(self, name, data=None):
        p = os.path.join(self.d, name)
        if data is not None:
            with open(p, "wb") as f:
                f.write(data)
        return p

    def test_the_order_of_the_movielens_benchmark(self):
        lines = [f"{i % 5 + 1} |u {i} |i {i * 7 % 13}\n" for i in range(500)]
        src = self.path("r.vw", "".join(lines).encode())
        for seed in (1, 7):
            code, out, err = run("--seed", str(seed), src)
            self.assertEqual(code, 0, err)
            self.assertEqual(out.decode(), "".join(ml.shuffle(lines, seed)))
        self.assertNotEqual(run("--seed", "1", src)[1], run("--seed", "2", src)[1])
        self.assertEqual(run(src)[1], run("--seed", "1", src)[1])  # seed 1 by default

    def test_memory_does_not_change_the_order(self):
        data = b"".join(b"line %d %s\n" % (i, b"x" * (i % 17)) for i in range(30000))
        src = self.path("big.txt", data)
        env = dict(os.environ, TMPDIR=self.path("tmp"))
        os.makedirs(env["TMPDIR"])
        whole = run("--seed", "3", src, env=env)
        self.assertEqual(whole[0], 0, whole[2])
        for memory in ("2M", "64K", "2K"):  # all in memory but a little; one spreading; spreading twice
            code, out, err = run("--seed", "3", "--memory", memory, src, env=env)
            self.assertEqual(code, 0, err)
            self.assertEqual(out, whole[1], memory)
            self.assertEqual(os.listdir(env["TMPDIR"]), [], memory)  # the temporary files are gone
        self.assertEqual(sorted(whole[1].splitlines(keepends=True)), sorted(data.splitlines(keepends=True)))

    def test_a_fair_order(self):
        # The key the tool sorts by: over 3000 seeds, each of 6 lines comes first about 500 times
        # (chi-square with 5 degrees of freedom below 20.5, p ~ 0.001).
        first = collections.Counter(min(range(1, 7), key=lambda n: (shuffle_key.key(s, n), n)) for s in range(3000))
        chi2 = sum((first[n] - 500) ** 2 / 500 for n in range(1, 7))
        self.assertLess(chi2, 20.5, first)

    def test_inputs(self):
        plain = self.path("a.txt", b"1\n2\r\n3")  # a CR stays, the last line gets its newline
        packed = self.path("b.gz", gzip.compress(b"4\n5\n"))
        code, out, err = run(plain, packed)
        self.assertEqual(code, 0, err)
        self.assertEqual(sorted(out.splitlines(keepends=True)), [b"1\n", b"2\r\n", b"3\n", b"4\n", b"5\n"])
        # Line numbers run across the inputs: the same as one file holding both.
        both = self.path("ab.txt", b"1\n2\r\n3\n4\n5\n")
        self.assertEqual(out, run(both)[1])
        self.assertEqual(run("-", stdin=b"1\n2\r\n3\n4\n5\n")[1], out)
        self.assertEqual(run(stdin=b"")[:2], (0, b""))
        self.assertEqual(run(self.path("none"))[0], 1)
        code, _, err = run(self.path("bad.gz", b"\x1f\x8b\x08\x00broken"))
        self.assertEqual(code, 1)
        self.assertIn("bad.gz: unreadable", err)

    def test_output_file(self):
        src = self.path("in.txt", b"a\nb\nc\n")
        out = self.path("out.txt", b"previous\n")
        os.chmod(out, 0o640)
        code, _, err = run("-o", out, src)
        self.assertEqual(code, 0, err)
        with open(out, "rb") as f:
            self.assertEqual(sorted(f.read().splitlines()), [b"a", b"b", b"c"])
        self.assertEqual(os.stat(out).st_mode & 0o777, 0o640)
        self.assertEqual(sorted(os.listdir(self.d)), ["in.txt", "out.txt"])  # no temporary left
        code, _, err = run("-o", src, src)  # never over an input
        self.assertEqual(code, 2)
        self.assertIn("is the input", err)
        with open(src, "rb") as f:
            self.assertEqual(f.read(), b"a\nb\nc\n")
        code, _, _ = run("-o", out, self.path("missing"))  # a failed run leaves the previous file
        self.assertEqual(code, 1)
        with open(out, "rb") as f:
            self.assertEqual(len(f.read()), 6)

    def test_usage_errors(self):
        for args in (["--seed", "-1"], ["--seed", "x"], ["--memory", "12"], ["--memory", "5Q"], ["--bogus"]):
            self.assertEqual(run(*args)[0], 2, args)
        self.assertEqual(run("--help")[0], 0)


if __name__ == "__main__":
    unittest.main()
