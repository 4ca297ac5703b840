"""The experiments every course module offers, built once per module.

Every semester's ``hog.py`` ends the same way: ``make_averaged``,
``max_scoring_num_rolls``, ``winner``, ``average_win_rate`` and
``run_experiments``, differing only in the name of the averaging count
(``num_samples``, ``trials_count``, ``total_samples``), the update function
``winner`` plays with, and the strategies ``run_experiments`` reports. The
factories here build them for one module from its NAMESPACE (its
``globals()``); every other function of the module is looked up there at call
time, so that a course script replacing ``hog.roll_dice`` or ``hog.play`` in
the module is heard, as it was in the course's file.

>>> import hog.cs61a.hog_pile as hog_pile
>>> from inspect import signature
>>> signature(hog_pile.make_averaged)
<Signature (original_function: 'Callable[..., float]', trials_count: 'int' = 1000) -> 'Callable[..., float]'>
>>> hog_pile.make_averaged(hog_pile.make_test_dice(4, 2, 5, 1), trials_count=40)()
3.0
>>> hog_pile.make_averaged(trials_count=40)
Traceback (most recent call last):
...
TypeError: make_averaged() missing a required argument: 'original_function'
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, MutableMapping, Sequence
from typing import Any

from hog.commentary import Commentary, silence
from hog.cs61a import _course
from hog.cs61a._course import Update
from hog.dice import Dice, four_sided, make_fair_dice, make_test_dice, six_sided
from hog.game import GOAL, Strategy, Turn, roll_dice
from hog.rules import get_rules

__all__ = [
    "BASICS",
    "named",
    "bound",
    "parameter",
    "make_averaged",
    "max_scoring_num_rolls",
    "experiments",
    "make_play",
    "make_update_play",
    "is_always_roll",
]

Namespace = MutableMapping[str, Any]

#: What every course module offers as the course wrote it: the dice, roll_dice and two strategies.
BASICS: dict[str, Any] = {
    "roll_dice": roll_dice,
    "make_test_dice": make_test_dice,
    "make_fair_dice": make_fair_dice,
    "six_sided": six_sided,
    "four_sided": four_sided,
    "always_roll": _course.always_roll,
    "always_roll_5": _course.always_roll_5,
}


def named(function: Callable[..., Any], namespace: Namespace, name: str, doc: str) -> Callable[..., Any]:
    """FUNCTION, named NAME in NAMESPACE's module, with DOC as its docstring."""
    function.__name__ = function.__qualname__ = name
    function.__module__ = namespace["__name__"]
    function.__doc__ = doc
    return function


def bound(
    namespace: Namespace, name: str, signature: inspect.Signature, body: Callable[..., Any], doc: str
) -> Callable[..., Any]:
    """A function NAME of NAMESPACE's module with SIGNATURE, returning BODY of
    its arguments (defaults applied) by position: for a course function whose
    parameters differ between semesters only in a name or in being there at
    all. Arguments are bound to SIGNATURE as Python would, TypeErrors
    included."""

    def function(*args: Any, **kwargs: Any) -> Any:
        try:
            arguments = signature.bind(*args, **kwargs)
        except TypeError as error:
            raise TypeError(f"{name}() {error}") from None
        arguments.apply_defaults()
        return body(*arguments.args)

    function.__signature__ = signature  # type: ignore[attr-defined]
    return named(function, namespace, name, doc)


def parameter(name: str, annotation: str, default: Any = inspect.Parameter.empty) -> inspect.Parameter:
    """A positional-or-keyword parameter NAME: ANNOTATION (= DEFAULT)."""
    return inspect.Parameter(name, inspect.Parameter.POSITIONAL_OR_KEYWORD, default=default, annotation=annotation)


def _counted(
    namespace: Namespace,
    name: str,
    first: inspect.Parameter,
    count: str,
    returns: str,
    body: Callable[[Any, int], Any],
    doc: str,
) -> Callable[..., Any]:
    """A function NAME(FIRST, COUNT=1000) returning BODY(first, count)."""
    signature = inspect.Signature([first, parameter(count, "int", 1000)], return_annotation=returns)
    return bound(namespace, name, signature, body, doc)


def make_averaged(namespace: Namespace, count: str) -> Callable[..., Callable[..., float]]:
    """The course's ``make_averaged(original_function, COUNT=1000)``."""
    first = parameter("original_function", "Callable[..., float]")
    doc = f"A function returning the mean of ORIGINAL_FUNCTION over {count.upper()} calls with its arguments."
    return _counted(namespace, "make_averaged", first, count, "Callable[..., float]", _course.make_averaged, doc)


def max_scoring_num_rolls(namespace: Namespace, count: str) -> Callable[..., int]:
    """The course's ``max_scoring_num_rolls(dice=six_sided, COUNT=1000)``,
    averaging the module's ``roll_dice`` with the module's ``make_averaged``."""
    first = parameter("dice", "Dice", six_sided)

    def best(dice: Dice, samples: int) -> int:
        return _course.max_scoring_num_rolls(namespace["make_averaged"](namespace["roll_dice"], samples), dice)

    doc = f"The dice count 1..10 with the highest average turn score over {count.upper()} turns of DICE."
    return _counted(namespace, "max_scoring_num_rolls", first, count, "int", best, doc)


def experiments(
    namespace: Namespace, strategies: str, update: str | None = None, baseline_rolls: int = 6
) -> tuple[Callable[[Strategy, Strategy], int], Callable[..., float], Callable[[], None]]:
    """The course's ``winner``, ``average_win_rate`` (against
    ``always_roll(BASELINE_ROLLS)`` by default) and ``run_experiments``.

    ``winner`` plays the module's ``play`` at its defaults, with the module's
    function UPDATE when ``play`` takes one; ``run_experiments`` reports the
    module's STRATEGIES (labels separated by spaces), named as the course
    printed them (``always_roll(8)`` is the module's ``always_roll`` of 8),
    then ``final_strategy``.
    """
    labels = [*strategies.split(), "final_strategy"]

    def winner(strategy0: Strategy, strategy1: Strategy) -> int:
        updates = () if update is None else (namespace[update],)
        return _course.winner(*namespace["play"](strategy0, strategy1, *updates))

    def average_win_rate(strategy: Strategy, baseline: Strategy = _course.always_roll(baseline_rolls)) -> float:  # noqa: B008
        averaged_winner = namespace["make_averaged"](namespace["winner"])
        return _course.average_win_rate(averaged_winner, strategy, baseline)

    def strategy(label: str) -> Strategy:
        name, _, argument = label.partition("(")
        found: Strategy = namespace[name](int(argument.rstrip(")"))) if argument else namespace[name]
        return found

    def run_experiments() -> None:
        rates = {label: strategy(label) for label in labels}
        _course.run_experiments(namespace["max_scoring_num_rolls"], namespace["average_win_rate"], rates)

    return (
        named(winner, namespace, "winner", "0 if STRATEGY0 wins a game against STRATEGY1, and 1 otherwise."),
        named(
            average_win_rate,
            namespace,
            "average_win_rate",
            "STRATEGY's win rate against BASELINE, the mean of moving first and moving second.",
        ),
        named(run_experiments, namespace, "run_experiments", "Print the results of the course's experiments."),
    )


def make_play(
    namespace: Namespace,
    turn: Callable[..., Turn],
    say: Any = silence,
    *,
    annotation: str = "Commentary",
    printing: Callable[[Any], Commentary] | None = None,
    extra: Sequence[inspect.Parameter] = (),
) -> Callable[..., tuple[int, int]]:
    """The course's ``play(strategy0, strategy1, score0=0, score1=0,
    dice=six_sided, goal=GOAL_SCORE, say=SAY, *EXTRA)``, whose turns are
    ``TURN(dice, goal, *extra)``. SAY None: no ``say`` (``swine_swap``);
    PRINTING: what makes SAY the game loop's commentary (the leader
    commentaries of ``_leader_commentary``).

    >>> from hog.cs61a import hog_pile
    >>> hog_pile.play(hog_pile.always_roll(5), hog_pile.always_roll(3), dice=hog_pile.make_test_dice(3), goal=20)
    (30, 9)
    """
    parameters = [
        parameter("strategy0", "Strategy"),
        parameter("strategy1", "Strategy"),
        parameter("score0", "int", 0),
        parameter("score1", "int", 0),
        parameter("dice", "Dice", six_sided),
        parameter("goal", "int", GOAL),
    ]
    if say is not None:
        parameters.append(parameter("say", annotation, say))
    signature = inspect.Signature([*parameters, *extra], return_annotation="tuple[int, int]")

    def game(*arguments: Any) -> tuple[int, int]:
        strategy0, strategy1, score0, score1, dice, goal = arguments[:6]
        said = arguments[6] if say is not None else silence
        loop_say = said if printing is None else printing(said)
        turns = turn(dice, goal, *arguments[len(parameters) :])
        return _course.play(strategy0, strategy1, turns, score0, score1, goal, loop_say)

    doc = "Play a game from SCORE0, SCORE1 to GOAL and return the final scores, Player 0's first."
    return bound(namespace, "play", signature, game, doc)


def make_update_play(namespace: Namespace) -> Callable[..., tuple[int, int]]:
    """The course's ``play(strategy0, strategy1, update, score0=0, score1=0,
    dice=six_sided, goal=GOAL)`` of the semesters whose turns are an update
    function: ``update(num_rolls, score, opponent_score, dice)`` gives the
    player's new score."""

    def play(
        strategy0: Strategy,
        strategy1: Strategy,
        update: Update,
        score0: int = 0,
        score1: int = 0,
        dice: Dice = six_sided,
        goal: int = GOAL,
    ) -> tuple[int, int]:
        return _course.play(strategy0, strategy1, _course.update_turn(update, dice), score0, score1, goal)

    doc = "Play a game with UPDATE for every turn and return the final scores, Player 0's first."
    return named(play, namespace, "play", doc)


def is_always_roll(strategy: Strategy, goal: int = GOAL) -> bool:
    """Return whether STRATEGY rolls the same number of dice at every pair of
    scores in a game to GOAL.

    >>> from hog.cs61a._course import always_roll, always_roll_5, catch_up
    >>> is_always_roll(always_roll_5), is_always_roll(always_roll(3)), is_always_roll(catch_up)
    (True, True, False)
    """
    return _course.is_always_roll(strategy, goal)


def averaging(namespace: Namespace, count: str) -> tuple[Callable[..., Callable[..., float]], Callable[..., int]]:
    """The course's ``make_averaged`` and ``max_scoring_num_rolls`` with the
    averaging keyword COUNT."""
    return make_averaged(namespace, count), max_scoring_num_rolls(namespace, count)


def final_strategy(namespace: Namespace, rules: str, rate: str) -> Callable[[int, int], int]:
    """The course module's ``final_strategy(score, opponent_score)`` under
    RULES: the exact best response to always_roll(6), the same table as the
    library's ``final_strategy``; it wins RATE of its games against
    always_roll(6) (its docstring says so)."""
    rule_set = get_rules(rules)

    def strategy(score: int, opponent_score: int) -> int:
        return _course.final_strategy_move(rule_set, score, opponent_score)

    doc = f"The exact best response to always_roll(6), the course's baseline. Wins {rate} against always_roll(6)."
    return named(strategy, namespace, "final_strategy", doc)
