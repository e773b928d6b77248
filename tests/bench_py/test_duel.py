"""The classifiers driver's side-by-side timing (scripts/bench/classifiers/duel.py)."""
import os
import tempfile
import unittest

import helpers  # noqa: F401
import duel
import experiments
import systems


class Alternate(unittest.TestCase):
    def test_runs_alternate_each_without_a_cache_and_medians_are_per_side(self):
        with tempfile.TemporaryDirectory() as d:
            cache = os.path.join(d, "train.vw.cache")
            order = []
            walls = {"a": iter([0.3, 0.1, 0.2]), "b": iter([0.5, 0.4, 0.9])}

            def runner(name):
                def run():
                    order.append((name, os.path.exists(cache)))
                    with open(cache, "w") as f:
                        f.write("x")
                    return systems.Timing(next(walls[name]), 1.0 if name == "a" else 2.0)
                return run

            a, b = duel.alternate(runner("a"), runner("b"), 3, (cache,))
        self.assertEqual(order, [("a", False), ("b", False)] * 3)
        self.assertEqual(a, systems.Timing(0.2, 1.0))
        self.assertEqual(b, systems.Timing(0.5, 2.0))

    def test_record_and_line(self):
        d = duel.record("r8", "mira_avg", "liblinear_s4", systems.Timing(0.1, 0.12), systems.Timing(0.125, 0.12), 15)
        self.assertAlmostEqual(d["wall_ratio"], 0.8)
        self.assertAlmostEqual(d["cpu_ratio"], 1.0)
        self.assertEqual(duel.line(d), "DUEL r8 mira_avg/liblinear_s4: 0.100 s vs 0.125 s wall (ratio 0.80), "
                                       "0.120 s vs 0.120 s CPU (ratio 1.00), medians of 15 alternating runs")

    def test_duels_name_rows_of_the_table(self):
        for dataset, a, b in experiments.DUELS:
            for row in (a, b):
                self.assertTrue(any(r.name == row and dataset in r.datasets for r in experiments.ROWS), row)


if __name__ == "__main__":
    unittest.main()
