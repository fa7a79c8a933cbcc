"""The costs of a Costly Success that reach past the roll: lasting complications.

Sources: the Momentum rules text (no published source was found; see
``docs/rules/momentum.md``), "How Social Structured Scenes Work": "Every Costly Success is a
concession that matters." and the treaty example: "that is how Costly Success carries into
the long arc."; this project's GM side (``docs/rules/momentum.md``, "Costs of a Costly
Success"): "a lasting complication weighs on every later scene of the mission".
"""

import pytest

from scenegym.envs.momentum import state as st

COMPLICATION = st.A_COST + st.COST_COMPLICATION


def mission(config, scenes=3, start=2, **fields):
    """One PC against one NPC, one round per scene, ``scenes`` scenes in one act."""
    return config(pcs=1, npcs=1, episode="mission", acts=1, scenes_per_act=scenes,
                  max_rounds=1, start=start, **fields)


def test_a_complication_weighs_on_every_later_scene_of_the_mission(scene, config, rolls):
    """docs/rules/momentum.md: "A lasting complication weighs on every later scene of the
    mission: each lowers the starting Momentum of every later scene by 1
    [complication_momentum]" (not only the next scene's)."""
    s = scene(mission(config), dice=rolls.COSTLY + rolls.SUCCESS * 5)
    s.auto(st.COST)
    s.play(COMPLICATION)
    s.auto(st.SPEND, story_scene=1)
    assert s.fields("carried", "start") == {"carried": 1, "start": 1}
    s.auto(st.SPEND, story_scene=2)
    assert s.fields("carried", "start") == {"carried": 1, "start": 1}


def test_complications_of_several_scenes_add_up(scene, config, rolls):
    """docs/rules/momentum.md: "complications of several scenes add up": two complications
    cost every later scene 2 x ``complication_momentum``."""
    dice = rolls.COSTLY + rolls.SUCCESS + rolls.SUCCESS + rolls.COSTLY + rolls.SUCCESS * 2
    s = scene(mission(config, start=3), dice=dice)
    s.auto(st.COST)
    s.play(COMPLICATION)
    s.auto(st.COST, story_scene=1)
    assert s.get("start") == 2
    s.play(COMPLICATION)
    s.auto(st.SPEND, story_scene=2)
    assert s.fields("carried", "start") == {"carried": 2, "start": 1}


@pytest.mark.parametrize("episode", ["scene", "mission"])
def test_no_complication_is_offered_when_no_later_scene_follows(scene, config, rolls, episode):
    """Seed: "Every Costly Success is a concession that matters." A complication that could
    land in no later scene would cost nothing: by default [complication_last_scene =
    "withheld"] it is not offered in a single-scene episode nor in a mission's last scene."""
    s = scene(mission(config, scenes=1) if episode == "mission" else config(pcs=1, npcs=1,
                                                                             start=2),
              dice=rolls.COSTLY)
    s.auto(st.COST)
    assert COMPLICATION not in s.legal()
    assert st.A_COST + st.COST_RISK in s.legal()


def test_a_complication_is_offered_while_a_later_scene_follows(scene, config, rolls):
    """docs/rules/momentum.md: "A lasting complication weighs on every later scene of the
    mission": in a mission's first scene of two, a later scene can feel it, so it is offered."""
    s = scene(mission(config, scenes=2), dice=rolls.COSTLY)
    s.auto(st.COST)
    assert COMPLICATION in s.legal()


def test_last_scene_complication_can_cost_momentum_at_once(scene, config, rolls):
    """docs/rules/momentum.md: "with `complication_last_scene="momentum"` it lands in this
    scene instead, -1 Momentum at once" (here complication_momentum=2)."""
    s = scene(config(pcs=1, npcs=1, start=3, complication_last_scene="momentum",
                     complication_momentum=2), dice=rolls.COSTLY)
    s.auto(st.COST)
    s.play(COMPLICATION)
    assert s.fields("momentum", "complications") == {"momentum": 1, "complications": 1}


def test_a_narrative_scene_complication_lowers_the_next_start_and_its_initiative(scene,
                                                                                config):
    """docs/rules/momentum.md: in a purely narrative social scene Momentum never moves, but a
    later scene's starting Momentum still decides who leads it: a complication stays open
    and the next scene starts at 1 of Full 4, so the GM's side leads it."""
    cfg = config(kind="social", pcs=1, npcs=1, episode="mission", acts=1, scenes_per_act=2,
                 max_rounds=1, start=2, social_mode="narrative")
    tie, win = [5, 2, 2, 2, 2] + [5, 2, 2, 2, 2], [5, 2, 2, 2, 2] + [2, 2, 2, 2, 2]
    s = scene(cfg, dice=tie + win + win)  # the PC's exchange, the NPC's, the next scene's
    s.auto(st.COST)
    s.play(COMPLICATION)
    s.auto(st.SPEND, story_scene=1)
    assert (s.get("start"), s.leaders()[-1]) == (1, st.GM_SIDE)
