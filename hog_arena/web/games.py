"""Games between a visitor and a strategy, kept in the server's memory.

Each game has a random id (the only way to reach it). The visitor's turn is
the dice count they chose; the strategy's turns follow at once, each the
value of its table at the scores it faces, until it is the visitor's turn
again or the game is over. Games untouched for ``idle_seconds`` are dropped.

Each game belongs to the client (an address) that started it. A client
keeps at most ``per_client`` games: its next one replaces its own least
recently used game, never another client's. When ``max_games`` games are
kept, a new one is refused (503, ``Retry-After``) until some go idle.
"""

from __future__ import annotations

import secrets
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from hog.interactive import Game, TurnReport
from hog_arena.web.admission import Refused
from strategies.table import StrategyTable

__all__ = ["GameNotFound", "GameRoom", "VisitorGame"]

#: ``Game.take_turn`` collects the commentary by redirecting ``sys.stdout``,
#: which all threads share: the turns of all games are taken one at a time.
_TURNS = threading.Lock()


class GameNotFound(LookupError):
    """No game under that id (never started, or dropped after being idle)."""


@dataclass
class VisitorGame:
    """A visitor in seat VISITOR (0 moves first) against OPPONENT."""

    id: str
    game: Game
    opponent: StrategyTable
    visitor: int

    def __post_init__(self) -> None:
        if self.opponent.goal != self.game.goal or self.opponent.rules != self.game.rules:
            raise ValueError(
                f"strategy {self.opponent.name!r} is for {self.opponent.rules}, goal {self.opponent.goal}; "
                f"the game is {self.game.rules}, goal {self.game.goal}"
            )
        if self.visitor not in (0, 1):
            raise ValueError(f"the visitor's seat is 0 or 1, not {self.visitor!r}")

    def strategy_turns(self) -> list[TurnReport]:
        """The strategy's turns until the visitor is to move or the game is over."""
        with _TURNS:
            return self._strategy_turns()

    def _strategy_turns(self) -> list[TurnReport]:
        reports = []
        while not self.game.over and self.game.who != self.visitor:
            score, opponent = self.game.scores if self.game.who == 0 else self.game.scores[::-1]
            reports.append(self.game.take_turn(self.opponent(score, opponent)))
        return reports

    def visitor_turn(self, num_rolls: int) -> list[TurnReport]:
        """The visitor rolls NUM_ROLLS dice; then the strategy moves. ValueError
        if the game is over or the dice count is not 0..10."""
        with _TURNS:
            report = self.game.take_turn(num_rolls)
            return [report, *self._strategy_turns()]

    def to_dict(self) -> dict[str, Any]:
        """The game as JSON-ready data: the engine's state, the id, the
        opponent's name and the visitor's seat."""
        return {"id": self.id, "opponent": self.opponent.name, "visitor": self.visitor, **self.game.to_dict()}


class GameRoom:
    """The games in progress, by id; safe to use from several threads."""

    def __init__(self, max_games: int = 1000, per_client: int = 20, idle_seconds: float = 3600.0) -> None:
        self.max_games = max_games
        self.per_client = per_client
        self.idle_seconds = idle_seconds
        #: id -> (last used, owner, game), the least recently used first
        self._games: OrderedDict[str, tuple[float, str, VisitorGame]] = OrderedDict()
        self._lock = threading.Lock()

    def start(
        self, opponent: StrategyTable, visitor_first: bool = True, seed: int | None = None, owner: str = ""
    ) -> VisitorGame:
        """A new game of OWNER against OPPONENT (its rule set and goal); the
        strategy moves at once if it goes first. SEED makes the dice
        reproducible. Refused (503) when the room is full of other clients' games."""
        game = Game(opponent.rules, opponent.goal, seed=seed)
        visiting = VisitorGame(secrets.token_urlsafe(16), game, opponent, 0 if visitor_first else 1)
        visiting.strategy_turns()
        now = time.monotonic()
        with self._lock:
            self._drop_idle(now)
            own = [game_id for game_id, (_, who, _) in self._games.items() if who == owner]
            for game_id in own[: max(0, len(own) - self.per_client + 1)]:
                del self._games[game_id]
            if len(self._games) >= self.max_games:
                oldest = next(iter(self._games.values()))[0]
                wait = int(self.idle_seconds - (now - oldest)) + 1
                raise Refused(503, f"the arena is full ({len(self._games)} games in progress); try again later", wait)
            self._games[visiting.id] = (now, owner, visiting)
        return visiting

    def get(self, game_id: str) -> VisitorGame:
        """The game GAME_ID (GameNotFound if there is none); marks it used."""
        now = time.monotonic()
        with self._lock:
            self._drop_idle(now)
            if game_id not in self._games:
                raise GameNotFound(f"no game {game_id[:40]!r}: it was never started, or it was idle too long")
            _, owner, visiting = self._games.pop(game_id)
            self._games[game_id] = (now, owner, visiting)
            return visiting

    def __len__(self) -> int:
        with self._lock:
            return len(self._games)

    def _drop_idle(self, now: float) -> None:
        while self._games:
            used = next(iter(self._games.values()))[0]
            if now - used < self.idle_seconds:
                return
            self._games.popitem(last=False)
