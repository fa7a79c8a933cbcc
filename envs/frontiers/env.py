"""Gymnasium envs of Frontiers Engine encounters (single and native vector)."""

from __future__ import annotations

from scenegym.envs.frontiers.ruleset import FRONTIERS
from scenegym.envs.gym_env import SceneEnv, SceneVectorEnv

SPEC = """
    ## Description
    Encounter Play of the Frontiers Engine (Flow of Play Expanded, Beta 2026-1, ORC licence):
    a party of up to 4 PCs (the crew seat) against up to 4 enemies (the GM seat) on a line
    of Units. Momentum is established (each participant may adjust its MV by up to its
    Finesse modifier), then Rounds of Turns in ascending MV (ties: higher Finesse score,
    then PCs). A Turn refreshes AP (3) and MP (3 + Finesse modifier); the participant
    declares abilities from the catalogue (:mod:`scenegym.envs.frontiers.catalogue`) and
    moves, a Unit per MP, in any order, and its unspent AP and MP are lost at the end.
    Attacks roll d20 + modifier against the target's Physical or Mental Defense (less the
    Wound penalty). Energy is spent at declaration, Overspend rolls a d20 (odd: Fatigue)
    down to -half the maximum. At 0 HP a participant gains a Wound and falls Unconscious;
    Wounds beyond 1 + Vigor modifier kill; Fatigue at 1 + Resolve modifier knocks out.
    Reactions (Guard against an attack, which interrupts; an opportunity strike when an
    enemy leaves reach) are declared by the other seat in a window and resolve last
    declared first; the triggering Action resolves last. Every Variant and Alternative
    implemented is a config switch (:data:`scenegym.envs.frontiers.config.VARIANTS`).

    Keyword arguments (besides ``seat``, ``opponent``, ``gm_reward``, ``director``,
    ``illegal_action`` of :mod:`scenegym.envs.gym_env`): any field of
    :class:`scenegym.envs.frontiers.config.FrontiersConfig`, and ``scenario``: a designer's
    TOML or JSON file of encounter, catalogue and archetypes (or ``"ambush"``, the bundled
    example; :mod:`scenegym.envs.frontiers.content`), applied before the other fields.

    ## Action space
    ``Discrete(65)``, one flat space for both seats; ``info["action_mask"]`` and
    ``action_masks()`` give the legal actions of the pending decision.

    | ids   | decision (seat)                   | meaning                                     |
    |-------|-----------------------------------|---------------------------------------------|
    | 0-9   | act (the active side)             | declare catalogue ability 0-9               |
    | 10-25 | act                               | move to Unit 0-15                           |
    | 26    | act                               | end the Turn                                |
    | 27-34 | target (the active side)          | the declared ability's target: slot 0-7     |
    | 35-42 | react (the other side)            | participant 0-7 declares its Reaction       |
    | 43    | react                             | declare no more: the chain resolves         |
    | 44-64 | momentum (the participant's side) | adjust MV by -10..+10                       |

    Slots 0-3 are PCs, 4-7 enemies. A Turn with nothing left but ending it ends at once.

    ## Observation space
    ``Box(-1, 1, (231,), float32)``, the same for both seats (except the hidden
    declarations of Simultaneous Turns): 23 global slots (pending decision one-hot, GM seat
    pending, round share, reaction window kind, committed, last roll, last hit, line length,
    encounter of the expedition, declared ability one-hot), then 26 per participant slot
    (present, PC, HP share, max HP/100, Wounds, Fatigue, Energy share, AP/3, MP/20, movement
    left/20, Unit/16, MV/40, unconscious, dead, prone, active, target, adjusting, may react,
    Defenses/40, guard/10, impaired/10, immobilised, Free Action used, Reactions/3).
    ``scenegym.envs.frontiers.observation.SLOTS`` declares every slot by name and scale.

    ## Rewards
    Crew: +1 when every enemy is down (Unconscious or dead), -1 when every PC is down,
    ``cutoff_result`` when cut off (-1 by default: a loss to each seat, the GM's too). GM:
    ``adversarial`` (default) = minus the crew's, a cut-off
    excepted; ``director`` per
    :mod:`scenegym.envs.core.reward`, the lead being the side with the larger share of its
    HP.

    ## Episode end
    One encounter (``encounters=1``). Terminated when a side is all down (the current
    Action finishes, the Turn ends, unspent AP and MP are lost). Also terminated after
    ``max_rounds`` Rounds (12) (a cut-off, worth ``cutoff_result``,
    ``info["cut_off"]``; ``truncated`` is only a ``TimeLimit``'s you add). An expedition (``encounters=N``) is N encounters in one
    episode with ``downtime_hours`` of Downtime between them (PCs keep HP, Wounds, Fatigue
    and Energy; new enemies): +1 is paid as each encounter is won, a cut-off encounter pays
    0 and the expedition goes on, a lost one ends it (-1); the episode's return is the sum.

    ## Interpretations (config fields in brackets)
    - Resolution: d20 + attribute modifier >= Defense [die]; damage is the ability's dice
      plus its bonus. Wounds cost 2 Defense each [wound_penalty]; Fatigue costs 2 from the
      Awareness and Intuition modifiers [fatigue_penalty].
    - AP also refresh at the start of every Round, so a participant who has not yet acted
      this Round may pay for Reactions [round_refresh]; the literal reading (AP only at
      your Turn, lost at its end) leaves Reactions to the first Round only. With the Turn's
      own refresh [turn_refresh] a Reaction before one's Turn costs nothing in effect and
      none is possible after it; turn_refresh=False makes the Round's AP pay for both.
    - A negative Finesse modifier allows no Momentum adjustment [negative_finesse_adjusts].
    - Fatigue reaching its maximum knocks out ("until their Fatigue is reduced below
      maximum"); it does not rise past it.
    - Damage lowers HP at once; the Wound and Unconsciousness it causes apply when the step
      (an Action, or one Reaction) has resolved (Ruling 7), in Ruling 13's order.
    - Reactions do not trigger Reactions. Guard is a Reaction that interrupts (it resolves
      before the attack); the opportunity strike resolves after the step that left reach.
    - Forced movement stops at the line's ends; several participants may share a Unit.
    - "The Player goes first, or GM decides": PCs win remaining ties.
    - The active participant's own start- and end-of-Turn effects resolve in slot order
      (none of the catalogue's depend on their order), then others' by Momentum order.
    - When an encounter ends (won or cut off) with a PC standing, living PCs at 0 HP regain
      1 HP and wake unless Fatigue keeps them down [revive_after].
    - No Momentum: PCs and enemies alternate by slot.
    - Zone Movement: ranges in Units become Zones apart (Engaged <= 1 Unit, Near <= 6,
      else Far) [engaged_units, near_units]; the line has 3 Zones [zones].
    - Simultaneous Turns: declarations in Momentum order, hidden from the other seat (the
      observation shows the other side's pools as before it declared); resolution in
      Momentum order, an entry no longer legal fizzles; Wounds and Unconsciousness apply
      when the Round's declarations have all resolved; no Reactions.
    - One Wound past the maximum kills; Wounds beyond that are not tracked.
    - Prone (the seed: a character "falls prone" at 0 HP, past its maximum Fatigue and when
      Unconscious, with no effect given): a prone participant that can act stands up at the
      start of its Turn, paying MP [prone_stand_mp], and gets up during Downtime; a prone
      participant's Physical Defense changes [prone_defense_change]. Both 0 by default: no
      effect, as in the seed.

    ## Version history
    - v0: first release.
    - v1 (scenegym 0.2.0): the version catches up with the changes made within v0 (above).
      A rules-defined end, the rules' round or move limit included, is ``terminated`` with
      the rules' result (before: a cut-off came back ``truncated``, so learners bootstrapped
      a value where there is none); ``info["cut_off"]`` marks a cut-off. ``env.metadata``
      carries ``config_digest``, the digest a policy file records.
      A cut-off pays each seat ``cutoff_result``, -1 by default (a loss to the crew and to
      the GM alike: before, the crew got 0 and a learner below a 50% win rate was paid for
      stalling).
    - v1: the action space grows to ``Discrete(65)``: the Momentum adjustment
      reaches the whole Finesse modifier (-10..+10, ids 44-64; it was capped at 5). A boost
      pays its AP and Energy; Downtime and the end-of-encounter revive (now also after a
      cut-off) wake those whose HP and Fatigue allow; a participant held at 0 HP (Conscious
      at 0 HP) may use its Free Actions; impairment applies under Action-Based Movement; a
      dead reactor's Guard expires; under Simultaneous Turns the Unconscious's start-of-Turn
      effects resolve and a participant healed before the Round's end does not die of its
      Wounds. Refused: 2 AP with Unified Resource, Reaction Limit with Simultaneous Turns.
      New fields turn_refresh, negative_finesse_adjusts.
"""


class FrontiersEncounterEnv(SceneEnv):
    __doc__ = "Frontiers Engine encounters, one at a time.\n" + SPEC
    ruleset = FRONTIERS


class FrontiersEncounterVectorEnv(SceneVectorEnv):
    __doc__ = "Frontiers Engine encounters, the native batch.\n" + SPEC
    ruleset = FRONTIERS
