"""The two course modules of More Boar (``more_boar`` and ``su21``), written
once.

The two semesters' ``hog.py`` files have the same names and signatures; they
differ in Piggy Points, in More Boar, in the commentary's wording and in how
``play`` asks for the extra turn (``su21``'s calls the module's
``more_boar``). ``SEMESTERS`` lists those differences and ``define`` makes a
semester's functions in its module. Each function finds the others
(``piggy_points``, ``roll_dice``, ``take_turn``, ``more_boar``,
``piggypoints_strategy``) in the module's globals at call time, so that a
course script that replaces one of them in the module is heard.
"""

from __future__ import annotations

from collections.abc import Callable, MutableMapping
from dataclasses import dataclass
from functools import partial
from typing import Any

from hog import commentary
from hog.cs61a import _course, _semester
from hog.dice import Dice, six_sided
from hog.game import GOAL, Turn
from hog.rules import get_rules
from hog.rules.after_turn import is_more_boar_su21
from hog.rules.zero_dice import piggy_points as piggy_points_fa21
from hog.rules.zero_dice import piggy_points_su21

__all__ = ["Semester", "SEMESTERS", "NAMES", "define"]


@dataclass(frozen=True)
class Semester:
    """What tells one More Boar semester's ``hog.py`` from the other's."""

    piggy_points: Callable[[int], int]
    #: the final strategy's win rate against always_roll(6), as its docstring states it
    final_rate: str
    #: More Boar as a predicate (None: the rule set's after-turn rule says it), and
    #: whether ``play`` asks the module's ``more_boar`` for the extra turn
    more_boar: Callable[[int, int], bool] | None = None


SEMESTERS = {
    "more_boar": Semester(piggy_points_fa21, "76.2%"),
    "su21": Semester(piggy_points_su21, "78.9%", more_boar=is_more_boar_su21),
}

#: The names of a More Boar semester's ``hog.py``, in the course's order.
NAMES = """
    GOAL_SCORE roll_dice make_test_dice make_fair_dice six_sided four_sided piggy_points take_turn more_boar
    next_player silence play say_scores announce_lead_changes both announce_highest always_roll always_roll_5
    make_averaged max_scoring_num_rolls winner average_win_rate run_experiments piggypoints_strategy
    more_boar_strategy final_strategy
""".split()


def define(namespace: MutableMapping[str, Any], rule_set: str) -> list[str]:
    """Define the course functions of RULE_SET (its entry in ``SEMESTERS``)
    in NAMESPACE, the module's globals, and return their names, the module's
    ``__all__``."""
    semester, rules = SEMESTERS[rule_set], get_rules(rule_set)

    def piggy_points(score: int) -> int:
        return semester.piggy_points(score)

    def take_turn(num_rolls: int, opponent_score: int, dice: Dice = six_sided, goal: int = GOAL) -> int:
        piggy_points, roll_dice = namespace["piggy_points"], namespace["roll_dice"]
        return _course.take_turn(num_rolls, opponent_score, dice, piggy_points, roll_dice, goal)

    def more_boar(player_score: int, opponent_score: int) -> bool:
        if semester.more_boar is not None:
            return semester.more_boar(player_score, opponent_score)
        return rules.after_turn(player_score, opponent_score)[2]

    def turn(dice: Dice, goal: int) -> Turn:
        points = partial(namespace["take_turn"], dice=dice, goal=goal)
        if semester.more_boar is not None:
            return _course.extra_turn_if(points, namespace["more_boar"])
        return _course.scoring_turn(points, rules)

    def piggypoints_strategy(score: int, opponent_score: int, cutoff: int = 8, num_rolls: int = 6) -> int:
        return 0 if namespace["piggy_points"](opponent_score) >= cutoff else num_rolls

    def more_boar_strategy(score: int, opponent_score: int, cutoff: int = 8, num_rolls: int = 6) -> int:
        if namespace["more_boar"](score + namespace["piggy_points"](opponent_score), opponent_score):
            return 0
        move: int = namespace["piggypoints_strategy"](score, opponent_score, cutoff, num_rolls)
        return move

    docs: dict[Callable[..., Any], str] = {
        piggy_points: "The points of rolling 0 dice (Piggy Points) against an opponent at SCORE.",
        take_turn: "The points of a turn rolling NUM_ROLLS DICE, or Piggy Points for 0.",
        more_boar: "Whether the current player gets an extra turn (More Boar).",
        piggypoints_strategy: "Roll 0 dice if Piggy Points gives at least CUTOFF points, and NUM_ROLLS otherwise.",
        more_boar_strategy: "Roll 0 dice for an extra turn, else as piggypoints_strategy.",
    }
    for function, doc in docs.items():
        namespace[function.__name__] = _semester.named(function, namespace, function.__name__, doc)
    namespace.update(
        _semester.BASICS,
        GOAL_SCORE=GOAL,
        next_player=_course.next_player,
        silence=commentary.silence,
        play=_semester.make_play(namespace, turn),
        say_scores=commentary.say_scores,
        announce_lead_changes=commentary.announce_lead_changes,
        both=commentary.both,
        announce_highest=commentary.make_announce_highest(commentary.HIGHEST_MESSAGES[rule_set]),
        final_strategy=_semester.final_strategy(namespace, rule_set, semester.final_rate),
    )
    namespace["make_averaged"], namespace["max_scoring_num_rolls"] = _semester.averaging(namespace, "trials_count")
    namespace["winner"], namespace["average_win_rate"], namespace["run_experiments"] = _semester.experiments(
        namespace, "always_roll(6) always_roll(8) piggypoints_strategy more_boar_strategy"
    )
    return list(NAMES)
