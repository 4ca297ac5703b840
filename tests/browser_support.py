"""What the browser tests share: Debian's chromium, driven by Playwright,
headless in a container. Without chromium (or Playwright) the browser tests
fail under CI (``CI=true``; ``.ci/browser.sh`` installs chromium) and are
skipped elsewhere, with the reason."""

from __future__ import annotations

import importlib.util
import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

#: Flags for chromium in a container without a display, a user namespace sandbox or a network.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
VIEWPORT = {"width": 1200, "height": 900}


def _missing() -> str | None:
    """Why the browser cannot run here, or None."""
    if importlib.util.find_spec("playwright") is None:
        return "Playwright for Python is not installed (pip install -e '.[test]')"
    if shutil.which("chromium") is None:
        return "Debian's chromium is not installed (.ci/browser.sh installs it)"
    return None


def chromium_path() -> str:
    """Where chromium is; fails the test under CI, else skips it, when it cannot run."""
    problem = _missing()
    if problem is not None:
        if os.environ.get("CI") == "true":
            pytest.fail(f"browser tests cannot run in CI: {problem}")
        pytest.skip(problem)
    return str(shutil.which("chromium"))


@contextmanager
def launched_chromium(chromium: str) -> Iterator[Any]:
    """A headless chromium (a Playwright ``Browser``), closed on leaving."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


#: The most an action or a wait of a page may take, in ms: it only bounds a wait,
#: so it leaves a loaded machine (chromium, the server and the tests on two cores) time.
PAGE_TIMEOUT_MS = 90_000


def new_page(browser: Any) -> Any:
    """A page in a fresh context of BROWSER (its own cookies), PAGE_TIMEOUT_MS at most per action."""
    page = browser.new_context(viewport=VIEWPORT).new_page()
    page.set_default_timeout(PAGE_TIMEOUT_MS)
    return page
