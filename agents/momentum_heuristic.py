"""Hand-written Momentum players, one rule of thumb per decision.

Crew: the first PC waiting takes the turn; spend Willpower when it has some, Press while the
Risk is at most ``press_up_to``, Brace at ``brace_from`` or more with Momentum to spare;
Correct a Critical Failure (and a Failure answering a threat, to dodge the Wound); never
Seize; always end the scene at Full.

GM, ``style="director"`` (the default, for the director reward): pace the scene: press
the crew hard in the opening rounds (highest Risk, -1 Momentum or Wound costs, seize after
its Critical Failures, threats at the most wounded PC), then ease off (lowest Risk,
complications, threats at the least wounded) so the scene resolves; end at 0 only late in
the scene; fiat toward half of Full. Measured against the heuristic crew under the director
reward this beats both always-harsh and always-highest-Risk GMs (see the tests). ``style="adversarial"``: always the harshest choice (highest Risk, -1
Momentum, seize, end at 0 at once, fiat down).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from envs.core.validate import check_choice
from envs.momentum import state as st
from envs.momentum.observation import OBSERVATION_NAMES

_O = {name: k for k, name in enumerate(OBSERVATION_NAMES)}
STYLES = ("director", "adversarial")


def _first_legal(masks, first, count):
    """The first legal action in ``first .. first+count-1`` of each row."""
    return first + np.argmax(masks[:, first: first + count], axis=1)


def _last_legal(masks, first, count):
    """The last legal action in ``first .. first+count-1`` of each row."""
    block = masks[:, first: first + count][:, ::-1]
    return first + count - 1 - np.argmax(block, axis=1)


@dataclass
class MomentumHeuristic:
    """Plays whichever Momentum decision is pending (crew or GM).

    Attributes:
        style: The GM's aim, ``"director"`` or ``"adversarial"``.
        press_up_to: The crew Presses while the Risk is at most this.
        brace_from: The crew Braces at this Risk or more...
        brace_momentum: ...when it holds at least this much Momentum.
        late_round_share: A director GM ends the scene at 0 only from this share of the
            round limit on.
        ease_round_share: A director GM presses the crew (highest Risk, harsh costs, seizes)
            while the round is below this share of the round limit, and eases off after.
    """

    style: str = "director"
    press_up_to: int = 4
    brace_from: int = 5
    brace_momentum: int = 4
    late_round_share: float = 0.4
    ease_round_share: float = 0.3

    def __post_init__(self):
        check_choice("style", self.style, STYLES)

    def act(self, obs, masks, env_ids=None):
        obs = np.asarray(obs)
        masks = np.asarray(masks, np.bool_)
        phase = np.argmax(obs[:, : st.NUM_PHASES], axis=1)
        out = np.zeros(obs.shape[0], np.int64)
        for code, rule in self._rules().items():
            rows = phase == code
            if rows.any():
                out[rows] = rule(obs[rows], masks[rows])
        return out

    def _rules(self):
        return {st.PICK: self._pick, st.HANDOFF: self._pick, st.SPEND: self._spend,
                st.CORRECT: self._correct, st.SEIZE: self._pass, st.AT_FULL: self._end,
                st.NPC_PICK: self._npc, st.TARGET: self._target, st.SET_RISK: self._risk,
                st.COST: self._cost, st.GM_SEIZE: self._gm_seize, st.AT_ZERO: self._at_zero,
                st.FIAT: self._fiat}

    # -- crew ---------------------------------------------------------------------------------
    def _pick(self, obs, masks):
        return _first_legal(masks, st.A_PC, st.MAX_PCS)

    def _spend(self, obs, masks):
        risk = np.rint(obs[:, _O["risk"]] * (st.RISK_ACTIONS - 1))
        momentum = obs[:, _O["momentum_share"]] * self._full(obs)
        out = np.full(obs.shape[0], st.A_ROLL)
        pressed, braced = obs[:, _O["pressed"]] > 0.5, obs[:, _O["braced"]] > 0.5
        brace = (masks[:, st.A_BRACE] & ~pressed & (risk >= self.brace_from)
                 & (momentum >= self.brace_momentum))
        out[brace] = st.A_BRACE
        press = masks[:, st.A_PRESS] & ~braced & (risk <= self.press_up_to)
        out[press] = st.A_PRESS
        out[masks[:, st.A_WILLPOWER]] = st.A_WILLPOWER
        return out

    def _correct(self, obs, masks):
        crit_fail = obs[:, _O["result_critical_failure"]] > 0.5
        failed_threat = (obs[:, _O["result_failure"]] > 0.5) & (obs[:, _O["turn_is_npc"]] > 0.5)
        return np.where(crit_fail | failed_threat, st.A_CORRECT, st.A_KEEP)

    def _pass(self, obs, masks):
        return np.full(obs.shape[0], st.A_PASS)

    def _end(self, obs, masks):
        return np.full(obs.shape[0], st.A_END)

    # -- GM -----------------------------------------------------------------------------------
    def _harsh(self, obs):
        """Rows where the GM pushes against the crew."""
        if self.style == "adversarial":
            return np.ones(obs.shape[0], np.bool_)
        return obs[:, _O["round_share"]] < self.ease_round_share

    def _npc(self, obs, masks):
        return _first_legal(masks, st.A_NPC, st.MAX_NPCS)

    def _target(self, obs, masks):
        wounds = obs[:, [_O[f"pc{c}_wounds_share"] for c in range(st.MAX_PCS)]]
        legal = masks[:, st.A_TARGET: st.A_TARGET + st.MAX_PCS]
        most = np.argmax(np.where(legal, wounds, -1.0), axis=1)
        least = np.argmin(np.where(legal, wounds, 9.0), axis=1)
        return st.A_TARGET + np.where(self._harsh(obs), most, least)

    def _risk(self, obs, masks):
        high = _last_legal(masks, st.A_RISK, st.RISK_ACTIONS)
        low = _first_legal(masks, st.A_RISK, st.RISK_ACTIONS)
        return np.where(self._harsh(obs), high, low)

    def _cost(self, obs, masks):
        harsh = np.full(obs.shape[0], st.A_COST + st.COST_RISK)
        for kind in (st.COST_WOUND, st.COST_MOMENTUM):
            harsh = np.where(masks[:, st.A_COST + kind], st.A_COST + kind, harsh)
        return np.where(self._harsh(obs), harsh, st.A_COST + st.COST_COMPLICATION)

    def _gm_seize(self, obs, masks):
        return np.where(self._harsh(obs), st.A_SEIZE, st.A_PASS)

    def _at_zero(self, obs, masks):
        if self.style == "adversarial":
            return self._end(obs, masks)
        late = obs[:, _O["round_share"]] >= self.late_round_share
        return np.where(late, st.A_END, st.A_PASS)

    def _fiat(self, obs, masks):
        legal = masks[:, st.A_FIAT: st.A_FIAT + 2 * st.FIAT_ACTIONS_MAX + 1]
        deltas = np.arange(-st.FIAT_ACTIONS_MAX, st.FIAT_ACTIONS_MAX + 1)
        if self.style == "adversarial":
            want = np.full(obs.shape[0], -st.FIAT_ACTIONS_MAX)
        else:
            full = self._full(obs)
            want = np.rint(full / 2 - obs[:, _O["momentum_share"]] * full)
        dist = np.where(legal, np.abs(deltas[None, :] - want[:, None]), 99)
        return st.A_FIAT + np.argmin(dist, axis=1)

    # -- reading the observation --------------------------------------------------------------
    @staticmethod
    def _full(obs):
        return np.rint(obs[:, _O["full_over_40"]] * 40)
