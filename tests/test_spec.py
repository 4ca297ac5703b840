"""SPEC parsing: library expressions (never evaluated), files, stored names."""

from __future__ import annotations

import json

import numpy as np
import pytest

from strategies.expression import SpecError, UnknownStrategy, parse_expression
from strategies.family_framework import ParameterError
from strategies.spec import resolve_spec
from strategies.table import StrategyTable


@pytest.mark.parametrize(
    "text, expected",
    [
        ("perfect", ("perfect", (), {})),
        ("always_roll(6)", ("always_roll", (6,), {})),
        (" swine_strategy( threshold=9 , num_rolls=5 ) ", ("swine_strategy", (), {"threshold": 9, "num_rolls": 5})),
        ("lead(8, 6, close=0)", ("lead", (8, 6), {"close": 0})),
        ("always_roll(-1)", ("always_roll", (-1,), {})),
        ("not python at all", None),
    ],
)
def test_parse_expression(text, expected):
    assert parse_expression(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "__import__('os')",
        "__import__('os').system('true')",
        "os.system",
        "always_roll.__globals__",
        "lambda: 6",
        "(lambda: 6)()",
        "always_roll(6)[0]",
        "tables[0]",
        "always_roll(always_roll(1))",
        "always_roll(len('abcdef'))",
        "always_roll(*[6])",
        "always_roll(**{'n': 6})",
        "always_roll(n=*[6])",
        "always_roll('6')",
        "always_roll(6.0)",
        "always_roll(True)",
        "always_roll(1 + 5)",
        "always_roll(n=[6])",
        "[always_roll(6)]",
        "always_roll(6) or perfect",
        "getattr(always_roll, 'x')",
        "exec('print(1)')",
    ],
)
def test_code_smuggling_is_refused(text, capsys):
    with pytest.raises(ValueError) as error:
        resolve_spec(text, "square_swine")
    message = str(error.value)
    assert "\n" not in message
    assert "refused" in message or "unknown strategy" in message or "invalid syntax" in message
    assert capsys.readouterr().out == ""


def test_library_expressions_make_the_named_strategies():
    spec = resolve_spec("swine_strategy(threshold=9, num_rolls=5)", "swine_swap")
    assert spec.name == "swine_strategy(threshold=9, num_rolls=5)" and spec.params == {"threshold": 9, "num_rolls": 5}
    positional = resolve_spec("swine_strategy(9, 5)", "swine_swap")
    assert positional == spec
    assert resolve_spec("always_roll(6)", "hog_pile").params == {"n": 6}
    assert (resolve_spec("always_roll(n=3)", "hog_pile").table == 3).all()
    assert resolve_spec("perfect", "hog_pile").origin == "solved"
    assert resolve_spec("final_strategy", "hog_pile").name == "final_strategy"
    assert resolve_spec("lead()", "hog_pile") == resolve_spec("lead", "hog_pile")


@pytest.mark.parametrize(
    "text, rules, words",
    [
        ("swine_stratgy", "swine_swap", ["unknown strategy 'swine_stratgy'", "did you mean swine_strategy?"]),
        ("alway_roll(6)", "swine_swap", ["unknown strategy 'alway_roll(6)'", "did you mean always_roll(6)?"]),
        ("catch_up", "hog_pile", ["unknown strategy", "library names: always_roll, picky_piggy_strategy, "]),
        ("nope(3)", "hog_pile", ["unknown strategy 'nope(3)'", "always_roll"]),
        ("always_roll(6", "hog_pile", ["'always_roll(6' is not a valid expression ('(' was never closed)"]),
        ("swine_strategy(cutoff=9)", "swine_swap", ["unknown parameter 'cutoff'", "threshold 0..100 (default 8)"]),
        ("swine_strategy(threshold=101)", "swine_swap", ["threshold=101 is out of bounds 0..100"]),
        ("always_roll(11)", "swine_swap", ["n=11 is out of bounds 0..10"]),
        ("always_roll(-1)", "swine_swap", ["n=-1 is out of bounds 0..10"]),
        ("always_roll", "swine_swap", ["missing parameter 'n'"]),
        ("always_roll(1, 2)", "swine_swap", ["at most 1 positional"]),
        ("always_roll(n=1, n=2)", "swine_swap", ["'n'"]),
        ("perfect(1)", "swine_swap", ["at most 0 positional"]),
        ("", "swine_swap", ["empty"]),
    ],
)
def test_bad_specs_say_what_exists(text, rules, words):
    with pytest.raises(ValueError) as error:
        resolve_spec(text, rules)
    message = str(error.value)
    assert "\n" not in message and len(message) <= 200
    for word in words:
        assert word in message


def test_json_tables(tmp_path):
    values = [[(s + o) % 11 for o in range(100)] for s in range(100)]
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(values))
    table = resolve_spec(str(path), "hog_pile")
    assert table.name == "mine" and table.origin == "file" and table.table.tolist() == values
    small = tmp_path / "small.json"
    small.write_text(json.dumps([[1, 2], [3, 4]]))
    assert resolve_spec(str(small), "hog_pile", goal=2).table.tolist() == [[1, 2], [3, 4]]


@pytest.mark.parametrize(
    "content, words",
    [
        (None, ["missing.json", "does not exist"]),
        ("{not json", ["not valid JSON"]),
        (json.dumps([[1, 2], [3, 4]]), ["expected 100 x 100"]),
        (json.dumps([[11] * 100] * 100), ["value 11 at score 0, opponent score 0"]),
    ],
)
def test_bad_json_tables(tmp_path, content, words):
    path = tmp_path / ("missing.json" if content is None else "bad.json")
    if content is not None:
        path.write_text(content)
    with pytest.raises(ValueError) as error:
        resolve_spec(str(path), "hog_pile")
    assert "\n" not in str(error.value)
    for word in words:
        assert word in str(error.value)


def test_python_files_go_through_the_loader(tmp_path):
    path = tmp_path / "mine.py"
    path.write_text(
        "def final_strategy(score, opponent_score):\n    return 4\n\n"
        "def other(score, opponent_score):\n    return 0 if score < 50 else 7\n"
    )
    assert (resolve_spec(str(path), "hog_pile").table == 4).all()
    other = resolve_spec(f"{path}:other", "hog_pile").table
    assert (other[:50] == 0).all() and (other[50:] == 7).all()


class FakeStore:
    """A store holding one strategy, recording what was asked."""

    def __init__(self):
        self.asked = []
        self.table = StrategyTable(np.full((100, 100), 3), "hog_pile", "alice v2", "file")

    def get_strategy(self, name, rules, goal):
        self.asked.append((name, rules, goal))
        if (name, rules, goal) == ("alice v2", "hog_pile", 100):
            return self.table
        raise LookupError(f"no stored strategy {name!r}")


def test_stored_names_come_from_the_store():
    store = FakeStore()
    assert resolve_spec("alice v2", "hog_pile", store=store) is store.table
    assert store.asked == [("alice v2", "hog_pile", 100)]
    # Library names win and never reach the store.
    resolve_spec("perfect", "hog_pile", store=store)
    assert store.asked == [("alice v2", "hog_pile", 100)]
    # Text that is not a library expression is only ever a name to look up, never run.
    with pytest.raises(SpecError, match="refused spec"):
        resolve_spec("__import__('os')", "hog_pile", store=store)
    assert store.asked[-1] == ("__import__('os')", "hog_pile", 100)


class NamedStore(FakeStore):
    def __init__(self, names: list[str]) -> None:
        super().__init__()
        self.names = names

    def strategy_names(self, rules: str, goal: int) -> list[str]:
        return self.names


def test_unknown_names_are_short_and_suggest_the_nearest_one():
    with pytest.raises(SpecError, match="nor a stored strategy for hog_pile, goal 100; library names: always_roll"):
        resolve_spec("bob", "hog_pile", store=FakeStore())
    store = NamedStore(["ada-v3", "hog_3", "bob"])
    with pytest.raises(SpecError) as error:
        resolve_spec("hog3", "hog_pile", store=store)
    assert str(error.value) == (
        "unknown strategy 'hog3' for hog_pile: not a library name nor a stored strategy for hog_pile, goal 100; "
        "did you mean hog_3?"
    )
    with pytest.raises(SpecError, match=r"refused spec 'ada-v4'.*; did you mean ada-v3\?$"):
        resolve_spec("ada-v4", "hog_pile", store=store)
    long = "x" * 190 + "(6"
    with pytest.raises(SpecError) as error:
        resolve_spec(long, "hog_pile", store=store)
    assert "is not a valid expression ('(' was never closed)" in str(error.value)
    assert len(str(error.value)) <= 200


@pytest.mark.parametrize("text", ["12", "#12", " #12 "])
def test_ids_are_never_names(text):
    store = FakeStore()
    with pytest.raises(UnknownStrategy, match="no stored strategy #12 for hog_pile, goal 100"):
        resolve_spec(text, "hog_pile", store=store)
    assert store.asked == [(text.strip(), "hog_pile", 100)]


def test_parameter_errors_are_value_errors():
    assert issubclass(ParameterError, ValueError) and issubclass(SpecError, ValueError)
