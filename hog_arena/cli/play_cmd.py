"""``hog play``: a game of Hog in the terminal, against a strategy, between two
people, or watching two strategies play."""

from __future__ import annotations

import random
import sys
import time
from dataclasses import asdict, dataclass
from enum import Enum
from typing import TYPE_CHECKING, Annotated, Any, TextIO

import typer

from hog.game import MAX_ROLLS, Strategy, checked_num_rolls
from hog.interactive import Game, TurnReport
from hog.rules import get_rules
from hog.rules.dice_rules import PORK_CHOP
from hog_arena.cli.options import Db, Goal, Json, Rules, emit
from hog_arena.cli.strategy_io import SPEC_HELP, resolve
from hog_arena.cli.text import plain

if TYPE_CHECKING:
    from hog.game_coach import GameCoach

QUIT_WORDS = ("q", "quit", "exit")


class First(str, Enum):
    """Who takes player 0's seat (moves first) against a strategy."""

    human = "human"
    strategy = "strategy"


@dataclass(frozen=True)
class Player:
    """A seat: a label for the screen and, for a computer player, its strategy."""

    label: str
    strategy: Strategy | None = None


class LeftGame(Exception):
    """The person at the keyboard left (end of input, or a quit word)."""


def _dice(count: int) -> str:
    return "1 die" if count == 1 else f"{count} dice"


def _points(count: int) -> str:
    return "1 point" if count == 1 else f"{count} points"


def _score_line(game: Game, players: tuple[Player, Player]) -> str:
    return ", ".join(f"{players[i].label} {game.scores[i]}" for i in (0, 1))


def _read_answer(out: TextIO) -> str:
    """A line of input ("" at its end). A terminal echoes what is typed; an
    answer from a pipe or file is echoed here, so the output keeps one line
    per prompt."""
    line = sys.stdin.readline()
    if not sys.stdin.isatty():
        out.write(f"{plain(line.strip())}\n")
    elif not line:
        out.write("\n")
    return line


def _ask(label: str, out: TextIO, choices: range = range(MAX_ROLLS + 1)) -> int:
    """A dice count typed by a person; asks again until it is 0..MAX_ROLLS
    (or -1, Pork Chop, where CHOICES holds it)."""
    chop = ", or -1 for Pork Chop" if PORK_CHOP in choices else ""
    while True:
        out.write(f"{label}, how many dice will you roll (0-{MAX_ROLLS}{chop})? ")
        out.flush()
        line = _read_answer(out)
        if not line:
            raise LeftGame
        text = line.strip()
        if text.lower() in QUIT_WORDS:
            raise LeftGame
        if text.isascii() and text.isdigit() and int(text) <= MAX_ROLLS:
            return int(text)
        if chop and text == "-1":
            return PORK_CHOP
        wrong = f"{plain(text)!r} is not a number of dice: t" if text else "T"
        out.write(f"{wrong}ype a whole number from 0 to {MAX_ROLLS}{chop} (or q to leave).\n")


def _show_turn(report: TurnReport, game: Game, players: tuple[Player, Player], out: TextIO) -> None:
    label = players[report.who].label
    if report.num_rolls == PORK_CHOP:
        out.write(f"{label} chooses -1 (Pork Chop)  ->  {_points(report.points)}\n")
    elif report.num_rolls:
        rolled = " ".join(map(str, report.outcomes))
        out.write(f"{label} rolls {_dice(report.num_rolls)}: {rolled}  ->  {_points(report.points)}\n")
    else:
        out.write(f"{label} rolls 0 dice\n")
    for event in report.events:
        out.write(f"  * {event}\n")
    for line in report.commentary:
        out.write(f"  > {line}\n")
    out.write(f"Score: {_score_line(game, players)}\n\n")
    out.flush()


def _play(
    game: Game, players: tuple[Player, Player], delay: float, out: TextIO, coach: GameCoach | None = None
) -> None:
    """Turns until the game is over; LeftGame if a person leaves. With
    COACH, each choice of the person is judged in a line."""
    while not game.over:
        player = players[game.who]
        score, opponent = game.scores if game.who == 0 else game.scores[::-1]
        if player.strategy is None:
            num_rolls = _ask(player.label, out, game.choices)
            if coach is not None:
                out.write(f"  Coach: {coach.judge(score, opponent, num_rolls).line()}\n")
        else:
            num_rolls = checked_num_rolls(player.strategy, score, opponent, game.choices)
            time.sleep(delay)
        _show_turn(game.take_turn(num_rolls), game, players, out)


#: The costliest choices the coach's summary lists.
COSTLIEST = 3


def _coach_summary(coach: GameCoach, out: TextIO) -> None:
    """The person's costliest choices, once the game ends or they leave."""
    if not coach.choices:
        return
    costliest = coach.costliest(COSTLIEST)
    if not costliest:
        out.write(f"Coach: each of your {len(coach.choices)} choices was a best one.\n")
        return
    out.write("Coach: your costliest choices (the chance to win from there, the best playing on):\n")
    for c in costliest:
        out.write(
            f"  at {c.score}-{c.opponent_score} you rolled {c.num_rolls} ({c.chance:.1%}); "
            f"rolling {c.best} wins {c.best_chance:.1%}, {c.cost * 100:.1f} points more\n"
        )


def _players(
    spec: str, humans: int, watch: tuple[str, str] | None, first: First, rules: str, goal: int, db: str | None
) -> tuple[Player, Player]:
    if watch is not None:
        a, b = (resolve(text, rules, goal, db) for text in watch)
        return Player(f"Player 0 ({plain(a.name)})", a), Player(f"Player 1 ({plain(b.name)})", b)
    if humans == 2:
        return Player("Player 0"), Player("Player 1")
    computer = resolve(spec, rules, goal, db)
    name = plain(computer.name)
    if first is First.human:
        return Player("Player 0 (you)"), Player(f"Player 1 ({name})", computer)
    return Player(f"Player 0 ({name})", computer), Player("Player 1 (you)")


def register(app: typer.Typer) -> None:
    @app.command("play")
    def play_command(
        rules: Rules,
        spec: Annotated[
            str,
            typer.Argument(
                metavar="[SPEC]",
                help=f"The strategy to play against (default: final_strategy). {SPEC_HELP}",
                show_default=False,
            ),
        ] = "final_strategy",
        goal: Goal = 100,
        db: Db = None,
        as_json: Json = False,
        humans: Annotated[
            int, typer.Option("--humans", min=1, max=2, help="1: you against SPEC; 2: two people at one keyboard.")
        ] = 1,
        watch: Annotated[
            tuple[str, str] | None,
            typer.Option("--watch", metavar="A B", help="Watch strategy A (player 0) play strategy B."),
        ] = None,
        delay: Annotated[
            float, typer.Option("--delay", min=0, help="Seconds to pause before a strategy's turn.")
        ] = 0.6,
        seed: Annotated[
            int | None,
            typer.Option("--seed", help="Seed of the dice, for a game you can replay (default: a new one, shown)."),
        ] = None,
        first: Annotated[
            First, typer.Option("--first", help="Who moves first when playing against SPEC: human or strategy.")
        ] = First.human,
        coached: Annotated[
            bool,
            typer.Option(
                "--coach",
                help="After each of your choices, its exact chance to win against SPEC and the best choice's; "
                "at the end, your costliest choices (rules whose state is the two scores).",
            ),
        ] = False,
    ) -> None:
        """Play Hog in the terminal against a strategy, with the dice, the rules that fired and commentary.

        End of input (Ctrl-D) or 'q' leaves the game, showing the score so far.
        With --json the game is shown on stderr and its record is printed on stdout.

        Example: hog play --rules fa24
        """
        if watch is not None and humans == 2:
            raise typer.BadParameter("choose one of --watch and --humans 2")
        if coached and (watch is not None or humans == 2):
            raise typer.BadParameter("--coach is for a game of yours against SPEC, not --watch or --humans 2")
        players = _players(spec, humans, watch, first, rules, goal, db)
        coach = None
        if coached:
            from hog.game_coach import GameCoach
            from strategies.table import StrategyTable

            (computer,) = (p.strategy for p in players if p.strategy is not None)
            assert isinstance(computer, StrategyTable)  # what _players resolved SPEC to
            coach = GameCoach(computer.table, rules)
        if seed is None:
            seed = random.randrange(2**32)
        game = Game(rules, goal=goal, seed=seed)
        out = sys.stderr if as_json else sys.stdout
        out.write(f"Hog, {rules} rules ({get_rules(rules).summary}); first to {goal} wins.\n")
        out.write(f"Dice seed {seed} (--seed {seed} replays these dice).\n")
        out.write(f"{players[0].label} moves first against {players[1].label}.\n\n")
        try:
            _play(game, players, delay, out, coach)
        except (LeftGame, KeyboardInterrupt) as left:
            out.write(f"Game left at {game.scores[0]}-{game.scores[1]}: {_score_line(game, players)}.\n")
            if coach is not None:
                _coach_summary(coach, out)
            out.flush()
            if as_json:
                emit(_record(game, players, left=True, coach=coach), True, lambda: None)
            if isinstance(left, KeyboardInterrupt):
                raise typer.Exit(130) from None
            return
        winner = game.winner
        assert winner is not None  # _play returns once the game is over
        out.write(f"{players[winner].label} wins, {game.scores[0]}-{game.scores[1]}!\n")
        if coach is not None:
            _coach_summary(coach, out)
        out.flush()
        emit(_record(game, players, left=False, coach=coach), as_json, lambda: None)


def _record(game: Game, players: tuple[Player, Player], left: bool, coach: GameCoach | None) -> dict[str, Any]:
    record = game.to_dict() | {"players": [p.label for p in players], "left": left}
    if coach is not None:
        record["coach"] = [asdict(c) | {"cost": c.cost} for c in coach.choices]
    return record
