"""The top-N benchmark driver (scripts/bench/topn): the experiment table's helpers, and the
whole driver on a tiny generated ratings.dat with the real learner-topn (LEARNER_TOPN, else
build/ or build-dev/ of the repository; skipped when none is built)."""
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import unittest

import helpers

sys.path.insert(0, os.path.join(helpers.SCRIPTS, "bench"))
from topn import experiments as tx  # noqa: E402
from topn import paired  # noqa: E402

DRIVER = os.path.join(helpers.SCRIPTS, "bench", "topn")
ROWS = ("dyadic", "rating_dyadic", "pop", "knn", "ials")


def find_topn():
    path = os.environ.get("LEARNER_TOPN")
    if path:
        return path
    for build in ("build", "build-dev"):
        candidate = os.path.join(helpers.ROOT, build, "learner-topn")
        if os.access(candidate, os.X_OK):
            return candidate
    return None


class Table(unittest.TestCase):
    def test_grid_points_in_order(self):
        self.assertEqual(tx.grid_points({"a": ["1", "2"], "b": ["x"]}), [{"a": "1", "b": "x"}, {"a": "2", "b": "x"}])
        self.assertEqual(tx.grid_points({}), [{}])

    def test_overrides(self):
        self.assertEqual(tx.overrides("dyadic:passes=2 ials:reg=3"), {"dyadic": {"passes": "2"}, "ials": {"reg": "3"}})
        with self.assertRaises(ValueError):
            tx.overrides("dyadic-passes")

    def test_every_issue_row_is_in_the_table(self):
        self.assertEqual([r[0] for r in tx.ROWS], ["dyadic", "rating_dyadic", "bpmf", "pop", "knn", "ials"])


def per_user_file(folder, name, header, rows):
    path = os.path.join(folder, name)
    with open(path, "w") as f:
        f.write("\t".join(header) + "\n")
        for row in rows:
            f.write("\t".join(str(c) for c in row) + "\n")
    return path


class Paired(unittest.TestCase):
    def test_hand_computed_two_folds(self):
        # Fold 1: d = 0.1, 0.3, -0.1 (mean 0.1, sample variance 0.04, over n = 3: 0.04 / 3);
        # fold 2: d = 0.2, 0.2 (mean 0.2, variance 0). D = 0.15, se = sqrt(0.04 / 3) / 2.
        with tempfile.TemporaryDirectory() as d:
            h = ["user", "precision", "ndcg"]
            a1 = paired.read_per_user(per_user_file(d, "a1", h, [[1, 0.5, 0], [2, 0.4, 0], [3, 0.1, 0]]))
            b1 = paired.read_per_user(per_user_file(d, "b1", h, [[3, 0.2, 0], [1, 0.4, 0], [2, 0.1, 0]]))
            a2 = paired.read_per_user(per_user_file(d, "a2", h, [[7, 0.3, 0], [8, 0.2, 0]]))
            b2 = paired.read_per_user(per_user_file(d, "b2", h, [[7, 0.1, 0], [8, 0.0, 0]]))
            r = paired.compare([a1, a2], [b1, b2], "precision")
        self.assertAlmostEqual(r["diff"], 0.15)
        self.assertAlmostEqual(r["se"], (0.04 / 3) ** 0.5 / 2)
        self.assertAlmostEqual(r["interval"][0], 0.15 - 1.959963984540054 * r["se"])
        self.assertEqual((r["users"], r["users_better"], r["users_worse"]), (5, 4, 1))
        self.assertTrue(r["distinguishable"])  # 0.15 > 1.96 * 0.0577
        same = paired.compare([a1], [a1], "ndcg")
        self.assertEqual((same["diff"], same["se"], same["distinguishable"]), (0.0, 0.0, False))

    def test_refuses_mismatched_inputs(self):
        with tempfile.TemporaryDirectory() as d:
            h = ["user", "hit"]
            a = paired.read_per_user(per_user_file(d, "a", h, [[1, 1], [2, 0]]))
            b = paired.read_per_user(per_user_file(d, "b", h, [[1, 1], [3, 0]]))
            with self.assertRaisesRegex(ValueError, "different users"):
                paired.compare([a], [b], "hit")
            with self.assertRaisesRegex(ValueError, "no column 'ndcg'"):
                paired.compare([a], [a], "ndcg")
            with self.assertRaisesRegex(ValueError, "same, non-zero number of folds"):
                paired.compare([a], [a, a], "hit")
            bad = per_user_file(d, "bad", h, [[1, 1], [1, 0]])
            with self.assertRaisesRegex(ValueError, "user 1 twice"):
                paired.read_per_user(bad)
            short = per_user_file(d, "short", h, [[1]])
            with self.assertRaisesRegex(ValueError, "short:2: 1 columns"):
                paired.read_per_user(short)
            with self.assertRaisesRegex(ValueError, "not a learner-topn --per_user file"):
                paired.read_per_user(per_user_file(d, "nohead", ["1", "1"], []))


@unittest.skipUnless(find_topn(), "learner-topn is not built")
class Driver(unittest.TestCase):
    def test_tiny_ratings_dat(self):
        rng = random.Random(5)
        lines = []
        for u in range(1, 41):
            group = u % 2
            for n, item in enumerate(rng.sample(range(1 + 30 * group, 31 + 30 * group), 12)):
                lines.append(f"{u}::{item}::{rng.choice([3, 4, 5])}::{1000 * u + n}\n")
        with tempfile.TemporaryDirectory() as d:
            data, out = os.path.join(d, "data"), os.path.join(d, "out")
            os.makedirs(data)
            with open(os.path.join(data, "ratings.dat"), "w") as f:
                f.writelines(lines)
            env = dict(os.environ, LEARNER_TOPN=find_topn(), LEARNER_BPMF="", TOPN_FOLDS="1 2",
                       TOPN_SET="dyadic:passes=3 dyadic:rank=4 rating_dyadic:passes=2 ials:iterations=2")
            done = subprocess.run([sys.executable, DRIVER, data, out], capture_output=True, text=True, env=env)
            self.assertEqual(done.returncode, 0, done.stderr[-2000:])
            result = done.stdout.strip().splitlines()[-1]
            self.assertTrue(result.startswith("RESULT "), result)
            keys = re.findall(r"(\w+)=", result)
            self.assertEqual(keys, [f"{r}_{k}" for r in ROWS for k in ("p10", "ndcg10", "hr10", "loo_ndcg10")])
            self.assertIn("Random folds u1,2", done.stdout)
            self.assertIn("Leave-one-out", done.stdout)
            with open(os.path.join(out, "results.json")) as f:
                record = json.load(f)
            self.assertEqual(list(record["results"]), list(ROWS))
            for row in record["results"].values():
                for key in ("p10", "ndcg10", "hr10", "loo_ndcg10"):
                    self.assertTrue(0 <= row[key] <= 1, (key, row[key]))
            # The grids were tuned on validation cuts: knn has a chosen neighbour count.
            self.assertIn(record["results"]["knn"]["settings_folds"]["neighbours"], ["20", "50", "100", "300", "1000"])
            self.assertTrue(os.path.isfile(os.path.join(out, "plot.gp")))
            # Two groups of items: the model that learns them beats popularity on this data.
            self.assertGreater(record["results"]["ials"]["p10"], record["results"]["pop"]["p10"])
            # A second run with the first run's settings tunes nothing and uses them.
            env["TOPN_SETTINGS_FROM"] = os.path.join(out, "results.json")
            out2 = os.path.join(d, "out2")
            done = subprocess.run([sys.executable, DRIVER, data, out2], capture_output=True, text=True, env=env)
            self.assertEqual(done.returncode, 0, done.stderr[-2000:])
            self.assertNotIn("validation", done.stderr)
            self.assertIn("carried over from", done.stdout)
            with open(os.path.join(out2, "results.json")) as f:
                second = json.load(f)["results"]
            for name in ROWS:
                self.assertEqual(second[name]["settings_folds"], record["results"][name]["settings_folds"])
            # Per-user files for every row, fold and leave-one-out; their means are the table's;
            # the paired table compares the dyadic row with each other row on the four figures.
            for name in ROWS:
                folds = [paired.read_per_user(os.path.join(out, "per_user", f"{name}.u{f}.tsv")) for f in (1, 2)]
                p10 = sum(sum(r["precision"] for r in fold.values()) / len(fold) for fold in folds) / 2
                self.assertAlmostEqual(p10, record["results"][name]["p10"], places=5)
                loo = paired.read_per_user(os.path.join(out, "per_user", f"{name}.loo.tsv"))
                self.assertAlmostEqual(sum(r["hit"] for r in loo.values()) / len(loo), record["results"][name]["hr10"],
                                       places=5)
            against = record["paired_with_dyadic"]
            self.assertEqual(list(against), [n for n in ROWS if n != "dyadic"])
            ials = against["ials"]["folds_precision"]
            self.assertAlmostEqual(ials["diff"], record["results"]["dyadic"]["p10"] - record["results"]["ials"]["p10"],
                                   places=5)
            self.assertIn("The dyadic row minus each row", done.stdout)


if __name__ == "__main__":
    unittest.main()
