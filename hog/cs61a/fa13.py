"""The course's ``hog.py`` of Fall 2013 (rule set ``fa13``): Hog Wild
(four-sided dice when the sum of the scores is a multiple of 7), Pig Out,
Free Bacon (1 plus the larger digit, in ``take_turn``) and Swine Swap when
one score is double the other. ``play(strategy0, strategy1, goal)`` starts at
0-0 and takes no dice: each turn's dice come from ``select_dice``. The
strategies read ``BACON_MARGIN`` and ``BASELINE_NUM_ROLLS`` at call time.

Its functions are made by ``hog.cs61a._fa13.define``.

>>> take_turn(0, 47), take_turn(2, 0, make_test_dice(3, 4)), bacon_strategy(0, 77), bacon_strategy(0, 12)
(8, 7, 0, 5)
"""

from hog.cs61a._fa13 import define

__all__ = define(globals(), parameters=False)
