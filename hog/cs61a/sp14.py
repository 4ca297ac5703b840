"""The course's ``hog.py`` of Spring 2014: the rules of Fall 2013 (rule set
``fa13``), whose module this is but for the strategies, which take
parameters: ``bacon_strategy(score, opponent_score, margin=8, num_rolls=5)``
and ``swap_strategy`` (the same parameters).

Its functions are made by ``hog.cs61a._fa13.define``.

>>> bacon_strategy(0, 12), bacon_strategy(0, 12, margin=3), swap_strategy(11, 30, num_rolls=2)
(5, 0, 0)
"""

from hog.cs61a._fa13 import define

__all__ = define(globals(), parameters=True)
