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
    ) -> None:
        """Serve the web arena: leaderboards, strategies, uploads, games and a JSON API (/docs).

        Example: hog serve --rules fa24 --port 8080
        """
        import uvicorn

        from hog_arena.web.app import create_app

        names = server_names(host, allowed_hosts or [])
        web_app = create_app(db, rules, goal, allowed_hosts=names)
        url = f"http://{host}:{port}/"
        line = f"Hog Arena at {url} (API documentation at {url}docs); stop with Ctrl+C"
        emit({"url": url, "rules": rules, "goal": goal, "allowed_hosts": names}, as_json, lambda: typer.echo(line))
        sys.stdout.flush()
        uvicorn.run(web_app, host=host, port=port, log_level="warning")
