"""``scenegym baselines`` (evaluation/baselines.py): every trivial agent and trained policy in
each seat of an id, against the other seat's heuristic and random agents, on the same dice.

Issue 13, item 3: "The baselines table must show such trivial policies (random, constant,
heuristic) beside trained and optimal ones for every id, so a reader sees how much room each
seat leaves for learning."
"""

import json
import shutil

import pytest
from clirun import assert_refused, in_process

from scenegym.agents.registry import distinct_agents
from scenegym.cli import main
from scenegym.envs.rulesets import get_ruleset

MOMENTUM = "scenegym/MomentumScene-v1"
STARFORGED = "scenegym/StarforgedSceneChallenge-v1"
SOCIAL = "scenegym/STASocialConflict-v1"
TINY = ["--scenes", "48", "--batch", "16", "--seed", "5"]
# the search row and opponent: few simulations, as what is under test is the table (its rows,
# pairing and search gain), not the search (tests/agents/test_mcts.py), and a search
# costs its simulations at every decision of every scene (issue 25, item 7: the suite's time)
SEARCH = "mcts:sims=8"


@pytest.fixture(scope="module")
def crew_policy(tmp_path_factory):
    """A tiny trained momentum crew policy, under two names (the same network)."""
    folder = tmp_path_factory.mktemp("baselines")
    run = folder / "run"
    assert main(["train", MOMENTUM, "--seat", "crew", "--steps", "256", "--out", str(run),
                 "--batch", "8", "--n-steps", "32", "--minibatch", "64", "--n-epochs", "1",
                 "--net", "16", "--eval-scenes", "16", "--seed", "3"]) == 0
    first, second = folder / "first.zip", folder / "second.zip"
    shutil.copy(run / "model.zip", first)
    shutil.copy(run / "model.zip", second)
    return first, second


def test_no_id_means_every_id():
    from scenegym.cli import build_parser

    assert build_parser().parse_args(["baselines", "--scenes", "10"]).target == []


def test_the_players_are_the_trivial_agents_then_each_other_agent_once():
    """starforged names ``optimal`` beside its heuristic; momentum's ``heuristic`` is its
    ``heuristic-director``, so that agent plays once."""
    assert distinct_agents(get_ruleset("starforged")) == ("random", "constant", "stall",
                                                          "heuristic", "optimal")
    assert distinct_agents(get_ruleset("momentum")) == ("random", "constant", "stall",
                                                        "heuristic", "heuristic-adversarial")


def test_table_rows_pair_every_player_with_the_heuristic_on_the_same_dice(
        crew_policy, tmp_path, capsys):
    first, second = crew_policy
    out = tmp_path / "table"
    assert main(["baselines", MOMENTUM, *TINY, "--crew", str(first),
                 "--crew", str(second), "--search", SEARCH, "--out", str(out)]) == 0
    data = json.loads((out / "baselines.json").read_text())
    rows = {(r["seat"], r["player"]): r for r in data["rows"]}
    trivial = ("random", "constant", "stall", "heuristic")
    # heuristic-adversarial is a GM style: as crew it is the heuristic, so it gets no crew row
    # the search (issue 23, item 5: "baselines gains an mcts row per seat")
    assert data["search"] == SEARCH
    assert list(rows) == ([("crew", p) for p in (*trivial, SEARCH, "first.zip", "second.zip")]
                          + [("gm", p) for p in (*trivial, "heuristic-adversarial", SEARCH)])
    for r in rows.values():
        for opponent in ("heuristic", "random", "search"):
            o = r[opponent]
            assert o["crew_wins"] + o["gm_wins"] + o["draws"] == o["scenes"] == 48
            lo, hi = o["crew_win_ci"]
            assert lo <= o["crew_win_rate"] == o["crew_wins"] / 48 <= hi
            # the heuristic row is the reference; every other row carries its difference
            assert ("minus_heuristic" in o) == (r["player"] != "heuristic" and
                                                opponent != "search")
        # "the gain a search opponent finds against it over the heuristic opponent"
        rate = {o: r[o]["crew_win_rate"] for o in ("heuristic", "search")}
        gain = rate["heuristic"] - rate["search"]
        assert r["search_gain"]["difference"] == pytest.approx(
            gain if r["seat"] == "crew" else -gain)
    # the same network on the same dice: the same scenes, won and lost alike
    assert rows["crew", "first.zip"]["heuristic"] == rows["crew", "second.zip"]["heuristic"]
    assert rows["crew", "first.zip"]["random"] == rows["crew", "second.zip"]["random"]
    # a difference is the two rows' rates apart, scene by scene
    for (seat, player), r in rows.items():
        if player != "heuristic":
            d = r["heuristic"]["minus_heuristic"]
            ref = rows[seat, "heuristic"]["heuristic"]["crew_win_rate"]
            assert d["difference"] == pytest.approx(r["heuristic"]["crew_win_rate"] - ref)
    text = (out / "baselines.md").read_text()
    assert f"## {MOMENTUM}" in text and text in capsys.readouterr().out
    assert sum(line.startswith("| crew |") for line in text.splitlines()) == 7  # 5 agents, 2 files
    assert "search gain (paired)" in text


def test_the_same_seed_gives_the_same_table(capsys):
    """Common random numbers: a random agent's choices and the dice depend on the seed only
    (the batch size fixed); another seed plays other scenes."""
    tables = []
    for seed in (9, 9, 10):
        assert main(["baselines", SOCIAL, "--scenes", "40", "--batch", "8", "--seed", str(seed),
                     "--search", SEARCH, "--json"]) == 0
        tables.append(json.loads(capsys.readouterr().out)["rows"])
    assert tables[0] == tables[1] != tables[2]
    assert [(r["seat"], r["player"]) for r in tables[0]] == [
        (seat, p) for seat in ("crew", "gm") for p in ("random", "constant", "stall",
                                                       "heuristic", SEARCH)]


def test_players_limit_the_rows_and_the_heuristic_stays(capsys):
    assert main(["baselines", SOCIAL, "--scenes", "20", "--batch", "4", "--seed", "2",
                 "--players", "constant", "--search", SEARCH, "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)["rows"]
    assert [(r["seat"], r["player"]) for r in rows] == [
        (seat, p) for seat in ("crew", "gm") for p in ("constant", "heuristic", SEARCH)]
    assert main(["baselines", SOCIAL, "--players", "optimal"]) == 2  # starforged's only
    assert "'optimal' is no agent of scenegym/STASocialConflict-v1" in capsys.readouterr().err


def test_bad_policies_are_refused_before_any_scene(crew_policy, tmp_path, capsys):
    first, _ = crew_policy
    out = tmp_path / "table"
    damaged = tmp_path / "damaged.onnx"
    damaged.write_text("not a model")
    cases = [(["--gm", str(first)], ["plays the crew seat", "the GM"]),
             (["--crew", "optimal"], ["takes policy files here", "--players"]),
             (["--crew", str(tmp_path / "none.zip")], ["does not exist"]),
             (["--crew", str(damaged)], ["damaged"]),
             (["--crew", str(first), "--crew", str(first)], ["already in"])]
    for options, words in cases:
        assert_refused(in_process(capsys, "baselines", MOMENTUM, *TINY, "--out", out, *options),
                       *words)
    assert_refused(in_process(capsys, "baselines", STARFORGED, *TINY, "--crew", first),
                   "trained on scenegym/MomentumScene-v1", "not among the ids")
    assert_refused(in_process(capsys, "baselines", MOMENTUM, "--scenes", "1"), "--scenes is 1")
    assert_refused(in_process(capsys, "baselines", "scenegym/Chess-v0"),
                   "unknown ruleset or env id", MOMENTUM)
    assert not out.exists()  # refused before the work: nothing written


@pytest.mark.parametrize("env_id", [STARFORGED, SOCIAL])
def test_the_stalling_baseline_has_a_row_in_each_seat_and_is_no_seats_best(env_id):
    """Issue 24, item 3: "Add a stalling baseline per seat [...] it must not be the best
    agent of any seat." A seat's best player has the highest return against the heuristic,
    the mean reward the env pays (+1 won, -1 lost, ``cutoff_result`` = -1 to each seat for a
    cut-off). In the social conflict the stalling GM holds the heuristic crew to fewer wins
    than the heuristic GM does, yet every scene it stalls to the limit is its loss too."""
    from scenegym.evaluation.baselines import baselines

    rows = baselines([env_id], 400, 5, {}, batch=64, agents=["random", "constant", "stall"])
    for seat in ("crew", "gm"):
        returns = {r["player"]: r["heuristic"][f"{seat}_return"] for r in rows
                   if r["seat"] == seat}
        assert "stall" in returns
        assert returns["stall"] < max(returns.values())
        o = next(r["heuristic"] for r in rows if r["seat"] == seat and r["player"] == "stall")
        crew = (o["crew_wins"] - o["gm_wins"] - o["cut_offs"]) / o["scenes"]
        assert (o["crew_return"], o["gm_return"]) == pytest.approx(
            (crew, crew - 2 * (o["crew_wins"] - o["gm_wins"]) / o["scenes"]))


def test_search_none_leaves_the_search_out_and_a_bad_search_is_refused(capsys):
    """``--search none`` (the default: a search costs a thousand-fold a heuristic's
    decision) leaves the search rows and columns out."""
    assert main(["baselines", SOCIAL, "--scenes", "20", "--batch", "4", "--seed", "2",
                 "--players", "constant", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["search"] is None
    assert all("search" not in r and "search_gain" not in r for r in data["rows"])
    assert [r["player"] for r in data["rows"]] == ["constant", "heuristic"] * 2
    assert main(["baselines", SOCIAL, "--search", "mcts:sims=0"]) == 2
    assert "sims must be an integer of at least 1" in capsys.readouterr().err
    assert main(["baselines", SOCIAL, "--search", "heuristic"]) == 2
    assert "--search is 'heuristic'" in capsys.readouterr().err
