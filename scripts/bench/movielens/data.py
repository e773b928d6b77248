"""Data of the MovieLens benchmark, per fold uN, in WORK/uN/ (the protocol of the old engine).

  base.tsv, fit.tsv, valid.tsv   uN.base and its cut by scripts/split --seed SEED
                                 --test-fraction VALID_FRACTION (uN.test is never read to choose)
  {fit,valid,base,test}.vw       scripts/ratings2vw (ids input); .tn.vw and .imp.vw for the
                                 other inputs, converted against the fit part (fit and valid
                                 lines) or against uN.base (base and test lines)
  fit.shuf.vw, base.shuf.vw      the training parts shuffled with metrics.shuffle (likewise .tn, .imp)
  {fit,valid,base,test}.{tsv3,libfm,mf}   the ids input for the comparison systems, in the same
                                 (shuffled) order: "user<TAB>item<TAB>rating"; libFM's
                                 "rating u:1 i:1" and LIBMF's "u i rating" with dense ids
  cold.fit.shuf.vw, cold.test.vw, cold.{fit,test}.tsv3   the cold-start split (cold_start_fold)
A folder without uN.base/uN.test but with ratings.dat (user::item::rating::time) is first cut
into five folds (each line's fold: metrics.shuffle_key(SEED, line) mod 5) written as uN.base /
uN.test in WORK/folds.
"""
import gzip
import os
import subprocess
import zlib

from . import metrics


def find(folder, name):
    """folder/name or folder/name.gz; None when neither exists."""
    for path in (os.path.join(folder, name), os.path.join(folder, name + ".gz")):
        if os.path.isfile(path):
            return path
    return None


def read_text(path):
    with open(path, "rb") as f:
        raw = f.read()
    return (gzip.decompress(raw) if raw[:2] == b"\x1f\x8b" else raw).decode("utf-8")


def _write(path, lines):
    with open(path, "w", encoding="utf-8") as f:
        f.writelines(lines)


def fold_files(data_dir, folds, work, seed):
    """{fold: (base path, test path)}; ratings.dat is cut into folds first."""
    if all(find(data_dir, f"u{f}.base") and find(data_dir, f"u{f}.test") for f in folds):
        return {f: (find(data_dir, f"u{f}.base"), find(data_dir, f"u{f}.test")) for f in folds}
    source = find(data_dir, "ratings.dat")
    if not source:
        missing = [f"u{f}.base/u{f}.test" for f in folds if not find(data_dir, f"u{f}.base")]
        raise FileNotFoundError(f"{data_dir}: no {', '.join(missing) or 'uN.test'} and no ratings.dat")
    out = os.path.join(work, "folds")
    os.makedirs(out, exist_ok=True)
    parts = [[] for _ in range(5)]
    for n, line in enumerate(read_text(source).splitlines(), 1):
        fields = line.split("::")
        if len(fields) < 3:
            raise ValueError(f"{source}:{n}: expected user::item::rating[::time], got '{line[:60]}'")
        parts[metrics.shuffle_key(seed, n) % 5].append("\t".join(fields) + "\n")
    files = {}
    for f in folds:
        if not 1 <= f <= 5:
            raise ValueError(f"fold {f}: ratings.dat is cut into folds 1..5")
        base, test = os.path.join(out, f"u{f}.base"), os.path.join(out, f"u{f}.test")
        _write(base, [line for i in range(5) if i != f - 1 for line in parts[i]])
        _write(test, parts[f - 1])
        files[f] = (base, test)
    return files


def _convert(scripts, out, *args):
    with open(out, "w", encoding="utf-8") as f:
        subprocess.run([os.path.join(scripts, "ratings2vw"), *args], stdout=f, check=True)


def _append_tn_tail(imp_path, tn_path):
    """Each line of imp_path gets the tail of the same line of tn_path from " |d " on."""
    with open(imp_path, encoding="utf-8") as f:
        imp = f.read().splitlines()
    with open(tn_path, encoding="utf-8") as f:
        tn = f.read().splitlines()
    if len(imp) != len(tn) or any(" |d " not in t for t in tn):
        raise ValueError(f"{tn_path}: cannot append its tn features to {imp_path}")
    _write(imp_path, [i + t[t.index(" |d "):] + "\n" for i, t in zip(imp, tn)])


def _comparison_files(folder):
    """The ids input as tsv3, libfm and mf files with dense ids (shared by all four parts)."""
    users, items = {}, {}
    parts = {}
    for part, src in (("fit", "fit.shuf.vw"), ("valid", "valid.vw"), ("base", "base.shuf.vw"), ("test", "test.vw")):
        rows = []
        with open(os.path.join(folder, src), encoding="utf-8") as f:
            for n, line in enumerate(f, 1):
                t = line.split()
                if len(t) < 5 or t[1] != "|u" or t[3] != "|i":
                    raise ValueError(f"{folder}/{src}:{n}: not a 'rating |u USER |i ITEM' line")
                rows.append((t[2], t[4], t[0]))
                users.setdefault(t[2], len(users))
                items.setdefault(t[4], len(items))
        parts[part] = rows
    for part, rows in parts.items():
        p = os.path.join(folder, part)
        _write(p + ".tsv3", [f"{u}\t{i}\t{r}\n" for u, i, r in rows])
        _write(p + ".libfm", [f"{r} {users[u]}:1 {len(users) + items[i]}:1\n" for u, i, r in rows])
        _write(p + ".mf", [f"{users[u]} {items[i]} {r}\n" for u, i, r in rows])


def cold_start_fold(folder, fold, seed):
    """The cold-start split of a prepared fold folder (users held out entirely): the users u with
    shuffle_key(seed, crc32(u)) mod 5 = fold - 1 (a fifth of them, each user in one fold's split)
    are left out of training; the rest of uN.base (base.vw) is the training part, shuffled, and
    every rating of the held-out users, in uN.base and uN.test, is the test part. Writes
    cold.fit.shuf.vw and cold.test.vw (ids input) and cold.fit.tsv3 / cold.test.tsv3 (learner-bpmf).
    Returns the (training, test) line counts."""
    p = lambda name: os.path.join(folder, name)  # noqa: E731
    fit, test = [], []
    for src in ("base.vw", "test.vw"):
        with open(p(src), encoding="utf-8") as f:
            for n, line in enumerate(f, 1):
                t = line.split()
                if len(t) < 5 or t[1] != "|u" or t[3] != "|i":
                    raise ValueError(f"{p(src)}:{n}: not a 'rating |u USER |i ITEM' line")
                held_out = metrics.shuffle_key(seed, zlib.crc32(t[2].encode())) % 5 == fold - 1
                if held_out:
                    test.append(line)
                elif src == "base.vw":
                    fit.append(line)
    if not fit or not test:
        raise ValueError(f"{folder}: the cold-start split of fold {fold} has {len(fit)} training and {len(test)} test lines")
    fit = metrics.shuffle(fit, seed)
    _write(p("cold.fit.shuf.vw"), fit)
    _write(p("cold.test.vw"), test)
    for name, lines in (("cold.fit", fit), ("cold.test", test)):
        _write(p(name + ".tsv3"), [f"{t[2]}\t{t[4]}\t{t[0]}\n" for t in (line.split() for line in lines)])
    return len(fit), len(test)


def prepare_fold(fold, base, test, work, scripts, seed, fraction, inputs, tn_args):
    """Writes WORK/uFOLD; inputs is a subset of {"tn", "imp"} besides ids. Returns the folder."""
    d = os.path.join(work, f"u{fold}")
    os.makedirs(d, exist_ok=True)
    p = lambda name: os.path.join(d, name)  # noqa: E731
    _write(p("base.tsv"), read_text(base))
    subprocess.run([os.path.join(scripts, "split"), "--quiet", "--seed", str(seed), "--test-fraction", str(fraction),
                    "--train", p("fit.tsv"), "--test", p("valid.tsv"), p("base.tsv")], check=True)
    jobs = (("fit", p("fit.tsv"), p("fit.tsv")), ("valid", p("valid.tsv"), p("fit.tsv")),
            ("base", p("base.tsv"), p("base.tsv")), ("test", test, p("base.tsv")))
    for name, src, reference in jobs:
        _convert(scripts, p(f"{name}.vw"), src)
        if "tn" in inputs:
            _convert(scripts, p(f"{name}.tn.vw"), *tn_args, "--neighbors", reference, src)
        if "imp" in inputs:
            _convert(scripts, p(f"{name}.imp.vw"), "--implicit", reference, "--centered", src)
            if "tn" in inputs:
                _append_tn_tail(p(f"{name}.imp.vw"), p(f"{name}.tn.vw"))
    for x in ["", *(f".{i}" for i in inputs)]:
        for part in ("fit", "base"):
            with open(p(f"{part}{x}.vw"), encoding="utf-8") as f:
                _write(p(f"{part}{x}.shuf.vw"), metrics.shuffle(f.readlines(), seed))
            if x:
                os.remove(p(f"{part}{x}.vw"))  # base.vw stays: the best constant reads it
        for part in ("valid", "fit", "test"):
            name = p(f"{part}{x}.shuf.vw" if part == "fit" else f"{part}{x}.vw")
            if os.path.getsize(name) == 0:
                raise ValueError(f"{name} is empty")
    _comparison_files(d)
    return d
