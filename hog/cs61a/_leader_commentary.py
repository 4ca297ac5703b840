"""The commentary of Summer and Spring 2022 (``pigs_on_prime``, ``hefty_hogs``).

A commentary is a function ``say(score0, score1, leader)`` returning
``(leader, message)``: ``play`` calls it after every turn with the leader the
previous call returned (``None`` at first), and prints the message unless it
is ``None``. There is no ``announce_highest`` in these semesters.

>>> commentary = both(say_scores, announce_lead_changes)
>>> leader, message = commentary(10, 0)
>>> print(message)
Player 0 now has 10 and now Player 1 has 0
Player 0 takes the lead by 10
>>> commentary(10, 4, leader)
(0, 'Player 0 now has 10 and now Player 1 has 4')
"""

from __future__ import annotations

from collections.abc import Callable

from hog.commentary import Commentary

__all__ = ["LeaderCommentary", "silence", "say_scores", "announce_lead_changes", "both", "printing"]

#: ``say(score0, score1, leader) -> (leader, message or None)``
LeaderCommentary = Callable[[int, int, int | None], tuple[int | None, str | None]]


def silence(score0: int, score1: int, leader: int | None = None) -> tuple[int | None, str | None]:
    """No commentary: keeps LEADER and says nothing.

    >>> silence(3, 7), silence(3, 7, 0)
    ((None, None), (0, None))
    """
    return leader, None


def say_scores(score0: int, score1: int, player: int | None = None) -> tuple[int | None, str]:
    """A commentary function that announces the score for each player.

    >>> say_scores(2, 0)
    (None, 'Player 0 now has 2 and now Player 1 has 0')
    """
    message = f"Player 0 now has {score0} and now Player 1 has {score1}"
    return player, message


def announce_lead_changes(score0: int, score1: int, last_leader: int | None = None) -> tuple[int | None, str | None]:
    """A commentary function that announces when the leader has changed.

    The leader is None on a tie; the lead is announced only when a player
    leads who is not LAST_LEADER.

    >>> leader, message = announce_lead_changes(5, 0)
    >>> print(message)
    Player 0 takes the lead by 5
    >>> leader, message = announce_lead_changes(5, 12, leader)
    >>> print(message)
    Player 1 takes the lead by 7
    >>> announce_lead_changes(8, 12, leader)
    (1, None)
    >>> announce_lead_changes(8, 8, 1)
    (None, None)
    """
    leader = 0 if score0 > score1 else 1 if score1 > score0 else None
    if leader is not None and leader != last_leader:
        return leader, f"Player {leader} takes the lead by {abs(score0 - score1)}"
    return leader, None


def both(f: LeaderCommentary, g: LeaderCommentary) -> LeaderCommentary:
    """A commentary function that says what F says and then what G says,
    on two lines; it returns G's leader.

    >>> both(announce_lead_changes, silence)(3, 0)
    (None, 'Player 0 takes the lead by 3')
    >>> both(silence, silence)(3, 0)
    (None, None)
    """

    def say(score0: int, score1: int, leader: int | None = None) -> tuple[int | None, str | None]:
        _, f_message = f(score0, score1, leader)
        g_leader, g_message = g(score0, score1, leader)
        if f_message is not None and g_message is not None:
            return g_leader, f_message + "\n" + g_message
        return g_leader, g_message if f_message is None else f_message

    return say


def printing(say: LeaderCommentary, leader: int | None = None) -> Commentary:
    """SAY as the game loop's commentary ``(score0, score1) -> next``: called
    with the leader it last returned (LEADER at first), printing its message
    unless that is None.

    >>> _ = printing(announce_lead_changes)(5, 0)(5, 2)(5, 9)
    Player 0 takes the lead by 5
    Player 1 takes the lead by 4
    """

    def commentary(score0: int, score1: int) -> Commentary:
        new_leader, message = say(score0, score1, leader)
        if message is not None:
            print(message)
        return printing(say, new_leader)

    return commentary
