"""The heuristic agents choose abilities by what they do, for any catalogue (issue 21, item 28).

A designer's playtest of their own content must measure agents that play that content: the
same scenario with its abilities renamed and listed in another order is the same game, and
the heuristic crew and GM must play it the same way, scene for scene.
"""

import dataclasses

from scenegym.envs.core.content import find
from scenegym.envs.frontiers.catalogue import ABILITIES
from scenegym.envs.frontiers.content import FOLDER, PACKAGE, load_config
from scenegym.envs.frontiers.heuristic import heuristic, preferences
from scenegym.evaluation.playtest import playtest

FIGURES = ("crew_win_rate", "results", "mean_decisions", "mean_final_margin", "ruleset_stats")
NAMED = ("abilities_declared", "reactions_declared")  # keyed by ability name


def new_names(config) -> dict:
    """Each ability's new name: ``ability-N``."""
    return {a.name: f"ability-{k}" for k, a in enumerate(config.abilities)}


def renamed_and_reordered(config):
    """``config`` with every ability renamed (:func:`new_names`) and the catalogue reversed."""
    new_name = new_names(config)
    abilities = tuple(dataclasses.replace(a, name=new_name[a.name])
                      for a in reversed(config.abilities))
    archetypes = tuple(dataclasses.replace(a, abilities=tuple(new_name[n] for n in a.abilities))
                       for a in config.archetypes)
    return dataclasses.replace(config, abilities=abilities, archetypes=archetypes)


def figures(report: dict, names=None) -> dict:
    """The report's figures; with ``names``, its counts by ability name under the new names."""
    out = {k: report[k] for k in FIGURES}
    if names is not None:
        stats = dict(out["ruleset_stats"])
        for key in NAMED:
            stats[key] = {names[n]: v for n, v in stats[key].items()}
        out["ruleset_stats"] = stats
    return out


def test_the_ambush_scenario_renamed_and_reordered_plays_the_same():
    """The shipped ``ambush`` scenario, and the same with its abilities renamed and listed
    backwards: the heuristic crew against the heuristic GM gives the same statistics on the
    same seeds (before the fix the agents read the default catalogue's ids, so ``dash``
    was played as if it were ``mend``)."""
    original = load_config(find("ambush", PACKAGE, FOLDER))
    renamed = renamed_and_reordered(original)
    assert [a.name for a in renamed.abilities] != [a.name for a in original.abilities]
    runs = [playtest("frontiers", 64, seed=11, batch=64, config=cfg)
            for cfg in (original, renamed)]
    assert figures(runs[0], new_names(original)) == figures(runs[1])


def test_the_ambush_crew_heals_with_its_real_heal_and_boosts_with_its_real_boost():
    """In ``ambush`` the heal is ``mend`` and the boost ``dash``, wherever they stand."""
    config = load_config(find("ambush", PACKAGE, FOLDER))
    names = [a.name for a in config.abilities]
    best = preferences(config.abilities)
    assert [names[k] for k in best["heals"]] == ["mend"]
    assert [names[k] for k in best["boosts"]] == ["dash"]
    assert names[best["attacks"][0]] == "heavy blow"


def test_the_default_catalogue_keeps_its_attack_preference():
    """Expected damage plus riders ranks the default catalogue's attacks as before: heavy
    blow, mind spike, strike, shove, shoot."""
    assert heuristic().config is None  # the default catalogue's agent
    names = [a.name for a in ABILITIES]
    assert [names[k] for k in preferences(ABILITIES)["attacks"]] == [
        "heavy blow", "mind spike", "strike", "shove", "shoot"]
