"""The ``scenegym`` command itself (cli.py): version, help, missing extras."""

import subprocess
import sys

import pytest
from clirun import assert_refused
from clirun import scenegym as run_scenegym

import scenegym
from scenegym.cli import build_parser, given_options


def test_version_names_the_package_version():
    done = run_scenegym("--version")
    assert done.returncode == 0 and done.stdout.strip() == f"scenegym {scenegym.__version__}"


def test_python_dash_m_scenegym_is_the_command():
    """``python -m scenegym`` runs the same command as the ``scenegym`` script: its version,
    and a refusal as one line with exit status 2."""
    done = subprocess.run([sys.executable, "-m", "scenegym", "--version"], capture_output=True,
                          text=True, timeout=60, check=False)
    assert done.returncode == 0 and done.stdout.strip() == f"scenegym {scenegym.__version__}"
    refused = subprocess.run([sys.executable, "-m", "scenegym", "playtest", "chess",
                              "--scenes", "1"], capture_output=True, text=True, timeout=60,
                             check=False)
    assert_refused(refused, "chess")


@pytest.mark.parametrize("command", ["playtest", "report", "replay", "bench", "train", "selfplay"])
def test_every_commands_help_shows_the_defaults(command, capsys):
    """(export has no option with a default; a required option shows none, not None.)"""
    with pytest.raises(SystemExit):
        build_parser().parse_args([command, "--help"])
    assert "(default:" in capsys.readouterr().out


def test_given_options_are_the_ones_on_the_command_line_not_the_defaults():
    argv = ["train", "scenegym/MomentumScene-v1", "--steps", "5", "--out", "x", "--seat", "crew"]
    assert given_options(argv) == {"target", "steps", "out", "seat"}


@pytest.mark.parametrize(("module", "argv", "extra"), [
    ("torch", ["export", "run", "--out", "p"], "train"),
    ("stable_baselines3", ["train", "scenegym/MomentumScene-v1", "--steps", "64", "--out", "r"],
     "train"),
    ("matplotlib", ["report", "starforged", "--scenes", "10", "--arm", "a=crew=random",
                    "--out", "rep"], "report"),
    ("flask", ["serve", "--port", "1"], "serve"),
])
def test_a_missing_extra_names_the_pip_install_that_adds_it(module, argv, extra, tmp_path):
    """Installed without the extra, the module cannot be found (here: a finder that says
    so first)."""
    code = ("import sys\n"
            "class NotInstalled:\n"
            "    def find_spec(self, name, path=None, target=None):\n"
            f"        if name.split('.')[0] == {module!r}:\n"
            "            raise ModuleNotFoundError(f'No module named {name!r}', name=name)\n"
            "sys.meta_path.insert(0, NotInstalled())\n"
            "from scenegym.cli import main\n"
            f"sys.exit(main({argv!r}))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=tmp_path, timeout=120, check=False)
    assert_refused(done, module, f'pip install "scenegym[{extra}]"')
    assert not (tmp_path / "rep").exists()  # refused before any scene or file


NO_MODULE = "import sys\nsys.modules[{name!r}] = None  # as if not installed\n"


@pytest.mark.parametrize("command", ["odds", "playtest", "bench", "replay", "report", "variants",
                                     "sweep", "soak", "solve", "baselines", "play", "serve",
                                     "train",
                                     "selfplay", "export", "bench-train"])
def test_every_commands_help_builds_without_the_extras(command):
    """Every parser builds without torch, matplotlib or ray: ``--help`` works (exit 0), but a
    command that cannot run without an extra (the training commands: torch) refuses, its help
    included, with the pip install line and exit status 2."""
    code = (NO_MODULE.format(name="torch") + NO_MODULE.format(name="matplotlib")
            + NO_MODULE.format(name="ray") + "from scenegym.cli import main\n"
            f"sys.exit(main([{command!r}, '--help']))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120, check=False)
    if command in ("train", "selfplay", "export", "bench-train"):
        assert_refused(done, "torch", 'pip install "scenegym[train]"')
        return
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr[-2000:]
    assert done.stdout.startswith(f"usage: scenegym {command}")


@pytest.mark.parametrize(("script", "module", "extra"), [
    ("scenegym.training.rllib_selfplay", "ray", "ray"),
    ("scenegym.training.aec_example", "torch", "train"),
])
@pytest.mark.parametrize("argv", [["--help"], ["scenegym/MomentumScene-v1", "--out", "r"]])
def test_a_script_without_its_extra_prints_the_pip_line_even_for_help(script, module, extra,
                                                                      argv, tmp_path):
    """The script's module cannot load without the extra, its parser with it: one line with
    the pip install, exit status 2, no traceback."""
    code = (NO_MODULE.format(name=module) + "import runpy\n"
            f"sys.argv = [{script!r}, *{argv!r}]\n"
            f"runpy.run_module({script!r}, run_name='__main__', alter_sys=True)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=tmp_path, timeout=120, check=False)
    line = assert_refused(done, module, f'pip install "scenegym[{extra}]"')
    assert line.startswith(f"python -m {script}: error:")
    assert not (tmp_path / "r").exists()


EVERY_HELP = """
import contextlib, io, sys
from scenegym.cli import _parser_and_commands, main
from scenegym.envs.rulesets import odds_options
commands = [[], *([name] for name in _parser_and_commands()[1].choices),
            *(["odds", name] for name in odds_options())]
for argv in commands:
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        try:
            main([*argv, "--help"])
        except SystemExit:
            pass
    print(" ".join(["scenegym", *argv, "--help"]), "numba" in sys.modules)
"""


def test_every_commands_help_imports_no_numba():
    """Issue 25, item 6: "``import scenegym`` and ``scenegym --help`` without importing
    numba's compiler where nothing is compiled (lazy)": ``scenegym --help``, every
    command's ``--help`` and each ruleset's ``odds`` help, one after the other in one fresh
    process, leave numba unloaded (a command's run loads it, not its parser)."""
    done = subprocess.run([sys.executable, "-c", EVERY_HELP], capture_output=True, text=True,
                          check=True, timeout=120)
    lines = done.stdout.strip().splitlines()
    assert len(lines) >= 1 + 17 + 4  # scenegym --help, every command, every ruleset's odds
    assert "scenegym soak --help False" in lines and "scenegym odds sta --help False" in lines
    assert [line for line in lines if not line.endswith(" False")] == []
