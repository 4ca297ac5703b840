"""``hog serve``: the web arena, served by uvicorn."""

from __future__ import annotations

import socket
import sys
from pathlib import Path
from typing import Annotated

import typer

from hog_arena.cli.options import Db, Goal, Json, Rules, emit
from hog_arena.cli.signin_options import (
    ClientId,
    ClientSecretFile,
    Issuer,
    PublicUrl,
    SessionSecretFile,
    public_base,
    public_names,
    sign_in_banner,
    sign_in_settings,
)

#: Addresses that mean "every interface of this machine".
_EVERY_INTERFACE = ("0.0.0.0", "::", "")


def server_names(host: str, extra: list[str]) -> list[str]:
    """The host names the server answers to: this machine's local names, the
    address it listens on (or, listening everywhere, the machine's own names)
    and EXTRA."""
    from hog_arena.web.security import LOCAL_HOSTS

    names = [*LOCAL_HOSTS, *extra]
    if host in _EVERY_INTERFACE:
        names += [socket.gethostname(), socket.getfqdn()]
    else:
        names.append(f"[{host}]" if ":" in host else host)
    return list(dict.fromkeys(names))


def _check_port(port: int) -> int:
    if not 1 <= port <= 65535:
        raise typer.BadParameter(f"a port is 1 to 65535, not {port}")
    return port


def _check_log_format(style: str) -> str:
    if style not in ("text", "json"):
        raise typer.BadParameter(f"a log format is text or json, not {style!r}")
    return style


def register(app: typer.Typer) -> None:
    @app.command("serve")
    def serve_command(
        rules: Rules,
        goal: Goal = 100,
        db: Db = None,
        as_json: Json = False,
        host: Annotated[str, typer.Option("--host", help="Address to listen on.")] = "127.0.0.1",
        port: Annotated[
            int, typer.Option("--port", metavar="PORT", callback=_check_port, help="Port to listen on (1 to 65535).")
        ] = 8000,
        allowed_hosts: Annotated[
            list[str] | None,
            typer.Option(
                "--allowed-host",
                metavar="NAME",
                help="Another host name visitors use to reach the server (repeatable; * for any).",
            ),
        ] = None,
        oidc_issuer: Issuer = None,
        oidc_client_id: ClientId = None,
        oidc_client_secret_file: ClientSecretFile = None,
        session_secret_file: SessionSecretFile = None,
        public_url: PublicUrl = None,
        forwarded_allow_ips: Annotated[
            list[str] | None,
            typer.Option(
                "--forwarded-allow-ips",
                metavar="ADDRESS",
                help="A reverse proxy whose X-Forwarded-For is believed (repeatable; default: none).",
            ),
        ] = None,
        max_connections: Annotated[
            int,
            typer.Option("--max-connections", min=1, metavar="N", help="Connections open at once; more are closed."),
        ] = 512,
        log_file: Annotated[
            Path | None,
            typer.Option(
                "--log-file",
                metavar="FILE",
                help="Append the log (requests, contest submissions, staff actions, errors) to FILE "
                "(default: standard error).",
                show_default=False,
            ),
        ] = None,
        log_format: Annotated[
            str,
            typer.Option("--log-format", metavar="text|json", callback=_check_log_format, help="One line per event."),
        ] = "text",
    ) -> None:
        """Serve the web arena: leaderboards, strategies, uploads, games and a JSON API (/docs).

        Example: hog serve --rules fa24 --port 8080
        """
        from hog_arena.web.app import create_app
        from hog_arena.web.logs import start_logging, stop_logging
        from hog_arena.web.server import ServerLimits, listen, make_server

        oidc, session_secret = sign_in_settings(
            oidc_issuer, oidc_client_id, oidc_client_secret_file, session_secret_file, public_url
        )
        url = public_base(public_url) if public_url else f"http://{host}:{port}/"
        names = server_names(host, [*(allowed_hosts or []), *public_names(public_url)])
        sock = listen(host, port)  # a busy port is one line, before anything is printed
        logs = None
        try:
            logs = start_logging(log_file, log_format)  # so is a log file that cannot be opened
            web_app = create_app(db, rules, goal, allowed_hosts=names, oidc=oidc, session_secret=session_secret)
            server = make_server(web_app, ServerLimits(max_connections=max_connections), forwarded_allow_ips or ())
            sign_in, sign_in_line = sign_in_banner(oidc, url)
            line = f"Hog Arena at {url} (API documentation at {url}docs); stop with Ctrl+C"
            line += f"\n{sign_in_line}" if sign_in_line else ""
            about = {"url": url, "rules": rules, "goal": goal, "allowed_hosts": names, "sign_in": sign_in}
            emit(about, as_json, lambda: typer.echo(line))
            sys.stdout.flush()
            server.run(sockets=[sock])
        finally:
            sock.close()
            if logs is not None:
                stop_logging(logs)
