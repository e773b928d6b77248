"""A bandits.sh row over its replicates (experiments.REPLICATES shuffles of the stream).

combine(runs): runs is one tool's tune_and_run result per shuffle (loss, valid_loss, flags,
seconds, plus the reported examples); the row is the mean loss, its sample standard deviation
(0 for one shuffle), every shuffle's loss and chosen flags, and examples/s over all the runs.
"""
import statistics
from collections import Counter


def combine(done):
    """One tool's row over its replicates (tune_and_run's dicts, one per shuffle): the mean loss,
    its standard deviation, every replicate's loss and chosen flags, examples/s over them all."""
    losses = [r["loss"] for r in done]
    counts = Counter(r["flags"] for r in done)  # first-seen order
    flags = ", ".join(f"{f} (x{n})" if len(done) > 1 else f for f, n in counts.items())
    seconds = sum(r["seconds"] for r in done)
    examples = sum(r["examples"] for r in done)
    return {"loss": statistics.fmean(losses), "loss_sd": statistics.stdev(losses) if len(losses) > 1 else 0.0,
            "losses": losses, "valid_loss": statistics.fmean(r["valid_loss"] for r in done),
            "flags": flags, "replicate_flags": [r["flags"] for r in done], "seconds": seconds,
            "examples_per_s": examples / seconds if seconds > 0 else float("nan")}
