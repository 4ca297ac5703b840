"""The kernels a first run compiles: one specialisation of each, whichever
command asks (counted in a fresh process, never timed).

numba compiles a kernel again for every new combination of argument types:
a literal constant where other callers pass a boolean, a writable array
where others pass a read-only one. Each costs a first run seconds (README,
"Benchmarks": the first command after an install), so a league, a match
and a solve of the same rule set must share every kernel's compilation.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

#: Runs hog's commands in one process, then prints each njit kernel's signatures.
PROBE = """
import json, sys
from numba.core.registry import CPUDispatcher
from hog_arena.cli.main import main
db, rules = sys.argv[1:]
for command in (
    ["league", "--db", db],
    ["match", "always_roll(4)", "final_strategy"],
    ["match", "always_roll(5)", "always_roll(6)"],
    ["solve", "--opponent", "always_roll(5)"],
    ["solve"],
):
    assert main([*command, "--rules", rules, "--goal", "30", "--json"]) in (0, None)
import hog.kernels, hog.state_kernels, hog.swap_kernels, hog.trot_kernels
kernels = {
    f"{module.__name__}.{name}": [str(signature) for signature in kernel.signatures]
    for module in (hog.kernels, hog.state_kernels, hog.swap_kernels, hog.trot_kernels)
    for name, kernel in vars(module).items()
    if isinstance(kernel, CPUDispatcher)
}
print(json.dumps(kernels), file=sys.stderr)
"""


@pytest.mark.parametrize("rules", ["sus_fuss", "fa19", "fa17_contest", "su17"])
def test_a_league_a_match_and_a_solve_share_each_kernel(tmp_path, rules):
    done = subprocess.run(
        [sys.executable, "-c", PROBE, f"sqlite:///{tmp_path / 'hog.db'}", rules],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-4000:]
    kernels = json.loads(done.stderr.strip().splitlines()[-1])
    compiled = {name: signatures for name, signatures in kernels.items() if signatures}
    assert compiled, "no kernel was compiled"
    repeated = {name: signatures for name, signatures in compiled.items() if len(signatures) > 1}
    assert not repeated
    assert not any("Literal[bool]" in signature for signatures in compiled.values() for signature in signatures)
