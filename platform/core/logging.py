from __future__ import annotations

import logging
import re
from collections.abc import Mapping
from typing import Any

from core import context


class ContextFilter(logging.Filter):
    """Adds request_id and run_id to every record so the formatter can always print them."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.request_id = context.request_id.get()
        record.run_id = context.run_id.get()
        return True


# --- No credential in any log line.
#
# Keys and tickets reach log records from outside the code's control: uvicorn's access log and
# websocket lines print the request's path with its query string (`?api_key=`, `?ticket=`),
# exceptions carry URLs and headers. Every record is rewritten when it is made
# (`install_secret_redaction`), whatever logger, handler or formatter prints it later.

REDACTED = "[redacted]"
_SECRET_NAMES = (
    r"[\w.-]*?(?:key|token|ticket|secret|password|passwd|pwd|signature|sessionid|session"
    r"|credential|auth|authorization|cookie)"
)
_PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = (
    # name=value in query strings and key=value text: api_key=..., ws_ticket=..., token=...
    (re.compile(rf"(?i)(?<![\w.-])({_SECRET_NAMES})=([^\s&;#'\",)\]}}]+)"), rf"\1={REDACTED}"),
    # 'name': 'value' in reprs of dicts and JSON
    (
        re.compile(rf"(?i)(['\"]{_SECRET_NAMES}['\"]\s*:\s*)(['\"])(?:(?!\2).)*\2"),
        rf"\1\2{REDACTED}\2",
    ),
    # headers as text: Authorization: <anything to the end of the line>
    (
        re.compile(
            r"(?i)\b((?:proxy-)?authorization|x-api-key|cookie|set-cookie)(\s*:\s*)[^\r\n]+"
        ),
        rf"\1\2{REDACTED}",
    ),
    # passwords in URLs: scheme://user:password@host
    (re.compile(r"(://[^/\s:@]+:)[^@\s/]+@"), rf"\1{REDACTED}@"),
    # credentials however they are labelled: bearer tokens, the platform's keys and run tokens
    (re.compile(r"(?i)\b(bearer|basic)\s+[\w.~+/=-]+"), rf"\1 {REDACTED}"),
    (re.compile(r"\b(lh_[0-9a-f]{10})_[\w-]+"), rf"\1_{REDACTED}"),
    (re.compile(r"\b(lhrun_[0-9a-f-]{32,36})_[\w-]+"), rf"\1_{REDACTED}"),
    # well-known credential shapes, wherever they appear (a prompt, a file the agent read):
    # OpenAI/Anthropic-style keys, AWS access key ids, GitHub and Slack tokens, JWTs, PEM keys
    (re.compile(r"\b(sk-(?:ant-|proj-)?)[A-Za-z0-9_-]{16,}"), rf"\1{REDACTED}"),
    (re.compile(r"\b((?:AKIA|ASIA)[0-9A-Z]{16})\b"), REDACTED),
    (re.compile(r"\b(gh[pousr]_|github_pat_)[A-Za-z0-9_]{20,}"), rf"\1{REDACTED}"),
    (re.compile(r"\b(xox[abposr]-)[\w-]{10,}"), rf"\1{REDACTED}"),
    (re.compile(r"\beyJ[\w-]{8,}\.eyJ[\w-]{8,}\.[\w-]{8,}"), REDACTED),
    (
        re.compile(
            r"(-----BEGIN [A-Z ]*PRIVATE KEY-----)[\s\S]*?(-----END [A-Z ]*PRIVATE KEY-----)"
        ),
        rf"\1{REDACTED}\2",
    ),
)


def redact(text: str) -> str:
    for pattern, replacement in _PATTERNS:
        text = pattern.sub(replacement, text)
    return text


class _Redacted:
    """An argument of another type whose text held a credential: prints as the redacted text."""

    def __init__(self, value: object) -> None:
        self.text, self.representation = redact(str(value)), redact(repr(value))

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return self.representation


def _redact_argument(value: Any) -> Any:
    if isinstance(value, str):
        return redact(value)
    if value is None or isinstance(value, (int, float, bool, bytes)):
        return value  # numbers keep their type for %d; bytes print as their repr
    text = str(value)
    return _Redacted(value) if redact(text) != text or redact(repr(value)) != repr(value) else value


def redact_record(record: logging.LogRecord) -> None:
    if isinstance(record.msg, str):
        record.msg = redact(record.msg)
    if isinstance(record.args, tuple):
        record.args = tuple(_redact_argument(value) for value in record.args)
    elif isinstance(record.args, Mapping):
        record.args = {key: _redact_argument(value) for key, value in record.args.items()}
    if record.exc_info and not record.exc_text:
        # Formatters print exc_text when it is set; formatted here, it is redacted too.
        record.exc_text = redact(logging.Formatter().formatException(record.exc_info))


def install_secret_redaction() -> None:
    """Makes every log record of this process redacted as it is created (idempotent)."""
    current = logging.getLogRecordFactory()
    if getattr(current, "redacts_secrets", False):
        return

    def factory(*args: Any, **kwargs: Any) -> logging.LogRecord:
        record = current(*args, **kwargs)
        redact_record(record)
        return record

    factory.redacts_secrets = True  # type: ignore[attr-defined]
    logging.setLogRecordFactory(factory)
