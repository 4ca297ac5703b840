"""What Dask needs to run a league's chunks as fast as joblib does.

Two things, both measured by ``benchmarks/bench_dask.py``:

- joblib's Dask backend scatters an argument to the cluster once per run,
  instead of pickling it into every task, when ``dask.sizeof`` says it is
  larger than 1 kB. A ``TableStack`` is a small Python object around a large
  array (100 MB for 10,000 tables at goal 100), which ``dask.sizeof`` counts
  as a few dozen bytes unless ``register_sizes`` tells it otherwise.
- Dask's nanny starts worker processes with ``MALLOC_TRIM_THRESHOLD_=65536``
  (``distributed.nanny.pre-spawn-environ``). Setting it turns off glibc's
  adaptive mmap threshold, so buffers over 128 KiB are mapped and unmapped
  on every allocation: 65 to 80% more CPU per pair while the exact kernels
  allocated theirs for every pair. They now allocate them once per block of
  pairs and the setting costs nothing measurable; ``local_cluster`` still
  starts workers without it, and keeps the nanny's settings out of this
  process's environment (docs/cluster.md).
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from typing import Any

from hog.exact import TableStack

__all__ = ["TRIM_SETTING", "local_cluster", "register_sizes"]

#: The Dask setting that puts MALLOC_TRIM_THRESHOLD_ in worker processes' environment.
TRIM_SETTING = "distributed.nanny.pre-spawn-environ.MALLOC_TRIM_THRESHOLD_"


def register_sizes() -> None:
    """Make ``dask.sizeof`` count a ``TableStack`` as its array's bytes (idempotent)."""
    from dask.sizeof import sizeof

    sizeof.register(TableStack, _stack_bytes)  # type: ignore[no-untyped-call]


def _stack_bytes(stack: TableStack) -> int:
    return int(stack.tables.nbytes)


@contextlib.contextmanager
def local_cluster(workers: int, *, dask_malloc: bool = False) -> Iterator[Any]:
    """A ``distributed.LocalCluster`` of WORKERS processes, one thread each,
    without Dask's MALLOC_TRIM_THRESHOLD_ unless DASK_MALLOC. This process's
    environment is left as it was (the nanny writes its settings into it,
    where later joblib workers would inherit them)."""
    import dask
    from distributed import LocalCluster

    saved = dict(os.environ)
    try:
        with dask.config.set({} if dask_malloc else {TRIM_SETTING: None}):
            cluster = LocalCluster(  # type: ignore[no-untyped-call]
                n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=":0"
            )
    finally:
        os.environ.clear()
        os.environ.update(saved)
    with cluster:
        yield cluster
