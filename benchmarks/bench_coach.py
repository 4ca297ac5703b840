"""Speed of one coach report (``hog coach``) and of a field's (``hog coach --league``), against
exact work they cannot do without; prints figures.

    python benchmarks/bench_coach.py [--rules sus_fuss] [--strategy final_strategy] [--opponent perfect] [--field 150]
    python benchmarks/bench_coach.py --smoke    # seconds: one timing of each, a field of 5

One report (goal 100, a rule set whose state is the two scores) is
``hog.coach.coach`` (the best response's values at every cell and for
every choice, the strategy's reach, the costs and the strategy's exact
pair) plus the exact re-evaluation of the strategy with its ten costliest
cells fixed. The baseline is one exact pair plus one best response
(``win_probabilities`` + ``best_response``); the figure that matters is
the ratio report / baseline, whose goal is at most 3.

A field of --field opponents (seeded random tables) is coached by
``hog.coach_field.coach_field``: per opponent, the best response and the
strategy's reach, losses and win rate. Its baseline is --field times one
exact pair plus one best response, run over the same opponents; the goal
is a ratio of at most 1. The field splits its opponents over numba's
threads (the baseline's calls run one at a time), so it is timed with
them and with one. Each time is the best of --repeat calls, after one call
that compiles the kernels.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

import numpy as np
from numba import get_num_threads, set_num_threads

from hog.coach import coach, win_rate, with_best_choices
from hog.coach_field import coach_field
from hog.exact import best_response, compile_rules, win_probabilities
from strategies.spec import resolve_spec

GOAL = 100
#: The ratio report / baseline the issue asks for at most.
TARGET = 3.0
#: The ratio field / (field size x baseline) the issue asks for at most.
FIELD_TARGET = 1.0


def best_time(call: Callable[[], object], repeat: int) -> float:
    """The fastest of REPEAT calls of CALL, in seconds (after one warm-up call)."""
    call()
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return min(times)


def report(student: np.ndarray, opponent: np.ndarray, rules: str, top: int = 10) -> float:
    """What ``hog coach`` computes: the coaching and the gap left with the top cells fixed."""
    coaching = coach(student, opponent, rules)
    fixed = with_best_choices(coaching, coaching.top(top))
    return coaching.best_rate - win_rate(fixed, opponent, rules)


def baseline(student: np.ndarray, opponent: np.ndarray, rules: str) -> None:
    """One exact pair and one best response."""
    win_probabilities(student, opponent, rules)
    best_response(opponent, rules)


def field_of(size: int, goal: int, seed: int = 0) -> list[np.ndarray]:
    """SIZE seeded random tables (0 to 10 dice at every score pair)."""
    rng = np.random.default_rng(seed)
    return [rng.integers(0, 11, (goal, goal)).astype(np.int8) for _ in range(size)]


def field_baseline(student: np.ndarray, opponents: list[np.ndarray], rules: str) -> None:
    """One exact pair and one best response for each of OPPONENTS."""
    for opponent in opponents:
        baseline(student, opponent, rules)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--rules", default="sus_fuss")
    parser.add_argument("--strategy", default="final_strategy")
    parser.add_argument("--opponent", default="perfect")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--field", type=int, default=150, help="opponents in the field (--smoke: 5)")
    parser.add_argument("--smoke", action="store_true", help="one timing of each (seconds)")
    args = parser.parse_args()
    repeat = 1 if args.smoke else args.repeat
    compiled = compile_rules(args.rules, GOAL)
    if compiled.full_state or compiled.time_trot:
        parser.error(f"{args.rules}: the benchmark is for a rule set whose state is the two scores")
    student = resolve_spec(args.strategy, args.rules, GOAL).table
    opponent = resolve_spec(args.opponent, args.rules, GOAL).table
    pair_and_response = best_time(lambda: baseline(student, opponent, args.rules), repeat)
    coached = best_time(lambda: report(student, opponent, args.rules), repeat)
    ratio = coached / pair_and_response
    print(f"{args.strategy} against {args.opponent} ({compiled.name}, goal {GOAL}), best of {repeat}")
    print(f"one exact pair + one best response: {pair_and_response * 1e3:8.2f} ms")
    print(f"one coach report:                   {coached * 1e3:8.2f} ms")
    verdict = "within" if ratio <= TARGET else "over"
    print(f"ratio report / (pair + best response): {ratio:.2f} ({verdict} the goal of {TARGET:g})")

    size = 5 if args.smoke else args.field
    opponents = field_of(size, GOAL)
    threads = get_num_threads()
    each = best_time(lambda: field_baseline(student, opponents, args.rules), repeat)
    field = best_time(lambda: coach_field(student, opponents, args.rules), repeat)
    set_num_threads(1)
    alone = best_time(lambda: coach_field(student, opponents, args.rules), repeat)
    set_num_threads(threads)
    print(f"\n{args.strategy} against a field of {size} seeded random tables, best of {repeat}")
    print(f"{size} x (one exact pair + one best response): {each * 1e3:8.1f} ms")
    for label, seconds in ((f"{threads} threads", field), ("1 thread", alone)):
        verdict = "within" if seconds / each <= FIELD_TARGET else "over"
        print(
            f"the field's coaching ({label}): {seconds * 1e3:8.1f} ms, ratio {seconds / each:.2f} "
            f"({verdict} the goal of {FIELD_TARGET:g})"
        )


if __name__ == "__main__":
    main()
