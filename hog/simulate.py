"""Fast, seeded Monte Carlo of two table strategies.

``simulate`` plays ``games`` dice streams, each twice with the seats swapped
on the same dice (common random numbers): A moving first, then B moving
first. Stream ``g`` under ``seed`` is a pure function of (seed, g), so the
results do not depend on the number of threads. ``dice_stream`` yields the
same dice in plain Python, so a game can be replayed with ``hog.game.play``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from hog import kernels
from hog.exact import checked_table, compile_rules
from hog.exact_tables import start_array
from hog.rules import ORIGIN, RuleSet, Start, get_rules

__all__ = ["SimulationResult", "simulate", "simulate_scores", "dice_stream", "stream_dice"]

#: What the simulation kernels take: both tables, the rule arrays (the dice
#: included), the seed's key and the number of streams.
KernelArguments = tuple[
    npt.NDArray[np.int8], npt.NDArray[np.int8], tuple[npt.NDArray[Any], ...], np.uint64, int, npt.NDArray[np.int64]
]

_MASK64 = (1 << 64) - 1
_GAMMA = int(kernels.GAMMA)
#: The two-sided 95% quantile of the normal distribution.
_Z95 = 1.959963984540054


@dataclass(frozen=True)
class SimulationResult:
    """A's simulated win rate against B (mean of the seat-averaged streams),
    its standard error and 95% interval, and A's rates moving first and
    second. ``games`` dice streams were played, each twice."""

    rate: float
    stderr: float
    first: float
    second: float
    games: int
    seed: int
    interval: tuple[float, float]


def _mix64(z: int) -> int:
    """SplitMix64's output function, as in hog.kernels.mix64."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return z ^ (z >> 31)


def dice_stream(seed: int, game: int, sides: int = 6) -> Iterator[int]:
    """The dice of stream GAME under SEED, exactly as the simulator rolls them.

    >>> stream = dice_stream(0, 0)
    >>> rolls = [next(stream) for _ in range(1000)]
    >>> min(rolls), max(rolls)
    (1, 6)
    """
    return iter(stream_dice(seed, game)(sides), 0)  # a die never gives 0: an endless stream


def stream_dice(seed: int, game: int) -> Callable[[int], Callable[[], int]]:
    """The dice of stream GAME under SEED by their sides: ``stream_dice(seed,
    game)(sides)`` is a die that draws the stream's next outcome, so dice of
    several sides share one stream as in the simulator where the rules pick
    the dice of a turn (``hog.game.play``'s ``dice_of``).

    >>> dice_of = stream_dice(0, 0)
    >>> six, four = dice_of(6), dice_of(4)
    >>> [six() for _ in range(3)], [four() for _ in range(4)]
    ([6, 3, 1], [4, 1, 2, 1])
    >>> import itertools
    >>> list(itertools.islice(dice_stream(0, 0, 4), 7))  # the same draws on four sides
    [4, 2, 1, 4, 1, 2, 1]
    """
    seed = _checked_integer("seed", seed, 0, 1 << 64)
    game = _checked_integer("game", game, 0, 1 << 64)
    state = [_mix64((_mix64(seed) + game * _GAMMA) & _MASK64)]

    def die_of(sides: int) -> Callable[[], int]:
        reject_below = (1 << 32) % _checked_integer("sides", sides, 1, 1 << 32)

        def die() -> int:
            while True:
                state[0] = (state[0] + _GAMMA) & _MASK64
                product = (_mix64(state[0]) >> 32) * sides
                if product & 0xFFFFFFFF >= reject_below:
                    return (product >> 32) + 1

        return die

    return die_of


def _checked_integer(name: str, value: int, low: int, high: int) -> int:
    """VALUE as an int if it is an integer in low..high-1, else ValueError."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)) or not low <= value < high:
        power = high.bit_length() - 1
        limit = f"2**{power}-1" if high == 1 << power and power > 16 else str(high - 1)
        raise ValueError(f"{name} must be an integer {low}..{limit}, not {value!r}")
    return int(value)


def _kernel_arguments(
    table_a: np.ndarray,
    table_b: np.ndarray,
    rules: RuleSet | str,
    games: int,
    seed: int,
    sides: int,
    least_games: int,
    start: Start = ORIGIN,
) -> KernelArguments:
    """Checked arguments for the simulation kernels."""
    choices = get_rules(rules).choices
    table_a = checked_table(table_a, "table_a", choices)
    table_b = checked_table(table_b, "table_b", choices)
    if table_a.shape != table_b.shape:
        raise ValueError(f"table_b: shape {table_b.shape}, but table_a is {table_a.shape}; both need the same goal")
    games = _checked_integer("games", games, least_games, 1 << 63)
    seed = _checked_integer("seed", seed, 0, 1 << 64)
    sides = _checked_integer("sides", sides, 1, 1 << 32)
    compiled = compile_rules(rules, table_a.shape[0], sides)
    return (
        table_a,
        table_b,
        compiled.game_arrays,
        np.uint64(_mix64(seed)),
        games,
        start_array(start, compiled),
    )


def simulate(
    table_a: np.ndarray,
    table_b: np.ndarray,
    rules: RuleSet | str,
    games: int = 100_000,
    seed: int = 0,
    sides: int = 6,
    start: Start = ORIGIN,
) -> SimulationResult:
    """Simulate TABLE_A against TABLE_B on GAMES dice streams (2 * GAMES games),
    from START (fa14's bids; ``first``/``second``: A as player 0 and as player 1).

    The standard error is that of the mean of the per-stream results, each
    the average of A's two games on that stream.
    """
    first_wins, second_wins, both_wins = kernels.simulate_wins(
        *_kernel_arguments(table_a, table_b, rules, games, seed, sides, 2, start)
    )
    first, second = first_wins / games, second_wins / games
    rate = (first + second) / 2
    mean_square = (first_wins + second_wins + 2 * both_wins) / (4 * games)
    variance = max(mean_square - rate * rate, 0.0) * games / (games - 1)
    stderr = math.sqrt(variance / games)
    interval = (max(rate - _Z95 * stderr, 0.0), min(rate + _Z95 * stderr, 1.0))
    return SimulationResult(rate, stderr, first, second, int(games), int(seed), interval)


def simulate_scores(
    table_a: np.ndarray,
    table_b: np.ndarray,
    rules: RuleSet | str,
    games: int = 100,
    seed: int = 0,
    sides: int = 6,
    start: Start = ORIGIN,
) -> np.ndarray:
    """Final scores of every game of a (small) run, shape (games, 2, 2):
    ``[g, 0]`` is (score0, score1) of stream g with A as player 0 and
    ``[g, 1]`` the same with B as player 0, as ``hog.game.play`` returns them."""
    return kernels.simulate_scores(*_kernel_arguments(table_a, table_b, rules, games, seed, sides, 1, start))
