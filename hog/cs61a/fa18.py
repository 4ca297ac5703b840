"""The course's ``hog.py`` of Fall 2018 (rule set ``fa18``): Pig Out, Free
Bacon (twice the tens digit minus the ones digit) and Swine Swap (the same
difference between the two digits), with commentary.

Its functions are made from its entry in ``hog.cs61a._swap_years.YEARS``.

>>> play(always_roll(1), always_roll(1), dice=make_test_dice(3), goal=5)
(6, 3)
"""

from hog.cs61a._swap_years import define_year

__all__ = define_year(globals(), "fa18")
