"""The solver tests' shared fixture: the value of the small variant (solver_cases.SMALL)."""

import pytest
from solver_cases import SMALL

from scenegym.envs.starforged.solve.induction import solve


@pytest.fixture(scope="module")
def value():
    """The small variant's value (the crew's win probability under optimal play)."""
    return solve(SMALL).value
