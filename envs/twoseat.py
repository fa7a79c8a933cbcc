"""The public batch of both seats: ``step`` over a batch of episodes, both seats external.

PGX's batched ``step`` is the model: ``num_envs`` episodes of one env id, each with one
pending decision, the crew's or the GM's (:attr:`TwoSeatBatch.pending_seat`); every env's
observation is rendered for its pending seat and its mask lists that seat's legal actions;
``step(actions)`` takes one decision per selected env and returns both seats' rewards.
Episodes that end stay over until :meth:`TwoSeatBatch.next_episode` starts their next one.
Any of its rows can be copied into others exactly (:meth:`TwoSeatBatch.copy_rows`) and given
fresh chance (:meth:`TwoSeatBatch.reseed`): what a search does at each decision; the whole
batch clones (:meth:`TwoSeatBatch.clone`), saves (:meth:`TwoSeatBatch.get_state`) and pickles.

The PettingZoo env (:mod:`scenegym.envs.aec`) is this batch with one env; the Gymnasium envs
run the engine batch under it (:mod:`scenegym.envs.seated`) with an opponent in the other
seat. The docs page "The two-seat batch" has an example.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from scenegym.envs.core.batch import SceneBatch, engine_bytes
from scenegym.envs.core.header import CREW, EPISODE, FORFEITED, GM, RESULT
from scenegym.envs.core.kernels import policy_args
from scenegym.envs.core.memory import check_memory, row_bytes
from scenegym.envs.core.policy import PYTHON, policy_of
from scenegym.envs.core.reward import (
    GM_REWARDS,
    DirectorWeights,
    adversarial_payment,
    director_reward,
)
from scenegym.envs.core.snapshot import Snapshot
from scenegym.envs.core.validate import check_choice
from scenegym.envs.rulesets import env_ids, get_ruleset, ruleset_of_env


class StepResult(NamedTuple):
    """What :meth:`TwoSeatBatch.step` returns (arrays reused by the next step: copy them to
    keep them).

    Attributes:
        rewards: float32[n, 2], each env's reward of this step for the crew (column
            :data:`CREW`) and the GM (column :data:`GM`).
        over: bool[n], the episodes that ended in this step.
        truncated: bool[n], those of them cut off by a decision or round limit.
    """

    rewards: np.ndarray
    over: np.ndarray
    truncated: np.ndarray


def game_config(game: str, config=None, overrides: dict | None = None):
    """The ruleset and the validated config of ``game``: a registered env id (its own config
    fields first) or a ruleset name; then ``overrides`` (config fields by name)."""
    overrides = dict(overrides or {})
    if game in env_ids():
        ruleset = ruleset_of_env(game)
        fields = set(ruleset.config_type.field_names())
        own = next(e.kwargs for e in ruleset.env_ids if e.id == game)
        overrides = {**{k: v for k, v in own.items() if k in fields}, **overrides}
    else:
        ruleset = get_ruleset(game)
    return ruleset, ruleset.make_config(config, **overrides)


def two_seat_bytes(layout, log_capacity: int = 0, gm_reward: str = "adversarial") -> int:
    """Bytes per env of a :class:`TwoSeatBatch`: the engine, both seats' rewards, a step's
    pending seats, its ended flags (and their copy for the next episode), the GM's reward
    of the step; a director GM's, when every env ends at once, from the ended envs'
    indices, state rows, seats and forfeits."""
    per_env = (row_bytes(np.float32, 2) + row_bytes(np.int32) + 2 * row_bytes(np.bool_)
               + row_bytes(np.float32))
    if gm_reward == "director":
        per_env += (row_bytes(np.int64) + row_bytes(np.int32, layout.state_size)
                    + row_bytes(np.int32) + row_bytes(np.bool_))
    return engine_bytes(layout, log_capacity) + per_env


class TwoSeatBatch:
    """``num_envs`` episodes of ``game``, both seats played from outside (see module doc).

    Args:
        game: A registered env id (``"scenegym/StarforgedSceneChallenge-v1"``) or a ruleset
            name (``"starforged"``).
        num_envs: Batch size.
        gm_reward: ``"adversarial"`` (the negative of the crew's, except a cut-off: its
            ``cutoff_result``, as the crew's) or ``"director"`` (its director score at the
            episode's end, 0 before); default: the ruleset's.
        director: The director reward's weights; default: the ruleset's.
        illegal_action: ``"raise"`` refuses an illegal action; ``"lose"`` ends the episode as
            a loss for the seat that made it (-1 for it; a crew forfeit does not cost a
            director GM).
        env_ids: Each env's id in the run (default ``first_env_index ..``): an env's dice
            depend only on the seed, its id and its episode.
        first_env_index: The first env's id when ``env_ids`` is not given.
        log_capacity: Event records per env between drains (0: log off).
        config: The ruleset's config (default: the id's); config fields may also be given by
            name, or ``scenario=PATH`` for rulesets that read content files.
    """

    def __init__(self, game: str, num_envs: int = 1, *, gm_reward: str | None = None,
                 director: DirectorWeights | None = None, illegal_action: str = "raise",
                 env_ids=None, first_env_index: int = 0, log_capacity: int = 0, config=None,
                 **overrides):
        ruleset, config = game_config(game, config, overrides)
        self.game = game
        self.gm_reward = gm_reward or ruleset.default_gm_reward
        check_choice("gm_reward", self.gm_reward, GM_REWARDS)
        self.director = director or ruleset.director
        if env_ids is None:
            env_ids = np.arange(int(num_envs)) + first_env_index
        check_memory(ruleset.name, int(num_envs),
                     two_seat_bytes(ruleset.layout_of(config), log_capacity, self.gm_reward))
        self.batch = SceneBatch(ruleset, config, int(num_envs), env_ids=env_ids,
                                log_capacity=log_capacity, illegal=illegal_action)
        self._rewards = np.zeros((self.num_envs, 2), np.float32)

    # -- what every env shows ---------------------------------------------------------------
    @property
    def ruleset(self):
        return self.batch.ruleset

    @property
    def config(self):
        return self.batch.config

    @property
    def layout(self):
        """The sizes and names: ``num_actions``, ``obs_size``, ``action_names``, ..."""
        return self.batch.layout

    @property
    def num_envs(self) -> int:
        return self.batch.num_envs

    @property
    def env_ids(self) -> np.ndarray:
        """uint64[n]: each env's id in the run."""
        return self.batch.env_ids

    @property
    def pending_seat(self) -> np.ndarray:
        """int32[n]: whose decision is pending: :data:`CREW` (0), :data:`GM` (1), or -1 when
        the episode is over."""
        return self.batch.pending_seat

    @property
    def obs(self) -> np.ndarray:
        """float32[n, obs_size]: each env's observation, as its pending seat sees it."""
        return self.batch.obs

    @property
    def masks(self) -> np.ndarray:
        """bool[n, num_actions]: the pending seat's legal actions (none when over)."""
        return self.batch.masks

    @property
    def over(self) -> np.ndarray:
        """bool[n]: the episodes that have ended."""
        return self.batch.over

    @property
    def results(self) -> np.ndarray:
        """int32[n]: each ended episode's crew result (what its crew rewards add up to)."""
        return self.batch.state[:, RESULT]

    @property
    def episodes(self) -> np.ndarray:
        """int32[n]: the index of each env's running episode in its stream."""
        return self.batch.state[:, EPISODE]

    # -- play ---------------------------------------------------------------------------------
    def reset(self, seed: int | None = None) -> None:
        """Start episode 0 of every env (``seed=None``: a fresh seed from OS entropy)."""
        self.batch.reset(seed)

    def step(self, actions, which: np.ndarray | None = None, *,
             observe: bool = True) -> StepResult:
        """The pending seat's decision in each env ``which`` selects (default: every running
        env), then everything automatic up to the next decision.

        Args:
            actions: int[num_envs]; entries of envs not selected are ignored.
            which: bool[num_envs], the envs that decide now.
            observe: ``False`` when the next deciders read no observation (random or
                constant players): :attr:`obs` is then rendered when it is read.
        """
        seats = self.batch.pending_seat.copy()
        crew, over, truncated = self.batch.step(actions, which, observe=observe)
        self._rewards[:, CREW] = crew
        if self.gm_reward == "adversarial":
            self._rewards[:, GM] = adversarial_payment(crew, self.batch.gm_extra)
        else:
            self._rewards[:, GM] = 0.0
            ended = np.flatnonzero(over)
            if ended.size:
                rows = self.batch.state[ended]  # a copy (fancy index)
                rows[seats[ended] == CREW, FORFEITED] = 0  # not the GM's doing
                self._rewards[ended, GM] = director_reward(rows, self.director)
        return StepResult(self._rewards, over, truncated)

    def next_episode(self, which: np.ndarray | None = None) -> None:
        """Start the next episode of the envs ``which`` selects (default: those over)."""
        self.batch.next_episode(self.over.copy() if which is None else which)

    def play_out(self, crew, gm, which: np.ndarray | None = None) -> None:
        """Play the running episodes of the envs ``which`` selects (default: all) to their
        end, both seats by agents with a compiled policy (the random, constant and heuristic
        agents), in compiled calls.

        Raises:
            ValueError: An agent has no compiled policy, or the event log is on.
        """
        policies = policy_of(crew), policy_of(gm)
        if PYTHON in policies:
            raise ValueError("play_out plays agents with a compiled policy (random, constant, "
                             "heuristic); ask any other agent with step()")
        if self.batch.log_capacity:
            raise ValueError("play_out needs the event log off (log_capacity=0)")
        b = self.batch
        active = np.ones(b.num_envs, np.bool_) if which is None else np.asarray(which, np.bool_)
        kernel = b.ruleset.kernels_with(*policies).play
        kernel(b.state, b.params, b.dice_arrays, b.log_arrays, b.env_ids, b.masks, b.obs,
               active & ~b.over, policy_args(*policies), np.zeros(b.num_envs, np.bool_))

    # -- clone and chance ---------------------------------------------------------------------
    def get_state(self) -> Snapshot:
        """A copy of the state (:meth:`SceneBatch.get_state`)."""
        return self.batch.get_state()

    def set_state(self, state: Snapshot) -> None:
        """Put the batch in ``state``; one of another ruleset, config, layout, version or
        size is refused by name."""
        self.batch.set_state(state)

    def clone(self, chance: int | None = None) -> TwoSeatBatch:
        """An independent batch in the same state: the same future dice, or with ``chance``
        a seed, that seed's dice from now on (independent of the original's future)."""
        twin = object.__new__(TwoSeatBatch)
        twin.__dict__.update(self.__dict__)
        twin.batch, twin._rewards = self.batch.clone(chance), self._rewards.copy()
        return twin

    def reseed(self, chance, which: np.ndarray | None = None) -> None:
        """Fresh chance for the rows ``which`` selects (:meth:`SceneBatch.reseed`)."""
        self.batch.reseed(chance, which)

    def copy_rows(self, rows, source: TwoSeatBatch | None = None, source_rows=0) -> None:
        """Make rows ``rows`` exact copies of rows ``source_rows`` (one, or one per row) of
        ``source`` (default: this batch)."""
        self.batch.copy_rows(rows, None if source is None else source.batch, source_rows)


__all__ = ["CREW", "GM", "StepResult", "TwoSeatBatch", "game_config"]
