"""The Momentum config: every number of the rules and every variant switch, validated."""

from __future__ import annotations

from dataclasses import dataclass

from scenegym.envs.core.config import RulesetConfig, choice
from scenegym.envs.core.params import make_params
from scenegym.envs.core.validate import check_choice, check_int, check_ints
from scenegym.envs.momentum import state as st

# Choice fields' allowed values; the kernels read a choice as its index, named below.
KINDS = ("action", "social")
EPISODES = ("scene", "mission")
OPENINGS = ("even", "ambush", "ambushed")
ORDERS = ("handoff", "group")
SOCIAL_MODES = ("momentum", "wounds", "narrative", "goal")
REWARD_PER = ("scene", "mission")
LAST_SCENE_COMPLICATIONS = ("withheld", "momentum")
KIND_SOCIAL = KINDS.index("social")
EPISODE_MISSION = EPISODES.index("mission")
ORDER_HANDOFF = ORDERS.index("handoff")
MODE_MOMENTUM, MODE_WOUNDS, MODE_NARRATIVE, MODE_GOAL = (
    SOCIAL_MODES.index(name) for name in ("momentum", "wounds", "narrative", "goal"))
REWARD_PER_MISSION = REWARD_PER.index("mission")
LAST_COMPLICATION_MOMENTUM = LAST_SCENE_COMPLICATIONS.index("momentum")
SIX = st.MAX_PCS


@dataclass(frozen=True)
class MomentumConfig(RulesetConfig):
    """Rules numbers and variant switches of a structured scene (``docs/rules/momentum.md``).

    Attributes:
        kind: ``action`` (fights, chases: NPC threats wound) or ``social`` (active contests).
        pcs: Player characters, 1..6.
        npcs: Characters on the GM's side, 1..6.
        episode: ``scene`` (an episode is one structured scene) or ``mission`` (several
            scenes in acts; Willpower, Wounds and complications carry over).
        full_per_pc: Full Momentum per PC ("3 x number of player characters").
        full_bonus: Full Momentum added to that ("+ 1").
        full_momentum: Full Momentum override; 0 uses the formula.
        start_per_pc: Starting Momentum per PC ("1 Momentum per player character").
        opening: ``even`` (start_per_pc), ``ambush`` (the crew set it: high start) or
            ``ambushed`` (low start).
        ambush_pct: Starting Momentum of an ambush, percent of Full, rounded half up
            (75: 10 of 13, the seed's freighter dock).
        ambushed_pct: Starting Momentum when ambushed, percent of Full (15: 2 of 13).
        start: Starting Momentum override; -1 uses ``opening``.
        order: Turn order within a side: ``handoff`` (the PC who just acted names the next)
            or ``group`` (the crew picks before each turn).
        die_sides: Sides of every die.
        success_face: A pool die showing this or more is a success.
        critical_face: A pool die showing this or more is also a critical face.
        hit_face: A risk die showing this or less is a hit.
        difficulty: Successes a roll needs.
        critical_count: Critical faces for a Critical Success.
        risk_cap: Highest Risk of any roll (after Press).
        crew_risk_min: Lowest Risk the GM may set on a PC's own turn.
        crew_risk_max: Highest Risk the GM may set on a PC's own turn.
        npc_risk_min: Per NPC, the lowest Risk its threat imposes (its profile).
        npc_risk_max: Per NPC, the highest Risk its threat imposes.
        pc_ability: Per PC, the Ability rolled.
        pc_skill: Per PC, the Skill rolled (pool = Ability + Skill).
        pc_strength: Per PC, Strength (wound capacity = Strength + Will).
        pc_will: Per PC, Will (maximum Willpower).
        npc_ability: Per NPC, the Ability of its side of a social contest.
        npc_skill: Per NPC, the Skill of its side of a social contest.
        critical_success_momentum: Momentum gained on a crew Critical Success.
        critical_failure_momentum: Momentum lost on a crew Critical Failure.
        press_risk: Risk a Press adds.
        press_momentum: Momentum a Press gains.
        press_hit_face: A risk die a Press adds (a Press die) is a hit at this or less (the
            overcommitment: wider than ``hit_face``); ``hit_face``'s value gives the old dice,
            where a Press die was a plain risk die.
        press_hit_momentum: Momentum each Press die that hits loses again when the roll
            resolves (the position the Press bought falls through); 0 gives the old dice.
        press_ruin_risk: At this Risk of the roll or above, a Press die that hits loses all
            of the crew's Momentum instead (an overcommitment in mortal peril that goes
            wrong loses the whole position); 0: never.
        brace_cost: Momentum a Brace spends.
        brace_risk: Risk a Brace removes.
        correct_cost: Momentum a Correct spends.
        seize_cost: Momentum a Seize spends.
        upgrade_cost: Willpower a Willpower upgrade spends.
        gm_seize: Whether the GM may seize initiative after a crew Critical Failure.
        threat_wounds: Wounds a PC takes on a Failure or Critical Failure answering an NPC
            threat (action scenes, or social scenes in ``wounds`` mode).
        cost_wounds: Wounds of the "Wound" cost.
        cost_willpower: Willpower lost to the "-1 Willpower" cost.
        cost_momentum: Momentum lost to the "-1 Momentum" cost.
        cost_risk: Risk added to the next crew roll by the "+1 Risk" cost.
        complication_momentum: Starting Momentum each lasting complication costs every
            later scene of the mission.
        complication_last_scene: A complication when no later scene of the episode follows
            (a single-scene episode, a mission's last scene): ``withheld`` (not offered: it
            could cost nothing) or ``momentum`` (it lands at once: -complication_momentum
            Momentum, offered only while the crew has Momentum to lose).
        fiat_uses: GM fiat decisions per scene (at the end of a round); 0 switches fiat off.
        fiat_max: Largest Momentum move of one fiat (the seed's treaty: +3), 0..3.
        max_rounds: Rounds before a scene is cut off.
        cutoff_result: What a scene cut off at ``max_rounds`` is worth to each seat: -1 (a
            loss to the crew and to the GM alike, the default: neither seat is paid for
            stalling) or 0 (nothing, the reward before 0.2.0). In a mission it is the cut-off
            scene's result (a lost scene at -1), in the crew's tally and in the adversarial
            GM's alike.
        social_mode: ``momentum`` (the default), ``wounds`` (lost exchanges wound),
            ``narrative`` (Momentum never moves; the scene ends at the round limit and the
            exchange tally decides it) or ``goal`` (first side to its goal total wins).
        social_risk: Risk of a social exchange ("an active contest at Risk 0").
        ground_lost_dice: Pool dice a PC loses after losing an exchange.
        ground_builds_up: Whether lost ground builds up ("a character whose position keeps
            collapsing is running out of room to maneuver"): each lost exchange costs
            ``ground_lost_dice`` more, until the PC wins an exchange (a Costly Success
            holds it); otherwise a lost exchange costs them on the next roll only.
        social_risk_cost: Whether the GM may pick the "+1 Risk on the next crew roll" cost
            in a social scene (whose exchanges are "at Risk 0"; off by default).
        opponent_criticals: Whether losing a contest to an opponent's critical roll is a
            Critical Failure (otherwise a Failure).
        goal_crew: Successes the crew tallies to win a ``goal`` scene.
        goal_gm: Successes the GM side tallies to win a ``goal`` scene.
        acts: Acts in a mission.
        scenes_per_act: Structured scenes in each act.
        reward_per: ``scene``: a mission's reward is the sum of its scenes' +1/-1/0;
            ``mission``: its sign.
    """

    kind: str = choice(KINDS, "action")
    pcs: int = 4
    npcs: int = 4
    episode: str = choice(EPISODES, "scene")
    full_per_pc: int = 3
    full_bonus: int = 1
    full_momentum: int = 0
    start_per_pc: int = 1
    opening: str = choice(OPENINGS, "even")
    ambush_pct: int = 75
    ambushed_pct: int = 15
    start: int = -1
    order: str = choice(ORDERS, "handoff")
    die_sides: int = 6
    success_face: int = 5
    critical_face: int = 6
    hit_face: int = 1
    difficulty: int = 1
    critical_count: int = 2
    risk_cap: int = 6
    crew_risk_min: int = 1
    crew_risk_max: int = 3
    npc_risk_min: tuple = (1, 2, 1, 2, 1, 2)
    npc_risk_max: tuple = (3, 4, 3, 4, 3, 4)
    pc_ability: tuple = (3,) * SIX
    pc_skill: tuple = (2,) * SIX
    pc_strength: tuple = (2,) * SIX
    pc_will: tuple = (2,) * SIX
    npc_ability: tuple = (3,) * SIX
    npc_skill: tuple = (2,) * SIX
    critical_success_momentum: int = 1
    critical_failure_momentum: int = 1
    press_risk: int = 1
    press_momentum: int = 1
    press_hit_face: int = 1
    press_hit_momentum: int = 1
    press_ruin_risk: int = 5
    brace_cost: int = 2
    brace_risk: int = 1
    correct_cost: int = 1
    seize_cost: int = 1
    upgrade_cost: int = 1
    gm_seize: bool = True
    threat_wounds: int = 1
    cost_wounds: int = 1
    cost_willpower: int = 1
    cost_momentum: int = 1
    cost_risk: int = 1
    complication_momentum: int = 1
    complication_last_scene: str = choice(LAST_SCENE_COMPLICATIONS, "withheld")
    fiat_uses: int = 0
    fiat_max: int = 3
    max_rounds: int = 10
    cutoff_result: int = -1
    social_mode: str = choice(SOCIAL_MODES, "momentum")
    social_risk: int = 0
    ground_lost_dice: int = 1
    ground_builds_up: bool = True
    social_risk_cost: bool = False
    opponent_criticals: bool = True
    goal_crew: int = 6
    goal_gm: int = 6
    acts: int = 2
    scenes_per_act: int = 2
    reward_per: str = choice(REWARD_PER, "scene")

    def __post_init__(self):
        self.check_choices()
        check_int("pcs", self.pcs, 1, st.MAX_PCS)
        check_int("npcs", self.npcs, 1, st.MAX_NPCS)
        self._check_momentum()
        self._check_dice()
        for name in ("pc_ability", "pc_skill", "npc_ability", "npc_skill"):
            check_ints(name, getattr(self, name), SIX, 0, 10)
        check_ints("pc_strength", self.pc_strength, SIX, 0, 10)
        check_ints("pc_will", self.pc_will, SIX, 0, 10)
        for c in range(SIX):
            if self.pc_strength[c] + self.pc_will[c] < 1:
                raise ValueError(f"config field 'pc_strength[{c}]' + 'pc_will[{c}]' is 0; "
                                 "allowed: a wound capacity of at least 1")
        for name in ("critical_success_momentum", "critical_failure_momentum", "press_risk",
                     "press_momentum", "press_hit_momentum", "brace_cost", "brace_risk", "correct_cost", "seize_cost",
                     "upgrade_cost", "threat_wounds", "cost_wounds", "cost_willpower",
                     "cost_momentum", "cost_risk", "complication_momentum", "ground_lost_dice"):
            check_int(name, getattr(self, name), 0, 10)
        check_choice("gm_seize", self.gm_seize, (True, False))
        check_choice("opponent_criticals", self.opponent_criticals, (True, False))
        check_choice("ground_builds_up", self.ground_builds_up, (True, False))
        check_choice("social_risk_cost", self.social_risk_cost, (True, False))
        check_int("fiat_uses", self.fiat_uses, 0, 100)
        check_int("fiat_max", self.fiat_max, 0, st.FIAT_ACTIONS_MAX)
        check_int("max_rounds", self.max_rounds, 1, 1000)
        check_int("cutoff_result", self.cutoff_result, -1, 0)
        check_int("social_risk", self.social_risk, 0, self.risk_cap)
        check_int("goal_crew", self.goal_crew, 1, 1000)
        check_int("goal_gm", self.goal_gm, 1, 1000)
        check_int("acts", self.acts, 1, 20)
        check_int("scenes_per_act", self.scenes_per_act, 1, 20)

    def _check_momentum(self):
        check_int("full_per_pc", self.full_per_pc, 0, 20)
        check_int("full_bonus", self.full_bonus, 0, 20)
        check_int("full_momentum", self.full_momentum, 0, st.MAX_FULL)
        if not 1 <= self.full <= st.MAX_FULL:
            raise ValueError(f"config fields 'full_per_pc', 'full_bonus', 'pcs' give Full Momentum "
                             f"{self.full}; allowed: 1..{st.MAX_FULL} (or set 'full_momentum')")
        check_int("start_per_pc", self.start_per_pc, 0, 20)
        check_int("ambush_pct", self.ambush_pct, 0, 100)
        check_int("ambushed_pct", self.ambushed_pct, 0, 100)
        check_int("start", self.start, -1, self.full)
        if self.start == -1 and not 0 <= self.starting_momentum <= self.full:
            raise ValueError(f"config fields 'start_per_pc' x 'pcs' give starting Momentum "
                             f"{self.starting_momentum}; allowed: 0..{self.full} (Full)")

    def _check_dice(self):
        check_int("die_sides", self.die_sides, 2, 100)
        check_int("success_face", self.success_face, 1, self.die_sides)
        check_int("critical_face", self.critical_face, self.success_face, self.die_sides)
        check_int("hit_face", self.hit_face, 0, self.die_sides)
        check_int("press_hit_face", self.press_hit_face, 0, self.die_sides)
        check_int("difficulty", self.difficulty, 1, 20)
        check_int("critical_count", self.critical_count, 1, 20)
        check_int("risk_cap", self.risk_cap, 0, st.RISK_ACTIONS - 1)
        check_int("press_ruin_risk", self.press_ruin_risk, 0, st.RISK_ACTIONS - 1)
        check_int("crew_risk_min", self.crew_risk_min, 0, self.risk_cap)
        check_int("crew_risk_max", self.crew_risk_max, self.crew_risk_min, self.risk_cap)
        check_ints("npc_risk_min", self.npc_risk_min, SIX, 0, self.risk_cap)
        check_ints("npc_risk_max", self.npc_risk_max, SIX, 0, self.risk_cap)
        for n in range(SIX):
            if self.npc_risk_max[n] < self.npc_risk_min[n]:
                raise ValueError(f"config field 'npc_risk_max[{n}]' is {self.npc_risk_max[n]}; "
                                 f"allowed: {self.npc_risk_min[n]}..{self.risk_cap}")

    @property
    def full(self) -> int:
        """Full Momentum: the override, else (full_per_pc x PCs) + full_bonus."""
        return self.full_momentum or self.full_per_pc * self.pcs + self.full_bonus

    @property
    def starting_momentum(self) -> int:
        """Starting Momentum: the override, else by the opening."""
        if self.start >= 0:
            return self.start
        if self.opening == "ambush":
            return (self.full * self.ambush_pct + 50) // 100
        if self.opening == "ambushed":
            return (self.full * self.ambushed_pct + 50) // 100
        return self.start_per_pc * self.pcs

    @property
    def scenes(self) -> int:
        """Structured scenes in one episode."""
        return self.acts * self.scenes_per_act if self.episode == "mission" else 1


def kernel_params(cfg: MomentumConfig) -> tuple:
    """The config's fields and what the rules compute from them, as plain numbers.

    Computed: ``full``, ``starting_momentum`` and ``scenes`` (the config's properties);
    per PC ``pc_pool`` (Ability + Skill) and ``pc_capacity`` (Strength + Will, the Wounds
    that put it out); per NPC ``npc_pool`` (Ability + Skill).
    """
    return make_params(
        cfg, full=cfg.full, starting_momentum=cfg.starting_momentum, scenes=cfg.scenes,
        pc_pool=added(cfg.pc_ability, cfg.pc_skill),
        pc_capacity=added(cfg.pc_strength, cfg.pc_will),
        npc_pool=added(cfg.npc_ability, cfg.npc_skill),
    )


def added(a: tuple, b: tuple) -> tuple:
    """Per character, ``a + b``."""
    return tuple(x + y for x, y in zip(a, b))
