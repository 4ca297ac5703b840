"""A league that ``hog league --backend dask`` stores from a real Dask cluster
(worker processes) is the league joblib runs locally, bit for bit, with the
same leaderboard; and with the tables' size registered
(``arena.dask_cluster``), Dask receives the stack of tables once per league."""

import json
import os
import subprocess
import sys

import numpy as np
import pytest

from arena.dask_cluster import local_cluster, register_sizes
from arena.league import LeagueSettings, run_league
from arena.match import Lineup
from arena.ranking import rank
from arena.tournament import run_stored_league
from hog.rules import Start, get_rules
from results.store import open_store
from strategies.table import StrategyTable

distributed = pytest.importorskip("distributed")

RULES, GOAL = "square_swine", 40


def random_tables(count: int, seed: int = 3) -> list[StrategyTable]:
    rng = np.random.default_rng(seed)
    return [StrategyTable(rng.integers(0, 11, size=(GOAL, GOAL)), RULES, f"entry {k}", "file") for k in range(count)]


@pytest.fixture(scope="module")
def scheduler():
    environment = dict(os.environ)
    with local_cluster(2) as cluster:
        assert dict(os.environ) == environment  # the nanny's settings stay out of this process
        yield cluster.scheduler_address


def test_the_workers_run_without_dasks_malloc_trim_threshold(scheduler):
    with distributed.Client(scheduler) as client:
        seen = client.run(os.environ.get, "MALLOC_TRIM_THRESHOLD_")
    assert list(seen.values()) == [None, None]


def test_hog_league_on_the_cluster_stores_joblibs_league(tmp_path, scheduler):
    entries = random_tables(9)
    with open_store(str(tmp_path / "dask.db")) as store:
        for table in entries:
            store.add_strategy(table)
    command = ["league", "--all", "--rules", RULES, "--goal", str(GOAL), "--json"]
    command += ["--db", str(tmp_path / "dask.db"), "--backend", "dask", "--scheduler", scheduler]
    done = subprocess.run([sys.executable, "-m", "hog_arena.cli.main", *command], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    with open_store(str(tmp_path / "loky.db")) as store:
        local = store.league_results(run_stored_league(store, entries, LeagueSettings("exact"), jobs=2).id)
    with open_store(str(tmp_path / "dask.db")) as store:
        remote = store.league_results(store.latest_league(RULES, GOAL).id)
    for name in ("rates", "first", "second"):
        assert np.array_equal(getattr(local, name), getattr(remote, name), equal_nan=True), name
    assert np.isnan(local.rates).sum() == len(entries)  # every match stored, the diagonal empty
    assert rank(remote) == rank(local)
    assert [row["name"] for row in json.loads(done.stdout)["rows"]] == [row.name for row in rank(local)]


@pytest.mark.parametrize("method", ["exact", "simulate"])
def test_hog_league_with_bids_on_the_cluster_stores_joblibs_league_from_the_start(tmp_path, scheduler, method):
    rng = np.random.default_rng(4)
    entries = [StrategyTable(rng.integers(0, 11, size=(GOAL, GOAL)), "fa14", f"bidder {k}", "file") for k in range(5)]
    with open_store(str(tmp_path / "dask.db")) as store:
        for table in entries:
            store.add_strategy(table)
    command = ["league", "--all", "--rules", "fa14", "--goal", str(GOAL), "--bids", "9,2", "--method", method, "--json"]
    command += ["--db", str(tmp_path / "dask.db"), "--backend", "dask", "--scheduler", scheduler]
    command += ["--games", "200"] if method == "simulate" else []
    done = subprocess.run([sys.executable, "-m", "hog_arena.cli.main", *command], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    settings = LeagueSettings(method, 200, 0, Start.of_bids(get_rules("fa14"), 9, 2, GOAL))
    with open_store(str(tmp_path / "loky.db")) as store:
        local = store.league_results(run_stored_league(store, entries, settings, jobs=2).id)
    with open_store(str(tmp_path / "dask.db")) as store:
        remote = store.league_results(store.latest_league("fa14", GOAL).id)
    assert remote.league.start == local.league.start == Start(2, 9, 0)
    for name in ("rates", "first", "second"):
        assert np.array_equal(getattr(local, name), getattr(remote, name), equal_nan=True), name
    assert np.isnan(local.rates).sum() == len(entries)


def test_registered_sizes_send_the_tables_once(monkeypatch, scheduler):
    from dask.sizeof import sizeof

    lineup = Lineup.of(random_tables(12, seed=5))
    register_sizes()
    assert sizeof(lineup.stack) == lineup.stack.tables.nbytes == 12 * GOAL * GOAL
    scattered = []
    real = distributed.Client.scatter

    def spy(self, data, *args, **kwargs):
        scattered.append(type(data).__name__)
        return real(self, data, *args, **kwargs)

    monkeypatch.setattr(distributed.Client, "scatter", spy)
    on_dask = run_league(lineup, LeagueSettings("exact"), backend="dask", scheduler=scheduler, chunk_size=6)
    local = run_league(lineup, LeagueSettings("exact"), jobs=1)
    assert scattered == ["TableStack"]  # 66 pairs in 11 chunks, one stack sent
    assert (on_dask.pairs == local.pairs).all()
    assert (on_dask.first == local.first).all() and (on_dask.second == local.second).all()
