"""docs/deploy.md's nginx set-up, run for real: Debian's nginx (``.ci/nginx.sh``
installs it) with the site file ``docs/deploy/nginx.conf``, its example names
replaced by a self-signed certificate for localhost and free loopback ports,
in front of a real ``hog serve`` signing people in at a real OpenID Connect
provider (``tests/oidc_provider.py``). Through the proxy, over HTTPS: the
sign-in goes to the provider and comes back to the public address, the
cookies are Secure and HttpOnly, the arena sees the client's address and
the https scheme, an upload passes and a body over the limit gets 413.
Skipped where no nginx binary is found. The doc must show the site file and
the systemd units exactly as they are, and the units' options must be the
commands' own."""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import ssl
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import httpx2 as httpx
import pytest
from oidc_provider import Provider, running_provider
from server_process import Server, free_port, running_server
from waiting import wait_until

DEPLOY = Path(__file__).parent.parent / "docs" / "deploy"
GUIDE = DEPLOY.parent / "deploy.md"
SITE = DEPLOY / "nginx.conf"
UNITS = {"hog-arena.service": ("serve",), "hog-arena-worker@.service": ("contest", "worker")}
#: Where the test's client connects from: another loopback address than nginx's own (127.0.0.1),
#: so the address the arena logs tells the client from the proxy.
CLIENT = "127.0.0.3"
EMAIL = "ada@example.edu"


def nginx_binary() -> str | None:
    """nginx on PATH, or Debian's (/usr/sbin is not on every user's PATH)."""
    return shutil.which("nginx") or shutil.which("nginx", path="/usr/sbin")


@dataclass
class Deployment:
    url: str  #: the public address, https://localhost:PORT
    http_url: str  #: nginx's plain HTTP port
    server: Server
    provider: Provider
    log: Path  #: hog serve --log-file (JSON lines)
    tls: ssl.SSLContext  #: trusts the self-signed certificate

    def client(self, **options) -> httpx.Client:
        """A client of the proxy connecting from CLIENT."""
        transport = httpx.HTTPTransport(verify=self.tls, local_address=CLIENT)
        return httpx.Client(base_url=self.url, transport=transport, timeout=60, **options)

    def requests(self, path: str) -> list[dict]:
        """The access log's lines for PATH."""
        lines = [json.loads(line) for line in self.log.read_text(encoding="utf-8").splitlines() if line.strip()]
        return [line for line in lines if line["logger"] == "hog_arena.web.access" and line.get("path") == path]


def self_signed(folder: Path) -> tuple[Path, Path]:
    cert, key = folder / "fullchain.pem", folder / "privkey.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2"]
        + ["-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost"]
        + ["-keyout", str(key), "-out", str(cert)],
        check=True,
        capture_output=True,
    )
    return cert, key


def site_config(folder: Path, https_port: int, http_port: int, arena_port: int) -> str:
    """docs/deploy/nginx.conf with its example names replaced by this machine's."""
    text = SITE.read_text(encoding="utf-8")
    for old, new in [
        ("/etc/letsencrypt/live/arena.example.edu/", f"{folder}/"),
        ("arena.example.edu", "localhost"),
        ("listen 443 ssl;", f"listen 127.0.0.1:{https_port} ssl;"),
        ("listen 80;", f"listen 127.0.0.1:{http_port};"),
        ("server 127.0.0.1:8000;", f"server 127.0.0.1:{arena_port};"),
    ]:
        assert old in text, f"{SITE.name} no longer has {old!r}: update the test and the doc together"
        text = text.replace(old, new)
    return text


def main_config(folder: Path, site: Path) -> str:
    """What Debian's /etc/nginx/nginx.conf gives a site file, in FOLDER."""
    user = "user root;\n" if os.geteuid() == 0 else ""  # workers must reach FOLDER
    temp = "".join(
        f"    {kind}_temp_path {folder / kind};\n" for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    return (
        f"{user}worker_processes 1;\npid {folder / 'nginx.pid'};\nerror_log {folder / 'error.log'} warn;\n"
        "events { worker_connections 256; }\n"
        f"http {{\n    access_log {folder / 'access.log'};\n{temp}    include {site};\n}}\n"
    )


def listening(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1):
            return True
    except OSError:
        return False


@pytest.fixture(scope="module")
def deployed(tmp_path_factory) -> Iterator[Deployment]:
    nginx = nginx_binary()
    if nginx is None:
        pytest.skip("no nginx binary (bash .ci/nginx.sh installs Debian's)")
    folder = tmp_path_factory.mktemp("deploy")
    cert, _ = self_signed(folder)
    https_port, http_port, arena_port = free_port(), free_port(), free_port()
    public = f"https://localhost:{https_port}/"
    site = folder / "hog-arena.conf"
    site.write_text(site_config(folder, https_port, http_port, arena_port), encoding="utf-8")
    conf = folder / "nginx.conf"
    conf.write_text(main_config(folder, site), encoding="utf-8")
    command = [nginx, "-p", f"{folder}/", "-c", str(conf), "-e", str(folder / "error.log"), "-g", "daemon off;"]
    checked = subprocess.run([*command, "-t"], capture_output=True, text=True)
    assert checked.returncode == 0, checked.stderr

    users = {EMAIL: {"email_verified": True}}
    with running_provider(users, redirect_uris=(f"{public}auth/callback",)) as provider:
        secret, session_key, log = folder / "client_secret.txt", folder / "session_key.txt", folder / "serve.log"
        secret.write_text(provider.client_secret)
        session_key.write_text("k" * 64)
        options = ["--public-url", public, "--forwarded-allow-ips", "127.0.0.1", "--rules", "sus_fuss"]
        options += ["--oidc-issuer", provider.issuer, "--oidc-client-id", provider.client_id]
        options += ["--oidc-client-secret-file", str(secret), "--session-secret-file", str(session_key)]
        options += ["--log-file", str(log), "--log-format", "json"]
        with running_server(f"sqlite:///{folder / 'arena.db'}", *options, port=arena_port) as server:
            proxy = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            try:
                wait_until(lambda: proxy.poll() is not None or listening(https_port), timeout=30, step=0.1)
                error_log = folder / "error.log"
                assert proxy.poll() is None, f"nginx ended: {error_log.read_text() if error_log.exists() else ''}"
                tls = ssl.create_default_context(cafile=str(cert))
                yield Deployment(public.rstrip("/"), f"http://127.0.0.1:{http_port}", server, provider, log, tls)
            finally:
                proxy.terminate()
                try:
                    proxy.wait(30)
                except subprocess.TimeoutExpired:
                    proxy.kill()
                    proxy.wait(30)


def cookie_flags(reply: httpx.Response, name: str) -> set[str]:
    """The attributes of the Set-Cookie header of cookie NAME in REPLY, lower-cased."""
    for header in reply.headers.get_list("set-cookie"):
        if header.startswith(f"{name}="):
            return {part.strip().split("=")[0].lower() for part in header.split(";")[1:]}
    raise AssertionError(f"no {name} cookie in {reply.headers.get_list('set-cookie')}")


def logged_client(deployed: Deployment, path: str) -> str:
    """The client address of the access log's line for PATH (waits for the line)."""
    lines = wait_until(lambda: deployed.requests(path), timeout=10, what=f"a log line for {path}")
    assert len(lines) == 1, lines
    return lines[0]["client"]


def table(moves: int) -> bytes:
    """A .json strategy table that always rolls MOVES dice."""
    return json.dumps([[moves] * 100 for _ in range(100)]).encode()


def test_plain_http_redirects_to_https(deployed):
    reply = httpx.get(f"{deployed.http_url}/strategies?page=2", headers={"host": "localhost"})
    assert reply.status_code == 301
    assert reply.headers["location"] == "https://localhost/strategies?page=2"


def test_sign_in_goes_to_the_provider_and_back_to_the_public_address(deployed):
    with deployed.client() as client:
        deployed.provider.login_as(EMAIL)
        start = client.get("/login", params={"next": "/strategies"})
        assert start.status_code == 302, start.text
        authorize = urlsplit(start.headers["location"])
        assert f"{authorize.scheme}://{authorize.netloc}" == deployed.provider.issuer
        assert parse_qs(authorize.query)["redirect_uri"] == [f"{deployed.url}/auth/callback"]
        assert {"secure", "httponly"} <= cookie_flags(start, "hog_session")

        callback = deployed.provider.approve(start.headers["location"])
        assert callback.startswith(f"{deployed.url}/auth/callback?")
        back = client.get(callback)
        assert back.status_code in (302, 303), back.text
        assert back.headers["location"].endswith("/strategies")
        assert {"secure", "httponly"} <= cookie_flags(back, "hog_session")
        page = client.get("/strategies")
        assert page.status_code == 200
        assert EMAIL in page.text
        assert page.headers["strict-transport-security"].startswith("max-age=")


def test_the_form_cookie_is_secure_and_http_only(deployed):
    with deployed.client() as client:
        reply = client.get("/submit")
    assert reply.status_code == 200
    assert {"secure", "httponly", "samesite"} <= cookie_flags(reply, "hog_csrf")


def test_the_arena_sees_the_clients_address_not_the_proxys_nor_a_forged_one(deployed):
    with deployed.client() as client:
        reply = client.get("/api/strategies/always_roll(4)", headers={"x-forwarded-for": "10.9.8.7"})
    assert reply.status_code == 200
    # nginx connects from 127.0.0.1 and sets X-Forwarded-For to the client's address.
    assert logged_client(deployed, "/api/strategies/always_roll(4)") == CLIENT
    # Straight to the arena from the client's address, the header is not believed.
    direct = httpx.Client(transport=httpx.HTTPTransport(local_address=CLIENT), timeout=30)
    with direct:
        reply = direct.get(
            f"{deployed.server.url}/api/strategies/always_roll(3)", headers={"x-forwarded-for": "10.9.8.7"}
        )
    assert reply.status_code == 200
    assert logged_client(deployed, "/api/strategies/always_roll(3)") == CLIENT


def test_a_browsers_upload_passes_with_the_https_origin_only(deployed):
    files = {"file": ("rolls_five.json", table(5))}
    marked = len(deployed.requests("/api/strategies"))
    with deployed.client() as client:
        refused = client.post("/api/strategies", files=files, headers={"origin": deployed.url.replace("https", "http")})
        assert refused.status_code == 403, refused.text
        reply = client.post("/api/strategies", files=files, headers={"origin": deployed.url})
    assert reply.status_code == 201, reply.text
    assert reply.json()["name"] == "rolls_five"

    # Both the refusal and the upload are logged with the client's address (a line is written once
    # the answer has gone out, so the second may come a moment after the client has it).
    def both_logged() -> list[dict] | None:
        lines = deployed.requests("/api/strategies")[marked:]
        return lines if len(lines) >= 2 else None

    lines = wait_until(both_logged, timeout=10, what="the refusal's and the upload's log lines")
    assert [line["client"] for line in lines] == [CLIENT, CLIENT]


def test_bodies_over_the_limit_get_413_from_the_arena_or_from_nginx(deployed):
    with deployed.client() as client:
        # Within nginx's client_max_body_size, over the arena's 1 MB + 64 KB: the arena's 413.
        over_arena = client.post("/api/strategies", files={"file": ("big.json", b" " * (1100 * 1024))})
        assert over_arena.status_code == 413, over_arena.text
        assert over_arena.json() == {"detail": "the upload is over the 1 MB limit for strategy files"}
        # Over client_max_body_size: nginx's own 413; the arena sees nothing.
        before = len(deployed.requests("/api/strategies/"))
        over_nginx = client.post("/api/strategies/", files={"file": ("huge.json", b" " * (2 * 1024 * 1024))})
        assert over_nginx.status_code == 413
        assert "413 Request Entity Too Large" in over_nginx.text  # nginx's page, not the arena's JSON
        # A request after it that the arena logs: once its line is there, so would the refused one's be.
        marked = len(deployed.requests("/api/rules"))
        assert client.get("/api/rules").status_code == 200
    wait_until(lambda: len(deployed.requests("/api/rules")) > marked, what="the next request logged")
    assert len(deployed.requests("/api/strategies/")) == before


def fenced_blocks(text: str) -> list[str]:
    return [match[1] for match in re.finditer(r"^```[a-z]*\n(.*?)^```$", text, flags=re.M | re.S)]


def test_the_guide_shows_the_files_as_they_are():
    blocks = fenced_blocks(GUIDE.read_text(encoding="utf-8"))
    for name in [SITE.name, *UNITS]:
        assert (DEPLOY / name).read_text(encoding="utf-8") in blocks, f"docs/deploy.md does not show {name} as it is"


@pytest.mark.parametrize("unit", sorted(UNITS))
def test_the_units_use_the_commands_own_options(unit):
    text = (DEPLOY / unit).read_text(encoding="utf-8").replace("\\\n", " ")
    command = next(line for line in text.splitlines() if line.startswith("ExecStart="))
    options = set(re.findall(r"\s(--[a-z][a-z-]*)", command))
    assert options
    env = {**os.environ, "COLUMNS": "200", "NO_COLOR": "1"}
    shown = subprocess.run(
        [sys.executable, "-m", "hog_arena.cli.main", *UNITS[unit], "--help"],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    ).stdout
    assert options <= set(re.findall(r"--[a-z][a-z-]*", shown)), options - set(re.findall(r"--[a-z][a-z-]*", shown))
