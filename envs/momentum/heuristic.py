"""Hand-written Momentum players, one rule of thumb per decision.

Crew: the first PC waiting takes the turn; spend Willpower when it has some, Press while the
Risk is at most ``press_up_to``, Brace at ``brace_from`` or more with Momentum to spare;
Correct a Critical Failure (and a Failure answering a threat, to dodge the Wound); never
Seize; always end the scene at Full.

GM, ``style="director"`` (the default, for the director reward): a rubber band around half
of Full, then a climax. While the round is below ``release_share`` of the round limit it
presses the crew whenever Momentum is at least ``hold_share`` of Full (highest Risk, the
``hold_cost`` cost, seizing after a crew Critical Failure, threats at the most wounded PC)
and eases off below it (lowest Risk, the mildest cost that can still be paid, threats at
the least wounded PC), so
Momentum swings around the halfway mark and initiative changes hands. From
``release_share`` on it eases off throughout, so the crew climbs to Full from near the
halfway mark: a long scene decided late. It ends the scene at 0 only from
``late_round_share`` of the round limit on; fiat (when the config allows it) moves Momentum
to just across the halfway mark, handing initiative to the trailing side.
``style="adversarial"``: always the harshest choice (highest Risk, -1 Momentum or else a
Wound, seize, end at 0 at once, fiat down).

The rules of thumb read only the observation (``scenegym.envs.momentum.observation``) and the action
mask, as a trained policy would (inside the compiled step, only the slots they read:
``heuristic_view``), turning slots back into counts with the scales the observation
declares; they are compiled, one row at a time, so that a heuristic opponent costs little
per step.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import numpy as np

from scenegym.envs.core.heuristic import CompiledHeuristic
from scenegym.envs.core.jit import njit
from scenegym.envs.core.validate import check_choice
from scenegym.envs.momentum import state as st
from scenegym.envs.momentum.observation import PC_SLOTS, SCALE, SLOT, heuristic_view

STYLES = ("director", "adversarial")
GM_PHASES = np.zeros(st.NUM_PHASES, np.bool_)
GM_PHASES[[st.NPC_PICK, st.TARGET, st.SET_RISK, st.COST, st.GM_SEIZE, st.AT_ZERO, st.FIAT]] = True


@njit(cache=True)
def full_and_momentum(o):
    """Full Momentum and the crew's Momentum, read back from the observation."""
    full = np.rint(o[SLOT.full_over_40] * SCALE.full_over_40)
    return full, np.rint(o[SLOT.momentum_share] * full)


@njit(cache=True)
def first_legal(m, first, count):
    """The first legal action in ``first .. first+count-1`` (``first`` when none is)."""
    for a in range(first, first + count):
        if m[a]:
            return a
    return first


@njit(cache=True)
def last_legal(m, first, count):
    """The last legal action in ``first .. first+count-1`` (the last one when none is)."""
    for a in range(first + count - 1, first - 1, -1):
        if m[a]:
            return a
    return first + count - 1


@njit(cache=True)
def crew_action(o, m, phase, press_up_to, brace_from, brace_momentum):
    """The crew's rule of thumb for pending decision ``phase``."""
    if phase == st.SPEND:
        if m[st.A_WILLPOWER]:
            return st.A_WILLPOWER
        risk = np.rint(o[SLOT.risk] * SCALE.risk)
        if m[st.A_PRESS] and o[SLOT.braced] < 0.5 and risk <= press_up_to:
            return st.A_PRESS
        _, momentum = full_and_momentum(o)
        if (m[st.A_BRACE] and o[SLOT.pressed] < 0.5 and risk >= brace_from
                and momentum >= brace_momentum):
            return st.A_BRACE
        return st.A_ROLL
    if phase == st.CORRECT:
        failed_threat = o[SLOT.result_failure] > 0.5 and o[SLOT.turn_is_npc] > 0.5
        return st.A_CORRECT if o[SLOT.result_critical_failure] > 0.5 or failed_threat else st.A_KEEP
    if phase == st.SEIZE:
        return st.A_PASS
    if phase == st.AT_FULL:
        return st.A_END
    return first_legal(m, st.A_PC, st.MAX_PCS)  # pick, handoff


@njit(cache=True)
def target(o, m, harsh):
    """The legal PC with the most Wounds (harsh) or the fewest; the first on a tie."""
    best, best_wounds = -1, 0.0
    for c in range(st.MAX_PCS):
        a, w = st.A_TARGET + c, o[SLOT.pc0_wounds_share + c * PC_SLOTS]
        if m[a] and (best < 0 or (w > best_wounds if harsh else w < best_wounds)):
            best, best_wounds = a, w
    return best if best >= 0 else st.A_TARGET


# Costs a director GM picks when it eases off, mildest first: a complication (offered only
# while a later scene can feel it), then -1 Willpower, then +1 Risk on the next crew roll.
EASE_COSTS = (st.COST_COMPLICATION, st.COST_WILLPOWER, st.COST_RISK)


@njit(cache=True)
def cost(m, harsh, adversarial, hold_cost):
    """Adversarial: -1 Momentum, else a Wound, else +1 Risk. Director: ``hold_cost`` while
    pressing (+1 Risk when it is not legal), else the first legal of ``EASE_COSTS``. When
    none of those is legal, the first legal cost (a cost is offered only where it can
    change something, so +1 Risk is not always open)."""
    if harsh:
        kinds = (st.COST_MOMENTUM, st.COST_WOUND, st.COST_RISK) if adversarial else \
            (hold_cost, hold_cost, st.COST_RISK)
    else:
        kinds = EASE_COSTS
    for kind in kinds:
        if m[st.A_COST + kind]:
            return st.A_COST + kind
    return first_legal(m, st.A_COST, st.NUM_COSTS)


@njit(cache=True)
def fiat(o, m, adversarial):
    """The legal Momentum move nearest to -fiat_max (adversarial), or (director) to just
    across the halfway mark from where Momentum is: initiative goes to the trailing side."""
    full, momentum = full_and_momentum(o)
    lead_from = (full + 1) // 2  # the least Momentum with initiative: 2 x Momentum >= Full
    aim = lead_from - 1 if momentum >= lead_from else lead_from
    want = -st.FIAT_ACTIONS_MAX if adversarial else aim - momentum
    best, best_dist = st.A_FIAT + st.FIAT_ACTIONS_MAX, 1e9
    for k in range(2 * st.FIAT_ACTIONS_MAX + 1):
        dist = abs(k - st.FIAT_ACTIONS_MAX - want)
        if m[st.A_FIAT + k] and dist < best_dist:
            best, best_dist = st.A_FIAT + k, dist
    return best


@njit(cache=True)
def gm_action(o, m, phase, harsh, adversarial, hold_cost, late_round_share):
    """The GM's rule of thumb for pending decision ``phase``; ``harsh``: press the crew."""
    if phase == st.TARGET:
        return target(o, m, harsh)
    if phase == st.SET_RISK:
        if harsh:
            return last_legal(m, st.A_RISK, st.RISK_ACTIONS)
        return first_legal(m, st.A_RISK, st.RISK_ACTIONS)
    if phase == st.COST:
        return cost(m, harsh, adversarial, hold_cost)
    if phase == st.GM_SEIZE:
        return st.A_SEIZE if harsh else st.A_PASS
    if phase == st.AT_ZERO:
        late = o[SLOT.round_share] >= late_round_share
        return st.A_END if adversarial or late else st.A_PASS
    if phase == st.FIAT:
        return fiat(o, m, adversarial)
    return first_legal(m, st.A_NPC, st.MAX_NPCS)  # npc pick


@njit(cache=True)
def act_row(o, m, ap, key, n):
    """The action for whichever decision (crew or GM) is pending (the compiled policy)."""
    phase = np.argmax(o[SLOT.phase_pick: SLOT.phase_pick + st.NUM_PHASES])
    adversarial = ap.adversarial == 1
    if GM_PHASES[phase]:
        holding = o[SLOT.round_share] < ap.release_share and o[SLOT.momentum_share] >= ap.hold_share
        return gm_action(o, m, phase, adversarial or holding, adversarial, ap.hold_cost,
                         ap.late_round_share)
    return crew_action(o, m, phase, ap.press_up_to, ap.brace_from, ap.brace_momentum)


@njit(cache=True)
def act_rows(obs, masks, ap, out):
    """Into ``out``, each row's action."""
    for r in range(obs.shape[0]):
        out[r] = act_row(obs[r], masks[r], ap, 0, 0)
    return out


PARAMS = np.dtype([("adversarial", np.int64), ("press_up_to", np.int64),
                   ("brace_from", np.int64), ("brace_momentum", np.int64),
                   ("late_round_share", np.float64), ("hold_share", np.float64),
                   ("release_share", np.float64), ("hold_cost", np.int64)], align=True)


@dataclass
class MomentumHeuristic(CompiledHeuristic):
    """Plays whichever Momentum decision is pending (crew or GM).

    Attributes:
        style: The GM's aim, ``"director"`` or ``"adversarial"``.
        press_up_to: The crew Presses while the Risk is at most this.
        brace_from: The crew Braces at this Risk or more...
        brace_momentum: ...when it holds at least this much Momentum.
        late_round_share: A director GM ends the scene at 0 only from this share of the
            round limit on.
        hold_share: A director GM presses the crew while Momentum is at least this share
            of Full...
        release_share: ...and the round is below this share of the round limit.
        hold_cost: The cost a director GM picks when it presses (``state.COST_*``); the
            default "+1 Risk on the next crew roll" makes the next roll one to Brace, not
            Press.
    """

    policy_name: ClassVar[str] = "momentum_heuristic"
    act_row = staticmethod(act_row)
    act_rows = staticmethod(act_rows)
    view_row = staticmethod(heuristic_view)

    STYLES: ClassVar[tuple] = STYLES

    style: str = "director"
    press_up_to: int = 3
    brace_from: int = 5
    brace_momentum: int = 4
    late_round_share: float = 0.4
    hold_share: float = 0.3
    release_share: float = 0.8
    hold_cost: int = st.COST_RISK

    def __post_init__(self):
        check_choice("style", self.style, STYLES)
        check_choice("hold_cost", self.hold_cost, tuple(range(st.NUM_COSTS)))

    def params(self) -> np.ndarray:
        """The rules of thumb as the compiled policy reads them: one record."""
        rec = np.zeros(1, PARAMS)
        rec[0] = (self.style == "adversarial", self.press_up_to, self.brace_from,
                  self.brace_momentum, self.late_round_share, self.hold_share,
                  self.release_share, self.hold_cost)
        return rec


def director(config=None) -> MomentumHeuristic:
    """Either seat; the GM plays for a good scene (the ruleset's ``"heuristic"`` agent)."""
    return MomentumHeuristic(style="director")


def adversarial(config=None) -> MomentumHeuristic:
    """Either seat; the GM plays to win (``"heuristic-adversarial"``)."""
    return MomentumHeuristic(style="adversarial")
