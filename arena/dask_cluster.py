"""What Dask needs to know to ship a league's tables once per worker.

joblib's Dask backend scatters an argument to the cluster once per run,
instead of pickling it into every task, when ``dask.sizeof`` says it is
larger than 1 kB. A ``TableStack`` is a small Python object around a large
array (100 MB for 10,000 tables at goal 100), which ``dask.sizeof`` counts
as a few dozen bytes unless told otherwise: then the whole stack travels
with every chunk of pairs.
"""

from __future__ import annotations

from hog.exact import TableStack

__all__ = ["register_sizes"]


def register_sizes() -> None:
    """Make ``dask.sizeof`` count a ``TableStack`` as its array's bytes (idempotent)."""
    from dask.sizeof import sizeof

    sizeof.register(TableStack, _stack_bytes)  # type: ignore[no-untyped-call]


def _stack_bytes(stack: TableStack) -> int:
    return int(stack.tables.nbytes)
