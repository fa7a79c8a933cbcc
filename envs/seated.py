"""A scene batch seen from one seat: the opponent plays the other seat inside ``step``.

This is the one place that turns the engine's two-seat scenes into single-learner episodes;
the Gymnasium env, the Gymnasium vector env and the Stable-Baselines3 VecEnv all use it.

Episodes are scenes. After ``reset`` and after every ``step`` the learner's decision is
pending in every env. A scene that ends is reported once, with the learner's reward, and the
env moves on to its next scene at once (same-step autoreset). A scene in which the learner's
seat never had a decision (say, a GM learner in a scene where no price was ever due) is
played out by the opponent and not reported as an episode: it is counted in
``unseated_scenes``.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from scenegym.envs.core.batch import SceneBatch
from scenegym.envs.core.header import CREW, GM, SEAT_NAMES
from scenegym.envs.core.kernels import pending
from scenegym.envs.core.reward import GM_REWARDS, DirectorWeights, seat_reward
from scenegym.envs.core.validate import check_choice

SEATS = {"crew": CREW, "gm": GM}


@njit(cache=True)
def book_ended(over, truncated, learner_decided, ended, cut, terminated, report):
    """Mark the ended scenes to report (the learner decided in them, and its env has not
    reported one in this step) and set their end flags; forget who decided. Returns how
    many are reported."""
    n = 0
    for i in range(over.shape[0]):
        report[i] = over[i] and learner_decided[i] and not ended[i]
        if report[i]:
            ended[i] = True
            cut[i] = truncated[i]
            terminated[i] = not truncated[i]
            n += 1
        if over[i]:
            learner_decided[i] = False
    return n
MAX_UNSEATED_IN_A_ROW = 10_000


class SeatedBatch:
    """A :class:`SceneBatch` with a learner seat and an opponent for the other seat.

    Args:
        batch: The scenes.
        seat: ``"crew"`` or ``"gm"``: the learner's seat.
        opponent: An agent (``act(obs, masks, env_ids)``) for the other seat.
        gm_reward: ``"adversarial"`` or ``"director"`` (GM learner only); default: the
            ruleset's ``default_gm_reward``.
        director: Weights of the director reward; default: the ruleset's.
    """

    def __init__(self, batch: SceneBatch, seat: str, opponent, gm_reward: str | None = None,
                 director: DirectorWeights | None = None):
        gm_reward = gm_reward or batch.ruleset.default_gm_reward
        check_choice("seat", seat, tuple(SEATS))
        check_choice("gm_reward", gm_reward, GM_REWARDS)
        self.batch, self.seat, self.opponent = batch, SEATS[seat], opponent
        self.opponent_seat = GM if self.seat == CREW else CREW
        if self.seat not in batch.ruleset.seats_with_decisions(batch.config):
            raise ValueError(
                f"the {seat} seat never decides under this {batch.ruleset.name} config; "
                f"choose a config that gives it decisions or the other seat")
        self.gm_reward, self.director = gm_reward, director or batch.ruleset.director
        n = batch.num_envs
        self.learner_decided = np.zeros(n, np.bool_)
        self.unseated_scenes = 0
        self.scenes_reported = 0
        self._learner = np.zeros(n, np.bool_)
        self._opp = np.zeros(n, np.bool_)
        self._actions = np.zeros(n, np.int64)
        self._reward = np.zeros(n, np.float32)
        self._ended = np.zeros(n, np.bool_)
        self._cut = np.zeros(n, np.bool_)
        self._terminated = np.zeros(n, np.bool_)
        self._report = np.zeros(n, np.bool_)
        self._dirty = True
        self._final_obs = np.zeros_like(batch.obs)

    @property
    def obs(self):
        return self.batch.obs

    @property
    def masks(self):
        return self.batch.masks

    def reset(self, seed: int | None = None) -> None:
        """Start every env's first scene and play until the learner's decision is pending."""
        self.batch.reset(seed)
        self.learner_decided[:] = False
        self._clear_outputs()
        self._settle()

    def next_episode(self) -> None:
        """Abandon every env's current scene and start its next one (the learner's turn)."""
        self.batch.next_episode(np.ones(self.batch.num_envs, np.bool_))
        self.learner_decided[:] = False
        self._clear_outputs()
        self._settle()

    def step(self, actions):
        """The learner's decision in every env, then the opponent's until the learner's again.

        Returns:
            ``(reward, terminated, truncated, final_obs)``: per env, the learner's reward, the
            end flags of the scene it played, and the last observation of ended scenes (rows
            of envs whose scene did not end are stale). The arrays are reused by the next
            step: copy them to keep them.
        """
        b = self.batch
        n_learner = pending(b.state, self.seat, self._learner)
        if n_learner != b.num_envs:
            i = int(np.flatnonzero(~self._learner)[0])
            raise RuntimeError(f"env {i}: the learner ({SEAT_NAMES[self.seat]}) is not pending")
        self._clear_outputs()
        b.step(actions, self._learner)
        self.learner_decided[:] = True
        self._collect()
        self._settle()
        return self._reward, self._terminated, self._cut, self._final_obs

    def _clear_outputs(self):
        """Zero the outputs of the last step (only those that a scene end wrote)."""
        if self._dirty:
            self._reward[:] = 0.0
            self._ended[:] = False
            self._terminated[:] = False
            self._cut[:] = False
            self._dirty = False

    def _collect(self):
        """Book rewards paid before the end, and scenes that just ended: report the
        learner's, skip unseated ones; autoreset."""
        b = self.batch
        if b.paid:
            self._book_payouts()
        if b.ended == 0:
            return
        over = b._over.copy()
        reported = book_ended(over, b._truncated, self.learner_decided, self._ended,
                              self._cut, self._terminated, self._report)
        if reported:
            idx = np.flatnonzero(self._report)
            self._reward[idx] += seat_reward(self.seat, self.gm_reward, b._reward[idx],
                                             b.state[idx], self.director)
            self._final_obs[idx] = b.obs[idx]
            self._dirty = True
        self.scenes_reported += reported
        self.unseated_scenes += b.ended - reported
        b.next_episode(over)

    def _book_payouts(self):
        """Rewards a ruleset pays before the end (a mission's scene): the crew's, or minus
        the crew's for an adversarial GM; the director is paid at the end only."""
        b = self.batch
        sign = 1.0 if self.seat == CREW else (-1.0 if self.gm_reward == "adversarial" else 0.0)
        early = (b._reward != 0) & ~b._over & self.learner_decided & ~self._ended
        self._reward[early] += sign * b._reward[early]
        self._dirty = True

    def _settle(self):
        """Let the opponent act until the learner's decision is pending in every env."""
        b = self.batch
        for _ in range(MAX_UNSEATED_IN_A_ROW):
            waiting = pending(b.state, self.opponent_seat, self._opp)
            if waiting == 0:
                return
            if waiting == b.num_envs:  # no need to gather (always so for a single env)
                self._actions[:] = self.opponent.act(b.obs, b.masks, b.env_ids)
            else:
                idx = np.flatnonzero(self._opp)
                self._actions[idx] = self.opponent.act(b.obs[idx], b.masks[idx], b.env_ids[idx])
            b.step(self._actions, self._opp)
            self._collect()
        raise RuntimeError("the opponent played 10000 rounds without a learner decision")
