"""Tables with -1 (Pork Chop): accepted where the rule set offers it (fa16),
refused elsewhere in one line naming the score pair and fa16.

The table type and its formats, the sandbox check of strategy files, the
store, ``hog show``, the heat map, the terminal game and the web pages."""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys

import numpy as np
import pytest
from fastapi.testclient import TestClient
from matplotlib.image import imread

from hog import game as reference
from hog.dice import make_fair_dice
from hog.interactive import Game
from hog_arena.cli.main import main
from hog_arena.web.app import create_app
from results.store import open_store
from strategies.heatmap import COLOURS, PORK_CHOP_COLOUR, heatmap_figure, heatmap_png
from strategies.loader import Limits, SubmissionError, load_file
from strategies.table import InvalidTable, StrategyTable, choice_character, validate_table

MB = 1 << 20
FAST = Limits(cpu_seconds=2, wall_seconds=30, memory_bytes=256 * MB)
#: What a refusal of -1 adds under a rule set without Pork Chop.
ONLY_FA16 = " (-1, Pork Chop, is a choice only in fa16)"
#: The refusal of a -1 at (3, 4) under a rule set without Pork Chop.
REFUSED = f"value -1 at score 3, opponent score 4 is out of range 0..10{ONLY_FA16}"
CHOPS = """\
def final_strategy(score, opponent_score):
    if (score, opponent_score) == (3, 4) or score == 60:
        return -1
    return 10 if score < 20 else 4
"""


def chop_values(goal: int = 100) -> np.ndarray:
    """A table with -1 at (3, 4) and on the row of score 60, else 10 or 4 dice (what CHOPS returns)."""
    values = np.full((goal, goal), 4, dtype=np.int8)
    values[:20] = 10
    values[3, 4] = -1
    values[60] = -1
    return values


def hog(capsys, *args):
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def assert_one_line_error(code, out, err, *words):
    assert (code, out) == (1, "")
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("hog: error: "), err
    for word in words:
        assert word in lines[0]


# --- the table type -----------------------------------------------------------------


def test_validate_table_takes_the_choices():
    values = chop_values().tolist()
    assert validate_table(values, 100, range(-1, 11))[3, 4] == -1
    with pytest.raises(InvalidTable) as caught:
        validate_table(values, 100)
    assert str(caught.value) == REFUSED
    with pytest.raises(InvalidTable, match=r"^value -2 at score 0, opponent score 0 is out of range -1\.\.10$"):
        validate_table([[-2]], 1, range(-1, 11))
    with pytest.raises(InvalidTable, match=r"^value 1\.5 at score 0, opponent score 0 is not an integer -1\.\.10$"):
        validate_table([[1.5]], 1, range(-1, 11))


def test_a_table_with_minus_one_is_a_fa16_table_only():
    table = StrategyTable(chop_values(), "fa16", "chops")
    assert table(3, 4) == -1 and table(3, 5) == 10 and table.table.dtype == np.int8
    assert StrategyTable(chop_values(), "Fa16", "chops")(60, 0) == -1  # a semester code reads as its rule set
    for rules in ("sp17", "su17", "sus_fuss", "hefty_hogs"):
        with pytest.raises(InvalidTable) as caught:
            StrategyTable(chop_values(), rules, "chops")
        assert str(caught.value) == REFUSED


def test_from_function_and_json_round_trip_minus_one():
    table = StrategyTable.from_function(lambda s, o: -1 if (s, o) == (3, 4) else 0, "fa16", goal=10)
    assert table(3, 4) == -1 and table(4, 3) == 0
    chops = StrategyTable(chop_values(), "fa16", "chops")
    text = chops.to_json()
    assert json.loads(text)[3][4] == -1
    assert StrategyTable.from_json(text, "fa16", "again") == chops
    with pytest.raises(InvalidTable) as caught:
        StrategyTable.from_json(text, "sp17", "again")
    assert str(caught.value) == REFUSED
    with pytest.raises(InvalidTable) as caught:
        StrategyTable.from_function(lambda s, o: -1 if (s, o) == (3, 4) else 0, "sp17", goal=10)
    assert str(caught.value) == REFUSED


def test_python_source_round_trips_minus_one():
    chops = StrategyTable(chop_values(), "fa16", "chops")
    source = chops.to_python_source()
    assert '    "44444444444444444444' in source and '\n    "' + "-" * 100 + '",\n' in source
    assert '"-" for -1 (Pork Chop)' in source
    namespace: dict = {}
    exec(compile(source, "chops.py", "exec"), namespace)
    values = [[namespace["final_strategy"](s, o) for o in range(100)] for s in range(100)]
    assert values == chop_values().tolist()


def test_python_source_of_other_rule_sets_is_as_before():
    """Byte for byte what it was before -1 was a value: the base-11 digits and int(c, 11)."""
    values = np.arange(16, dtype=np.int8).reshape(4, 4) % 11
    source = StrategyTable(values, "sp17", "ramp", params={"n": 1}).to_python_source()
    sha = StrategyTable(values, "sp17", "ramp").sha256
    assert source == (
        "# Hog strategy 'ramp', generated by Hog Arena.\n"
        '# rules: sp17; goal: 4; origin: builtin; parameters: {"n": 1}\n'
        f"# sha256: {sha}\n"
        "# Row SCORE, column OPPONENT_SCORE holds the number of dice to roll,\n"
        '# written in base 11 ("A" is 10).\n\n'
        '_FINAL_STRATEGY_ROWS = (\n    "0123",\n    "4567",\n    "89A0",\n    "1234",\n)\n\n\n'
        "def final_strategy(score, opponent_score):\n"
        '    """Return the number of dice to roll (0..10) at these scores."""\n'
        "    goal = len(_FINAL_STRATEGY_ROWS)\n"
        '    assert 0 <= score < goal and 0 <= opponent_score < goal, "The game should be over."\n'
        "    return int(_FINAL_STRATEGY_ROWS[score][opponent_score], 11)\n"
    )


def test_choice_character_refuses_what_is_not_a_choice():
    assert [choice_character(v) for v in (-1, 0, 10)] == ["-", "0", "A"]
    for value in (-2, 11):
        with pytest.raises(ValueError):
            choice_character(value)


# --- strategy files in the sandbox ----------------------------------------------------


def test_a_fa16_file_returning_minus_one_becomes_a_table_with_minus_one(tmp_path):
    path = tmp_path / "chops.py"
    path.write_text(CHOPS)
    table = load_file(path, "fa16", limits=FAST)
    assert np.array_equal(table.table, chop_values()) and table.rules == "fa16"


def test_other_rule_sets_refuse_a_file_returning_minus_one_in_one_line(tmp_path):
    path = tmp_path / "chops.py"
    path.write_text(CHOPS)
    for rules in ("sp17", "su17"):
        with pytest.raises(SubmissionError) as caught:
            load_file(path, rules, limits=FAST)
        assert str(caught.value) == (
            "chops.py: final_strategy(3, 4) returned -1, not an integer 0..10 (-1, Pork Chop, is a choice only in fa16)"
        )


def test_a_fa16_file_returning_minus_two_is_refused(tmp_path):
    path = tmp_path / "low.py"
    path.write_text("def final_strategy(score, opponent_score):\n    return -1 if score < 50 else -2\n")
    with pytest.raises(SubmissionError) as caught:
        load_file(path, "fa16", limits=FAST)
    assert str(caught.value) == "low.py: final_strategy(50, 0) returned -2, not an integer -1..10"


def test_exported_fa16_source_comes_back_through_the_sandbox(tmp_path):
    chops = StrategyTable(chop_values(), "fa16", "chops")
    path = tmp_path / "exported.py"
    path.write_text(chops.to_python_source(), encoding="utf-8")
    assert load_file(path, "fa16", limits=FAST) == chops


def test_a_fa16_json_file_with_minus_one(tmp_path):
    path = tmp_path / "chops.json"
    path.write_text(json.dumps(chop_values().tolist()))
    assert load_file(path, "fa16")(3, 4) == -1
    with pytest.raises(SubmissionError) as caught:
        load_file(path, "fa21")
    assert str(caught.value) == f"chops.json: {REFUSED}"


# --- the store and the command line ------------------------------------------------------------


def test_hog_submit_stores_minus_one_and_reads_it_back(capsys, tmp_path):
    db, path = tmp_path / "arena.db", tmp_path / "chops.py"
    path.write_text(CHOPS)
    code, out, err = hog(capsys, "submit", path, "--rules", "fa16", "--db", db, "--json")
    assert (code, err) == (0, "")
    with open_store(str(db)) as store:
        stored = store.get_strategy(json.loads(out)["id"], "fa16", 100)
    assert np.array_equal(stored.table, chop_values())


def test_hog_submit_refuses_minus_one_elsewhere_and_stores_nothing(capsys, tmp_path):
    db, path = tmp_path / "arena.db", tmp_path / "chops.py"
    path.write_text(CHOPS)
    code, out, err = hog(capsys, "submit", path, "--rules", "sp17", "--db", db)
    assert_one_line_error(code, out, err, "final_strategy(3, 4) returned -1", "only in fa16")
    assert not db.exists()


def test_hog_show_prints_minus_one_as_a_dash(capsys, tmp_path):
    path = tmp_path / "chops.json"
    path.write_text(json.dumps(chop_values().tolist()))
    code, out, err = hog(capsys, "show", path, "--rules", "fa16")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[3] == "dice per score pair (row: score, column: opponent score; A = 10, - = -1 (Pork Chop)):"
    assert lines[4 + 99 - 60] == "60 " + "-" * 100
    assert lines[4 + 99 - 3] == " 3 AAAA-" + "A" * 95
    code, out, err = hog(capsys, "show", path, "--rules", "fa16", "--json")
    assert (code, err) == (0, "") and json.loads(out)["table"][3][4] == -1


def test_hog_show_of_other_rule_sets_is_as_before(capsys, tmp_path):
    path = tmp_path / "tens.json"
    path.write_text(json.dumps([[10] * 100 for _ in range(100)]))
    code, out, err = hog(capsys, "show", path, "--rules", "sp17")
    assert (code, err) == (0, "")
    assert out.splitlines()[3] == "dice per score pair (row: score, column: opponent score; A = 10):"
    assert out.splitlines()[4] == "99 " + "A" * 100


def test_hog_show_refuses_minus_one_elsewhere_in_one_line(capsys, tmp_path):
    path, png = tmp_path / "chops.json", tmp_path / "chops.png"
    path.write_text(json.dumps(chop_values().tolist()))
    code, out, err = hog(capsys, "show", path, "--rules", "sp17", "--png", png)
    assert_one_line_error(code, out, err, REFUSED)
    assert not png.exists()


# --- the heat map ---------------------------------------------------------------------------------


def legend_labels(figure) -> list[str]:
    return [text.get_text() for legend in figure.legends for text in legend.get_texts()]


def test_the_heat_map_draws_minus_one_in_its_own_colour(tmp_path):
    table = StrategyTable(chop_values(), "fa16", "chops")
    labels = legend_labels(heatmap_figure(table))
    assert labels[0] == "-1 Pork Chop   1.0%" and labels[1] == " 0 dice         -"
    assert labels[11] == "10 dice       20.0%" and len(labels) == 12
    pixels = imread(io.BytesIO(heatmap_png(table)), format="png")[..., :3]
    magenta = np.array([int(PORK_CHOP_COLOUR[k : k + 2], 16) / 255 for k in (1, 3, 5)])
    found = np.all(np.abs(pixels - magenta) < 0.01, axis=-1)
    assert found.sum() > 1000  # the row of score 60, and the legend's patch
    ten = np.array([int(COLOURS[10][k : k + 2], 16) / 255 for k in (1, 3, 5)])
    assert np.all(np.abs(pixels - ten) < 0.01, axis=-1).sum() > 1000


def test_the_heat_map_of_other_rule_sets_has_no_pork_chop():
    table = StrategyTable(np.full((100, 100), 4, dtype=np.int8), "sp17", "fours")
    labels = legend_labels(heatmap_figure(table))
    assert len(labels) == 11 and labels[0] == " 0 dice    -" and labels[4] == " 4 dice  100.0%"


# --- the terminal game -------------------------------------------------------------------------


def test_the_game_engine_takes_minus_one_under_fa16_only():
    game = Game("fa16", seed=1)
    assert game.choices == range(-1, 11)
    report = game.take_turn(-1)
    assert (report.num_rolls, report.outcomes, report.points, report.scores_after) == (-1, (), 1, (1, 0))
    assert report.events == ("Pork Chop: 1 point for choosing -1", "Pork Chop: the dice are now four-sided")
    assert game.take_turn(-1).events[-1] == "Pork Chop: the dice are now six-sided"
    with pytest.raises(
        ValueError, match=r"^number of dice must be an integer from -1 to 10 \(-1: Pork Chop\), not -2$"
    ):
        game.take_turn(-2)
    with pytest.raises(
        ValueError,
        match=r"^number of dice must be an integer from 0 to 10 \(-1, Pork Chop, is a choice only in fa16\), not -1$",
    ):
        Game("sp17", seed=1).take_turn(-1)


def test_the_game_engine_plays_fa16_as_the_reference_game():
    """Hog Wild's re-rolls, When Pigs Fly and the exchanged dice: the same scores as hog.game.play."""
    strategies = (lambda s, o: -1 if (s + o) % 3 == 0 else 6, lambda s, o: 10 if s % 2 else -1)
    for seed in range(5):
        game, after_each = Game("fa16", seed=seed), []
        while not game.over:
            score, opponent = game.scores if game.who == 0 else game.scores[::-1]
            after_each.append(game.take_turn(strategies[game.who](score, opponent)).scores_after)
        rng = random.Random(seed)
        played: list[tuple[int, int]] = []

        def say(score0, score1, played=played):
            played.append((score0, score1))
            return say

        final = reference.play(
            *strategies,
            "fa16",
            dice=make_fair_dice(6, rng),
            dice_of=lambda sides, rng=rng: make_fair_dice(sides, rng),
            say=say,
        )
        assert after_each == played and game.scores == final


def play_cli(*args: str, typed: str = "") -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "hog_arena.cli.main", "play", "--delay", "0", *args],
        input=typed,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_hog_play_lets_a_person_choose_pork_chop_under_fa16(tmp_path):
    path = tmp_path / "chops.json"
    path.write_text(json.dumps(chop_values().tolist()))
    done = play_cli(str(path), "--rules", "fa16", "--seed", "3", typed="-1\n11\nq\n")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    prompt = "Player 0 (you), how many dice will you roll (0-10, or -1 for Pork Chop)? "
    assert lines[4] == prompt + "-1"
    assert lines[5:8] == [
        "Player 0 (you) chooses -1 (Pork Chop)  ->  1 point",
        "  * Pork Chop: 1 point for choosing -1",
        "  * Pork Chop: the dice are now four-sided",
    ]
    assert (
        "'11' is not a number of dice: type a whole number from 0 to 10, or -1 for Pork Chop (or q to leave)." in lines
    )


def test_hog_play_refuses_minus_one_elsewhere_as_before():
    done = play_cli("always_roll(4)", "--rules", "sp17", "--seed", "3", typed="-1\nq\n")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[4] == "Player 0 (you), how many dice will you roll (0-10)? -1"
    assert lines[5] == "'-1' is not a number of dice: type a whole number from 0 to 10 (or q to leave)."
    assert "Pork Chop" not in done.stdout


def test_hog_play_watches_a_table_choosing_pork_chop(tmp_path):
    table = StrategyTable.from_function(lambda s, o: -1 if (s + o) % 5 == 0 else 6, "fa16", name="chops")
    path = tmp_path / "chops.json"
    path.write_text(table.to_json())
    done = play_cli("--json", "--watch", str(path), "always_roll(5)", "--rules", "fa16", "--seed", "8")
    assert done.returncode == 0, done.stderr
    record = json.loads(done.stdout)
    rng = random.Random(8)
    final = reference.play(
        table, lambda s, o: 5, "fa16", dice=make_fair_dice(6, rng), dice_of=lambda sides: make_fair_dice(sides, rng)
    )
    assert tuple(record["scores"]) == final
    assert any(turn["num_rolls"] == -1 for turn in record["history"])
    assert "Player 0 (chops) chooses -1 (Pork Chop)  ->  1 point" in done.stderr.splitlines()


# --- the web pages ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def web(tmp_path_factory):
    url = f"sqlite:///{tmp_path_factory.mktemp('web') / 'arena.db'}"
    with TestClient(create_app(url, "fa16"), base_url="http://localhost") as client:
        yield client


def test_the_web_accepts_a_fa16_upload_with_minus_one_and_shows_it(web):
    reply = web.post("/api/strategies", files={"file": ("chops.py", CHOPS.encode())}, data={"rules": "fa16"})
    assert reply.status_code == 201, reply.text
    ref = reply.json()["id"]
    data = web.get(f"/api/strategies/{ref}", params={"rules": "fa16"}).json()
    assert data["table"] == chop_values().tolist()
    picture = web.get(f"/strategies/{ref}/heatmap.png", params={"rules": "fa16"})
    assert picture.status_code == 200 and picture.content[:8] == b"\x89PNG\r\n\x1a\n"
    assert web.get(f"/strategies/{ref}", params={"rules": "fa16"}).status_code == 200


def test_the_web_refuses_minus_one_elsewhere_in_one_line(web):
    reply = web.post("/api/strategies", files={"file": ("chops.py", CHOPS.encode())}, data={"rules": "sp17"})
    assert reply.status_code == 400
    assert reply.json() == {"detail": f"chops.py: final_strategy(3, 4) returned -1, not an integer 0..10{ONLY_FA16}"}


def test_a_web_game_under_fa16_offers_and_shows_pork_chop(web):
    game = web.post("/api/games", json={"opponent": "always_roll(4)", "rules": "fa16", "seed": 2}).json()
    state = web.post(f"/api/games/{game['id']}/turns", json={"num_rolls": -1}).json()
    assert state["turns"][0]["num_rolls"] == -1 and state["turns"][0]["points"] == 1
    assert "Pork Chop: the dice are now four-sided" in state["turns"][0]["events"]
    page = web.get(f"/play/{game['id']}").text
    assert "chose Pork Chop (-1)" in page and 'value="-1" id="pork-chop"' in page
    other = web.post("/api/games", json={"opponent": "always_roll(4)", "rules": "sp17", "seed": 2}).json()
    refused = web.post(f"/api/games/{other['id']}/turns", json={"num_rolls": -1})
    assert refused.status_code == 400 and "from 0 to 10" in refused.json()["detail"]
    assert 'id="pork-chop"' not in web.get(f"/play/{other['id']}").text
