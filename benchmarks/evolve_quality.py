"""How good evolved strategies are, over several seeds, and whether evolution beats random search.

For every rule set: the exact best response to always_roll(6) (the
ceiling) and the best of the course's named strategies with their default
parameters; then, for each seed, a ``hog evolve`` run of the family
(default: ``hog evolve``'s) against always_roll(6) (stored in a temporary
database), a random search drawing as many genomes uniformly within the
family's bounds as the run's logbook counts fitness evaluations, and a run
against ``perfect``. Each figure is reported as the mean and the worst over
the seeds: the gap in points below the best response, the margin in points
of evolution over random search, and the win rate against perfect play of
the strategy evolved against it. Win rates are exact; seconds are the wall
time of all of a rule set's runs (workers' start included).

    python benchmarks/evolve_quality.py [--rules R ...] [--family F] [--seeds S ...]
        [--population N] [--generations N] [--elite K] [--step S] [--initial K] [--algorithm A]
        [--jobs J] [--no-perfect]
    python benchmarks/evolve_quality.py --smoke    # seconds: square_swine, seed 0, population 8, 2 generations, 1 job
"""

from __future__ import annotations

import argparse
import random
import tempfile
import time
from functools import partial
from pathlib import Path

from evolve.fitness import CachedMap, evaluate, make_target
from evolve.run import DEFAULT_FAMILY, DEFAULT_OPPONENT, RunOutcome, continue_run, start_run
from evolve.settings import ALGORITHMS, Settings
from hog import exact
from hog.rules import RULE_SETS
from results.store import open_store
from strategies import library
from strategies.families import get_family
from strategies.spec import resolve_spec
from strategies.table import StrategyTable

GOAL = 100
#: The run settings the command line sets (the others keep their defaults).
SETTINGS_OPTIONS = ("population", "generations", "elite", "step", "initial", "algorithm")
#: Built-ins that are not the course's named strategies.
NOT_NAMED = ("always_roll", "perfect", "final_strategy", "best_response")


def best_named(rules: str, opponent: StrategyTable) -> tuple[str, float]:
    """The course's named strategy (default parameters) that does best against OPPONENT."""
    rates = {
        name: exact.win_probabilities(builtin.table(rules, GOAL).table, opponent.table, rules).rate
        for name, builtin in library.builtins(rules).items()
        if name not in NOT_NAMED
    }
    name = max(rates, key=lambda key: rates[key])
    return name, rates[name]


def evolve_once(
    db: str, rules: str, family: str, settings: Settings, seed: int, jobs: int, opponent: str
) -> RunOutcome:
    """One run against OPPONENT with these settings, stored in DB."""
    with open_store(db) as store:
        run = start_run(store, rules, GOAL, family=family, opponent=opponent, settings=settings, seed=seed)
        return continue_run(store, run.id, jobs=jobs)


def random_search(rules: str, family: str, opponent: StrategyTable, evaluations: int, seed: int, jobs: int) -> float:
    """The best win rate against OPPONENT of EVALUATIONS genomes drawn uniformly within FAMILY's bounds."""
    rng = random.Random(f"random search {seed}")
    bounds = [(p.low, p.high) for p in get_family(family).parameters]
    genomes = [[rng.randint(low, high) for low, high in bounds] for _ in range(evaluations)]
    target = make_target(family, [opponent])
    return max(value for (value,) in CachedMap(jobs=jobs)(partial(evaluate, target), genomes))


def spread(values: list[float], worst: str = "min") -> str:
    """Mean and worst of VALUES (worst: the smallest, or the largest with WORST="max")."""
    pick = min(values) if worst == "min" else max(values)
    return f"{sum(values) / len(values):7.2f} {pick:6.2f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", nargs="*", default=list(RULE_SETS), choices=list(RULE_SETS))
    parser.add_argument("--family", default=DEFAULT_FAMILY)
    parser.add_argument("--seeds", nargs="*", type=int, default=[0, 1, 2])
    parser.add_argument("--population", type=int, default=Settings.population)
    parser.add_argument("--generations", type=int, default=Settings.generations)
    parser.add_argument("--elite", type=int, default=Settings.elite)
    parser.add_argument("--step", type=float, default=Settings.step)
    parser.add_argument("--initial", type=int, default=Settings.initial)
    parser.add_argument("--algorithm", default=Settings.algorithm, choices=ALGORITHMS)
    parser.add_argument("--jobs", type=int, default=-1)
    parser.add_argument("--no-perfect", action="store_true", help="skip the runs against perfect")
    parser.add_argument(
        "--smoke",
        action="store_true",
        help="a few seconds: square_swine, seed 0, population 8, 2 generations, in this process (--jobs 1)",
    )
    args = parser.parse_args()
    if args.smoke:
        args.rules, args.seeds, args.population, args.generations = ["square_swine"], [0], 8, 2
        args.initial, args.jobs = 1, 1
    settings = Settings(**{name: getattr(args, name) for name in SETTINGS_OPTIONS})

    print(f"{args.family} family, goal {GOAL}; {settings}; seeds {args.seeds}; jobs {args.jobs}")
    print("points: gap below the best response to always_roll(6), margin over random search; mean and worst")
    print(
        f"{'rule set':13} {'best resp':>9} {'best named strategy':>36} {'gap mean':>8} {'worst':>6} "
        f"{'margin':>7} {'worst':>6} {'v perfect':>9} {'worst':>6} {'seconds':>7}"
    )
    found = {}
    with tempfile.TemporaryDirectory() as folder:
        db = f"sqlite:///{Path(folder) / 'evolve_quality.db'}"
        for rules in args.rules:
            start = time.perf_counter()
            opponent = resolve_spec(DEFAULT_OPPONENT, rules, GOAL)
            ceiling = exact.best_response(opponent.table, rules).rate
            name, named_rate = best_named(rules, opponent)
            gaps, margins, perfect = [], [], []
            for seed in args.seeds:
                outcome = evolve_once(db, rules, args.family, settings, seed, args.jobs, DEFAULT_OPPONENT)
                assert outcome.win_rate is not None
                found[(rules, seed, DEFAULT_OPPONENT)] = f"{outcome.win_rate:.6f} with {outcome.params}"
                evaluations = sum(record["evals"] for record in outcome.state.logbook)
                searched = random_search(rules, args.family, opponent, evaluations, seed, args.jobs)
                gaps.append(100 * (ceiling - outcome.win_rate))
                margins.append(100 * (outcome.win_rate - searched))
                found[(rules, seed, "random search")] = f"{searched:.6f} best of {evaluations} genomes"
                if not args.no_perfect:
                    against = evolve_once(db, rules, args.family, settings, seed, args.jobs, "perfect")
                    assert against.win_rate is not None
                    found[(rules, seed, "perfect")] = f"{against.win_rate:.6f} with {against.params}"
                    perfect.append(against.win_rate)
            against_perfect = (
                f"{sum(perfect) / len(perfect):9.4f} {min(perfect):6.4f}" if perfect else f"{'-':>9} {'-':>6}"
            )
            print(
                f"{rules:13} {ceiling:9.6f} {name:>26} {named_rate:9.6f} {spread(gaps, 'max')} "
                f"{spread(margins)} {against_perfect} {time.perf_counter() - start:7.1f}",
                flush=True,
            )
    print("\nper seed: the evolved win rate and parameters, and random search's best:")
    for (rules, seed, against), result in found.items():
        print(f"  {rules:13} seed {seed} {against:15} {result}")


if __name__ == "__main__":
    main()
