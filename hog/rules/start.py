"""How a game starts: at 0-0 with player 0 to move, or by Fall 2014's
bidding for the starting scores (``Start.of_bids``)."""

from __future__ import annotations

import operator
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from hog.rules.model import RuleSet

__all__ = ["ORIGIN", "Start", "bid_for_start"]


@dataclass(frozen=True)
class Start:
    """The scores a game starts from and the player who moves first."""

    score0: int = 0
    score1: int = 0
    first: int = 0

    def checked(self, goal: int) -> Start:
        """This start with plain ints if its scores are 0..GOAL-1 and its
        first player 0 or 1, or a ValueError in one line.

        >>> Start(2, 9, 0).checked(100)
        Start(score0=2, score1=9, first=0)
        >>> Start(0, 100, 1).checked(100)
        Traceback (most recent call last):
        ...
        ValueError: the starting scores must be 0..99, not 0-100
        """
        scores = (self.score0, self.score1)
        if not all(_integer(score) and 0 <= score < goal for score in scores):
            raise ValueError(f"the starting scores must be 0..{goal - 1}, not {scores[0]!r}-{scores[1]!r}")
        if not _integer(self.first) or self.first not in (0, 1):
            raise ValueError(f"the player who moves first must be 0 or 1, not {self.first!r}")
        return Start(int(self.score0), int(self.score1), int(self.first))

    @classmethod
    def of_bids(cls, rules: RuleSet, bid0: int, bid1: int, goal: int) -> Start:
        """The start RULES' bidding rule gives for BID0 and BID1 at GOAL, or a
        ValueError in one line: the rules have no bidding, a bid is not a
        non-negative integer, or the bids leave no game to play.

        >>> from hog.rules import get_rules
        >>> Start.of_bids(get_rules("fa14"), 9, 2, 100)
        Start(score0=2, score1=9, first=0)
        >>> Start.of_bids(get_rules("fa14"), 3, 3, 100)
        Traceback (most recent call last):
        ...
        ValueError: equal bids (3, 3) start both players at the goal, 100: no game is played
        >>> Start.of_bids(get_rules("fa13"), 9, 2, 100)
        Traceback (most recent call last):
        ...
        ValueError: rule set fa13 has no bidding for the start (fa14 has: bid_for_start)
        """
        if rules.bidding is None:
            raise ValueError(f"rule set {rules.name} has no bidding for the start (fa14 has: bid_for_start)")
        for bid in (bid0, bid1):
            if isinstance(bid, bool) or not isinstance(bid, int) or bid < 0:
                raise ValueError(f"a bid must be a non-negative integer, not {bid!r}")
        score0, score1, first = rules.bidding(bid0, bid1, goal)
        if bid0 == bid1:
            raise ValueError(f"equal bids ({bid0}, {bid1}) start both players at the goal, {goal}: no game is played")
        if max(score0, score1) >= goal:
            raise ValueError(f"the bids ({bid0}, {bid1}) start a player at {max(score0, score1)}, the goal or past it")
        return cls(score0, score1, first)


def _integer(value: object) -> bool:
    """Whether VALUE is an integer (numpy's too), not a bool."""
    if isinstance(value, bool):
        return False
    try:
        operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        return False
    return True


#: The usual start: 0-0, player 0 to move.
ORIGIN = Start()


def bid_for_start(bid0: int, bid1: int, goal: int) -> tuple[int, int, int]:
    """(score0, score1, the player who moves first) after the bids BID0 and
    BID1 (fa14): equal bids give both players GOAL (no game is played); a bid
    5 above the other's starts that player at 10 and the other at 0, moving
    first; otherwise the higher bidder moves first and each player starts
    with the other's bid.

    >>> bid_for_start(3, 3, 100), bid_for_start(8, 3, 100), bid_for_start(3, 8, 100)
    ((100, 100, 0), (10, 0, 0), (0, 10, 1))
    >>> bid_for_start(9, 2, 100), bid_for_start(2, 9, 100), bid_for_start(0, 1, 100)
    ((2, 9, 0), (9, 2, 1), (1, 0, 1))
    """
    if bid0 == bid1:
        return goal, goal, 0
    if bid0 == bid1 + 5:
        return 10, 0, 0
    if bid1 == bid0 + 5:
        return 0, 10, 1
    return bid1, bid0, 0 if bid0 > bid1 else 1
