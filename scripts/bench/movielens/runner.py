"""The movielens driver's job runner: jobs (id, system, train, eval, flags) in parallel, each
logged as it ends."""
import os
import shutil
from concurrent.futures import ThreadPoolExecutor, as_completed

from movielens import systems
from movielens.progress import log


class Runner:
    """Runs jobs (id, system, train, eval, flags) in parallel; results keyed by id. Each finished
    job is logged as it ends (progress_line)."""

    def __init__(self, tools, work, clog, jobs):
        self.tools, self.work, self.clog, self.jobs = tools, work, clog, jobs
        self.results = {}

    def _one(self, job):
        jid, system, train, test, flags = job
        tmp = os.path.join(self.work, "tmp", jid)
        os.makedirs(tmp, exist_ok=True)
        rec = systems.JOBS[system](self.tools, tmp, train, test, flags, os.path.join(self.work, "logs", jid + ".log"),
                                   self.clog)
        shutil.rmtree(tmp)
        return jid, rec

    def run(self, jobs, phase):
        log(f"{phase}: running {len(jobs)} jobs ({self.jobs} in parallel)")
        with ThreadPoolExecutor(self.jobs) as pool:
            pending = [pool.submit(self._one, job) for job in jobs]
            for done, future in enumerate(as_completed(pending), 1):
                jid, rec = future.result()
                self.results[jid] = rec
                log(progress_line(phase, done, len(jobs), jid, rec))


def progress_line(phase, done, total, jid, rec):
    """One finished job: "validation 3/40 u1.squared.k10.g2: RMSE 0.9123 MAE 0.7201 (4.1 s)"."""
    return (f"{phase} {done}/{total} {jid}: RMSE {rec['rmse']:.4f} MAE {rec['mae']:.4f}"
            + (f" ({rec['nan']} non-finite)" if rec.get("nan") else "") + f" ({rec['seconds']:.1f} s)")


def slowest_first(job):
    """Sort key of jobs: the implicit-input runs, then the samplers (libFM's MCMC, learner-bpmf), then the rest."""
    return ".imp." not in job[2], "mcmc" not in job[4] and "--sweeps" not in job[4]
