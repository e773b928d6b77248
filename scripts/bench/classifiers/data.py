"""Data preparation of the classifiers benchmark: convert, shuffle, cut, and write LIBSVM.

For each (train, test) pair of a dataset, in WORK/<dataset>/<split>/:
  train.vw  the converted training file, shuffled with experiments.SEED
  fit.vw    its first 1 - VALID_FRACTION,   valid.vw  the rest (the validation cut)
  test.vw   the converted test file (never used to choose anything)
and the same four as .svm: train and test through scripts/vw2libsvm with one feature index
file per split (training file first), fit and valid cut from train.svm like their .vw.
"""
import os
import random
import subprocess
from dataclasses import dataclass

@dataclass
class Split:
    name: str
    folder: str
    sizes: dict          # part -> number of examples

    def path(self, part, fmt):
        return os.path.join(self.folder, f"{part}.{fmt}")


def cut(lines, seed, fraction):
    """Shuffle a copy of lines with seed; return (shuffled, fit, valid), valid the last part."""
    shuffled = list(lines)
    random.Random(seed).shuffle(shuffled)
    n_valid = round(len(shuffled) * fraction)
    return shuffled, shuffled[:len(shuffled) - n_valid], shuffled[len(shuffled) - n_valid:]


def _convert(target, *command):
    with open(target, "w", encoding="utf-8") as out:
        subprocess.run(command, stdout=out, check=True)


def _write(path, lines):
    with open(path, "w", encoding="utf-8") as out:
        out.writelines(lines)


def prepare(dataset, data_dir, work, scripts, seed, fraction):
    splits = []
    for i, (train_src, test_src) in enumerate(dataset.splits, 1):
        name = f"{dataset.name}/{i}" if len(dataset.splits) > 1 else dataset.name
        split = Split(name, os.path.join(work, dataset.name, str(i)), {})
        os.makedirs(split.folder, exist_ok=True)
        tool = os.path.join(scripts, dataset.converter)
        raw = os.path.join(split.folder, "train.raw.vw")
        _convert(raw, tool, os.path.join(data_dir, train_src))
        _convert(split.path("test", "vw"), tool, os.path.join(data_dir, test_src))
        vw2libsvm = os.path.join(scripts, "vw2libsvm")
        vocab = os.path.join(split.folder, "vocab.txt")
        with open(raw, encoding="utf-8") as f:
            train, fit, valid = cut(f.readlines(), seed, fraction)
        _write(split.path("train", "vw"), train)
        for part in ("train", "test"):  # the training file first: it numbers the features
            _convert(split.path(part, "svm"), vw2libsvm, "--vocab", vocab, split.path(part, "vw"))
        with open(split.path("train", "svm"), encoding="utf-8") as f:
            train_svm = f.readlines()
        for part, lines, svm in (("fit", fit, train_svm[:len(fit)]), ("valid", valid, train_svm[len(fit):])):
            _write(split.path(part, "vw"), lines)
            _write(split.path(part, "svm"), svm)
        split.sizes = {"train": len(train), "fit": len(fit), "valid": len(valid)}
        with open(split.path("test", "vw"), encoding="utf-8") as f:
            split.sizes["test"] = sum(1 for _ in f)
        splits.append(split)
    return splits

