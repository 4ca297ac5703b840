"""How close each family gets to the best response against always_roll(6).

For every rule set, a seeded coordinate search with random restarts looks
for the best member of each family, scored by the exact win rate against
``always_roll(6)``; the best response's exact win rate is the ceiling.

    python benchmarks/family_quality.py [--rules R ...] [--restarts N] [--seed S]
    python benchmarks/family_quality.py --smoke    # seconds: square_swine, from the defaults only
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Mapping

import numpy as np

from hog import exact
from hog.rules import RULE_SETS
from strategies.families import get_family
from strategies.family_framework import Family
from strategies.library import COURSE_STRATEGIES

#: Candidate values tried per parameter and pass (all values when fewer).
GRID = 24


def rates(family: Family, rules: str, candidates: list[dict[str, int]], opponent: np.ndarray) -> np.ndarray:
    """Exact win rates of the CANDIDATES against OPPONENT, in one batch."""
    tables = np.stack([family.build(rules, opponent.shape[0], c) for c in candidates])
    opponent_side = exact.win_probabilities_many(opponent, tables, rules)
    return 1.0 - opponent_side.mean(axis=1)


def values_to_try(low: int, high: int, current: int, rng: np.random.Generator) -> list[int]:
    """Every value of a small range; else a seeded spread plus the neighbourhood of CURRENT."""
    if high - low < GRID:
        return list(range(low, high + 1))
    spread = np.linspace(low, high, GRID).round().astype(int) + rng.integers(-1, 2, GRID)
    near = [current + d for d in (-5, -3, -2, -1, 1, 2, 3, 5)]
    return sorted({int(v) for v in (*spread, *near) if low <= v <= high})


def coordinate_search(
    family: Family, rules: str, opponent: np.ndarray, start: Mapping[str, int], rng: np.random.Generator
) -> tuple[float, dict[str, int]]:
    """Improve one parameter at a time, in a random order, until no pass improves."""
    best = dict(start)
    best_rate = float(rates(family, rules, [best], opponent)[0])
    improved = True
    while improved:
        improved = False
        for index in rng.permutation(len(family.parameters)):
            parameter = family.parameters[index]
            values = values_to_try(parameter.low, parameter.high, best[parameter.name], rng)
            candidates = [{**best, parameter.name: v} for v in values]
            found = rates(family, rules, candidates, opponent)
            top = int(np.argmax(found))
            if found[top] > best_rate + 1e-12:
                best_rate, best, improved = float(found[top]), candidates[top], True
    return best_rate, best


def search(family: Family, rules: str, opponent: np.ndarray, restarts: int, seed: int) -> tuple[float, dict[str, int]]:
    """The best member found from the defaults and from RESTARTS random starts."""
    rng = np.random.default_rng(seed)
    starts = [family.bind(**{p.name: p.default if p.default is not None else p.low for p in family.parameters})]
    for _ in range(restarts):
        starts.append({p.name: int(rng.integers(p.low, p.high + 1)) for p in family.parameters})
    return max((coordinate_search(family, rules, opponent, s, rng) for s in starts), key=lambda found: found[0])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", nargs="*", default=list(RULE_SETS), choices=list(RULE_SETS))
    parser.add_argument("--restarts", type=int, default=3, help="random starts per family (besides the defaults)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--smoke", action="store_true", help="a few seconds: square_swine, no random restarts")
    args = parser.parse_args()
    if args.smoke:
        args.rules, args.restarts = ["square_swine"], 0

    columns = ("zero_dice", "rule", "lead", "response")
    header = " ".join(f"{c:>9}" for c in (*columns, "best resp"))
    print(f"{'rule set':13} {header}  gap (pp): seed family  lead  response  seconds")
    found_params = {}
    for rules in args.rules:
        start = time.perf_counter()
        opponent = get_family("always_roll").build(rules, 100, {"n": 6})
        rule_family = COURSE_STRATEGIES[rules].rule_family
        results = {}
        for column in columns:
            family = rule_family if column == "rule" else get_family(column)
            results[column] = search(family, rules, opponent, args.restarts, args.seed)
        ceiling = exact.best_response(opponent, rules).rate
        seconds = time.perf_counter() - start
        row = " ".join(f"{results[c][0]:9.6f}" for c in columns)
        seed_family = max(results["zero_dice"][0], results["rule"][0])
        gaps = [100 * (ceiling - rate) for rate in (seed_family, results["lead"][0], results["response"][0])]
        print(
            f"{rules:13} {row} {ceiling:9.6f}  {gaps[0]:18.2f} {gaps[1]:5.2f} {gaps[2]:9.2f} {seconds:8.1f}",
            flush=True,
        )
        found_params[rules] = {c: results[c][1] for c in columns}
    print("\nbest parameters found (exact win rate against always_roll(6)):")
    for rules, by_family in found_params.items():
        for column, params in by_family.items():
            print(f"  {rules:13} {column:9} {params}")


if __name__ == "__main__":
    main()
