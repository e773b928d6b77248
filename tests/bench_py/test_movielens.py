"""The MovieLens benchmark driver (scripts/bench/movielens): metrics with golden values, the
shuffle against the awk original, the report made from a results record, the ratings.dat
folds, the experiment table's grids, the choice of settings, and the whole driver run on a
tiny data folder with fake tools."""
import json
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

import helpers

sys.path.insert(0, os.path.join(helpers.SCRIPTS, "bench"))
from movielens import data as ml_data  # noqa: E402
from movielens import experiments as ml_experiments  # noqa: E402
from movielens import metrics as ml  # noqa: E402
from movielens import report as ml_report  # noqa: E402

DRIVER = os.path.join(helpers.SCRIPTS, "bench", "movielens")


class Shuffle(unittest.TestCase):
    def test_golden_keys(self):
        self.assertEqual([ml.shuffle_key(1, n) for n in range(1, 6)],
                         [1583748664, 930038246, 392645401, 365196423, 233621148])

    @unittest.skipUnless(shutil.which("awk") and shutil.which("bash"), "needs bash and awk")
    def test_same_order_as_the_awk_ml_shuffle(self):
        lines = [f"line {i}\n" for i in range(200)]
        with tempfile.TemporaryDirectory() as d:
            src, out = os.path.join(d, "in"), os.path.join(d, "out")
            with open(src, "w") as f:
                f.writelines(lines)
            lib = os.path.join(helpers.SCRIPTS, "bench", "movielens_lib.sh")
            subprocess.run(["bash", "-c", f'source "{lib}" && ml_shuffle 7 "$0" "$1"', src, out], check=True)
            with open(out) as f:
                self.assertEqual(ml.shuffle(lines, 7), f.readlines())


class Errors(unittest.TestCase):
    def test_golden_values(self):
        r = ml.errors([1.0, 2.0, 3.0, 5.0], ["1.5", "2", "4", "3"])
        self.assertEqual(r["mae"], 0.875)             # (0.5 + 0 + 1 + 2) / 4
        self.assertEqual(r["rmse"], 1.145644)         # sqrt(5.25 / 4), 6 decimals
        self.assertEqual(r["qloss"], 0.4375)
        self.assertEqual((r["nan"], r["n"]), (0, 4))

    def test_a_non_number_counts_as_an_error_of_a_million(self):
        r = ml.errors([1.0, 2.0], ["1", "nan"])
        self.assertEqual(r["nan"], 1)
        self.assertEqual(r["mae"], 500000.0)
        self.assertEqual(ml.errors([1.0], ["inf"])["nan"], 1)

    def test_rounded_predictions(self):
        self.assertEqual(ml.errors([3.0, 4.0], ["3.49", "3.5"], rounded=True)["mae"], 0.0)
        self.assertEqual(ml.errors([3.0], ["2.4"], rounded=True)["mae"], 1.0)

    def test_counts_must_match(self):
        with self.assertRaises(ml.MetricError):
            ml.errors([1.0, 2.0], ["1"])
        with self.assertRaises(ml.MetricError):
            ml.errors([], [])

    def test_labels_of_a_column_and_a_bad_label(self):
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "x.tsv3")
            with open(path, "w") as f:
                f.write("7\t9\t4\n8\t9\tx\n")
            with self.assertRaisesRegex(ml.MetricError, r"x\.tsv3:2: label \"x\""):
                ml.labels(path, 2)
            with open(path, "w") as f:
                f.write("7\t9\t4\n8\t9\t2.5\n")
            self.assertEqual(ml.labels(path, 2), [4.0, 2.5])
            self.assertEqual(ml.labels(path), [7.0, 8.0])


class Summaries(unittest.TestCase):
    def test_constants(self):
        self.assertEqual(ml.constant([1, 5, 3], "median"), 3)
        self.assertEqual(ml.constant([1, 5, 3, 4], "median"), 3.5)
        self.assertEqual(ml.constant([1, 2, 2], "mean"), 1.666667)

    def test_mean_and_sample_sd(self):
        m, sd = ml.mean_sd([1.0, 2.0, 4.0])
        self.assertAlmostEqual(m, 7 / 3)
        self.assertAlmostEqual(sd, math.sqrt(((1 - 7 / 3) ** 2 + (2 - 7 / 3) ** 2 + (4 - 7 / 3) ** 2) / 2))
        self.assertEqual(ml.mean_sd([0.5]), (0.5, 0.0))

    def test_best_is_the_lowest_and_the_first_on_a_tie(self):
        self.assertEqual(ml.best([("a", 0.3), ("b", 0.2), ("c", 0.2)]), ("b", 0.2))
        self.assertIsNone(ml.best([]))


def _result():
    """A results record of two folds with every section the report reads."""
    runs, chosen = [], []
    for f, lin, k1, k2 in ((1, 0.75, 0.72, 0.73), (2, 0.77, 0.74, 0.71)):
        for loss in ("quantile", "squared"):
            for row, v in (("const", 0.9), ("linear", lin), ("k1", k1), ("k2", k2), ("dyadic_ids", k1)):
                runs.append({"fold": f, "loss": loss, "row": row, "phase": "test", "flags": "", "mae": v,
                             "rmse": v + 0.2, "qloss": v / 2, "nan": 0, "n": 10, "seconds": 1.0, "rss_kb": 2048,
                             "rounded_mae": v + 0.01})
            for row, val in (("linear", 0.5), ("k1", 0.4 if f == 1 else 0.45), ("k2", 0.42),
                             ("dyadic_ids", 0.4)):
                chosen.append({"fold": f, "loss": loss, "row": row, "model": row if row != "dyadic_ids" else "k1",
                               "input": "ids", "setting": "-l 1", "valid": val})
        runs.append({"fold": f, "loss": "", "row": "lfl", "phase": "test", "flags": "", "mae": 0.7, "rmse": 0.9,
                     "qloss": 0.35, "nan": 0, "n": 10, "seconds": 3.0, "rss_kb": 4096})
        chosen.append({"fold": f, "loss": "", "row": "lfl", "model": "lfl", "input": "ids", "setting": "",
                       "valid": None})
    return {"config": {"data": "/x/ml-100k", "folds": [1, 2], "ranks": [1, 2], "tn_ranks": [],
                       "implicit_ranks": [], "seed": 1, "valid_fraction": 0.1, "max_mae": 0.705, "max_rmse": 0.905,
                       "strict": False, "speed_only": False, "speed_passes": 2, "speed_runs": 1, "speed_lines": 10},
            "rows": [{"name": "linear", "label": "Linear", "comment": "c", "system": "learner"},
                     {"name": "k1", "label": "Dyadic k=1", "comment": "c", "system": "learner"},
                     {"name": "k2", "label": "Dyadic k=2", "comment": "c", "system": "learner"},
                     {"name": "lfl", "label": "LFL", "comment": "lfl", "system": "lfl"}],
            "runs": runs, "chosen": chosen,
            "robust": [{"loss": l, "rate": "0.1", "flags": "--dotproduct_l2 0.1 --passes 10 -l 0.1", "nan": 0,
                        "qloss": 0.3, "rmse": 1.0} for l in ("quantile", "squared")],
            "speed": {"quantile": {"linear_s": 1.0, "k5_s": 1.5, "ratio": 1.5}}, "total_s": 3}


class Report(unittest.TestCase):
    def test_dyadic_is_the_rank_best_on_validation_per_fold(self):
        fx = ml_report.Folds(_result())
        self.assertEqual(fx.dyadic(1, "quantile"), "k1")
        self.assertEqual(fx.dyadic(2, "quantile"), "k2")   # 0.42 < 0.45
        self.assertEqual(fx.test(2, "squared", "dyadic")["mae"], 0.71)

    def test_result_line_and_table(self):
        text, status = ml_report.render(_result())
        last = text.strip().splitlines()[-1]
        self.assertEqual(last, "RESULT const_mae=0.9000 linear_mae=0.7600 dyadic_mae=0.7150 linear_rmse=0.9600 "
                               "dyadic_rmse=0.9150 dyadic_ids_rmse=0.9300 dyadic_ids_mae=0.7300")
        self.assertIn("| Dyadic, k chosen on validation | 0.3575 ± 0.0035 | 0.7150 ± 0.0071 | 0.9150 ± 0.0071 "
                      "| 1.00 | 2 | per fold and loss |", text)
        self.assertIn("| LFL | 0.3500 ± 0.0000 | 0.7000 ± 0.0000 | 0.9000 ± 0.0000 | 3.00 | 4 | lfl |", text)
        self.assertIn("u2: MAE linear 0.7700 vs dyadic(k2) 0.7100 beats=yes", text)
        self.assertEqual(status, 1)  # mean dyadic MAE 0.715 > 0.705
        self.assertIn("FAIL: mean dyadic MAE (quantile loss) 0.7150 > 0.705", text)

    def test_bayes_row_per_loss_and_its_result_keys(self):
        result = _result()
        result["rows"].append({"name": "bayes", "label": "Dyadic, Bayesian", "comment": "b", "system": "bpmf",
                               "per_loss": True})
        for f, (mae, rmse) in ((1, (0.69, 0.89)), (2, (0.70, 0.90))):
            result["runs"].append({"fold": f, "loss": "quantile", "row": "bayes", "phase": "test", "flags": "",
                                   "mae": mae, "rmse": 1.5, "qloss": mae / 2, "nan": 0, "n": 10, "seconds": 2.0,
                                   "rss_kb": 1024})
            result["runs"].append({"fold": f, "loss": "squared", "row": "bayes", "phase": "test", "flags": "",
                                   "mae": 1.5, "rmse": rmse, "qloss": 0.75, "nan": 0, "n": 10, "seconds": 4.0,
                                   "rss_kb": 1024})
        text, _ = ml_report.render(result)
        # Quantile columns from the Laplace runs, RMSE from the Gaussian runs, time the mean of both.
        self.assertIn("| Dyadic, Bayesian | 0.3475 ± 0.0035 | 0.6950 ± 0.0071 | 0.8950 ± 0.0071 | 3.00 | 1 | b |", text)
        self.assertTrue(text.strip().splitlines()[-1].endswith(" bayes_ids_rmse=0.8950 bayes_ids_mae=0.6950"))
        self.assertIn("Bayesian dyadic, ids only: RMSE 0.8950 (issue 13's target <= 0.895: met), MAE 0.6950 "
                      "(target <= 0.700: met)", text)
        # The "dyadic" rows stay the learner's ranks.
        self.assertEqual(ml_report.Folds(result).dyadic(1, "quantile"), "k1")
        # The implicit-feedback row adds its keys after them, and its own target line.
        result["rows"].append({"name": "bayes_imp", "label": "Imp", "comment": "i", "system": "bpmf", "per_loss": True})
        for f in (1, 2):
            for loss, v in (("quantile", 0.68), ("squared", 0.88 + f / 1000)):
                result["runs"].append({"fold": f, "loss": loss, "row": "bayes_imp", "phase": "test", "flags": "",
                                       "mae": v, "rmse": v, "qloss": v / 2, "nan": 0, "n": 10, "seconds": 9.0,
                                       "rss_kb": 1024})
        text, _ = ml_report.render(result)
        self.assertTrue(text.strip().splitlines()[-1].endswith(
            " bayes_ids_rmse=0.8950 bayes_ids_mae=0.6950 bayes_imp_rmse=0.8815 bayes_imp_mae=0.6800"))
        self.assertIn("Bayesian dyadic with implicit feedback: RMSE 0.8815 (issue 13's target with side features "
                      "<= 0.890: met)", text)

    def test_json_and_csv_round_trip(self):
        with tempfile.TemporaryDirectory() as d:
            ml_report.write_json(_result(), os.path.join(d, "r.json"))
            back = ml_report.read_json(os.path.join(d, "r.json"))
            self.assertEqual(back, json.loads(json.dumps(_result())))
            ml_report.write_csv(back, os.path.join(d, "r.csv"))
            with open(os.path.join(d, "r.csv")) as f:
                rows = f.read().splitlines()
            self.assertEqual(rows[0].split(","), ml_report.RUN_FIELDS)
            self.assertEqual(len(rows), 1 + len(back["runs"]))


class ColdStart(unittest.TestCase):
    def test_held_out_users_are_not_trained_on_and_every_rating_of_theirs_is_tested(self):
        with tempfile.TemporaryDirectory() as d:
            base = [f"{1 + (u + i) % 5} |u {u} |i {i}\n" for u in range(1, 41) for i in range(1, 6)]
            test = [f"{1 + (u * i) % 5} |u {u} |i {i}\n" for u in range(1, 41) for i in range(6, 8)]
            for name, lines in (("base.vw", base), ("test.vw", test)):
                with open(os.path.join(d, name), "w") as f:
                    f.writelines(lines)
            held = set()
            for fold in range(1, 6):
                sizes = ml_data.cold_start_fold(d, fold, 1)
                with open(os.path.join(d, "cold.fit.shuf.vw")) as f:
                    fit = f.readlines()
                with open(os.path.join(d, "cold.test.vw")) as f:
                    tested = f.readlines()
                self.assertEqual(sizes, (len(fit), len(tested)))
                fit_users, test_users = {l.split()[2] for l in fit}, {l.split()[2] for l in tested}
                self.assertFalse(fit_users & test_users)
                self.assertEqual(sorted(fit), sorted(l for l in base if l.split()[2] not in test_users))
                self.assertEqual(sorted(tested), sorted(l for l in base + test if l.split()[2] in test_users))
                with open(os.path.join(d, "cold.test.tsv3")) as f:
                    self.assertEqual(f.readline(), "{2}\t{4}\t{0}\n".format(*tested[0].split()))
                self.assertFalse(held & test_users)  # each user is held out in one fold only
                held |= test_users
            self.assertEqual(len(held), 40)

    def test_rows_and_table(self):
        self.assertEqual([r[0] for r in ml_experiments.cold_start_rows({"learner"})], ["linear", "k10"])
        self.assertEqual([r[0] for r in ml_experiments.cold_start_rows({"learner", "bpmf"})], ["linear", "k10", "bayes"])
        os.environ["COLD_START"] = "0"
        try:
            self.assertEqual(ml_experiments.cold_start_rows({"learner", "bpmf"}), [])
        finally:
            del os.environ["COLD_START"]
        result = _result()
        result["cold_start_rows"] = [{"name": "k10", "label": "Dyadic k=10, defaults"}]
        result["cold_start"] = [{"fold": f, "loss": loss, "row": row, "mae": v, "rmse": v + 0.2}
                                for f in (1, 2) for loss in ("quantile", "squared")
                                for row, v in (("const", 0.9 + f / 100), ("k10", 0.8))]
        text, _ = ml_report.render(result)
        self.assertIn("| Best constant | 0.9150 ± 0.0071 | 1.1150 ± 0.0071 |", text)
        self.assertIn("| Dyadic k=10, defaults | 0.8000 ± 0.0000 | 1.0000 ± 0.0000 |", text)
        self.assertNotIn("Cold start", ml_report.render(_result())[0])


class RatingsDat(unittest.TestCase):
    def test_cut_into_five_folds(self):
        with tempfile.TemporaryDirectory() as d:
            with open(os.path.join(d, "ratings.dat"), "w") as f:
                f.writelines(f"{u}::{i}::{1 + (u + i) % 5}::97830{u}\n" for u in range(1, 11) for i in range(1, 21))
            files = ml_data.fold_files(d, [1, 2, 3, 4, 5], os.path.join(d, "work"), 1)
            tests = []
            for f in range(1, 6):
                base, test = (ml_data.read_text(p).splitlines() for p in files[f])
                self.assertEqual(len(base) + len(test), 200)
                self.assertEqual(base[0].count("\t"), 3)
                tests += test
            self.assertEqual(sorted(tests), sorted(f"{u}\t{i}\t{1 + (u + i) % 5}\t97830{u}"
                                                   for u in range(1, 11) for i in range(1, 21)))

    def test_bad_line_and_missing_data(self):
        with tempfile.TemporaryDirectory() as d:
            with self.assertRaisesRegex(FileNotFoundError, "no ratings.dat|ratings.dat"):
                ml_data.fold_files(d, [1], os.path.join(d, "work"), 1)
            with open(os.path.join(d, "ratings.dat"), "w") as f:
                f.write("1::2::3::4\n1,2,3\n")
            with self.assertRaisesRegex(ValueError, r"ratings\.dat:2: expected user::item::rating"):
                ml_data.fold_files(d, [1], os.path.join(d, "work"), 1)


class Experiments(unittest.TestCase):
    def test_grids_split_on_semicolons_and_follow_the_environment(self):
        os.environ["GRID_Q_LINEAR"] = " -l 1 ;; -l  2 "
        try:
            self.assertEqual(ml_experiments.grid("GRID_Q_LINEAR"), ["-l 1", "-l 2"])
            os.environ["GRID_Q_LINEAR"] = " ; "
            with self.assertRaises(ValueError):
                ml_experiments.grid("GRID_Q_LINEAR")
        finally:
            del os.environ["GRID_Q_LINEAR"]

    def test_candidates_per_rank(self):
        models = {m.name: m for m in ml_experiments.learner_models([1, 10], [10], [10])}
        self.assertEqual(list(models), ["linear", "lintn", "k1", "k10"])
        self.assertEqual({i for i, _ in models["k1"].candidates["quantile"]}, {"ids"})
        self.assertEqual([i for i, _ in models["k10"].candidates["squared"]], ["ids"] * 4 + ["tn"] * 3 + ["imp"])
        self.assertIn("--dotproduct_lr 0.01 ", models["k10"].candidates["squared"][-1][1] + " ")

    def test_quality_grid_per_rank(self):
        models = {m.name: m for m in ml_experiments.learner_models([1, 10], [10], [], [10, 20])}
        self.assertEqual(list(models), ["linear", "lintn", "k1", "k10", "k20"])
        self.assertEqual(len(models["k1"].candidates["squared"]), 4)
        k10, k20 = models["k10"].candidates["squared"], models["k20"].candidates["quantile"]
        self.assertEqual([i for i, _ in k10], ["ids"] * 6 + ["tn"] * 3)
        self.assertIn("--dotproduct_freq_l2 0.3 --dotproduct_center 0.5", k10[4][1])
        self.assertEqual([i for i, _ in k20], ["ids"] * 2)  # a quality-only rank: no ids or tn grid
        self.assertTrue(all("--dotproduct_freq_l2 0.25" in g for _, g in k20))
        self.assertIn("quality options", models["k20"].comment)
        self.assertNotIn("quality options", models["k1"].comment)

    def test_bayes_model_grids_per_loss(self):
        m, imp = ml_experiments.bayes_models()
        self.assertEqual((imp.name, imp.system), ("bayes_imp", "bpmf"))
        self.assertTrue(all("--implicit --flipped" in g for loss in imp.candidates for _, g in imp.candidates[loss]))
        self.assertTrue(all("--implicit" not in g for loss in m.candidates for _, g in m.candidates[loss]))
        self.assertEqual((m.name, m.system), ("bayes", "bpmf"))
        self.assertTrue(all("--likelihood laplace" in g for _, g in m.candidates["quantile"]))
        self.assertTrue(all("--likelihood gaussian" in g for _, g in m.candidates["squared"]))
        self.assertTrue(all("--loss_function" not in g for loss in m.candidates for _, g in m.candidates[loss]))
        os.environ["BAYES_ROWS"] = "bayes"
        try:
            self.assertEqual([r.name for r in ml_experiments.bayes_models()], ["bayes"])
            os.environ["BAYES_ROWS"] = "bayes_x"
            with self.assertRaisesRegex(ValueError, "BAYES_ROWS: no row bayes_x"):
                ml_experiments.bayes_models()
        finally:
            del os.environ["BAYES_ROWS"]
        os.environ["GRID_SQ_BAYES"] = "--rank 3; --rank 4"
        try:
            self.assertEqual(ml_experiments.bayes_models()[0].candidates["squared"], [("ids", "--rank 3"), ("ids", "--rank 4")])
        finally:
            del os.environ["GRID_SQ_BAYES"]

    def test_comparison_rows_follow_the_tools_and_the_environment(self):
        everything = ("libfm", "libmf", "lfl", "spectral")
        self.assertEqual(len(ml_experiments.comparison_rows(everything)), len(ml_experiments.COMPARISON))
        self.assertEqual([r.name for r in ml_experiments.comparison_rows(("lfl",))], ["lfl"])
        os.environ["COMPARISON_ROWS"] = "libfm_mcmc_k8 lfl"
        try:
            self.assertEqual([r.name for r in ml_experiments.comparison_rows(everything)], ["libfm_mcmc_k8", "lfl"])
            self.assertEqual(ml_experiments.comparison_rows(("libmf",)), [])
            os.environ["COMPARISON_ROWS"] = "libfm_mcmc_k9"
            with self.assertRaisesRegex(ValueError, "COMPARISON_ROWS: no row libfm_mcmc_k9"):
                ml_experiments.comparison_rows(everything)
        finally:
            del os.environ["COMPARISON_ROWS"]


class OneFold(unittest.TestCase):
    def test_one_fold_prints_no_spread(self):
        result = _result()
        result["config"]["folds"] = [1]
        text, _ = ml_report.render(result)
        self.assertNotIn("±", text)
        self.assertIn("folds u1: test loss, one fold", text)
        self.assertIn("| Dyadic, k chosen on validation | 0.3600 | 0.7200 | 0.9200 |", text)


class Plot(unittest.TestCase):
    def test_rows_with_both_figures_and_their_fold_range(self):
        rows = ml_report.plot_data(_result())
        labels = [r[0] for r in rows]
        self.assertEqual(labels[:2], ["Best constant", "Linear"])
        self.assertIn("LFL", labels)
        dyadic = rows[labels.index("Dyadic, k chosen on validation")]
        self.assertEqual(dyadic[1:4], (0.715, 0.71, 0.72))  # u1 k1 0.72, u2 k2 0.71
        self.assertAlmostEqual(dyadic[4], 0.915)

    def test_gnuplot_script_and_data(self):
        with tempfile.TemporaryDirectory() as d:
            message = ml_report.write_plot(_result(), os.path.join(d, "plot"))
            with open(os.path.join(d, "plot.gp")) as f:
                gp = f.read()
            self.assertIn("xerrorbars", gp)
            with open(os.path.join(d, "plot.dat")) as f:
                lines = f.read().splitlines()
            self.assertEqual(len(lines), 1 + len(ml_report.plot_data(_result())))
            self.assertTrue(lines[-1].endswith("\tBest constant"))  # the table's first row on top
            if shutil.which("gnuplot"):
                self.assertEqual(message, f"plot {os.path.join(d, 'plot')}.png")
                self.assertGreater(os.path.getsize(os.path.join(d, "plot.png")), 1000)
            else:
                self.assertIn("gnuplot is not installed", message)


def _cands(ranks, per_rank, folds=(1,)):
    """Candidates of rows linear (2 settings), k<rank> (per_rank settings) and lfl (1 setting)."""
    sys.path.insert(0, DRIVER)
    import importlib
    main = importlib.import_module("movielens.selection")
    C = main.Candidate
    cands = {}
    for f in folds:
        for loss in ("quantile", "squared"):
            cands[f, loss, "linear"] = [C("ids", "learner", [], "-l 1"), C("ids", "learner", [], "-l 2")]
            for k in ranks:
                cands[f, loss, f"k{k}"] = [C("ids", "learner", [], f"s{i}") for i in range(per_rank)]
        cands[f, "", "lfl"] = [C("ids", "lfl", [], "")]
    return main, cands


class Choice(unittest.TestCase):
    def test_single_setting_ranks_are_validated_when_ranks_are_compared(self):
        main, cands = _cands([5, 10], 1)
        validated = main.validated_rows(cands)
        self.assertIn((1, "quantile", "k5"), validated)
        self.assertIn((1, "squared", "k10"), validated)
        self.assertIn((1, "quantile", "linear"), validated)
        self.assertNotIn((1, "", "lfl"), validated)
        scores = {"k5": 0.5, "k10": 0.4, "linear": 0.6}
        chosen = main.choose(cands, validated, lambda f, loss, row, gi: scores[row] + gi / 10, [1])
        self.assertEqual(chosen[1, "quantile", "dyadic_ids"][1:], (0.4, "k10"))
        self.assertEqual(chosen[1, "quantile", "k5"][1], 0.5)
        self.assertEqual(chosen[1, "", "lfl"][1], None)

    def test_one_rank_with_one_setting_needs_no_validation(self):
        main, cands = _cands([10], 1)
        validated = main.validated_rows(cands)
        self.assertNotIn((1, "quantile", "k10"), validated)
        chosen = main.choose(cands, validated, lambda f, loss, row, gi: {"linear": 0.6}[row], [1])  # k10 unscored
        self.assertEqual(chosen[1, "squared", "dyadic_ids"][1:], (None, "k10"))


def _fake_tools(d, fail_on=""):
    """A fake learner (the training labels' mean as its prediction; exit status 1 when a flag
    matches fail_on) and a fake learner-ratings (helpers.fake_tools)."""
    return helpers.fake_tools(d, """
if "-t" in a:
    mean = float(open(val("-i")).read())
    n = sum(1 for _ in open(val("-d")))
    open(val("-p"), "w").write(("%.6f\\n" % mean) * n)
elif val("-f"):
    ys = [float(line.split()[0]) for line in open(val("-d"))]
    open(val("-f"), "w").write(str(sum(ys) / len(ys)))
""", fail_on)


@unittest.skipUnless(shutil.which("awk") and shutil.which("bash"), "scripts/split needs bash and awk")
class Driver(unittest.TestCase):
    """The driver on one tiny fold with fake tools, two ranks of one setting each."""

    def run_driver(self, d, fail_on=""):
        data = os.path.join(d, "ml")
        os.makedirs(data)
        for part, users in (("base", range(1, 21)), ("test", range(1, 6))):
            with open(os.path.join(data, f"u1.{part}"), "w") as f:
                f.writelines(f"{u}\t{i}\t{1 + (u * i) % 5}\t8812{u:02d}\n" for u in users for i in range(1, 9))
        learner, ratings = _fake_tools(d, fail_on)
        env = {k: v for k, v in os.environ.items() if k not in ("LIBFM", "LIBMF", "KEEP") and not k.startswith("GRID_")}
        env.update(LEARNER=learner, LEARNER_RATINGS=ratings, FOLDS="1", RANKS="5 10", QUALITY_RANKS="",
                   TN_RANKS="", IMPLICIT_RANKS="", GRID_Q_DYADIC="-l 0.1", GRID_SQ_DYADIC="-l 0.1",
                   ROBUST_RATES="0.1", SPEED_RUNS="1", SPEED_PASSES="1", JOBS="1", TMPDIR=d)
        out = os.path.join(d, "out")
        return out, subprocess.run([sys.executable, DRIVER, data, out], env=env, capture_output=True, text=True)

    def test_ranks_of_one_setting_each(self):
        with tempfile.TemporaryDirectory() as d:
            out, done = self.run_driver(d)
            self.assertNotIn("Traceback", done.stderr)
            self.assertEqual(done.returncode, 1, done.stderr)  # a constant model does not beat linear
            with open(os.path.join(out, "table.md")) as f:
                table = f.read()
            self.assertIn("| Dyadic, k chosen on validation |", table)
            self.assertNotIn("±", table)  # one fold
            self.assertIn("### Cold start: users held out entirely", table)  # the cold-start jobs ran
            for label in ("Best constant", "Linear, --passes 20", "Dyadic k=10, defaults, --passes 20"):
                self.assertRegex(table, rf"\n\| {re.escape(label)} \| \d\.\d{{4}} \| \d\.\d{{4}} \|\n")
            self.assertRegex(done.stderr, r"u1 cold start: \d+ training lines, \d+ test lines of held-out users")
            self.assertRegex(done.stderr, r"validation 1/\d+ u1\.\w+\.\w+\.g\d: RMSE \d\.\d{4} MAE \d\.\d{4} "
                                          r"\(\d+\.\d s\)")
            self.assertRegex(done.stderr, r"test (\d+)/\1 ")
            self.assertTrue(os.path.isfile(os.path.join(out, "plot.gp")))
            if shutil.which("gnuplot"):
                self.assertTrue(os.path.isfile(os.path.join(out, "plot.png")), done.stderr)
            self.assertEqual([n for n in os.listdir(d) if n.startswith("movielens-bench.")], [])

    def test_a_failed_run_keeps_its_work_folder(self):
        with tempfile.TemporaryDirectory() as d:
            _, done = self.run_driver(d, fail_on="--passes 5")  # a linear candidate fails
            self.assertEqual(done.returncode, 1)
            self.assertIn("fake learner: failing as asked", done.stderr)
            kept = [n for n in os.listdir(d) if n.startswith("movielens-bench.")]
            self.assertEqual(len(kept), 1, done.stderr)
            self.assertIn(f"work folder kept: {os.path.join(d, kept[0])}", done.stderr)
            self.assertTrue(os.listdir(os.path.join(d, kept[0], "logs")))


class Defaults(unittest.TestCase):
    def test_one_comment_per_setting(self):
        with open(os.path.join(DRIVER, "experiments.py"), encoding="utf-8") as f:
            source = f.read()
        block = source[source.index("DEFAULTS = {"):source.index("}", source.index("DEFAULTS = {"))]
        for line in block.splitlines():
            self.assertLessEqual(line.count("  # "), 1, line)
        self.assertIn('"IMPLICIT_RANKS": "",  # the old engine\'s default was 10', block)


if __name__ == "__main__":
    unittest.main()
