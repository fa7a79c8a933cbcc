"""Momentum structured scenes, as per-env numba rules over one state row.

Rules page: ``docs/rules/momentum.md`` (Momentum, initiative, thresholds, spends, social
scenes, scenes / acts / missions; the roll and the GM side, which are this project's
decisions: no published source was found). Every number comes from the kernel parameters ``p``
(:func:`scenegym.envs.momentum.config.kernel_params`); none is written here.

A round: the leading side's characters, then the other side's ("one side acts first and the
other acts second"), each character taking one turn, in an order the crew picks (handoff or
group) or the GM picks; a crew Seize at the end of an NPC turn puts the crew's turns next.
A PC's own turn is one roll at a Risk the GM sets; an NPC's turn is a threat the GM aims at
a PC, answered by that PC's roll at a Risk in the NPC's profile. After each turn: the GM's
cost on a Costly Success, the GM's seize after a Critical Failure, the thresholds, then the
crew's handoff (after a PC's turn) or Seize (after an NPC's turn). A spend that moves
Momentum onto a threshold (Press, Brace, Correct, Seize) offers it at once. At the end of a round,
the GM's fiat. The row ``s`` is one env's int32 state (layout in :mod:`scenegym.envs.momentum.state`).
"""

from __future__ import annotations

from scenegym.envs.core.events import DECISION, NOTE, OUTCOME, record
from scenegym.envs.core.events import POOL as POOL_EVENT
from scenegym.envs.core.header import (
    CREW,
    DECISIONS,
    GM,
    LEAD,
    PHASE,
    SEAT,
    count_cut_off,
    cut_off,
    end_episode,
    pay,
    pay_gm_extra,
    set_lead,
)
from scenegym.envs.core.jit import njit
from scenegym.envs.momentum.config import (
    EPISODE_MISSION,
    KIND_SOCIAL,
    LAST_COMPLICATION_MOMENTUM,
    MODE_GOAL,
    MODE_NARRATIVE,
    MODE_WOUNDS,
    ORDER_HANDOFF,
    REWARD_PER_MISSION,
)
from scenegym.envs.momentum.roll import contest_result, roll_crew, roll_opponent, roll_result
from scenegym.envs.momentum.state import (
    A_BRACE,
    A_CORRECT,
    A_COST,
    A_END,
    A_FIAT,
    A_NPC,
    A_PASS,
    A_PC,
    A_PRESS,
    A_RISK,
    A_ROLL,
    A_SEIZE,
    A_TARGET,
    A_WILLPOWER,
    ACT,
    ACTED,
    ACTOR,
    AT_FULL,
    AT_ZERO,
    BRACED,
    CARRIED,
    COMPLICATIONS,
    CORRECT,
    CORRECTED,
    COST,
    COST_COMPLICATION,
    COST_MOMENTUM,
    COST_RISK,
    COST_WILLPOWER,
    COST_WOUND,
    COSTLY_SUCCESS,
    CREW_SEIZED,
    CREW_TURN,
    CRITICAL_FAILURE,
    CRITICAL_SUCCESS,
    CUT_SCENES,
    END_CREW_OUT,
    END_FULL,
    END_GOAL,
    END_MISSION,
    END_NARRATIVE,
    END_ROUND_LIMIT,
    END_ZERO,
    EVER,
    EXCHANGES,
    FIAT,
    FIAT_ACTIONS_MAX,
    FIAT_LEFT,
    FULL,
    GM_SEIZE,
    GM_SEIZE_NEXT,
    GOAL_CREW,
    GOAL_GM,
    GROUND,
    HANDOFF,
    HITS,
    LEADER,
    LOSSES,
    MAX_NPCS,
    MAX_PCS,
    MOMENTUM,
    NEXT_PC,
    NOTE_ACT_BREAK,
    NOTE_BRACE,
    NOTE_CORRECT,
    NOTE_COST,
    NOTE_CREW_TURN,
    NOTE_FIAT,
    NOTE_GM_SEIZE,
    NOTE_HANDOFF,
    NOTE_NPC_TURN,
    NOTE_OUT,
    NOTE_PRESS,
    NOTE_RISK,
    NOTE_ROUND,
    NOTE_SCENE_OVER,
    NOTE_SCENE_START,
    NOTE_SEIZE,
    NOTE_UPGRADE,
    NPC,
    NPC_ACTED,
    NPC_PICK,
    NPC_TURN,
    NUM_COSTS,
    OPP_SIXES,
    OPP_SUCCESSES,
    OUT,
    PICK,
    POOL,
    POOL_COMPLICATIONS,
    POOL_GOAL_CREW,
    POOL_GOAL_GM,
    POOL_MOMENTUM,
    POOL_RISK_NEXT,
    POOL_WILLPOWER,
    POOL_WOUNDS,
    PRESS_HITS,
    PRESSED,
    RESUME,
    RISK,
    RISK_NEXT,
    ROLL_RESULT,
    ROUND,
    SEIZE,
    SET_RISK,
    SIDE,
    SIXES,
    SPEND,
    START,
    STORY_SCENE,
    SUCCESS,
    SUCCESSES,
    TARGET,
    THEN_AFTER_TURN,
    THEN_NEXT_TURN,
    THEN_REROLL,
    THEN_SPEND,
    TURN,
    UPGRADED,
    WILLPOWER,
    WINS,
    WOUNDS,
)

# What follows a step (see :func:`run`).
STOP, GO_ON, GO_SCENE, GO_ROUND, GO_TURN, GO_RESOLVE, GO_AFTER_COSTS, GO_THRESHOLDS, \
    GO_AFTER_THRESHOLDS = range(9)

# ---------------------------------------------------------------------------------------------
# Pools


@njit(cache=True)
def set_pool(s, log, i, col, code, value, who):
    """Set a pool column, logging the change (``who``: the character, or -1)."""
    if s[col] != value:
        record(log, i, POOL_EVENT, code, s[col], value, who)
        s[col] = value


@njit(cache=True)
def social(p):
    """A social scene (``kind="social"``): exchanges are active contests."""
    return p.kind == KIND_SOCIAL


@njit(cache=True)
def momentum_moves(p):
    """Momentum moves with rolls and spends, except in a purely narrative social scene."""
    return not (social(p) and p.social_mode == MODE_NARRATIVE)


@njit(cache=True)
def thresholds_end(p):
    """Full and 0 end the scene, except in narrative and goal-counter social scenes."""
    return not (social(p) and (p.social_mode == MODE_NARRATIVE or p.social_mode == MODE_GOAL))


@njit(cache=True)
def wounds_apply(p):
    """Threats wound in action scenes; in social scenes only in the ``wounds`` mode."""
    return (not social(p)) or p.social_mode == MODE_WOUNDS


@njit(cache=True)
def add_momentum(s, log, i, delta):
    """Move Momentum by ``delta`` within 0 .. Full."""
    set_pool(s, log, i, MOMENTUM, POOL_MOMENTUM, max(0, min(s[MOMENTUM] + delta, s[FULL])), -1)


@njit(cache=True)
def crew_has_initiative(s):
    """The crew leads a round with half or more of Full: 2 x Momentum >= Full (13: 7 yes, 6 no)."""
    return 2 * s[MOMENTUM] >= s[FULL]


@njit(cache=True)
def update_lead(s):
    """Header lead: +1 crew when it has initiative by Momentum, else -1 (GM).

    The margin is the distance of Momentum from half of Full, in percent of half of Full
    (0 at the halfway mark, 100 at Full or at 0).
    """
    margin = min(100, abs(2 * s[MOMENTUM] - s[FULL]) * 100 // s[FULL])
    set_lead(s, 1 if crew_has_initiative(s) else -1, margin)


# ---------------------------------------------------------------------------------------------
# Characters


@njit(cache=True)
def living(s, p, c):
    """PC ``c`` is in the scene and not out."""
    return c < p.pcs and s[OUT + c] == 0


@njit(cache=True)
def pcs_waiting(s, p):
    """Living PCs who have not taken their turn this round."""
    n = 0
    for c in range(p.pcs):
        n += living(s, p, c) and s[ACTED + c] == 0
    return n


@njit(cache=True)
def pcs_living(s, p):
    """PCs not out."""
    n = 0
    for c in range(p.pcs):
        n += living(s, p, c)
    return n


@njit(cache=True)
def npcs_waiting(s, p):
    """NPCs who have not taken their turn this round."""
    n = 0
    for k in range(p.npcs):
        n += s[NPC_ACTED + k] == 0
    return n


@njit(cache=True)
def every_pc_has_acted(s, p):
    """Every PC still in the scene has taken at least one turn (the thresholds are armed)."""
    for c in range(p.pcs):
        if living(s, p, c) and s[EVER + c] == 0:
            return False
    return True


@njit(cache=True)
def only(s, p, count, flag_col, need_living):
    """The single index in ``0..count-1`` whose ``flag_col`` is 0 (and living), else -1."""
    found = -1
    for k in range(count):
        ok = s[flag_col + k] == 0 and (not need_living or living(s, p, k))
        if ok:
            if found >= 0:
                return -1
            found = k
    return found


@njit(cache=True)
def wound(s, p, log, i, c, amount):
    """PC ``c`` takes wounds; at capacity (Strength + Will) it is out for the episode."""
    cap = p.pc_capacity[c]
    set_pool(s, log, i, WOUNDS + c, POOL_WOUNDS, min(cap, s[WOUNDS + c] + amount), c)
    if s[WOUNDS + c] >= cap and s[OUT + c] == 0:
        s[OUT + c] = 1
        record(log, i, NOTE, NOTE_OUT, c, s[WOUNDS + c])


# ---------------------------------------------------------------------------------------------
# Scenes, acts and the mission


@njit(cache=True)
def await_decision(s, phase, seat):
    """Make ``phase`` the pending decision of ``seat``."""
    s[PHASE] = phase
    s[SEAT] = seat


@njit(cache=True)
def begin(s, p, dice, log, i):
    """Start an episode: a fresh crew (full recovery), then the first structured scene."""
    s[MOMENTUM:] = 0
    for c in range(MAX_PCS):
        s[WILLPOWER + c] = p.pc_will[c] if c < p.pcs else 0
    run(s, p, dice, log, i, GO_SCENE)


@njit(cache=True)
def start_story_scene(s, p, dice, log, i):
    """A structured scene: Full and starting Momentum, less every complication carried from
    the mission's earlier scenes; round 1."""
    s[FULL] = p.full
    s[MOMENTUM] = max(0, p.starting_momentum - s[CARRIED] * p.complication_momentum)
    s[START] = s[MOMENTUM]
    s[ROUND] = 0
    s[GM_SEIZE_NEXT] = 0
    s[NEXT_PC] = -1
    s[RISK_NEXT] = 0
    s[FIAT_LEFT] = p.fiat_uses
    s[RESUME] = THEN_AFTER_TURN
    s[COMPLICATIONS] = 0
    s[EXCHANGES] = 0
    s[GOAL_CREW] = 0
    s[GOAL_GM] = 0
    s[ACTOR] = -1
    s[NPC] = -1
    s[ROLL_RESULT] = -1
    for c in range(MAX_PCS):
        s[EVER + c] = 0
        s[GROUND + c] = 0
    s[LEAD] = 0  # a new scene's first reading is not a change of hands
    record(log, i, NOTE, NOTE_SCENE_START, s[MOMENTUM], s[FULL])
    return GO_ROUND


@njit(cache=True)
def story_scene_over(s, p, dice, log, i, result, reason):
    """A structured scene ends: the episode ends, or the mission goes on to its next scene."""
    if p.episode != EPISODE_MISSION:
        if reason == END_ROUND_LIMIT:
            cut_off(s, log, i, result, reason)
        else:
            end_episode(s, log, i, result, reason, 0)
        return STOP
    record(log, i, NOTE, NOTE_SCENE_OVER, result, reason)
    if p.reward_per != REWARD_PER_MISSION:
        pay(s, result)  # "+1/-1 per scene": paid when the scene ends
        if reason == END_ROUND_LIMIT:
            count_cut_off(s, result)  # the GM is paid it too, not its negative
    s[WINS] += result > 0
    s[LOSSES] += result < 0
    s[CUT_SCENES] += reason == END_ROUND_LIMIT
    s[STORY_SCENE] += 1
    if reason == END_CREW_OUT:
        s[LOSSES] += p.scenes - s[STORY_SCENE]  # nobody is left for the remaining scenes
        s[STORY_SCENE] = p.scenes
    if s[STORY_SCENE] >= p.scenes:
        end_mission(s, p, log, i)
        return STOP
    if s[STORY_SCENE] % p.scenes_per_act == 0:
        act_break(s, p, log, i)
    s[CARRIED] += s[COMPLICATIONS]  # a lasting complication weighs on every later scene
    return GO_SCENE


@njit(cache=True)
def act_break(s, p, log, i):
    """Between acts, characters recover: Willpower regenerates (Wounds stay)."""
    s[ACT] += 1
    record(log, i, NOTE, NOTE_ACT_BREAK, s[ACT], 0)
    for c in range(p.pcs):
        set_pool(s, log, i, WILLPOWER + c, POOL_WILLPOWER, p.pc_will[c], c)


@njit(cache=True)
def sign(x):
    """+1, -1 or 0 by the sign of ``x``."""
    return 1 if x > 0 else (-1 if x < 0 else 0)


@njit(cache=True)
def end_mission(s, p, log, i):
    """The mission's result: scenes won minus lost, or its sign (``reward_per="mission"``).

    Paid per mission, the adversarial GM's own tally counts each scene cut off at
    ``cutoff_result`` too (a scene the rules decided counts the other way round), and the GM
    is paid that tally's sign, not the negative of the crew's: a cut-off pays no seat a win.
    """
    total = s[WINS] - s[LOSSES]
    if p.reward_per == REWARD_PER_MISSION:
        total = sign(total)
        cut_losses = s[CUT_SCENES] if p.cutoff_result < 0 else 0  # cut-offs among LOSSES
        gm_tally = (s[LOSSES] - cut_losses) - s[WINS] + p.cutoff_result * s[CUT_SCENES]
        pay_gm_extra(s, sign(gm_tally) + total)  # the GM's sign less the negative of total
    end_episode(s, log, i, total, END_MISSION, 0)


@njit(cache=True)
def crew_out(s, p, dice, log, i):
    """Every PC is out: the scene (and the mission) is lost."""
    return story_scene_over(s, p, dice, log, i, -1, END_CREW_OUT)


# ---------------------------------------------------------------------------------------------
# Rounds and turns


@njit(cache=True)
def new_round(s, p, dice, log, i):
    """Read initiative from Momentum (unless the GM seized it) and start the round."""
    if s[ROUND] >= p.max_rounds:
        return round_limit(s, p, dice, log, i)
    s[ROUND] += 1
    for c in range(MAX_PCS):
        s[ACTED + c] = 0
    for k in range(MAX_NPCS):
        s[NPC_ACTED + k] = 0
    s[CREW_SEIZED] = 0
    leader = CREW if crew_has_initiative(s) and s[GM_SEIZE_NEXT] == 0 else GM
    s[GM_SEIZE_NEXT] = 0
    s[LEADER] = leader
    s[SIDE] = leader
    update_lead(s)
    record(log, i, NOTE, NOTE_ROUND, s[ROUND], leader, s[MOMENTUM])
    return GO_TURN


@njit(cache=True)
def round_limit(s, p, dice, log, i):
    """The round limit: cut off (``cutoff_result``), or in a narrative social scene the
    exchange tally decides."""
    if social(p) and p.social_mode == MODE_NARRATIVE:
        tally = s[EXCHANGES]
        return story_scene_over(s, p, dice, log, i,
                                1 if tally > 0 else (-1 if tally < 0 else 0), END_NARRATIVE)
    return story_scene_over(s, p, dice, log, i, p.cutoff_result, END_ROUND_LIMIT)


@njit(cache=True)
def next_turn(s, p, dice, log, i):
    """The acting side goes on while it has characters waiting, then the other side."""
    if pcs_living(s, p) == 0:
        return crew_out(s, p, dice, log, i)
    crew, gm = pcs_waiting(s, p), npcs_waiting(s, p)
    if crew == 0 and gm == 0:
        return end_of_round(s, p, dice, log, i)
    if (s[SIDE] == CREW and crew == 0) or (s[SIDE] == GM and gm == 0):
        s[SIDE] = GM if s[SIDE] == CREW else CREW
    if s[SIDE] == CREW:
        start_crew_turn(s, p, dice, log, i)
    else:
        start_npc_turn(s, p, dice, log, i)
    return STOP


@njit(cache=True)
def end_of_round(s, p, dice, log, i):
    """After every character has acted: the GM's fiat (if any is left), then a new round."""
    s[TURN] = -1
    s[ACTOR] = -1
    s[NPC] = -1
    if s[FIAT_LEFT] > 0 and p.fiat_max > 0 and momentum_moves(p):
        await_decision(s, FIAT, GM)
        return STOP
    return GO_ROUND


@njit(cache=True)
def start_crew_turn(s, p, dice, log, i):
    """A PC's turn: the one handed off to, the only one waiting, or the crew picks."""
    s[TURN] = CREW_TURN
    s[NPC] = -1
    c = s[NEXT_PC]
    if not (p.order == ORDER_HANDOFF and c >= 0 and living(s, p, c) and s[ACTED + c] == 0):
        c = only(s, p, p.pcs, ACTED, True)
    if c < 0:
        await_decision(s, PICK, CREW)
    else:
        take_turn(s, p, dice, log, i, c)


@njit(cache=True)
def take_turn(s, p, dice, log, i, c):
    """PC ``c`` acts: the GM sets the Risk (a social exchange is a contest at its own Risk)."""
    s[ACTOR] = c
    s[ACTED + c] = 1
    s[NEXT_PC] = -1
    record(log, i, NOTE, NOTE_CREW_TURN, c, s[ROUND])
    if social(p):
        s[NPC] = 0  # the other side's lead answers the exchange
        set_risk(s, p, dice, log, i, p.social_risk)
    elif p.crew_risk_min == p.crew_risk_max:
        set_risk(s, p, dice, log, i, p.crew_risk_min)
    else:
        await_decision(s, SET_RISK, GM)


@njit(cache=True)
def start_npc_turn(s, p, dice, log, i):
    """An NPC's turn: the GM picks which NPC acts (when more than one is waiting)."""
    s[TURN] = NPC_TURN
    s[ACTOR] = -1
    k = only(s, p, p.npcs, NPC_ACTED, False)
    if k < 0:
        await_decision(s, NPC_PICK, GM)
    else:
        pick_npc(s, p, dice, log, i, k)


@njit(cache=True)
def pick_npc(s, p, dice, log, i, k):
    """NPC ``k`` acts; the GM aims its threat at a PC (when more than one is in the scene)."""
    s[NPC] = k
    s[NPC_ACTED + k] = 1
    record(log, i, NOTE, NOTE_NPC_TURN, k, s[ROUND])
    c = -1
    if pcs_living(s, p) == 1:
        for t in range(p.pcs):
            if living(s, p, t):
                c = t
    if c < 0:
        await_decision(s, TARGET, GM)
    else:
        pick_target(s, p, dice, log, i, c)


@njit(cache=True)
def pick_target(s, p, dice, log, i, c):
    """The threat's target answers with a roll at a Risk within the NPC's profile."""
    s[ACTOR] = c
    k = s[NPC]
    if social(p):
        set_risk(s, p, dice, log, i, p.social_risk)
    elif p.npc_risk_min[k] == p.npc_risk_max[k]:
        set_risk(s, p, dice, log, i, p.npc_risk_min[k])
    else:
        await_decision(s, SET_RISK, GM)


@njit(cache=True)
def risk_range(s, p):
    """``(lowest, highest)`` Risk the GM may set for the roll being declared."""
    if s[TURN] == NPC_TURN:
        return p.npc_risk_min[s[NPC]], p.npc_risk_max[s[NPC]]
    return p.crew_risk_min, p.crew_risk_max


# ---------------------------------------------------------------------------------------------
# The roll: steps 3 to 7


@njit(cache=True)
def set_risk(s, p, dice, log, i, risk):
    """Step 3: the Risk (plus any "+1 Risk" cost pending); step 4 opens for the roller."""
    c = s[ACTOR]
    record(log, i, NOTE, NOTE_RISK, risk, s[RISK_NEXT])
    s[RISK] = min(risk + s[RISK_NEXT], p.risk_cap)
    set_pool(s, log, i, RISK_NEXT, POOL_RISK_NEXT, 0, -1)
    s[POOL] = max(0, p.pc_pool[c] - s[GROUND + c])
    if not p.ground_builds_up:
        s[GROUND + c] = 0  # spent on this roll
    s[PRESSED] = 0
    s[BRACED] = 0
    s[UPGRADED] = 0
    s[CORRECTED] = 0
    s[ROLL_RESULT] = -1
    s[SUCCESSES] = 0
    s[SIXES] = 0
    s[HITS] = 0
    s[PRESS_HITS] = 0
    s[OPP_SUCCESSES] = 0
    s[OPP_SIXES] = 0
    await_decision(s, SPEND, CREW)


@njit(cache=True)
def can_press(s, p):
    """Press: once per roll, while the Risk stays within the cap and Momentum is below Full
    (at Full a Press gains nothing)."""
    return (momentum_moves(p) and s[PRESSED] == 0 and s[RISK] + p.press_risk <= p.risk_cap
            and s[MOMENTUM] < s[FULL])


@njit(cache=True)
def can_brace(s, p):
    """Brace: once per roll, with the Momentum to spend and Risk to remove."""
    return (momentum_moves(p) and s[BRACED] == 0 and s[MOMENTUM] >= p.brace_cost
            and s[RISK] > 0)


@njit(cache=True)
def can_upgrade(s, p):
    """Willpower upgrade: one per roll, with Willpower left and a pool die to upgrade."""
    return s[UPGRADED] == 0 and s[WILLPOWER + s[ACTOR]] >= p.upgrade_cost and s[POOL] > 0


@njit(cache=True)
def spend(s, p, dice, log, i, action):
    """Step 4: Press, Brace or a Willpower upgrade (each once), or roll (step 5).

    A Press that reaches Full or a Brace that reaches 0 offers the threshold at once.
    """
    before = s[MOMENTUM]
    if action == A_PRESS:
        s[PRESSED] = 1
        s[RISK] = s[RISK] + p.press_risk
        record(log, i, NOTE, NOTE_PRESS, s[RISK], 0)
        add_momentum(s, log, i, p.press_momentum)
        reached_threshold(s, p, before, THEN_SPEND)
    elif action == A_BRACE:
        s[BRACED] = 1
        s[RISK] = max(0, s[RISK] - p.brace_risk)
        record(log, i, NOTE, NOTE_BRACE, s[RISK], 0)
        add_momentum(s, log, i, -p.brace_cost)
        reached_threshold(s, p, before, THEN_SPEND)
    elif action == A_WILLPOWER:
        c = s[ACTOR]
        s[UPGRADED] = 1
        record(log, i, NOTE, NOTE_UPGRADE, c, 0)
        set_pool(s, log, i, WILLPOWER + c, POOL_WILLPOWER, s[WILLPOWER + c] - p.upgrade_cost, c)
    else:
        roll_dice(s, p, dice, log, i, True)
        if not can_correct(s, p):
            return GO_RESOLVE
        await_decision(s, CORRECT, CREW)
    return STOP


@njit(cache=True)
def press_fall(s, p):
    """Momentum the roll's Press dice that hit lose: ``press_hit_momentum`` each, or all of
    it at ``press_ruin_risk`` or above."""
    if s[PRESS_HITS] > 0 and 0 < p.press_ruin_risk <= s[RISK]:
        return s[MOMENTUM]
    return s[PRESS_HITS] * p.press_hit_momentum


@njit(cache=True)
def press_dice(s, p):
    """The Press dice among the roll's risk dice (a Brace removes the GM's Risk first)."""
    return min(s[PRESSED] * p.press_risk, s[RISK])


@njit(cache=True)
def roll_dice(s, p, dice, log, i, opponent):
    """Step 5: roll the pool and the risk dice (and, in a contest, the opponent's pool)."""
    succ, crit, hits, press_hits = roll_crew(p, dice, log, i, s[POOL], s[UPGRADED], s[RISK],
                                             press_dice(s, p))
    s[SUCCESSES] = succ
    s[SIXES] = crit
    s[HITS] = hits
    s[PRESS_HITS] = press_hits
    if social(p) and opponent:
        opp, opp_crit = roll_opponent(p, dice, log, i, p.npc_pool[s[NPC]])
        s[OPP_SUCCESSES] = opp
        s[OPP_SIXES] = opp_crit
    if social(p):
        s[ROLL_RESULT] = contest_result(p, succ - s[OPP_SUCCESSES], crit, s[OPP_SIXES], hits)
    else:
        s[ROLL_RESULT] = roll_result(p, succ, crit, hits)


@njit(cache=True)
def can_correct(s, p):
    """Correct: once per roll, with the Momentum; never offered on a Critical Success."""
    return (momentum_moves(p) and s[CORRECTED] == 0 and s[MOMENTUM] >= p.correct_cost
            and s[ROLL_RESULT] != CRITICAL_SUCCESS)


@njit(cache=True)
def correct(s, p, dice, log, i):
    """Step 6: spend Momentum to reroll the pool and risk dice (an upgraded die stays).

    A Correct that spends the last Momentum offers the 0 threshold before the reroll.
    """
    before = s[MOMENTUM]
    s[CORRECTED] = 1
    record(log, i, NOTE, NOTE_CORRECT, s[ROLL_RESULT], 0)
    add_momentum(s, log, i, -p.correct_cost)
    if reached_threshold(s, p, before, THEN_REROLL):
        return STOP
    roll_dice(s, p, dice, log, i, False)
    return GO_RESOLVE


@njit(cache=True)
def lose_ground(s, p, c, r):
    """Lost ground after PC ``c``'s exchange with result ``r``.

    ``ground_builds_up`` (the default): each lost exchange costs ``ground_lost_dice`` more,
    a won exchange regains it all, a Costly Success holds it; the loss stays within the
    PC's pool. Otherwise a lost exchange costs ``ground_lost_dice`` on the next roll only.
    """
    if r < COSTLY_SUCCESS:
        if p.ground_builds_up:
            s[GROUND + c] = min(s[GROUND + c] + p.ground_lost_dice, p.pc_pool[c])
        else:
            s[GROUND + c] = p.ground_lost_dice
    elif r >= SUCCESS or not p.ground_builds_up:
        s[GROUND + c] = 0


@njit(cache=True)
def tally_exchange(s, p, dice, log, i):
    """Social: the exchange tally, lost ground and the goal counters.

    Returns what follows when a goal counter ended the scene, else ``GO_ON``.
    """
    r = s[ROLL_RESULT]
    s[EXCHANGES] += 1 if r >= SUCCESS else (-1 if r < COSTLY_SUCCESS else 0)
    lose_ground(s, p, s[ACTOR], r)
    if p.social_mode != MODE_GOAL:
        return GO_ON
    net = s[SUCCESSES] - s[OPP_SUCCESSES]
    if r >= SUCCESS and net > 0:
        set_pool(s, log, i, GOAL_CREW, POOL_GOAL_CREW, s[GOAL_CREW] + net, -1)
    elif r < COSTLY_SUCCESS and net < 0:
        set_pool(s, log, i, GOAL_GM, POOL_GOAL_GM, s[GOAL_GM] - net, -1)
    if s[GOAL_CREW] >= p.goal_crew:
        return story_scene_over(s, p, dice, log, i, 1, END_GOAL)
    if s[GOAL_GM] >= p.goal_gm:
        return story_scene_over(s, p, dice, log, i, -1, END_GOAL)
    return GO_ON


@njit(cache=True)
def resolve_roll(s, p, dice, log, i):
    """Step 7: criticals swing Momentum; a failed answer to a threat wounds; costs go to the GM."""
    r = s[ROLL_RESULT]
    record(log, i, OUTCOME, r, s[SUCCESSES], s[TURN], s[ACTOR])
    if momentum_moves(p):
        if r == CRITICAL_SUCCESS:
            add_momentum(s, log, i, p.critical_success_momentum)
        elif r == CRITICAL_FAILURE:
            add_momentum(s, log, i, -p.critical_failure_momentum)
        add_momentum(s, log, i, -press_fall(s, p))
    if social(p):
        go = tally_exchange(s, p, dice, log, i)
        if go != GO_ON:
            return go
    if r < COSTLY_SUCCESS and s[TURN] == NPC_TURN and wounds_apply(p):
        wound(s, p, log, i, s[ACTOR], p.threat_wounds)
    if r == COSTLY_SUCCESS and any_cost_legal(s, p):
        await_decision(s, COST, GM)
        return STOP
    return GO_AFTER_COSTS


# ---------------------------------------------------------------------------------------------
# After the roll: cost, GM seize, thresholds, handoff / Seize


@njit(cache=True)
def later_scene(s, p):
    """A later structured scene of this episode follows the current one (a mission's)."""
    return p.episode == EPISODE_MISSION and s[STORY_SCENE] + 1 < p.scenes


@njit(cache=True)
def complication_lands_now(s, p):
    """A complication with no later scene to weigh on, under ``complication_last_scene=
    "momentum"``: it costs Momentum at once."""
    return not later_scene(s, p) and p.complication_last_scene == LAST_COMPLICATION_MOMENTUM


@njit(cache=True)
def cost_legal(s, p, kind):
    """Whether the GM may pick cost ``kind`` for the Costly Success being resolved: a cost
    is offered only when it can change something."""
    c = s[ACTOR]
    if kind == COST_WOUND:
        return wounds_apply(p) and p.cost_wounds > 0
    if kind == COST_WILLPOWER:
        return s[WILLPOWER + c] > 0 and p.cost_willpower > 0
    if kind == COST_MOMENTUM:
        return momentum_moves(p) and s[MOMENTUM] > 0 and p.cost_momentum > 0
    if kind == COST_COMPLICATION:
        if p.complication_momentum == 0:
            return False
        if complication_lands_now(s, p):
            return momentum_moves(p) and s[MOMENTUM] > 0
        return later_scene(s, p) and later_start(s, p) > 0  # withheld when none could feel it
    return risk_cost_legal(s, p)


@njit(cache=True)
def later_start(s, p):
    """The starting Momentum of the later scenes after the complications taken so far."""
    return p.starting_momentum - (s[CARRIED] + s[COMPLICATIONS]) * p.complication_momentum


@njit(cache=True)
def risk_cost_legal(s, p):
    """"+1 Risk on the next crew roll": only when a crew roll can still come in this scene
    and the crew is not about to be offered Full (where it may end the scene first); in a
    social scene, whose exchanges are "at Risk 0", only with ``social_risk_cost``."""
    if p.cost_risk == 0 or (social(p) and not p.social_risk_cost):
        return False
    if s[ROUND] >= p.max_rounds and pcs_waiting(s, p) == 0 and npcs_waiting(s, p) == 0:
        return False  # the scene's last turn: no crew roll follows
    at_full_next = s[MOMENTUM] >= s[FULL] and thresholds_end(p) and armed_after_turn(s, p)
    return not at_full_next


@njit(cache=True)
def armed_after_turn(s, p):
    """Every PC still in the scene will have taken a turn once the current turn ends."""
    for c in range(p.pcs):
        mine = s[TURN] == CREW_TURN and c == s[ACTOR]
        if living(s, p, c) and s[EVER + c] == 0 and not mine:
            return False
    return True


@njit(cache=True)
def any_cost_legal(s, p):
    """Some cost can change something (else a Costly Success asks the GM nothing)."""
    for kind in range(NUM_COSTS):
        if cost_legal(s, p, kind):
            return True
    return False


@njit(cache=True)
def pay_cost(s, p, log, i, kind):
    """The GM's cost of a Costly Success."""
    c = s[ACTOR]
    record(log, i, NOTE, NOTE_COST, kind, c)
    if kind == COST_WOUND:
        wound(s, p, log, i, c, p.cost_wounds)
    elif kind == COST_WILLPOWER:
        set_pool(s, log, i, WILLPOWER + c, POOL_WILLPOWER,
                 max(0, s[WILLPOWER + c] - p.cost_willpower), c)
    elif kind == COST_MOMENTUM:
        add_momentum(s, log, i, -p.cost_momentum)
    elif kind == COST_RISK:
        set_pool(s, log, i, RISK_NEXT, POOL_RISK_NEXT, s[RISK_NEXT] + p.cost_risk, -1)
    else:
        set_pool(s, log, i, COMPLICATIONS, POOL_COMPLICATIONS, s[COMPLICATIONS] + 1, -1)
        if complication_lands_now(s, p):
            add_momentum(s, log, i, -p.complication_momentum)


@njit(cache=True)
def after_costs(s, p):
    """After a crew Critical Failure the GM may seize initiative for the next round: offered
    only when it changes something, while the crew would lead by the current Momentum and a
    next round can come."""
    if (s[ROLL_RESULT] == CRITICAL_FAILURE and p.gm_seize and s[GM_SEIZE_NEXT] == 0
            and pcs_living(s, p) > 0 and crew_has_initiative(s) and s[ROUND] < p.max_rounds):
        await_decision(s, GM_SEIZE, GM)
        return STOP
    return GO_THRESHOLDS


@njit(cache=True)
def offer_threshold(s, p, then):
    """At Full the crew may end the scene, at 0 the GM may: once every PC has taken a turn.

    Returns whether a threshold decision is now pending; ``then`` (a ``THEN_*`` code) is
    what follows when that side plays on.
    """
    if not (thresholds_end(p) and every_pc_has_acted(s, p)):
        return False
    if s[MOMENTUM] >= s[FULL]:
        await_decision(s, AT_FULL, CREW)
    elif s[MOMENTUM] <= 0:
        await_decision(s, AT_ZERO, GM)
    else:
        return False
    s[RESUME] = then
    return True


@njit(cache=True)
def reached_threshold(s, p, before, then):
    """A spend moved Momentum from ``before`` onto a threshold: offer it at once."""
    return s[MOMENTUM] != before and offer_threshold(s, p, then)


@njit(cache=True)
def check_thresholds(s, p, dice, log, i):
    """At the end of a turn (and after a fiat): a threshold while Momentum holds on it.

    A PC's turn counts as taken here, when it ends: a threshold reached in the middle of the
    last first turn (a Press to Full, a Brace to 0) waits for that turn's end.
    """
    if s[TURN] == CREW_TURN and s[ACTOR] >= 0:
        s[EVER + s[ACTOR]] = 1
    if pcs_living(s, p) == 0:
        return crew_out(s, p, dice, log, i)
    if offer_threshold(s, p, THEN_AFTER_TURN):
        return STOP
    return GO_AFTER_THRESHOLDS


@njit(cache=True)
def play_on(s, p, dice, log, i):
    """The side at a threshold plays on: back to what moved Momentum there."""
    then = s[RESUME]
    s[RESUME] = THEN_AFTER_TURN
    if then == THEN_SPEND:
        await_decision(s, SPEND, CREW)
        return STOP
    if then == THEN_REROLL:
        roll_dice(s, p, dice, log, i, False)
        return GO_RESOLVE
    if then == THEN_NEXT_TURN:
        return GO_TURN
    return GO_AFTER_THRESHOLDS


@njit(cache=True)
def after_thresholds(s, p):
    """Continue: a new round after the fiat, a handoff after a PC's turn, a Seize after an NPC's."""
    if s[TURN] < 0:
        return GO_ROUND
    if s[TURN] == CREW_TURN:
        return offer_handoff(s, p)
    return offer_seize(s, p)


@njit(cache=True)
def handoff_candidate(s, p, c):
    """Whom a handoff may name: a PC still waiting this round, or any PC when none is waiting."""
    return living(s, p, c) and (s[ACTED + c] == 0 or pcs_waiting(s, p) == 0)


@njit(cache=True)
def offer_handoff(s, p):
    """Handoff: the PC who just acted names the next (a decision only when there is a choice)."""
    if p.order == ORDER_HANDOFF:
        found, count = -1, 0
        for c in range(p.pcs):
            if handoff_candidate(s, p, c):
                found = c
                count += 1
        if count > 1:
            await_decision(s, HANDOFF, CREW)
            return STOP
        s[NEXT_PC] = found
    return GO_TURN


@njit(cache=True)
def can_seize(s, p):
    """Seize after an NPC's turn: NPCs would act next, PCs are waiting, and it is affordable."""
    return (momentum_moves(p) and s[SIDE] == GM and s[CREW_SEIZED] == 0
            and npcs_waiting(s, p) > 0 and pcs_waiting(s, p) > 0 and s[MOMENTUM] >= p.seize_cost)


@njit(cache=True)
def offer_seize(s, p):
    """At the end of an enemy turn the crew may Seize."""
    if can_seize(s, p):
        await_decision(s, SEIZE, CREW)
        return STOP
    return GO_TURN


@njit(cache=True)
def seize(s, p, dice, log, i):
    """Seize: spend Momentum; the crew's turns come next this round (after the 0 threshold,
    when the Seize spent the last Momentum)."""
    before = s[MOMENTUM]
    s[CREW_SEIZED] = 1
    s[SIDE] = CREW
    record(log, i, NOTE, NOTE_SEIZE, s[ROUND], 0)
    add_momentum(s, log, i, -p.seize_cost)
    return STOP if reached_threshold(s, p, before, THEN_NEXT_TURN) else GO_TURN


@njit(cache=True)
def fiat(s, p, dice, log, i, delta):
    """GM fiat: move Momentum when the fiction demands it (0: no fiat, no use spent)."""
    if delta != 0:
        s[FIAT_LEFT] -= 1
        record(log, i, NOTE, NOTE_FIAT, delta, s[MOMENTUM])
        add_momentum(s, log, i, delta)
    return GO_THRESHOLDS


# ---------------------------------------------------------------------------------------------
# Decisions


@njit(cache=True)
def decide(s, p, dice, log, i, phase, action):
    """Take the decision ``action`` of ``phase``; returns what follows (a ``GO_*`` code)."""
    if phase == PICK:
        take_turn(s, p, dice, log, i, action - A_PC)
    elif phase == HANDOFF:
        s[NEXT_PC] = action - A_PC
        record(log, i, NOTE, NOTE_HANDOFF, s[ACTOR], s[NEXT_PC])
        return GO_TURN
    elif phase == NPC_PICK:
        pick_npc(s, p, dice, log, i, action - A_NPC)
    elif phase == TARGET:
        pick_target(s, p, dice, log, i, action - A_TARGET)
    elif phase == SET_RISK:
        set_risk(s, p, dice, log, i, action - A_RISK)
    elif phase == SPEND:
        return spend(s, p, dice, log, i, action)
    elif phase == CORRECT:
        return correct(s, p, dice, log, i) if action == A_CORRECT else GO_RESOLVE
    elif phase == COST:
        pay_cost(s, p, log, i, action - A_COST)
        return GO_THRESHOLDS  # a Costly Success is never critical: no GM seize
    else:
        return decide_yes_no(s, p, dice, log, i, phase, action)
    return STOP


@njit(cache=True)
def decide_yes_no(s, p, dice, log, i, phase, action):
    """The Seize, GM seize, threshold and fiat decisions; returns what follows."""
    if phase == GM_SEIZE:
        if action == A_SEIZE:
            s[GM_SEIZE_NEXT] = 1
            record(log, i, NOTE, NOTE_GM_SEIZE, s[ROUND], 0)
        return GO_THRESHOLDS
    if phase == SEIZE:
        return seize(s, p, dice, log, i) if action == A_SEIZE else GO_TURN
    if phase == AT_FULL:
        if action == A_END:
            add_momentum(s, log, i, -s[MOMENTUM])  # spend all of it
            return story_scene_over(s, p, dice, log, i, 1, END_FULL)
        return play_on(s, p, dice, log, i)
    if phase == AT_ZERO:
        if action == A_END:
            return story_scene_over(s, p, dice, log, i, -1, END_ZERO)
        return play_on(s, p, dice, log, i)
    return fiat(s, p, dice, log, i, action - A_FIAT - FIAT_ACTIONS_MAX)


@njit(cache=True)
def run(s, p, dice, log, i, go):
    """Resolve everything automatic, step by step, until a decision is pending or it is over.

    Each step returns the next (``GO_*``) or ``STOP``; this loop stands in for the steps
    calling each other, which would be recursive (a scene's end starts the next one).
    """
    while go != STOP:
        if go == GO_SCENE:
            go = start_story_scene(s, p, dice, log, i)
        elif go == GO_ROUND:
            go = new_round(s, p, dice, log, i)
        elif go == GO_TURN:
            go = next_turn(s, p, dice, log, i)
        elif go == GO_RESOLVE:
            go = resolve_roll(s, p, dice, log, i)
        elif go == GO_AFTER_COSTS:
            go = after_costs(s, p)
        elif go == GO_THRESHOLDS:
            go = check_thresholds(s, p, dice, log, i)
        else:
            go = after_thresholds(s, p)


@njit(cache=True)
def apply(s, p, dice, log, i, action):
    """Take the pending decision ``action`` and resolve until the next decision."""
    record(log, i, DECISION, s[SEAT], s[PHASE], action, 0)
    s[DECISIONS] += 1
    run(s, p, dice, log, i, decide(s, p, dice, log, i, s[PHASE], action))


@njit(cache=True)
def legal(s, p, m):
    """The legal actions of the pending decision (none once the scene is over)."""
    m[:] = False
    if s[SEAT] < 0:
        return
    phase = s[PHASE]
    if phase == PICK:
        for c in range(p.pcs):
            m[A_PC + c] = living(s, p, c) and s[ACTED + c] == 0
    elif phase == HANDOFF:
        for c in range(p.pcs):
            m[A_PC + c] = handoff_candidate(s, p, c)
    elif phase == NPC_PICK:
        for k in range(p.npcs):
            m[A_NPC + k] = s[NPC_ACTED + k] == 0
    elif phase == TARGET:
        for c in range(p.pcs):
            m[A_TARGET + c] = living(s, p, c)
    elif phase == SET_RISK:
        low, high = risk_range(s, p)
        m[A_RISK + low: A_RISK + high + 1] = True
    elif phase == SPEND:
        m[A_PRESS] = can_press(s, p)
        m[A_BRACE] = can_brace(s, p)
        m[A_WILLPOWER] = can_upgrade(s, p)
        m[A_ROLL] = True
    elif phase == CORRECT:
        m[A_CORRECT] = True
        m[A_CORRECT + 1] = True
    elif phase == COST:
        for k in range(NUM_COSTS):
            m[A_COST + k] = cost_legal(s, p, k)
    elif phase == GM_SEIZE or phase == SEIZE:
        m[A_SEIZE] = True
        m[A_PASS] = True
    elif phase == AT_FULL or phase == AT_ZERO:
        m[A_END] = True
        m[A_PASS] = True
    elif phase == FIAT:
        for d in range(-p.fiat_max, p.fiat_max + 1):
            m[A_FIAT + FIAT_ACTIONS_MAX + d] = True
