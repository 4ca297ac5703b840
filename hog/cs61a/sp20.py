"""The course's ``hog.py`` of Spring 2020 (rule set ``sp20``): Pig Out, Free
Bacon (the digits of the cube), Feral Hogs (the previous turn's points) and
Swine Swap (3 to the total score starts and ends with the same digit), with
commentary.

Its functions are made from its entry in ``hog.cs61a._swap_years.YEARS``.

>>> play(always_roll(1), always_roll(1), dice=make_test_dice(3), goal=5)
(9, 3)
"""

from hog.cs61a._swap_years import define_year

__all__ = define_year(globals(), "sp20")
