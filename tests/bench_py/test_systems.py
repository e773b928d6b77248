"""Command building and failure classification of the classifiers driver; the table's shape."""
import os
import stat
import tempfile
import unittest

import helpers  # noqa: F401
import experiments
import systems


class Flags(unittest.TestCase):
    def test_passes_add_holdout_off_past_one(self):
        self.assertEqual(systems.point_flags("learner", {"-l": 2, "passes": 1}), ["-l", "2"])
        self.assertEqual(systems.point_flags("learner", {"passes": 3}), ["--passes", "3", "--holdout_off"])
        self.assertEqual(systems.point_flags("libsvm", {"-c": 10, "-g": 0.5}), ["-c", "10", "-g", "0.5"])
        self.assertEqual(systems.point_flags("learner", {"--mira_margin": True, "passes": 1}), ["--mira_margin"])
        self.assertEqual(systems.point_flags("learner", {"--mira_margin": False}), [])


class DatasetFlags(unittest.TestCase):
    def test_a_grid_flag_replaces_the_datasets(self):
        import evaluate
        r8 = next(d for d in experiments.DATASETS if d.name == "r8")
        self.assertEqual(r8.learner_flags, "-b 22")
        mira = next(r for r in experiments.ROWS if r.name == "mira_avg")
        perceptron = next(r for r in experiments.ROWS if r.name == "perceptron_avg" and "r8" in r.datasets)
        self.assertEqual(evaluate._flags(mira, r8), ["--mira", "8"])
        self.assertEqual(experiments.grid_for(mira, "r8")["-b"], [18, 22])
        self.assertEqual(evaluate._flags(perceptron, r8), ["--oaa", "8", "--perceptron", "--averaged", "-b", "22"])
        pendigits = next(d for d in experiments.DATASETS if d.name == "pendigits")
        self.assertEqual(evaluate._flags(mira, pendigits), ["--mira", "10"])


class Failures(unittest.TestCase):
    def run_fake(self, status, message):
        with tempfile.TemporaryDirectory() as d:
            fake = os.path.join(d, "fake")
            with open(fake, "w") as f:
                f.write(f'#!/bin/sh\necho "{message}" >&2\necho "Try --help" >&2\nexit {status}\n')
            os.chmod(fake, stat.S_IRWXU)
            return systems.learner_train({"learner": fake}, ["--x"], "train", "model", os.path.join(d, "log"))

    def test_unknown_option_is_unavailable(self):
        with self.assertRaisesRegex(systems.Unavailable, "^learner: unrecognised option '--kernel'$"):
            self.run_fake(2, "learner: unrecognised option '--kernel'")

    def test_other_failures_are_errors(self):
        with self.assertRaisesRegex(systems.RunError, "exit status 1"):
            self.run_fake(1, "learner: unrecognised option '--kernel'")
        with self.assertRaisesRegex(systems.RunError, "exit status 2"):
            self.run_fake(2, "learner: --passes needs a file")

    def test_success_returns_wall_and_cpu_seconds(self):
        timing = self.run_fake(0, "fine")
        self.assertGreaterEqual(timing.wall, 0)
        self.assertGreaterEqual(timing.cpu, 0)


class Timed(unittest.TestCase):
    def test_median_of_runs_each_without_a_cache(self):
        import evaluate
        with tempfile.TemporaryDirectory() as d:
            train = os.path.join(d, "train.vw")
            walls = iter([3.0, 1.0, 2.0])
            seen = []

            def run():
                seen.append(os.path.exists(train + ".cache"))
                with open(train + ".cache", "w") as f:
                    f.write("x")
                return systems.Timing(next(walls), 0.5)

            timing = evaluate._timed(run, train, repeats=3)
        self.assertEqual(timing, systems.Timing(2.0, 0.5))
        self.assertEqual(seen, [False, False, False])


class Table(unittest.TestCase):
    def test_rows_name_known_datasets_and_systems(self):
        names = {d.name for d in experiments.DATASETS}
        for row in experiments.ROWS:
            self.assertLessEqual(set(row.datasets), names, row.name)
            self.assertIn(row.system, systems.SYSTEMS)
            for dataset in row.datasets:
                self.assertTrue(experiments.grid_for(row, dataset), (row.name, dataset))
        for _, dataset, row in experiments.RESULT:
            self.assertTrue(any(r.name == row and dataset in r.datasets for r in experiments.ROWS), row)

    def test_per_dataset_grids(self):
        row = experiments.Row("x", "learner", "", ("a", "b"), {"a": {"-l": [1]}, "b": {"-l": [2]}})
        self.assertEqual(experiments.grid_for(row, "b"), {"-l": [2]})
        flat = experiments.Row("y", "learner", "", ("a",), {"-l": [3]})
        self.assertEqual(experiments.grid_for(flat, "a"), {"-l": [3]})


if __name__ == "__main__":
    unittest.main()
