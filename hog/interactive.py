"""A game of Hog played one turn at a time, for people.

``Game`` is the engine behind the terminal game (``hog play``) and any other
front end: the caller supplies each turn's dice count, the game rolls, applies
the rule set and reports what happened in a :class:`TurnReport`. The rules
come only from ``hog.rules`` through ``hog.game.take_turn`` and the rule
set's ``after_turn``, exactly as in ``hog.game.play``; the events in a report
are read off what those functions returned, using the rule set's own names.

>>> from hog.dice import make_test_dice
>>> game = Game("square_swine", dice=make_test_dice(4, 5, 3))
>>> report = game.take_turn(3)
>>> report.outcomes, report.points, report.scores_after, report.events
((4, 5, 3), 12, (12, 0), ())
>>> game.take_turn(0).events
('Pig Tail: 3 points for rolling 0',)
>>> game = Game("sp19_contest", dice=make_test_dice(3))
>>> game.take_turn(2).events, game.take_turn(1).events, game.who
((), ('Time Trot: extra turn',), 1)
>>> Game("sp17", seed=1).take_turn(2).events[0]
'Hog Wild: four-sided dice'
"""

from __future__ import annotations

import contextlib
import io
import random
from dataclasses import asdict, dataclass, field
from typing import Any

from hog.commentary import HIGHEST_MESSAGES, Commentary, announce_lead_changes, both, make_announce_highest, silence
from hog.dice import Dice, make_fair_dice, six_sided
from hog.game import GOAL, MAX_ROLLS, take_turn
from hog.rules import RuleSet, State, get_rules
from hog.rules.dice_rules import PORK_CHOP, exchanged_sides, rerolled

__all__ = ["TurnReport", "Game", "commentary_for"]


@dataclass(frozen=True)
class TurnReport:
    """What one turn did."""

    who: int  #: the player who moved
    num_rolls: int
    outcomes: tuple[int, ...]  #: the dice rolled (empty for 0 dice)
    points: int  #: points of the turn before the after-turn rule
    events: tuple[str, ...]  #: what the rules did, in words
    scores_before: tuple[int, int]  #: (score0, score1) before the turn
    scores_after: tuple[int, int]  #: (score0, score1) after every rule
    extra_turn: bool  #: the same player moves again (never once the game is over)
    commentary: tuple[str, ...]  #: lines the rule set's commentary printed


def commentary_for(rules: RuleSet | str) -> Commentary:
    """The rule set's commentary: lead changes and both players' record gains
    in its course's wording, or silence for a rule set without commentary."""
    rules = get_rules(rules)
    message = HIGHEST_MESSAGES.get(rules.name)
    if message is None:
        return silence
    announce_highest = make_announce_highest(message)
    return both(announce_lead_changes(), both(announce_highest(0), announce_highest(1)))


#: How the turn reports name dice the rules pick.
_SIDES = {4: "four-sided", 6: "six-sided"}


def _points(number: int) -> str:
    return f"{number} point" if number == 1 else f"{number} points"


def _turn_events(
    rules: RuleSet,
    num_rolls: int,
    outcomes: tuple[int, ...],
    points: int,
    scored: tuple[int, int],
    after: tuple[int, int, bool],
) -> list[str]:
    """Words for what the rules did: SCORED is (score, opponent) once the
    points are added, AFTER what the after-turn rule returned for it."""
    events = []
    if num_rolls == PORK_CHOP:
        events.append(f"{rules.chop_rule}: {_points(points)} for choosing -1")
    elif num_rolls == 0:
        events.append(f"{rules.zero_dice_rule}: {_points(points)} for rolling 0")
    elif 1 in outcomes:
        events.append(f"{rules.pig_out_rule}: a 1 was rolled, the turn scores {points}")
    score, opponent = scored
    new_score, new_opponent, _ = after
    rule = rules.after_turn_rule
    if (new_score, new_opponent) == (opponent, score) and score != opponent:
        events.append(f"{rule}! scores swapped")
    else:
        if new_score != score:
            doubled = " (doubled)" if new_score == 2 * score else ""
            events.append(f"{rule}! {score} -> {new_score}{doubled}")
        if new_opponent != opponent:
            events.append(f"{rule}! opponent's score {opponent} -> {new_opponent}")
    return events


@dataclass
class Game:
    """A game between players 0 and 1 under RULES, one ``take_turn`` at a time.

    Dice: DICE if given, else a fair six-sided die drawing from
    ``random.Random(SEED)`` when SEED is given, else from ``random``.
    """

    rules: str
    goal: int = GOAL
    dice: Dice | None = None
    seed: int | None = None
    score0: int = 0
    score1: int = 0
    scores: tuple[int, int] = field(init=False)
    who: int = field(init=False, default=0)
    history: list[TurnReport] = field(init=False, default_factory=list)
    previous: tuple[int, int] = field(init=False, default=(0, 0))

    def __post_init__(self) -> None:
        self._rules = get_rules(self.rules)
        self.rules = self._rules.name
        if isinstance(self.goal, bool) or not isinstance(self.goal, int) or self.goal < 1:
            raise ValueError(f"goal must be a positive integer, not {self.goal!r}")
        for name, score in (("score0", self.score0), ("score1", self.score1)):
            if isinstance(score, bool) or not isinstance(score, int) or score < 0:
                raise ValueError(f"{name} must be a non-negative integer, not {score!r}")
        if self.dice is not None and self.seed is not None:
            raise ValueError("give either dice or a seed, not both")
        self._rng = None if self.seed is None else random.Random(self.seed)
        if self.dice is None:
            self.dice = six_sided if self._rng is None else make_fair_dice(6, self._rng)
        self._dice: Dice = self.dice
        self.scores = (self.score0, self.score1)
        self._state = State(self.scores)
        self._say = commentary_for(self._rules)

    @property
    def over(self) -> bool:
        """Whether either score has reached the goal."""
        return max(self.scores) >= self.goal

    @property
    def winner(self) -> int | None:
        """The player with the higher score once the game is over, else None."""
        if not self.over:
            return None
        return 0 if self.scores[0] > self.scores[1] else 1

    @property
    def choices(self) -> range:
        """What a player may choose: 0..10 dice, and -1 (Pork Chop) where the rules offer it."""
        return self._rules.choices

    def take_turn(self, num_rolls: int) -> TurnReport:
        """Player ``who`` rolls NUM_ROLLS dice (0 for the zero-dice rule; -1
        for Pork Chop, where the rules offer it)."""
        if self.over:
            raise ValueError(f"the game is over ({self.scores[0]}-{self.scores[1]}, player {self.winner} won)")
        least = self.choices.start
        if isinstance(num_rolls, bool) or not isinstance(num_rolls, int) or not least <= num_rolls <= MAX_ROLLS:
            from hog.dice_counts import pork_chop_note  # numpy: loaded only to word a refusal

            offer = " (-1: Pork Chop)" if least == PORK_CHOP else pork_chop_note(num_rolls, self.choices)
            raise ValueError(f"number of dice must be an integer from {least} to {MAX_ROLLS}{offer}, not {num_rolls!r}")
        who, before = self.who, self.scores
        score, opponent = before if who == 0 else before[::-1]
        chosen, num_rolls = num_rolls, self._rules.dice_rolled(score, opponent, num_rolls)
        rolled: list[int] = []
        swapped = self._state.dice_swapped
        sides = self._rules.picked_sides(score, opponent, swapped)
        dice = self._dice if sides is None or num_rolls <= 0 else make_fair_dice(sides, self._rng)
        rerolls = num_rolls > 0 and self._rules.rerolled(score, opponent)
        if rerolls:  # fa16's Hog Wild: an odd outcome is rolled once more, the second one stands
            dice = rerolled(dice)

        def recorded() -> int:
            outcome = dice()
            rolled.append(outcome)
            return outcome

        points = take_turn(num_rolls, score, opponent, self._rules, recorded)
        result = self._rules.next_state(self._state, num_rolls, points)
        self._state = result.state
        self.scores, self.previous = result.state.scores, result.state.previous
        chop = num_rolls == PORK_CHOP
        final_points, capped = self._rules.turn_score(num_rolls, points)
        scored = score + capped + result.bonus
        given = self._rules.opponent_points(num_rolls, capped) if self._rules.opponent_points else 0
        after = (self.scores[who], self.scores[1 - who], result.extra_turn and not result.time_trot)
        extra = result.extra_turn and not self.over
        events = _turn_events(self._rules, num_rolls, tuple(rolled), points, (scored, opponent + given), after)
        if rerolls:
            events.insert(0, f"{self._rules.dice_rule}: odd outcomes re-rolled")
        if sides is not None and num_rolls > 0:
            rule = self._rules.dice_rule if self._rules.turn_dice else self._rules.swap_rule
            events.insert(0, f"{rule}: {_SIDES.get(sides, f'{sides}-sided')} dice")
        if num_rolls < chosen:
            events.insert(0, f"{self._rules.limit_rule}: {num_rolls} of the {chosen} dice chosen")
        if final_points != points:
            events.append(f"{self._rules.points_rule}: {points} -> {_points(final_points)}")
        if capped != final_points:
            events.append(f"{self._rules.cap_rule}: {final_points} -> {_points(capped)}")
        if given:
            events.append(f"{self._rules.opponent_rule}: {_points(given)} for the opponent")
        if result.state.dice_swapped != swapped and chop:
            now = exchanged_sides(6) if result.state.dice_swapped else 6
            events.append(f"{self._rules.chop_rule}: the dice are now {_SIDES.get(now, f'{now}-sided')}")
        elif result.state.dice_swapped != swapped:
            events.append(f"{self._rules.swap_rule}: the dice are exchanged")
        memory = self._rules.memory
        if memory is not None and result.bonus:
            events.insert(1 if num_rolls == 0 or 1 in rolled else 0, f"{memory.rule}: {_points(result.bonus)} bonus")
        if extra:
            events.append("Time Trot: extra turn" if result.time_trot else f"{self._rules.after_turn_rule}: extra turn")
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            self._say = self._say(*self.scores)
        if not extra:
            self.who = 1 - who
        report = TurnReport(
            who=who,
            num_rolls=num_rolls,
            outcomes=tuple(rolled),
            points=points,
            events=tuple(events),
            scores_before=before,
            scores_after=self.scores,
            extra_turn=extra,
            commentary=tuple(printed.getvalue().splitlines()),
        )
        self.history.append(report)
        return report

    def to_dict(self) -> dict[str, Any]:
        """The game's state as JSON-ready data."""
        return {
            "rules": self.rules,
            "summary": self._rules.summary,
            "goal": self.goal,
            "scores": list(self.scores),
            "who": self.who,
            "over": self.over,
            "winner": self.winner,
            "max_rolls": MAX_ROLLS,
            "history": [_report_dict(report) for report in self.history],
        }


def _report_dict(report: TurnReport) -> dict[str, Any]:
    return {key: list(value) if isinstance(value, tuple) else value for key, value in asdict(report).items()}
