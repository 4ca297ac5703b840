"""The readable reference game loop.

``play`` is the definition of a game that every faster path is checked
against: a strategy is called exactly once per turn, the dice exactly
``num_rolls`` times, the rule set's after-turn rule is applied after every
turn, extra turns chain, and commentary hears every turn.
"""

from __future__ import annotations

from collections.abc import Callable

from hog.commentary import Commentary, silence
from hog.dice import Dice, make_fair_dice, six_sided
from hog.rules import RuleSet, State, get_rules
from hog.rules.dice_rules import PORK_CHOP, pig_out, rerolled

Strategy = Callable[[int, int], int]
#: ``turn(num_rolls, score, opponent_score) -> (score, opponent_score, extra_turn)``
Turn = Callable[[int, int, int], "tuple[int, int, bool]"]

MAX_ROLLS = 10
GOAL = 100

__all__ = [
    "Strategy",
    "StrategyError",
    "MAX_ROLLS",
    "GOAL",
    "roll_dice",
    "assert_num_rolls",
    "take_turn",
    "checked_num_rolls",
    "play_turns",
    "play",
]


class StrategyError(ValueError):
    """A strategy returned something other than an integer 0..10 (-1..10 where Pork Chop is a choice)."""


def roll_dice(num_rolls: int, dice: Dice = six_sided) -> int:
    """Roll DICE exactly NUM_ROLLS > 0 times: the sum, or 1 if any outcome is 1.

    >>> from hog.dice import make_test_dice
    >>> roll_dice(2, make_test_dice(4, 6, 1)), roll_dice(3, make_test_dice(4, 6, 1))
    (10, 1)
    """
    assert type(num_rolls) is int, "num_rolls must be an integer."
    assert num_rolls > 0, "Must roll at least once."
    return pig_out([dice() for _ in range(num_rolls)])


def assert_num_rolls(num_rolls: object) -> None:
    """The assertions the course's ``take_turn`` makes about NUM_ROLLS."""
    assert type(num_rolls) is int, "num_rolls must be an integer."
    assert num_rolls >= 0, "Cannot roll a negative number of dice in take_turn."
    assert num_rolls <= MAX_ROLLS, "Cannot roll more than 10 dice."


def take_turn(num_rolls: int, score: int, opponent_score: int, rules: RuleSet | str, dice: Dice = six_sided) -> int:
    """Points scored by rolling NUM_ROLLS dice (the rule set's roll rule; 0:
    the zero-dice rule, which may read both scores; -1 where Pork Chop is a
    choice: its points), before any points rule, bonus or after-turn rule.

    >>> from hog.dice import make_test_dice
    >>> take_turn(0, 0, 46, "square_swine"), take_turn(2, 0, 0, "square_swine", make_test_dice(3))
    (5, 6)
    >>> take_turn(0, 21, 46, "sus_fuss"), take_turn(3, 0, 0, "sp17", make_test_dice(1, 1, 4))
    (9, 2)
    >>> take_turn(-1, 0, 0, "fa16")
    1
    """
    rules = get_rules(rules)
    if num_rolls == PORK_CHOP and rules.chop_points is not None and type(num_rolls) is int:
        return rules.chop_points
    assert_num_rolls(num_rolls)
    if num_rolls == 0:
        return rules.zero_dice(score, opponent_score)
    return rules.roll_points([dice() for _ in range(num_rolls)])


def checked_num_rolls(
    strategy: Strategy, score: int, opponent_score: int, choices: range = range(MAX_ROLLS + 1)
) -> int:
    """Call STRATEGY once and insist on an integer in CHOICES (bool excluded;
    by default 0..10, a rule set's ``choices`` where Pork Chop adds -1)."""
    num_rolls = strategy(score, opponent_score)
    valid = isinstance(num_rolls, int) and not isinstance(num_rolls, bool)
    if not valid or num_rolls not in choices:
        name = getattr(strategy, "__name__", repr(strategy))
        raise StrategyError(
            f"strategy {name} returned {num_rolls!r} at score {score}, "
            f"opponent score {opponent_score}; expected an integer {choices.start}..{choices.stop - 1}"
        )
    return int(num_rolls)


def play_turns(
    strategy0: Strategy,
    strategy1: Strategy,
    turn: Turn,
    score0: int = 0,
    score1: int = 0,
    goal: int = GOAL,
    say: Commentary = silence,
) -> tuple[int, int]:
    """The game loop, given what a turn does; returns the final scores."""
    strategies = (strategy0, strategy1)
    who = 0
    while score0 < goal and score1 < goal:
        score, opponent_score = (score0, score1) if who == 0 else (score1, score0)
        num_rolls = checked_num_rolls(strategies[who], score, opponent_score)
        score, opponent_score, extra_turn = turn(num_rolls, score, opponent_score)
        score0, score1 = (score, opponent_score) if who == 0 else (opponent_score, score)
        say = say(score0, score1)
        if not extra_turn:
            who = 1 - who
    return score0, score1


def play(
    strategy0: Strategy,
    strategy1: Strategy,
    rules: RuleSet | str,
    score0: int = 0,
    score1: int = 0,
    dice: Dice = six_sided,
    goal: int = GOAL,
    say: Commentary = silence,
    max_turns: int | None = None,
    dice_of: Callable[[int], Dice] = make_fair_dice,
    sides: int = 6,
    first: int = 0,
) -> tuple[int, int]:
    """Play a game of Hog under RULES from (SCORE0, SCORE1), player FIRST to
    move (0; fa14's bids may say 1); return the final scores (score0, score1).

    Each turn: the mover's strategy is called once, the dice NUM_ROLLS times
    (at most what a limit rule allows; none: the zero-dice rule), then ``RuleSet.next_state`` adds the points and
    any memory bonus, applies the after-turn rule and updates the memory.
    DICE is the game's die; where the rules pick other dice for a turn
    (sp17's Hog Wild; su17's dice, exchanged, of SIDES, the sides of DICE)
    the die is ``DICE_OF(sides)``; where they re-roll odd outcomes (fa16's
    Hog Wild) the die is wrapped by ``rerolled``. With MAX_TURNS, a game
    still going after that many turns stops there (``hefty_hogs`` can loop
    forever).

    >>> from hog.dice import make_test_dice
    >>> play(lambda s, o: 5, lambda s, o: 5, "square_swine", dice=make_test_dice(4), goal=30)
    (40, 20)
    >>> play(lambda s, o: 1, lambda s, o: 1, "fa19", dice=make_test_dice(3), goal=5)
    (6, 3)
    """
    rules = get_rules(rules)
    strategies = (strategy0, strategy1)
    state = State((score0, score1), first)
    turns = 0
    while max(state.scores) < goal and (max_turns is None or turns < max_turns):
        score, opponent_score = state.mover_scores()
        chosen = checked_num_rolls(strategies[state.who], score, opponent_score, rules.choices)
        num_rolls = rules.dice_rolled(score, opponent_score, chosen)
        picked = rules.picked_sides(score, opponent_score, state.dice_swapped, sides)
        die = dice if picked is None else dice_of(picked)
        if rules.rerolled(score, opponent_score):
            die = rerolled(die)
        points = take_turn(num_rolls, score, opponent_score, rules, die)
        state = rules.next_state(state, num_rolls, points).state
        say = say(*state.scores)
        turns += 1
    return state.scores
