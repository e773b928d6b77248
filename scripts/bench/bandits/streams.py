"""Bandit streams of scripts/bench/bandits.sh: convert, shuffle, log, cut.

For a stream S (experiments.STREAMS), in WORK/S/:
  stream.vw   the converted multiclass lines shuffled with the seed (cbify), or the uniformly
              logged --cb_adf examples made from them (logged; the log's draws use the seed too)
  valid.vw    its first `fraction` examples (the validation cut), rest.vw the others
Returns {"valid": count, "rest": count} of examples.
"""
import os
import random
import subprocess


def multiclass_lines(stream, data_dir, scripts):
    done = subprocess.run([os.path.join(scripts, stream.converter), os.path.join(data_dir, stream.source)],
                          capture_output=True, text=True, check=True)
    lines = [ln for ln in done.stdout.splitlines() if ln.strip()]
    if stream.binary:
        lines = [("1" if ln.split(None, 1)[0] in ("1", "+1") else "2") + ln[len(ln.split(None, 1)[0]):]
                 for ln in lines]
    return lines


def logged_example(line, classes, rng):
    """One multiclass line -> a --cb_adf example (lines, blank line after) logged uniformly."""
    label, _, features = line.partition("|")
    right = int(label.split()[0])
    chosen = rng.randrange(1, classes + 1)
    # The line's first namespace (after '|') becomes `s`; the converters write `| f...` or `|w ...`.
    rest = features[1:] if features[:1] not in (" ", "") else features
    out = [f"shared |s {rest.strip()}"]
    for a in range(1, classes + 1):
        head = f"0:{0 if a == right else 1}:{1.0 / classes:.6g} " if a == chosen else ""
        out.append(f"{head}|a a{a}")
    return "\n".join(out) + "\n\n"


def prepare(stream, data_dir, work, scripts, seed, fraction):
    folder = os.path.join(work, stream.name)
    os.makedirs(folder, exist_ok=True)
    lines = multiclass_lines(stream, data_dir, scripts)
    rng = random.Random(seed)
    rng.shuffle(lines)
    if stream.kind == "logged":
        examples = [logged_example(ln, stream.classes, rng) for ln in lines]
    else:
        examples = [ln + "\n" for ln in lines]
    n_valid = round(len(examples) * fraction)
    for name, part in (("stream", examples), ("valid", examples[:n_valid]), ("rest", examples[n_valid:])):
        with open(os.path.join(folder, f"{name}.vw"), "w", encoding="utf-8") as f:
            f.writelines(part)
    return folder, {"valid": n_valid, "rest": len(examples) - n_valid}
