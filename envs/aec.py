"""PettingZoo's AEC API over the two-seat batch (:mod:`scenegym.envs.twoseat`) of one env:
both seats external, one scene per episode.

``scenegym.pettingzoo.env(env_id, **kwargs)`` (or ``raw_env``) makes the env of any registered
id. The agents are ``"crew"`` and ``"gm"``; the pending seat of the engine's batch of one
(:attr:`SceneBatch.pending_seat`) is ``agent_selection``, so a seat may take several decisions
in a row (a turn of several choices) before the other seat's turn.

Observations follow PettingZoo's classic games: ``{"observation": float32[obs_size],
"action_mask": int8[num_actions]}``. The pending seat sees the engine's view rendered for it;
the other seat keeps the last view it was shown (zeros before its first decision) and an
all-zero mask, so hidden information (a simultaneous declaration) stays hidden. Once the
scene is over both seats see its last observation.

Rewards go to both seats after every decision: the crew's is the engine's (+1 won, -1 lost,
``cutoff_result`` cut off, and what a ruleset pays early); the GM's follows ``gm_reward``
(:mod:`scenegym.envs.core.reward`): ``"adversarial"``, the negative of the crew's except at a
cut-off (worth ``cutoff_result`` to the GM too), or
``"director"``, its director score at the scene's end (0 before). A seat that forfeits with an
illegal action (``illegal_action="lose"``) scores -1; a crew forfeit does not cost a director GM.

Every end the rules define, their round or move limit included, is a *termination* of both
seats (``infos[agent]["cut_off"]`` says whether the rules' limit ended the scene);
``truncations`` stay False, for limits outside the game that a user's wrapper adds.

Keyword arguments: ``gm_reward`` (default: the ruleset's ``default_gm_reward``), ``director``
(weights, default the ruleset's), ``illegal_action`` (``"raise"`` or ``"lose"``), ``config``
and any config field by name, ``render_mode`` (``"ansi"``: the scene's transcript),
``env_index`` (the env id whose dice the scene uses: an AEC scene with seed ``s`` and
``env_index=i`` rolls the dice of env ``i`` of a batch seeded with ``s``).

``clone()`` is an independent env in the same state with the same future dice;
``clone(chance=seed)`` rolls the dice of ``seed`` from then on (what a search must use);
``copy.deepcopy`` and ``pickle`` copy exactly.
"""

from __future__ import annotations

import copy
from typing import ClassVar

import numpy as np
from gymnasium import spaces

try:
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ModuleNotFoundError as err:  # an extra, not a dependency
    raise ModuleNotFoundError(f"scenegym.pettingzoo needs PettingZoo ({err}): "
                              'pip install "scenegym[pettingzoo]"', name=err.name) from err

from scenegym.envs.core.events import EPISODE_END
from scenegym.envs.core.header import CREW, GM, SEAT_NAMES, TRUNCATED
from scenegym.envs.core.reward import DirectorWeights
from scenegym.envs.core.validate import check_choice
from scenegym.envs.rulesets import ruleset_of_env
from scenegym.envs.twoseat import TwoSeatBatch

AGENTS = ("crew", "gm")
SEAT_OF = {"crew": CREW, "gm": GM}
LOG_CAPACITY = 1 << 12  # event records between drains (the env drains after every decision)


class SceneAECEnv(AECEnv):
    """One scene of a registered env id, both seats played from outside (see module doc)."""

    metadata: ClassVar[dict] = {"render_modes": ["ansi"], "name": "scenegym_scene_v0",
                                "is_parallelizable": False, "render_fps": 4}

    def __init__(self, env_id: str, *, gm_reward: str | None = None,
                 director: DirectorWeights | None = None, illegal_action: str = "raise",
                 render_mode: str | None = None, config=None, env_index: int = 0,
                 **overrides):
        super().__init__()
        ruleset_of_env(env_id)  # an unknown id is refused, by name
        check_choice("render_mode", render_mode, (None, "ansi"))
        self.game = TwoSeatBatch(env_id, 1, gm_reward=gm_reward, director=director,
                                 illegal_action=illegal_action, env_ids=[env_index],
                                 log_capacity=LOG_CAPACITY if render_mode else 0,
                                 config=config, **overrides)
        self.batch, self.ruleset, self.config = self.game.batch, self.game.ruleset, self.game.config
        self.gm_reward, self.director = self.game.gm_reward, self.game.director
        self.env_id, self.render_mode = env_id, render_mode
        self.layout = lay = self.game.layout
        self.possible_agents = list(AGENTS)
        self.metadata = {**self.metadata, "name": env_id.replace("/", "_")}
        space = spaces.Dict({
            "observation": spaces.Box(lay.observation_low, lay.observation_high,
                                      (lay.obs_size,), np.float32),
            "action_mask": spaces.Box(0, 1, (lay.num_actions,), np.int8)})
        self.observation_spaces = {a: space for a in AGENTS}
        self.action_spaces = {a: spaces.Discrete(lay.num_actions) for a in AGENTS}
        self._action = np.zeros(1, np.int64)
        self.events: list = []

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    # -- episodes -----------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """Start scene 0 of ``seed`` (a fresh seed from OS entropy when None)."""
        self.batch.reset(seed)
        self.agents = list(AGENTS)
        self.rewards = {a: 0.0 for a in AGENTS}
        self._cumulative_rewards = {a: 0.0 for a in AGENTS}
        self.terminations = {a: False for a in AGENTS}
        self.truncations = {a: False for a in AGENTS}
        self.infos = {a: {} for a in AGENTS}
        self._views = {a: np.zeros(self.layout.obs_size, np.float32) for a in AGENTS}
        self.events = []
        self._drain()
        self._after_decision()

    def step(self, action) -> None:
        """The selected seat's decision (``None`` once its scene is over)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"the {agent} seat's decision is pending: action None is only "
                             "for a seat whose scene is over")
        self._cumulative_rewards[agent] = 0.0
        self._action[0] = int(action)
        rewards = self.game.step(self._action).rewards[0]
        self._drain()
        self.rewards = {"crew": float(rewards[CREW]), "gm": float(rewards[GM])}
        self._after_decision()
        self._accumulate_rewards()

    def _after_decision(self) -> None:
        """Views, masks and ends from the batch; the pending seat is selected."""
        b = self.batch
        if b.over[0]:
            cut_off = bool(b.state[0, TRUNCATED])  # the rules' own limit: still terminated
            for a in AGENTS:
                self._views[a] = b.obs[0].copy()
                self.terminations[a] = True
                self.infos[a] = {**self.infos.get(a, {}), "cut_off": cut_off}
            return
        self.agent_selection = SEAT_NAMES[int(b.pending_seat[0])]
        self._views[self.agent_selection] = b.obs[0].copy()

    def observe(self, agent: str) -> dict:
        """``{"observation", "action_mask"}`` of ``agent`` (mask all zeros unless pending)."""
        mask = np.zeros(self.layout.num_actions, np.int8)
        if agent == self.agent_selection and not self.batch.over[0]:
            mask[:] = self.batch.masks[0]
        return {"observation": self._views[agent].copy(), "action_mask": mask}

    def clone(self, chance: int | None = None) -> SceneAECEnv:
        """An independent env in the same state: the same future dice, or with ``chance`` a
        seed, that seed's dice from now on (:meth:`SceneBatch.reseed`)."""
        twin = copy.deepcopy(self)
        if chance is not None:
            twin.batch.reseed(chance)
        return twin

    # -- text ---------------------------------------------------------------------------------
    def _drain(self) -> None:
        if self.render_mode:
            events = self.batch.drain_events()[0]
            ends = [k + 1 for k, ev in enumerate(events) if ev.kind == EPISODE_END]
            self.events += events[: ends[0]] if ends else events

    def render(self):
        """The scene so far as a transcript (``render_mode="ansi"``), else None."""
        if self.render_mode != "ansi":
            return None
        return "\n".join(self.ruleset.transcript(self.events, self.config)) + "\n"

    def close(self) -> None:
        """Nothing to release: the engine holds plain arrays."""


def raw_env(env_id: str, **kwargs) -> SceneAECEnv:
    """The AEC env of ``env_id`` without PettingZoo's checking wrappers."""
    return SceneAECEnv(env_id, **kwargs)


def env(env_id: str, **kwargs):
    """The AEC env of ``env_id`` in PettingZoo's order- and bounds-checking wrappers."""
    return wrappers.OrderEnforcingWrapper(
        wrappers.AssertOutOfBoundsWrapper(raw_env(env_id, **kwargs)))


__all__ = ["AGENTS", "SceneAECEnv", "env", "raw_env"]
