"""Commentary functions: called with (score0, score1) after every turn,
each may print and returns the commentary function for the next turn."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

__all__ = [
    "Commentary",
    "silence",
    "say_scores",
    "announce_lead_changes",
    "both",
    "make_announce_highest",
    "HIGHEST_MESSAGES",
]


class Commentary(Protocol):
    def __call__(self, score0: int, score1: int) -> Commentary: ...


def silence(score0: int, score1: int) -> Commentary:
    """Announce nothing (see Phase 2)."""
    return silence


def say_scores(score0: int, score1: int) -> Commentary:
    """A commentary function that announces the score for each player.

    >>> _ = say_scores(10, 0)
    Player 0 now has 10 and Player 1 now has 0
    """
    print("Player 0 now has", score0, "and Player 1 now has", score1)
    return say_scores


def announce_lead_changes(last_leader: int | None = None) -> Commentary:
    """Return a commentary function that announces lead changes.

    >>> f0 = announce_lead_changes()
    >>> f1 = f0(5, 0)
    Player 0 takes the lead by 5
    >>> f2 = f1(5, 12)
    Player 1 takes the lead by 7
    >>> f3 = f2(8, 12)
    >>> f4 = f3(8, 13)
    >>> f5 = f4(15, 13)
    Player 0 takes the lead by 2
    """

    def say(score0: int, score1: int) -> Commentary:
        if score0 > score1:
            leader = 0
        elif score1 > score0:
            leader = 1
        else:
            leader = None
        if leader is not None and leader != last_leader:
            print("Player", leader, "takes the lead by", abs(score0 - score1))
        return announce_lead_changes(leader)

    return say


def both(f: Commentary, g: Commentary) -> Commentary:
    """Return a commentary function that says what F says, then what G says.

    >>> h0 = both(say_scores, announce_lead_changes())
    >>> h1 = h0(10, 0)
    Player 0 now has 10 and Player 1 now has 0
    Player 0 takes the lead by 10
    """

    def say(score0: int, score1: int) -> Commentary:
        return both(f(score0, score1), g(score0, score1))

    return say


#: How each rule set's course words a record gain ({gain} and {who} filled in).
#: ``announce_highest``'s wording per rule set (the course's of that semester).
HIGHEST_MESSAGES = {
    "more_boar": "Player {who} has reached a new maximum point gain. {gain} point(s)!",
    "su21": "Player {who} has reached a new maximum point gain. {gain} point(s)!",
    "hog_pile": "{gain} point(s)! That's a record gain for Player {who}!",
    "swine_align": "{gain} point(s)! The most yet for Player {who}",
}


def make_announce_highest(message: str) -> Callable[..., Commentary]:
    """The course's ``announce_highest(who, last_score=0, running_high=0)``
    for one wording of the announcement."""

    def announce_highest(who: int, last_score: int = 0, running_high: int = 0) -> Commentary:
        """Return a commentary function that announces when WHO's score
        increases by more than ever before in the game."""
        assert who == 0 or who == 1, "The who argument should indicate a player."

        def say(score0: int, score1: int) -> Commentary:
            score = score0 if who == 0 else score1
            gain = score - last_score
            if gain > running_high:
                print(message.format(gain=gain, who=who))
                return announce_highest(who, score, gain)
            return announce_highest(who, score, running_high)

        return say

    return announce_highest
