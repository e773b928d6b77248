#!/usr/bin/env python3
"""Writes the golden test's small inputs (tests/golden/data/); deterministic (seeded).
Run once; the files are committed. Never reads shared data."""
import os
import random

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data")
rng = random.Random(29)


def write(name, lines):
    with open(os.path.join(HERE, name), "w") as f:
        f.write("\n".join(lines) + "\n")


# Ratings-like regression: |u user |i item |f two numeric features, labels 1..5.
users = [rng.gauss(0, 1) for _ in range(20)]
items = [rng.gauss(0, 1) for _ in range(15)]
reg = []
for n in range(240):
    u, i = rng.randrange(20), rng.randrange(15)
    x1, x2 = round(rng.uniform(-1, 1), 3), round(rng.uniform(0, 2), 3)
    y = 3 + 0.6 * users[u] * items[i] + 0.4 * x1 - 0.2 * x2 + rng.gauss(0, 0.3)
    y = min(5, max(1, round(y)))
    reg.append(f"{y} '{u}_{i} |u {u} |i {i} |f x1:{x1} x2:{x2}")
write("reg.vw", reg)

# Binary classification, labels -1/1, namespaces a and b.
binary = []
for n in range(240):
    a = [rng.randrange(12) for _ in range(3)]
    b = round(rng.uniform(-1, 1), 3)
    score = sum(1 if k % 3 == 0 else -0.5 for k in a) + 1.5 * b + rng.gauss(0, 0.5)
    y = 1 if score > 0 else -1
    binary.append(f"{y} 't{n} |a " + " ".join(f"w{k}" for k in a) + f" |b v:{b}")
write("bin.vw", binary)

# Multiclass 1..3 and the same examples with costs (cost-sensitive) and sets (multilabel).
mc, cs, ml = [], [], []
for n in range(240):
    f = [rng.randrange(10) for _ in range(3)]
    z = round(rng.uniform(-1, 1), 3)
    scores = [f.count(0) + f.count(1) + z, f.count(2) + f.count(3) - z, f.count(4) + f.count(5) + 0.3]
    y = max(range(3), key=lambda c: scores[c] + rng.gauss(0, 0.3)) + 1
    feats = "|w " + " ".join(f"t{k}" for k in f) + f" |n z:{z}"
    mc.append(f"{y} 'e{n} {feats}")
    costs = " ".join(f"{c + 1}:{round(max(scores) - scores[c], 2)}" for c in range(3))
    cs.append(f"{costs} 'e{n} {feats}")
    labels = sorted({c + 1 for c in range(4) if (c < 3 and scores[c] > 1) or (c == 3 and z > 0.5)}) or [y]
    ml.append(",".join(str(c) for c in labels) + f" 'e{n} {feats}")
write("mc.vw", mc)
write("cs.vw", cs)
write("ml.vw", ml)

# Multi-line examples (--csoaa_ldf, --wap_ldf): groups of 2..4 action lines `class:cost 'tag |a item |f p:x`,
# most after a `shared |s user` line, a blank line after each group (the last one too). Own seed, so the
# files above do not change.
lrng = random.Random(31)
taste = [[lrng.gauss(0, 1) for _ in range(8)] for _ in range(6)]
ldf = []
for g in range(90):
    user = lrng.randrange(6)
    if lrng.random() < 0.7:
        ldf.append(f"shared 'g{g} |s u{user}")
    items = lrng.sample(range(8), lrng.randint(2, 4))
    for k, item in enumerate(items):
        p = round(lrng.uniform(0, 1), 3)
        cost = round(max(0.0, 1 - taste[user][item] + 0.5 * p + lrng.gauss(0, 0.2)), 2)
        ldf.append(f"{k + 1}:{cost} 'g{g}a{k + 1} |a i{item} |f p:{p}")
    ldf.append("")
write("ldf.vw", ldf[:-1])

# Logged contextual-bandit data (--cb 3): a uniform logging policy (p = 1/3, some lines 0.5 or 0.25 to vary
# the importance 1 / p), cost 0 or 1 by a noisy preference of the context, an occasional unlabeled line and
# an occasional restricted set of actions (`1 2:1:0.5 3`). Own seed, so the files above do not change.
crng = random.Random(37)
cb = []
for n in range(240):
    f = [crng.randrange(10) for _ in range(3)]
    z = round(crng.uniform(-1, 1), 3)
    best = (f[0] + f[1] + (1 if z > 0 else 0)) % 3 + 1
    feats = f"'c{n} |w " + " ".join(f"t{k}" for k in f) + f" |n z:{z}"
    if n % 17 == 5:
        cb.append(feats)
        continue
    a = crng.randrange(3) + 1
    p = crng.choice([0.333, 0.333, 0.5, 0.25])
    cost = 0 if (a == best) == (crng.random() < 0.85) else 1
    if n % 11 == 3:
        others = [str(k) for k in range(1, 4) if k != a]
        cb.append(f"{a}:{cost}:{p} {' '.join(others)} {feats}")
    else:
        cb.append(f"{a}:{cost}:{p} {feats}")
write("cb.vw", cb)

# Logged contextual-bandit data with action-dependent features (--cb_adf, --cb_explore_adf): groups of 2..4
# action lines `| item features`, most after `shared |s user`, the logged action's line labelled `0:cost:p`
# (p the logging policy's uniform 1/K), some groups unlabeled. Own seed.
arng = random.Random(41)
pref = [[arng.gauss(0, 1) for _ in range(6)] for _ in range(5)]
adf = []
for g in range(90):
    user = arng.randrange(5)
    if arng.random() < 0.8:
        adf.append(f"shared 'u{g} |s u{user}")
    items = arng.sample(range(6), arng.randint(2, 4))
    logged = arng.randrange(len(items)) if g % 9 != 4 else -1
    for k, item in enumerate(items):
        x = round(arng.uniform(0, 1), 3)
        label = ""
        if k == logged:
            cost = -1 if pref[user][item] + arng.gauss(0, 0.5) > 0 else 0
            label = f"0:{cost}:{round(1 / len(items), 3)} "
        adf.append(f"{label}|a i{item} |f x:{x}")
    adf.append("")
write("cb_adf.vw", adf[:-1])

# The same logged data as --dsjson decision-service events (one line per group, VW's keys): the
# golden cb_adf_dsjson runs it, and its -p equals the text file's (the features hash alike).
import json  # noqa: E402


def dsjson_event(group):
    event, context, multi = {}, {}, []
    for line in group:
        label, _, rest = line.partition("|")
        parts = ["|" + p for p in rest.split("|")]
        namespaces = {}
        for p in parts:
            name, *features = p[1:].split()
            namespaces[name] = {f.split(":")[0]: float(f.split(":")[1]) if ":" in f else 1 for f in features}
        if label.startswith("shared"):
            context.update(namespaces)
            tag = label.split("'")[1].strip() if "'" in label else ""
            if tag:
                context["_tag"] = tag
            continue
        if label.strip():
            _, cost, p = label.split(":")
            event.update({"_label_cost": float(cost), "_label_probability": float(p), "_labelIndex": len(multi)})
        multi.append(namespaces)
    context["_multi"] = multi
    event.update({"EventId": f"g{len(dsjson)}", "a": list(range(1, len(multi) + 1)), "c": context})
    return json.dumps(event, separators=(",", ":"))


dsjson, group = [], []
for line in adf + [""]:
    if line:
        group.append(line)
    elif group:
        dsjson.append(dsjson_event(group))
        group = []
write("cb_adf.dsjson", dsjson)

# Continuous-action bandit (--cbzo): `ca action:cost:pdf_value |a x1:.. x2:.. |b wN`, the logging
# policy uniform on [-1, 1] (density 0.5), cost the squared distance to the context's best action.
# Its own generator, so the files above stay as they were.
ca_rng = random.Random(31)
ca = []
for n in range(200):
    x1, x2 = round(ca_rng.uniform(-1, 1), 4), round(ca_rng.uniform(0, 2), 4)
    w = ca_rng.randrange(5)
    best = 0.5 * x1 - 0.3 * x2 + 0.1 * w
    a = round(ca_rng.uniform(-1, 1), 5)
    cost = round((a - best) ** 2, 5)
    tag = f" 'q{n}" if n % 7 == 0 else ""
    ca.append(f"ca {a}:{cost}:0.5{tag} |a x1:{x1} x2:{x2} |b w{w}")
write("ca.vw", ca)
