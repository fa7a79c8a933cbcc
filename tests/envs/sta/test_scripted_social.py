"""``tests/scripted.py`` names the state fields of the ``sta_social`` ruleset id.

``sta_social`` is the ``sta`` rules under the social conflict's defaults: its state module is
``scenegym.envs.sta.state``, found from where its rules live, not from its name (there is no
``scenegym.envs.sta_social`` package).
"""

from __future__ import annotations

from scripted import scripted_scene, state_module

from scenegym.envs.rulesets import get_ruleset
from scenegym.envs.sta import state as st


def test_the_state_module_of_sta_social_is_the_sta_rules_state():
    assert state_module(get_ruleset("sta_social")) is st


def test_a_scripted_social_scene_reads_and_writes_fields_by_name():
    s = scripted_scene("sta_social", state={"threat": 5})
    assert s.get("threat") == 5 == int(s.state[st.THREAT])
    s.set(momentum=3, lies=(2, 1))  # a sequence fills consecutive columns: characters 0, 1
    assert int(s.state[st.MOMENTUM]) == 3 == s.get("momentum")
    assert [int(v) for v in s.state[st.LIES: st.LIES + 2]] == [2, 1]
    assert s.get("lies", 1) == 1
    s.state[st.HOSTILE] = 1  # written through the array, read by name
    assert s.fields("hostile", "social_step") == {"hostile": 1,
                                                  "social_step": int(s.state[st.SOCIAL_STEP])}
