"""data.prepare on a tiny pendigits-like dataset: the parts, their sizes and shared indices."""
import os
import tempfile
import unittest

from helpers import SCRIPTS
import data
import experiments


class Prepare(unittest.TestCase):
    def test_parts_sizes_and_shared_vocabulary(self):
        row = ",".join(["0"] * 15)
        with tempfile.TemporaryDirectory() as d:
            os.makedirs(os.path.join(d, "p"))
            with open(os.path.join(d, "p", "tra"), "w") as f:
                f.writelines(f"{i * 10},{row},{'0' * i}1{'0' * (9 - i)}\n" for i in range(10))
            with open(os.path.join(d, "p", "tes"), "w") as f:
                f.write(f"0,{row[:-1]}9,1000000000")
            dataset = experiments.Dataset("p", 10, "pendigits2vw", [("p/tra", "p/tes")])
            [split] = data.prepare(dataset, d, os.path.join(d, "work"), SCRIPTS, seed=1, fraction=0.2)
            self.assertEqual(split.sizes, {"train": 10, "fit": 8, "valid": 2, "test": 1})
            read = {}
            for part in ("train", "fit", "valid"):
                for fmt in ("vw", "svm"):
                    with open(split.path(part, fmt)) as f:
                        read[part, fmt] = f.readlines()
            for fmt in ("vw", "svm"):
                self.assertEqual(read["fit", fmt] + read["valid", fmt], read["train", fmt])
            self.assertEqual([line.split()[0] for line in read["valid", "svm"]],
                             [line.split()[0] for line in read["valid", "vw"]])
            with open(split.path("test", "svm")) as f:
                self.assertEqual(f.read(), "1 2:0.09\n")  # f16 is the second key seen (f1 first)


if __name__ == "__main__":
    unittest.main()
