"""How good evolved strategies are against always_roll(6), and how long runs take.

For every rule set: the best of the course's named strategies with their
default parameters, a ``hog evolve`` run with the default settings for each
family asked for (stored in a temporary database), and the exact best
response, the ceiling. Win rates are exact; gaps are in percentage points
below the best response; seconds are wall time of the whole run (workers'
start included). Each family of ``--versus-perfect`` is also evolved
against ``perfect``: its exact win rate against perfect play and seconds.

    python benchmarks/evolve_quality.py [--rules R ...] [--families F ...]
        [--versus-perfect F ...] [--seed S] [--population N] [--generations N] [--jobs J]
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from evolve.run import DEFAULT_FAMILY, DEFAULT_OPPONENT, RunOutcome, continue_run, start_run
from evolve.settings import Settings
from hog import exact
from hog.rules import RULE_SETS
from results.store import open_store
from strategies import library
from strategies.spec import resolve_spec

GOAL = 100
#: Built-ins that are not the course's named strategies.
NOT_NAMED = ("always_roll", "perfect", "final_strategy", "best_response")


def best_named(rules: str, opponent) -> tuple[str, float]:
    """The course's named strategy (default parameters) that does best against OPPONENT."""
    rates = {
        name: exact.win_probabilities(builtin.table(rules, GOAL).table, opponent.table, rules).rate
        for name, builtin in library.builtins(rules).items()
        if name not in NOT_NAMED
    }
    name = max(rates, key=rates.get)
    return name, rates[name]


def evolve_once(
    db: str, rules: str, family: str, settings: Settings, seed: int, jobs: int, opponent: str = DEFAULT_OPPONENT
) -> tuple[RunOutcome, float]:
    """One run against OPPONENT with these settings, stored in DB, and its wall time."""
    start = time.perf_counter()
    with open_store(db) as store:
        run = start_run(store, rules, GOAL, family=family, opponent=opponent, settings=settings, seed=seed)
        outcome = continue_run(store, run.id, jobs=jobs)
    return outcome, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", nargs="*", default=list(RULE_SETS), choices=list(RULE_SETS))
    parser.add_argument("--families", nargs="*", default=[DEFAULT_FAMILY, "lead", "lookahead"])
    parser.add_argument(
        "--versus-perfect", nargs="*", default=["lookahead"], help="families also evolved against perfect"
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--population", type=int, default=Settings.population)
    parser.add_argument("--generations", type=int, default=Settings.generations)
    parser.add_argument("--jobs", type=int, default=-1)
    args = parser.parse_args()
    settings = Settings(population=args.population, generations=args.generations)

    print(f"against {DEFAULT_OPPONENT}, goal {GOAL}; {settings}; seed {args.seed}; jobs {args.jobs}")
    columns = "".join(f" {family:>9} {'gap pp':>6} {'seconds':>7}" for family in args.families)
    columns += "".join(f" {family[:4] + ' v perf':>11} {'seconds':>7}" for family in args.versus_perfect)
    print(f"{'rule set':13} {'best named strategy':>36} {'gap pp':>6}{columns} {'best resp':>9}")
    found = {}
    with tempfile.TemporaryDirectory() as folder:
        db = f"sqlite:///{Path(folder) / 'evolve_quality.db'}"
        for rules in args.rules:
            opponent = resolve_spec(DEFAULT_OPPONENT, rules, GOAL)
            ceiling = exact.best_response(opponent.table, rules).rate
            name, named_rate = best_named(rules, opponent)
            row = f"{rules:13} {name:>26} {named_rate:9.6f} {100 * (ceiling - named_rate):6.2f}"
            for family in args.families:
                outcome, seconds = evolve_once(db, rules, family, settings, args.seed, args.jobs)
                found[(rules, family)] = outcome.params
                row += f" {outcome.win_rate:9.6f} {100 * (ceiling - outcome.win_rate):6.2f} {seconds:7.1f}"
            for family in args.versus_perfect:
                outcome, seconds = evolve_once(db, rules, family, settings, args.seed, args.jobs, "perfect")
                found[(rules, f"{family} v perfect")] = outcome.params
                row += f" {outcome.win_rate:11.6f} {seconds:7.1f}"
            print(f"{row} {ceiling:9.6f}", flush=True)
    print("\nevolved parameters:")
    for (rules, family), params in found.items():
        print(f"  {rules:13} {family:17} {params}")


if __name__ == "__main__":
    main()
