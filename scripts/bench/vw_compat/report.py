"""The comparison table of scripts/bench/vw_compat.sh and its RESULT line."""

NOT_WORSE_SLACK = 1.01  # learner's loss <= 1.01 x VW's counts as not worse (issue 15)


def ratio(mine, theirs):
    """learner's loss over VW's (None unless both are numbers and VW's is not 0)."""
    if mine is None or theirs is None:
        return None
    if theirs == 0:
        return 1.0 if mine == 0 else None
    return mine / theirs


def not_worse(mine, theirs):
    if mine is None or theirs is None:
        return False
    # The slack is 1% of VW's loss's size: contextual-bandit losses are often negative (rewards as
    # negative costs), where 1.01 x VW's would be a stricter bound than VW's own.
    return mine <= theirs + (NOT_WORSE_SLACK - 1) * abs(theirs) + 1e-12


def _num(x):
    return "-" if x is None else f"{x:.6g}"


def summary(rows, with_vw):
    """Counts over rows (dicts with name, learner, vw, optional vw_ref): the RESULT line.
    ref_* compare with vw_ref, the loss VW's own test suite expects for that command."""
    ran = sum(1 for r in rows if r["learner"]["status"] == "ran")
    parts = [f"commands={len(rows)}", f"ran={ran}"]
    if with_vw:
        parts.append(f"vw_ran={sum(1 for r in rows if r['vw']['status'] == 'ran')}")
        compared = [r for r in rows if r["learner"]["loss"] is not None and r["vw"]["loss"] is not None]
        parts.append(f"compared={len(compared)}")
        parts.append(f"not_worse={sum(1 for r in compared if not_worse(r['learner']['loss'], r['vw']['loss']))}")
    else:
        parts.append("not_worse=n/a")
    with_ref = [r for r in rows if r["learner"]["loss"] is not None and r.get("vw_ref") is not None]
    parts.append(f"ref_compared={len(with_ref)}")
    parts.append(f"ref_not_worse={sum(1 for r in with_ref if not_worse(r['learner']['loss'], r['vw_ref']))}")
    preds = [v for r in rows for v in (r.get("pred_ref") or {}).values()]
    parts.append(f"pred_compared={len(preds)}")
    parts.append(f"pred_matched={sum(1 for v in preds if v == 'match')}")
    rejected = sum(1 for r in rows if r["learner"]["status"].startswith("rejected"))
    parts.append(f"rejected={rejected}")
    return "RESULT " + " ".join(parts)


def table(rows, with_vw):
    """The table as text lines, then the RESULT line."""
    lines = []
    head = f"{'name':<11} {'learner':>10} {'vw':>10} {'ratio':>7} {'vw_ref':>10}  status"
    lines.append(head)
    for r in rows:
        mine, theirs = r["learner"]["loss"], r["vw"]["loss"] if with_vw else None
        status = r["learner"]["status"]
        if with_vw and r["vw"]["status"] != "ran":
            status += f" (vw: {r['vw']['status']})"
        q = ratio(mine, theirs)
        q_text = "-" if q is None else f"{q:.3f}"
        lines.append(f"{r['name']:<11} {_num(mine):>10} {_num(theirs):>10} {q_text:>7} {_num(r.get('vw_ref')):>10}"
                     f"  {status}")
        lines.append(f"    {r['args']}    [{r['source']}]")
        for written, verdict in (r.get("pred_ref") or {}).items():
            lines.append(f"    predictions {written}: {verdict} (VW's reference)")
    lines.append(summary(rows, with_vw))
    return lines
