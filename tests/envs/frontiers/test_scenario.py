"""``scenario=PATH``: a designer's file of encounter, catalogue and archetypes, on the env and
the commands; bad files refused naming the file, the field, the value and what is allowed."""

import tomllib

import gymnasium as gym
import pytest

import scenegym  # noqa: F401  (registers the ids)
from scenegym.cli import main
from scenegym.envs.core.content import find
from scenegym.envs.frontiers import state as st
from scenegym.envs.frontiers.content import FOLDER, PACKAGE, load_config
from scenegym.envs.rulesets import get_ruleset
from scenegym.evaluation.playtest import playtest, playtest_config

ENV = "scenegym/FrontiersEncounter-v1"
AMBUSH_FILE = find("ambush", PACKAGE, FOLDER)  # the shipped scenario, by name
AMBUSH = tomllib.loads(AMBUSH_FILE.read_text())


def test_gym_make_loads_the_encounter_and_stat_blocks_of_a_scenario():
    env = gym.make(ENV, scenario="ambush")
    env.reset(seed=3)
    cfg = env.unwrapped.config
    party = AMBUSH["encounter"]["party"]
    assert cfg.party == tuple(party)
    assert [a.name for a in cfg.abilities] == [a["name"] for a in AMBUSH["abilities"]]
    hp = {a["name"]: a["hp"] for a in AMBUSH["archetypes"]}
    state = env.unwrapped.seated.batch.state[0]
    assert [int(state[st.HP_MAX + c]) for c in range(len(party))] == [hp[n] for n in party]
    enemies = [c for c in range(st.MAX_PCS, st.MAX_CHARS) if state[st.PRESENT + c]]
    kinds = [a["name"] for a in AMBUSH["archetypes"]]
    assert all(kinds[state[st.ARCHETYPE + c]] in AMBUSH["encounter"]["enemy_pool"]
               for c in enemies)
    assert all(state[st.POS + c] < AMBUSH["encounter"]["line_length"] for c in enemies)


def test_config_fields_given_with_a_scenario_apply_after_it(tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text(AMBUSH_FILE.read_text())
    env = gym.make(ENV, scenario=str(path), party=("scout",), ap_per_turn=2)
    assert (env.unwrapped.config.party, env.unwrapped.config.ap_per_turn) == (("scout",), 2)
    assert playtest_config("frontiers", ["two-ap"], ["max_rounds=5"], str(path)) == \
        load_config(path, ap_per_turn=2, max_rounds=5)


BAD = [
    ('[[archetypes]]\nname = "x"\nscores = [1, 1, 1, 1, 1, 1]\nmods = [0, 0, 0, 0, 0, 0]\n'
     'hp = 0\npdef = 1\nmdef = 1\nenergy = 1\nmv = 1\nabilities = ["strike"]\n',
     "'archetypes[0].hp' is 0; allowed: 1..500"),
    ('[[abilities]]\nname = "x"\nkind = "spell"\n',
     "'abilities[0].kind' is 'spell'; allowed: 'attack', 'heal'"),
    ('[encounter]\nparty = ["paladin"]\n', "'party[0]' is 'paladin'; allowed: 'vanguard'"),
    ('[encounter]\nenemies = 3\n', "encounter has unknown field(s) ['enemies']; allowed: party"),
    ('[encounter]\nline_length = 40\n', "'line_length' is 40; allowed: 2..16"),
    ('[monsters]\n', "unknown part(s) ['monsters']; allowed: encounter, config"),
    ('[encounter\nparty = 1\n', "not valid TOML: Expected ']'"),
]


@pytest.mark.parametrize("text, message", BAD)
def test_a_malformed_scenario_is_refused_naming_file_field_value_and_what_is_allowed(
        tmp_path, text, message):
    path = tmp_path / "bad.toml"
    path.write_text(text)
    with pytest.raises(ValueError) as err:
        gym.make(ENV, scenario=str(path))
    assert f"content file {path}: " in str(err.value) and message in str(err.value)


def test_playtest_refuses_a_malformed_or_missing_scenario_in_one_line(tmp_path, capsys):
    path = tmp_path / "bad.toml"
    path.write_text(BAD[0][0])
    assert main(["playtest", "frontiers", "--scenes", "2", "--scenario", str(path)]) == 2
    assert str(path) in capsys.readouterr().err
    assert main(["playtest", "frontiers", "--scenes", "2", "--set", "scenario=nowhere"]) == 2
    err = capsys.readouterr().err
    assert "content file nowhere: no such file" in err and "shipped: ambush" in err


def test_a_smaller_party_in_the_scenario_wins_less_on_the_same_seeds():
    full = playtest("frontiers", 64, seed=4, batch=64,
                    config=playtest_config("frontiers", scenario="ambush"))
    alone = playtest("frontiers", 64, seed=4, batch=64,
                     config=playtest_config("frontiers", sets=["party=('warden',)"],
                                            scenario="ambush"))
    assert alone["crew_win_rate_ci"][1] < full["crew_win_rate_ci"][0]


def test_a_ruleset_without_scenario_files_refuses_the_option(capsys):
    with pytest.raises(ValueError, match="ruleset 'momentum' reads no scenario files"):
        get_ruleset("momentum").make_config(scenario="ambush")
    assert main(["playtest", "momentum", "--scenes", "2", "--set", "scenario=ambush"]) == 2
    assert "reads no scenario files" in capsys.readouterr().err
