"""Each rule set's zero-dice and after-turn rules as standalone Python text.

A readable policy (``strategies.policy_source``) carries its rule set in its
own file, so that it runs with the standard library alone: ``_zero_dice``
and ``_after_turn`` written plainly, plus any helper they need. These are
copies of ``hog.rules`` for goal-sized scores, kept equal to it by the tests
(every score pair a turn can reach, every rule set).
"""

from __future__ import annotations

from hog.rules import get_rules
from hog.rules.numbers import pi_digit

__all__ = ["RULE_SOURCE", "DICE_SOURCE", "OPPONENT_SOURCE", "rule_source"]

_TENS, _ONES = "opponent_score // 10 % 10", "opponent_score % 10"
_SWAP = "    swap = {}\n    return (opponent_score, score, False) if swap else (score, opponent_score, False)"
_KEEP = "    return score, opponent_score, False"
_DIVISORS = (
    "def _divisors(n):\n    return sum(1 for d in range(1, n + 1) if n % d == 0)\n",
    "\n\ndef _next_prime(n):\n    n += 1\n    while _divisors(n) != 2:\n        n += 1\n    return n\n",
)
_HEFTY = (
    "_HEFTY = (lambda v: v + 1, lambda v: v * v, lambda v: 3 * v, lambda v: v // 4, lambda v: v - 5,\n"
    "          lambda v: v % 6, lambda v: int((v % 7) * 8), lambda v: int(v * 8.8),\n"
    "          lambda v: int(v / 99 * 15) + 10, lambda v: v)\n"
)
_MULTIPLES = "score > 1 and opponent_score > 1 and (score % opponent_score == 0 or opponent_score % score == 0)"
_MIN_DIGIT = f"    return 10 - min({_TENS}, {_ONES})"
_BOAR_BRAWL = f"    return max(1, 3 * abs({_TENS} - score % 10))"
_TENS_ONES = f"    return 2 * abs({_TENS} - {_ONES}) + 1"
_LARGER_DIGIT = "1 + int(max(str(opponent_score % 100)))"
_DOUBLE = "score == 2 * opponent_score or opponent_score == 2 * score"
_HOGTIMUS = (
    "_PRIMES = [n for n in range(2, 100) if all(n % d for d in range(2, n))]  # points stay below 70\n\n\n"
    "def _hogtimus(points):\n"
    '    """Hogtimus Prime: prime points become the next prime."""\n'
    "    return _PRIMES[_PRIMES.index(points) + 1] if points in _PRIMES else points\n"
)

#: rule set -> (helper lines, zero-dice body, after-turn body); ``math`` is imported
RULE_SOURCE: dict[str, tuple[str, str, str]] = {
    "more_boar": (
        "",
        "    return 3 + int(min(str(opponent_score**2)))",
        '    mine, theirs = str(score).rjust(2, "0"), str(opponent_score).rjust(2, "0")\n'
        "    return score, opponent_score, mine[0] < theirs[0] and mine[1] < theirs[1]",
    ),
    "hog_pile": (
        "",
        '    return 7 if opponent_score == 0 else int("142857"[(opponent_score - 1) % 6])',
        "    return (2 * score if score == opponent_score else score), opponent_score, False",
    ),
    "swine_swap": (
        "",
        _TENS_ONES,
        _SWAP.format("math.isqrt(score) ** 2 == score"),
    ),
    "square_swine": (
        "",
        _TENS_ONES,
        "    if math.isqrt(score) ** 2 == score:\n        score = (math.isqrt(score) + 1) ** 2\n" + _KEEP,
    ),
    "swine_align": (
        "{pi}",
        "    return 3 + int(_PI_DIGITS[opponent_score])",
        "    align = score > 0 and opponent_score > 0 and math.gcd(score, opponent_score) >= 10\n"
        "    return score, opponent_score, align or 0 < opponent_score - score < 3",
    ),
    "sus_fuss": (
        "".join(_DIVISORS),
        _BOAR_BRAWL,
        "    if _divisors(score) in (3, 4):\n        score = _next_prime(score)\n" + _KEEP,
    ),
    "fuzzy_factors": (
        "",
        _BOAR_BRAWL,
        "    if math.gcd(score, 100) > 10:\n        score += 2 * (math.gcd(score, 100) // 10 % 10)\n" + _KEEP,
    ),
    "pigs_on_prime": (
        "".join(_DIVISORS),
        f"    return max(1, 2 * ({_TENS}) - {_ONES})",
        "    if score == 1 or _divisors(score) == 2:\n        score = _next_prime(score)\n" + _KEEP,
    ),
    "hefty_hogs": (
        _HEFTY,
        "    if opponent_score == 0:\n        return 1\n    value = score\n"
        "    for digit in reversed(str(opponent_score)):\n        value = _HEFTY[int(digit)](value)\n"
        "    return value % 30",
        "    if score % 10 == opponent_score % 10:\n        score += score % 10\n" + _KEEP,
    ),
    "su21": (
        "",
        f"    return 4 + abs({_TENS} - {_ONES})",
        "    mine, theirs = str(score), str(opponent_score)\n"
        "    return score, opponent_score, min(mine) < min(theirs) and max(mine) > max(theirs)",
    ),
    "su20": (
        "",
        f"    return 10 + {_TENS} - {_ONES}",
        _SWAP.format(f"abs(score % 10 - {_ONES}) == {_TENS}"),
    ),
    "sp20": (
        "",
        "    cube = reversed(str((opponent_score % 100) ** 3))\n"
        "    return 1 + abs(sum(int(d) if i % 2 == 0 else -int(d) for i, d in enumerate(cube)))",
        "    power = 3 ** (score + opponent_score)\n" + _SWAP.format("int(str(power)[0]) == power % 10"),
    ),
    "fa19": (
        "",
        _MIN_DIGIT,
        _SWAP.format("int(str(score)[0]) * (score % 10) == int(str(opponent_score)[0]) * (opponent_score % 10)"),
    ),
    "su19": (
        "",
        _MIN_DIGIT,
        _SWAP.format(f"int(str(score)[0]) == {_ONES}"),
    ),
    "sp19": (
        "",
        f"    return 1 + min({_TENS}, {_ONES})",
        "    mine, theirs = score, opponent_score\n"
        "    while mine > 0 and theirs > 0:\n"
        "        if mine % 10 == theirs % 10:\n"
        "            return opponent_score, score, False\n"
        "        mine, theirs = mine // 10, theirs // 10\n" + _KEEP,
    ),
    "fa18": (
        "",
        f"    return max(1, 2 * ({_TENS}) - {_ONES})",
        _SWAP.format(f"abs(score // 10 % 10 - score % 10) == abs({_TENS} - {_ONES})"),
    ),
    "su18": (
        "",
        f"    return 1 + ({_TENS}) * ({_ONES}) % 10",
        _SWAP.format(f"score % 10 == {_TENS}"),
    ),
    "sp18": (
        "",
        f"    return 2 + abs({_TENS} - {_ONES})",
        _SWAP.format(_MULTIPLES),
    ),
    "fa17": ("", f"    return {_LARGER_DIGIT}", _SWAP.format(_MULTIPLES)),
    "sp17": (_HOGTIMUS, f"    return _hogtimus({_LARGER_DIGIT})", _SWAP.format(_DOUBLE)),
    "su17": (_HOGTIMUS, f"    return _hogtimus({_LARGER_DIGIT})", _SWAP.format(_DOUBLE)),
    "fa16": (
        _HOGTIMUS,
        f"    return min(_hogtimus({_LARGER_DIGIT}), 25)  # When Pigs Fly: at most 25 - 0 dice",
        _SWAP.format(_DOUBLE),
    ),
    "su16": (_HOGTIMUS, f"    return _hogtimus({_LARGER_DIGIT})", _SWAP.format("len(set(str(score))) == 1")),
    "sp16": (
        _HOGTIMUS,
        f"    return _hogtimus({_LARGER_DIGIT})",
        _SWAP.format(f"score % 10 == {_TENS} and score // 10 % 10 == {_ONES}"),
    ),
    "fa14": ("", f"    return 1 + abs({_TENS} - {_ONES})", _SWAP.format(_DOUBLE)),
    "fa13": ("", f"    return {_LARGER_DIGIT}", _SWAP.format(_DOUBLE)),
}

#: The contests' rule sets: the semester's two rules (Time Trot is no rule of either).
RULE_SOURCE |= {f"{name}_contest": RULE_SOURCE[name] for name in ("fa17", "fa18", "sp19")}


#: When a Hog Wild rule set rolls four-sided dice, in words.
_HOG_WILD = "Hog Wild rolls four-sided ones when the scores sum to 7 * k"


def _hog_wild(
    points: str, about: str, rolled: str = "n", four_sided: str = "(score + other) % 7 == 0", when: str = _HOG_WILD
) -> tuple[str, str]:
    """The DICE_SOURCE entry of a rule set whose roll of ``n`` dice scores
    POINTS (an expression of ``ones``, the 1s rolled, and ``total``, the sum
    of the others; ABOUT says it in words), ROLLED dice being rolled,
    four-sided where FOUR_SIDED holds (WHEN says when, in words)."""
    text = f'''

def _pig_out(n, sides):
    """How many rolls of n dice score each number of points: {about}."""
    ways, rolls = [0] * (sides * n + 7), [1]  # rolls[k]: ways the dice with no 1 sum to k; Hogtimus adds up to 6
    for ones in range(n, -1, -1):  # n - ones dice show no 1
        for total, count in enumerate(rolls):
            ways[{points}] += math.comb(n, ones) * count
        rolls = [sum(rolls[max(k - sides, 0) : max(k - 1, 0)]) for k in range(len(rolls) + sides)]  # one die more
    return ways


# _CHANCES[four_sided][n]: (points, chance) of n dice; {when}
_CHANCES = [[[(k, w / s**n) for k, w in enumerate(_pig_out(n, s)) if w] for n in range(11)] for s in (6, 4)]
'''
    return text, f"_CHANCES[{four_sided}][{rolled}]"


#: fa16's dice: Pig Out counting every 1, Hogtimus Prime, When Pigs Fly, and
#: Hog Wild re-rolling each odd outcome once (a die of weights 1, 3, 1, 3, 1, 3).
_REROLLED = (
    '''

def _pig_out(n, d):
    """Weighted rolls of n dice (face f weighs d[f - 1]) per points: the 1s if any, else the sum; When Pigs Fly."""
    ways, rolls = [0] * 26, [1]  # rolls[k]: weight of the rolls of the dice with no 1 summing to k
    for ones in range(n, -1, -1):  # n - ones dice show no 1; Hogtimus Prime, then at most 25 - n points
        for total, count in enumerate(rolls):
            ways[min(_hogtimus(ones or total), 25 - n)] += math.comb(n, ones) * d[0] ** ones * count
        rolls = [sum(rolls[k - f] * d[f - 1] for f in range(2, 7) if 0 <= k - f < len(rolls))
                 for k in range(len(rolls) + 6)]  # one die more
    return ways


# _CHANCES[rerolled][n]: (points, chance) of n dice as dealt (six-sided: a table cannot see Pork Chop's exchanges)
_CHANCES = [[[(k, w / sum(d) ** n) for k, w in enumerate(_pig_out(n, d)) if w] for n in range(11)]
            for d in ((1,) * 6, (1, 3) * 3)]  # Hog Wild, the scores summing to 7 * k: odd outcomes rolled again
''',
    "_CHANCES[(score + other) % 7 == 0][n]",
)

#: rule set -> (the text defining ``_CHANCES``, the expression of the chances
#: of rolling ``n`` dice in ``_turn(score, other, ...)``) where the rules change
#: the dice or what they score (Hog Wild's four-sided dice or fa16's re-rolls,
#: Pig Out's points, then Hogtimus Prime and fa16's When Pigs Fly; su16's Hog
#: Tied rolls one die when the scores sum to 10 * k + 7). The text may use
#: ``_ROLLS``.
DICE_SOURCE: dict[str, tuple[str, str]] = {
    "sp17": _hog_wild(
        "_hogtimus(min(ones, 11 - n) if ones else total)", "the 1s if any (at most 11 - n), else the sum"
    ),
    "su16": _hog_wild(
        "_hogtimus(1 if ones else total)",
        "1 if any die is a 1, else the sum",
        "min(n, 1) if (score + other) % 10 == 7 else n",
    ),
    "sp16": _hog_wild("_hogtimus(0 if ones else total)", "0 if any die is a 1, else the sum"),
    "fa14": _hog_wild("1 if ones else total", "1 if any die is a 1, else the sum"),
    "fa13": _hog_wild("1 if ones else total", "1 if any die is a 1, else the sum"),
    "su17": _hog_wild(
        "_hogtimus(1 if ones else total)",
        "1 if any die is a 1, else the sum",
        four_sided="0",
        when="six-sided ones here: the dice as dealt (a table cannot see whether Perfect Piggy exchanged them)",
    ),
    "fa16": _REROLLED,
}

#: rule set -> the opponent's score after a turn in ``_turn(score, other, ...)``
#: where a turn can give the opponent points (sp16's Piggy Back).
OPPONENT_SOURCE = {"sp16": "other + (n if points == 0 else 0)"}


def rule_source(rules: str, goal: int) -> str:
    """The helpers and the two rule functions of RULES for scores below GOAL
    plus a turn's points (they may call ``math``'s functions)."""
    helpers, zero_dice, after_turn = RULE_SOURCE[rules]
    if "{pi}" in helpers:
        digits = "".join(str(pi_digit(n)) for n in range(goal))
        chunks = "\n".join(f'    "{digits[i : i + 60]}"' for i in range(0, goal, 60))
        helpers = f"_PI_DIGITS = (  # 3, then the digits of pi after the point\n{chunks}\n)\n"

    rule_set = get_rules(rules)
    zero_doc = f"{rule_set.zero_dice_rule}: the points of rolling zero dice."
    after_doc = f"{rule_set.after_turn_rule}: (score, opponent_score, extra turn) once the points are in."
    return (
        (f"{helpers}\n\n" if helpers else "")
        + f'def _zero_dice(score, opponent_score):\n    """{zero_doc}"""\n{zero_dice}\n\n\n'
        + f'def _after_turn(score, opponent_score):\n    """{after_doc}"""\n{after_turn}\n'
    )
