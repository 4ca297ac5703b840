"""Games between a visitor and a strategy, kept in the server's memory.

Each game has a random id (the only way to reach it). The visitor's turn is
the dice count they chose; the strategy's turns follow at once, each the
value of its table at the scores it faces, until it is the visitor's turn
again or the game is over. A game ends unfinished (won by nobody) after
``MAX_TURNS`` turns, as a simulated one does, and its state shows only its
last ``HISTORY_TURNS`` turns (the server keeps no more).

Games not played for ``idle_seconds`` are dropped: only starting a game and
taking a turn count as play, reading a game does not. Each game belongs to
the client (an address) that started it. A client keeps at most
``per_client`` games: its next one replaces its own least recently played.
When ``max_games`` games are kept, a new one replaces the least recently
played game of the client with the most games, so a new visitor can
always start one.
"""

from __future__ import annotations

import secrets
import threading
import time
from collections import Counter, OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from hog.interactive import Game, TurnReport
from hog.kernels import MAX_TURNS
from strategies.table import StrategyTable

__all__ = ["GameNotFound", "GameRoom", "HISTORY_TURNS", "MAX_TURNS", "VisitorGame"]

#: The last turns of a game that the server keeps and shows.
HISTORY_TURNS = 100

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
    max_turns: int = MAX_TURNS
    turns: int = field(default=0, init=False)  #: turns taken so far

    @property
    def unfinished(self) -> bool:
        """Whether the game stopped at the turn cap before anyone reached the goal."""
        return self.turns >= self.max_turns and not self.game.over

    @property
    def over(self) -> bool:
        """Whether the game is over: won, or stopped at the turn cap."""
        return self.game.over or self.turns >= self.max_turns

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
        while not self.over and self.game.who != self.visitor:
            score, opponent = self.game.scores if self.game.who == 0 else self.game.scores[::-1]
            reports.append(self._take_turn(self.opponent(score, opponent)))
        return reports

    def _take_turn(self, num_rolls: int) -> TurnReport:
        if self.unfinished:
            raise ValueError(f"the game stopped unfinished after {self.max_turns:,} turns")
        report = self.game.take_turn(num_rolls)
        self.turns += 1
        del self.game.history[:-HISTORY_TURNS]
        return report

    def visitor_turn(self, num_rolls: int) -> list[TurnReport]:
        """The visitor rolls NUM_ROLLS dice; then the strategy moves. ValueError
        if the game is over or the dice count is not 0..10."""
        with _TURNS:
            report = self._take_turn(num_rolls)
            return [report, *self._strategy_turns()]

    def to_dict(self) -> dict[str, Any]:
        """The game as JSON-ready data: the engine's state (its last
        HISTORY_TURNS turns), the id, the opponent's name, the visitor's seat,
        the number of turns and whether it stopped unfinished."""
        state = self.game.to_dict()
        return {
            "id": self.id,
            "opponent": self.opponent.name,
            "visitor": self.visitor,
            **state,
            "over": self.over,
            "unfinished": self.unfinished,
            "turns_taken": self.turns,
            "history_start": self.turns - len(state["history"]),  #: turns before the first one shown
        }


class GameRoom:
    """The games in progress, by id; safe to use from several threads."""

    def __init__(
        self,
        max_games: int = 1000,
        per_client: int = 20,
        idle_seconds: float = 3600.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if min(max_games, per_client) < 1 or idle_seconds <= 0:
            raise ValueError("a games room needs room for a game and a positive idle time")
        self.max_games = max_games
        self.per_client = per_client
        self.idle_seconds = idle_seconds
        self.clock = clock
        #: id -> (last played, owner, game), the least recently played first
        self._games: OrderedDict[str, tuple[float, str, VisitorGame]] = OrderedDict()
        self._lock = threading.Lock()

    def start(
        self, opponent: StrategyTable, visitor_first: bool = True, seed: int | None = None, owner: str = ""
    ) -> VisitorGame:
        """A new game of OWNER against OPPONENT (its rule set and goal); the
        strategy moves at once if it goes first. SEED makes the dice
        reproducible. Makes room as the module docstring says."""
        game = Game(opponent.rules, opponent.goal, seed=seed)
        visiting = VisitorGame(secrets.token_urlsafe(16), game, opponent, 0 if visitor_first else 1)
        visiting.strategy_turns()
        with self._lock:
            now = self.clock()
            self._drop_idle(now)
            own = [game_id for game_id, (_, who, _) in self._games.items() if who == owner]
            for game_id in own[: max(0, len(own) - self.per_client + 1)]:
                del self._games[game_id]
            if len(self._games) >= self.max_games:
                counts = Counter(who for _, who, _ in self._games.values())
                heaviest = max(counts.values())
                evicted = next(game_id for game_id, (_, who, _) in self._games.items() if counts[who] == heaviest)
                del self._games[evicted]
            self._games[visiting.id] = (now, owner, visiting)
        return visiting

    def get(self, game_id: str, play: bool = False) -> VisitorGame:
        """The game GAME_ID (GameNotFound if there is none); PLAY marks it
        played (a turn is coming), reading it does not."""
        with self._lock:
            now = self.clock()
            self._drop_idle(now)
            if game_id not in self._games:
                raise GameNotFound(f"no game {game_id[:40]!r}: it was never started, or it was idle too long")
            _, owner, visiting = self._games[game_id]
            if play:
                del self._games[game_id]
                self._games[game_id] = (now, owner, visiting)
            return visiting

    def __len__(self) -> int:
        with self._lock:
            return len(self._games)

    def _drop_idle(self, now: float) -> None:
        while self._games:
            played = next(iter(self._games.values()))[0]
            if now - played < self.idle_seconds:
                return
            self._games.popitem(last=False)
