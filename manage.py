#!/usr/bin/env python
"""Django's command-line utility, with platform/ as the source root."""

from __future__ import annotations

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "platform"))
sys.path.insert(1, str(Path(__file__).resolve().parent))


def main() -> None:
    from config.env import ConfigurationError
    from config.startup import prepare_environment

    try:
        prepare_environment()
        from django.core.management import execute_from_command_line

        execute_from_command_line(sys.argv)
    except ConfigurationError as error:
        sys.exit(f"error: {error}")
    except Exception as error:
        from config.errors import one_line_startup_error

        message = one_line_startup_error(error)
        if message is None or os.environ.get("LONGHAUL_TRACEBACKS"):
            raise
        sys.exit(f"error: {message}")


if __name__ == "__main__":
    main()
