"""Commentary: the course's printed texts, and commentary inside a game."""

import pytest

from hog.commentary import HIGHEST_MESSAGES, announce_lead_changes, both, make_announce_highest, say_scores, silence
from hog.dice import make_test_dice
from hog.game import play


@pytest.mark.parametrize(
    "rules, line",
    [
        ("more_boar", "Player 1 has reached a new maximum point gain. 9 point(s)!"),
        ("hog_pile", "9 point(s)! That's a record gain for Player 1!"),
        ("swine_align", "9 point(s)! The most yet for Player 1"),
    ],
)
def test_announce_highest_wording(rules, line, capsys):
    announce_highest = make_announce_highest(HIGHEST_MESSAGES[rules])
    f0 = announce_highest(1)
    f1 = f0(12, 0)
    f2 = f1(12, 9)
    f3 = f2(20, 9)
    f4 = f3(20, 12)  # a gain of 3 is no record
    f4(20, 22)  # a gain of 10 is
    assert capsys.readouterr().out.splitlines() == [line, line.replace("9", "10")]


def test_announce_highest_rejects_a_bad_player():
    with pytest.raises(AssertionError):
        make_announce_highest(HIGHEST_MESSAGES["hog_pile"])(2)


def test_say_scores_and_lead_changes_in_a_game(capsys):
    say = both(say_scores, announce_lead_changes())
    play(lambda s, o: 1, lambda s, o: 1, "hog_pile", dice=make_test_dice(5, 6, 6), goal=12, say=say)
    assert capsys.readouterr().out.splitlines() == [
        "Player 0 now has 5 and Player 1 now has 0",
        "Player 0 takes the lead by 5",
        "Player 0 now has 5 and Player 1 now has 6",
        "Player 1 takes the lead by 1",
        "Player 0 now has 11 and Player 1 now has 6",
        "Player 0 takes the lead by 5",
        "Player 0 now has 11 and Player 1 now has 22",  # 6 + 5 ties at 11 and doubles
        "Player 1 takes the lead by 11",
    ]


def test_silence_says_nothing(capsys):
    assert silence(1, 2) is silence
    assert capsys.readouterr().out == ""
