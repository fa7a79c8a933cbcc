"""A batch seen from one seat: the opponent plays the other seat inside ``step``.

This is the one place that turns the engine's two-seat episodes into single-learner
episodes; the Gymnasium env, the Gymnasium vector env and the Stable-Baselines3 VecEnv all
use it.

After ``reset`` and after every ``step`` the learner's decision is pending in every env. An
episode that ends is reported once, with the learner's reward, and the env moves on to its
next episode at once (same-step autoreset). An episode in which the learner's seat never had
a decision (say, a GM learner in a scene where no price was ever due) is played out by the
opponent and not reported: it is counted in ``unseated_episodes``.

One compiled call (:func:`scenegym.envs.core.loops.seated_advance`) takes the learner's
actions and, when the opponent has a compiled policy (:mod:`scenegym.envs.core.policy`: the
random agent and every heuristic), plays the opponent's turns, pays and resets, all in the
same call. An opponent without one (a trained network, a user's object) is asked in Python
for the envs waiting on it, and the same compiled call continues from there, so both paths
play the same trajectories.
"""

from __future__ import annotations

import copy
from typing import NamedTuple

import numpy as np

from scenegym.envs.core.batch import SceneBatch
from scenegym.envs.core.header import CREW, GM, OVER, SEAT, SEAT_NAMES
from scenegym.envs.core.kernels import entry_point, policy_args
from scenegym.envs.core.loops import N_DECISIONS, N_REPORTED, N_UNSEATED, N_WAITING
from scenegym.envs.core.memory import row_bytes
from scenegym.envs.core.packed import pack_seated
from scenegym.envs.core.policy import PYTHON, ask, policy_of
from scenegym.envs.core.reward import GM_REWARDS, DirectorWeights, pay_mode
from scenegym.envs.core.snapshot import Snapshot
from scenegym.envs.core.validate import check_choice

SEATS = {"crew": CREW, "gm": GM}
FLAGS = 4  # per env: learner decided, end reported, terminated, truncated


def seated_bytes(layout) -> int:
    """Bytes per env that a :class:`SeatedBatch` adds to its batch's: the last observation of
    an ended episode, the learner's reward, the flags, the actions and two env selections."""
    return (row_bytes(np.float32, layout.obs_size) + row_bytes(np.float32)
            + row_bytes(np.bool_, FLAGS) + row_bytes(np.int64) + 2 * row_bytes(np.bool_))


class SeatedState(NamedTuple):
    """The state of a seated batch (:meth:`SeatedBatch.get_state`).

    Attributes:
        batch: The batch's state (:class:`scenegym.envs.core.snapshot.Snapshot`).
        seat: The learner's seat, ``"crew"`` or ``"gm"``.
        flags: bool[n, 4], per env: the learner decided in the running episode; an end was
            reported in the last step; it was terminated; it was truncated.
        reward: float32[n], the learner's reward of the last step.
        final_obs: float32[n, obs_size], the last observation of the episodes reported.
        counters: ``(episodes_reported, unseated_episodes, decisions_taken)``.
    """

    batch: Snapshot
    seat: str
    flags: np.ndarray
    reward: np.ndarray
    final_obs: np.ndarray
    counters: tuple[int, int, int]


class SeatedBatch:
    """A :class:`SceneBatch` with a learner seat and an opponent for the other seat.

    Args:
        batch: The episodes.
        seat: ``"crew"`` or ``"gm"``: the learner's seat.
        opponent: An agent (``act(obs, masks, env_ids)``, optionally ``compiled``) for the
            other seat.
        gm_reward: ``"adversarial"`` or ``"director"`` (GM learner only); default: the
            ruleset's ``default_gm_reward``.
        director: Weights of the director reward; default: the ruleset's.
        inline_opponent: Play an opponent's compiled policy inside the compiled step (the
            default); ``False`` asks its ``act`` in Python like any other agent's (the same
            trajectories, slower: for tests and benchmarks).
    """

    def __init__(self, batch: SceneBatch, seat: str, opponent, gm_reward: str | None = None,
                 director: DirectorWeights | None = None, inline_opponent: bool = True):
        gm_reward = gm_reward or batch.ruleset.default_gm_reward
        check_choice("seat", seat, tuple(SEATS))
        check_choice("gm_reward", gm_reward, GM_REWARDS)
        self.batch, self.seat = batch, SEATS[seat]
        self.opponent_seat = GM if self.seat == CREW else CREW
        if self.seat not in batch.ruleset.seats_with_decisions(batch.config):
            raise ValueError(
                f"the {seat} seat never decides under this {batch.ruleset.name} config; "
                f"choose a config that gives it decisions or the other seat")
        self.gm_reward, self.director = gm_reward, director or batch.ruleset.director
        n = batch.num_envs
        # episodes reported, ended unseated, decisions taken (both seats) since the batch was
        # made, envs waiting on a Python opponent: the compiled step counts them
        self._counts = np.zeros(4, np.int64)
        self._seat_args = np.array([self.seat, pay_mode(self.seat, gm_reward), 1], np.int64)
        self._reward = np.zeros(n, np.float32)
        # per env: learner decided in this episode, reported an end, ended by the rules
        # (terminated), cut off by the rules' own limit
        self._flags = np.zeros((n, FLAGS), np.bool_)
        self._terminated, self._cut_off = self._flags[:, 2], self._flags[:, 3]
        self._final_obs = np.zeros_like(batch.obs)
        self._actions = np.zeros(n, np.int64)
        self.action_buffer = self._actions  # step(action_buffer): no copy
        self._which = np.zeros(n, np.bool_)
        self._all = np.ones(n, np.bool_)
        self.inline_opponent = inline_opponent
        self.opponent = opponent

    @property
    def episodes_reported(self) -> int:
        """Episodes that ended with a learner decision (each reported once), so far."""
        return int(self._counts[N_REPORTED])

    @property
    def unseated_episodes(self) -> int:
        """Episodes that ended without a learner decision (played out, not reported)."""
        return int(self._counts[N_UNSEATED])

    @property
    def decisions_taken(self) -> int:
        """Decisions taken by both seats since the batch was made."""
        return int(self._counts[N_DECISIONS])

    @property
    def opponent(self):
        return self._opponent

    @opponent.setter
    def opponent(self, agent) -> None:
        """Set the opponent and bind its compiled policy, if any, into the step."""
        self._opponent = agent
        mine, theirs = PYTHON, policy_of(agent) if self.inline_opponent else PYTHON
        crew, gm = (mine, theirs) if self.seat == CREW else (theirs, mine)
        self.compiled_opponent = theirs is not PYTHON
        self._seated = self.batch.ruleset.kernels_with(crew, gm).seated
        self._policy = (*policy_args(crew, gm), self.director.as_array())
        self._packed = self._entry = self._obs = self._args_version = None
        self._wrote = False  # the rules wrote observations since _writing_into began

    def _prepare(self) -> None:
        """The compiled step's packed arrays, for ``which`` = the envs picked in ``_which``
        (index 0) and for every env (1), with its entry point resolved (no argument typing at
        each call): packed the first time (and after the opponent changed); after that only
        the observations' array is taken again, when the batch's changed (the native vector
        env gives it a fresh array at every step). The seed is the batch's own array, which
        it changes in place."""
        b = self.batch
        if self._packed is None:
            self._packed = [pack_seated(b.state, b.params, b.dice_arrays, b.log_arrays,
                                        b.seed_array, b.env_ids, b.masks, self._actions, which,
                                        b.illegal_code, self._seat_args, self._policy,
                                        self._reward, self._final_obs, self._flags,
                                        self._counts)
                            for which in (self._which, self._all)]
        self._obs = b.obs
        if self._entry is None:
            self._entry = entry_point(self._seated, (self._packed[0], self._obs))
        self._args_version = b.arrays_version

    # -- clone and chance ---------------------------------------------------------------------
    def get_state(self) -> SeatedState:
        """A copy of the state: the batch's and the seat's own (flags, last rewards)."""
        return SeatedState(self.batch.get_state(), SEAT_NAMES[self.seat], self._flags.copy(),
                           self._reward.copy(), self._final_obs.copy(),
                           (self.episodes_reported, self.unseated_episodes,
                            self.decisions_taken))

    def set_state(self, state: SeatedState) -> None:
        """Put the seated batch in ``state`` (see :meth:`SceneBatch.set_state`).

        Raises:
            ValueError: ``state`` is another seat's, or another batch's (by name).
        """
        if not isinstance(state, SeatedState):
            raise TypeError(f"a seated batch's state is a SeatedState (from get_state()), "
                            f"got {type(state).__name__}")
        if state.seat != SEAT_NAMES[self.seat]:
            raise ValueError(f"this state has seat {state.seat!r}; the learner here has seat "
                             f"{SEAT_NAMES[self.seat]!r}")
        self.batch.set_state(state.batch)
        for mine, theirs in ((self._flags, state.flags), (self._reward, state.reward),
                             (self._final_obs, state.final_obs)):
            np.copyto(mine, theirs, casting="no")
        self._counts[[N_REPORTED, N_UNSEATED, N_DECISIONS]] = state.counters

    def clone(self, chance: int | None = None, opponent=None) -> SeatedBatch:
        """An independent seated batch in the same state: the same future dice, or with
        ``chance`` a seed, fresh dice (:meth:`SceneBatch.reseed`).

        Args:
            chance: ``None`` (a replay) or the seed of the clone's dice from now on.
            opponent: The clone's opponent (default: a deep copy of this one's). A random
                opponent keeps its own stream: give one of another seed for fresh chance in
                its choices too.
        """
        twin = SeatedBatch(self.batch.clone(chance),
                           SEAT_NAMES[self.seat],
                           copy.deepcopy(self._opponent) if opponent is None else opponent,
                           self.gm_reward, self.director, self.inline_opponent)
        state = self.get_state()
        twin.set_state(state._replace(batch=twin.batch.get_state()))
        return twin

    def __getstate__(self) -> dict:
        """What ``pickle`` and ``copy.deepcopy`` keep: the arguments and the state (compiled
        entry points and views are made again)."""
        return {"batch": self.batch, "seat": SEAT_NAMES[self.seat], "opponent": self._opponent,
                "gm_reward": self.gm_reward, "director": self.director,
                "inline_opponent": self.inline_opponent, "state": self.get_state()}

    def __setstate__(self, kept: dict) -> None:
        kept = dict(kept)
        state = kept.pop("state")
        self.__init__(**kept)
        self.set_state(state)

    @property
    def obs(self):
        return self.batch.obs

    @property
    def masks(self):
        return self.batch.masks

    @property
    def learner_decided(self) -> np.ndarray:
        """bool[n]: the learner has decided in the env's running episode."""
        return self._flags[:, 0]

    def reset(self, seed: int | None = None, obs_into: np.ndarray | None = None) -> None:
        """Start every env's first episode and play until the learner's decision is pending
        (``obs_into``: as in :meth:`step`)."""
        if obs_into is None:
            self._begin_all(seed)
        else:
            self._writing_into(obs_into, self._begin_all, seed)

    def _begin_all(self, seed) -> None:
        self.batch.reset(seed)
        self._wrote = True
        self._flags[:] = False
        self._advance(self._which, new_step=False)

    def next_episode(self) -> None:
        """Abandon every env's running episode and start its next one (the learner's turn)."""
        self.batch.next_episode(self._all)
        self._flags[:] = False
        self._advance(self._which, new_step=False)

    def step(self, actions, obs_into: np.ndarray | None = None, which=None):
        """The learner's decision in every env, then the opponent's until the learner's again.

        Args:
            actions: int[n], the learner's action per env (writing them into
                ``action_buffer`` and passing that array saves a copy).
            obs_into: An array like :attr:`obs` to become the batch's observations (see
                :meth:`SceneBatch.use_obs_array`), or ``None``: the batch keeps its own.
            which: bool[n], the envs that take their action (the others stay as they are,
                with reward 0 and no end: a next-step autoreset), or ``None``: every env.
                Only without ``obs_into`` (a skipped env's observation is not written).

        Returns:
            ``(reward, terminated, cut_off, final_obs)``: per env, the learner's reward;
            whether the episode it played ended (every end the rules define, their round or
            move limit included); whether that end was the rules' limit cutting it off; and
            the last observation of ended episodes (rows of envs whose episode did not end
            are stale). The arrays are reused by the
            next step: copy them to keep them.
        """
        if actions is not self._actions:
            self._actions[:] = actions
        if which is not None:
            self._which[:] = which
            self._advance(self._which, True)
        elif obs_into is None:  # the single env's path: nothing more per step
            self._advance(self._all, True)
        else:
            self._writing_into(obs_into, self._advance, self._all, True)
        return self._reward, self._terminated, self._cut_off, self._final_obs

    def _writing_into(self, obs, work, *args) -> None:
        """``work(*args)`` with the batch writing its observations into ``obs``. If the work is
        refused before anything was written (the learner's illegal action), the batch's own
        array comes back; once the rules have written, ``obs`` stays (an error of the Python
        opponent after that leaves observations that match the state)."""
        previous, self._wrote = self.batch.use_obs_array(obs), False
        try:
            work(*args)
        except BaseException:
            if not self._wrote:
                self.batch.use_obs_array(previous)
            raise

    def _advance(self, which, new_step: bool) -> None:
        """The compiled step, then the Python opponent for the envs waiting on it, if any."""
        self._call(which is self._all, new_step)
        if which is self._which:  # (every env's step leaves it all False: nothing to clear)
            self._which[:] = False
        if not self.compiled_opponent:
            self._answer_python_opponent()

    def _answer_python_opponent(self) -> None:
        """Ask the Python opponent for the envs waiting on it, and continue the compiled step
        from there, until none waits."""
        b = self.batch
        while self._counts[N_WAITING]:
            idx = np.flatnonzero((b.state[:, SEAT] == self.opponent_seat) & (b.state[:, OVER] == 0))
            self._actions[idx] = ask(self._opponent, b, idx)
            self._which[idx] = True
            self._call(False, new_step=False)
            self._which[:] = False

    def _refuse(self, bad: int) -> None:
        """Raise what the compiled step's ``bad`` (not -1) names: an env whose learner was not
        pending (``-2 - i``) or an illegal action (``i``)."""
        if bad <= -2:
            raise RuntimeError(f"env {-2 - bad}: the learner ({SEAT_NAMES[self.seat]}) is not "
                               "pending; call reset() first")
        raise ValueError(self.batch.describe_illegal(bad, int(self._actions[bad])))

    def _call(self, everyone: bool, new_step: bool = True) -> None:
        """One call of the compiled step (its observations' array taken again only when the
        batch's changed); it counts into ``_counts``. A new step's flag is left set by the
        previous call: only a call that continues a step writes it."""
        if self._args_version != self.batch.arrays_version:
            self._prepare()
        if not new_step:
            self._seat_args[2] = 0
        bad = self._entry(self._packed[everyone], self._obs)
        if bad != -1:
            self._refuse(bad)
        self._wrote = True
