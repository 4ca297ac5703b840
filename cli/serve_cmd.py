"""``hog serve``: the web arena, served by uvicorn."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from cli.options import Db, Goal, Json, Rules, emit


def register(app: typer.Typer) -> None:
    @app.command("serve")
    def serve_command(
        rules: Rules,
        goal: Goal = 100,
        db: Db = None,
        as_json: Json = False,
        host: Annotated[str, typer.Option("--host", help="Address to listen on.")] = "127.0.0.1",
        port: Annotated[int, typer.Option("--port", min=1, max=65535, help="Port to listen on.")] = 8000,
    ) -> None:
        """Serve the web arena: leaderboards, strategies, uploads, games and a JSON API (/docs)."""
        import uvicorn

        from web.app import create_app

        web_app = create_app(db, rules, goal)
        url = f"http://{host}:{port}/"
        line = f"Hog Arena at {url} (API documentation at {url}docs); stop with Ctrl+C"
        emit({"url": url, "rules": rules, "goal": goal}, as_json, lambda: typer.echo(line))
        sys.stdout.flush()
        uvicorn.run(web_app, host=host, port=port, log_level="warning")
