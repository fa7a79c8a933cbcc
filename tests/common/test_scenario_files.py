"""Scenario files a user gets wrong (envs/core/content.py, issue 26 item 7).

"a folder is reported as 'no such file'; a binary file gives a raw UnicodeDecodeError without
naming the file; an empty file runs the default config without a word (say so)": each is
now one line naming the file, through every command that takes ``--scenario``.
"""

import warnings

import pytest

from scenegym.cli import main
from scenegym.envs.notice import SceneGymWarning
from scenegym.envs.rulesets import get_ruleset


def refusal(argv, capsys) -> str:
    code = main(argv)
    err = capsys.readouterr().err.strip()
    assert code == 2 and len(err.splitlines()) == 1, err
    return err


@pytest.mark.parametrize("ruleset", ["sta", "frontiers"])
def test_a_folder_is_refused_as_a_folder_not_as_missing(ruleset, tmp_path, capsys):
    folder = tmp_path / "scenes.toml"
    folder.mkdir()
    for path in (tmp_path, folder):
        err = refusal(["playtest", ruleset, "--scenes", "2", "--scenario", str(path)], capsys)
        assert f"content file {path}: is a folder; give a TOML or JSON file" in err, err


@pytest.mark.parametrize("ruleset", ["sta", "frontiers"])
def test_a_binary_file_is_refused_naming_the_file(ruleset, tmp_path, capsys):
    binary = tmp_path / "scene.toml"
    binary.write_bytes(bytes([0xBF, 0x00, 0xFF, 0x10]))
    err = refusal(["playtest", ruleset, "--scenes", "2", "--scenario", str(binary)], capsys)
    assert f"content file {binary}: is not a text file" in err and "Unicode" not in err, err


@pytest.mark.parametrize("text", ["", "# only a comment\n"])
def test_an_empty_file_plays_the_default_config_and_says_so(text, tmp_path, capsys):
    empty = tmp_path / "scene.toml"
    empty.write_text(text)
    assert main(["playtest", "sta", "--scenes", "2", "--batch", "2", "--seed", "1",
                 "--scenario", str(empty)]) == 0
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"scenegym playtest: warning: content file {empty} sets nothing (it is "
                   "empty): the default config plays"]


def test_through_the_api_an_empty_file_is_a_scenegym_warning(tmp_path):
    empty = tmp_path / "scene.json"
    empty.write_text("{}")
    sta = get_ruleset("sta")
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        assert sta.load_scenario(empty) == sta.config_type()
    assert [w.category for w in seen] == [SceneGymWarning]
