"""Gymnasium envs of Star Trek Adventures personal and social conflict (single and native
vector)."""

from __future__ import annotations

from scenegym.envs.gym_env import SceneEnv, SceneVectorEnv
from scenegym.envs.sta.ruleset import STA, STA_SOCIAL

SPEC = """
    ## Description
    Personal conflict from the Star Trek Adventures 2nd edition core rulebook ("Conflict",
    pp. 276-293), on the 2d20 task engine of :mod:`scenegym.envs.sta.task`. ``pcs`` player
    characters (crew seat) fight ``len(npc_tiers)`` Minor, Notable or Major NPCs (GM seat) on
    a line of 3-6 zones with cover, difficult terrain and obstacles (generated per scene from
    its dice, or fixed by ``battlefield_*``). The crew starts in zone 0, the NPCs in the last
    zone. Rounds: every standing character takes one turn per round; turns alternate between
    the sides (a side with nobody left to act is skipped); at the end of a turn its side may
    Keep the Initiative (2 Momentum, Immediate) once. Before the first turn the GM may spend
    1 Threat for an NPC to go first (unless [first_turn] says which side obviously does).

    A turn: pick the character; minor actions (the first free, one more for 1 Momentum):
    Movement to an adjacent zone or into Reach of an enemy in the same or an adjacent zone
    (not in Reach of an enemy, prone or not; terrain and obstacles cost Immediate
    Momentum), Aim, Draw Item, Stand / Drop Prone, before the major action and, with those
    left, after it [minors_after_major] (not Movement after a Sprint; Aim only when a
    second major action may follow); a major action: Stun or Deadly Attack
    (melee needs Reach; a Deadly attack adds 1 Threat, an NPC spends it), First Aid on a
    Defeated ally in the same zone (not a Minor NPC killed by a Deadly attack), Assist an
    ally who has yet to act this round, Guard, Withdraw (from the own side's edge zone; not
    prone), Pass. Tasks: build the pool (buy d20s for 1, 2, 3 Momentum, a PC adding Threat
    for what the pool lacks, or all in Threat; Determination adds a d20 counted as a 1),
    roll, or take a Difficulty 0 task unrolled (no Momentum); an opposed task's reactive
    side builds and rolls first, and its own penalties (Fatigue, traits, Injuries,
    complications) take successes off the Difficulty it sets. Bonus Momentum against a
    prone target pays that attack's spends and is never saved. A successful attack may buy Added Severity
    (2 Momentum each, at most +2; Intense weapons 1 each); the Injury's severity less
    Protection (at least 1) may be avoided (PC: Stress; Notable NPC once per scene, Major NPC
    always: Threat equal to the severity); otherwise the victim is Defeated. A target who wins
    an opposed attack gains the shortfall as Momentum and may Counterattack for 2.

    Keyword arguments (besides ``seat``, ``opponent``, ``gm_reward``, ``director``,
    ``illegal_action`` of :mod:`scenegym.envs.gym_env`): ``scenario=PATH``, a scenario file
    (TOML or JSON: weapons, PCs, NPC tiers, NPCs, battlefield, rules numbers; see
    :mod:`scenegym.envs.sta.scenario`) or a shipped one by name (``"personal"``, the default
    content); and any config field of :class:`scenegym.envs.sta.config.StaConfig` (ruleset
    ``sta``), applied on top.

    ## Action space
    ``Discrete(134)``, one flat space for both seats; ``info["action_mask"]`` and
    ``action_masks()`` give the legal actions of the pending decision. Character ids 0-3
    are PCs, 4-7 NPCs.

    | ids     | decision (seat)              | meaning                                          |
    |---------|------------------------------|--------------------------------------------------|
    | 0-7     | pick (side to act)           | character 0-7 takes the turn                     |
    | 8-13    | minor; minor after the major | Movement to zone 0-5                             |
    |         | (actor's side)               |                                                  |
    | 14-21   | minor; minor after the major | move into Reach of character 0-7                 |
    | 22-25   | minor; minor after the major | Aim / Draw Item / Stand-Drop Prone / no more     |
    |         |                              | (after the major action: end the turn)           |
    | 26-33   | major                        | Stun Attack on character 0-7                     |
    | 34-41   | major                        | Deadly Attack on character 0-7                   |
    | 42-49   | major                        | First Aid on character 0-7                       |
    | 50-57   | major; build the pool        | Assist character 0-7 (in the pool: out of turn)  |
    | 58-60   | major                        | Guard / Withdraw / Pass                          |
    | 61-64   | build the pool (roller side) | buy a d20 / buy with Threat (PC) / Determination |
    |         |                              | / roll                                           |
    | 65-67   | spend (attacker side)        | Added Severity / Intense +1 / no more spends     |
    | 67      | build the pool (actor side)  | a Difficulty 0 task: take it unrolled            |
    | 68-69   | avoid (victim side)          | Avoid Injury / take the Injury                   |
    | 70-72   | counter (target side)        | Stun / Deadly Counterattack / none               |
    | 73-74   | keep (actor side)            | Keep the Initiative / hand over                  |
    | 75-76   | first turn (GM)              | spend Threat: an NPC first / a PC first          |
    | 77-82   | major                        | Sprint to zone 0-5                               |
    | 83-90   | major                        | Direct character 0-7                             |
    | 91-98   | major                        | Ready an attack on character 0-7                 |
    | 99-106  | major                        | Create Trait on character 0-7                    |
    | 107-114 | major                        | First Aid: treat an Injury of character 0-7      |
    | 115-122 | major                        | Guard character 0-7                              |
    | 123-125 | spring (readier's side)      | readied Stun / Deadly attack / let it pass       |
    | 126-127 | spend (attacker side)        | Alter Trait / Disarm                             |
    | 128     | counter (target side)        | move out of Reach                                |
    | 129     | keep (actor side)            | a second major action                            |
    | 130-133 | pick (GM)                    | spend Threat: reinforcement NPC 0-3              |

    ## Observation space
    ``Box(-1, 1, (351,), float32)``, the same for both seats (nothing is hidden):
    0-13 pending decision one-hot (``state.PHASE_NAMES`` order; 9-11 are social phases, 13
    the minor actions after the major action);
    14-19 the scene (Momentum / max, Threat / 24 clipped, round / max_rounds, kept
    initiative, zones / 6, crew side acting); 20-43 per zone (exists, cover, terrain cost /
    3, obstacle to the next zone / 3); 44-70 the task (attack / First Aid / Guard one-hot,
    Deadly, opposed, Difficulty, reaction, successes, dice bought, Determination used,
    severity, severity added, the task's own Momentum (an NPC's unspent, and bonus Momentum
    against a prone target), minor actions used, aimed, prone toggled, the actor is rolling,
    Sprint, Create Trait, treat, moved, second major action, directed, interrupting, trait
    altered, disarmed, sprinted); 71-350 per character slot, 35 each (present, NPC
    tier / 3, zone / 5, Stress share, Fatigued, Injuries, Dying, Defeated, withdrawn, acted,
    prone, weapon drawn, Guard, complications, Determination, melee weapon, weapon severity,
    attack target number / 20, is the actor, the target, the victim, in Reach of the actor,
    assists the actor, avoids used, major actions, readied, readied at the actor, hindered,
    helped, untreated Injuries, worst Injury, in reserve, leader, Accurate, two-handed).
    ``scenegym.envs.sta.observation.OBSERVATION_NAMES`` names every slot.

    ## Rewards
    Crew: +1 when every NPC is Defeated (or gone with one withdrawn: ``npc_withdraw_result``,
    +1), -1 when every PC is Defeated (gone with one withdrawn: ``crew_withdraw_result``, -1),
    ``cutoff_result`` when cut off (-1 by default: a loss to each seat, the GM's too) at
    ``max_rounds``. GM: ``adversarial`` (minus the
    crew's, a cut-off excepted; the default) or
    ``director`` per :mod:`scenegym.envs.core.reward` (lead = the side with the larger share
    of its characters standing).

    ## Default scenario
    ``personal``: two PCs against two Minor NPCs, a Notable and a Major NPC on a generated
    battlefield; no reinforcements (its four NPCs fill the four NPC slots, ``npc_reserve`` is
    empty), so the GM's reinforcement spend never comes up unless a scenario or ``npc_tiers``
    / ``npc_reserve`` leave room for one.

    ## Episode end
    Terminated when one side has nobody standing (all Defeated or withdrawn). Also terminated
    after ``max_rounds`` rounds (8) (a cut-off, worth ``cutoff_result``,
    ``info["cut_off"]``; ``truncated`` is only a ``TimeLimit``'s you add).

    ## Interpretations (config fields in brackets)
    See ``docs/rules/sta.md`` for the full list. Zones form a line and a zone with cover
    gives it to everyone in it; Aim re-rolls the highest die that is not a success; the
    reactive side of an opposed task may buy dice too; circumstance Difficulty (Guard,
    Reach, Fatigue, complications, prone at range) is added on top of the reaction's
    successes; complications raise the character's next task by 1 each
    [complication_difficulty]; Assist is declared on the assistant's own turn (the assistant
    rolls 1d20 when the ally attempts its task this round).

    ## Version history
    - v0: first release (``Discrete(77)``, ``Box(-1, 1, (251,), float32)``).
    - v0, later in the same release: Sprint, Direct, Ready, Create and Alter Trait, Guard
      for an ally, treating an Injury, a second major action, Disarm, stepping out of Reach
      and reinforcements added (actions 77 -> 134, observation 251 -> 349) without a new
      version number: a policy trained on the old spaces does not fit the new ones.
    - v1 (scenegym 0.2.0): the version catches up with the changes made within v0 (above).
      A rules-defined end, the rules' round or move limit included, is ``terminated`` with
      the rules' result (before: a cut-off came back ``truncated``, so learners bootstrapped
      a value where there is none); ``info["cut_off"]`` marks a cut-off. ``env.metadata``
      carries ``config_digest``, the digest a policy file records.
      A cut-off pays each seat ``cutoff_result``, -1 by default (a loss to the crew and to
      the GM alike: before, the crew got 0 and a learner below a 50% win rate was paid for
      stalling).
    - v1: same spaces, new default play (Star Trek Adventures 2e conflict
      chapter, issue 21): a Difficulty 0 task (Guard) goes to the pool building and may be
      rolled for Momentum (action 67 takes it unrolled) [zero_difficulty_roll];
      Determination adds a d20 counted as a 1 [perfect_opportunity_adds]; "buy a d20" takes
      the pool's Momentum and adds Threat for the rest; the reactive roll bears its roller's
      penalties [reaction_penalties]; prone-target bonus Momentum is not saved; a prone
      character may take the Movement minor action; a Minor NPC killed by a Deadly attack
      cannot be revived or treated. Slot "task_own_momentum" (was "task_npc_momentum")
      adds the task's bonus Momentum.
    - v1: new observation (349 -> 351) and default play (issue 21, item 9): a character may
      take the minor actions it has left after its major action, in a new decision (phase
      13, "minor action after the major": actions 8-24, or 25 to end the turn), offered
      when a minor action is left (Aim only when a second major action may follow; not
      Movement after a Sprint; not after Pass) [minors_after_major; False: the play
      before]; slot "task_sprinted" (a Sprint this turn). Every slot after the phase
      one-hot moved up by 1, every per-character slot by 2.
    - v1: [first_turn] (issue 21, item 14): a scenario may say which side obviously takes
      the first turn (``npcs``: an ambush, no Threat; ``crew``: no Threat spend offered);
      the default, ``doubt``, is the play before. Same spaces.
"""


SOCIAL_SPEC = """
    ## Description
    Social conflict from the Star Trek Adventures 2nd edition core rulebook ("Social
    Conflict", pp. 279-283) on the same conflict structure, task engine and Stress as the
    personal conflict (:class:`STAPersonalConflictEnv`): ``pcs`` PCs (crew seat) and
    ``npc_tiers`` NPCs (GM seat, one Notable NPC by default: ruleset ``sta_social``, config
    :class:`scenegym.envs.sta.config.StaSocialConfig`) each want something of the
    other side. On its turn a character makes a request of an opposing character, uses a
    social tool (Deception, Evidence, Intimidation, Negotiation) or passes; there are no
    minor actions and no battlefield.

    A request: the target yields (the request is granted) or resists: an opposed task in
    which the asker rolls first (Presence + Command [persuade_skill]) and its successes, plus
    the target's fear and the asker's offers, set the Difficulty of the target's roll
    (Control + Command [resist_skill]). The target holds when it reaches the Difficulty; then
    nobody of the asker's side may ask it again until the context changes (a lie it believes,
    a fear imposed on it, Evidence or an offer of that side). When the asker wins
    it may raise the severity (its successes, + the lies the target believes of the asker's
    side and the asker's Evidence shown) by 1 per 2
    Momentum; the target gives in, or resists by suffering Stress equal to the severity (a
    Notable NPC once per scene, a Major NPC always: Threat; a Minor NPC must give in). A PC
    at maximum Stress is Fatigued: +1 Difficulty, no more Stress, and it shuts down an
    attribute (its tasks with that attribute fail).

    Social tools: Deception (opposed, Presence + Command against Insight + Security; the
    target must score more to see through it): a lie the target believes, +1 severity of
    requests of it, +1 complication range of the liar per lie, the lies a character
    believes lost when the liar rolls a complication in a task with it. Evidence (no roll,
    each character holds ``evidence_pieces``): +1 severity; it opens a resisted request
    again or, when none needs it, adds 1 to the Difficulty of resisting its holder's
    requests [evidence_difficulty]. Intimidation (opposed, Presence + Security against
    Control + Security): the target's fear adds 1 to the Difficulty of resisting requests;
    a failed attempt on a character weakens every later attempt on it; the talks turn
    hostile. The asker's own penalties (Fatigue, complications) take successes off the
    Difficulty its roll sets.
    Negotiation (no roll): an offer adds 1 to the Difficulty of resisting the offerer's
    requests and costs Threat (a PC adds it, an NPC spends it), 1 more once hostile.

    ## Action space
    ``Discrete(171)``: the personal conflict's ids (0-133; 0-7 pick, 58-60 Pass, 61-64 build
    the pool, 65-67 spend, 73-74 keep, 75-76 first turn are used) and

    | ids     | decision (seat)       | meaning                                             |
    |---------|-----------------------|-----------------------------------------------------|
    | 134-141 | major (actor's side)  | make a request of character 0-7                     |
    | 142-149 | major                 | Deception on character 0-7                          |
    | 150-157 | major                 | Intimidation of character 0-7                       |
    | 158-159 | major                 | offer Evidence / make an offer (Negotiation)        |
    | 160-161 | yield (target's side) | yield / resist                                      |
    | 162-163 | give (target's side)  | give in / resist by suffering Stress (NPC: Threat)  |
    | 164     | spend (winner's side) | spend 2 Momentum: remove 1 Stress (a PC, at most 3) |
    | 165-170 | shut down (crew)      | Fatigue shuts down Control ... Reason               |

    ## Observation space
    ``Box(-1, 1, (429,), float32)``: the personal conflict's 351 slots, then 351-356 the
    social task (request / Deception / Intimidation, second roll pending, first roll's
    successes, hostile) and 357-428 per character slot 9 more (lies it has told, Evidence
    left and shown, fear, offers, a request of it may be made, failed attempts to intimidate
    it, shut-down attribute, is spending). ``scenegym.envs.sta.observation.SOCIAL_OBSERVATION_NAMES`` names every slot.

    ## Rewards
    Crew: +1 when an NPC grants a PC's request, -1 when a PC grants an NPC's,
    ``cutoff_result`` when cut off (-1 by default: a loss to each seat, the GM's too) at
    ``max_rounds``. GM: ``adversarial`` (minus the
    crew's, a cut-off excepted; the default) or ``director``.

    ## Episode end
    Terminated when a request is granted; also terminated after ``max_rounds``
    rounds (8) (a cut-off, worth ``cutoff_result``,
    ``info["cut_off"]``; ``truncated`` is only a ``TimeLimit``'s you add).

    ## Interpretations (config fields in brackets)
    See ``docs/rules/sta.md``: the resisting character's roll is the active task (ties go to
    it); a request is keyed to the asking side and the character asked, and tools change the
    context of requests of the characters they touch; fear, offers and Evidence raise the
    Difficulty of resisting; lies are discovered by a complication of the liar in a task
    with the deceived; a
    Negotiation's complication is its Threat [offer_cost, hostility_cost]; Stress recovery
    is the winner's own [recover_cost, recover_max].

    ## Version history
    - v0: first release (``Discrete(114)``, ``Box(-1, 1, (329,), float32)``).
    - v0, later in the same release: the personal conflict's further actions and slots
      (actions 114 -> 171, observation 329 -> 427) without a new version number: a policy
      trained on the old spaces does not fit the new ones.
    - v1 (scenegym 0.2.0): the version catches up with the changes made within v0 (above).
      A rules-defined end, the rules' round or move limit included, is ``terminated`` with
      the rules' result (before: a cut-off came back ``truncated``, so learners bootstrapped
      a value where there is none); ``info["cut_off"]`` marks a cut-off. ``env.metadata``
      carries ``config_digest``, the digest a policy file records.
      A cut-off pays each seat ``cutoff_result``, -1 by default (a loss to the crew and to
      the GM alike: before, the crew got 0 and a learner below a 50% win rate was paid for
      stalling).
    - v1: same spaces, new default play and slot meanings (issue 21): a resisted
      request is spent for the asker's whole side until the context changes (slot "may
      request" is now per character asked); lies are kept per deceived character (slot
      "lies" is the lies a character has told); failed Intimidation counts against the
      target (slot "failed Intimidations" is the attempts on the character); Evidence lowers
      the Difficulty [evidence_difficulty]; the asker's penalties count [reaction_penalties];
      a PC's bought d20 may be paid part Momentum, part Threat; Determination adds a die.
    - v1: observation 427 -> 429 (issue 21, item 9): the personal conflict's new slots (a
      phase, "minor action after the major", and "task_sprinted"), never set in a social
      conflict; every slot after the phase one-hot moved up by 1 or 2. Same play.
    - v1: [first_turn] (issue 21, item 14), as in the personal conflict; the default is the
      play before.
"""


class STAPersonalConflictEnv(SceneEnv):
    __doc__ = "Star Trek Adventures personal conflict, one scene at a time.\n" + SPEC
    ruleset = STA


class STAPersonalConflictVectorEnv(SceneVectorEnv):
    __doc__ = "Star Trek Adventures personal conflict, the native batch.\n" + SPEC
    ruleset = STA


class STASocialConflictEnv(SceneEnv):
    __doc__ = "Star Trek Adventures social conflict, one scene at a time.\n" + SOCIAL_SPEC
    ruleset = STA_SOCIAL


class STASocialConflictVectorEnv(SceneVectorEnv):
    __doc__ = "Star Trek Adventures social conflict, the native batch.\n" + SOCIAL_SPEC
    ruleset = STA_SOCIAL
