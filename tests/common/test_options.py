"""One vocabulary for every command (common/options.py): one flag per meaning, one meaning per
flag, one help text per option, each default shown once in ``--help``."""

import argparse
import re
import subprocess
import sys

import pytest

from scenegym.cli import COMMAND_MODULES, build_parser
from scenegym.common import options
from scenegym.common.options import OPTIONS

# A flag a ruleset's odds module (envs/<game>/odds.py, outside this vocabulary) gives another
# meaning than the vocabulary's: known, to be renamed there. The test below fails once it is
# gone, so that this list does not outlive the clash.
KNOWN_CLASHES: dict = {}  # (command path, flag) -> why it may differ; none today


def walk(parser, path=()):
    """``(command path, parser)`` of ``parser`` and every subparser under it (each once:
    an alias, such as an odds ruleset's env id, names the same parser)."""
    yield path, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            seen = set()
            for name, sub in action.choices.items():
                if id(sub) not in seen:
                    seen.add(id(sub))
                    yield from walk(sub, path + (name,))


def leaves():
    """Every command's own parser (``odds RULESET`` for odds), by its path."""
    return [(" ".join(path), p) for path, p in walk(build_parser())
            if path and not any(isinstance(a, argparse._SubParsersAction) for a in p._actions)]


def arguments(parser):
    """The parser's actions a user gives (help and subcommand choices left out)."""
    return [a for a in parser._actions
            if not isinstance(a, (argparse._HelpAction, argparse._SubParsersAction))]


def flag_of(action) -> str:
    return action.option_strings[0] if action.option_strings else action.metavar


FILLED = ("files", "max_scene")  # the parts of a help text a command fills (--out: its files)


def help_shape(action) -> str:
    """An option's help text; for one with parts a command fills (``--out``: the files it
    writes), its template, once the text is checked to be that template filled in."""
    template = action.option.help
    if not any("{" + part + "}" in template for part in FILLED):
        return action.help
    hole = "\x00"
    filled = template.format(rulesets=", ".join(options.ruleset_names()),
                             env_ids=", ".join(options.env_ids()), **dict.fromkeys(FILLED, hole))
    assert re.fullmatch(re.escape(filled).replace(re.escape(hole), ".+"), action.help, re.S), (
        flag_of(action), action.help)
    return template


def meaning(action) -> tuple:
    """What an option means: its flags, destination, type, metavar, choices and help text."""
    return (tuple(action.option_strings) or (action.metavar,), action.dest, action.type,
            action.metavar, tuple(action.choices or ()), help_shape(action))


def test_every_command_is_walked():
    commands = {path for path, _ in leaves()}
    for name in ("playtest", "bench", "replay", "report", "variants", "sweep", "soak", "solve",
                 "baselines", "play", "serve", "train", "selfplay", "export", "bench-train",
                 "odds momentum", "odds sta", "odds starforged"):
        assert name in commands, name
    assert len(COMMAND_MODULES) == len({p.split()[0] for p in commands})


def test_every_argument_is_built_from_the_options_module():
    """Each argument of each command is an option of common/options.py, a deprecated alias
    it lists, or (odds only) a roll option of the ruleset's own odds module."""
    for path, parser in leaves():
        for action in arguments(parser):
            if getattr(action, "ruleset_local", False):
                assert path.startswith("odds "), (path, flag_of(action))
            elif hasattr(action, "deprecated_alias_of"):
                assert options.DEPRECATED[flag_of(action)] == action.deprecated_alias_of.key
                assert action.help == argparse.SUPPRESS  # hidden: help names one flag
            else:
                opt = getattr(action, "option", None)
                assert opt is not None and OPTIONS[opt.key] is opt, (path, flag_of(action))


def test_one_meaning_has_one_flag_and_one_flag_has_one_meaning():
    """Across every command: an option is the same flag, destination, type, metavar and help
    text wherever it appears (only its default, whether it is required and how many values
    it takes may differ); no two options share a flag or a destination; a ruleset's own roll
    option takes no flag of the vocabulary."""
    meanings: dict = {}  # option key -> {meaning: [commands]}
    flags: dict = {}  # flag -> {option key}
    dests: dict = {}  # dest -> {option key}
    local: dict = {}  # (command, flag) of a ruleset's own roll option
    for path, parser in leaves():
        for action in arguments(parser):
            if hasattr(action, "deprecated_alias_of"):
                continue
            if getattr(action, "ruleset_local", False):
                local[path, flag_of(action)] = action
                continue
            opt = action.option
            meanings.setdefault(opt.key, {}).setdefault(meaning(action), []).append(path)
            flags.setdefault(flag_of(action), set()).add(opt.key)
            dests.setdefault(action.dest, set()).add(opt.key)
    twice = {key: list(m.values()) for key, m in meanings.items() if len(m) > 1}
    assert not twice, f"an option with two meanings (help, type, ...): {twice}"
    assert all(len(keys) == 1 for keys in flags.values()), flags
    assert all(len(keys) == 1 for keys in dests.values()), dests
    clashes = {where for where in local if where[1] in flags}
    assert clashes == set(KNOWN_CLASHES), clashes


def test_the_options_module_defines_each_flag_and_destination_once():
    """Also the options of the scripts (rllib_selfplay, aec_example) that need an extra to
    build their parser here."""
    assert len({o.flag for o in OPTIONS.values()}) == len(OPTIONS)
    assert len({o.dest for o in OPTIONS.values()}) == len(OPTIONS)
    for old, key in options.DEPRECATED.items():
        assert old not in {o.flag for o in OPTIONS.values()} and key in OPTIONS


def test_every_option_is_used_somewhere():
    used = {a.option.key for _, p in leaves() for a in arguments(p) if hasattr(a, "option")}
    scripts = {"iterations", "steps_per_iteration", "lr", "env_runners"}  # rllib_selfplay
    assert set(OPTIONS) - used == scripts


def test_a_command_may_change_only_the_default_required_and_how_many():
    parser = argparse.ArgumentParser()
    with pytest.raises(TypeError, match="may change only"):
        options.add(parser, seed={"help": "another seed"})


# -- each default shown once ------------------------------------------------------------------
def default_statements(text: str, shown: str | None) -> int:
    """How often a help text states a default: ``default`` or a ``(VALUE`` of it."""
    count = text.lower().count("default")
    if shown is not None:
        count += len(re.findall(r"\(" + re.escape(shown) + r"(?![\w.])", text))
    return count


@pytest.mark.parametrize("path", [path for path, _ in leaves()])
def test_help_shows_each_default_once(path):
    parser = dict(leaves())[path]
    formatter = parser._get_formatter()
    for action in parser._actions:
        if action.help in (None, argparse.SUPPRESS) or isinstance(action, argparse._HelpAction):
            continue
        text = formatter._expand_help(action)
        shown = options.shown_default(action)
        stated = default_statements(text, shown)
        if shown is None:
            assert stated <= 1, (path, flag_of(action), text)
        else:
            assert stated == 1, (path, flag_of(action), text)
    assert "(default: None)" not in parser.format_help()


def test_the_seed_is_one_option_with_one_help_text():
    helps = {a.help for _, p in leaves() for a in p._actions if "--seed" in a.option_strings}
    assert helps == {"seed of the run, 0 to 2**64-1: the same seed plays the same scenes; none: "
                     "fresh entropy"}


def test_the_formatter_adds_a_default_only_where_the_help_has_none():
    parser = options.CommandParser(prog="x")
    parser.add_argument("--a", type=int, default=5, help="five things")
    parser.add_argument("--b", type=int, default=5, help="five things (5)")
    parser.add_argument("--c", type=int, default=5, help="five (default: five)")
    parser.add_argument("--d", type=int, nargs="+", default=[1, 2], help="sizes")
    text = " ".join(parser.format_help().split())
    assert "five things (default: 5)" in text and "five things (5) --c" in text
    assert "five (default: five) --d" in text and "sizes (default: 1 2)" in text


# -- what TARGET names ------------------------------------------------------------------------
def test_a_target_is_a_ruleset_or_an_env_id_either_way():
    assert options.ruleset_of("starforged") == "starforged"
    assert options.ruleset_of("scenegym/StarforgedSceneChallenge-v1") == "starforged"
    assert options.env_id_of("starforged") == "scenegym/StarforgedSceneChallenge-v1"
    assert options.env_id_of("scenegym/MomentumScene-v1") == "scenegym/MomentumScene-v1"
    assert options.all_env_ids(["momentum", "scenegym/MomentumScene-v1"]) == [
        "scenegym/MomentumScene-v1"]
    assert options.all_env_ids([]) == options.env_ids()
    with pytest.raises(ValueError, match="unknown ruleset or env id 'chess'; rulesets: .*"
                                         "starforged; env ids: .*StarforgedSceneChallenge"):
        options.env_id_of("chess")


# -- the deprecated --config of play ----------------------------------------------------------
def test_play_config_still_works_for_one_release_and_says_so():
    code = ("import sys\n"
            "from scenegym.cli import main\n"
            "sys.exit(main(['play', 'starforged', '--watch', '--delay', '0', '--seed', '1',\n"
            "               '--config', 'max_moves=3']))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=300, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    lines = [line for line in done.stderr.splitlines() if "deprecated" in line]
    assert lines == ["scenegym play: --config is deprecated and goes in the next release; "
                     "use --set instead (same meaning)"]
    assert "seed 1: watching" in done.stdout


def test_config_and_set_give_the_same_fields():
    parser = build_parser()
    old = parser.parse_args(["play", "starforged", "--config", "max_moves=3", "--set", "a=1"])
    assert old.set == ["max_moves=3", "a=1"] and old.deprecated == ["--config"]
    assert not hasattr(parser.parse_args(["play", "x", "--set", "a=1"]), "deprecated")


def test_a_flag_counts_only_as_spelt_in_full(capsys):
    """No abbreviations: ``--opponent`` (an agent) is not read as the prefix of ``odds
    momentum --opponent-dice``, nor ``--mini`` as ``--minibatch``."""
    for argv in (["odds", "momentum", "--pool", "3", "--risk", "2", "--opponent", "2"],
                 ["train", "momentum", "--out", "r", "--steps", "64", "--mini", "8"]):
        with pytest.raises(SystemExit) as stop:
            build_parser().parse_args(argv)
        assert stop.value.code == 2 and "unrecognized arguments" in capsys.readouterr().err
    assert build_parser().parse_args(["odds", "momentum", "--pool", "3", "--risk", "2",
                                      "--opponent-dice", "2"]).opponent_dice == 2
