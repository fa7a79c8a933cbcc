"""Gymnasium adapters over the engine: the single env (a batch of one) and the native vector env.

Both take the same keyword arguments:

- ``seat``: ``"crew"`` (default) or ``"gm"``: the learner's seat.
- ``opponent``: ``"heuristic"`` (default), ``"random"``, a trained policy file, or an agent
  object with ``act(obs, masks, env_ids)``; it plays the other seat inside ``step``.
- ``gm_reward``: ``"adversarial"`` or ``"director"`` (default: the ruleset's); ``director``:
  its weights (default: the ruleset's).
- ``illegal_action``: ``"raise"`` (default) refuses an illegal action with a message naming
  the env, the action and the legal actions; ``"lose"`` ends the scene as a loss for the
  learner (for learners that do not use masks).
- ``config``: the ruleset's config object; any config field may also be given by name.
- ``scenario``: instead of ``config``, a content file (TOML or JSON) or the name of one shipped
  with the ruleset (``scenario="my_ambush.toml"``), for rulesets that read them (``sta``,
  ``sta_social``, ``frontiers``); config fields given by name apply on top.
- ``ruleset``: the ruleset (a name or a :class:`Ruleset`), for the generic classes; the
  ruleset's own classes set it.

Both envs clone (``env.unwrapped.clone()``: an independent env in the same state, the same
future dice; ``clone(chance=seed)``: fresh dice and a fresh opponent stream from now on, what
a search must use), give their state as a record (``get_state()``, ``set_state(state)``, which
refuses a state of another ruleset, config, layout, version, seat or size by name), and
``copy.deepcopy`` and ``pickle`` give exact copies (an opponent object that does not pickle
is refused by ``pickle``, with its own error).
"""

from __future__ import annotations

import copy
from typing import ClassVar, NamedTuple

import gymnasium as gym
import numpy as np
from gymnasium.error import ResetNeeded
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

from scenegym.envs.core.batch import SceneBatch, engine_bytes, fresh_seed
from scenegym.envs.core.config import config_digest
from scenegym.envs.core.dice import mix64, script_length
from scenegym.envs.core.events import EPISODE_END
from scenegym.envs.core.memory import check_memory, row_bytes
from scenegym.envs.core.recycle import Recycled
from scenegym.envs.core.ruleset import Ruleset
from scenegym.envs.core.seeds import check_seed
from scenegym.envs.opponents import make_agent
from scenegym.envs.rulesets import get_ruleset, ruleset_of_env
from scenegym.envs.seated import SeatedBatch, SeatedState, seated_bytes
from scenegym.envs.twoseat import game_config

OTHER_SEAT = {"crew": "gm", "gm": "crew"}  # the opponent's seat, by the learner's
# what Gymnasium sets on an env after it is made, kept by a copy (gym.make's spec, the
# generator of reset(seed=...))
GYM_ATTRIBUTES = ("spec", "_np_random", "_np_random_seed")
LOG_CAPACITY = 1 << 16  # records between drains: room for many unseated scenes in one step
IN_FLIGHT = 2  # arrays of each output pool in use: the one the caller holds, the one a step fills


def single_bytes(layout, log_capacity: int = 0, script_length: int = 0) -> int:
    """Bytes per env of the engine and its seated batch (what the single env allocates)."""
    return engine_bytes(layout, log_capacity, script_length) + seated_bytes(layout)


def vector_bytes(layout, log_capacity: int = 0, script_length: int = 0) -> int:
    """Bytes per env of a :class:`SceneVectorEnv`: the engine and its seated batch; the batched
    spaces (each observation's low and high bounds and whether each is bounded, each action's
    size and start); the output pools' arrays in use (observations, whose array the step
    fills replaces the engine's own, final observations and masks); and what a step returns
    beside them (reward, ended and truncated flags, the infos' flags, the ended rows and, when
    every env ends, the copy of their last observations that fills the final one)."""
    obs, mask = row_bytes(np.float32, layout.obs_size), row_bytes(np.bool_, layout.num_actions)
    spaces = 2 * (obs + row_bytes(np.bool_, layout.obs_size)) + 2 * row_bytes(np.int64)
    pools = IN_FLIGHT * (2 * obs + mask) - obs
    step = row_bytes(np.float32) + 4 * row_bytes(np.bool_) + row_bytes(np.int64) + obs
    return single_bytes(layout, log_capacity, script_length) + spaces + pools + step


def build_config(ruleset: Ruleset, config, overrides: dict):
    """The config from a config object or ``scenario=PATH``, and field overrides, validated
    (see :meth:`Ruleset.make_config`)."""
    return ruleset.make_config(config, **overrides)


def env_config(env_id: str, config=None, overrides: dict | None = None):
    """The ruleset of ``env_id`` and its config: the id's own config fields, then
    ``overrides`` (as ``gym.make(env_id, **overrides)`` would build it), validated."""
    ruleset_of_env(env_id)  # an unknown id is refused, by name
    return game_config(env_id, config, overrides)


def opponent_seed(seed: int) -> int:
    """The opponent's seed derived from the env's, so a seeded run replays exactly."""
    return int(mix64(np.uint64(seed) ^ np.uint64(0x5EA7ED)))


class EnvState(NamedTuple):
    """The state of a Gymnasium env of scenegym (``env.unwrapped.get_state()``).

    Attributes:
        seated: The seated batch's state (:class:`scenegym.envs.seated.SeatedState`).
        opponent_seed: The seed the opponent named by the env's ``opponent`` was made with
            (``None`` for an opponent object).
        needs_reset: ``reset()`` must come before the next ``step()``.
        scene: The single env's ``(scene running, its events, the next scene's events)``;
            ``()`` for the vector env.
    """

    seated: SeatedState
    opponent_seed: int | None
    needs_reset: bool
    scene: tuple


def _by_name(spec) -> bool:
    """Whether an ``opponent`` is named (a string, a policy path), not an agent object."""
    return not hasattr(spec, "act")


class _Seated:
    """What the single and vector env share: building the seated batch and its opponent,
    cloning and saving it."""

    ruleset: Ruleset | None = None

    def _setup(self, num_envs, *, config=None, seat="crew", opponent="heuristic",
               gm_reward=None, director=None, illegal_action="raise", env_ids=None,
               first_env_index=0, log_capacity=0, dice_script=None, ruleset=None, **overrides):
        if ruleset is not None:
            self.ruleset = get_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
        if self.ruleset is None:
            raise TypeError("the generic scene env needs ruleset=NAME")
        self.config = build_config(self.ruleset, config, overrides)
        self.layout = self.ruleset.layout_of(self.config)
        # what a policy file records of the config it was trained under
        self.metadata = {**type(self).metadata, "config_digest": config_digest(self.config)}
        check_memory(self.ruleset.name, num_envs,
                     self._bytes_per_env(self.layout, log_capacity, script_length(dice_script)))
        if env_ids is None:
            env_ids = np.arange(num_envs) + first_env_index
        self._opponent_spec = opponent
        self._opponent_seat = OTHER_SEAT.get(seat)
        self._opponent_seed = fresh_seed() if _by_name(opponent) else None
        batch = SceneBatch(self.ruleset, self.config, num_envs, env_ids=env_ids,
                           log_capacity=log_capacity, dice_script=dice_script,
                           illegal=illegal_action)
        self.seated = SeatedBatch(batch, seat, self._make_opponent(self._opponent_seed),
                                  gm_reward, director)
        self._needs_reset = True

    _bytes_per_env = staticmethod(single_bytes)  # what the memory guard counts per env

    def _make_opponent(self, seed):
        return make_agent(self._opponent_spec, self.ruleset.name, seed, self.config,
                                seat=self._opponent_seat)

    def _spaces(self):
        """The single env's observation and action spaces."""
        lay = self.layout
        obs = gym.spaces.Box(lay.observation_low, lay.observation_high, (lay.obs_size,),
                             np.float32)
        return obs, gym.spaces.Discrete(lay.num_actions)

    def _name(self) -> str:
        """The env's id (its class name when made without ``gym.make``), for messages."""
        spec = getattr(self, "spec", None)
        return spec.id if spec is not None else type(self).__name__

    def _reseed(self, seed, obs_into=None):
        if seed is not None and isinstance(self._opponent_spec, str):
            self._remake_opponent(opponent_seed(seed))
        self.seated.reset(seed, obs_into)
        self._needs_reset = False

    def _remake_opponent(self, seed: int) -> None:
        """The opponent named by ``opponent``, made again with ``seed``."""
        self._opponent_seed = seed
        self.seated.opponent = self._make_opponent(seed)

    # -- clone and chance ---------------------------------------------------------------------
    def get_state(self) -> EnvState:
        """A copy of the env's state (see :class:`EnvState`)."""
        return EnvState(self.seated.get_state(), self._opponent_seed, self._needs_reset,
                        self._scene_state())

    def set_state(self, state: EnvState) -> None:
        """Put the env in ``state`` (from ``get_state()`` of an env like this one).

        Raises:
            ValueError: ``state`` is of another ruleset, config, layout, scenegym version,
                seat or number of envs (the message names which).
        """
        if not isinstance(state, EnvState):
            raise TypeError(f"{self._name()}: an env's state is an EnvState (from "
                            f"get_state()), got {type(state).__name__}")
        self._unshare_obs()
        self.seated.set_state(state.seated)
        if state.opponent_seed is not None and state.opponent_seed != self._opponent_seed:
            self._remake_opponent(state.opponent_seed)
        self._needs_reset = state.needs_reset
        self._set_scene_state(state.scene)

    def clone(self, chance: int | None = None):
        """An independent env in the same state.

        Args:
            chance: ``None``: the clone rolls the same future dice and its opponent makes
                the same choices (a replay). A seed: from now on the clone rolls the dice of
                that seed and a named opponent draws from a stream of it
                (:meth:`scenegym.envs.core.batch.SceneBatch.reseed`): independent of the
                original's future, what a search must use.
        """
        twin = copy.deepcopy(self)
        if chance is not None:
            twin.seated.batch.reseed(chance)
            if _by_name(self._opponent_spec):
                twin._remake_opponent(opponent_seed(int(chance)))
        return twin

    def _unshare_obs(self) -> None:
        """Before a state is written: the observations go into an array no caller holds
        (the single env hands out copies: nothing to do)."""

    def _scene_state(self) -> tuple:
        return ()

    def _set_scene_state(self, scene: tuple) -> None:
        """Nothing beyond the seated batch (the single env keeps its scene's events)."""

    def __getstate__(self) -> dict:
        """What ``pickle`` and ``copy.deepcopy`` keep: the env's arguments, its state and
        Gymnasium's attributes; the batch, its views and compiled entry points are made
        again."""
        gym_attrs = {k: v for k, v in self.__dict__.items() if k in GYM_ATTRIBUTES}
        return {"init": self._init_kwargs, "state": self.get_state(), "gym": gym_attrs}

    def __setstate__(self, kept: dict) -> None:
        self.__init__(**kept["init"])
        self.set_state(kept["state"])
        self.__dict__.update(kept["gym"])



class SceneEnv(_Seated, gym.Env):
    """One scene at a time: the engine's batch of one. See the ruleset's subclass for the spec."""

    metadata: ClassVar[dict] = {"render_modes": ["ansi"], "render_fps": 4}

    def __init__(self, render_mode: str | None = None, env_index: int = 0, **kwargs):
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', got {render_mode!r}")
        self._init_kwargs = {"render_mode": render_mode, "env_index": env_index, **kwargs}
        self.render_mode = render_mode
        self._setup(1, env_ids=[env_index], log_capacity=LOG_CAPACITY if render_mode else 0,
                    **kwargs)
        self.observation_space, self.action_space = self._spaces()
        self._scene_events: list = []
        self._next_events: list = []
        self._action = self.seated.action_buffer  # the step writes the action in place
        self._scene_running = False
        # views taken once: the single env never swaps its batch's arrays (use_obs_array)
        self._obs_row, self._mask_row = self.seated.obs[0], self.seated.masks[0]
        self._num_actions = self.layout.num_actions

    def reset(self, *, seed=None, options=None):
        """Start a scene: scene 0 of a new seed, or the next scene of the current stream.

        A scene still running when ``reset`` is called is abandoned (its result is not
        reported); the next scene of the stream begins.
        """
        seed = None if seed is None else check_seed(seed)
        super().reset(seed=seed)
        if seed is not None or self._needs_reset:
            self._reseed(seed)
            self._scene_events = []
        elif self._scene_running:
            self.seated.next_episode()
            self._scene_events = []
        else:  # the next scene began in the step that ended the last one
            self._scene_events = self._next_events
        self._next_events = []
        self._scene_running = True
        self._drain()
        return self._obs_row.copy(), {"action_mask": self._mask_row.copy()}

    def step(self, action):
        """Take the learner's decision; the opponent answers until the learner's turn again.

        Args:
            action: An int in the action space: a Python int or a NumPy integer (a 0-d
                integer array too). Floats, strings and bools are refused, as is a step
                after the scene ended (call ``reset()`` first).
        """
        if not self._scene_running:
            ended = "" if self._needs_reset else "the scene has ended; "
            raise ResetNeeded(f"{self._name()}: {ended}call reset() before step()")
        if type(action) is not int and not isinstance(action, np.integer):
            action = self._integer(action)
        if not 0 <= action < self._num_actions:
            raise ValueError(f"{self._name()}: action {action} is outside the action space "
                             f"0..{self._num_actions - 1}")
        self._action[0] = action
        reward, term, cut_off, final_obs = self.seated.step(self._action)
        if self.render_mode:
            self._drain()
        ended = term.item(0)  # (item: a Python scalar, without a NumPy one on the way)
        if ended:  # the next scene has begun: reset() shows it, and its mask is given now
            self._scene_running = False  # (a vector env's next-step autoreset steps it once)
            info = {"action_mask": self._mask_row.copy(), "cut_off": cut_off.item(0)}
            obs = final_obs[0].copy()
        else:
            obs, info = self._obs_row.copy(), {"action_mask": self._mask_row.copy()}
        return obs, reward.item(0), ended, False, info

    def _integer(self, action) -> int:
        """A 0-d integer array as an int; anything else that is not an integer is refused."""
        if isinstance(action, np.ndarray) and action.shape == () and action.dtype.kind in "iu":
            return int(action)
        raise TypeError(f"{self._name()}: an action is an int in 0..{self._num_actions - 1}, "
                        f"got {action!r} ({type(action).__name__})")

    def _drain(self):
        """Keep the current scene's records; records after its end belong to the next scene."""
        if not self.render_mode:
            return
        events = self.seated.batch.drain_events()[0]
        ends = [k + 1 for k, ev in enumerate(events) if ev.kind == EPISODE_END]
        if not ends:
            self._scene_events += events
            return
        self._scene_events += events[: ends[0]]
        self._next_events = events[ends[-1]:]

    def _scene_state(self) -> tuple:
        return self._scene_running, list(self._scene_events), list(self._next_events)

    def _set_scene_state(self, scene: tuple) -> None:
        running, events, next_events = scene
        self._scene_running, self._scene_events = running, list(events)
        self._next_events = list(next_events)

    def action_masks(self) -> np.ndarray:
        """bool[num_actions]: legal actions of the pending decision (MaskablePPO's convention)."""
        return self.seated.masks[0].copy()

    def render(self):
        """The scene so far as a readable transcript (``render_mode="ansi"``); refused before
        the first ``reset`` (as Gymnasium's order-enforcing wrapper does)."""
        if self.render_mode != "ansi":
            return None
        if self._needs_reset:
            raise ResetNeeded(f"{self._name()}: call reset() before render()")
        return "\n".join(self.ruleset.transcript(self._scene_events, self.config)) + "\n"


class SceneVectorEnv(_Seated, gym.vector.VectorEnv):
    """The native batch: ``num_envs`` scenes stepped by one compiled kernel call.

    ``infos["action_mask"]`` (with ``infos["_action_mask"]``) holds every env's mask. Two
    autoreset modes (Gymnasium's), chosen by the ``autoreset_mode`` keyword (``make_vec``
    passes keywords to a native vector env; it refuses ``vector_kwargs`` for one):

    - ``AutoresetMode.SAME_STEP`` (the default, the fastest): when a scene ends, its last
      observation is in ``infos["final_obs"]`` and its end facts in ``infos["final_info"]``
      (``cut_off``), with ``infos["_final_obs"]`` and ``infos["_final_info"]`` marking the
      envs; the returned observation and mask are already the next scene's first.
    - ``AutoresetMode.NEXT_STEP`` (what Gymnasium's vector observation wrappers, such as
      ``NormalizeObservation`` and ``FlattenObservation``, require): the step that ends a scene returns its last
      observation (and ``infos["cut_off"]``); that env's action in the next step is ignored
      and the step returns the next scene's first observation, reward 0, no end. The mask
      of an ended step is already the next scene's, so a masked policy never sees an
      all-False mask. Each step copies the observations (same-step hands out its own).

    The arrays returned are the caller's to keep: one is written again only after every
    reference to it is gone (:mod:`scenegym.envs.core.recycle`).
    """

    metadata: ClassVar[dict] = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": []}
    _bytes_per_env = staticmethod(vector_bytes)

    def __init__(self, num_envs: int = 1, first_env_index: int = 0,
                 autoreset_mode: AutoresetMode | str = AutoresetMode.SAME_STEP, **kwargs):
        self._init_kwargs = {"num_envs": num_envs, "first_env_index": first_env_index,
                             "autoreset_mode": autoreset_mode, **kwargs}
        self.num_envs = int(num_envs)
        mode = autoreset_mode_of(autoreset_mode)
        self._setup(self.num_envs, first_env_index=first_env_index, **kwargs)
        self.metadata = {**self.metadata, "autoreset_mode": mode}
        self._next_step = mode == AutoresetMode.NEXT_STEP
        self._resetting = np.zeros(self.num_envs, np.bool_)  # NEXT_STEP: ended last step
        self.single_observation_space, self.single_action_space = self._spaces()
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.action_space = batch_space(self.single_action_space, self.num_envs)
        obs, masks = self.seated.obs, self.seated.masks
        self._obs_out, self._final_out = (Recycled(obs.shape, obs.dtype) for _ in range(2))
        self._masks_out = Recycled(masks.shape, masks.dtype)

    def _unshare_obs(self) -> None:
        """The batch's observations go into a fresh array: the caller keeps the last one."""
        self.seated.batch.use_obs_array(self._obs_out.to_fill())

    def _scene_state(self) -> tuple:
        """Which envs ended last step (next-step autoreset shows their next scene now)."""
        return (self._resetting.copy(),)

    def _set_scene_state(self, scene: tuple) -> None:
        self._resetting = scene[0].copy()

    def reset(self, *, seed=None, options=None):
        """Start scene 0 of every env (a fresh seed when ``seed`` is None)."""
        seed = None if seed is None else check_seed(seed)
        self._reseed(seed, obs_into=self._obs_out.to_fill())
        self._resetting[:] = False
        obs = self.seated.obs  # NEXT_STEP steps write the batch's array in place: a copy
        return (obs.copy() if self._next_step else obs,
                self._mask_infos())

    def _mask_infos(self) -> dict:
        """The infos every step and reset carries: each env's action mask."""
        return {"action_mask": self._masks_out.copy_of(self.seated.masks),
                "_action_mask": np.ones(self.num_envs, np.bool_)}

    def _checked(self, actions) -> np.ndarray:
        """int64[num_envs] actions; floats, bools, other shapes and values outside the
        action space are refused."""
        actions = np.asarray(actions)
        n = int(self.single_action_space.n)
        if actions.shape != (self.num_envs,) or actions.dtype.kind not in "iu":
            raise TypeError(f"{self._name()}: actions are {self.num_envs} ints in 0..{n - 1}, "
                            f"got {actions.dtype} of shape {actions.shape}")
        # one pass for both ends: as unsigned, a negative action is above every valid one
        if actions.view(actions.dtype.str.replace("i", "u")).max() >= n:
            raise ValueError(f"{self._name()}: actions must lie in 0..{n - 1}, got "
                             f"{actions.min()}..{actions.max()}")
        return actions

    def action_masks(self) -> np.ndarray:
        """bool[num_envs, num_actions]: each env's legal actions."""
        return self.seated.masks.copy()

    def step(self, actions):
        """One decision per env; ended scenes autoreset in this step or the next (see the
        class docstring)."""
        if self._needs_reset:
            raise ResetNeeded(f"{self._name()}: call reset() before step()")
        if self._next_step:
            return self._step_next_reset(self._checked(actions))
        obs = self._obs_out.to_fill()  # the step writes every row: no copy to hand out
        reward, term, cut_off, final_obs = self.seated.step(self._checked(actions), obs)
        infos, done = self._mask_infos(), term.copy()
        if done.any():  # the ended envs' rows, zeros elsewhere
            infos["final_obs"] = self._final_out.rows_of(final_obs, done)
            infos["final_info"] = {"cut_off": cut_off & done, "_cut_off": done}
            infos["_final_obs"] = infos["_final_info"] = done
        return obs, reward.copy(), done, np.zeros(self.num_envs, np.bool_), infos

    def _step_next_reset(self, actions):
        """A step under ``NEXT_STEP`` autoreset: envs that ended last step show the scene
        the engine has already begun; the others take their action."""
        reward, term, cut_off, final_obs = self.seated.step(actions, which=~self._resetting)
        done = term.copy()
        obs = self.seated.obs.copy()
        obs[done] = final_obs[done]
        infos = self._mask_infos()
        if done.any():
            infos["cut_off"], infos["_cut_off"] = cut_off & done, done
        self._resetting = done
        return obs, reward.copy(), done, np.zeros(self.num_envs, np.bool_), infos


def autoreset_mode_of(mode) -> AutoresetMode:
    """``mode`` as an :class:`AutoresetMode` (its value as a string too); DISABLED and
    anything else refused with the modes allowed."""
    allowed = (AutoresetMode.SAME_STEP, AutoresetMode.NEXT_STEP)
    for m in allowed:
        if mode == m or mode == m.value:
            return m
    raise ValueError(f"autoreset_mode {mode!r} is not supported; allowed: "
                     f"{', '.join(repr(m.value) for m in allowed)} (or AutoresetMode members)")
