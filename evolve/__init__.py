"""Evolution of a family's parameters with DEAP, into a final strategy.

Runs live in the results store (``evolve.run``); each generation is DEAP's
(mu + lambda) step, checkpointed (``evolve.algorithm``), over genomes made
and varied by the library's operators (``evolve.genome``) and scored by
exact win rates (``evolve.fitness``).
"""
