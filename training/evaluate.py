"""Head-to-head matches on the engine: a crew agent against a GM agent, with 95% intervals.

Every env of a :class:`SceneBatch` plays the same number of scenes (so short scenes are not
over-counted), through the playtest's engine loop (:func:`scenegym.evaluation.playtest.play_scenes`). A scene is a win for the crew (result +1), for the GM (result -1), or a draw
(cut off by the decision limit).
"""

from __future__ import annotations

from dataclasses import dataclass

from scenegym.common.scenes import play_scenes, scene_engine, scene_outcomes
from scenegym.envs.core.header import CREW, GM
from scenegym.envs.core.rulestats import NoRuleStats
from scenegym.envs.core.stats import proportion_ci

MATCH_BATCH = 256


@dataclass
class MatchResult:
    """Scene outcomes of one pairing, counted from the crew's side."""

    crew_wins: int
    gm_wins: int
    draws: int

    @property
    def scenes(self) -> int:
        return self.crew_wins + self.gm_wins + self.draws

    def wins_of(self, seat: str) -> int:
        """Scenes won by ``seat`` (``"crew"`` or ``"gm"``)."""
        return self.crew_wins if seat == "crew" else self.gm_wins

    def win_rate(self, seat: str) -> dict:
        """``seat``'s win rate with its 95% Wilson interval."""
        wins = self.wins_of(seat)
        return {"wins": wins, "scenes": self.scenes, "draws": self.draws,
                "win_rate": wins / self.scenes, "ci95": proportion_ci(wins, self.scenes)}


def play_match(ruleset, config, crew, gm, scenes: int, seed: int,
               batch: int = MATCH_BATCH) -> MatchResult:
    """Play ``scenes`` scenes (rounded up to a whole number per env) of ``crew`` against ``gm``.

    Args:
        ruleset: The game.
        config: Its config.
        crew, gm: Agents (``act(obs, masks, env_ids)``).
        scenes: Scenes to play in total.
        seed: Dice seed (the same seed gives both pairings of a comparison the same dice).
        batch: Envs stepped together.
    """
    n = max(1, min(batch, scenes))
    per_env = -(-scenes // n)
    ended = play_scenes(scene_engine(ruleset, config, n, n * per_env), {CREW: crew, GM: gm},
                        n * per_env, seed, NoRuleStats())
    won, lost, _ = scene_outcomes(ended)
    return MatchResult(int(won.sum()), int(lost.sum()), int((~won & ~lost).sum()))


def evaluate_seat(ruleset, config, seat: str, agent, opponents: dict, scenes: int,
                  seed: int) -> dict:
    """``agent``'s win rate in ``seat`` against each named opponent agent."""
    out = {}
    for name, opponent in opponents.items():
        crew, gm = (agent, opponent) if seat == "crew" else (opponent, agent)
        out[name] = play_match(ruleset, config, crew, gm, scenes, seed).win_rate(seat)
    return out


__all__ = ["MatchResult", "evaluate_seat", "play_match"]
