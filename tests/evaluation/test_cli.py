"""The ``scenegym`` command itself (evaluation/cli.py): version, help, missing extras."""

import subprocess
import sys

import pytest
from clirun import assert_refused
from clirun import scenegym as run_scenegym

import scenegym
from scenegym.evaluation.cli import build_parser, given_options


def test_version_names_the_package_version():
    done = run_scenegym("--version")
    assert done.returncode == 0 and done.stdout.strip() == f"scenegym {scenegym.__version__}"


@pytest.mark.parametrize("command", ["playtest", "report", "replay", "bench", "train", "export"])
def test_every_commands_help_shows_the_defaults(command, capsys):
    with pytest.raises(SystemExit):
        build_parser().parse_args([command, "--help"])
    assert "(default:" in capsys.readouterr().out


def test_given_options_are_the_ones_on_the_command_line_not_the_defaults():
    argv = ["train", "scenegym/MomentumScene-v0", "--steps", "5", "--out", "x", "--seat", "crew"]
    assert given_options(argv) == {"env_id", "steps", "out", "seat"}


@pytest.mark.parametrize(("module", "argv", "extra"), [
    ("torch", ["export", "run", "--onnx", "p.onnx"], "train"),
    ("stable_baselines3", ["train", "scenegym/MomentumScene-v0", "--steps", "64", "--out", "r"],
     "train"),
    ("matplotlib", ["report", "starforged", "--scenes", "10", "--arm", "a=crew=random",
                    "--out", "rep"], "report"),
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
            "from scenegym.evaluation.cli import main\n"
            f"sys.exit(main({argv!r}))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=tmp_path, timeout=120, check=False)
    assert_refused(done, module, f'pip install "scenegym[{extra}]"')
    assert not (tmp_path / "rep").exists()  # refused before any scene or file
