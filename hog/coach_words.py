"""What a cell costs, in words a student reads (``hog coach``, the web arena's "Where it loses")."""

from __future__ import annotations

from hog.coach import Coaching
from hog.coach_field import FieldCoaching
from hog.rules.dice_rules import PORK_CHOP

__all__ = ["POINTS", "cell_sentence", "field_sentence"]

#: Win rates are told in points: percentage points of games won.
POINTS = 100.0


def _doing(choice: int, roll: str = "roll", choose: str = "choose") -> str:
    """A choice as a verb phrase: ``roll 3``, or ``choose Pork Chop (-1)`` (fa16), with the verbs ROLL and CHOOSE.

    >>> _doing(3), _doing(-1), _doing(-1, "Rolling", "Choosing")
    ('roll 3', 'choose Pork Chop (-1)', 'Choosing Pork Chop (-1)')
    """
    return f"{choose} Pork Chop (-1)" if choice == PORK_CHOP else f"{roll} {choice}"


def cell_sentence(coaching: Coaching, s: int, o: int) -> str:
    """What cell (S, O) costs against one opponent."""
    choice, best = int(coaching.strategy[s, o]), int(coaching.best[s, o])
    reach = coaching.reach[s, o] * POINTS
    cost = coaching.cost[s, o] * POINTS
    if choice == best:
        middle = (
            f"That is the best a table can do there, but play that sees {coaching.hidden} "
            f"wins {coaching.loss[s, o] * POINTS:.1f} points more from there."
        )
    else:
        gain = (coaching.values[s, o, best] - coaching.choice_value[s, o]) * POINTS
        middle = f"{_doing(best, 'Rolling', 'Choosing')} wins {gain:.1f} points more from there."
    return (
        f"At {s}\u2013{o} you {_doing(choice)}. {middle} "
        f"You get there in {reach:.1f}% of games, so it costs you {cost:.2f} points."
    )


def field_sentence(coaching: FieldCoaching, s: int, o: int) -> str:
    """What cell (S, O) costs over a field, and against which of its opponents."""
    best = int(coaching.best[s, o])
    votes, opponents = int(coaching.votes[s, o, best]), len(coaching.matchups)
    whose = "whose best response" if votes == 1 else "whose best responses"
    verbs = ("rolls", "chooses") if votes == 1 else ("roll", "choose")
    return (
        f"At {s}\u2013{o} you {_doing(int(coaching.strategy[s, o]))}. You get there in "
        f"{coaching.reach[s, o] * POINTS:.1f}% of games, and it costs you {coaching.cost[s, o] * POINTS:.2f} points "
        f"over the field, {coaching.pull[s, o, best] * POINTS:.2f} of them against the {votes} of {opponents} "
        f"opponents {whose} {_doing(best, *verbs)} there."
    )
