"""Scripted scenes for rule tests of every ruleset: scripted dice in, named state out.

``pyproject.toml`` puts ``tests/`` on ``sys.path`` (pytest ``pythonpath``), so any test or
``conftest.py`` can ``from scripted import scripted_scene``::

    s = scripted_scene("starforged", dice=[6, 2, 3], state={"momentum": 4}, max_moves=5)
    s.play(st.A_FACE_DANGER)              # -> Step(reward, over, truncated) of env 0
    s.get("progress"), s.fields("clock", "momentum"), s.legal(), s.notes(st.NOTE_BURN)

A scene is a :class:`SceneBatch` of ``num_envs`` envs (env 0 unless a method is told
otherwise) whose dice come from the script, with the event log on and drained after every
step. State fields are read and written by the names of the ruleset's state module (any case)
or of the shared header (``phase``, ``seat``, ``over``, ``result`` ...). ``auto`` plays a
ruleset's routine choices (a ``policy``) until a named decision is pending.

The state module of a ruleset is found from where its rules live, never from its name (one
rules package may serve several ruleset ids: ``sta`` and ``sta_social``): the ``state``
module beside the module of its rules functions or of its config type (the built-in shape,
``scenegym/envs/sta/state.py``), else the module that defines its rules (a plug-in's single
file).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from typing import NamedTuple

import numpy as np

from scenegym.envs.core import header
from scenegym.envs.core.batch import SceneBatch
from scenegym.envs.core.events import DIE, NOTE, OUTCOME, EventRecord
from scenegym.envs.core.ruleset import Ruleset
from scenegym.envs.rulesets import get_ruleset

HEADER_COLUMNS = ("phase", "seat", "over", "result", "truncated", "episode", "decisions", "lead",
                  "lead_changes", "margin", "forfeited", "payout", "paid", "gm_extra")
LOG_CAPACITY = 4096  # records per env between two drains (one step)


class Step(NamedTuple):
    """Env 0's outcome of the last decision played."""

    reward: float
    over: bool
    truncated: bool


def dice_rows(dice, num_envs: int) -> np.ndarray:
    """A dice script: one list of faces (for every env) or one list per env, zero-padded.

    A trailing 0 is always added, so a rule that rolls one die more than the test scripted
    fails with "scripted dice ran out".
    """
    dice = list(dice)
    per_env = bool(dice) and np.ndim(dice[0]) > 0
    rows = [list(r) for r in dice] if per_env else [dice] * num_envs
    if len(rows) != num_envs:
        raise ValueError(f"dice: {len(rows)} per-env scripts for {num_envs} envs")
    out = np.zeros((num_envs, max(len(r) for r in rows) + 1), np.int32)
    for i, r in enumerate(rows):
        out[i, : len(r)] = r
    return out


def rules_modules(ruleset: Ruleset) -> list[str]:
    """The modules a ruleset's rules live in: those of its rules functions (a numba
    dispatcher's Python function), then of its config type; each once, in that order."""
    found = []
    for obj in (*ruleset.rules, ruleset.config_type):
        module = getattr(getattr(obj, "py_func", obj), "__module__", None)
        if module and module not in found:
            found.append(module)
    return found


def state_module(ruleset: Ruleset):
    """The module naming a ruleset's state columns (see the module docstring): the ``state``
    module of the package its rules live in, else the module that defines its rules."""
    modules = rules_modules(ruleset)
    for module in modules:
        package = module.rpartition(".")[0]
        if not package:
            continue  # a top-level module (a plug-in's single file) has no package
        name = f"{package}.state"
        try:
            return importlib.import_module(name)
        except ModuleNotFoundError as missing:
            if missing.name != name:
                raise  # the state module exists but imports something missing
    return importlib.import_module(modules[0])


def state_columns(ruleset: Ruleset, state_size: int) -> dict[str, int]:
    """Column of every named state field: the header's and those of the ruleset's state module.

    A ruleset's fields are its state module's integer constants inside the ruleset's part of
    the row (``HEADER_SIZE <= column < state_size``), so phase codes and action ids that
    share the module are not mistaken for columns; names the header defines are its own.
    """
    columns = {name: getattr(header, name.upper()) for name in HEADER_COLUMNS}
    for name, value in vars(state_module(ruleset)).items():
        if (name.isupper() and type(value) is int and name != "STATE_SIZE"
                and name not in vars(header) and header.HEADER_SIZE <= value < state_size):
            columns.setdefault(name.lower(), value)
    return columns


class ScriptedScene:
    """A batch of scenes of one ruleset with scripted dice, read and played by name.

    Args:
        ruleset: A :class:`Ruleset` or its id (``"starforged"``).
        config: The ruleset's config (default: its defaults).
        dice: Faces in the order the rules roll them (see :func:`dice_rows`).
        state: State fields to set after Begin the Scene, by name (see :meth:`set`).
        num_envs: Envs in the batch.
        illegal: The batch's illegal-action mode (``"raise"`` or ``"lose"``).
        policy: ``policy(scene) -> action``: the routine choice :meth:`auto` plays.
        **overrides: Config fields to change (as ``gym.make(id, field=value)``).
    """

    def __init__(self, ruleset: Ruleset | str, config=None, *, dice=(), state=None,
                 num_envs: int = 1, illegal: str = "raise",
                 policy: Callable[[ScriptedScene], int] | None = None, **overrides):
        self.ruleset = get_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
        config = self.ruleset.config_type() if config is None else config
        self.config = config.replace(**overrides) if overrides else config
        self.batch = SceneBatch(self.ruleset, self.config, num_envs, log_capacity=LOG_CAPACITY,
                                dice_script=dice_rows(dice, num_envs), illegal=illegal)
        self.columns = state_columns(self.ruleset, self.batch.state.shape[1])
        self.policy = policy
        self._events: list[list[EventRecord]] = [[] for _ in range(num_envs)]
        self.batch.reset(0)
        self._drain()
        if state:
            self.set(**state)

    # -- state by name ----------------------------------------------------------------------
    def column(self, name: str) -> int:
        """The state column of a field named as in the header or the ruleset's state.py."""
        try:
            return self.columns[name.lower()]
        except KeyError:
            raise KeyError(f"no state field {name!r} in the header or "
                           f"{state_module(self.ruleset).__name__}") from None

    def get(self, name: str, offset: int = 0, *, env: int = 0) -> int:
        """A state field (``get("wounds", 2)``: the field's column + 2, e.g. PC 2's)."""
        return int(self.batch.state[env, self.column(name) + offset])

    def fields(self, *names: str, env: int = 0) -> dict[str, int]:
        """Several fields as a dict, for one readable assert."""
        return {n: self.get(n, env=env) for n in names}

    def set(self, env: int = 0, **fields) -> ScriptedScene:
        """Set fields by name (a sequence fills consecutive columns), then recompute the
        masks and observations."""
        for name, value in fields.items():
            values = np.atleast_1d(value)
            col = self.column(name)
            self.batch.state[env, col: col + len(values)] = values
        self.batch.refresh()
        return self

    @property
    def state(self) -> np.ndarray:
        """Env 0's state row (a view: header, then the ruleset's fields)."""
        return self.batch.state[0]

    @property
    def phase(self) -> int:
        """Env 0's pending decision (``OVER_PHASE`` once the scene is over)."""
        return self.get("phase")

    def legal(self, env: int = 0) -> list[int]:
        """The legal action ids of the pending decision."""
        return [int(a) for a in np.flatnonzero(self.batch.masks[env])]

    # -- events -------------------------------------------------------------------------------
    def events(self, env: int = 0) -> list[EventRecord]:
        """Every event record of ``env`` so far, Begin the Scene included."""
        return list(self._events[env])

    def notes(self, code: int, env: int = 0) -> list[tuple[int, int, int]]:
        """The ``(b, c, d)`` arguments of each NOTE record with ``code``."""
        return [(e.b, e.c, e.d) for e in self._events[env] if e.kind == NOTE and e.a == code]

    def outcomes(self, env: int = 0) -> list[tuple[int, int, int, int]]:
        """The ``(a, b, c, d)`` of each OUTCOME record (outcome code, detail, roll code, ...)."""
        return [tuple(e[1:]) for e in self._events[env] if e.kind == OUTCOME]

    def dice_rolled(self, purpose: int, env: int = 0) -> list[int]:
        """Faces of every die rolled for ``purpose`` (a ruleset's DIE_* code)."""
        return [e.b for e in self._events[env] if e.kind == DIE and e.c == purpose]

    def _drain(self):
        for i, records in enumerate(self.batch.drain_events()):
            self._events[i].extend(records)

    # -- play ---------------------------------------------------------------------------------
    def play(self, *actions: int) -> Step:
        """Take env 0's pending decisions in order (other envs wait); the last :class:`Step`."""
        which = np.arange(self.batch.num_envs) == 0
        result = None
        for a in actions:
            result = self.step_all([a] + [0] * (self.batch.num_envs - 1), which)
        return result

    def step_all(self, actions: Sequence[int], which=None) -> Step:
        """One batch step (``which``: the envs that decide, default every running one)."""
        reward, over, truncated = self.batch.step(np.asarray(actions), which)
        self._drain()
        return Step(float(reward[0]), bool(over[0]), bool(truncated[0]))

    def auto(self, until: int | None = None, max_steps: int = 2000, **fields) -> ScriptedScene:
        """Play the ``policy``'s choices until phase ``until`` is pending with ``fields``
        (state names, e.g. ``round=2``); ``until=None`` plays to the end of the scene.

        Raises:
            AssertionError: The scene ended, or ``max_steps`` passed, before that decision.
        """
        for _ in range(max_steps):
            if until is not None and self.phase == until and all(
                    self.get(k) == v for k, v in fields.items()):
                return self
            if self.get("over"):
                if until is None:
                    return self
                raise AssertionError(f"the scene ended before phase {until} with {fields}")
            self.play(self.policy(self))
        raise AssertionError(f"phase {until} with {fields} never came in {max_steps} steps")


def scripted_scene(ruleset: Ruleset | str, config=None, **kwargs) -> ScriptedScene:
    """A :class:`ScriptedScene` (same arguments)."""
    return ScriptedScene(ruleset, config, **kwargs)
