"""What the course modules share, written once: the course's small helpers
and the loops they run.

The course's ``hog.py`` changed little between semesters: the rule functions,
a few names (``trials_count`` or ``total_samples``, ``cutoff`` or
``threshold``) and what ``play`` takes. Each module of ``hog.cs61a`` keeps
its semester's signatures and delegates here or to ``_semester.py``; the
rules come from ``hog.rules`` and the game loop from ``hog.game``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

# Imported here, not when first needed: inside as_course_hog, "hog" is the course module.
from hog import exact
from hog.commentary import Commentary, silence
from hog.dice import Dice, six_sided
from hog.game import GOAL, MAX_ROLLS, Strategy, Turn, assert_num_rolls, play_turns
from hog.rules import RuleSet

#: ``update(num_rolls, player_score, opponent_score, dice) -> player_score``
Update = Callable[[int, int, int, Dice], int]


def always_roll(n: int) -> Strategy:
    """Return a player strategy that always rolls N dice.

    A player strategy is a function that takes two total scores as arguments
    (the current player's score, and the opponent's score), and returns a
    number of dice that the current player will roll this turn.

    >>> strategy = always_roll(3)
    >>> strategy(0, 0)
    3
    >>> strategy(99, 99)
    3
    """
    assert n >= 0 and n <= 10

    def strategy(score: int, opponent_score: int) -> int:
        return n

    return strategy


def always_roll_5(score: int, opponent_score: int) -> int:
    """A strategy of always rolling 5 dice, regardless of the player's score or
    the opponent's score.
    """
    return 5


def catch_up(score: int, opponent_score: int) -> int:
    """A player strategy that always rolls 5 dice unless the opponent
    has a higher score, in which case 6 dice are rolled.

    >>> catch_up(9, 4)
    5
    >>> catch_up(17, 18)
    6
    """
    if score < opponent_score:
        return 6  # Roll one more to catch up
    return 5


def next_player(who: int) -> int:
    """Return the other player, for a player WHO numbered 0 or 1.

    >>> next_player(0)
    1
    >>> next_player(1)
    0
    """
    return 1 - who


def take_turn(
    num_rolls: int,
    opponent_score: int,
    dice: Dice,
    zero_dice: Callable[[int], int],
    roll_dice: Callable[[int, Dice], int],
    goal: int | None = None,
) -> int:
    """The course's ``take_turn``: its assertions (the goal one only in the
    semesters whose ``take_turn`` has a ``goal``), then ZERO_DICE of the
    opponent's score or ROLL_DICE, the module's own functions, so that
    replacing them in the module (as course tests do) takes effect."""
    assert_num_rolls(num_rolls)
    if goal is not None:
        assert opponent_score < goal, "The game should be over."
    if num_rolls == 0:
        return zero_dice(opponent_score)
    return roll_dice(num_rolls, dice)


def scoring_turn(points: Callable[[int, int], int], rules: RuleSet) -> Turn:
    """A turn that adds ``points(num_rolls, opponent_score)`` (the course's
    ``take_turn``) to the current player's score, then applies RULES'
    after-turn rule."""

    def turn(num_rolls: int, score: int, opponent_score: int) -> tuple[int, int, bool]:
        return rules.after_turn(score + points(num_rolls, opponent_score), opponent_score)

    return turn


def _asserting(strategy: Strategy) -> Strategy:
    """STRATEGY, failing as the course's ``take_turn`` does on a bad count."""

    def checked(score: int, opponent_score: int) -> int:
        num_rolls = strategy(score, opponent_score)
        assert_num_rolls(num_rolls)
        return num_rolls

    return checked


def play(
    strategy0: Strategy,
    strategy1: Strategy,
    turn: Turn,
    score0: int,
    score1: int,
    goal: int,
    say: Commentary = silence,
) -> tuple[int, int]:
    """The course's ``play`` loop (``hog.game.play_turns``), with a bad dice
    count raising the course's AssertionError."""
    return play_turns(_asserting(strategy0), _asserting(strategy1), turn, score0, score1, goal, say)


def update_turn(update: Update, dice: Dice) -> Turn:
    """A turn that sets the current player's score to what UPDATE returns,
    called as the course does: ``update(num_rolls, score, opponent_score, dice)``."""

    def turn(num_rolls: int, score: int, opponent_score: int) -> tuple[int, int, bool]:
        return update(num_rolls, score, opponent_score, dice), opponent_score, False

    return turn


def winner(score0: int, score1: int) -> int:
    """0 if player 0 won a game that ended at SCORE0, SCORE1, and 1 otherwise."""
    return 0 if score0 > score1 else 1


def make_averaged(original_function: Callable[..., float], samples: int) -> Callable[..., float]:
    """A function that calls ORIGINAL_FUNCTION SAMPLES times with its own
    arguments and returns the mean of the results."""

    def averaged(*args: object) -> float:
        total: float = 0
        for _ in range(samples):
            total += original_function(*args)
        return total / samples

    return averaged


def max_scoring_num_rolls(averaged_roll_dice: Callable[[int, Dice], float], dice: Dice) -> int:
    """The dice count 1..10 with the highest average, tried in that order;
    a tie goes to the lowest count."""
    averages = [averaged_roll_dice(num_rolls, dice) for num_rolls in range(1, MAX_ROLLS + 1)]
    return 1 + averages.index(max(averages))


def average_win_rate(
    averaged_winner: Callable[[Strategy, Strategy], float], strategy: Strategy, baseline: Strategy
) -> float:
    """The mean of STRATEGY's win rate moving first and moving second against
    BASELINE, from ``averaged_winner`` (the mean of ``winner`` over games)."""
    win_rate_as_player_0 = 1 - averaged_winner(strategy, baseline)
    win_rate_as_player_1 = averaged_winner(baseline, strategy)
    return (win_rate_as_player_0 + win_rate_as_player_1) / 2


def is_always_roll(strategy: Strategy, goal: int) -> bool:
    """Whether STRATEGY returns the same count at every score pair below GOAL."""
    first = strategy(0, 0)
    return all(strategy(score, opponent) == first for score in range(goal) for opponent in range(goal))


def run_experiments(
    max_scoring: Callable[[Dice], int],
    average_win_rate: Callable[[Strategy], float],
    strategies: Mapping[str, Strategy],
) -> None:
    """Print the best dice count for six-sided dice, then the win rate of
    each of STRATEGIES (label -> strategy) against the baseline."""
    print("Max scoring num rolls for six-sided dice:", max_scoring(six_sided))
    for label, strategy in strategies.items():
        print(f"{label} win rate:", average_win_rate(strategy))


def final_strategy_move(rules: RuleSet, score: int, opponent_score: int, goal: int = GOAL) -> int:
    """The move of every course module's ``final_strategy`` under RULES: the
    exact best response to always_roll(6), the same table as the library's
    ``final_strategy`` (``hog.exact.best_response_to_always_roll``, solved
    once per process)."""
    assert 0 <= score < goal and 0 <= opponent_score < goal, "The game should be over."
    return int(exact.best_response_to_always_roll(6, rules, goal).table[score, opponent_score])


def take_turn_of_both(
    num_rolls: int,
    player_score: int,
    opponent_score: int,
    dice: Dice,
    zero_dice: Callable[[int, int], int],
    roll_dice: Callable[[int, Dice], int],
    goal: int | None = None,
) -> int:
    """The course's ``take_turn`` from Spring 2022 on, whose zero-dice rule
    reads both scores: its assertions (the goal one, on both scores, only in
    the semesters whose ``take_turn`` has a ``goal``), then ZERO_DICE of the
    two scores or ROLL_DICE, the module's own functions."""
    assert_num_rolls(num_rolls)
    if goal is not None:
        assert max(player_score, opponent_score) < goal, "The game should be over."
    if num_rolls == 0:
        return zero_dice(player_score, opponent_score)
    return roll_dice(num_rolls, dice)


def gaining_turn(points: Callable[[int, int, int], int], gain: Callable[[int, int], int]) -> Turn:
    """A turn that adds ``points(num_rolls, score, opponent_score)`` (the
    course's ``take_turn``) to the current player's score, then what
    ``gain(score, opponent_score)`` returns (the course's after-turn function,
    such as ``pigs_on_prime``)."""

    def turn(num_rolls: int, score: int, opponent_score: int) -> tuple[int, int, bool]:
        score += points(num_rolls, score, opponent_score)
        return score + gain(score, opponent_score), opponent_score, False

    return turn


def extra_turn_if(points: Callable[[int, int], int], extra_turn: Callable[[int, int], bool]) -> Turn:
    """A turn that adds ``points(num_rolls, opponent_score)`` (the course's
    ``take_turn``) to the current player's score and gives another turn when
    ``extra_turn(score, opponent_score)`` (the course's predicate, such as
    ``more_boar``) holds."""

    def turn(num_rolls: int, score: int, opponent_score: int) -> tuple[int, int, bool]:
        score += points(num_rolls, opponent_score)
        return score, opponent_score, bool(extra_turn(score, opponent_score))

    return turn


class _DefaultCount(int):
    """An averaging count left at its default: the number itself, but told
    apart from the same number given by the caller."""


#: The default of an averaging keyword that has several names (``sus_fuss``).
DEFAULT_COUNT = _DefaultCount(1000)


def one_count(function: str, **counts: int) -> int:
    """The averaging count given under any one of its names (COUNTS, name ->
    value, each defaulting to ``DEFAULT_COUNT``), or the default; giving it
    under two names is a TypeError, as giving one argument twice is.

    >>> one_count("make_averaged", times_called=5, samples_count=DEFAULT_COUNT)
    5
    >>> one_count("make_averaged", times_called=DEFAULT_COUNT, samples_count=DEFAULT_COUNT)
    1000
    >>> one_count("make_averaged", times_called=1000, samples_count=1000)
    Traceback (most recent call last):
    ...
    TypeError: make_averaged() takes times_called or samples_count, not both
    """
    given = [name for name, count in counts.items() if not isinstance(count, _DefaultCount)]
    if len(given) > 1:
        raise TypeError(f"{function}() takes {' or '.join(counts)}, not both")
    return int(counts[given[0]]) if given else int(DEFAULT_COUNT)
