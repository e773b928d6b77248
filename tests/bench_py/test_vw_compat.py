"""The VW compatibility driver (scripts/bench/vw_compat): loss parsing, status classification,
the RESULT line, the command table's coverage of issue 15, and a run with fake tools."""
import json
import os
import stat
import subprocess
import sys
import tempfile
import unittest

import helpers

sys.path.insert(0, os.path.join(helpers.SCRIPTS, "bench"))
from vw_compat import commands as vc_commands  # noqa: E402
from vw_compat import report as vc_report  # noqa: E402
from vw_compat import runner as vc_runner  # noqa: E402

DRIVER = os.path.join(helpers.SCRIPTS, "bench", "vw_compat")


def load_json(path):
    with open(path) as f:
        return json.load(f)


class AverageLoss(unittest.TestCase):
    def test_vw_and_learner_summaries(self):
        self.assertEqual(vc_runner.average_loss("finished run\naverage loss = 0.153098\nbest constant = 0\n"), 0.153098)
        self.assertEqual(vc_runner.average_loss("average loss = 1.5e-03 h\n"), 0.0015)
        self.assertIsNone(vc_runner.average_loss("average loss = n.a.\n"))
        self.assertIsNone(vc_runner.average_loss("average  since  example\n"))
        # The last summary counts (one per run; a progress header is not a summary).
        self.assertEqual(vc_runner.average_loss("average loss = 2\naverage loss = 3\n"), 3.0)


class Classify(unittest.TestCase):
    def test_statuses(self):
        self.assertEqual(vc_runner.classify(0, ""), "ran")
        self.assertEqual(vc_runner.classify(2, "learner: unrecognised option '--ngram'\nTry 'learner --help'\n"),
                         "rejected: unknown flag --ngram")
        self.assertEqual(vc_runner.classify(1, "Error: unrecognized option '--foo'"), "rejected: unknown flag --foo")
        self.assertEqual(vc_runner.classify(2, "\nTry this\nlearner: bad --lrq 'ab'\n"), "error: learner: bad --lrq 'ab'")
        self.assertEqual(vc_runner.classify(134, ""), "error: exit status 134")
        # The preamble comes first: the failure's own line is reported, not "Num weight bits".
        self.assertEqual(vc_runner.classify(1, "Num weight bits = 18\nlearning rate = 0.5\n"
                                               "learner: error: m.dat:2: malformed label 'abc'\n"),
                         "error: learner: error: m.dat:2: malformed label 'abc'")
        self.assertEqual(vc_runner.classify(1, "Num weight bits = 18\nsomething went wrong\n"),
                         "error: something went wrong")
        self.assertEqual(vc_runner.classify(None, "", timed_out=True), "error: timed out")

    def test_data_file(self):
        self.assertEqual(vc_runner.data_files("-k -d train-sets/a.dat -c"), ["train-sets/a.dat"])
        self.assertEqual(vc_runner.data_files("--data=x.txt"), ["x.txt"])
        self.assertEqual(vc_runner.data_files("--no_stdin"), [])


class Report(unittest.TestCase):
    def row(self, name, mine, theirs, status="ran"):
        return {"name": name, "args": "-d x", "source": "s", "learner": {"status": status, "loss": mine},
                "vw": {"status": "ran", "loss": theirs}}

    def test_ratio_and_not_worse(self):
        self.assertAlmostEqual(vc_report.ratio(1.01, 1.0), 1.01)
        self.assertIsNone(vc_report.ratio(None, 1.0))
        self.assertEqual(vc_report.ratio(0.0, 0.0), 1.0)
        self.assertTrue(vc_report.not_worse(1.01, 1.0))
        self.assertFalse(vc_report.not_worse(1.0101, 1.0))
        self.assertFalse(vc_report.not_worse(None, 1.0))
        # Negative losses (contextual-bandit rewards): equal is not worse, 1% of the size is the slack.
        self.assertTrue(vc_report.not_worse(-0.5, -0.5))
        self.assertTrue(vc_report.not_worse(-0.496, -0.5))
        self.assertFalse(vc_report.not_worse(-0.49, -0.5))

    def test_result_line(self):
        rows = [self.row("a", 1.0, 1.0), self.row("b", 2.0, 1.0), self.row("c", None, 1.0, "rejected: unknown flag --x"),
                self.row("d", 0.5, None)]
        rows[0]["vw_ref"], rows[1]["vw_ref"], rows[2]["vw_ref"] = 0.9, 2.0, 1.0
        self.assertEqual(vc_report.summary(rows, True), "RESULT commands=4 ran=3 vw_ran=4 compared=2 not_worse=1 "
                                                        "ref_compared=2 ref_not_worse=1 pred_compared=0 pred_matched=0 "
                                                        "rejected=1")
        self.assertEqual(vc_report.summary(rows, False),
                         "RESULT commands=4 ran=3 not_worse=n/a ref_compared=2 ref_not_worse=1 pred_compared=0 "
                         "pred_matched=0 rejected=1")
        lines = vc_report.table(rows, True)
        self.assertEqual(lines[-1], vc_report.summary(rows, True))
        self.assertIn("2.000", lines[3])  # row b: ratio 2
        self.assertIn("rejected: unknown flag --x", lines[5])
        rows[0]["pred_ref"] = {"a.predict": "match", "b.predict": "differ: line 3"}
        self.assertIn("predictions b.predict: differ: line 3", "\n".join(vc_report.table(rows, True)))
        self.assertIn(" pred_compared=2 pred_matched=1 ", vc_report.summary(rows, True))


class ReferencePredictions(unittest.TestCase):
    """VW's reference prediction files (core.vwtest.json's diff_files) and their comparison."""

    def test_listing_and_comparison(self):
        with tempfile.TemporaryDirectory() as d:
            write(os.path.join(d, "core.vwtest.json"), json.dumps([
                {"id": 9, "diff_files": {"stderr": "s", "stdout": "o", "cs.predict": "train-sets/ref/cs.predict"}},
                {"id": 10, "diff_files": {"stderr": "s"}}]))
            self.assertEqual(vc_runner.reference_predictions(d), {9: [("cs.predict", "train-sets/ref/cs.predict")]})
            ref, mine = os.path.join(d, "ref"), os.path.join(d, "mine")
            write(ref, "1\n0\n\n2:0,1:0.386194 tag\n0.333333\n")
            write(mine, "1\n0\n\n2:0,1:0.386253 tag\n0.333333\n")
            self.assertEqual(vc_runner.compare_predictions(mine, ref), "match")  # within 1e-3
            write(mine, "1\n0\n\n2:0,1:0.39 tag\n0.333333\n")
            self.assertEqual(vc_runner.compare_predictions(mine, ref), "differ: line 4")
            write(mine, "1\n0\n\n2:0,1:0.386194 other\n0.333333\n")
            self.assertEqual(vc_runner.compare_predictions(mine, ref), "differ: line 4")
            write(mine, "1\n0\n")
            self.assertEqual(vc_runner.compare_predictions(mine, ref), "differ: line 3")
            self.assertEqual(vc_runner.compare_predictions(os.path.join(d, "none"), ref), "missing")
            # A pdf's segments "left-right:value" are numbers too (VW's --cbzo -p).
            write(ref, "-0.144653514--0.144653484:16777216,0.055346493-0.0553465:67108864\n1e-05 a-b\n")
            write(mine, "-0.144653529--0.144653499:16777216,0.055346482-0.055346489:67108864\n1e-05 a-b\n")
            self.assertEqual(vc_runner.compare_predictions(mine, ref), "match")
            write(mine, "-0.144653529--0.154653499:16777216,0.055346482-0.055346489:67108864\n1e-05 a-b\n")
            self.assertEqual(vc_runner.compare_predictions(mine, ref), "differ: line 1")
            # Blanks around the whole file are not compared (VW's runner strips them); inside, they are.
            write(ref, "0:0.5,1:0.5")
            write(mine, "0:0.5,1:0.5\n\n")
            self.assertEqual(vc_runner.compare_predictions(mine, ref), "match")
            write(mine, "0:0.5\n\n1:0.5\n")
            self.assertEqual(vc_runner.compare_predictions(mine, ref), "differ: line 1")

    def test_vw_runners_rule(self):
        """The comparison is VW's test/run_tests.py's (--fuzzy_compare, VW's CI's --epsilon 0.001)."""
        same = vc_runner.same_line
        self.assertTrue(same("a:1:0.0155", "a:1:0.015755"))  # |difference| < 0.001
        self.assertFalse(same("a:1:0.0145", "a:1:0.015755"))
        self.assertTrue(same("10.009", "10"))  # above 1 the ratio decides: 9e-4 < 0.001
        self.assertFalse(same("1001.0005", "1000"))  # ratio to the reference 0.0010005 (the old rule passed it)
        self.assertTrue(same("Min label:-0.2779026", "Min label:-0.277903"))
        self.assertTrue(same("x=1.00001", "x=1"))  # '=' separates tokens
        self.assertFalse(same("E^1*E^2[1]:1:0.5", "E^1*E^2:1:0.5"))  # '[' ']' are delimiters
        self.assertFalse(same("Id x", "Id"))  # token counts differ
        self.assertTrue(same("inf nan", "-inf nan"))  # as VW's runner: any two infinities
        with tempfile.TemporaryDirectory() as d:
            ref, mine = os.path.join(d, "ref.json"), os.path.join(d, "mine.json")
            write(ref, '{"a": 1, "b": 0.0, "c": {"d": 2.5}}')
            write(mine, '{"c": {"d": 2.5004}, "b": 0.0, "a": 1}')
            self.assertEqual(vc_runner.compare_predictions(mine, ref), "match")
            write(mine, '{"a": 1.0, "b": 0.0, "c": {"d": 2.5}}')  # an integer is not a float
            self.assertTrue(vc_runner.compare_predictions(mine, ref).startswith("differ: a: type"))
            write(mine, '{"a": 1, "b": 0.0, "c": {"d": 2.5}, "e": 1}')
            self.assertTrue(vc_runner.compare_predictions(mine, ref).startswith("differ: root: keys"))
            write(mine, '{"a": 1, "b": 0.0, "c": {"d": 2.502}}')
            self.assertTrue(vc_runner.compare_predictions(mine, ref).startswith("differ: d:"))


class Table(unittest.TestCase):
    ISSUE_15_FLAGS = ("ngram skips affix spelling dictionary redefine leave_duplicate_interactions audit "
                      "audit_regressor invert_hash json dsjson csv csv_header csv_separator csv_ns_value chain_hash "
                      "initial_weight random_weights normal_weights truncated_normal_weights sparse_weights "
                      "feature_mask constant no_stdin onethread example_queue_limit noop print named_labels "
                      "indexing multilabel_oaa classweight rank lrq lrqdropout lrqfa").split()

    def test_at_least_sixty_unique_commands_with_sources(self):
        names = [c[0] for c in vc_commands.COMMANDS]
        self.assertGreaterEqual(len(names), 60)
        self.assertEqual(len(names), len(set(names)))
        for name, args, source, _covers in vc_commands.COMMANDS:
            self.assertTrue(source, name)
            self.assertNotIn("\n", args, name)

    def test_every_issue_15_flag_is_covered(self):
        used = set()
        for _name, args, _source, _covers in vc_commands.COMMANDS:
            used.update(w[2:].split("=")[0] for w in args.split() if w.startswith("--"))
        self.assertEqual([f for f in self.ISSUE_15_FLAGS if f not in used], [])
        self.assertTrue(any(" -P " in " " + c[1] + " " for c in vc_commands.COMMANDS))

    @unittest.skipUnless(os.environ.get("VW_TEST_DATA"), "needs VW_TEST_DATA (VW's test folder)")
    def test_test_suite_rows_are_vw_verbatim(self):
        tests = {t["id"]: t.get("vw_command", "")
                 for t in load_json(os.path.join(os.environ["VW_TEST_DATA"], "core.vwtest.json"))}
        for name, args, source, _covers in vc_commands.COMMANDS:
            if source.startswith("core.vwtest.json #"):
                self.assertEqual(args.split(), tests[int(source.split("#")[1])].split(), name)


def write(path, text):
    with open(path, "w") as f:
        f.write(text)


def fake_tool(directory, name, loss):
    path = os.path.join(directory, name)
    with open(path, "w") as f:
        f.write("#!/bin/sh\n"
                'for a in "$@"; do [ "$a" = "--nope" ] && { echo "unrecognised option \'--nope\'" >&2; exit 2; }; done\n'
                "touch train-sets/written.cache\n"
                f'echo "average loss = {loss}" >&2\n')
    os.chmod(path, stat.S_IRWXU)
    return path


class Run(unittest.TestCase):
    def test_mirror_keeps_outputs_out_of_the_test_folder(self):
        with tempfile.TemporaryDirectory() as d:
            src, work = os.path.join(d, "test"), os.path.join(d, "work")
            os.makedirs(os.path.join(src, "train-sets", "ref"))
            write(os.path.join(src, "train-sets", "a.dat"), "1 | a\n")
            write(os.path.join(src, "train-sets", "ref", "b.stderr"), "x")
            write(os.path.join(src, "train-sets", "a.dat.cache"), "stale")
            vc_runner.mirror_test_data(src, work)
            self.assertTrue(os.path.islink(os.path.join(work, "train-sets", "a.dat")))
            self.assertTrue(os.path.islink(os.path.join(work, "train-sets", "ref", "b.stderr")))
            self.assertFalse(os.path.lexists(os.path.join(work, "train-sets", "a.dat.cache")))
            self.assertTrue(os.path.isdir(os.path.join(work, "models")))
            tool = fake_tool(d, "tool", 0.5)
            r = vc_runner.run(tool, "-d train-sets/a.dat", work, 10)
            self.assertEqual((r["status"], r["loss"]), ("ran", 0.5))
            self.assertEqual(sorted(os.listdir(os.path.join(src, "train-sets"))), ["a.dat", "a.dat.cache", "ref"])
            self.assertEqual(vc_runner.run(tool, "-d train-sets/none.dat", work, 10)["status"],
                             "error: no data file train-sets/none.dat")

    def test_driver_end_to_end_with_fake_tools(self):
        with tempfile.TemporaryDirectory() as d:
            src = os.path.join(d, "test")
            os.makedirs(os.path.join(src, "train-sets"))
            for f in ("0002.dat", "0002_25.dat"):
                write(os.path.join(src, "train-sets", f), "1 | a\n")
            # VW's test listing with one reference: its test 3 (row t3) expects 0.9, which the fake
            # learner's 1.005 is above (while within 1% of the fake VW's 1.0).
            os.makedirs(os.path.join(src, "train-sets", "ref"))
            write(os.path.join(src, "train-sets", "ref", "0002.stderr"), "average loss = 0.9\n")
            write(os.path.join(src, "core.vwtest.json"),
                  json.dumps([{"id": 3, "diff_files": {"stderr": "train-sets/ref/0002.stderr"}}, {"id": 4}]))
            env = dict(os.environ, LEARNER=fake_tool(d, "learner", 1.005), VW=fake_tool(d, "vw", 1.0),
                       ONLY="t3 t568 t680 sparse")
            out = os.path.join(d, "out")
            os.makedirs(out)
            done = subprocess.run([sys.executable, DRIVER, src, out], env=env, capture_output=True, text=True)
            self.assertEqual(done.returncode, 0, done.stderr)
            last = done.stdout.strip().splitlines()[-1]
            self.assertEqual(last, "RESULT commands=4 ran=4 vw_ran=4 compared=4 not_worse=4 ref_compared=1 "
                                   "ref_not_worse=0 pred_compared=0 pred_matched=0 rejected=0")
            rows = load_json(os.path.join(out, "results.json"))
            self.assertEqual([r["name"] for r in rows], ["t3", "t568", "t680", "sparse"])
            self.assertIn("1.005", done.stdout)


if __name__ == "__main__":
    unittest.main()
