"""How a game starts: Fall 2014's bidding for the starting scores."""

from __future__ import annotations

__all__ = ["bid_for_start"]


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
