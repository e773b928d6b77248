"""The contextual-bandit benchmark driver (scripts/bench/bandits): the table's helpers, the
uniformly logged --cb_adf examples, the "not built" rule, and the whole driver on tiny
pendigits / R8 / a9a files with the real learner (LEARNER, else build/ or build-dev/ of the
repository; skipped when none is built), VW's columns played by learner itself."""
import json
import os
import random
import stat
import subprocess
import sys
import tempfile
import unittest

import helpers

sys.path.insert(0, os.path.join(helpers.SCRIPTS, "bench"))
from bandits import experiments as bx  # noqa: E402
from bandits import runs as br  # noqa: E402
from bandits import streams as bs  # noqa: E402
from bandits import replicates as brep  # noqa: E402

DRIVER = os.path.join(helpers.SCRIPTS, "bench", "bandits")


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


class Table(unittest.TestCase):
    def test_grid_points_in_order(self):
        self.assertEqual(bx.grid_points({"-l": [1, 2], "--epsilon": [0.1]}),
                         [[("-l", 1), ("--epsilon", 0.1)], [("-l", 2), ("--epsilon", 0.1)]])
        self.assertEqual(bx.grid_points({}), [[]])

    def test_flags_fill_in_the_class_count(self):
        row = bx.Row("r", "--cbify {K} --cb_explore_adf", "cbify")
        stream = bx.Stream("s", "cbify", 7, "x", "y")
        self.assertEqual(bx.flags_of(row, stream, [("-l", 0.5)]), ["--cbify", "7", "--cb_explore_adf", "-l", "0.5"])

    def test_every_issue_row_is_declared(self):
        names = {(r.kind, r.name) for r in bx.ROWS}
        for name in ("eps_greedy", "bag", "cover", "squarecb", "regcb"):
            self.assertIn(("cbify", name), names)
        for name in ("ips", "dr", "mtr"):
            self.assertIn(("logged", name), names)
        self.assertEqual({s.name for s in bx.STREAMS if s.kind == "cbify"}, {"pendigits", "r8", "a9a"})


class LoggedExamples(unittest.TestCase):
    def test_one_uniform_draw_labels_one_action_line(self):
        rng = random.Random(1)
        counts = [0] * 4
        for _ in range(400):
            text = bs.logged_example("3 | f1:0.5 f2:1", 4, rng)
            lines = text.split("\n")
            self.assertEqual(lines[0], "shared |s f1:0.5 f2:1")
            self.assertTrue(text.endswith("\n\n"))
            actions = lines[1:5]
            labelled = [i for i, ln in enumerate(actions) if not ln.startswith("|")]
            self.assertEqual(len(labelled), 1)
            a = labelled[0]
            counts[a] += 1
            self.assertEqual(actions[a], f"0:{0 if a == 2 else 1}:0.25 |a a{a + 1}")
        self.assertTrue(all(70 < c < 130 for c in counts), counts)  # uniform

    def test_named_namespace_becomes_s(self):
        text = bs.logged_example("2 |w champion:0.2 stock:0.3", 2, random.Random(0))
        self.assertTrue(text.startswith("shared |s champion:0.2 stock:0.3\n"))


def write_tool(folder, name, body):
    path = os.path.join(folder, name)
    with open(path, "w") as f:
        f.write("#!/bin/sh\n" + body)
    os.chmod(path, os.stat(path).st_mode | stat.S_IEXEC)
    return path


class Runs(unittest.TestCase):
    def test_refused_flag_is_not_built_other_failures_are_errors(self):
        with tempfile.TemporaryDirectory() as d:
            log = os.path.join(d, "log")
            refuses = write_tool(d, "refuses", "echo \"learner: unrecognised option '--bag'\" >&2; exit 2\n")
            with self.assertRaises(br.NotBuilt) as caught:
                br.run(refuses, ["--bag", "4"], "x", 1, log)
            self.assertIn("--bag", str(caught.exception))
            fails = write_tool(d, "fails", "echo 'learner: x.vw:3: bad label' >&2; exit 1\n")
            with self.assertRaises(br.RunError):
                br.run(fails, [], "x", 1, log)
            bad_value = write_tool(d, "bad_value", "echo 'learner: --epsilon must be in [0, 1]' >&2; exit 2\n")
            with self.assertRaises(br.RunError):
                br.run(bad_value, [], "x", 1, log)
            ok = write_tool(d, "ok", "echo 'average loss = 0.25' >&2\n")
            result = br.run(ok, [], "x", 10, log)
            self.assertEqual(result.loss, 0.25)
            self.assertGreater(result.examples_per_s, 0)


class Replicates(unittest.TestCase):
    def test_a_row_is_the_mean_over_its_shuffles(self):
        runs = [{"loss": 0.5, "valid_loss": 0.4, "flags": "-l 0.1", "seconds": 1.0, "examples": 100},
                {"loss": 0.7, "valid_loss": 0.6, "flags": "-l 0.5", "seconds": 3.0, "examples": 100},
                {"loss": 0.6, "valid_loss": 0.5, "flags": "-l 0.1", "seconds": 1.0, "examples": 100}]
        row = brep.combine(runs)
        self.assertAlmostEqual(row["loss"], 0.6)
        self.assertAlmostEqual(row["loss_sd"], 0.1)
        self.assertEqual(row["losses"], [0.5, 0.7, 0.6])
        self.assertAlmostEqual(row["valid_loss"], 0.5)
        self.assertAlmostEqual(row["examples_per_s"], 60.0)  # 300 examples in 5 s
        self.assertEqual(row["flags"], "-l 0.1 (x2), -l 0.5 (x1)")
        self.assertEqual(brep.combine(runs[:1])["flags"], "-l 0.1")
        self.assertEqual(brep.combine(runs[:1])["loss_sd"], 0.0)

    def test_default_is_stated_in_the_script(self):
        self.assertIn(f"[default: {bx.REPLICATES}]", slurp(os.path.join(helpers.SCRIPTS, "bench", "bandits.sh")))


@unittest.skipUnless(find_learner(), "learner is not built")
class Driver(unittest.TestCase):
    def test_tiny_streams_with_vw_played_by_learner(self):
        rng = random.Random(3)
        with tempfile.TemporaryDirectory() as d:
            data, out = os.path.join(d, "data"), os.path.join(d, "out")
            for sub in ("pendigits", "r8", "a9a"):
                os.makedirs(os.path.join(data, sub))
            with open(os.path.join(data, "pendigits", "pendigits.tra"), "w") as f:
                for _ in range(60):
                    c = rng.randrange(10)
                    pixels = [rng.randrange(101) for _ in range(16)]
                    pixels[c] = 100
                    f.write(",".join(map(str, pixels)) + "," + "".join("1" if i == c else "0" for i in range(10)) + "\n")
            with open(os.path.join(data, "r8", "r8-train-all-terms.txt"), "w") as f:
                f.write("Class\tExample\n")
                for _ in range(40):
                    c = rng.choice(["acq", "earn", "trade"])
                    f.write(f"{c}\t{c}word some text {rng.choice(['a', 'b'])}\n")
            with open(os.path.join(data, "a9a", "a9a"), "w") as f:
                for _ in range(50):
                    y = rng.choice([-1, 1])
                    f.write(f"{y} {2 if y > 0 else 3}:1 {rng.randrange(4, 9)}:1\n")
            learner = os.path.abspath(find_learner())
            env = dict(os.environ, LEARNER=learner, VW=learner, OUT_DIR=out, LEARNER_DATA=data, REPLICATES="2")
            done = subprocess.run(["bash", os.path.join(helpers.SCRIPTS, "bench", "bandits.sh")], env=env,
                                  capture_output=True, text=True, timeout=600)
            self.assertEqual(done.returncode, 0, done.stderr[-2000:])
            last = done.stdout.strip().splitlines()[-1]
            self.assertTrue(last.startswith("RESULT rows=19 replicates=2 "), last)
            fields = dict(item.split("=") for item in last.split()[1:])
            # The rows learner has run since issue 31's first part; the same binary as "VW" is never worse.
            for name in ("pendigits_eps_greedy", "r8_eps_greedy", "a9a_eps_greedy"):
                self.assertTrue(0.0 <= float(fields[name]) <= 1.0, name)  # the realised 0/1 cost
            for name in ("pendigits_log_ips", "pendigits_log_dr", "pendigits_log_mtr", "pendigits_log_explore_adf"):
                self.assertNotEqual(fields[name], "nan", name)  # off-policy estimates: up to 1/p
            self.assertEqual(int(fields["errors"]), 0)
            self.assertEqual(int(fields["ran"]) + int(fields["not_built"]), 19)
            self.assertEqual(fields["vw_compared"], fields["ran"])
            self.assertEqual(fields["not_worse"], fields["ran"])
            records = json.loads(slurp(os.path.join(out, "results.json")))
            self.assertEqual(len(records), 19)
            for r in records:
                a = r["learner"]
                self.assertEqual(r["replicates"], 2)
                if a["status"] == "ok":
                    # The mean over two shuffles (seeds 31 and 32), each tuned on its own validation cut.
                    self.assertEqual(len(a["losses"]), 2)
                    self.assertAlmostEqual(a["loss"], sum(a["losses"]) / 2)
                    self.assertEqual(len(a["replicate_flags"]), 2)
                    # Chosen on the validation cut: one of the grid's rates, and the reported run is the rest.
                    self.assertRegex(a["flags"], r"-l (0\.1|0\.5|2\.0)")
                    self.assertEqual(r["examples"], {"a9a": 40, "r8": 32, "pendigits": 48,
                                                     "pendigits_log": 48}[r["stream"]])
                else:
                    self.assertEqual(a["status"], "not built")
            self.assertTrue(os.path.exists(os.path.join(out, "table.txt")))


if __name__ == "__main__":
    unittest.main()
