"""Driver of scripts/bench/vw_compat.sh: runs the VW command table (commands.py) with learner and,
when VW is given, with VW; writes results.json and table.txt to OUT_DIR and prints the table.

usage: python3 scripts/bench/vw_compat TEST_DIR OUT_DIR   (env: LEARNER, VW, TIMEOUT, ONLY)
"""
import json
import os
import shutil
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import commands  # noqa: E402
import report  # noqa: E402
import runner  # noqa: E402


def main(argv):
    if len(argv) != 3:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    test_dir, out_dir = argv[1], argv[2]
    learner = os.path.abspath(os.environ["LEARNER"])
    vw = os.path.abspath(os.environ["VW"]) if os.environ.get("VW") else None
    timeout = float(os.environ.get("TIMEOUT", "300"))
    only = set(os.environ.get("ONLY", "").split())
    table = commands.COMMANDS + commands.suite_rows(test_dir)
    rows_in = [c for c in table if not only or c[0] in only]
    tools = {"learner": learner, **({"vw": vw} if vw else {})}
    for name in tools:
        work = os.path.join(out_dir, "work-" + name)
        shutil.rmtree(work, ignore_errors=True)
        os.makedirs(work)
        runner.mirror_test_data(test_dir, work)
    refs = runner.reference_losses(test_dir)
    pred_refs = runner.reference_predictions(test_dir)
    rows = []
    for name, args, source, covers in rows_in:
        row = {"name": name, "args": args, "source": source, "covers": covers}
        if source.startswith(commands.TEST_SUITE):
            row["vw_ref"] = refs.get(int(source[len(commands.TEST_SUITE):]))
        for tool, binary in tools.items():
            row[tool] = runner.run(binary, args, os.path.join(out_dir, "work-" + tool), timeout)
        row.setdefault("vw", {"status": "not run", "loss": None})
        if source.startswith(commands.TEST_SUITE) and row["learner"]["status"] == "ran":
            for written, ref in pred_refs.get(int(source[len(commands.TEST_SUITE):]), []):
                row.setdefault("pred_ref", {})[written] = runner.compare_predictions(
                    os.path.join(out_dir, "work-learner", written), os.path.join(test_dir, ref))
        print(f"[vw_compat] {name}: learner {row['learner']['status']}"
              + (f", vw {row['vw']['status']}" if vw else ""), file=sys.stderr)
        rows.append(row)
    lines = report.table(rows, bool(vw))
    with open(os.path.join(out_dir, "results.json"), "w") as f:
        json.dump(rows, f, indent=1)
    with open(os.path.join(out_dir, "table.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
