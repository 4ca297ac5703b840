"""``hog play --coach``: each of the player's choices judged against the
plain reference's chances (``tests/coach_reference.py``), and the costliest
listed at the end; one line for a game it cannot coach."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
from coach_reference import coach_reference

from strategies.spec import resolve_spec

RULES, GOAL, TYPED = "sus_fuss", 30, 5
#: Seconds any one game may take.
TIMEOUT = 300
COACH = re.compile(
    r"^  Coach: rolling (\d+) here wins ([\d.]+)%(?:: the best choice|; the best, (\d+), wins ([\d.]+)%)$"
)
SCORE = re.compile(r"^Score: Player 0 \(you\) (\d+), Player 1 \(.*?\) (\d+)$")


def play(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """``hog play ARGS``, the player typing TYPED at every question."""
    return subprocess.run(
        [sys.executable, "-m", "hog_arena.cli.main", "play", *args],
        input=f"{TYPED}\n" * 60,
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=TIMEOUT,
    )


def best_of(chances: list[float]) -> int:
    """The fewest dice within 1e-12 of the best chance."""
    return next(n for n, chance in enumerate(chances) if chance >= max(chances) - 1e-12)


def test_each_choice_is_judged_exactly_and_the_costliest_are_listed(tmp_path: Path) -> None:
    opponent = "always_roll(4)"
    done = play(opponent, "--coach", "--seed", "3", "--delay", "0", "--rules", RULES, "--goal", str(GOAL), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    student = np.full((GOAL, GOAL), TYPED, dtype=np.int8)
    reference = coach_reference(RULES, student, resolve_spec(opponent, RULES, GOAL).table)["values"]
    scores, judged = (0, 0), []
    for line in done.stdout.splitlines():
        if found := SCORE.match(line):
            scores = (int(found[1]), int(found[2]))
        elif found := COACH.match(line):
            chances = reference[scores]
            best = best_of(chances)
            assert int(found[1]) == TYPED and found[2] == f"{chances[TYPED] * 100:.1f}"
            if found[3] is None:
                assert best == TYPED
            else:
                assert (int(found[3]), found[4]) == (best, f"{chances[best] * 100:.1f}")
            judged.append((chances[best] - chances[TYPED], scores, best))
    assert len(judged) == done.stdout.count("Player 0 (you), how many dice")
    summary = done.stdout.split("Coach: your costliest choices")[1].splitlines()[1:]
    costliest = sorted((j for j in judged if j[0] > 1e-12), key=lambda j: -j[0])[:3]
    assert len(summary) == len(costliest) > 0
    for line, (cost, (s, o), best) in zip(summary, costliest, strict=True):
        assert line.startswith(f"  at {s}-{o} you rolled {TYPED} (") and f"rolling {best} wins" in line
        assert line.endswith(f", {cost * 100:.1f} points more")


def test_the_json_record_has_every_choice(tmp_path: Path) -> None:
    done = play("always_roll(6)", "--coach", "--json", "--seed", "8", "--delay", "0", "--goal", str(GOAL), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    record = json.loads(done.stdout)
    assert len(record["coach"]) == done.stderr.count("  Coach: rolling")
    for choice in record["coach"]:
        assert choice["num_rolls"] == TYPED and choice["cost"] == choice["best_chance"] - choice["chance"]


def test_games_it_cannot_coach_are_one_line(tmp_path: Path) -> None:
    watched = play("--coach", "--watch", "always_roll(1)", "always_roll(2)", cwd=tmp_path)
    assert watched.returncode == 2 and "--coach is for a game of yours" in watched.stderr
    assert len(watched.stderr.strip().splitlines()) == 1
    memory = play("always_roll(4)", "--coach", "--rules", "fa19", "--goal", "20", cwd=tmp_path)
    assert memory.returncode == 1
    assert memory.stderr.strip() == (
        "hog: error: --coach needs rules whose state is the two scores; "
        "under fa19 a choice's chance also depends on each player's memory"
    )
