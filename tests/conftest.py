"""Shared fixtures: students' files, a real SQLite file, and a real PostgreSQL server.

``student_file`` hands a test a real student's ``hog.py`` as a ``.py`` file in
its tmp_path. ``db_url`` runs a test once per backend, and ``store`` is the
store opened on it (a test file needs no store fixture of its own). The
SQLite database is a file in the test's tmp_path; the PostgreSQL database is the server named by
``HOG_TEST_POSTGRES_URL`` (``.ci/postgres.sh`` starts one; its URL is
``postgresql+psycopg://hog:hog@127.0.0.1:5432/hog_test``), where each test
gets a fresh schema of its own, dropped afterwards. Without a reachable
server the PostgreSQL runs are skipped, with the reason. ``HYPOTHESIS_PROFILE=nightly``
runs the property tests in full.
"""

from __future__ import annotations

import os
import shutil
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from results.store import Store, open_store

#: Real students' course files, one per rule set: data, so stored as ``NAME.py.txt``.
STUDENT_FILES = Path(__file__).parent / "fixtures" / "submissions" / "realistic"
POSTGRES_ENV = "HOG_TEST_POSTGRES_URL"
BACKENDS = ("sqlite", "postgres")

# No property test has a deadline: Hypothesis's default (200 ms an example, of
# wall-clock time) fails a test on a loaded machine, and the test means the
# property, not the speed. Nor is slow data generation an error, for the same reason.
# HYPOTHESIS_PROFILE=nightly: every property test tries many more examples
# (the slowest ones through tests/properties.py; the others here).
_UNTIMED = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow]}
settings.register_profile("default", **_UNTIMED)
settings.register_profile("nightly", max_examples=1000, **_UNTIMED)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


@pytest.fixture
def student_file(tmp_path: Path) -> Callable[..., Path]:
    """Copy a student's file, byte for byte, to a ``.py`` file a test submits; returns its path.

    ``student_file("hog_pile.py")`` is ``tmp_path / "hog_pile.py"``;
    ``student_file("hog_pile.py", tmp_path / "ann" / "hog.py")`` puts it where
    (and under the name) a test wants it.
    """

    def copy(name: str, to: Path | None = None) -> Path:
        target = tmp_path / name if to is None else Path(to)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(STUDENT_FILES / f"{name}.txt", target)
        return target

    return copy


@pytest.fixture(scope="session")
def postgres_server() -> str:
    """The PostgreSQL test server's URL; skips when none is configured or reachable."""
    url = os.environ.get(POSTGRES_ENV)
    if not url:
        pytest.skip(f"no PostgreSQL server: {POSTGRES_ENV} is not set (see .ci/postgres.sh)")
    engine = create_engine(make_url(url), connect_args={"connect_timeout": 5})
    try:
        with engine.connect() as connection:
            connection.execute(text("SELECT 1"))
    except Exception as error:  # noqa: BLE001 - any failure means: no server to test against
        reason = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
        pytest.skip(f"no PostgreSQL server reachable at {make_url(url).render_as_string()}: {reason}")
    finally:
        engine.dispose()
    return url


@pytest.fixture
def postgres_url(postgres_server: str) -> Iterator[str]:
    """A URL of the test server whose tables live in a fresh schema of this test only."""
    schema = f"hog_test_{uuid.uuid4().hex[:16]}"
    admin = create_engine(make_url(postgres_server))
    with admin.begin() as connection:
        connection.execute(text(f'CREATE SCHEMA "{schema}"'))
    url = make_url(postgres_server).update_query_dict({"options": f"-csearch_path={schema}"})
    try:
        yield url.render_as_string(hide_password=False)
    finally:
        with admin.begin() as connection:
            connection.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()


@pytest.fixture
def sqlite_url(tmp_path) -> str:
    """A SQLite database file (not created yet) in the test's tmp_path."""
    return f"sqlite:///{tmp_path / 'hog_arena.db'}"


@pytest.fixture(params=BACKENDS)
def db_url(request: pytest.FixtureRequest) -> str:
    """The URL of an empty database, once for each backend."""
    return request.getfixturevalue(f"{request.param}_url")


@pytest.fixture
def store(db_url: str) -> Iterator[Store]:
    """The store on ``db_url`` (once for each backend), closed after the test."""
    with open_store(db_url) as opened:
        yield opened
