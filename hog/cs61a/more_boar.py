"""The course's ``hog.py`` for the ``more_boar`` rules: Sow Sad, Piggy Points
and More Boar, with commentary.

Its functions are made from its entry in ``hog.cs61a._more_boar.SEMESTERS``.

>>> play(always_roll(5), always_roll(3), score0=91, score1=10, dice=make_test_dice(3))
(106, 10)
>>> piggy_points(4), piggy_points(10), piggy_points(94), piggy_points(0), piggy_points(24)
(4, 3, 6, 3, 8)
>>> more_boar(21, 43), more_boar(22, 43), more_boar(43, 21), more_boar(12, 12), more_boar(7, 8)
(True, True, False, False, False)
>>> piggypoints_strategy(0, 3, cutoff=8, num_rolls=5), piggypoints_strategy(9, 0, cutoff=6, num_rolls=5)
(0, 5)
>>> more_boar_strategy(3, 19), more_boar_strategy(30, 54, cutoff=7)
(0, 6)
"""

from hog.cs61a._more_boar import define

__all__ = define(globals(), "more_boar")
