"""Evolution of a family's parameters with DEAP, into a final strategy.

Runs live in the results store (``evolve.run``); each generation samples
its offspring from DEAP's CMA-ES by default (``evolve.cmaes``; DEAP's
(mu + lambda) variation on request), checkpointed (``evolve.algorithm``),
over genomes made and varied by the library's operators
(``evolve.genome``) and scored by exact win rates (``evolve.fitness``).
"""
