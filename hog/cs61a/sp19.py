"""The course's ``hog.py`` of Spring 2019 (rule set ``sp19``): Pig Out, Free
Bacon (1 plus the smaller digit) and Swine Swap (the two scores have an
equal digit in the same place value), with commentary.

Its functions are made from its entry in ``hog.cs61a._swap_years.YEARS``.

>>> play(always_roll(1), always_roll(1), score0=10, score1=20, dice=make_test_dice(3), goal=30)
(32, 19)
"""

from hog.cs61a._swap_years import define_year

__all__ = define_year(globals(), "sp19")
