"""Helpers for the Starforged tests: a scripted scene driven by action ids.

The helpers are fixtures (no imports between test files), so the test directory needs no
``__init__.py``. ``scene(...)`` builds a :class:`Scene`: a :class:`SceneBatch` of the
``starforged`` ruleset with a dice script and a config, whose state fields can be set and
read by their ``state.py`` names, and which plays a list of actions.
"""

from __future__ import annotations

import numpy as np
import pytest

from scenegym.envs.core.batch import SceneBatch
from scenegym.envs.core.events import NOTE, OUTCOME
from scenegym.envs.core.header import OVER, RESULT, SEAT, TRUNCATED
from scenegym.envs.starforged import state as st
from scenegym.envs.starforged.config import StarforgedConfig
from scenegym.envs.starforged.ruleset import STARFORGED


def dice_rows(dice, num_envs: int) -> np.ndarray:
    """A dice script: one list of faces (every env) or one list per env, zero-padded.

    A trailing 0 is always added, so a rule that rolls one die more than the test
    scripted fails with "scripted dice ran out".
    """
    rows = [list(dice)] * num_envs if not dice or np.ndim(dice[0]) == 0 else [list(r) for r in dice]
    width = max(len(r) for r in rows) + 1
    out = np.zeros((num_envs, width), np.int32)
    for i, r in enumerate(rows):
        out[i, : len(r)] = r
    return out


def column(name: str) -> int:
    """The state column of a field named as in ``scenegym.envs.starforged.state`` (any case)."""
    col = getattr(st, name.upper(), None)
    if not isinstance(col, int):
        raise KeyError(f"no state field {name!r} in scenegym.envs.starforged.state")
    return col


class Scene:
    """A scripted Starforged scene challenge: env 0 (of ``num_envs``) of a :class:`SceneBatch`.

    Args:
        config: The config (default: the seed's rules).
        dice: Faces in the order the rules roll them (see :func:`dice_rows`).
        num_envs: Envs in the batch; every method acts on env ``env`` (default 0).
        illegal: The batch's illegal-action mode.
        seed: Seed of :meth:`SceneBatch.reset` (unused by scripted dice).
    """

    def __init__(self, config: StarforgedConfig | None = None, dice=(), *, num_envs: int = 1,
                 illegal: str = "raise", seed: int = 0):
        self.config = config or StarforgedConfig()
        self.batch = SceneBatch(STARFORGED, self.config, num_envs, log_capacity=512,
                                dice_script=dice_rows(dice, num_envs), illegal=illegal)
        self.batch.reset(seed)
        self.events = [[] for _ in range(num_envs)]

    # -- state by name ----------------------------------------------------------------------
    def set(self, env: int = 0, **fields) -> Scene:
        """Set state fields by name (``momentum=-3``, ``stats=(3, 2, 4, 1, 1)``), then refresh."""
        for name, value in fields.items():
            values = np.atleast_1d(value)
            col = column(name)
            self.batch.state[env, col: col + len(values)] = values
        self.batch.refresh()
        return self

    def get(self, name: str, env: int = 0) -> int:
        """A state field by name (state.py constants or header names: over, result, seat...)."""
        header = {"over": OVER, "result": RESULT, "seat": SEAT, "truncated": TRUNCATED}
        col = header[name] if name in header else column(name)
        return int(self.batch.state[env, col])

    def fields(self, *names, env: int = 0) -> dict:
        """Several fields as a dict, for one readable assert."""
        return {n: self.get(n, env) for n in names}

    @property
    def phase(self) -> int:
        return int(self.batch.state[0, 0])

    def legal(self, env: int = 0) -> list[int]:
        """The legal action ids of env ``env``'s pending decision."""
        return [int(a) for a in np.flatnonzero(self.batch.masks[env])]

    # -- play ---------------------------------------------------------------------------------
    def play(self, *actions):
        """Take env 0's pending decisions in order; returns the last ``(reward, over, truncated)``."""
        result = None
        for a in actions:
            result = self.step_all([a] + [0] * (self.batch.num_envs - 1),
                                   which=np.arange(self.batch.num_envs) == 0)
        return result

    def step_all(self, actions, which=None):
        """One batch step; returns env 0's ``(reward, over, truncated)`` and logs every env."""
        reward, over, trunc = self.batch.step(np.asarray(actions), which)
        for i, evs in enumerate(self.batch.drain_events()):
            self.events[i].extend(evs)
        return float(reward[0]), bool(over[0]), bool(trunc[0])

    def outcomes(self, env: int = 0) -> list[tuple[int, int, int, int]]:
        """Each OUTCOME record so far: ``(outcome, score, roll code, match)``."""
        return [(e.a, e.b, e.c, e.d) for e in self.events[env] if e.kind == OUTCOME]

    def notes(self, code: int, env: int = 0) -> list[tuple[int, int]]:
        """The ``(b, c)`` arguments of each NOTE record with ``code``."""
        return [(e.b, e.c) for e in self.events[env] if e.kind == NOTE and e.a == code]


@pytest.fixture
def scene():
    """Factory of scripted scenes: ``scene(config, dice=[...], **state_fields)``."""

    def make(config=None, dice=(), *, num_envs=1, illegal="raise", **fields):
        s = Scene(config, dice, num_envs=num_envs, illegal=illegal)
        return s.set(**fields) if fields else s

    return make
