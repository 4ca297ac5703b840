"""The course's ``hog.py`` of Fall 2017 (rule set ``fa17``): Pig Out, Free
Bacon (1 plus the largest digit) and Swine Swap (one score is a multiple of the
other), with commentary.

Its functions are made from its entry in ``hog.cs61a._swap_years.YEARS``.

>>> play(always_roll(1), always_roll(1), dice=make_test_dice(3), goal=5)
(3, 6)
"""

from hog.cs61a._swap_years import define_year

__all__ = define_year(globals(), "fa17")
