"""A Stable-Baselines3 ``VecEnv`` over the native batch (no DummyVecEnv loop).

SB3 does not take a Gymnasium ``VectorEnv``; handing it a plain env makes it wrap the env in
``DummyVecEnv``, a Python loop over single envs. :class:`SceneVecEnv` instead steps a
:class:`scenegym.envs.seated.SeatedBatch` (one compiled kernel call per decision for the whole batch)
and speaks SB3's ``VecEnv`` protocol:

- same-step autoreset: an ended scene's last observation is in
  ``infos[i]["terminal_observation"]`` and the returned observation is the next scene's first;
  every end is one the rules define (their round or move limit included), so
  ``infos[i]["TimeLimit.truncated"]`` is always false (SB3 bootstraps no value past it) and
  ``infos[i]["cut_off"]`` says whether the rules' limit ended the scene;
- action masks through ``action_masks()``, ``env_method("action_masks")`` (what sb3-contrib's
  ``get_action_masks`` calls) and ``get_attr("action_masks")``;
- seeding per SB3: ``seed(s)`` stores ``_seeds = [s, s+1, ...]`` and the next ``reset()`` uses
  ``_seeds[0]`` as the batch seed (env ``i`` then plays the dice of ``(seed, i, scene)``, so one
  seed covers the batch); without a stored seed, ``reset()`` draws a fresh one.
"""

from __future__ import annotations

import numpy as np
from gymnasium import spaces
from stable_baselines3.common.vec_env.base_vec_env import VecEnv

from scenegym.agents.policy_info import policy_info
from scenegym.agents.registry import make_agent
from scenegym.envs.core.batch import SceneBatch, engine_bytes
from scenegym.envs.core.header import SEAT_NAMES
from scenegym.envs.core.memory import array_object_bytes, check_memory, dict_bytes, row_bytes
from scenegym.envs.core.seeds import check_seed
from scenegym.envs.gym_env import IN_FLIGHT, OTHER_SEAT, build_config, opponent_seed
from scenegym.envs.rulesets import ruleset_of_env
from scenegym.envs.seated import SeatedBatch, seated_bytes

PER_ENV_METHODS = ("action_masks",)
INFO_KEYS = ("terminal_observation", "TimeLimit.truncated", "cut_off")  # an ended env's info
DICT_LISTS = 4  # lists of a dict per env: options, reset infos, and a step's infos (IN_FLIGHT)


def sb3_bytes(layout) -> int:
    """Bytes per env of a :class:`SceneVecEnv`: the engine and its seated batch; the copies
    of observations and masks handed out (the caller's and the step's); SB3's seeds list
    and lists of a dict per env; a step's reward, flags and ended rows; and, when every env
    ends in a step and the step before, the infos' entries and last observations."""
    obs, mask = row_bytes(np.float32, layout.obs_size), row_bytes(np.bool_, layout.num_actions)
    copies = IN_FLIGHT * (obs + mask)
    lists = row_bytes(np.intp) + DICT_LISTS * dict_bytes()
    step = row_bytes(np.float32) + row_bytes(np.bool_) + row_bytes(np.int64)
    ended = IN_FLIGHT * (dict_bytes(len(INFO_KEYS)) - dict_bytes() + array_object_bytes() + obs)
    return engine_bytes(layout) + seated_bytes(layout) + copies + lists + step + ended


def ruleset_of(env_id: str):
    """The :class:`Ruleset` behind a registered env id."""
    return ruleset_of_env(env_id)


class SceneVecEnv(VecEnv):
    """``num_envs`` scenes of a registered env id as one SB3 ``VecEnv``.

    Args:
        env_id: A registered id (``scenegym.envs.rulesets.env_ids()``).
        num_envs: Batch size.
        seat: ``"crew"`` or ``"gm"``: the learner's seat.
        opponent: ``"heuristic"``, ``"random"``, a policy file, or an agent object.
        gm_reward: ``"adversarial"`` or ``"director"`` (GM learner); default: the ruleset's.
        illegal_action: ``"raise"`` (maskable learners) or ``"lose"`` (plain PPO).
        config: The ruleset's config object; config fields may also be given by name.
        first_env_index: Global id of env 0 (env ``i`` has id ``first_env_index + i``).
    """

    def __init__(self, env_id: str, num_envs: int = 16, *, seat: str = "crew",
                 opponent="heuristic", gm_reward: str | None = None, director=None,
                 illegal_action: str = "raise", config=None, first_env_index: int = 0,
                 **overrides):
        self.env_id, self.ruleset = env_id, ruleset_of(env_id)
        self.config = build_config(self.ruleset, config, overrides)
        self._opponent_spec = opponent
        self._opponent_seat = OTHER_SEAT.get(seat)
        check_memory(self.ruleset.name, int(num_envs),
                     sb3_bytes(self.ruleset.layout_of(self.config)))
        batch = SceneBatch(self.ruleset, self.config, int(num_envs),
                           env_ids=np.arange(int(num_envs)) + first_env_index,
                           illegal=illegal_action)
        self.seated = SeatedBatch(batch, seat, self._opponent(None), gm_reward, director)
        self.render_mode = None
        lay = batch.layout
        obs_space = spaces.Box(lay.observation_low, lay.observation_high, (lay.obs_size,),
                               np.float32)
        super().__init__(int(num_envs), obs_space, spaces.Discrete(lay.num_actions))
        self._actions = None

    def policy_info(self):
        """The metadata of a policy trained in this env (saved with it)."""
        return policy_info(self.env_id, SEAT_NAMES[self.seated.seat], self.config)

    def _opponent(self, seed):
        return make_agent(self._opponent_spec, self.ruleset.name, seed, self.config,
                          seat=self._opponent_seat)

    # -- the VecEnv protocol ----------------------------------------------------------------
    def reset(self) -> np.ndarray:
        """Start scene 0 of every env with the seed stored by ``seed()`` (else a fresh one)."""
        seed = self._seeds[0]
        seed = None if seed is None else check_seed(seed, "the seed given to seed()")
        if seed is not None and isinstance(self._opponent_spec, str):  # reseed a random one
            self.seated.opponent = self._opponent(opponent_seed(seed))
        self.seated.reset(seed)
        self._reset_seeds()
        self._reset_options()
        self.reset_infos = [{} for _ in range(self.num_envs)]
        return self.seated.obs.copy()

    def step_async(self, actions: np.ndarray) -> None:
        self._actions = np.asarray(actions, np.int64).reshape(self.num_envs)

    def step_wait(self):
        """One learner decision per env, the opponent's answers, same-step autoreset."""
        reward, term, cut_off, final_obs = self.seated.step(self._actions)
        done = term.copy()
        infos = [{} for _ in range(self.num_envs)]
        for i in np.flatnonzero(done):  # SeatedBatch reuses its arrays: copy what we hand out
            infos[i]["terminal_observation"] = final_obs[i].copy()
            infos[i]["TimeLimit.truncated"] = False  # every end is the rules': no bootstrap
            infos[i]["cut_off"] = bool(cut_off[i])
        return self.seated.obs.copy(), reward.copy(), done, infos

    def close(self) -> None:
        pass

    # -- masks ------------------------------------------------------------------------------
    def action_masks(self) -> np.ndarray:
        """bool[num_envs, num_actions]: legal actions of every env's pending decision."""
        return self.seated.masks.copy()

    def env_method(self, method_name: str, *method_args, indices=None, **method_kwargs) -> list:
        """Per-env results of ``method_name``; only ``action_masks`` is a per-env method here."""
        if method_name not in PER_ENV_METHODS:
            raise AttributeError(f"SceneVecEnv has no per-env method {method_name!r}; "
                                 f"available: {', '.join(PER_ENV_METHODS)}")
        rows = self.action_masks()
        return [rows[i] for i in self._get_indices(indices)]

    def get_attr(self, attr_name: str, indices=None) -> list:
        """An attribute per env: per-env ``action_masks`` callables, else the batch's own."""
        idx = list(self._get_indices(indices))
        if attr_name in PER_ENV_METHODS:
            rows = self.action_masks()
            return [(lambda r=rows[i]: r) for i in idx]
        if not hasattr(self, attr_name):
            raise AttributeError(f"SceneVecEnv has no attribute {attr_name!r}")
        value = getattr(self, attr_name)
        return [value for _ in idx]

    def set_attr(self, attr_name: str, value, indices=None) -> None:
        """Set a batch-wide attribute (the batch has one value for all envs)."""
        setattr(self, attr_name, value)

    def env_is_wrapped(self, wrapper_class, indices=None) -> list[bool]:
        return [False for _ in self._get_indices(indices)]

    def get_images(self):
        return [None for _ in range(self.num_envs)]
