"""Speed of the exact analysis (goal 100, six-sided dice); prints figures.

    python benchmarks/bench_exact.py [--pairs 2000] [--rules R ...]
    python benchmarks/bench_exact.py --smoke    # seconds: three rule sets, small batches, one timing each

* one pair, amortised over a batch of pairs, on one thread and on all
  (rule sets solved over the full state, memory or cycles, get batches a
  hundredth the size);
* compiling a rule set, best response to always_roll(6) and perfect play,
  per rule set (with memory: optimal full-state play and its derived table);
* the plain-Python reference (tests/reference_exact.py) on one pair, for the
  rule sets solved over (score, opponent score, turn);
* Time Trot: the contests' rule sets against their semester's on the same
  pairs of league-like tables, one thread (``--time-trot``: only this);
* every score-only rule set on the same tables, one thread, against fa17
  (``--same-tables``: only this);
* the rule sets whose dice a turn can exchange (su17's Perfect Piggy,
  ``hog.swap_kernels``) on the same tables, one thread, against fa17
  (``--dice-swaps``: only this).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numba
import numpy as np

from hog.exact import (
    TableStack,
    best_response,
    best_response_to_always_roll,
    compile_rules,
    perfect_play,
    win_probabilities,
    win_probabilities_pairs,
)
from hog.rules import RULE_SETS, get_rules

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
import reference_exact  # noqa: E402

GOAL = 100
#: The rule sets of --smoke: one plain, one with memory, one Time Trot.
SMOKE_RULES = ["square_swine", "hefty_hogs", "fa18_contest"]
#: The goal of the plain-Python reference with --smoke (at 100 it takes seconds per rule set).
SMOKE_REFERENCE_GOAL = 30


def league_tables(rules: str, count: int = 150) -> np.ndarray:
    """League-like tables: every always_roll(n), zero-dice threshold
    strategies (roll 0 when rolling 0 scores at least the cutoff, else n),
    and best responses to some of them (none when COUNT leaves no room)."""
    zero_points = compile_rules(rules, GOAL).zero_points
    tables = [np.full((GOAL, GOAL), n, dtype=np.int8) for n in range(11)]
    for cutoff in range(2, 14):
        for n in range(2, 11):
            tables.append(np.where(zero_points >= cutoff, 0, n).astype(np.int8))
    tables += [best_response(table, rules).table for table in tables[: max(0, count - len(tables))]]
    return np.stack(tables[:count])


def random_tables(count: int = 150, seed: int = 0) -> np.ndarray:
    """Uniformly random tables: the worst case (no two neighbouring states alike)."""
    return np.random.default_rng(seed).integers(0, 11, size=(count, GOAL, GOAL), dtype=np.int8)


#: Calls timed where a figure is the best of several (1 with --smoke).
REPEAT = 3


def timed(function, *args, repeat: int = 1):
    """The best wall time of min(REPEAT, the module's REPEAT) calls, and the last result."""
    best = float("inf")
    for _ in range(min(repeat, REPEAT)):
        start = time.perf_counter()
        result = function(*args)
        best = min(best, time.perf_counter() - start)
    return best, result


def bench_pairs(batch: int, rule_sets: list[str], size: int = 150) -> None:
    """Batches of BATCH pairs of SIZE tables (league-like: all but 119 of them best responses)."""
    rng = np.random.default_rng(1)
    threads = numba.get_num_threads()
    print(
        f"exact pairs, goal {GOAL}, batches of {batch} pairs"
        f" (both seatings each; full state: {batch // 100}), {size} tables:"
    )
    for rules in rule_sets:
        pairs_count = max(2, batch // 100) if compile_rules(rules, GOAL).full_state else batch
        pairs = rng.integers(0, size, size=(pairs_count, 2))
        for kind, tables in (("league-like", league_tables(rules, size)), ("random", random_tables(size))):
            win_probabilities_pairs(tables, pairs[:4], rules)  # load the kernels
            figures = []
            for count in sorted({1, threads}):
                numba.set_num_threads(count)
                seconds, _ = timed(win_probabilities_pairs, tables, pairs, rules, repeat=3)
                figures.append(
                    f"{count} thread(s): {1e3 * seconds / pairs_count:.3f} ms/pair wall, "
                    f"{1e3 * seconds * count / pairs_count:.3f} ms/pair/core"
                )
            numba.set_num_threads(threads)
            print(f"  {rules:13s} {kind:11s} " + "; ".join(figures))


#: The rule set whose league-like tables every score-only rule set plays in ``bench_same_tables``.
SAME_TABLES_OF = "fa17"
#: Rounds of ``bench_same_tables``: each rule set's figure is its best round.
SAME_TABLES_ROUNDS = 8


def bench_same_tables(batch: int, rule_sets: list[str], size: int = 60) -> None:
    """One pair on one thread for each score-only rule set, all on the same
    league-like tables (SAME_TABLES_OF's), against SAME_TABLES_OF: what a
    rule set's rules cost a pair, apart from its strategies. The rule sets
    take turns, round after round, and each keeps its best round, so that a
    busy machine slows them alike."""
    score_only = [rules for rules in rule_sets if not compile_rules(rules, GOAL).full_state]
    tables = TableStack.of(league_tables(SAME_TABLES_OF, size))
    pairs = np.random.default_rng(2).integers(0, size, size=(batch, 2))
    threads = numba.get_num_threads()
    numba.set_num_threads(1)
    best = dict.fromkeys([SAME_TABLES_OF, *score_only], float("inf"))
    for rules in best:
        win_probabilities_pairs(tables, pairs[:4], rules)  # load the kernels
    for _ in range(SAME_TABLES_ROUNDS if REPEAT > 1 else 1):
        for rules in best:
            seconds, _ = timed(win_probabilities_pairs, tables, pairs, rules)
            best[rules] = min(best[rules], seconds / batch)
    numba.set_num_threads(threads)
    print(f"exact pairs on the same {size} league-like tables ({SAME_TABLES_OF}'s), one thread, batches of {batch}:")
    for rules, seconds in best.items():
        print(f"  {rules:13s} {1e3 * seconds:.3f} ms/pair, {seconds / best[SAME_TABLES_OF]:.2f}x {SAME_TABLES_OF}")


def final_table(rules: str) -> np.ndarray:
    """The rule set's final strategy: the best response to always_roll(6)."""
    table: np.ndarray = best_response_to_always_roll(6, rules).table
    return table


def bench_dice_swaps(batch: int, rule_sets: list[str], size: int = 60) -> None:
    """One pair on one thread for each rule set whose dice a turn can
    exchange, on SAME_TABLES_OF's league-like tables, against SAME_TABLES_OF
    on the same pairs (the best of three batches each)."""
    swapping = [rules for rules in rule_sets if compile_rules(rules, GOAL).dice_swaps]
    tables = TableStack.of(league_tables(SAME_TABLES_OF, size))
    pairs = np.random.default_rng(3).integers(0, size, size=(batch, 2))
    threads = numba.get_num_threads()
    numba.set_num_threads(1)
    print(f"exchanged dice, one thread, {batch} pairs of {SAME_TABLES_OF}'s league-like tables:")
    win_probabilities_pairs(tables, pairs[:4], SAME_TABLES_OF)  # load the kernels
    plain, _ = timed(win_probabilities_pairs, tables, pairs, SAME_TABLES_OF, repeat=3)
    for rules in swapping:
        win_probabilities_pairs(tables, pairs[:4], rules)
        seconds, _ = timed(win_probabilities_pairs, tables, pairs, rules, repeat=3)
        print(
            f"  {rules:13s} {1e3 * seconds / batch:.3f} ms/pair; {SAME_TABLES_OF} {1e3 * plain / batch:.3f} ms/pair: "
            f"{seconds / plain:.1f}x"
        )
        # Its own league-like tables, with perfect play and the final strategy (fa16's choose Pork Chop, -1).
        own = np.concatenate([league_tables(rules, size - 2), [perfect_play(rules).table, final_table(rules)]])
        own_pairs = pairs.copy()
        own_pairs[: batch // 5, 0], own_pairs[batch // 5 : 2 * batch // 5, 1] = size - 2, size - 1
        stack = TableStack.of(own, choices=get_rules(rules).choices)
        win_probabilities_pairs(stack, own_pairs[:4], rules)
        seconds, _ = timed(win_probabilities_pairs, stack, own_pairs, rules, repeat=3)
        print(f"  {rules:13s} on its own tables (perfect play, final_strategy in 2 of 5 pairs): {seconds / plain:.1f}x")
    numba.set_num_threads(threads)


def bench_solvers(rule_sets: list[str]) -> None:
    roll6 = np.full((GOAL, GOAL), 6, dtype=np.int8)
    perfect_play("square_swine", 20)  # load the kernels
    print(f"solvers, goal {GOAL} (compile: rule set -> arrays, once per process):")
    for rules in rule_sets:
        compile_seconds, compiled = timed(compile_rules, rules, GOAL)
        best_response(roll6[:20, :20], rules)  # load the kernels
        response_seconds, response = timed(best_response, roll6, rules, repeat=3)
        perfect_seconds, perfect = timed(perfect_play, rules, GOAL, repeat=3)
        optimal = ""
        if response.policy is not None and compiled.bonus.shape[0] > 1:
            optimal = (
                f" [optimal full-state play: {response.optimal_rate:.12f} vs always_roll(6), "
                f"first mover {perfect.optimal_first:.12f}]"
            )
        print(
            f"  {rules:13s} compile {compile_seconds:.3f} s; best response {response_seconds:.4f} s "
            f"(rate vs always_roll(6) {response.rate:.12f}); perfect play {perfect_seconds:.4f} s "
            f"(first mover wins {perfect.first:.12f}){optimal}"
        )


def bench_full_state_pair(rule_sets: list[str]) -> None:
    """One pair at a time (no batch), one thread: the rule sets with memory or cycles."""
    numba.set_num_threads(1)
    print(f"full-state rule sets, one exact pair per call, one thread, goal {GOAL}:")
    for rules in rule_sets:
        if not compile_rules(rules, GOAL).full_state:
            continue
        tables = league_tables(rules, 40)
        win_probabilities(tables[0], tables[1], rules)  # load the kernels
        times = [timed(win_probabilities, tables[i], tables[-1 - i], rules)[0] for i in range(8)]
        fours = timed(win_probabilities, tables[4], tables[6], rules, repeat=3)
        print(
            f"  {rules:13s} league-like tables: median {1e3 * sorted(times)[4]:.1f} ms, "
            f"max {1e3 * max(times):.1f} ms; always_roll(4) vs always_roll(6): {1e3 * fours[0]:.1f} ms "
            f"(rate {fours[1].rate:.12f})"
        )
    numba.set_num_threads(numba.config.NUMBA_NUM_THREADS)


def bench_reference(rule_sets: list[str], goal: int = GOAL) -> None:
    a, b = np.full((goal, goal), 4), np.full((goal, goal), 6)
    print(f"plain-Python reference, one pair, goal {goal}, always_roll(4) vs always_roll(6):")
    for rules in rule_sets:
        if compile_rules(rules, GOAL).full_state:
            continue  # at goal 100 the full-state reference takes minutes; the tests use small goals
        game = reference_exact.Game(lambda s, o: int(a[s, o]), lambda s, o: int(b[s, o]), get_rules(rules), goal)
        seconds, (first, second) = timed(game.first_second)
        check = win_probabilities(a, b, rules)
        print(f"  {rules:13s} {1e3 * seconds:.0f} ms (rate {(first + second) / 2:.12f}, kernel {check.rate:.12f})")


def bench_time_trot(batch: int, rule_sets: list[str]) -> None:
    """A Time Trot pair against the same pair under the semester's rules, one thread."""
    numba.set_num_threads(1)
    pairs = np.random.default_rng(2).integers(0, 150, size=(batch, 2))
    print(f"Time Trot, one thread, goal {GOAL}, {batch} pairs of league-like tables (both seatings each):")
    for rules in rule_sets:
        modulus = get_rules(rules).time_trot
        if not modulus:
            continue
        plain = rules.removesuffix("_contest")
        tables = league_tables(plain)
        seconds = {}
        for name in (rules, plain):
            win_probabilities_pairs(tables, pairs[:4], name)  # load the kernels
            seconds[name], _ = timed(win_probabilities_pairs, tables, pairs, name, repeat=3)
        print(
            f"  {rules:13s} (M = {modulus}) {1e3 * seconds[rules] / batch:.3f} ms/pair; {plain:5s} "
            f"{1e3 * seconds[plain] / batch:.3f} ms/pair: {seconds[rules] / seconds[plain]:.1f}x"
        )
    numba.set_num_threads(numba.config.NUMBA_NUM_THREADS)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=2000, help="pairs per timed batch")
    parser.add_argument("--time-trot", action="store_true", help="only the Time Trot figures")
    parser.add_argument(
        "--same-tables",
        action="store_true",
        help=f"only the score-only rule sets on the same tables, against {SAME_TABLES_OF}",
    )
    parser.add_argument("--dice-swaps", action="store_true", help="only the rule sets that exchange the dice")
    parser.add_argument("--rules", nargs="+", default=list(RULE_SETS), choices=list(RULE_SETS))
    parser.add_argument(
        "--smoke",
        action="store_true",
        help=f"a few seconds: {', '.join(SMOKE_RULES)}, batches of 200 pairs of 121 tables, each timed once, "
        f"the reference at goal {SMOKE_REFERENCE_GOAL}",
    )
    args = parser.parse_args()
    global REPEAT
    if args.smoke:
        args.pairs, args.rules, REPEAT = 200, SMOKE_RULES, 1
    print(f"numba threads: {numba.get_num_threads()}")
    if args.time_trot:
        bench_time_trot(max(2, args.pairs // 10), args.rules)
        return
    if args.same_tables:
        bench_same_tables(args.pairs, args.rules)
        return
    if args.dice_swaps:
        bench_dice_swaps(max(2, args.pairs // 20), args.rules)
        return
    bench_solvers(args.rules)
    bench_full_state_pair(args.rules)
    bench_pairs(args.pairs, args.rules, 121 if args.smoke else 150)
    bench_time_trot(max(2, args.pairs // 10), args.rules)
    bench_same_tables(args.pairs, args.rules)
    bench_dice_swaps(max(2, args.pairs // 20), args.rules)
    bench_reference(args.rules, SMOKE_REFERENCE_GOAL if args.smoke else GOAL)


if __name__ == "__main__":
    main()
