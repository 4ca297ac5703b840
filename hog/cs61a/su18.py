"""The course's ``hog.py`` of Summer 2018 (rule set ``su18``): Pig Out, Free
Bacon (1 plus the ones digit of the product of the two digits) and Swine Swap
(the player's ones digit equals the opponent's tens digit), with commentary.

Its functions are made from its entry in ``hog.cs61a._swap_years.YEARS``.

>>> play(always_roll(1), always_roll(1), dice=make_test_dice(3), goal=5)
(6, 3)
"""

from hog.cs61a._swap_years import define_year

__all__ = define_year(globals(), "su18")
