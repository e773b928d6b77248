"""Metric code of the classifiers benchmark: accuracy, grid, choice, rates, the cut."""
import math
import os
import tempfile
import unittest

import helpers  # noqa: F401  (puts the driver on sys.path)
import data
import metrics


class Accuracy(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()

    def tearDown(self):
        self.dir.cleanup()

    def files(self, labels, preds):
        paths = []
        for name, text in (("labels", labels), ("preds", preds)):
            paths.append(os.path.join(self.dir.name, name))
            with open(paths[-1], "w") as f:
                f.write(text)
        return paths

    def test_binary_counts_by_sign(self):
        labels, preds = self.files("1 | a\n-1 | b\n1 | c\n-1 | d\n", "0.3\n-2\n-0.1\n0\n")
        self.assertEqual(metrics.accuracy(labels, preds, binary=True), 0.75)

    def test_multiclass_needs_the_class_id(self):
        labels, preds = self.files("3 1:1\n1 2:1\n2 |w x\n", "3.000000\n2\n2 tag\n")
        self.assertAlmostEqual(metrics.accuracy(labels, preds, binary=False), 2 / 3)

    def test_count_mismatch_is_an_error(self):
        labels, preds = self.files("1 | a\n2 | b\n", "1\n")
        with self.assertRaisesRegex(metrics.MetricError, "1 predictions for 2 labels"):
            metrics.accuracy(labels, preds, binary=False)

    def test_non_numbers_are_errors(self):
        for bad in ("x", "nan", "inf", ""):
            with self.subTest(bad=bad):
                labels, preds = self.files("1 | a\n2 | b\n", f"1\n{bad}\n")
                with self.assertRaisesRegex(metrics.MetricError, ":2: "):
                    metrics.accuracy(labels, preds, binary=False)

    def test_empty_is_an_error(self):
        labels, preds = self.files("", "")
        with self.assertRaises(metrics.MetricError):
            metrics.accuracy(labels, preds, binary=True)


class Choice(unittest.TestCase):
    def test_grid_points_first_key_slowest(self):
        self.assertEqual(metrics.grid_points({"-c": [1, 10], "-g": [0.5, 1]}),
                         [{"-c": 1, "-g": 0.5}, {"-c": 1, "-g": 1}, {"-c": 10, "-g": 0.5}, {"-c": 10, "-g": 1}])
        self.assertEqual(metrics.grid_points({}), [{}])

    def test_median(self):
        self.assertEqual(metrics.median([3, 1, 2]), 2)
        self.assertEqual(metrics.median([4, 1, 3, 2]), 2.5)
        self.assertTrue(math.isnan(metrics.median([])))

    def test_best_prefers_the_earliest_on_a_tie(self):
        self.assertEqual(metrics.best([("a", 0.5), ("b", 0.7), ("c", 0.7)]), ("b", 0.7))
        self.assertIsNone(metrics.best([]))

    def test_rates(self):
        self.assertEqual(metrics.examples_per_s(1000, 3, 2.0), 1500)
        self.assertTrue(math.isinf(metrics.examples_per_s(10, 1, 0)))
        self.assertEqual(metrics.mean([1, 2, 6]), 3)
        self.assertTrue(math.isnan(metrics.mean([])))


class Cut(unittest.TestCase):
    def test_seeded_and_last_fraction_is_validation(self):
        lines = [f"{i}\n" for i in range(10)]
        shuffled, fit, valid = data.cut(lines, seed=12, fraction=0.2)
        self.assertEqual(sorted(shuffled), sorted(lines))
        self.assertEqual((fit, valid), (shuffled[:8], shuffled[8:]))
        self.assertEqual(data.cut(lines, seed=12, fraction=0.2)[0], shuffled)
        self.assertNotEqual(data.cut(lines, seed=13, fraction=0.2)[0], shuffled)
        self.assertEqual(lines[0], "0\n")  # the input is not shuffled in place


if __name__ == "__main__":
    unittest.main()
