"""The outputs made from result records: CSV, table, kernel plot points, RESULT line."""
import csv
import os
import shutil
import tempfile
import unittest

import helpers  # noqa: F401
import report


def record(dataset, row, acc=None, status="ok", **extra):
    base = {"dataset": dataset, "row": row, "system": "learner", "flags": "--x", "status": status,
            "chosen": "-l 0.5", "valid_accuracy": acc, "test_accuracy": acc, "train_s": 0.5, "train_cpu_s": 0.5,
            "examples_per_s": 2000.0, "train_examples": 1000, "family": "", "budget": 0,
            "reason": "" if status == "ok" else "unrecognised option '--x'"}
    return {**base, **extra}


class Report(unittest.TestCase):
    def test_result_line_uses_nan_for_missing_rows(self):
        records = [record("r8", "mira_avg", 0.97351), record("a9a", "perceptron_avg", status="not available")]
        wanted = [("r8_mira_avg", "r8", "mira_avg"), ("a9a_perceptron_avg", "a9a", "perceptron_avg"),
                  ("pendigits_kernel", "pendigits", "kernel")]
        self.assertEqual(report.result_line(records, wanted),
                         "RESULT r8_mira_avg=0.9735 a9a_perceptron_avg=nan pendigits_kernel=nan")

    def test_sweep_lines_put_the_families_side_by_side(self):
        records = [record("pendigits", "s_b50", 0.9, family="rbf", budget=50),
                   record("pendigits", "s_avg_b50", 0.95, family="rbf, averaged", budget=50),
                   record("pendigits", "s_b100", 0.97, family="rbf", budget=100),
                   record("pendigits", "s_avg_b100", status="error", family="rbf, averaged", budget=100),
                   record("r8", "mira", 0.97)]
        self.assertEqual(report.sweep_lines(records),
                         ["SWEEP budget 50: rbf 0.9000, rbf, averaged 0.9500",
                          "SWEEP budget 100: rbf 0.9700, rbf, averaged -"])
        self.assertEqual(report.sweep_lines([record("r8", "mira", 0.97)]), [])

    def test_table_has_every_record(self):
        text = report.table([record("r8", "oaa_hinge", 0.96), record("a9a", "mira", status="not available")])
        lines = text.splitlines()
        self.assertEqual(len(lines), 3)
        self.assertIn("0.9600", lines[1])
        self.assertIn("not available", lines[2])
        self.assertIn("unrecognised option", lines[2])

    def test_kernel_points_draw_no_budget_at_the_training_size(self):
        records = [record("p", "k1", 0.9, family="rbf", budget=500, examples_per_s=1e4),
                   record("p", "k2", 0.9, family="rbf", budget=0, examples_per_s=1e3),
                   record("p", "k3", status="not available", family="poly", budget=500),
                   record("p", "lin", 0.9)]
        self.assertEqual(report.kernel_points(records), [("rbf", 500, 100.0), ("rbf", 1000, 1000.0)])

    def test_kernel_points_use_cpu_time_per_example(self):
        # 2 s of wall time for 2000 examples (passes included), of which 0.5 s on the CPU.
        records = [record("p", "k", 0.9, family="rbf", budget=500, examples_per_s=1000.0, train_s=2.0,
                          train_cpu_s=0.5)]
        self.assertEqual(report.kernel_points(records), [("rbf", 500, 250.0)])

    def test_csv_and_json_round_trip(self):
        records = [record("r8", "oaa_hinge", 0.96)]
        with tempfile.TemporaryDirectory() as d:
            report.write_json(records, os.path.join(d, "r.json"))
            self.assertEqual(report.read_json(os.path.join(d, "r.json")), records)
            report.write_csv(records, os.path.join(d, "r.csv"))
            with open(os.path.join(d, "r.csv")) as f:
                rows = list(csv.DictReader(f))
            self.assertEqual(rows[0]["test_accuracy"], "0.96")
            self.assertEqual(list(rows[0]), report.FIELDS)

    def test_no_plot_without_kernel_rows(self):
        with tempfile.TemporaryDirectory() as d:
            png = report.write_kernel_plot([record("r8", "x", 0.5)], *(os.path.join(d, n) for n in ("k.dat", "k.gp", "k.png")))
            self.assertIsNone(png)
            self.assertFalse(os.path.exists(os.path.join(d, "k.png")))

    @unittest.skipUnless(shutil.which("gnuplot"), "gnuplot is not installed")
    def test_plot_with_kernel_rows(self):
        records = [record("p", f"k{b}", 0.9, family=f, budget=b, examples_per_s=1e4 / (b or 8))
                   for f in ("rbf", "poly") for b in (500, 2000, 0)]
        with tempfile.TemporaryDirectory() as d:
            names = [os.path.join(d, n) for n in ("k.dat", "k.gp", "k.png")]
            self.assertEqual(report.write_kernel_plot(records, *names), names[2])
            with open(names[2], "rb") as f:
                self.assertEqual(f.read(4), b"\x89PNG")
            with open(names[0]) as f:
                self.assertIn("1000 800.000", f.read())  # no budget: at the training size


if __name__ == "__main__":
    unittest.main()
