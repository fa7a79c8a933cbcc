"""A batch of episodes of one ruleset: the engine every env, agent and playtest runs on.

The class keeps its first name, ``SceneBatch``; its unit is the episode (see
:mod:`scenegym.envs.core.header`).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from scenegym.envs.core import snapshot
from scenegym.envs.core.dice import make_dice, script_length
from scenegym.envs.core.events import ALL_KINDS, EVENT_WIDTH, EventLog, drain, make_log
from scenegym.envs.core.header import EPISODE, OVER, PHASE, SEAT, SEAT_NAMES
from scenegym.envs.core.kernels import entry_point
from scenegym.envs.core.memory import check_memory, row_bytes
from scenegym.envs.core.params import as_record
from scenegym.envs.core.ruleset import Ruleset
from scenegym.envs.core.seeds import check_seed
from scenegym.envs.core.seeds import fresh_seed as fresh_seed  # re-exported
from scenegym.envs.core.snapshot import Snapshot

ILLEGAL_MODES = ("raise", "lose")  # indices match scenegym.envs.core.kernels.RAISE / LOSE


def engine_bytes(layout, log_capacity: int = 0, script_length: int = 0) -> int:
    """Bytes per env that a :class:`SceneBatch` of ``layout`` allocates: its state row,
    observation and mask, ids (as given or made, and their uint64 copy), dice (keys, counts
    and ``script_length`` scripted faces), event log (``log_capacity`` records and a
    length), reward, flags and action buffers."""
    return (row_bytes(np.int32, layout.state_size) + row_bytes(np.float32, layout.obs_size)
            + row_bytes(np.bool_, layout.num_actions)
            + 2 * row_bytes(np.uint64)  # env_ids and the ids they are made from
            + row_bytes(np.uint64) + row_bytes(np.int64) + row_bytes(np.int32, script_length)
            + row_bytes(np.int32, EVENT_WIDTH * log_capacity) + row_bytes(np.int64)
            + row_bytes(np.float32) + row_bytes(np.int64)  # reward, action buffer
            + 4 * row_bytes(np.bool_))  # all, over, truncated, which


class SceneBatch:
    """``num_envs`` independent episodes of one ruleset, stepped together.

    The state is batch-first: ``state[i]`` is env ``i``'s row (header, then ruleset fields).
    Scene ``k`` of env ``i`` uses dice that depend only on ``(seed, env_ids[i], k)``.

    Args:
        ruleset: The game.
        config: A config of ``ruleset.config_type``.
        num_envs: Batch size.
        env_ids: Global id of each env (default ``0..num_envs-1``); an env alone replays
            env ``i`` of a larger batch when given ``env_ids=[i]``.
        log_capacity: Event-log records per env between drains (0: log off).
        log_kinds: The kinds of record the log keeps (default: every kind; see
            :mod:`scenegym.envs.core.events`).
        dice_script: Scripted faces, int[num_envs, L] (tests).
        illegal: ``"raise"`` refuses an illegal action; ``"lose"`` ends that episode as a
            loss for the seat that made it.

    A batch is cloned exactly (:meth:`clone`, ``copy.deepcopy``, ``pickle``: the same future
    dice) or with fresh chance (``clone(chance=seed)``, :meth:`reseed`); its state is a
    record (:meth:`get_state`, :meth:`set_state`; :mod:`scenegym.envs.core.snapshot`).
    """

    def __init__(self, ruleset: Ruleset, config, num_envs: int, *, env_ids=None,
                 log_capacity: int = 0, log_kinds=ALL_KINDS, dice_script=None,
                 illegal: str = "raise"):
        if not isinstance(config, ruleset.config_type):
            raise TypeError(f"config must be a {ruleset.config_type.__name__}, "
                            f"got {type(config).__name__}")
        if int(num_envs) < 1:
            raise ValueError(f"num_envs must be at least 1, got {num_envs}")
        if illegal not in ILLEGAL_MODES:
            raise ValueError(f"illegal must be one of {ILLEGAL_MODES}, got {illegal!r}")
        self.ruleset, self.config, self.num_envs, self.illegal = ruleset, config, num_envs, illegal
        self.layout = layout = ruleset.layout_of(config)
        check_memory(ruleset.name, int(num_envs),
                     engine_bytes(layout, log_capacity, script_length(dice_script)))
        self.params = as_record(ruleset.params(config))
        ids = np.arange(num_envs) if env_ids is None else np.asarray(env_ids)
        if ids.shape != (num_envs,) or (ids < 0).any():
            raise ValueError(f"env_ids must be {num_envs} non-negative integers")
        self.env_ids = ids.astype(np.uint64)
        self.state = np.zeros((num_envs, layout.state_size), np.int32)
        self.dice = make_dice(num_envs, dice_script)
        self.log_capacity = int(log_capacity)
        self.log_kinds = tuple(log_kinds)
        self.log: EventLog = make_log(num_envs, log_capacity, log_kinds)
        self.masks = np.zeros((num_envs, layout.num_actions), np.bool_)
        self._obs = np.zeros((num_envs, layout.obs_size), np.float32)
        self._stale = np.zeros(num_envs, np.bool_)  # observations not rendered yet (step)
        self._any_stale = False
        self._seed = np.zeros(1, np.uint64)  # read by the compiled begin
        # moves on whenever the seed or the observations' array changes: a caller that
        # prepared arguments holding either prepares them again when it differs
        self.arrays_version = 0
        self._all = np.ones(num_envs, np.bool_)
        self.illegal_code = ILLEGAL_MODES.index(illegal)
        self._reward = np.zeros(num_envs, np.float32)
        # what the adversarial GM is paid beyond the negative of the crew's reward (cut-offs)
        self.gm_extra = np.zeros(num_envs, np.float32)
        self._over = np.zeros(num_envs, np.bool_)
        self._truncated = np.zeros(num_envs, np.bool_)
        self.ended = 0  # episodes that ended in the last step
        self.paid = 0   # envs paid a crew reward before their end in the last step
        self.dice_arrays, self.log_arrays = tuple(self.dice), tuple(self.log)
        self.action_buffer = np.zeros(num_envs, np.int64)  # step(action_buffer): no copy
        self._actions = self.action_buffer
        self._which = np.ones(num_envs, np.bool_)
        self._all_selected = True
        self._apply_args: Any = None  # prepared on the first step (see step)
        self._apply_obs: Any = None
        self._begin_args: Any = None  # prepared on the first begin
        self._begin_entry: Any = None

    @property
    def seed(self) -> int:
        """The batch's seed: the dice of every episode follow it."""
        return int(self._seed[0])

    @seed.setter
    def seed(self, seed: int) -> None:
        self._seed[0] = seed
        self.arrays_version += 1

    @property
    def seed_array(self) -> np.ndarray:
        """uint64[1], the seed as the compiled loops read it (changed in place)."""
        return self._seed

    # -- episodes -----------------------------------------------------------------------------
    def reset(self, seed: int | None = None) -> None:
        """Start episode 0 of every env; ``seed=None`` draws a fresh one from OS entropy."""
        self.seed = fresh_seed() if seed is None else check_seed(seed)
        self.state[:] = 0
        self.log.lengths[:] = 0
        self._begin(self._all, 0)

    def next_episode(self, which: np.ndarray) -> None:
        """Autoreset: start the next episode of the envs selected by the bool mask ``which``."""
        self._begin(which, 1)

    def begin_scenes(self, which: np.ndarray, env_ids) -> None:
        """Start episode 0 of new env ids (one per selected row, in row order) in the rows
        the bool mask ``which`` selects: a playtest's next scenes, scene ``j`` being episode 0
        of env id ``j`` whatever the batch (:func:`scenegym.common.scenes.play_scenes`)."""
        self.env_ids[which] = env_ids
        self.state[which, EPISODE] = 0
        self._begin(which, 0)

    def _begin(self, which, increment: int) -> None:
        """Start an episode of the envs ``which`` selects: the next (``increment`` 1) or the
        one their counter names (0); through a prepared entry point (no argument typing)."""
        which = np.ascontiguousarray(which, np.bool_)
        if which.shape != (self.num_envs,):
            raise ValueError(f"which must be {self.num_envs} flags, got shape {which.shape}")
        if self._begin_args is None or self._begin_args[8] is not self._obs:
            self._begin_args = (self.state, self.params, self.dice_arrays, self.log_arrays,
                                self._seed, self.env_ids, which, self.masks, self._obs,
                                increment)
            self._begin_entry = entry_point(self.ruleset.kernels.begin, self._begin_args)
        args = self._begin_args
        self._begin_entry(*args[:6], which, *args[7:9], increment)
        if self._any_stale:  # the begun envs' observations are rendered
            self._stale[which] = False

    # -- decisions --------------------------------------------------------------------------
    @property
    def obs(self) -> np.ndarray:
        """float32[n, obs_size]: each env's observation as its pending seat sees it
        (rendered here for the envs a :meth:`step` with ``observe=False`` left unrendered)."""
        if self._any_stale:
            self._any_stale = False
            self.ruleset.kernels.observe(self.state, self.params, self._obs, self._stale)
        return self._obs

    def step(self, actions, which=None, *, observe: bool = True):
        """Take the pending decision of the envs selected by ``which`` (default: all running).

        Args:
            actions: int[num_envs]; entries outside ``which`` are ignored. Writing them into
                ``action_buffer`` and passing that array saves a copy.
            which: bool[num_envs] selecting the envs that decide now.
            observe: ``False`` when the next decider reads no observation (a random or
                constant player, a search): the step renders none, and reading :attr:`obs`
                renders the ones left (an array of :attr:`obs` kept from before the step
                holds the old ones until then).

        Returns:
            ``(crew_reward, over, truncated)``: float32[n] the crew's reward of this step
            (at an episode's end: its result less what was paid before it, so an episode's
            rewards add up to its ``RESULT``; before the end: what a ruleset pays early, such
            as a mission's scene won), and bool[n] flags of episodes that ended in this step.
            The arrays are reused by the next step: copy them to keep them. ``self.gm_extra``
            holds what the adversarial GM is paid beyond the negative of each crew reward
            (a cut-off pays the GM its value too: header ``GM_EXTRA``).
        """
        if actions is not self._actions:
            np.copyto(self._actions, actions, casting="same_kind")  # a float action is refused
        if which is not None or not self._all_selected:  # ended episodes are skipped
            self._which[:] = True if which is None else which
            self._all_selected = which is None
        if self._apply_args is None or self._apply_obs is not self._obs:
            self._apply_obs = self._obs
            self._apply_args = self.apply_args()
            self._apply = entry_point(self.ruleset.kernels.apply, (*self._apply_args, 1))
        bad, self.ended, self.paid = self._apply(*self._apply_args, int(observe))
        self._any_stale = self._any_stale or not observe
        if bad >= 0:
            raise ValueError(self.describe_illegal(bad, int(self._actions[bad])))
        return self._reward, self._over, self._truncated

    def apply_args(self) -> tuple:
        """The arguments of the compiled step (``loops.apply_batch``) but its last, whether
        it renders the observations (prepared again only when the observation array is
        swapped, :meth:`use_obs_array`)."""
        return (self.state, self.params, self.dice_arrays, self.log_arrays, self._actions,
                self._which, self.masks, self._obs, self.illegal_code, self._reward,
                self.gm_extra, self._over, self._truncated, self._stale)

    def use_obs_array(self, obs: np.ndarray) -> np.ndarray:
        """Make ``obs`` the array the rules write observations into from now on, and return
        the one it replaces. A caller that hands out the batch's observations uses a fresh
        array for each reset or step, which writes every row (no copy to hand out).

        Raises:
            ValueError: ``obs`` is not a writeable C-contiguous float32 array of the batch's
                observation shape.
        """
        previous = self.obs
        if not (isinstance(obs, np.ndarray) and obs.shape == previous.shape
                and obs.dtype == previous.dtype and obs.flags.c_contiguous
                and obs.flags.writeable):
            raise ValueError(f"observations go into a writeable C-contiguous float32 array of "
                             f"shape {previous.shape}")
        self._obs = obs
        self.arrays_version += 1
        return previous

    def describe_illegal(self, i: int, action: int) -> str:
        """The message for an illegal ``action`` in env ``i``: what, where, what is allowed."""
        rs, names = self.ruleset, self.layout.action_names
        legal = [f"{a} ({names[a]})" for a in np.flatnonzero(self.masks[i])]
        name = names[action] if 0 <= action < len(names) else "out of range"
        seat = SEAT_NAMES.get(int(self.state[i, SEAT]), "nobody")
        phase = rs.phase_names.get(int(self.state[i, PHASE]), "?")
        return (f"illegal action in env {i}: action {action} ({name}) is not legal at the "
                f"{seat}'s {phase} decision; legal actions: {', '.join(legal) or 'none'}")

    # -- clone and chance ---------------------------------------------------------------------
    def get_state(self) -> Snapshot:
        """A copy of the batch's state: every row, its dice stream, mask, observation and
        undrained events, with what it is a state of (ruleset, config digest, layout,
        version)."""
        return snapshot.take(self)

    def set_state(self, state: Snapshot) -> None:
        """Put the batch in ``state`` (from :meth:`get_state` of a batch like this one).

        Raises:
            ValueError: ``state`` is of another ruleset, config, layout, version or size
                (the message names which).
        """
        snapshot.put(self, state)

    def clone(self, chance: int | None = None) -> SceneBatch:
        """An independent batch in the same state.

        Args:
            chance: ``None``: the clone rolls the same future dice (a replay). A seed: the
                clone rolls the dice of that seed from now on (:meth:`reseed`), independent
                of the original's future: what a search must use.
        """
        script = self.dice.script if self.dice.script.shape[1] else None
        twin = SceneBatch(self.ruleset, self.config, self.num_envs, env_ids=self.env_ids,
                          log_capacity=self.log_capacity, log_kinds=self.log_kinds,
                          dice_script=script,
                          illegal=self.illegal)
        twin.set_state(self.get_state())
        if chance is not None:
            twin.reseed(chance)
        return twin

    def reseed(self, chance, which: np.ndarray | None = None) -> None:
        """Fresh chance: the rows ``which`` selects (default: all) roll the dice of seed
        ``chance`` (an int, or uint64[num_envs], a seed per row) from now on
        (:func:`scenegym.envs.core.snapshot.reseed`)."""
        snapshot.reseed(self, chance, which)

    def copy_rows(self, rows, source: SceneBatch | None = None, source_rows=0) -> None:
        """Make rows ``rows`` exact copies of rows ``source_rows`` (one, or one per row) of
        ``source`` (default: this batch): state, dice stream, env id, mask, observation
        (their next episodes follow this batch's seed)."""
        snapshot.copy_rows(self, rows, self if source is None else source, source_rows)

    def __getstate__(self) -> dict:
        """What ``pickle`` and ``copy.deepcopy`` keep: the arguments and the state (the
        compiled entry points and the views are made again)."""
        script = self.dice.script if self.dice.script.shape[1] else None
        return {"ruleset": self.ruleset, "config": self.config, "num_envs": self.num_envs,
                "env_ids": self.env_ids, "log_capacity": self.log_capacity,
                "log_kinds": self.log_kinds,
                "dice_script": script, "illegal": self.illegal, "state": self.get_state()}

    def __setstate__(self, kept: dict) -> None:
        kept = dict(kept)
        state = kept.pop("state")
        SceneBatch.__init__(self, kept.pop("ruleset"), kept.pop("config"), kept.pop("num_envs"),
                            **kept)
        self.set_state(state)

    # -- views --------------------------------------------------------------------------------
    @property
    def pending_seat(self) -> np.ndarray:
        """int[n]: the seat whose decision is pending (CREW, GM, or NOBODY when over)."""
        return self.state[:, SEAT]

    @property
    def over(self) -> np.ndarray:
        """bool[n]: episodes that have ended."""
        return self.state[:, OVER] == 1

    def drain_events(self):
        """Records per env since the last drain (empty lists when the log is off)."""
        return drain(self.log)

    def refresh(self) -> None:
        """Recompute masks and observations after the state was edited by hand (tests)."""
        self.ruleset.kernels.refresh(self.state, self.params, self.masks, self._obs)
        self._stale[:], self._any_stale = False, False


__all__ = ["SceneBatch", "fresh_seed"]
