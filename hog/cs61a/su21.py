"""The course's ``hog.py`` for the ``su21`` rules (Summer 2021): Pig Out,
Piggy Points (4 + the difference of the last two digits) and More Boar
(smallest and largest digits), with commentary.

Its functions are made from its entry in ``hog.cs61a._more_boar.SEMESTERS``.

>>> play(always_roll(0), always_roll(1), score0=21, score1=43, dice=make_test_dice(3), goal=50)
(52, 49)
>>> piggy_points(14), piggy_points(9), piggy_points(156), piggy_points(0)
(7, 13, 5, 4)
>>> more_boar(25, 43), more_boar(7, 10), more_boar(709, 897)
(True, False, False)
>>> piggypoints_strategy(0, 9), piggypoints_strategy(0, 14), piggypoints_strategy(0, 14, cutoff=7, num_rolls=5)
(0, 6, 0)
>>> more_boar_strategy(21, 43), more_boar_strategy(0, 14)  # 21 + 5 = 26 against 43: an extra turn
(0, 6)
"""

from hog.cs61a._more_boar import define

__all__ = define(globals(), "su21")
