from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandParser

from inference.embedded import embedded_config, write_config


class Command(BaseCommand):
    help = "Serve the standard and fast tiers on CPU with llama.cpp and the bundled model."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--host", default=None, help="default: LONGHAUL_INFERENCE_HOST")
        parser.add_argument(
            "--port", type=int, default=None, help="default: LONGHAUL_INFERENCE_PORT"
        )
        parser.add_argument(
            "--print-config", action="store_true", help="print the llama.cpp config and exit"
        )
        parser.add_argument(
            "--config-file",
            type=Path,
            default=None,
            help="serve this config (the --print-config format) instead of the settings' one",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        if options["config_file"]:
            self._serve(options["config_file"])
            return
        config = embedded_config(
            host=options["host"] or settings.LONGHAUL_INFERENCE_HOST,
            port=options["port"] or settings.LONGHAUL_INFERENCE_PORT,
        )
        if options["print_config"]:
            self.stdout.write(json.dumps(config, indent=2))
            return
        self._serve(write_config(config, Path(settings.DATA_DIR) / "inference"))

    def _serve(self, path: Path) -> None:
        # Imported here: llama_cpp is only needed by this process.
        from inference.embedded_server import describe, serve

        self.stdout.write(f"inference: {describe(path)} (config {path})")
        self.stdout.flush()
        serve(path, on_stop=lambda: self.stdout.write("inference: stopped"))
