"""``hog serve``: the web arena, served by uvicorn."""

from __future__ import annotations

import socket
import sys
from typing import Annotated

import typer

from hog_arena.cli.options import Db, Goal, Json, Rules, emit

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


def register(app: typer.Typer) -> None:
    @app.command("serve")
    def serve_command(
        rules: Rules,
        goal: Goal = 100,
        db: Db = None,
        as_json: Json = False,
        host: Annotated[str, typer.Option("--host", help="Address to listen on.")] = "127.0.0.1",
        port: Annotated[int, typer.Option("--port", min=1, max=65535, help="Port to listen on.")] = 8000,
        allowed_hosts: Annotated[
            list[str] | None,
            typer.Option(
                "--allowed-host",
                metavar="NAME",
                help="Another host name visitors use to reach the server (repeatable; * for any).",
            ),
        ] = None,
        forwarded_allow_ips: Annotated[
            list[str] | None,
            typer.Option(
                "--forwarded-allow-ips",
                metavar="ADDRESS",
                help="A reverse proxy whose X-Forwarded-For is believed (repeatable; default: none).",
            ),
        ] = None,
        max_connections: Annotated[
            int, typer.Option("--max-connections", min=1, help="Connections open at once; more are closed.")
        ] = 512,
    ) -> None:
        """Serve the web arena: leaderboards, strategies, uploads, games and a JSON API (/docs)."""
        from hog_arena.web.app import create_app
        from hog_arena.web.server import ServerLimits, listen, make_server

        names = server_names(host, allowed_hosts or [])
        sock = listen(host, port)  # a busy port is one line, before anything is printed
        try:
            web_app = create_app(db, rules, goal, allowed_hosts=names)
            server = make_server(web_app, ServerLimits(max_connections=max_connections), forwarded_allow_ips or ())
            url = f"http://{host}:{port}/"
            line = f"Hog Arena at {url} (API documentation at {url}docs); stop with Ctrl+C"
            about = {"url": url, "rules": rules, "goal": goal, "allowed_hosts": names}
            emit(about, as_json, lambda: typer.echo(line))
            sys.stdout.flush()
            server.run(sockets=[sock])
        finally:
            sock.close()
