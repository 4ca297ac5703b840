"""``hog play`` driven through a pseudo-terminal, as a person would.

Timeouts only bound waits (for a prompt, for the end): they are generous so
that a loaded machine is slow, not failing.
"""

from __future__ import annotations

import importlib
import io
import json
import random
import re
import subprocess
import sys
from contextlib import redirect_stdout
from itertools import cycle
from pathlib import Path

import pexpect
import pytest
from child_process import hog_command

from hog import game as reference
from hog.dice import make_fair_dice
from strategies.spec import resolve_spec

PROMPT = r"how many dice will you roll \(0-10\)\? "
SCORE = re.compile(r"^Score: Player 0 \(.*?\) (\d+), Player 1 \(.*?\) (\d+)\r?$", re.M)
#: What the human types, turn after turn.
TYPED = (5, 0, 3, 10, 2, 7, 4, 0, 6, 1)
#: Rule sets whose course module (hog.cs61a) the game is checked against:
#: scores after every turn, and the commentary of those WITH_COMMENTARY.
COURSE_RULES = ("more_boar", "hog_pile", "swine_swap", "square_swine", "swine_align")
WITH_COMMENTARY = ("more_boar", "hog_pile", "swine_align")


#: Seconds any one wait may take.
TIMEOUT = 300


def hog(*args: str, cwd: Path) -> pexpect.spawn:
    """``hog play ARGS`` in a pseudo-terminal; Ctrl-C reaches it as at a terminal (``tests/child_process.py``)."""
    python, *command = hog_command("play", *args)
    child = pexpect.spawn(
        python,
        command,
        cwd=str(cwd),
        encoding="utf-8",
        timeout=TIMEOUT,
        dimensions=(50, 200),
        env={"PATH": "/usr/bin:/bin", "HOG_DB": str(cwd / "hog.db")},
    )
    child.logfile_read = io.StringIO()
    return child


def screen(child: pexpect.spawn) -> str:
    return child.logfile_read.getvalue()


def typed_strategy():
    """The human's choices as a strategy for the reference game (called once per turn)."""
    counts = cycle(TYPED)
    return lambda score, opponent_score: next(counts)


def reference_game(rules: str, strategy0, strategy1, seed: int):
    """Final scores, the scores after every turn and the commentary of hog.game.play."""
    after_each: list[tuple[int, int]] = []
    printed = io.StringIO()

    def record(score0: int, score1: int):
        after_each.append((score0, score1))
        return record

    say = record
    if rules in WITH_COMMENTARY:
        course = importlib.import_module(f"hog.cs61a.{rules}")
        highest = course.both(course.announce_highest(0), course.announce_highest(1))
        commentary = course.both(course.announce_lead_changes(), highest)
        say = course.both(record, commentary)
    with redirect_stdout(printed):
        final = reference.play(strategy0, strategy1, rules, dice=make_fair_dice(6, random.Random(seed)), say=say)
    return final, after_each, printed.getvalue().splitlines()


@pytest.mark.parametrize("rules", COURSE_RULES)
def test_a_full_game_against_the_final_strategy(rules: str, tmp_path: Path) -> None:
    seed = 11
    child = hog("--rules", rules, "--seed", str(seed), "--delay", "0", cwd=tmp_path)
    typed = cycle(TYPED)
    while child.expect([PROMPT, pexpect.EOF]) == 0:
        child.sendline(str(next(typed)))
    child.close()
    assert child.exitstatus == 0, screen(child)

    computer = resolve_spec("final_strategy", rules)
    final, after_each, commentary = reference_game(rules, typed_strategy(), computer, seed)
    text = screen(child)
    assert [tuple(map(int, m)) for m in SCORE.findall(text)] == after_each
    winner = "Player 0 (you)" if final[0] > final[1] else "Player 1 (final_strategy)"
    assert f"{winner} wins, {final[0]}-{final[1]}!" in text
    assert re.findall(r"^  > (.*?)\r?$", text, re.M) == commentary
    if rules in WITH_COMMENTARY:
        assert commentary
    for line in re.findall(r"^Player \d \(.*?\) rolls \d+ dice?: (.*?)  ->  (\d+) points?\r?$", text, re.M):
        outcomes = [int(o) for o in line[0].split()]
        assert int(line[1]) == (1 if 1 in outcomes else sum(outcomes))


def test_a_bad_entry_asks_again_with_the_range(tmp_path: Path) -> None:
    child = hog("--seed", "3", "--delay", "0", "always_roll(4)", cwd=tmp_path)
    child.expect("Player 0 \\(you\\), " + PROMPT)
    for bad in ("eleven", "11", "-1", "", "2.5", "\u00b2"):
        child.sendline(bad)
        child.expect("ype a whole number from 0 to 10")
        child.expect(PROMPT)
    child.sendline("3")
    child.expect(r"Player 0 \(you\) rolls 3 dice: (\d) (\d) (\d)")
    child.expect(PROMPT)
    child.sendeof()
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_end_of_input_leaves_with_the_score(tmp_path: Path) -> None:
    child = hog("--rules", "hog_pile", "--seed", "5", "--delay", "0", "always_roll(5)", cwd=tmp_path)
    for count in ("4", "0"):
        child.expect(PROMPT)
        child.sendline(count)
    child.expect(PROMPT)
    child.sendeof()
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    text = screen(child)
    last = SCORE.findall(text)[-1]
    assert f"Game left at {last[0]}-{last[1]}" in text
    assert "Traceback" not in text


def test_ctrl_c_leaves_with_the_score(tmp_path: Path) -> None:
    child = hog("--seed", "5", "--delay", "0", "always_roll(5)", cwd=tmp_path)
    child.expect("Player 0 \\(you\\), " + PROMPT)
    child.sendline("2")
    child.expect(r"Player 0 \(you\) rolls 2 dice")
    child.expect("Player 0 \\(you\\), " + PROMPT)  # the next turn's question: the game waits for an answer
    child.sendintr()
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130
    text = screen(child)
    last = SCORE.findall(text)[-1]
    assert f"Game left at {last[0]}-{last[1]}" in text
    assert "Traceback" not in text


def first_rolls(child: pexpect.spawn) -> str:
    """The human's first roll of six dice, then leave."""
    child.expect(PROMPT)
    child.sendline("6")
    child.expect(r"rolls 6 dice: ([\d ]+)  ->")
    rolled = child.match.group(1)
    child.sendeof()
    child.expect(pexpect.EOF)
    return rolled


def test_without_a_seed_the_seed_is_shown_and_replays_the_dice(tmp_path: Path) -> None:
    child = hog("always_roll(4)", cwd=tmp_path)
    child.expect(r"Dice seed (\d+) ")
    seed = child.match.group(1)
    rolled = first_rolls(child)
    assert first_rolls(hog("--seed", seed, "always_roll(4)", cwd=tmp_path)) == rolled


def test_two_people_take_turns(tmp_path: Path) -> None:
    child = hog("--humans", "2", "--rules", "swine_swap", "--seed", "8", cwd=tmp_path)
    child.expect("Player 0, " + PROMPT)
    child.sendline("3")
    child.expect(r"Player 0 rolls 3 dice")
    child.expect("Player 1, " + PROMPT)
    child.sendline("q")
    child.expect("Game left at")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_the_strategy_can_move_first(tmp_path: Path) -> None:
    child = hog("--first", "strategy", "--seed", "2", "--delay", "0", "always_roll(6)", cwd=tmp_path)
    child.expect(r"Player 0 \(always_roll\(6\)\) moves first")
    child.expect(r"Player 0 \(always_roll\(6\)\) rolls 6 dice")
    child.expect("Player 1 \\(you\\), " + PROMPT)
    child.sendeof()
    child.expect(pexpect.EOF)


@pytest.mark.parametrize("rules", ["more_boar", "square_swine"])
def test_watching_two_strategies(rules: str, tmp_path: Path) -> None:
    child = hog(
        "--watch",
        "always_roll(3)",
        "catch_up" if rules == "square_swine" else "always_roll(7)",
        "--rules",
        rules,
        "--seed",
        "21",
        "--delay",
        "0",
        cwd=tmp_path,
    )
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    b = (lambda s, o: 6 if s < o else 5) if rules == "square_swine" else (lambda s, o: 7)
    final, after_each, _ = reference_game(rules, lambda s, o: 3, b, 21)
    assert [tuple(map(int, m)) for m in SCORE.findall(screen(child))] == after_each
    assert f"wins, {final[0]}-{final[1]}!" in screen(child)


def test_json_prints_the_game_record_alone(tmp_path: Path) -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "hog_arena.cli.main",
            "play",
            "--json",
            "--watch",
            "always_roll(4)",
            "always_roll(2)",
            "--delay",
            "0",
            "--seed",
            "4",
            "--rules",
            "swine_align",
        ],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=TIMEOUT,
        stdin=subprocess.DEVNULL,
    )
    assert done.returncode == 0, done.stderr
    record = json.loads(done.stdout)
    final, after_each, _ = reference_game("swine_align", lambda s, o: 4, lambda s, o: 2, 4)
    assert tuple(record["scores"]) == final and record["over"] and not record["left"]
    assert [tuple(turn["scores_after"]) for turn in record["history"]] == after_each
    assert "wins" in done.stderr


def test_bad_choices_are_one_line_errors(tmp_path: Path) -> None:
    run = lambda *args: subprocess.run(  # noqa: E731
        [sys.executable, "-m", "hog_arena.cli.main", "play", *args],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=TIMEOUT,
        stdin=subprocess.DEVNULL,
    )
    unknown = run("no_such_strategy")
    assert unknown.returncode == 1 and unknown.stderr.startswith("hog: error: unknown strategy 'no_such_strategy'")
    both = run("--humans", "2", "--watch", "always_roll(1)", "always_roll(2)")
    assert both.returncode == 2 and "--watch" in both.stderr and len(both.stderr.strip().splitlines()) == 1


def test_piped_answers_are_echoed_one_line_per_prompt(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "hog_arena.cli.main", "play", "always_roll(4)", "--delay", "0", "--seed", "3"],
        input="5\nseven\n0\nq\n",
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=TIMEOUT,
    )
    assert done.returncode == 0, done.stderr
    asked = [line for line in done.stdout.splitlines() if re.search(PROMPT, line)]
    assert [re.split(PROMPT, line)[1] for line in asked] == ["5", "seven", "0", "q"]
    assert "'seven' is not a number of dice" in done.stdout.splitlines()[done.stdout.splitlines().index(asked[1]) + 1]
