"""The course's ``hog.py`` of Summer 2020 (rule set ``su20``): Pig Out, Free
Bacon (10 plus the tens digit minus the ones digit), Feral Hogs (the previous
turn's points) and Swine Swap (the ones digits differ by the opponent's tens
digit), with commentary.

Its functions are made from its entry in ``hog.cs61a._swap_years.YEARS``.

>>> play(always_roll(1), always_roll(1), dice=make_test_dice(3), goal=5)
(9, 3)
"""

from hog.cs61a._swap_years import define_year

__all__ = define_year(globals(), "su20")
