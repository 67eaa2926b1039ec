from __future__ import annotations

import logging

from core import context


class ContextFilter(logging.Filter):
    """Adds request_id and run_id to every record so the formatter can always print them."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.request_id = context.request_id.get()
        record.run_id = context.run_id.get()
        return True
