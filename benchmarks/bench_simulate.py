"""Speed of the simulator (goal 100, six-sided dice); prints figures.

    python benchmarks/bench_simulate.py [--games 1000000] [--rules R ...]
    python benchmarks/bench_simulate.py --smoke    # seconds: three rule sets, 2,000 streams

Games per second count every game played: each dice stream is played twice
(seats swapped), so a run of N streams plays 2N games. For comparison, the
plain-Python reference loop ``hog.game.play`` on the same kind of tables.
"""

from __future__ import annotations

import argparse
import random
import time

import numba
import numpy as np

from hog.dice import make_fair_dice
from hog.exact import perfect_play
from hog.game import play
from hog.rules import RULE_SETS
from hog.simulate import simulate

GOAL = 100
#: The rule sets of --smoke: one plain, one with memory, one Time Trot.
SMOKE_RULES = ["square_swine", "hefty_hogs", "fa18_contest"]


def pairs(rules: str) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    roll = lambda n: np.full((GOAL, GOAL), n, dtype=np.int8)  # noqa: E731
    rng = np.random.default_rng(0)
    return {
        "always_roll(4) vs always_roll(6)": (roll(4), roll(6)),
        "perfect play vs always_roll(6)": (perfect_play(rules, GOAL).table, roll(6)),
        "random vs random": tuple(rng.integers(0, 11, size=(2, GOAL, GOAL), dtype=np.int8)),
    }


def bench_kernel(games: int, rule_sets: list[str]) -> None:
    threads = numba.get_num_threads()
    simulate(np.full((GOAL, GOAL), 4), np.full((GOAL, GOAL), 6), "square_swine", games=2)  # load the kernels
    print(f"simulation, goal {GOAL}, {games} streams = {2 * games} games per run (best of 2):")
    for rules in rule_sets:
        for label, (a, b) in pairs(rules).items():
            simulate(a, b, rules, games=2)  # compile the rule set
            figures = []
            for count in sorted({1, threads}):
                numba.set_num_threads(count)
                seconds = float("inf")
                for _ in range(2):
                    start = time.perf_counter()
                    result = simulate(a, b, rules, games=games, seed=1)
                    seconds = min(seconds, time.perf_counter() - start)
                figures.append(f"{count} thread(s) {2 * games / seconds / 1e6:.2f} M games/s")
            numba.set_num_threads(threads)
            print(f"  {rules:13s} {label:33s} rate {result.rate:.4f}; " + "; ".join(figures))


def bench_reference(seconds: float, rule_sets: list[str]) -> None:
    print("plain-Python hog.game.play, always_roll(4) vs always_roll(6) as table lookups:")
    a, b = np.full((GOAL, GOAL), 4).tolist(), np.full((GOAL, GOAL), 6).tolist()
    dice = make_fair_dice(6, random.Random(0))
    for rules in rule_sets:
        count, start = 0, time.perf_counter()
        while time.perf_counter() - start < seconds:
            play(lambda s, o: a[s][o], lambda s, o: b[s][o], rules, dice=dice, goal=GOAL)
            count += 1
        print(f"  {rules:13s} {count / (time.perf_counter() - start):,.0f} games/s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1_000_000, help="dice streams per timed run")
    parser.add_argument("--reference-seconds", type=float, default=2.0, help="time per rule set for the Python loop")
    parser.add_argument("--rules", nargs="+", default=list(RULE_SETS), choices=list(RULE_SETS))
    parser.add_argument(
        "--smoke", action="store_true", help=f"a few seconds: {', '.join(SMOKE_RULES)}, 2,000 streams, 0.1 s loops"
    )
    args = parser.parse_args()
    if args.smoke:
        args.games, args.reference_seconds, args.rules = 2000, 0.1, SMOKE_RULES
    print(f"numba threads: {numba.get_num_threads()}")
    bench_kernel(args.games, args.rules)
    bench_reference(args.reference_seconds, args.rules)


if __name__ == "__main__":
    main()
