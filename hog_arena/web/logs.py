"""The web server's logs: one logger namespace, ``hog_arena.web``, written as
text lines or JSON objects (``hog serve --log-file FILE --log-format text|json``).

``hog_arena.web.access`` has one line per request (``hog_arena.web.access_log``),
``hog_arena.web.contest`` one per contest submission and per staff action,
``hog_arena.web.security`` the errors no handler answered, with their
traceback (the client gets one line without it). An event's fields come
after its message: as ``key=value`` in text, quoted and escaped when they
hold spaces, quotes or control characters (what a visitor sent stays on
one line), or as keys of the JSON object beside ``time``, ``level``,
``logger`` and ``message``. Times are UTC.
"""

from __future__ import annotations

import json
import logging
import sys
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

__all__ = ["FORMATS", "LOGGER", "LogFormatter", "event", "start_logging", "stop_logging"]

#: The namespace of every logger of the web server.
LOGGER = "hog_arena.web"
FORMATS = ("text", "json")


def event(logger: logging.Logger, message: str, **fields: Any) -> None:
    """Log MESSAGE at INFO on LOGGER with its FIELDS."""
    if logger.isEnabledFor(logging.INFO):
        logger.info(message, extra={"fields": fields})


def _escaped(text: str) -> str:
    """TEXT with quotes, backslashes and unprintable characters escaped.

    >>> _escaped('a "b"\\n\\u202ec')
    'a \\\\"b\\\\"\\\\n\\\\u202ec'
    """
    return "".join(c if c.isprintable() and c not in '"\\' else json.dumps(c)[1:-1] for c in text)


def _value(value: Any) -> str:
    """VALUE as a ``key=value`` field shows it: quoted if it has to be.

    >>> _value(12), _value("fa26"), _value("over the rate"), _value(None), _value("")
    ('12', 'fa26', '"over the rate"', '-', '""')
    """
    if value is None:
        return "-"
    text = str(value)
    if text and text.isprintable() and not any(c in text for c in ' "=\\'):
        return text
    return f'"{_escaped(text)}"'


class LogFormatter(logging.Formatter):
    """Records as text lines or JSON objects (STYLE: ``text`` or ``json``)."""

    def __init__(self, style: str = "text") -> None:
        if style not in FORMATS:
            raise ValueError(f"log format {style!r} is not one of {', '.join(FORMATS)}")
        super().__init__()
        self.style_name = style

    def format(self, record: logging.LogRecord) -> str:
        when = datetime.fromtimestamp(record.created, timezone.utc).isoformat(timespec="milliseconds")
        when = when.replace("+00:00", "Z")
        fields: dict[str, Any] = getattr(record, "fields", {})
        failure = self.formatException(record.exc_info) if record.exc_info else None
        if self.style_name == "json":
            data = {"time": when, "level": record.levelname, "logger": record.name, "message": record.getMessage()}
            data.update({key: value for key, value in fields.items() if key not in data})
            if failure:
                data["exception"] = failure
            return json.dumps(data, default=str, ensure_ascii=False)
        line = " ".join([when, record.levelname, record.name, _escaped(record.getMessage())])
        line += "".join(f" {key}={_value(value)}" for key, value in fields.items())
        return f"{line}\n{failure}" if failure else line


def start_logging(log_file: Path | None = None, style: str = "text") -> logging.Handler:
    """Write the ``hog_arena.web`` logs at INFO and above to LOG_FILE
    (appended; default: standard error) in STYLE; returns the handler for
    ``stop_logging``. OSError, one line, if the file cannot be opened."""
    formatter = LogFormatter(style)
    if log_file is None:
        handler: logging.Handler = logging.StreamHandler(sys.stderr)
    else:
        try:
            handler = logging.FileHandler(log_file, encoding="utf-8")
        except OSError as error:
            raise OSError(f"--log-file {log_file}: {error.strerror or error}") from None
    handler.setFormatter(formatter)
    logger = logging.getLogger(LOGGER)
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    logger.propagate = False
    return handler


def stop_logging(handler: logging.Handler) -> None:
    """Undo ``start_logging``."""
    logger = logging.getLogger(LOGGER)
    logger.removeHandler(handler)
    handler.close()
    if not logger.handlers:
        logger.setLevel(logging.NOTSET)
        logger.propagate = True
