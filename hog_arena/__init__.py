"""The applications on top of the library: the ``hog`` command
(:mod:`hog_arena.cli`) and the web arena it serves (:mod:`hog_arena.web`).

They live under the distribution's own name so that installing Hog Arena does
not claim the generic import names ``cli`` and ``web``. Nothing in the
library (``hog``, ``strategies``, ``arena``, ``evolve``, ``results``) imports
this package; see docs/architecture.md, "Packaging"."""
