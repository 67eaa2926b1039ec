"""The eval runner: drives every planned trial through the platform's public REST API, at most
`concurrency` at a time, and records each one as it goes.

A trial starts a run (`POST /api/runs` with the task's workspace), records the run's id at once,
follows it (`GET /api/runs/{id}`), answers its approval requests with the scripted reviewer's key,
and once the run ends fetches the outcome and has it checked and scored (`evals.outcomes`). An
invalid trial (the environment failed it) is tried again, up to the eval's `max_attempts`.

Durable: a runner that is stopped or killed leaves each trial as it was; run again with the eval's
id it skips what is done, re-attaches to runs still in flight (or ended meanwhile) and starts what
never started.

An in-process suite's eval (`InProcessRunner`) starts no run: each trial is the task's checker
applied in this process, recorded and scored the same way.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor, wait
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.db import close_old_connections, connection
from django.utils import timezone

from evals import outcomes, reviewer, selectors, services
from evals.client import Platform, PlatformRefused, PlatformUnavailable
from evals.models import Eval, Trial, TrialStatus
from evals.scoring import OBJECTIVES
from evals.suites import Suite, Task, workspace_archive
from runs.statuses import TERMINAL_STATUSES, RunStatus

ENDED = TERMINAL_STATUSES


class RunnerError(Exception):
    """The eval cannot go on (the platform refuses the suite's requests, a key lacks a scope);
    the message says what to fix. The eval can be resumed once it is fixed."""


class Stopped(Exception):
    """The runner was asked to stop; the trial stays as it is for a later resume."""


@dataclass(frozen=True)
class RunnerOptions:
    poll_seconds: float = 0.5
    # A run that has not ended this long after it started is an infrastructure timeout.
    trial_timeout_seconds: float = 1800.0


class _Slots:
    """The eval's slots in their order, each attempted until it has a valid trial or its
    attempts are spent, and each outcome logged; `_attempt` makes one trial."""

    def __init__(self, *, eval: Eval, suite: Suite, log: Callable[[str], None] = print) -> None:
        self.eval = eval
        self.tasks = {task.id: task for task in suite.tasks}
        self.log = log
        self.stopping = threading.Event()

    def _pending(self) -> list[Trial]:
        return self._interleaved(selectors.latest_attempts(selectors.eval_trials(eval=self.eval)))

    def _interleaved(self, slots: list[Trial]) -> list[Trial]:
        """Repeat by repeat, task by task, one configuration after the other, so that whatever
        the machine's load does over the eval it does to every configuration alike."""
        order = {label: n for n, label in enumerate(self.eval.labelled)}
        return sorted(slots, key=lambda t: (t.repeat, t.task_id, order.get(t.configuration, 0)))

    def _attempts(self, trial: Trial) -> None:
        while not self.stopping.is_set():
            if trial.status == TrialStatus.SCORED:
                return
            if trial.status == TrialStatus.INVALID:
                if trial.attempt >= self.eval.max_attempts:
                    return
                trial = services.trial_retry(trial_id=trial.id)
            trial = self._attempt(trial)
            self._report(trial)
        raise Stopped

    def _attempt(self, trial: Trial) -> Trial:
        raise NotImplementedError

    def _report(self, trial: Trial) -> None:
        where = f"[{trial.configuration}] {trial.task_id} #{trial.repeat + 1}"
        if trial.status == TrialStatus.SCORED:
            verdict = "passed" if trial.passed else "failed"
            scores = " ".join(f"{name} {trial.scores[name]:.2f}" for name in OBJECTIVES)
            self.log(f"{where}: {verdict} ({scores}, composite {trial.composite:.2f})")
        else:
            self.log(f"{where} attempt {trial.attempt}: invalid ({trial.invalid_cause})")


class InProcessRunner(_Slots):
    """An in-process suite's eval: each trial is its task's checker applied here, one after
    the other in this thread (no run, platform or model)."""

    def run(self) -> Eval:
        for trial in self._pending():
            self._attempts(trial)
        return services.eval_finish(eval_id=self.eval.id)

    def _attempt(self, trial: Trial) -> Trial:
        task = self.tasks[trial.task_id]
        return outcomes.conclude_in_process(eval=self.eval, trial=trial, task=task)


class Runner(_Slots):
    def __init__(
        self,
        *,
        eval: Eval,
        suite: Suite,
        platform: Platform,
        reviewer_platform: Platform,
        options: RunnerOptions = RunnerOptions(),
        log: Callable[[str], None] = print,
    ) -> None:
        super().__init__(eval=eval, suite=suite, log=log)
        self.platform = platform
        self.reviewer = reviewer_platform
        self.options = options

    def run(self) -> Eval:
        """Runs every unfinished slot; returns the finished eval. Ctrl-C stops at the next poll."""
        with ThreadPoolExecutor(max_workers=max(1, self.eval.concurrency)) as pool:
            futures = [pool.submit(self._slot, trial) for trial in self._pending()]
            try:
                _wait_all(futures)
            except KeyboardInterrupt:
                self.stopping.set()
                wait(futures)
                raise
        errors = [f.exception() for f in futures if f.exception() is not None]
        if errors:
            services.eval_finish(eval_id=self.eval.id, error=str(errors[0]))
            raise RunnerError(str(errors[0])) from errors[0]
        return services.eval_finish(eval_id=self.eval.id)

    # --- one slot in a worker thread: attempts until one is valid or they are spent ----------
    def _slot(self, trial: Trial) -> None:
        try:
            self._attempts(trial)
        finally:
            connection.close()

    def _attempt(self, trial: Trial) -> Trial:
        close_old_connections()
        task = self.tasks[trial.task_id]
        try:
            if trial.run_id is None:
                trial = self._start(trial, task)
            run = self._follow(trial, task)
            if run is None:
                return self._timed_out(trial)
            return outcomes.conclude(
                eval=self.eval, trial=trial, task=task, run=run, platform=self.platform
            )
        except PlatformUnavailable as error:
            return services.trial_invalid(
                trial_id=trial.id,
                cause="platform_unavailable",
                detail=str(error),
                measured=services.Measured(),
            )
        except PlatformRefused as refused:
            if refused.status == 404 and trial.run_id is not None:
                return services.trial_invalid(
                    trial_id=trial.id,
                    cause="run_lost",
                    detail=f"run {trial.run_id} is gone: {refused}",
                    measured=services.Measured(),
                )
            raise RunnerError(
                f"the platform refused a request for task {task.id}: {refused}"
            ) from None

    def _start(self, trial: Trial, task: Task) -> Trial:
        run = self.platform.run_start(
            workflow=task.workflow,
            input=task.input,
            tier=trial.tier,
            budgets=self.eval.run_budgets,
            workspace=workspace_archive(task),
        )
        return services.trial_started(trial_id=trial.id, run_id=run["id"])

    def _follow(self, trial: Trial, task: Task) -> dict[str, Any] | None:
        """Polls the run until it ends, answering its approval requests; None past the timeout."""
        run_id = str(trial.run_id)
        started = trial.started_at or timezone.now()
        deadline = started + timedelta(seconds=self.options.trial_timeout_seconds)
        while True:
            run = self.platform.run_get(run_id)
            if run["status"] in ENDED:
                return run
            if run["status"] == RunStatus.AWAITING_APPROVAL:
                self._review(run_id, task)
            if timezone.now() > deadline:
                self.platform.run_cancel(run_id)
                return None
            if self.stopping.wait(self.options.poll_seconds):
                raise Stopped

    def _review(self, run_id: str, task: Task) -> None:
        for approval in self.reviewer.approvals_open(run_id):
            decision = reviewer.decide(approval, task.expect)
            self.reviewer.approval_decide(
                approval, approve=decision.approve, comment=decision.comment
            )

    def _timed_out(self, trial: Trial) -> Trial:
        seconds = self.options.trial_timeout_seconds
        return services.trial_invalid(
            trial_id=trial.id,
            cause="infrastructure_timeout",
            detail=f"run {trial.run_id} had not ended {seconds:.0f} s after it started; cancelled",
            measured=services.Measured(),
        )


def _wait_all(futures: list[Future[None]]) -> None:
    # A timeout keeps the main thread responsive to Ctrl-C while the workers run.
    while not all(f.done() for f in futures):
        wait(futures, timeout=0.5)
