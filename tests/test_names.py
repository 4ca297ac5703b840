"""Names that work as SPECs and cannot impersonate: ``strategies.names``, the
store's checks, and the commands that store, rename and remove strategies
(real SQLite files, real sandboxed files)."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import numpy as np
import pytest

from arena.league import LeagueSettings
from arena.tournament import run_stored_league
from hog_arena.cli.main import main
from results.store import NameRefused, open_store
from strategies.names import BadName, clean_name, file_name, looks_like, strategy_name
from strategies.table import StrategyTable

RULES, GOAL = "sus_fuss", 20
ROLL = "def final_strategy(score, opponent_score):\n    return {n}\n"


def hog(capsys, *args):
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def table(n: int, name: str, origin: str = "file") -> StrategyTable:
    return StrategyTable(np.full((GOAL, GOAL), n), RULES, name, origin)


def write(path: Path, n: int) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(ROLL.format(n=n))
    return path


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("  ada\u200b lovelace ", "ada lovelace"),
        ("ａｄａ", "ada"),  # fullwidth, NFKC
        ("a\u202eb\u2066c\ufe0fd", "abcd"),  # direction marks, isolates, a variation selector
        ("tab\tand\nnewline", "tab and newline"),
    ],
)
def test_clean_name_normalises_and_drops_invisible_characters(text, expected):
    assert clean_name(text) == expected


@pytest.mark.parametrize(
    ("text", "max_chars", "reason"),
    [
        ("\u200b", 40, "a name needs at least one visible character"),
        ("\u2060\u00ad\u180e ", 40, "a name needs at least one visible character"),
        ("x" * 41, 40, "a name has at most 40 characters, not 41"),
    ],
)
def test_clean_name_refuses_empty_and_long_names(text, max_chars, reason):
    with pytest.raises(ValueError, match=f"^{reason}$"):
        clean_name(text, max_chars)


@pytest.mark.parametrize(
    ("name", "others", "twin"),
    [
        ("vict\u0456m", ["victim"], "victim"),  # Cyrillic і
        ("VICTIM", ["victim"], "victim"),
        ("\u0430da", ["ada"], "ada"),  # Cyrillic а
        ("vict1m", ["victim"], None),
        ("ada", ["bob", "ada"], None),  # itself is not a look-alike
    ],
)
def test_look_alikes(name, others, twin):
    assert looks_like(name, others) == twin


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("1", "is a number"),
        ("#12", "is a number"),
        ("\uff11\uff12", "is a number"),  # fullwidth digits become 12
        ("-ada", "cannot start with '-'"),
        ("ada.py", "would be read as a file name"),
        ("final_strategy", "is the library strategy 'final_strategy' of sus_fuss"),
        ("always_roll(6)", "is the library strategy 'always_roll'"),
        ("Perfect", "looks like the library strategy 'perfect'"),
        ("p\u0435rfect", "looks like the library strategy 'perfect'"),  # Cyrillic е
        ("perfect # mine", "is the library strategy 'perfect'"),
    ],
)
def test_strategy_names_that_would_not_work_as_specs_are_refused(text, reason):
    with pytest.raises(BadName, match=reason):
        strategy_name(text, RULES)


def test_file_names_give_usable_names():
    assert [file_name(n) for n in ("hog (1).py", "hog.py", "Ada Lovelace", "---.py")] == [
        "hog_1",
        "hog",
        "Ada_Lovelace",
        "strategy",
    ]


def test_the_store_refuses_numbers_and_look_alikes_and_ids_never_resolve_to_names(tmp_path):
    db = tmp_path / "arena.db"
    with open_store(str(db)) as store:
        victim, _ = store.add_strategy(table(3, "victim"))
        for name, reason in (
            ("1", "is a number"),
            ("vict\u0456m", "is taken: it looks like 'victim' \\(#1\\)"),
            ("Victim", "looks like 'victim'"),
            ("final_strategy", "library strategy"),
            ("victim\u200b", "not written plainly: store it as 'victim'"),
        ):
            with pytest.raises(NameRefused, match=reason):
                store.add_strategy(table(4, name))
        other, _ = store.add_strategy(table(5, "other"))
    # A database written before names were checked: a strategy named "1".
    with sqlite3.connect(db) as connection:
        connection.execute("UPDATE strategies SET name = '1' WHERE id = ?", (other.id,))
    with open_store(str(db)) as store:
        assert store.find_strategy("1", RULES, GOAL).id == victim.id == 1
        assert store.find_strategy("#2", RULES, GOAL).name == "1"
        assert store.get_strategy(1, RULES, GOAL).name == "victim"


def test_library_entries_keep_their_own_names(tmp_path):
    with open_store(str(tmp_path / "arena.db")) as store:
        record, _ = store.add_strategy(table(6, "always_roll(6)", "builtin"))
        assert record.name == "always_roll(6)"


def submit(capsys, db, *args):
    code, out, err = hog(capsys, "submit", *args, "--rules", RULES, "--goal", GOAL, "--db", db, "--json")
    return code, (json.loads(out) if out else None), err


def test_every_stored_name_works_as_a_spec(capsys, tmp_path):
    db = tmp_path / "arena.db"
    code, data, _ = submit(capsys, db, write(tmp_path / "ada3" / "hog.py", 3), "--name", "ada-v3")
    assert (code, data["name"]) == (0, "ada-v3")
    code, data, _ = submit(capsys, db, write(tmp_path / "hog (1).py", 4))
    assert (code, data["name"]) == (0, "hog_1")
    for spec in ("ada-v3", "hog_1", "#1", "2"):
        code, out, err = hog(capsys, "match", spec, "always_roll(5)", "--rules", RULES, "--goal", GOAL, "--db", db)
        assert (code, err) == (0, ""), spec
        assert out


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("\u200b", "a name needs at least one visible character"),
        ("vict\u0456m", "is taken: it looks like 'victim'"),
        ("victim\u200b", "strategy name 'victim' is taken by another table"),
        ("final_strategy", "is the library strategy 'final_strategy' of sus_fuss"),
        ("1", "is a number"),
    ],
)
def test_submit_refuses_impersonating_names_in_one_line(capsys, tmp_path, name, reason):
    db = tmp_path / "arena.db"
    assert submit(capsys, db, write(tmp_path / "a.py", 3), "--name", "victim")[0] == 0
    code, data, err = submit(capsys, db, write(tmp_path / "b.py", 4), "--name", name)
    assert (code, data) == (1, None)
    assert err.startswith("hog: error: ") and reason in err and err.count("\n") == 1
    with open_store(str(db)) as store:
        assert store.strategy_names(RULES, GOAL) == ["victim"]


def test_a_default_name_like_a_library_strategy_is_numbered(capsys, tmp_path):
    code, data, _ = submit(capsys, tmp_path / "arena.db", write(tmp_path / "final_strategy.py", 3))
    assert (code, data["name"]) == (0, "final_strategy_2")


def test_a_duplicate_says_the_name_and_author_were_not_applied(capsys, tmp_path):
    db = tmp_path / "arena.db"
    assert submit(capsys, db, write(tmp_path / "evolved.py", 3))[0] == 0
    code, out, _ = hog(
        capsys, "submit", write(tmp_path / "ada.py", 3), "--name", "ada", "--author", "Ada", "--rules", RULES,
        "--goal", GOAL, "--db", db,
    )  # fmt: skip
    assert code == 0
    assert out.startswith("ada.py: already stored as 'evolved' (#1, sha256 ")
    assert out.endswith("; the name and author given were not applied (the table keeps its entry)\n")


def test_a_folder_of_student_folders_names_each_file_after_its_folder(capsys, tmp_path):
    subs, db = tmp_path / "subs", tmp_path / "arena.db"
    write(subs / "ada" / "hog.py", 3)
    write(subs / "bob" / "hog.py", 4)
    write(subs / "bob" / "extra.py", 5)
    write(subs / "top.py", 6)
    write(tmp_path / "elsewhere" / "hog.py", 7)
    (subs / "linked").symlink_to(tmp_path / "elsewhere")
    code, data, err = submit(capsys, db, subs)
    assert (code, err) == (0, "")
    assert [(Path(r["file"]).relative_to(subs).as_posix(), r["name"]) for r in data["results"]] == [
        ("top.py", "top"),
        ("ada/hog.py", "ada"),
        ("bob/extra.py", "bob_extra"),
        ("bob/hog.py", "bob_hog"),
    ]


def test_a_file_written_for_another_semester_is_named_or_refused_with_strict(capsys, tmp_path, student_file):
    db, path = tmp_path / "arena.db", student_file("fa19.py")
    code, out, err = hog(capsys, "submit", path, "--rules", "fa24", "--db", db)
    assert code == 0 and out.startswith("fa19.py: stored as 'fa19'")
    assert err.startswith("hog: warning: fa19.py: looks written for ")
    assert "/fa19/" in err and "not sus_fuss: it defines bacon_strategy, free_bacon, is_swap" in err
    path.rename(tmp_path / "again.py")
    code, out, err = hog(capsys, "submit", tmp_path / "again.py", "--rules", "fa24", "--db", db, "--strict")
    assert (code, out) == (1, "")
    assert err.startswith("hog: error: again.py: looks written for ") and err.endswith("(refused: strict)\n")
    code, out, err = hog(capsys, "submit", student_file("sus_fuss.py"), "--rules", "fa24", "--db", db, "--strict")
    assert (code, err) == (0, "")


def test_rename_and_remove(capsys, tmp_path):
    db = tmp_path / "arena.db"
    with open_store(str(db)) as store:
        ids = [store.add_strategy(table(n, f"s{n}"))[0].id for n in (2, 3, 4)]
        league = run_stored_league(store, [store.get_strategy(i, RULES, GOAL) for i in ids], LeagueSettings(), name="L")
    args = ("--rules", RULES, "--goal", GOAL, "--db", db)
    assert hog(capsys, "strategies", "rename", "s2", "ada", *args)[1] == "renamed 's2' (#1) to 'ada'\n"
    code, _, err = hog(capsys, "strategies", "rename", "#2", "\u0430da", *args)
    assert (code, err) == (1, "hog: error: strategy name '\u0430da' is taken: it looks like 'ada' (#1) for sus_fuss, "
                                  "goal 20; choose another name\n")  # fmt: skip
    code, _, err = hog(capsys, "strategies", "rename", "ada", "3", *args)
    assert code == 1 and "is a number" in err
    code, out, _ = hog(capsys, "strategies", "remove", "s3", *args)
    assert (code, out) == (0, "removed 's3' (#2); it left league 'L', which ranks the other entries\n")
    with open_store(str(db)) as store:
        assert store.strategy_names(RULES, GOAL) == ["ada", "s4"]
        results = store.league_results(league.id)
        assert [e.name for e in results.entries] == ["ada", "s4"]
        assert not np.isnan(results.rates[0, 1])
    code, _, err = hog(capsys, "strategies", "remove", "s3", *args)
    assert (code, err) == (1, f"hog: error: no stored strategy 's3' for sus_fuss, goal 20 in {db}\n")


def test_league_add_names_a_file_as_submit_does_and_all_leaves_out_evolved_and_builtins(capsys, tmp_path):
    db = tmp_path / "arena.db"
    args = ("--rules", RULES, "--goal", GOAL, "--db", db, "--json")
    assert submit(capsys, db, write(tmp_path / "ann" / "hog.py", 3))[0] == 0
    assert submit(capsys, db, write(tmp_path / "b.py", 4))[0] == 0
    with open_store(str(db)) as store:
        store.add_strategy(table(5, "evolved_9", "evolved"))
    code, out, err = hog(capsys, "league", "perfect", "always_roll(6)", "--name", "warmup", *args)
    assert code == 0, err
    code, out, err = hog(capsys, "league", "--all", "--name", "class", *args)
    assert code == 0, err
    assert sorted(row["name"] for row in json.loads(out)["rows"]) == ["b", "hog"]
    code, out, err = hog(capsys, "league", "--name", "class", "--add", write(tmp_path / "frank" / "hog.py", 2), *args)
    assert code == 0, err
    assert sorted(row["name"] for row in json.loads(out)["rows"]) == ["b", "hog", "hog_2"]
    code, out, err = hog(capsys, "league", "--all", "--include", "evolved", "--name", "class", "--add", *args)
    assert code == 0, err
    assert sorted(row["name"] for row in json.loads(out)["rows"]) == ["b", "evolved_9", "hog", "hog_2"]
    code, out, err = hog(capsys, "league", "--all", "--include", "builtin", "--name", "every", *args)
    assert code == 0, err
    assert {"perfect", "always_roll(6)", "hog"} <= {row["name"] for row in json.loads(out)["rows"]}
    code, _, err = hog(capsys, "league", "--include", "bogus", "--all", *args)
    assert code == 2 and "'bogus' is not one of file, evolved, builtin" in err
