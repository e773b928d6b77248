"""The ratings-as-classes benchmark driver (scripts/bench/ratings_multiclass): its 0/1 loss, best
constant and grids, and the whole driver on a tiny data folder with a fake learner whose dyadic
models are perfect and whose linear ones always say class 1."""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

import helpers

sys.path.insert(0, os.path.join(helpers.SCRIPTS, "bench"))
from ratings_multiclass import __main__ as rmc  # noqa: E402
from ratings_multiclass import experiments as rmc_ex  # noqa: E402

WRAPPER = os.path.join(helpers.SCRIPTS, "bench", "ratings_multiclass.sh")


class Units(unittest.TestCase):
    def test_zero_one_counts_the_first_field(self):
        with tempfile.TemporaryDirectory() as d:
            y, p = os.path.join(d, "y"), os.path.join(d, "p")
            with open(y, "w") as f:
                f.write("3 |u 1 |i 2\n5 |u 1 |i 3\n1 |u 2 |i 2\n4 |u 2 |i 9\n")
            with open(p, "w") as f:
                f.write("3\n4 tag\n1\n1\n")
            self.assertEqual(rmc.zero_one(y, p), 0.5)
            with open(p, "w") as f:
                f.write("3\n")
            with self.assertRaisesRegex(ValueError, "1 predictions for 4 labels"):
                rmc.zero_one(y, p)

    def test_most_frequent_takes_the_smallest_class_on_a_tie(self):
        self.assertEqual(rmc.most_frequent(["4", "5", "5", "4", "3"]), "4")
        self.assertEqual(rmc.most_frequent(["2", "10", "10"]), "10")

    def test_grids_and_model_flags(self):
        self.assertEqual(rmc_ex.parse_grid(" -l 1 ;-l 2 --passes 3", "G"), ["-l 1", "-l 2 --passes 3"])
        with self.assertRaisesRegex(ValueError, "an empty setting"):
            rmc_ex.parse_grid("-l 1;;-l 2", "GRID_SFT")
        self.assertEqual(rmc_ex.model_flags("linear"), "")
        self.assertEqual(rmc_ex.model_flags("k3"), "--dotproduct ui --rank 3")


def _fake_tools(d, fail_on=""):
    """A fake learner: its 'model' is its flags; -t predicts each line's own class when the model
    was dyadic and class 1 otherwise (so dyadic beats linear); exit 1 when a flag matches fail_on.
    And a fake learner-ratings (helpers.fake_tools)."""
    return helpers.fake_tools(d, """
if "-t" in a:
    dyadic = "--dotproduct" in open(val("-i")).read()
    out = [(line.split()[0] if dyadic else "1") + "\\n" for line in open(val("-d"))]
    open(val("-p"), "w").writelines(out)
else:
    open(val("-f"), "w").write(" ".join(a))
""", fail_on)


@unittest.skipUnless(shutil.which("awk") and shutil.which("bash"), "scripts/split needs bash and awk")
class Driver(unittest.TestCase):
    def run_driver(self, d, fail_on=""):
        data = os.path.join(d, "ml")
        os.makedirs(data)
        for part, users in (("base", range(1, 21)), ("test", range(1, 6))):
            with open(os.path.join(data, f"u1.{part}"), "w") as f:
                f.writelines(f"{u}\t{i}\t{1 + (u * i) % 5}\t8812{u:02d}\n" for u in users for i in range(1, 9))
        learner, ratings = _fake_tools(d, fail_on)
        env = {k: v for k, v in os.environ.items() if not k.startswith("GRID_") and k != "KEEP"}
        env.update(LEARNER=learner, LEARNER_RATINGS=ratings, FOLDS="1", RANKS="1 2", JOBS="2", TMPDIR=d,
                   GRID_SFT="-l 0.5; -l 0.25", GRID_OAA="-l 0.5")
        return subprocess.run(["bash", WRAPPER, data], env=env, capture_output=True, text=True)

    def test_table_result_and_verdict(self):
        with tempfile.TemporaryDirectory() as d:
            done = self.run_driver(d)
            self.assertEqual(done.returncode, 0, done.stderr)
            out = done.stdout
            # u1.test: classes 1 + (u * i) % 5 for u 1..5, i 1..8; class 1 (u = 5 or i = 5) is 12 of the 40 lines,
            # and the most frequent class of u1.base
            self.assertIn("| Linear | 0.7000 ± 0.0000 | 0.7000 ± 0.0000 |", out)
            self.assertIn("| Dyadic, k chosen on validation | 0.0000 ± 0.0000 | 0.0000 ± 0.0000 | per fold |", out)
            self.assertIn("u1: sft linear 0.7000 dyadic(k1) 0.0000 beats | oaa linear 0.7000 dyadic(k1) 0.0000 beats", out)
            self.assertIn("u1 sft linear val=0.6000  -l 0.5\n", out)  # the first setting wins the tie
            self.assertIn("PASS: dyadic (0.0000) beats linear (0.7000)", out)
            self.assertRegex(out, r"\nRESULT const_01=0\.7000 linear_01=0\.7000 dyadic_01=0\.0000\n$")
            self.assertRegex(done.stderr, r"validation: 9 runs, 2 at a time")
            self.assertEqual([n for n in os.listdir(d) if n.startswith("ratings-mc.")], [])

    def test_a_failed_run_is_an_error(self):
        with tempfile.TemporaryDirectory() as d:
            done = self.run_driver(d, fail_on="--rank 2")
            self.assertEqual(done.returncode, 1)
            self.assertIn("fake learner: failing as asked", done.stderr)
            self.assertNotIn("Traceback", done.stderr)
            self.assertNotIn("RESULT", done.stdout)

    def test_a_bad_setting_is_a_usage_error(self):
        with tempfile.TemporaryDirectory() as d:
            os.makedirs(os.path.join(d, "ml"))
            env = dict(os.environ, LEARNER="/bin/true", LEARNER_RATINGS="/bin/true", FOLDS="1 x")
            done = subprocess.run([sys.executable, os.path.join(helpers.SCRIPTS, "bench", "ratings_multiclass"),
                                   os.path.join(d, "ml")], env=env, capture_output=True, text=True)
            self.assertEqual(done.returncode, 2)
            self.assertIn("FOLDS='1 x' is not a list of integers", done.stderr)


if __name__ == "__main__":
    unittest.main()
