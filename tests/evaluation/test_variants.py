"""``scenegym variants`` (evaluation/variants.py): every variant against the default rules on
the same scenes, with paired intervals; outputs checked first, written atomically."""

import json

import pytest
from clirun import assert_refused, scenegym

from scenegym.cli import main
from scenegym.envs.frontiers.config import VARIANTS, FrontiersConfig
from scenegym.evaluation.variants import BASE, arm_configs, run_variants

STATS = ["decisions", "crew_wins", "rounds", "pcs_knocked_out", "pcs_killed",
         "enemies_knocked_out", "enemies_killed"]


def test_the_default_against_itself_differs_by_zero_with_zero_width():
    arms = {BASE: FrontiersConfig(), "default again": FrontiersConfig()}
    table = run_variants("frontiers", arms, 24, seed=3, batch=8)
    assert table["statistics"] == STATS
    for stat, d in table["variants"]["default again"].items():
        assert d["difference"] == 0.0 and d["paired_ci"] == [0.0, 0.0], stat
        assert d["mean"] == table["base"][stat]


def test_escalating_rounds_shortens_the_encounters_it_changes():
    """"Beginning at Round 4: All damage increases by +1 ... Encourages faster resolution of
    prolonged Encounters" (Escalating Rounds Variant): on the same dice, the first three
    Rounds play alike and later ones hit harder, so encounters end sooner."""
    arms = arm_configs("frontiers", ["escalating-rounds"])
    table = run_variants("frontiers", arms, 256, seed=4, batch=64)
    assert table["variants"]["escalating-rounds"]["rounds"]["paired_ci"][1] < 0


def test_every_variant_by_default_and_the_scenario_as_the_shared_base():
    arms = arm_configs("frontiers", [], ["max_rounds=6"], "ambush")
    assert list(arms) == [BASE, *VARIANTS]
    assert all(c.max_rounds == 6 and c.party == arms[BASE].party for c in arms.values())
    assert arms["two-ap"] == arms[BASE].replace(ap_per_turn=2)


def test_the_command_writes_the_table_json_and_one_figure(tmp_path, capsys):
    out = tmp_path / "table"
    assert main(["variants", "frontiers", "--scenes", "16", "--batch", "8", "--seed", "2",
                 "--variant", "two-ap", "--variant", "no-momentum", "--out", str(out)]) == 0
    data = json.loads((out / "variants.json").read_text())
    assert list(data["variants"]) == ["two-ap", "no-momentum"] and data["scenes"] == 16
    assert set(data["variants"]["two-ap"]) == set(STATS) == set(data["base"])
    lo, hi = data["variants"]["two-ap"]["rounds"]["paired_ci"]
    assert lo <= data["variants"]["two-ap"]["rounds"]["difference"] <= hi
    text = (out / "variants.md").read_text()
    assert "| two-ap |" in text and text in capsys.readouterr().out
    assert (out / "variants.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert sorted(p.name for p in out.iterdir()) == ["variants.json", "variants.md",
                                                    "variants.png"]


@pytest.mark.parametrize("argv, words", [
    (["frontiers", "--variant", "three-ap"], ["'three-ap' is not a variant", "two-ap"]),
    (["momentum"], ["'momentum' has no named variants", "frontiers"]),
    (["frontiers", "--set", "strain_on_use=True"],
     ["variant 'no-overspend' cannot apply", "both replace Overspending"]),
    (["frontiers", "--scenario", "nowhere.toml"], ["content file nowhere.toml: no such file", "shipped: ambush"]),
])
def test_bad_input_is_refused_before_any_scene(tmp_path, argv, words):
    out = tmp_path / "never"
    done = scenegym("variants", *argv, "--scenes", 10**9, "--out", out, timeout=120)
    assert_refused(done, *words)
    assert not out.exists()


def test_an_out_under_a_file_is_refused_before_any_scene(tmp_path):
    (tmp_path / "file").write_text("")
    done = scenegym("variants", "frontiers", "--scenes", 10**9, "--out", tmp_path / "file" / "x",
                    timeout=120)
    assert_refused(done, "is a file, not a folder")


# -- --agents: the table under several pairings (issue 27, item 2) ---------------------------

def table_with(classes: dict) -> dict:
    """A variants table whose one variant's changes have the given intervals."""
    spans = {"up": [0.1, 0.3], "down": [-0.3, -0.1], "none": [-0.1, 0.1]}
    return {"statistics": list(classes), "variants": {"v": {
        s: {"difference": sum(spans[c]) / 2, "paired_ci": spans[c]} for s, c in classes.items()}}}


def test_a_change_whose_class_differs_between_pairings_is_a_flip():
    """Issue 27: "a difference whose sign or significance changes between pairings is
    flagged": up against none (significance) and up against down (sign) flip; up and up do
    not."""
    from scenegym.evaluation.variants import flips

    tables = {"heuristic": table_with({"a": "up", "b": "up", "c": "up"}),
              "mcts": table_with({"a": "up", "b": "none", "c": "down"})}
    assert flips(tables) == {("v", "b"): {"heuristic": "up", "mcts": "none"},
                             ("v", "c"): {"heuristic": "up", "mcts": "down"}}


def test_agents_play_the_table_under_each_pairing_and_flag_the_flips(tmp_path, capsys):
    out = tmp_path / "v"
    assert main(["variants", "frontiers", "--variant", "two-ap", "--scenes", "300", "--seed",
                 "2", "--agents", "heuristic", "--agents", "random/heuristic", "--out", str(out),
                 "--no-plots"]) == 0
    data = json.loads((out / "variants.json").read_text())
    assert list(data["pairings"]) == ["heuristic", "random/heuristic"]
    assert data["pairings"]["random/heuristic"]["crew"] == "random"
    text = (out / "variants.md").read_text()
    assert text.count("⚑") == len(data["flips"]) * 2 and "flip between pairings" in text
    for flip in data["flips"]:
        assert len(set(flip["classes"].values())) > 1


@pytest.mark.parametrize("spec, words", [("heuristic/", "expected AGENT or CREW/GM"),
                                         ("wizard", "wizard")])
def test_a_bad_pairing_is_refused_before_any_scene(tmp_path, spec, words):
    done = scenegym("variants", "frontiers", "--agents", "heuristic", "--agents", spec,
                    "--out", tmp_path / "v", timeout=300)
    assert_refused(done, words)


def test_a_variant_the_search_refuses_is_shown_refused_with_the_reason_not_dropped():
    """Simultaneous Turns: "All combatants declare actions simultaneously" (Frontiers,
    Simultaneous Turns Variant): a seat does not see the other's declaration, which the
    search (it reads the whole state) cannot respect, so it refuses the variant; the table
    under that pairing lists it as refused, with the reason."""
    from scenegym.evaluation.pairings import refusals
    from scenegym.evaluation.variants import pairings_markdown

    arms = arm_configs("frontiers", ["two-ap", "simultaneous-turns"])
    refused = refusals("frontiers", ["heuristic", "mcts:sims=2"], arms)
    assert refused["heuristic"] == {}
    assert list(refused["mcts:sims=2"]) == ["simultaneous-turns"]
    assert "mcts searches the whole state" in refused["mcts:sims=2"]["simultaneous-turns"]
    tables = {p: {**table_with({"a": "up"}), "refused": r} for p, r in refused.items()}
    for t in tables.values():
        t.update(ruleset="frontiers", crew="c", gm="g", scenes=2, seed=1, batch=2,
                 base={"a": 0.0})
    text = pairings_markdown(tables)
    assert text.count("- **simultaneous-turns**: refused, not played under this pairing: "
                      "crew mcts:sims=2: mcts searches the whole state") == 1
