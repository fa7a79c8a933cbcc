"""Encounter content (catalogue, archetypes, config) from TOML and JSON files."""

import json
from dataclasses import asdict

import pytest

from scenegym.envs.frontiers.catalogue import ABILITIES, ARCHETYPES
from scenegym.envs.frontiers.config import FrontiersConfig
from scenegym.envs.frontiers.content import load_config

TOML = '''
[config]
party = ["duelist"]
enemy_pool = ["duelist"]
max_rounds = 5

[[abilities]]
name = "lunge"
kind = "attack"
ap = 2
range_max = 2
dice = 2
sides = 6

[[archetypes]]
name = "duelist"
scores = [12, 16, 10, 10, 12, 10]
mods = [1, 3, 0, 0, 1, 0]
hp = 15
pdef = 14
mdef = 11
energy = 4
mv = 3
abilities = ["lunge"]
'''


def test_a_toml_file_gives_the_catalogue_archetypes_and_fields(tmp_path):
    path = tmp_path / "duel.toml"
    path.write_text(TOML)
    cfg = load_config(path, max_rounds=7)
    assert [a.name for a in cfg.abilities] == ["lunge"] and cfg.abilities[0].ap == 2
    assert cfg.archetypes[0].scores == (12, 16, 10, 10, 12, 10)
    assert (cfg.party, cfg.max_rounds) == (("duelist",), 7)


def test_a_json_file_of_the_defaults_gives_the_default_config(tmp_path):
    path = tmp_path / "defaults.json"
    path.write_text(json.dumps({"abilities": [asdict(a) for a in ABILITIES],
                                "archetypes": [asdict(a) for a in ARCHETYPES]}))
    assert load_config(path) == FrontiersConfig()


@pytest.mark.parametrize("text, message", [
    ('[[abilities]]\nname = "x"\nkind = "attack"\nreach = 2\n', "unknown field(s) ['reach']"),
    ('[[abilities]]\nname = "x"\nkind = "spell"\n', "'abilities[0].kind' is 'spell'"),
    ('[config]\nparty = ["paladin"]\n', "'party[0]' is 'paladin'"),
    ('[monsters]\n', "unknown part(s) ['monsters']"),
    ('[config]\nmax_rounds = 5\n[encounter]\nmax_rounds = 8\n',
     "[encounter] and [config] both set ['max_rounds']"),
])
def test_bad_content_is_refused_naming_what_is_wrong(tmp_path, text, message):
    path = tmp_path / "bad.toml"
    path.write_text(text)
    with pytest.raises(ValueError) as err:
        load_config(path)
    assert message in str(err.value)


def test_scenario_path_is_the_content_file_with_fields_on_top(tmp_path):
    from scenegym.envs.rulesets import get_ruleset

    path = tmp_path / "duel.toml"
    path.write_text(TOML)
    config = get_ruleset("frontiers").make_config(scenario=str(path), max_rounds=7)
    assert config == load_config(path, max_rounds=7)
    with pytest.raises(FileNotFoundError, match="no such file.*shipped: ambush"):
        get_ruleset("frontiers").make_config(scenario=str(tmp_path / "missing.toml"))
