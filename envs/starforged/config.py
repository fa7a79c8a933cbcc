"""The Starforged scene-challenge config: every number of the rules, validated."""

from __future__ import annotations

from dataclasses import dataclass

from scenegym.envs.core.config import RulesetConfig, choice, not_a_param
from scenegym.envs.core.params import make_params
from scenegym.envs.core.validate import check_choice, check_int, check_ints
from scenegym.envs.starforged import state as st

RANKS = ("troublesome", "dangerous", "formidable", "extreme", "epic")
SITUATIONS = ("disadvantaged", "equal", "advantage", "random", "gm")
# the three situations are the state's codes; the kernels read the other two by these indices
assert SITUATIONS[:st.NUM_SITUATIONS] == ("disadvantaged", "equal", "advantage")
SITUATION_RANDOM, SITUATION_GM = SITUATIONS.index("random"), SITUATIONS.index("gm")
PRICE_BY = ("gm", "oracle")
PRICE_BY_GM = PRICE_BY.index("gm")
APPROACHES = ("gm", "random", "crew")
APPROACH_GM, APPROACH_RANDOM, APPROACH_CREW = range(len(APPROACHES))
MOMENTUM_FLOORS = ("progress", "none")
FLOOR_PROGRESS = MOMENTUM_FLOORS.index("progress")
IMPACTS = 3  # wounded, shaken, unprepared: each lowers max momentum by 1
PRICE_KINDS = ("narrative", "momentum", "harm", "stress", "supply", "twice")
ORACLE_ROWS = 10  # most rows of the d100 price oracle


@dataclass(frozen=True)
class StarforgedConfig(RulesetConfig):
    """Rules numbers and variant switches of the scene challenge.

    Defaults follow the seed (the 2022 pre-release wording): rank always formidable and a
    4/6/8-segment tension clock. :meth:`final_rulebook` gives the published variant.

    Attributes:
        stats: Edge, heart, iron, shadow, wits of the character (new character: 3,2,2,1,1).
        momentum_start: Momentum at Begin the Scene.
        momentum_min: Lowest momentum.
        momentum_max: Highest momentum with no impacts; each impact lowers it by 1.
        momentum_reset: Momentum after a burn, by impacts marked (0, 1, 2 or more).
        momentum_floor: What a momentum loss costs beyond ``momentum_min`` (Lose Momentum:
            at its minimum "choose one", another suffer move or clear progress):
            ``progress`` clears one unit of the scene's progress (one mark, by rank);
            ``none`` costs nothing (momentum only stops at its minimum).
        action_die: Sides of the action die.
        challenge_die: Sides of each challenge die.
        score_cap: Highest action score.
        boxes: Boxes of the progress track.
        ticks_per_box: Ticks in one box.
        rank: Rank of the objective; Begin the Scene sets it (seed: always formidable).
        ticks_by_rank: Ticks one "mark progress" fills, per rank in ``RANKS`` order.
        clock_by_situation: Tension clock segments when severely disadvantaged, on equal
            footing, with strong advantage.
        situation: ``disadvantaged``/``equal``/``advantage`` fixed; ``random`` rolls it;
            ``gm`` lets the GM seat choose at Begin the Scene.
        meter_max: Top of the health, spirit and supply meters.
        meter_start: Starting value of each meter.
        advantage_momentum: Momentum from Secure an Advantage ("Take +2 momentum").
        advantage_bonus: Adds from Secure an Advantage ("+1 on your next move").
        approach: Who names how the crew acts at each scene move, which fixes the stat it
            rolls (Face Danger, Secure an Advantage: "If you act... With speed, mobility, or
            agility: Roll +edge"): ``gm``: the GM seat, before each move; ``random``: the
            situation, each of the five stats equally likely, rolled before each move;
            ``crew``: the crew's free choice of stat at every move.
        price_by: ``gm``: the GM seat chooses each price; ``oracle``: roll the d100 mapping.
        price_momentum: Momentum lost to a Lose Momentum price.
        price_harm: Health lost to an Endure Harm price.
        price_stress: Spirit lost to an Endure Stress price.
        price_supply: Supply lost to a Sacrifice Resources price.
        narrative_momentum: Momentum lost to a narrative price (the oracle's other rows).
        oracle_rows: The d100 mapping: ``(highest roll, kind)`` per row, ascending to 100.
        oracle_max_rolls: Cap on d100 rolls for one price. A ``twice`` row owes two prices, a
            ``twice`` among those is rolled again; a price still owed at the cap is a
            narrative cost.
        endure_miss_momentum: Momentum lost on a miss when enduring harm or stress at 0.
        max_moves: Scene moves before the scene is cut off.
        cutoff_result: What a scene cut off at ``max_moves`` is worth to each seat: -1 (a
            loss to the crew and to the GM alike, the default: neither seat is paid for
            stalling) or 0 (nothing, the reward before 0.2.0).
        finish_early: Whether the crew may choose Finish the Scene before the clock or track fills.
    """

    stats: tuple[int, int, int, int, int] = (3, 2, 2, 1, 1)
    momentum_start: int = 2
    momentum_min: int = -6
    momentum_max: int = 10
    momentum_reset: tuple[int, int, int] = (2, 1, 0)
    momentum_floor: str = choice(MOMENTUM_FLOORS, "progress")
    action_die: int = 6
    challenge_die: int = 10
    score_cap: int = 10
    boxes: int = 10
    ticks_per_box: int = 4
    rank: str = choice(RANKS, "formidable")
    ticks_by_rank: tuple[int, int, int, int, int] = (12, 8, 4, 2, 1)
    clock_by_situation: tuple[int, int, int] = (4, 6, 8)
    situation: str = choice(SITUATIONS, "equal")
    meter_max: int = 5
    meter_start: int = 5
    advantage_momentum: int = 2
    advantage_bonus: int = 1
    approach: str = choice(APPROACHES, "gm")
    price_by: str = choice(PRICE_BY, "gm")
    price_momentum: int = 2
    price_harm: int = 1
    price_stress: int = 1
    price_supply: int = 1
    narrative_momentum: int = 1
    oracle_rows: tuple = not_a_param(((68, "narrative"), (74, "supply"), (81, "harm"),
                                      (88, "stress"), (95, "momentum"), (100, "twice")))
    oracle_max_rolls: int = 3
    endure_miss_momentum: int = 1
    max_moves: int = 30
    cutoff_result: int = -1
    finish_early: bool = True

    def __post_init__(self):
        self.check_choices()
        check_ints("stats", self.stats, st.NUM_STATS, 0, st.MAX_STAT)
        check_int("momentum_max", self.momentum_max, IMPACTS, st.MAX_MOMENTUM)
        # three impacts lower max momentum by 3: it must stay at or above momentum_min
        check_int("momentum_min", self.momentum_min, -st.MAX_MOMENTUM,
                  min(0, self.momentum_max - IMPACTS))
        check_int("momentum_start", self.momentum_start, self.momentum_min, self.momentum_max)
        check_ints("momentum_reset", self.momentum_reset, 3, 0, self.momentum_max)
        for k, most_impacts in enumerate((0, 1, IMPACTS)):  # reset by 0, 1, 2+ impacts
            check_int(f"momentum_reset[{k}]", self.momentum_reset[k], 0,
                      self.momentum_max - most_impacts)
        check_int("action_die", self.action_die, 2, 20)
        check_int("challenge_die", self.challenge_die, 2, 100)
        check_int("score_cap", self.score_cap, 1, 100)
        check_int("boxes", self.boxes, 1, st.MAX_BOXES)
        check_int("ticks_per_box", self.ticks_per_box, 1, 10)
        check_ints("ticks_by_rank", self.ticks_by_rank, 5, 1, self.boxes * self.ticks_per_box)
        check_ints("clock_by_situation", self.clock_by_situation, st.NUM_SITUATIONS, 1,
                   st.MAX_SEGMENTS)
        check_int("meter_max", self.meter_max, 1, st.MAX_METER)
        check_int("meter_start", self.meter_start, 0, self.meter_max)
        check_int("advantage_momentum", self.advantage_momentum, 0, self.momentum_max)
        check_int("advantage_bonus", self.advantage_bonus, 0, st.MAX_BONUS)
        for name in ("price_momentum", "price_harm", "price_stress", "price_supply",
                     "narrative_momentum", "endure_miss_momentum"):
            check_int(name, getattr(self, name), 0, 10)
        self._check_oracle()
        check_int("oracle_max_rolls", self.oracle_max_rolls, 1, 10)
        check_int("max_moves", self.max_moves, 1, 10_000)
        check_int("cutoff_result", self.cutoff_result, -1, 0)
        check_choice("finish_early", self.finish_early, (True, False))

    def _check_oracle(self):
        rows = self.oracle_rows
        if not isinstance(rows, tuple) or not 1 <= len(rows) <= ORACLE_ROWS:
            raise ValueError(f"config field 'oracle_rows' must be a tuple of 1..{ORACLE_ROWS} "
                             "(highest roll, kind) rows")
        last = 0
        for k, row in enumerate(rows):
            if not (isinstance(row, tuple) and len(row) == 2):
                raise ValueError(f"config field 'oracle_rows[{k}]' must be (highest roll, kind), got {row!r}")
            check_int(f"oracle_rows[{k}][0]", row[0], last + 1, 100)
            check_choice(f"oracle_rows[{k}][1]", row[1], PRICE_KINDS)
            last = row[0]
        if last != 100:
            raise ValueError(f"config field 'oracle_rows' must end at 100, ends at {last}")

    @classmethod
    def final_rulebook(cls, rank: str = "formidable", **overrides) -> StarforgedConfig:
        """The published rulebook's scene challenge: rank chosen, clock always 4 segments."""
        check_choice("rank", rank, RANKS[:3])
        return cls(rank=rank, clock_by_situation=(4, 4, 4), **overrides)


def kernel_params(cfg: StarforgedConfig) -> tuple:
    """The config's fields and what the rules compute from them, as plain numbers.

    Computed: ``track_ticks`` (boxes x ticks per box); ``price_size`` (a price's size by
    kind, in the state's price order); the oracle rows as ``oracle_top`` (highest roll of
    each row) and ``oracle_kind`` (its price), padded to ``ORACLE_ROWS`` so that every config
    shares one compiled kernel, and ``oracle_die`` (the last row's highest roll).
    """
    pad = ORACLE_ROWS - len(cfg.oracle_rows)
    return make_params(
        cfg,
        track_ticks=cfg.boxes * cfg.ticks_per_box,
        price_size=(cfg.narrative_momentum, cfg.price_momentum, cfg.price_harm,
                    cfg.price_stress, cfg.price_supply),
        oracle_top=tuple(r[0] for r in cfg.oracle_rows) + (cfg.oracle_rows[-1][0],) * pad,
        oracle_kind=tuple(PRICE_KINDS.index(r[1]) for r in cfg.oracle_rows) + (st.NARRATIVE,) * pad,
        oracle_die=cfg.oracle_rows[-1][0],
    )
