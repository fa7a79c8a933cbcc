"""A tiny dice game defined outside the package, to show that a ruleset is a plug-in.

Pig for two seats: on its turn a seat rolls 1..``max_dice`` dice or holds. A roll with any 1
loses the turn's total and passes the turn; otherwise the faces add to the turn's total.
Holding banks the turn's total and passes the turn. The first seat to bank ``target`` wins.
The action count depends on the config (``1 + max_dice``), and ``peek_column`` (tests only)
makes a rule read column ``peek_column`` of the state row, in or out of range.

Nothing outside this file is edited to add it: :func:`register` registers the ruleset and its
env id ``scenegym-examples/Pig-v0``.
"""

from __future__ import annotations

from collections import namedtuple
from dataclasses import dataclass

from numba import njit

from scenegym.envs.core.config import RulesetConfig
from scenegym.envs.core.dice import roll
from scenegym.envs.core.header import (
    CREW,
    DECISIONS,
    GM,
    HEADER_SIZE,
    PHASE,
    SEAT,
    cut_off,
    end_episode,
    set_lead,
)
from scenegym.envs.core.ruleset import EnvId, Layout, Ruleset
from scenegym.envs.core.validate import check_int

CREW_BANK, GM_BANK, TURN_TOTAL, PEEKED = HEADER_SIZE, HEADER_SIZE + 1, HEADER_SIZE + 2, HEADER_SIZE + 3
STATE_SIZE = HEADER_SIZE + 4
TURN = 0  # the one phase: roll or hold
HOLD = 0  # action 0 holds; action k rolls k dice
OBSERVATION_NAMES = ("my_bank", "their_bank", "turn_total", "i_am_crew")


@dataclass(frozen=True)
class PigConfig(RulesetConfig):
    """Attributes: target (bank to win), die_sides, max_dice (per roll), max_decisions
    (cut-off), cutoff_result (what a cut-off pays each seat: -1, a loss to both, so no seat
    is paid for stalling; or 0), peek_column (a column a rule reads each roll; -1: none)."""

    target: int = 30
    die_sides: int = 6
    max_dice: int = 2
    max_decisions: int = 200
    cutoff_result: int = -1
    peek_column: int = -1

    def __post_init__(self):
        check_int("target", self.target, 1, 1000)
        check_int("die_sides", self.die_sides, 2, 20)
        check_int("max_dice", self.max_dice, 1, 5)
        check_int("max_decisions", self.max_decisions, 1, 100_000)
        check_int("cutoff_result", self.cutoff_result, -1, 0)
        check_int("peek_column", self.peek_column, -1, 1_000)


PigParams = namedtuple("PigParams", PigConfig.field_names())


def params(config: PigConfig) -> PigParams:
    """The kernel parameters: every config field as it is."""
    return PigParams(*(getattr(config, name) for name in PigConfig.field_names()))


@njit(cache=True)
def begin(s, p, dice, log, i):
    s[CREW_BANK] = s[GM_BANK] = s[TURN_TOTAL] = s[PEEKED] = 0
    s[PHASE], s[SEAT] = TURN, CREW


@njit(cache=True)
def pass_turn(s):
    s[TURN_TOTAL] = 0
    s[SEAT] = GM if s[SEAT] == CREW else CREW


@njit(cache=True)
def apply(s, p, dice, log, i, action):
    s[DECISIONS] += 1
    bank = CREW_BANK if s[SEAT] == CREW else GM_BANK
    if action == HOLD:
        s[bank] += s[TURN_TOTAL]
        pass_turn(s)
    else:
        if p.peek_column >= 0:
            s[PEEKED] = s[p.peek_column]
        total, bust = 0, False
        for _ in range(action):
            face = roll(dice, i, p.die_sides)
            bust = bust or face == 1
            total += face
        if bust:
            pass_turn(s)
        else:
            s[TURN_TOTAL] += total
    lead = s[CREW_BANK] - s[GM_BANK]
    set_lead(s, 1 if lead > 0 else (-1 if lead < 0 else 0), min(100, abs(lead) * 100 // p.target))
    if s[CREW_BANK] >= p.target or s[GM_BANK] >= p.target:
        end_episode(s, log, i, 1 if s[CREW_BANK] >= p.target else -1, 0, 0)
    elif s[DECISIONS] >= p.max_decisions:
        cut_off(s, log, i, p.cutoff_result, 1)


@njit(cache=True)
def legal(s, p, m):
    m[:] = False
    if s[SEAT] >= 0:
        m[:] = True


@njit(cache=True)
def observe(s, p, o):
    mine, theirs = (CREW_BANK, GM_BANK) if s[SEAT] != GM else (GM_BANK, CREW_BANK)
    o[0] = min(1.0, s[mine] / p.target)
    o[1] = min(1.0, s[theirs] / p.target)
    o[2] = min(1.0, s[TURN_TOTAL] / p.target)
    o[3] = 1.0 if s[SEAT] == CREW else 0.0


def layout(config: PigConfig) -> Layout:
    actions = ("hold",) + tuple(f"roll {k}" for k in range(1, config.max_dice + 1))
    return Layout(STATE_SIZE, actions, OBSERVATION_NAMES, 0.0, 1.0)


class HoldAtTwenty:
    """Rolls one die until the turn's total is 20 or more of the target, then holds."""

    def act(self, obs, masks, env_ids=None):
        return (obs[:, 2] < 0.2).astype("int64")


def heuristic(config=None):
    return HoldAtTwenty()


def transcript(events, config):
    return [f"{len(events)} records"]


PIG = Ruleset(
    name="pig_test",
    config_type=PigConfig,
    rules=(begin, apply, legal, observe),
    layout=layout,
    params=params,
    phase_names={TURN: "turn"},
    seats_with_decisions=lambda config: {CREW, GM},
    transcript=transcript,
    env_ids=(EnvId("scenegym-examples/Pig-v0"),),
    agents={"heuristic": f"{__name__}:heuristic"},
)


def register():
    """Register the ruleset and its env id (what a designer's package would do)."""
    from scenegym.envs.registration import register_ruleset_ids

    register_ruleset_ids(PIG)
    return PIG
