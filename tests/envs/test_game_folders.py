"""One folder per game: every built-in game folder holds the same file names for the same
jobs, and its ``Ruleset`` value names only modules of its own folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from scenegym.envs.rulesets import get_ruleset, ruleset_names

ENVS = Path(__file__).resolve().parents[2] / "envs"
JOBS = ("config", "state", "rules", "observation", "transcript", "heuristic", "odds",
        "odds_options", "stats", "invariants", "ruleset", "env", "ids")


def folder_of(name: str) -> str:
    """The game package a built-in ruleset's value lives in (``scenegym.envs.sta``)."""
    module = get_ruleset(name).config_type.__module__
    return module.rsplit(".", 1)[0]


def references(name: str) -> list[str]:
    """Every module a ruleset's value names by lazy reference."""
    rs = get_ruleset(name)
    refs = [rs.odds, rs.rulestats, rs.invariants, rs.scenario, *rs.agents.values()]
    refs += [r for e in rs.env_ids for r in (e.entry_point, e.vector_entry_point)]
    return [r.partition(":")[0] for r in refs if r]


BUILTIN = [n for n in ruleset_names() if folder_of(n).startswith("scenegym.envs.")]


def test_every_game_folder_has_the_same_file_names():
    games = sorted({folder_of(n).rsplit(".", 1)[1] for n in BUILTIN})
    assert games == ["frontiers", "momentum", "sta", "starforged"]
    missing = [f"envs/{g}/{job}.py" for g in games for job in JOBS
               if not (ENVS / g / f"{job}.py").is_file()]
    assert not missing, missing


@pytest.mark.parametrize("name", BUILTIN)
def test_a_ruleset_names_only_its_own_folder(name):
    home = folder_of(name)
    elsewhere = [m for m in references(name) if not m.startswith(home + ".")]
    assert not elsewhere, f"ruleset {name!r} names modules outside {home}: {elsewhere}"
    assert get_ruleset(name).rulestats and get_ruleset(name).invariants
    # the odds of a folder's roll: sta_social rolls the tasks of sta, whose odds it shares
    assert any(get_ruleset(n).odds for n in BUILTIN if folder_of(n) == home)


def test_each_builtin_names_its_ruleset_and_the_ids_that_ruleset_declares():
    """``import scenegym`` registers the ids of a light module (``ids.py``); the ruleset's
    value must declare that very tuple, under the name the built-in entry gives."""
    from scenegym.envs.rulesets import BUILTIN, load

    for builtin in BUILTIN:
        ruleset = load(builtin.ruleset)
        assert ruleset.name == builtin.name
        assert ruleset.env_ids is load(builtin.env_ids)
