"""The results store: one API over the database for the CLI, the arena and evolve.

Open it with ``open_store(db)`` (or ``Store(db)``), preferably in a ``with``
block. DB is a SQLAlchemy URL or a plain file path (turned into a SQLite
URL); None means ``HOG_DB``, else ``sqlite:///hog_arena.db`` in the current
folder. ``postgresql://`` and ``postgres://`` URLs use the psycopg driver.
SQLite and PostgreSQL are supported. Opening upgrades an older SQLite file
to the newest schema (Alembic) and creates the schema in an empty database;
a PostgreSQL database whose schema is older is refused until ``hog db
upgrade`` (so a newer program never migrates it under a running older
server), and a schema newer than the program always is. ``create=False``
(for read-only commands) refuses a missing SQLite file instead of creating
an empty one.

Every method runs in its own transaction (SQLite: write transactions take
the write lock at BEGIN, connections use WAL, a busy timeout and foreign
keys), so every multi-row write is all or nothing. Every problem with the
database or with the arguments is a :class:`StoreError` (a ValueError) with
a one-line message; a name or id that is not stored is a :class:`NotStored`
(also a LookupError).

Strategies
    ``add_strategy(table, author=None, source=None) -> (StrategyRecord, duplicate)``
        A table already stored for its rule set and goal (same sha256) is not
        stored again: the existing record comes back with ``duplicate=True``,
        under its existing name. A new table whose name is taken by another
        table of the same rule set and goal, or a look-alike of a stored name
        (``strategies.names.looks_like``), is refused with a ``NameRefused``
        (names are never changed behind the caller's back); so is a name not
        from the library (origin ``file`` or ``evolved``) that would not work
        as a SPEC or looks like a library strategy (``strategies.names.strategy_name``).
    ``get_strategy(name_or_id, rules, goal) -> StrategyTable``
    ``find_strategy(name_or_id, rules, goal) -> StrategyRecord``
        NAME_OR_ID: an int, or text of digits (``12`` or ``#12``), is an id
        (no name is a number); other text is a name.
    ``list_strategies(rules, goal) -> list[StrategyRecord]``
    ``strategy_names(rules, goal) -> list[str]``
    ``rename_strategy(name_or_id, rules, goal, new_name) -> StrategyRecord``
    ``remove_strategy(name_or_id, rules, goal) -> Removal``
        Out of its leagues (finished ones keep ranking the others), no longer
        a run's best, then deleted; its cached matches stay.
Leagues and matches
    ``create_league(name, key, strategy_ids) -> LeagueRecord`` (KEY: the ``MatchKey`` its matches are played under)
    ``cached_matches(key, pairs) -> dict[(sha_a, sha_b), MatchResult]``
    ``store_matches(key, results) -> None``
    ``store_match_arrays(key, shas, pairs, first, second, stderr=None) -> None``
        The bulk path: matches as index arrays into SHAS, one executemany.
    ``add_league_entries(league_id, strategy_ids) -> LeagueRecord``
        More entries for a league (running again until ``finish_league``).
    ``finish_league(league_id) -> LeagueRecord``
    ``get_league(name_or_id, rules, goal) -> LeagueRecord``
    ``latest_league(rules, goal) -> LeagueRecord | None`` (the most recently finished one)
    ``pinned_league(rules, goal) -> LeagueRecord | None``
    ``pin_league(name_or_id, rules, goal) -> LeagueRecord``, ``unpin_league(rules, goal) -> LeagueRecord | None``
    ``list_leagues(rules=None, goal=None) -> list[(LeagueRecord, entries)]`` (most recently updated first)
    ``league_entries(league_id) -> list[StrategyRecord]``
    ``league_tables(league_id) -> list[StrategyTable]``
    ``strategy_tables(rules, goal) -> list[StrategyTable]`` (every stored one, one query)
    ``league_results(league_id) -> LeagueResults``
        Entries and stored matches as n x n arrays (``rates``, ``first``,
        ``second``, ``stderr``), read in parts: no object per match.
Evolution
    ``create_run(family, rules, goal, seed, settings, opponent=None, league_id=None) -> RunRecord``
    ``add_generation(run_id, number, stats, checkpoint=None) -> None``
    ``load_latest_checkpoint(run_id) -> Checkpoint | None``
    ``finish_run(run_id, best, author=None, keep=True) -> StrategyRecord | None``
        (KEEP false: the run is done without adding BEST to the strategies)
    ``extend_run(run_id, generations) -> RunRecord`` (a done or running run, to run to GENERATIONS)
    ``get_run(run_id) -> RunRecord``
    ``list_runs(rules=None, goal=None) -> list[RunSummary]``
        Newest first: each run, its newest generation, its best's name.
    ``generations(run_id) -> list[GenerationRecord]``

Match cache. A match is cached under (rule set, goal, method, games, seed,
start, table A, table B), the start being the scores and the player who
moves first (0-0, player 0, unless fa14's bids gave another). A pair is stored once, keyed in sha256 order, with the
rates exactly as the writer gave them; asking in the writer's order returns
them unchanged, asking in the other order returns the match seen from the
other table: win rate ``1 - w``, ``a_first = 1 - a_second`` and
``a_second = 1 - a_first`` (a game of Hog always has a winner), the same
standard error. Results computed with
a per-match seed should derive that seed from SEED and the pair in sha256
order, so that both orders mean the same computation. For ``exact`` matches
games and seed do not matter and are stored as 0 (``MatchKey`` does that). ``store_matches`` ignores
pairs already stored, so storing a batch again changes nothing.

Layout. ``Store`` joins five aggregates and the match cache over one
``results.database.Database`` (engine, sessions, errors):
``results.strategy_store`` (strategies), ``results.league_store`` (leagues;
their results as arrays are read by ``results.league_results``),
``results.match_cache`` (the match cache),
``results.run_store`` (evolution runs), ``results.contest_store`` (class
contests) and ``results.signin_store`` (sign-in sessions). Row lookups live with the models
(``results.models``, a module per aggregate), conversions from rows with the records
(``results.records``), and the match cache's key is one frozen
``results.match_key.MatchKey``, normalised in one place.

Contests (``results.contest_store``: storage only; the policy is ``arena.contest.service``)
    ``create_contest``, ``get_contest``, ``list_contests``, ``locked`` (a write transaction holding
    the contest row's lock: ``LockedContest``), ``add_roster``, ``rotate_token``, ``roster``,
    ``participant_with_token``, ``participant``, ``entries``, ``team_entries``, ``current_tables``,
    ``entry_content``, ``bars``, ``board_states``, ``standings``, ``ranking_input``,
    ``publish_standings``, ``standings_current``, ``unranked_contests``, ``import_contest``,
    ``delete_contest``.

Sign-in sessions (``results.signin_store``)
    ``open_session(email, now) -> str``, ``session_email(session_id, now, idle, lifetime) -> str | None``,
    ``end_session(session_id) -> bool``, ``end_sessions_of(email) -> int``,
    ``end_stale_sessions(now, idle, lifetime) -> int``.

Evolution checkpoints. ``add_generation`` stores a generation's statistics
and, if given, its checkpoint blob in one transaction, and drops the run's
older checkpoints in the same transaction: only the newest is kept.
"""

from __future__ import annotations

from results.contest_store import ContestStore
from results.engine import DEFAULT_URL, make_engine, resolve_url
from results.errors import NameRefused, NotStored, StoreError
from results.league_store import LeagueStore
from results.match_cache import MatchCacheStore
from results.match_key import MatchKey
from results.records import (
    Checkpoint,
    GenerationRecord,
    LeagueRecord,
    LeagueResults,
    MatchResult,
    Removal,
    RunRecord,
    StrategyRecord,
)
from results.run_store import RunStore
from results.signin_store import SigninStore
from results.strategy_store import StrategyStore

__all__ = [
    "DEFAULT_URL",
    "Store",
    "open_store",
    "resolve_url",
    "make_engine",
    "StoreError",
    "NotStored",
    "NameRefused",
    "Removal",
    "StrategyRecord",
    "LeagueRecord",
    "LeagueResults",
    "MatchKey",
    "MatchResult",
    "RunRecord",
    "GenerationRecord",
    "Checkpoint",
]


class Store(StrategyStore, LeagueStore, MatchCacheStore, RunStore, ContestStore, SigninStore):
    """The results database; see the module docstring for the API."""

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()


def open_store(db: str | None = None, *, create: bool = True) -> Store:
    """Open (and if needed and allowed create or upgrade) the results database DB."""
    return Store(db, create=create)
