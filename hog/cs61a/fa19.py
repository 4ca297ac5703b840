"""The course's ``hog.py`` of Fall 2019 (rule set ``fa19``): Pig Out, Free
Bacon (10 minus the smaller digit), Feral Hogs (the previous dice count) and
Swine Swap (the leading digit times the ones digit is the same for both
scores), with commentary.

Its functions are made from its entry in ``hog.cs61a._swap_years.YEARS``.

>>> play(always_roll(1), always_roll(1), dice=make_test_dice(3), goal=5)
(6, 3)
"""

from hog.cs61a._swap_years import define_year

__all__ = define_year(globals(), "fa19")
