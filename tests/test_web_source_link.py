"""An uploaded file's source is shown to its uploader, through the private
link the upload answers with, and to nobody else."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlparse

from fastapi.testclient import TestClient

from hog_arena.web.app import create_app

SOURCE = "def final_strategy(score, opponent_score):\n    return 4 if score < opponent_score else 2  # <mine>\n"


def test_the_uploader_reads_the_source_through_the_link_and_nobody_else(tmp_path):
    with TestClient(create_app(f"sqlite:///{tmp_path / 'a.db'}", "sus_fuss"), base_url="http://localhost") as client:
        reply = client.post("/api/strategies", files={"file": ("mine.py", SOURCE.encode())})
        assert reply.status_code == 201, reply.text
        stored = reply.json()
        link = stored["source_url"]
        assert link.startswith(f"/strategies/{stored['id']}/source?key=hog_")
        page = client.get(link)
        assert page.status_code == 200 and "return 4 if score &lt; opponent_score" in page.text
        key = parse_qs(urlparse(link).query)["key"][0]
        api = client.get(f"/api/strategies/{stored['id']}/source", params={"key": key})
        assert api.json() == {"id": stored["id"], "source": SOURCE}
        for wrong in ("hog_wrong", key[:-1]):
            assert client.get(f"/api/strategies/{stored['id']}/source", params={"key": wrong}).status_code == 404
        assert client.get(f"/api/strategies/{stored['id'] + 1}/source", params={"key": key}).status_code == 404
        for public in (f"/api/strategies/{stored['id']}", f"/strategies/{stored['id']}", "/api/strategies"):
            assert "&lt;mine&gt;" not in client.get(public).text and "<mine>" not in client.get(public).text
        again = client.post("/api/strategies", files={"file": ("copy.py", SOURCE.encode())})
        assert again.status_code == 200 and "source_url" not in again.json()  # a duplicate gives no new key


def test_the_upload_form_shows_the_link(tmp_path):
    with TestClient(create_app(f"sqlite:///{tmp_path / 'a.db'}", "sus_fuss"), base_url="http://localhost") as client:
        token = re.search(r'name="csrf_token" value="([0-9a-f]+)"', client.get("/submit").text)[1]
        form = {"csrf_token": token, "rules": "sus_fuss", "goal": "100"}
        page = client.post("/submit", data=form, files={"file": ("mine.py", SOURCE.encode())})
        assert page.status_code == 200
        link = re.search(r'href="(/strategies/\d+/source\?key=[^"]+)"', page.text)[1]
        assert "# &lt;mine&gt;" in client.get(link.replace("&amp;", "&")).text
