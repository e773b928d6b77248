"""scripts/bench/dyadic_ensemble.py: how the members' predictions are combined."""
import math
import os
import subprocess
import sys
import unittest

import helpers

sys.path.insert(0, os.path.join(helpers.SCRIPTS, "bench"))
import dyadic_ensemble  # noqa: E402


class Combine(unittest.TestCase):
    def test_mean_for_squared_and_median_for_quantile(self):
        members = [["1", "4"], ["2", "5"], ["6", "3.5"]]
        self.assertEqual(dyadic_ensemble.combine(members, "squared"), ["3.0", "4.166666666666667"])
        self.assertEqual(dyadic_ensemble.combine(members, "quantile"), ["2.0", "4.0"])
        self.assertEqual(dyadic_ensemble.combine(members[:2], "quantile"), ["1.5", "4.5"])  # even: midpoint
        self.assertEqual(dyadic_ensemble.combine(members[:1], "squared"), ["1.0", "4.0"])

    def test_a_non_finite_member_stays_non_finite_under_the_mean(self):
        self.assertTrue(math.isnan(float(dyadic_ensemble.combine([["nan"], ["3"]], "squared")[0])))

    def test_members_of_different_lengths_are_an_error(self):
        with self.assertRaises(ValueError):
            dyadic_ensemble.combine([["1"], ["1", "2"]], "squared")
        with self.assertRaises(ValueError):
            dyadic_ensemble.combine([], "squared")

    def test_usage_error_exits_2(self):
        run = subprocess.run([sys.executable, os.path.join(helpers.SCRIPTS, "bench", "dyadic_ensemble.py"), "fit"],
                             capture_output=True, text=True)
        self.assertEqual(run.returncode, 2)
        self.assertIn("Usage", run.stderr)


if __name__ == "__main__":
    unittest.main()
