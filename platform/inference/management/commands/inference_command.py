from __future__ import annotations

import shlex
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from inference.vllm import TIERS, SpecError, vllm_spec


class Command(BaseCommand):
    help = "Print the vLLM command line that serves a tier on GPUs (from settings)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--tier", required=True, choices=TIERS)
        parser.add_argument(
            "--gpus",
            type=int,
            default=None,
            help="GPUs per node (tensor parallel); default: the tier's LONGHAUL_<TIER>_GPUS",
        )
        parser.add_argument("--nodes", type=int, default=1, help="nodes (pipeline parallel)")
        parser.add_argument("--port", type=int, default=None, help="default: LONGHAUL_VLLM_PORT")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            spec = vllm_spec(
                tier=options["tier"],
                gpus=options["gpus"],
                nodes=options["nodes"],
                port=options["port"],
            )
        except SpecError as error:
            raise CommandError(str(error)) from None
        # Notes as shell comments, so the whole output can be pasted into a shell.
        for note in spec.notes:
            self.stdout.write(f"# {note}")
        self.stdout.write(shlex.join(spec.argv))
