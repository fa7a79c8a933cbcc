"""Gymnasium envs of Momentum structured scenes (single and native vector)."""

from __future__ import annotations

from scenegym.envs.gym_env import SceneEnv, SceneVectorEnv
from scenegym.envs.momentum.ruleset import MOMENTUM

SPEC = """
    ## Description
    Structured scenes on a shared crew Momentum pool. The rules page of the project,
    ``docs/rules/momentum.md``, says what is implemented and every interpretation; no
    published source for this system was found, so the dice and the GM side are this
    project's decisions. ``pcs`` PCs face ``npcs`` NPCs. Full Momentum is
    3 x PCs + 1; the crew starts with 1 per PC (``opening="ambush"``: 75 % of Full,
    ``"ambushed"``: 15 %, or ``start=N``). Each round the crew acts first when
    2 x Momentum >= Full (13: 7 leads, 6 does not), else the GM's side. A round is: the
    leading side's characters, then the other side's ("each round, one side acts first and
    the other acts second"). A PC's turn is a roll at a Risk the
    GM sets (``crew_risk_min..crew_risk_max``); an NPC's turn is a threat the GM aims at a
    PC, answered by that PC's roll at a Risk in the NPC's profile. The roll: Ability + Skill
    d6 plus Risk d6; 5-6 succeed, 6s are critical, a risk 1 is a hit (table in
    :mod:`scenegym.envs.momentum.roll`). Critical Success +1 Momentum, Critical Failure -1.
    A Press (+1 Risk, +1 Momentum) adds a Press die that, when it hits, loses 1 Momentum
    as the roll resolves, and all of the crew's Momentum when the roll's Risk is 5 or more
    (a ruin) [press_hit_face, press_hit_momentum, press_ruin_risk]. At Full the crew may spend
    it all to win the scene; at 0 the GM may end it against the crew; neither before every
    PC has taken a turn (a turn counts once it ends), and each is offered the moment
    Momentum reaches it.

    Keyword arguments (besides ``seat``, ``opponent``, ``gm_reward``, ``director``,
    ``illegal_action`` of :mod:`scenegym.envs.gym_env`): any config field of
    :class:`scenegym.envs.momentum.config.MomentumConfig`, notably ``kind="action"|"social"``,
    ``pcs`` (1-6), ``npcs`` (1-6), ``episode="scene"|"mission"``, ``order="handoff"|"group"``,
    ``opening``, ``start``, ``social_mode``, ``reward_per``.

    ## Action space
    ``Discrete(46)``, one flat space for both seats; ``info["action_mask"]`` and
    ``action_masks()`` give the legal actions of the pending decision. Picking the acting
    PC or NPC, the target and the Risk are skipped when only one choice is possible; the
    spend step (step 4 of the roll) is always offered, even when only "roll" is legal.

    | ids   | decision (seat)                         | meaning                                  |
    |-------|-----------------------------------------|------------------------------------------|
    | 0-5   | pick / handoff (crew)                   | PC 0-5 takes the next crew turn          |
    | 6-11  | npc (GM)                                | NPC 0-5 takes the next GM turn           |
    | 12-17 | target (GM)                             | the NPC's threat is aimed at PC 0-5      |
    | 18-24 | risk (GM)                               | Risk 0-6 (crew turn: crew_risk range;    |
    |       |                                         | NPC turn: the NPC's profile range)       |
    | 25-28 | spend, step 4 (crew, the roller)        | Press / Brace / Willpower upgrade / roll |
    | 29-30 | correct, step 6 (crew)                  | Correct (reroll) / keep the roll         |
    | 31-35 | cost of a Costly Success (GM)           | Wound / -1 Willpower / -1 Momentum /     |
    |       |                                         | +1 Risk next crew roll / complication    |
    | 36-37 | seize (crew, end of an NPC turn) and    | seize / pass                             |
    |       | gm_seize (GM, after a crew Crit. Fail.) |                                          |
    | 38,37 | at_full (crew) / at_zero (GM)           | end the scene / pass (play on)           |
    | 39-45 | fiat (GM, end of round, fiat_uses > 0)  | move Momentum by -3..+3 (42: no fiat)    |

    The spend phase repeats until ``roll``; Press, Brace and the upgrade are each legal once
    per roll (Press while Risk + 1 <= risk_cap and Momentum is below Full; Brace with 2
    Momentum and Risk >= 1; the upgrade with Willpower left). Correct is offered only when affordable and the roll is
    not already a Critical Success.

    ## Observation space
    ``Box(-1, 1, (143,), float32)``, the same for both seats (nothing is hidden):
    0-12 pending decision one-hot (``state.PHASE_NAMES`` order); 13-32 the scene (Momentum /
    Full, Full/40, crew has initiative by Momentum, crew leads this round, crew side acting,
    round / max_rounds, GM seized next round, crew seized this round, pending +Risk, fiat
    left, complications, carried complications, exchange tally, goal counters, mission scene,
    act, wins, losses, turn is an NPC's); 33-38 rolling PC one-hot; 39-44 acting NPC
    one-hot; 45-55 the roll (Risk, pool, Press, Brace, upgrade, Correct, successes,
    criticals, hits, opponent's successes and criticals); 56-60 its result one-hot
    (Critical Failure .. Critical Success); 61-64 thresholds armed, social, PCs/6, NPCs/6;
    65-112 per PC (present, wounds/capacity, Willpower/Will, out, acted this round, acted
    this scene, lost ground, pool); 113-142 per NPC (present, acted, Risk min, Risk max,
    social pool). ``scenegym.envs.momentum.observation`` declares every slot once (``SLOTS``),
    with its name and scale (``SLOT.risk`` is its index, ``SCALE.risk`` its scale; shares
    and flags have scale 1).

    ## Rewards
    Crew: +1 when the scene ends in its favour (it spends Full Momentum; a social goal
    counter reached; a narrative scene's exchange tally positive), -1 when it ends against
    it (the GM ends it at 0; every PC is out; the GM's goal reached; a negative tally),
    ``cutoff_result`` when cut off (-1 by default: a loss to each seat, the GM's too) at
    ``max_rounds``. A mission (``episode="mission"``) pays each scene's
    +1/-1/``cutoff_result`` as that scene ends (``reward_per="scene"``; when every PC is out,
    the scenes
    left are paid as lost at the end), or once, at its end, the sign of scenes won minus
    lost (``reward_per="mission"``). Either way an episode's rewards add up to its result.

    GM: ``director`` (this env's default; a cut-off scores ``cutoff_score``, -1) or
    ``adversarial`` (minus the crew's, a cut-off excepted). Director,
    per :mod:`scenegym.envs.core.reward` with weights ``MOMENTUM.director`` (``swing_cap=3``,
    ``target_decisions=150``): ``L`` = initiative flips = times the side holding initiative
    *by Momentum* (crew iff 2 x Momentum >= Full, read at the start of every round) changed
    between rounds (header ``LEAD_CHANGES``; a GM seize does not count); ``M`` = header
    ``MARGIN`` = min(100, |2 x Momentum - Full| x 100 / Full), Momentum read at the start
    of the scene's last round (0: the final round began at the halfway mark; 100: it began
    at Full or 0); ``D`` = decisions of both seats in the episode. In a mission the flips
    and decisions add up over its scenes, and the margin is that of the last round played.

    ## Episode end
    ``episode="scene"``: terminated when a threshold or goal ends the scene or every PC is
    out, and after ``max_rounds`` rounds (10) (a cut-off, worth ``cutoff_result``,
    ``info["cut_off"]``; ``truncated`` is only a ``TimeLimit``'s you add). ``episode="mission"``: ``acts`` x
    ``scenes_per_act`` scenes in one episode, terminated after the last (or when every PC
    is out); a scene cut off by its round limit counts ``cutoff_result`` and the mission
    goes on.

    ## Interpretations (config fields in brackets)
    - Turn order: a round is the leading side's characters, each taking one turn, then the
      other side's characters, each taking one turn. Seize, at the end of an NPC's turn
      while NPCs and PCs are still waiting this round, puts the crew's turns next
      [seize_cost].
    - Handoff [order="handoff"]: after a PC's turn it names the next PC of its side (one
      still waiting this round, or anyone when none is); the first crew turn of a scene and
      a turn whose named PC is out are picked by the group. ``order="group"``: the crew
      picks before every crew turn.
    - A PC's own roll changes Momentum only by its criticals; a Failure or Critical Failure
      answering an NPC's threat also costs the target ``threat_wounds`` Wounds (action
      scenes; social scenes in ``social_mode="wounds"``). Wounds: capacity Strength + Will
      [pc_strength, pc_will]; a PC at capacity is out and never acts again in the episode;
      when every PC is out the scene (and mission) is lost.
    - Costs of a Costly Success, the GM's choice: a Wound, -1 Willpower, -1 Momentum, +1 Risk
      on the next crew roll, or a lasting complication; a cost is offered only when it can
      change something (no "+1 Risk" when no crew roll follows in the scene, or when the
      crew is about to be offered Full, or in a social scene [social_risk_cost]; no
      complication once the later scenes already start at 0); when none can, the GM is not
      asked. Each complication lowers the starting Momentum of every later scene
      of the mission by 1 [complication_momentum]. With no later scene to land in (a
      single-scene episode, a mission's last scene) a complication is not offered
      [complication_last_scene="withheld"], or costs that Momentum at once
      [complication_last_scene="momentum"].
    - The GM may seize initiative for the next round after any crew Critical Failure
      [gm_seize], when the crew would lead it by the current Momentum and a next round can
      come; fiat is a GM decision at the end of a round, off by default [fiat_uses,
      fiat_max] because an unrestricted fiat could end any scene.
    - Momentum stays within 0..Full. A PC's turn counts as taken when it ends: no threshold
      is offered in the middle of the last first turn. A threshold is offered the moment
      Momentum reaches it:
      after a roll's costs, after a fiat, and in mid-turn when a Press reaches Full or a
      Brace, Correct or Seize reaches 0 (playing on resumes the roll's step 4, Correct's
      reroll or the crew's turn); while Momentum holds on it, again at the end of every turn.
    - Social scenes [kind="social"]: every exchange is a contest at Risk 0 [social_risk] of
      the PC's pool against an NPC's (the acting NPC on its turn, NPC 0 on a PC's turn);
      net 1+: the PC wins (Critical with two 6s), net 0: Costly Success, below 0: Failure
      (Critical Failure when the opponent rolled two 6s [opponent_criticals]); risk hits
      worsen the result as in a plain roll. Lost ground builds up: each lost exchange costs
      the PC a die more until it wins one (a Costly Success holds it) [ground_lost_dice,
      ground_builds_up]. Correct rerolls the PC's dice only.
    - Missions: Willpower regenerates at each act break; Wounds, outs and complications
      carry until the mission ends; every episode begins fully recovered.

    ## Version history
    - v0: first release.
    - v0, rules fixes (behaviour under default configs changed): a lasting complication
      lowers the starting Momentum of every later scene of the mission (before: the next
      scene only); a complication is no longer offered where no later scene follows
      (single-scene episodes and a mission's last scene: before, it was offered and cost
      nothing; new field ``complication_last_scene``); a Press to Full or a Brace, Correct
      or Seize to 0 offers the threshold at once (before: only at the end of the turn,
      after the roll had perhaps moved Momentum off it). The state row gained a
      ``RESUME`` column.
    - v1 (scenegym 0.2.0): the version catches up with the changes made within v0 (above).
      A rules-defined end, the rules' round or move limit included, is ``terminated`` with
      the rules' result (before: a cut-off came back ``truncated``, so learners bootstrapped
      a value where there is none); ``info["cut_off"]`` marks a cut-off. ``env.metadata``
      carries ``config_digest``, the digest a policy file records.
      A cut-off pays each seat ``cutoff_result``, -1 by default (a loss to the crew and to
      the GM alike: before, the crew got 0 and a learner below a 50% win rate was paid for
      stalling).
    - v1: issue 22's rules fixes, which change default play. A Press die that
      hits loses 2 Momentum [press_hit_momentum; 0: the old dice]; a PC's turn counts as
      taken when it ends, so a threshold never ends a scene in the middle of the last
      first turn; Press is not offered at Full, nor the GM seize when the crew would not
      lead next round anyway (or no next round comes); "+1 Risk" is not offered where no
      crew roll can feel it or in social scenes [social_risk_cost], a complication not once
      later scenes start at 0, and no cost decision is asked when no cost can change
      anything; lost ground builds up [ground_builds_up]. The state row gained a
      ``PRESS_HITS`` column and the event log a ``DIE_PRESS`` die; the spaces are
      unchanged.
    - v1: issue 22, item 1, the Press made a decision (docs/rules/momentum-press.md): a
      Press die that hits loses 1 Momentum, and all of it at Risk 5 or more
      [press_hit_momentum=1, press_ruin_risk=5; 2 and 0 were the development dice]; the
      default scene has four NPCs [npcs=4, was 3] and keeps a PC's own rolls within Risk
      1-3 [crew_risk_max=3, was 4]. The heuristic crew Presses up to Risk 3
      [press_up_to=3, was 4] and the director GM holds from 0.3 of Full until 0.8 of the
      round limit [hold_share, release_share: were 0.4, 0.5], so its scenes stay longer
      and closer than the adversarial GM's. The spaces are unchanged.
"""


class MomentumSceneEnv(SceneEnv):
    __doc__ = "Momentum structured scenes, one episode at a time.\n" + SPEC
    ruleset = MOMENTUM


class MomentumSceneVectorEnv(SceneVectorEnv):
    __doc__ = "Momentum structured scenes, the native batch.\n" + SPEC
    ruleset = MOMENTUM
