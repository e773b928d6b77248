"""The MovieLens bandit simulation (scripts/bench/movielens_bandit): the rounds, the files both
tools read, the rewards read back from -p, and the whole driver on a tiny generated u.data with
the real learner (LEARNER, else build/ or build-dev/; skipped when none is built), VW's rows
played by learner itself."""
import json
import os
import random
import subprocess
import sys
import tempfile
import unittest

import helpers

sys.path.insert(0, os.path.join(helpers.SCRIPTS, "bench"))
from movielens_bandit import experiments as mx  # noqa: E402
from movielens_bandit import simulation as ms  # noqa: E402


def slurp(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def find_learner():
    path = os.environ.get("LEARNER")
    if path:
        return path
    for build in ("build", "build-dev"):
        candidate = os.path.join(helpers.ROOT, build, "learner")
        if os.access(candidate, os.X_OK):
            return candidate
    return None


def tiny_u_data(folder, users=30, items=40, per_user=14, seed=2):
    """Users of two tastes: a user likes (4 or 5) the items of its parity, else 1 or 2."""
    rng = random.Random(seed)
    path = os.path.join(folder, "u.data")
    with open(path, "w") as f:
        for u in range(1, users + 1):
            for i in rng.sample(range(1, items + 1), per_user):
                rating = rng.choice([4, 5]) if u % 2 == i % 2 else rng.choice([1, 2])
                f.write(f"{u}\t{i}\t{rating}\t{880000000 + u * 100 + i}\n")
    return path


class Rounds(unittest.TestCase):
    def test_candidates_are_distinct_rated_items_with_their_reward(self):
        with tempfile.TemporaryDirectory() as d:
            path = tiny_u_data(d)
            ratings = {(u, i): r for u, rated in ms.read_ratings(path).items() for i, r in rated}
            rs = ms.rounds(path, 200, 10, 4, 1)
            self.assertEqual(len(rs), 200)
            for user, candidates in rs:
                self.assertEqual(len({i for i, _ in candidates}), 10)
                for item, reward in candidates:
                    self.assertEqual(reward, 1 if ratings[(user, item)] >= 4 else 0)
            self.assertEqual(rs, ms.rounds(path, 200, 10, 4, 1))  # seeded

    def test_files_and_rewards_read_back(self):
        rs = [(7, [(3, 1), (9, 0), (4, 0)]), (2, [(5, 0), (6, 1), (8, 1)])]
        with tempfile.TemporaryDirectory() as d:
            shared, inline, preds = (os.path.join(d, n) for n in ("s.vw", "i.vw", "p"))
            ms.write(rs, shared, True)
            ms.write(rs, inline, False)
            self.assertEqual(slurp(shared), "shared |u u7\n1:0 |a i3\n2:1 |a i9\n3:1 |a i4\n\n"
                             "shared |u u2\n1:1 |a i5\n2:0 |a i6\n3:0 |a i8\n\n")
            self.assertTrue(slurp(inline).startswith("1:0 |u u7 |a i3\n"))
            with open(preds, "w") as f:
                f.write("0\n2\n0\n\n0\n0\n3\n")
            self.assertEqual(ms.earned(preds, rs), [0, 1])
            with open(preds, "w") as f:
                f.write("0\n2\n1\n0\n0\n3\n")  # two drawn in round 1
            with self.assertRaises(ValueError):
                ms.earned(preds, rs)
        self.assertEqual(ms.uniform_reward(rs), [1 / 3, 2 / 3])
        self.assertEqual(ms.oracle_reward(rs), [1, 1])

    def test_table(self):
        self.assertEqual(mx.flags("-q ua", 0.1, [("-l", 2)]), ["--cbify_ldf", "--epsilon", "0.1", "-q", "ua", "-l", "2"])
        # A "+" key's value is a whole flag string.
        self.assertEqual(mx.flags("", 0.1, [("+start", "--a 0 --b 1"), ("+x", "")]),
                         ["--cbify_ldf", "--epsilon", "0.1", "--a", "0", "--b", "1"])
        self.assertIn("--sgd", " ".join(r[2] for r in mx.WEIGHT_ROWS))
        self.assertEqual([r[0] for r in mx.MAIN_ROWS], ["dotproduct", "q", "linear", "vw_lrq", "vw_q"])


@unittest.skipUnless(find_learner(), "learner is not built")
class Driver(unittest.TestCase):
    def test_tiny_u_data(self):
        with tempfile.TemporaryDirectory() as d:
            tiny_u_data(d)
            out = os.path.join(d, "out")
            learner = os.path.abspath(find_learner())
            # VW's rows run learner with --lrq (learner's VW spelling of the dyadic model).
            env = dict(os.environ, LEARNER=learner, VW=learner, OUT_DIR=out, ROUNDS="400")
            done = subprocess.run(["bash", os.path.join(helpers.SCRIPTS, "bench", "movielens_bandit.sh"), d],
                                  env=env, capture_output=True, text=True, timeout=600)
            self.assertEqual(done.returncode, 0, done.stderr[-2000:])
            last = done.stdout.strip().splitlines()[-1]
            fields = dict(item.split("=") for item in last.split()[1:])
            self.assertEqual(fields["rounds"], "400")
            names = ["main_dotproduct", "main_q", "main_linear", "main_vw_lrq", "main_vw_q"] + [
                f"weights_eps{e}_{r[0]}" for e in mx.WEIGHT_EPSILONS for r in mx.WEIGHT_ROWS]
            for name in names:
                self.assertIn(name, fields, last)
                self.assertTrue(0.0 <= float(fields[name]) <= float(fields["oracle"]), name)
            # The tastes are learnable from the user x item pair: -q ua beats drawing uniformly.
            self.assertGreater(float(fields["main_q"]), float(fields["uniform"]) + 0.05, last)
            # Settings are chosen on a validation stream of its own, as long as the reported one, drawn
            # with another seed: never the reported rounds nor a cut of them.
            valid, rest = (slurp(os.path.join(out, "work", f"{p}_shared.vw")) for p in ("valid", "rest"))
            rounds_of = lambda text: [r for r in text.split("\n\n") if r.strip()]  # noqa: E731
            self.assertEqual(len(rounds_of(valid)), 400)
            self.assertEqual(len(rounds_of(rest)), 400)
            self.assertNotEqual(rounds_of(valid)[:20], rounds_of(rest)[:20])
            expected = os.path.join(d, "expected.vw")
            ms.write(ms.rounds(os.path.join(d, "u.data"), 400, mx.CANDIDATES, mx.LIKED, mx.SEED), expected, True)
            self.assertEqual(rest, slurp(expected))
            ms.write(ms.rounds(os.path.join(d, "u.data"), 400, mx.CANDIDATES, mx.LIKED, mx.VALID_SEED), expected, True)
            self.assertEqual(valid, slurp(expected))
            records = json.loads(slurp(os.path.join(out, "results.json")))
            self.assertEqual(len(records), len(names))
            self.assertTrue(all(r["status"] == "ok" for r in records))
            for experiment in ["main"] + [f"weights_eps{e}" for e in mx.WEIGHT_EPSILONS]:
                dat = os.path.join(out, f"curve_{experiment}.dat")
                rows = [ln.split() for ln in slurp(dat).splitlines() if not ln.startswith("#")]
                self.assertEqual(rows[-1][0], "400")
                # Cumulative: never decreasing, at most one per round.
                for a, b in zip(rows, rows[1:]):
                    for x, y in zip(a[1:], b[1:]):
                        self.assertLessEqual(float(x), float(y))
                self.assertLessEqual(max(float(x) for x in rows[-1][1:]), 400)


if __name__ == "__main__":
    unittest.main()
