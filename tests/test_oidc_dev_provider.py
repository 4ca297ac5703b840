"""The README's development provider: ``python tests/oidc_provider.py`` serves
until Ctrl+C and prints the ``hog serve`` options that use it, and a real
``hog serve`` started with them signs its test people in."""

from __future__ import annotations

import re
import shlex
import signal
import subprocess
from pathlib import Path

import httpx2 as httpx
from child_process import python_script
from server_process import free_port, running_server

SCRIPT = Path(__file__).parent / "oidc_provider.py"


def test_the_development_provider_signs_people_in_to_hog_serve(tmp_path):
    arena_port = free_port()
    arena = f"http://127.0.0.1:{arena_port}"
    command = python_script(SCRIPT, "--port", "0", "--arena", f"{arena}/")  # Ctrl+C reaches it as at a terminal
    provider = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        banner = [provider.stdout.readline() for _ in range(5)]
        assert "NOT FOR PRODUCTION" in banner[0], banner + [provider.stderr.read()]
        (serve,) = [line for line in banner if line.startswith("  hog serve ")]
        options = shlex.split(serve)[2:]
        secret_file = Path(options[options.index("--oidc-client-secret-file") + 1])
        assert secret_file.stat().st_mode & 0o077 == 0
        with running_server(str(tmp_path / "arena.db"), *options, port=arena_port) as server:
            with httpx.Client(base_url=arena, timeout=30) as browser:
                for person, signed_in in (("ada@example.edu", True), ("eve@example.edu", False)):
                    to_provider = browser.get("/login", params={"next": "/play"}).headers["location"]
                    chooser = httpx.get(to_provider, timeout=30)
                    assert chooser.status_code == 200 and "NOT FOR PRODUCTION" in chooser.text
                    link = re.search(rf'href="([^"]+)">{re.escape(person)}<', chooser.text)[1].replace("&amp;", "&")
                    back = httpx.get(httpx.URL(to_provider).join(link), timeout=30)
                    assert back.status_code == 302, back.text
                    landed = browser.get(back.headers["location"], follow_redirects=True)
                    assert (f"signed in as {person}" in landed.text) is signed_in, landed.text[:500]
                    assert signed_in or "not verified" in landed.text
            assert server.process.poll() is None
        provider.send_signal(signal.SIGINT)  # Ctrl+C
        out, _ = provider.communicate(timeout=30)
        assert provider.returncode == 0 and out.strip() == "stopped"
        assert not secret_file.exists()
    finally:
        if provider.poll() is None:
            provider.kill()
            provider.communicate()
