"""Scenario files: the shipped defaults, every kind of malformed file, and play they change."""

import json
import tomllib

import clirun
import gymnasium as gym
import pytest

from scenegym.envs.core.content import shipped_names
from scenegym.envs.sta.config import StaConfig, StaSocialConfig
from scenegym.envs.sta.scenario import FOLDER, PACKAGE, load, shipped
from scenegym.evaluation.playtest import playtest

ONE_RAIDER = '''
[[npcs]]
name = "Lone raider"
tier = "minor"
weapon = "knife"
'''


def write(tmp_path, text: str, name: str = "scenario.toml"):
    path = tmp_path / name
    path.write_text(text)
    return path


@pytest.mark.parametrize(("name", "config_type"), [("personal", StaConfig),
                                                   ("social", StaSocialConfig)])
def test_a_shipped_scenario_loads_and_equals_the_defaults(name, config_type):
    assert load(name, config_type) == config_type()
    assert load(shipped(name), config_type) == config_type()


def test_every_shipped_scenario_loads_and_plays():
    names = shipped_names(PACKAGE, FOLDER)
    assert {"personal", "social", "boarding"} <= set(names)
    for name in names:
        config = load(name)
        if config.conflict == "personal":
            assert playtest("sta", 4, seed=1, batch=4, config=config)["scenes"] == 4


def test_the_same_scenario_as_json_gives_the_same_config(tmp_path):
    data = tomllib.loads(shipped("personal").read_text())
    path = write(tmp_path, json.dumps(data), "personal.json")
    assert load(path) == StaConfig()


def test_what_a_file_leaves_out_keeps_the_default_and_pcs_take_the_roster(tmp_path):
    path = write(tmp_path, ONE_RAIDER + '''
[[characters]]
attributes = { control = 12, daring = 11, fitness = 10, insight = 9, presence = 8, reason = 7 }
departments = { command = 0, conn = 1, engineering = 2, medicine = 3, science = 4, security = 5 }
focus = ["security", "conn"]
weapon = "blade"
protection = 1
''')
    cfg = load(path)
    assert (cfg.pcs, cfg.pc_attributes, cfg.pc_departments) == (
        1, ((12, 11, 10, 9, 8, 7),), ((0, 1, 2, 3, 4, 5),))
    assert (cfg.pc_focus, cfg.pc_weapon, cfg.pc_protection) == (((5, 1),), (2,), (1,))
    assert (cfg.npc_tiers, cfg.npc_weapon, cfg.npc_protection) == (("minor",), (1,), (0,))
    assert cfg.weapon_severity == StaConfig().weapon_severity


def test_a_designer_weapon_and_fixed_battlefield(tmp_path):
    path = write(tmp_path, '''
[[weapons]]
name = "bat'leth"
severity = 4
attack = "melee"
injury = "deadly"
intense = true

[[npcs]]
tier = "major"
weapon = "bat'leth"

[[characters]]
attributes = { control = 9, daring = 9, fitness = 9, insight = 9, presence = 9, reason = 9 }
departments = { command = 2, conn = 2, engineering = 2, medicine = 2, science = 2, security = 2 }
weapon = "bat'leth"

[battlefield]
zones = [{ cover = true }, { terrain = 2 }, {}]
obstacles = [1, 0]
''')
    cfg = load(path)
    assert (cfg.weapon_severity, cfg.weapon_melee, cfg.weapon_injury, cfg.weapon_intense) == (
        (4,), (1,), (2,), (1,))
    assert (cfg.npc_weapon, cfg.pc_weapon) == ((0,), (0,))
    assert (cfg.battlefield_cover, cfg.battlefield_terrain, cfg.battlefield_obstacles) == (
        (1, 0, 0), (0, 2, 0), (1, 0))


CHARACTER = ('[[characters]]\nattributes = { control = 10, daring = 10, fitness = %s, '
             'insight = 9, presence = 8, reason = 8 }\ndepartments = { command = 2, conn = 3, '
             'engineering = 1, medicine = 2, science = 4, security = 4 }\n')


CLUB = '[[weapons]]\nname = "club"\nseverity = %s\nattack = "melee"\ninjury = "stun"\n'


@pytest.mark.parametrize(("text", "words"), [
    ("[monsters]\n", ["unknown field(s) ['monsters']", "allowed: description, rules"]),
    ("[rules]\nmomentum_start = 7\n", ["'rules.momentum_start' is 7", "0..6"]),
    ("[rules]\nthreat_per_pc = 'lots'\n", ["'rules.threat_per_pc'", "'lots'", "int"]),
    ("[rules]\nnpc_tiers = ['minor']\n", ["rules.npc_tiers", "'npcs' part"]),
    ("[rules]\npersuade_skill = ['charm', 'command']\n",
     ["rules.persuade_skill[0] is 'charm'", "'presence'"]),
    (CHARACTER % 30, ["'characters[0].attributes.fitness' is 30", "1..20"]),
    (CHARACTER.replace(", reason = 8", "") % 9, ["characters[0].attributes lacks", "['reason']"]),
    (CHARACTER % 9 + 'focus = ["tactics"]\n',
     ["characters[0].focus[0] is 'tactics'", "'security'"]),
    (CHARACTER % 9 + 'weapon = "lirpa"\n',
     ["characters[0].weapon is 'lirpa'", "'phaser type-2'"]),
    ('[[npcs]]\ntier = "boss"\n', ["npcs[0].tier is 'boss'", "'minor', 'notable', 'major'"]),
    ('[[npcs]]\ntier = "minor"\nprotection = 9\n', ["'npcs[0].protection' is 9", "0..5"]),
    ('[[npcs]]\ntier = "minor"\n' * 5, ["npcs lists 5 NPCs", "1..4"]),
    ('[[npcs]]\nrank = "minor"\n', ["npcs[0] has unknown field(s) ['rank']", "tier"]),
    (CLUB % 0 + CHARACTER % 9 + 'weapon = "club"\n' + '[[npcs]]\ntier = "minor"\nweapon = "club"\n',
     ["'weapons[0].severity' is 0", "1..10"]),
    (CLUB % 2, ["the default characters' weapon is 'phaser type-2'", "allowed: 'club'"]),
    ('[[weapons]]\nname = "club"\nseverity = 2\nattack = "thrown"\ninjury = "stun"\n',
     ["weapons[0].attack is 'thrown'", "'melee', 'ranged'"]),
    ('[[weapons]]\nname = "club"\nseverity = 2\n', ["weapons[0] lacks", "['attack', 'injury']"]),
    ('[battlefield]\nzones = [{}, {}]\nobstacles = [0]\n',
     ["'the number of battlefield.zones' is 2", "3..6"]),
    ('[battlefield]\nzones = [{}, {}, {}]\nobstacles = [0, 5]\n',
     ["'battlefield.obstacles[1]' is 5", "0..3"]),
    ('[battlefield]\nzones_max = 9\n', ["'battlefield.zones_max' is 9", "3..6"]),
    ("[rules\npcs = 2\n", ["not valid TOML", "line 1"]),
])
def test_a_malformed_file_is_refused_naming_file_field_value_and_allowed(tmp_path, text, words):
    path = write(tmp_path, text)
    with pytest.raises(ValueError) as err:
        load(path)
    message = str(err.value)
    assert str(path) in message
    for word in words:
        assert word in message


def test_a_missing_file_or_suffix_is_refused_listing_the_shipped_scenarios(tmp_path):
    with pytest.raises(FileNotFoundError, match="shipped: .*personal, social"):
        load(tmp_path / "nowhere.toml")
    with pytest.raises(ValueError, match="suffix '.yaml'; allowed: .toml, .json"):
        load(write(tmp_path, "a: 1", "scenario.yaml"))


def test_the_env_takes_scenario_with_fields_on_top(tmp_path):
    path = write(tmp_path, ONE_RAIDER)
    env = gym.make("scenegym/STAPersonalConflict-v1", scenario=str(path), max_rounds=3)
    cfg = env.unwrapped.config
    assert (cfg.npc_tiers, cfg.max_rounds) == (("minor",), 3)
    social = gym.make("scenegym/STASocialConflict-v1", scenario="social").unwrapped.config
    assert social == StaSocialConfig()
    with pytest.raises(TypeError, match="not both"):
        gym.make("scenegym/STAPersonalConflict-v1", scenario="personal", config=StaConfig())


def test_a_bad_scenario_through_the_cli_is_one_line_and_exit_2(tmp_path):
    path = write(tmp_path, '[[npcs]]\ntier = "boss"\n')
    for option in (["--scenario", path], ["--set", f"scenario={path}"]):
        clirun.assert_refused(clirun.scenegym("playtest", "sta", "--scenes", 4, *option),
                       str(path), "npcs[0].tier is 'boss'", "allowed: 'minor'")
    clirun.assert_refused(clirun.scenegym("report", "sta", "--arm", "a=gm=random", "--scenario", path,
                            "--out", tmp_path / "out"), "npcs[0].tier is 'boss'")


def test_a_weaker_opposition_raises_crew_wins_on_the_same_seeds(tmp_path):
    weak = load(write(tmp_path, ONE_RAIDER))
    default = playtest("sta", 200, seed=5, batch=50)
    easier = playtest("sta", 200, seed=5, batch=50, config=weak)
    assert easier["crew_win_rate"] > default["crew_win_rate"] + 0.2
