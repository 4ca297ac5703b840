"""The results schema: SQLAlchemy 2 typed declarative models, one module per aggregate.

``base`` (the declarative base and what every table shares),
``strategies`` (``strategies``), ``leagues`` (``leagues``,
``league_entries``, ``matches``, ``league_snapshots``), ``runs``
(``evolution_runs``, ``generations``, ``front_members``), ``contests``
(``contests``, ``contest_participants``, ``contest_attempts``,
``contest_entries``, ``contest_standings``, ``contest_bars``) and ``signin``
(the web's ``signin_sessions``). Unique constraints make duplicates
impossible; check constraints keep enumerated columns honest. Schema changes
go through the Alembic migrations in ``results/migrations``. Importing this
package registers every table on ``Base.metadata``; the names below are
importable from here or from their own module. The row lookups by name or
id (``strategy_row``, ``league_row``, ``run_row``) say WHERE (the database)
in their messages.
"""

from __future__ import annotations

from results.match_key import METHODS
from results.models.base import NAME_LENGTH, Base, utc_now
from results.models.contests import (
    ENTRY_STATUSES,
    PUBLISH_CHOICES,
    ROLES,
    Contest,
    ContestAttempt,
    ContestBar,
    ContestEntry,
    ContestParticipant,
    ContestStandings,
)
from results.models.leagues import (
    LEAGUE_STATUSES,
    League,
    LeagueEntry,
    LeagueSnapshot,
    Match,
    league_entries,
    league_row,
    named_league_row,
)
from results.models.runs import RUN_STATUSES, EvolutionRun, FrontMember, Generation, run_row
from results.models.signin import SigninSession
from results.models.strategies import Strategy, strategy_row

__all__ = [
    "Base",
    "Strategy",
    "League",
    "LeagueEntry",
    "Match",
    "LeagueSnapshot",
    "EvolutionRun",
    "Generation",
    "FrontMember",
    "Contest",
    "ContestParticipant",
    "ContestAttempt",
    "ContestEntry",
    "ContestStandings",
    "ContestBar",
    "SigninSession",
    "METHODS",
    "PUBLISH_CHOICES",
    "ROLES",
    "ENTRY_STATUSES",
    "LEAGUE_STATUSES",
    "RUN_STATUSES",
    "NAME_LENGTH",
    "utc_now",
    "strategy_row",
    "league_row",
    "named_league_row",
    "league_entries",
    "run_row",
]
