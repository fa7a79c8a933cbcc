"""Gymnasium envs of the Starforged scene challenge."""

from __future__ import annotations

from scenegym.envs.gym_env import SceneEnv, SceneVectorEnv
from scenegym.envs.starforged.ruleset import STARFORGED

SPEC = """
    ## Description
    Ironsworn: Starforged's scene challenge (Ironsworn: Starforged, Shawn Tomkin, 2022:
    Scene Challenge moves, Rulebook pp. 239-241, in their 2022 pre-release wording; Pay the
    Price p. 232; suffer moves pp. 199-205; the project's rules page
    ``docs/rules/starforged.md`` states what is implemented): the crew (one character) fills a
    formidable progress track with Face Danger and Secure an Advantage before the tension
    clock fills, then makes the Finish the Scene progress roll. The GM seat names how the
    crew must act at each move, which fixes the stat it rolls (``approach="gm"``, the
    default; ``random``: the situation rolls it; ``crew``: the crew's free choice), sets the
    prices and, with ``situation="gm"``, the clock's size at Begin the Scene.

    ## Action space
    ``Discrete(28)``, one flat space for both seats; ``info["action_mask"]`` and
    ``action_masks()`` give the legal actions of the pending decision.

    | ids   | decision (seat)                   | meaning                                     |
    |-------|-----------------------------------|---------------------------------------------|
    | 0-4   | move (crew)                       | Face Danger +edge/heart/iron/shadow/wits    |
    | 5-9   | move (crew)                       | Secure an Advantage +edge/.../wits          |
    |       |                                   | (an approach named: its stat's two only)    |
    | 10    | move (crew)                       | Finish the Scene now                        |
    | 11-12 | burn (crew)                       | keep the roll / burn momentum               |
    | 13-14 | advantage (crew, weak hit)        | take +2 momentum / +1 on the next move      |
    | 15-19 | price (GM)                        | narrative (-1 momentum), Lose Momentum,     |
    |       |                                   | Endure Harm, Endure Stress, Sacrifice Res.  |
    | 20-22 | situation (GM, ``situation=gm``)  | disadvantaged (4) / equal (6) / advantage (8)|
    | 23-27 | approach (GM, ``approach=gm``)    | the crew must act with edge/.../wits        |

    The burn decision is offered only when burning would improve the result.

    ## Observation space
    ``Box(-1, 1, (41,), float32)``, the same for both seats (nothing is hidden). Counts are
    divided by fixed scales (the largest a config may give), so a slot means the same under
    every config: 0-5 pending decision one-hot (situation, move, burn, advantage, price,
    approach); 6 momentum/20; 7 max momentum/20; 8 momentum reset/20; 9-11 health, spirit,
    supply /10; 12-14 impacts wounded, shaken, unprepared; 15-19 stats /5; 20-24 the
    approach named for the crew's move, one-hot by stat (all 0: none named, the stat is
    free); 25 progress share of the track; 26 full boxes/20; 27 clock share filled; 28 clock
    segments/20; 29 segments left/20; 30 pending bonus/10; 31 moves/max_moves; 32-38 the
    roll being resolved (action die / its sides, score / challenge die sides, challenge dice
    / their sides, outcome/2, match, outcome if burned/2); 39 move is Secure an Advantage;
    40 impacts/3.
    ``scenegym.envs.starforged.observation`` declares every slot once (``SLOTS``), with its
    name and scale (``SLOT.momentum`` is its index, ``SCALE.momentum`` its scale).

    ## Rewards
    Crew: +1 when Finish the Scene meets the objective (strong or weak hit), -1 on a miss,
    ``cutoff_result`` when cut off (-1 by default: a loss to each seat, the GM's too). GM:
    ``adversarial`` = minus the crew's, a cut-off
    excepted; ``director`` per
    :mod:`scenegym.envs.core.reward` (lead changes between track and clock, a close finish, length).

    ## Episode end
    An episode is one scene. Terminated at Finish the Scene (forced when the clock or the
    track fills, or chosen by the crew). Also terminated after ``max_moves`` scene moves (30)
    (a cut-off, worth ``cutoff_result``,
    ``info["cut_off"]``; ``truncated`` is only a ``TimeLimit``'s you add).

    ## Interpretations (config fields in brackets)
    - The stat follows how the crew acts ("If you act... With speed, mobility, or agility:
      Roll +edge"), and the scene names that: the GM seat before each move [approach="gm"],
      or a roll of the situation [approach="random"]; [approach="crew"] leaves every stat
      open at every move (then the crew always rolls its best).
    - Endure Harm / Stress roll only when the meter reaches 0; strong hit: +1 meter if not
      yet impacted, else +1 momentum; miss: lose momentum [endure_miss_momentum] and mark
      the impact. Harm beyond 0 comes off momentum. Momentum is not burned on these rolls
      (the burn decision belongs to the scene moves).
    - "+1 on your next move" applies to the next Face Danger or Secure an Advantage.
    - A price's size [price_momentum, price_harm, price_stress, price_supply,
      narrative_momentum]. A momentum loss at the minimum clears one unit of progress
      [momentum_floor]. No price is asked after Finish the Scene: the progress roll has
      decided the objective and the scene is over.
    - The GM chooses prices by default [price_by="gm"]; ``price_by="oracle"`` rolls the
      d100 mapping of ``docs/rules/starforged.md`` [oracle_rows]. A "roll twice" row pays
      two prices, each rolled anew; a "roll twice" among them is rolled again; a price still
      owed after ``oracle_max_rolls`` d100 rolls is a narrative cost.

    ## Version history
    - v0: first release; its observation later got fixed scales (momentum /20, meters /10,
      full boxes /20; before: by the config's momentum maximum, meter_max and boxes) and
      slot 19 was renamed ``progress_share``: policies trained before read these slots
      differently.
    - v0, rules fix (``price_by="oracle"`` only): a "roll twice" pays exactly two prices,
      and a nested "roll twice" is rolled again (before: it added two more rolls, and the
      prices owed at the 3-roll cap were dropped, so dice 96, 97, 98 paid nothing).
    - v1 (scenegym 0.2.0): the version catches up with the changes made within v0 (above).
      A rules-defined end, the rules' round or move limit included, is ``terminated`` with
      the rules' result (before: a cut-off came back ``truncated``, so learners bootstrapped
      a value where there is none); ``info["cut_off"]`` marks a cut-off. ``env.metadata``
      carries ``config_digest``, the digest a policy file records.
      A cut-off pays each seat ``cutoff_result``, -1 by default (a loss to the crew and to
      the GM alike: before, the crew got 0 and a learner below a 50% win rate was paid for
      stalling).
    - v1: no price after Finish the Scene (the GM seat was asked for one that
      changed nothing): the ``minor_price`` field and the observation slots "price is minor"
      and "price follows Finish the Scene" are gone (observation 37 -> 35 slots).
    - v1: a momentum loss at the minimum clears one unit of the scene's
      progress (Lose Momentum at -6) [momentum_floor; "none": the v0 play, where it was free].
    - v1: the approach. The GM seat names how the crew must act before each
      scene move (actions 23-27, phase "approach"), which fixes the stat of its Face Danger or
      Secure an Advantage; ``approach="crew"`` keeps v0's free choice of stat, ``"random"``
      rolls it. Action space 23 -> 28; observation 35 -> 41 (slot 5 the approach phase, 20-24
      the approach named; every later slot moves).
"""


class StarforgedSceneChallengeEnv(SceneEnv):
    __doc__ = "Starforged scene challenge, one scene at a time.\n" + SPEC
    ruleset = STARFORGED


class StarforgedSceneChallengeVectorEnv(SceneVectorEnv):
    __doc__ = "Starforged scene challenge, the native batch.\n" + SPEC
    ruleset = STARFORGED
