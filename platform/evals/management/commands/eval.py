from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from config import embedded_db
from config.env import ConfigurationError
from evals import commands
from evals.models import Eval
from evals.reports import eval_report, render_html


class Command(BaseCommand):
    help = (
        "Run an eval suite through the platform's REST API (runs, approvals answered by a "
        "scripted reviewer, the sandbox), or in this process for an in-process suite (the 3D "
        "brief reader's), record each trial, and print the report's summary. An interrupted "
        "eval resumes with --resume EVAL_ID."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("suite", nargs="?", help="a built-in suite's name or a directory")
        parser.add_argument("--tier", default="standard", help="comma-separated tiers to compare")
        parser.add_argument("--repeat", type=int, default=1, help="trials per task and tier")
        parser.add_argument(
            "--concurrency", type=int, default=None, help="runs at a time (default 2)"
        )
        parser.add_argument("--tasks", default="", help="comma-separated task ids (default all)")
        parser.add_argument("--model", default="", help="what the tiers serve, for the record")
        parser.add_argument(
            "--workflow-version", default="", help="the workflows' version, for the record"
        )
        parser.add_argument("--api-url", default=None, help="the platform's base URL")
        parser.add_argument("--api-key", default=None, help="a key with the runs scope")
        parser.add_argument(
            "--reviewer-key",
            default=None,
            help="a key with the approvals scope, owned by a reviewer who is not the runs "
            "key's owner",
        )
        parser.add_argument("--max-attempts", type=int, default=None)
        for budget in ("max-steps", "max-tokens", "max-wall-seconds"):
            parser.add_argument(f"--{budget}", type=int, default=None, help="each run's budget")
        parser.add_argument("--trial-timeout", type=float, default=None, help="seconds")
        parser.add_argument("--resume", default=None, metavar="EVAL_ID")
        parser.add_argument(
            "--local",
            action="store_true",
            help="run the platform here for the eval's length (as make up does, with the "
            "suite's package index), with keys of the demo organization; an in-process suite "
            "needs no platform and is recorded for the demo organization",
        )
        parser.add_argument("--compare", default="", help="two configuration labels: a,b")
        parser.add_argument("--json", default="", help="write the JSON report here")
        parser.add_argument("--html", default="", help="write the HTML report here")

    def handle(self, *args: Any, **options: Any) -> None:
        keys = commands.Keys(
            api_url=options["api_url"] or settings.LONGHAUL_EVAL_API_URL,
            api_key=options["api_key"] or settings.LONGHAUL_EVAL_API_KEY,
            reviewer_key=options["reviewer_key"] or settings.LONGHAUL_EVAL_REVIEWER_KEY,
        )
        self.stop_database = bool(options["local"])
        try:
            self._report(keys, options)
        finally:
            if self.stop_database and os.environ.get("LONGHAUL_EMBEDDED_DATABASE"):
                embedded_db.stop(embedded_db.data_dir())  # as `make up` does when it stops

    def _report(self, keys: commands.Keys, options: dict[str, Any]) -> None:
        try:
            compare = commands.compare_pair(options["compare"])
            evaluation = self._run(keys, options)
        except (commands.EvalCommandError, ConfigurationError) as error:
            raise CommandError(str(error)) from None
        report = eval_report(eval=evaluation, compare=compare)
        self.stdout.write(commands.summary(report))
        if options["json"]:
            Path(options["json"]).write_text(json.dumps(report, indent=2, default=str))
        if options["html"]:
            Path(options["html"]).write_text(render_html(report))

    def _run(self, keys: commands.Keys, options: dict[str, Any]) -> Eval:
        suite = commands.suite_for(options)
        if suite.runner == "in_process":
            self.stop_database = False  # no platform was started; the database may be shared
            return commands.run_in_process(keys, options, suite, log=self.stdout.write)
        if not options["local"]:
            return commands.run_eval(keys, options, log=self.stdout.write)
        from evals.local import local_platform

        with local_platform(suite, log=self.stdout.write) as local_keys:
            return commands.run_eval(local_keys, options, log=self.stdout.write)
