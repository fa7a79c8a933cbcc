"""The solver tests' shared case (tests/envs/starforged/solve): a Starforged variant small enough to
solve in a second: 3 boxes, a 3-segment clock, 6 moves."""

from scenegym.envs.starforged.config import StarforgedConfig

SMALL = StarforgedConfig(boxes=3, max_moves=6, meter_max=2, meter_start=2, momentum_max=5,
                         momentum_min=-3, momentum_start=1, clock_by_situation=(2, 3, 4))
