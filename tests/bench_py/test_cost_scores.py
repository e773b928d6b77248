"""Metric code of the cost-learning benchmark: confusion, accuracy, macro-F1, MAE, the cost table."""
import importlib.util
import math
import os
import subprocess
import sys
import tempfile
import unittest

import helpers  # puts the classifiers driver (metrics) on sys.path
from metrics import MetricError

# Loaded by path: the cost-learning folder also has an experiments.py, which must not shadow the
# classifiers driver's for the other tests of this process.
_spec = importlib.util.spec_from_file_location(
    "cost_scores", os.path.join(helpers.SCRIPTS, "bench", "cost_learning", "scores.py"))
scores = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(scores)


class Scores(unittest.TestCase):
    def test_golden_confusion_and_scores(self):
        truth = [1, 1, 1, 2, 2, 3]
        pred = [1, 1, 2, 2, 3, 3]
        m = scores.confusion(truth, pred, 3)
        self.assertEqual(m, [[2, 1, 0], [0, 1, 1], [0, 0, 1]])
        self.assertAlmostEqual(scores.accuracy(m), 4 / 6)
        # F1: class 1 = 4/5, class 2 = 2/4, class 3 = 2/3.
        self.assertAlmostEqual(scores.macro_f1(m), (0.8 + 0.5 + 2 / 3) / 3)
        self.assertAlmostEqual(scores.mae(m), 2 / 6)

    def test_constant_predictor_has_low_macro_f1(self):
        truth = [1] * 90 + [2] * 10
        s = scores.all_scores(truth, [scores.majority(truth)] * 100, 2)
        self.assertEqual(s["accuracy"], 0.9)
        self.assertAlmostEqual(s["macro_f1"], (2 * 90 / (180 + 10)) / 2)  # class 2 never predicted: F1 0

    def test_perfect_and_absent_classes(self):
        m = scores.confusion([1, 2], [1, 2], 3)
        self.assertEqual(scores.accuracy(m), 1.0)
        self.assertAlmostEqual(scores.macro_f1(m), 2 / 3)  # class 3: no truth, no prediction
        self.assertEqual(scores.mae(m), 0.0)

    def test_majority_ties_go_to_the_smaller_class(self):
        self.assertEqual(scores.majority([3, 2, 3, 2, 1]), 2)

    def test_bad_predictions_are_errors(self):
        with tempfile.TemporaryDirectory() as d:
            labels, preds = os.path.join(d, "l"), os.path.join(d, "p")
            with open(labels, "w") as f:
                f.write("1 |a x\n2 |a y\n")
            for text in ("1\n3\n", "1\n1.5\n", "1\n", "1\nnan\n"):
                with open(preds, "w") as f:
                    f.write(text)
                with self.assertRaises(MetricError, msg=text):
                    scores.read_pairs(labels, preds, 2)
            with open(preds, "w") as f:
                f.write("2\n2\n")
            self.assertEqual(scores.read_pairs(labels, preds, 2), ([1, 2], [2, 2]))

    def test_cost_matrix_from_tables(self):
        unordered = "factor v_S |S_M| n_S\n1-2 0.5 3 1\n1-3 0 4 1\n2-3 0.25 0 1\n"
        self.assertEqual(scores.cost_matrix(unordered, 3), [[0, 0.5, 0], [0.5, 0, 0.25], [0, 0.25, 0]])
        ordered = "updates = 3\nfactor v_S |S_M| n_S D_S\n1->2 0.1 0 1 0\n2->1 0.9 0 1 0\n"
        self.assertEqual(scores.cost_matrix(ordered, 2), [[0, 0.1], [0.9, 0]])
        with self.assertRaises(MetricError):
            scores.cost_matrix("1-4 0.5 0 1\n", 3)
        with self.assertRaises(MetricError):
            scores.cost_matrix("nothing here\n", 3)
        self.assertTrue(math.isnan(scores.accuracy([[0]])))


class PassSeconds(unittest.TestCase):
    """The speed table's wall time per pass is the mean of passes 2.., read from the cache or from
    memory (pass 1's copy, --pass_memory): a run whose later passes are all "(memory)" is timed."""

    def pass_seconds(self, summary):
        with tempfile.TemporaryDirectory() as d:
            fake = os.path.join(d, "learner")
            with open(fake, "w") as f:
                f.write(f"#!{sys.executable}\nimport sys\nsys.stderr.write({summary!r})\n")
            os.chmod(fake, 0o755)
            folder = os.path.join(helpers.SCRIPTS, "bench", "cost_learning")
            classifiers = os.path.join(helpers.SCRIPTS, "bench", "classifiers")
            code = (f"import sys\nsys.path.insert(0, {folder!r})\nsys.path.append({classifiers!r})\n"
                    "import speed\n"
                    f"print(speed.pass_seconds({{'learner': {fake!r}}}, [], 'train.vw', 3, {os.path.join(d, 'log')!r}))\n")
            return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)

    def test_memory_passes(self):
        done = self.pass_seconds("finished run\nseconds per pass = 0.300 (cache) 0.100 (memory) 0.200 (memory)\n")
        self.assertEqual(done.returncode, 0, done.stderr)
        cpu, wall = eval(done.stdout)
        self.assertAlmostEqual(wall, 0.15)
        self.assertGreaterEqual(cpu, 0)

    def test_cached_passes_and_no_times(self):
        done = self.pass_seconds("seconds per pass = 0.500 (text) 0.100 (cache) 0.300 (cache)\n")
        self.assertAlmostEqual(eval(done.stdout)[1], 0.2)
        done = self.pass_seconds("finished run\n")
        self.assertNotEqual(done.returncode, 0)
        self.assertIn("no times of passes after the first", done.stderr)


if __name__ == "__main__":
    unittest.main()
