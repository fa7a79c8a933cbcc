"""The options of every command, each defined once: one vocabulary for the whole ``scenegym``.

Every option (its flag, type, metavar, help text and default) is one :class:`Option` in
:data:`OPTIONS`, and a command adds it to its parser with :func:`add`
(``add(p, "seed", "batch", out={"files": "playtest.json"})``). A command may choose an
option's default, whether it is required, and whether it takes several values; it may not
change its flag, destination, type, metavar or help: one meaning, one name, one help text
(``tests/common/test_options.py`` walks every parser and holds the commands to it).

The vocabulary:

- ``TARGET``: the first argument, a ruleset name or an env id, either form wherever a
  command takes one (:func:`ruleset_of`, :func:`env_id_of`, :func:`env_ids_of`); ``TARGET
  ...`` where a command takes several.
- ``--set FIELD=VALUE``: a config field, repeatable, everywhere a command takes config fields.
- ``--batch N``: envs stepped together.
- ``--crew AGENT`` and ``--gm AGENT``: agents by seat; ``--opponent AGENT``: the agent in the
  seat a learner (or you, in ``play``) does not play; ``--players NAMES``: the agents that play
  both seats of a table or a league.
- ``--out FOLDER``: always a folder, created if missing; each command's help names the files
  it writes there.
- ``--seed``: the seed of the run.

Help shows each option's default once: :class:`HelpFormatter` adds ``(default: X)`` unless the
help text states the default already.
"""

from __future__ import annotations

import argparse
import re
from dataclasses import dataclass, field
from pathlib import Path

from scenegym.envs.core.gm_rewards import GM_REWARDS
from scenegym.envs.core.seeds import seed_problem
from scenegym.envs.rulesets import env_ids, get_ruleset, ruleset_names

SEATS = ("crew", "gm")
# what a user can get wrong, each error naming it: one line, not a traceback (cli, serve)
REFUSED = (ValueError, TypeError, FileNotFoundError, FileExistsError, NotADirectoryError,
           IsADirectoryError, PermissionError)
CHANGEABLE = frozenset({"default", "required", "nargs", "action"})  # per command, per use


@dataclass(frozen=True)
class Option:
    """One option of the vocabulary.

    Args:
        key: Its name in :data:`OPTIONS`.
        flag: ``--flag``, or the metavar of a positional argument (``TARGET``).
        help: The help text; ``{rulesets}`` and ``{env_ids}`` are filled in when a parser is
            built, and ``{files}`` by the command (only ``--out``: the files it writes).
        kwargs: The rest of ``add_argument``: ``dest``, ``type``, ``metavar``, ``default``...
    """

    key: str
    flag: str
    help: str
    kwargs: dict = field(default_factory=dict)

    @property
    def positional(self) -> bool:
        return not self.flag.startswith("-")

    @property
    def dest(self) -> str:
        return self.kwargs.get("dest", self.key)


OPTIONS: dict[str, Option] = {}
DEPRECATED: dict[str, str] = {}  # an old flag kept for one release -> the option it stands for


def option(key: str, flag: str, help: str, **kwargs) -> Option:
    """Define an option (once: a second definition of a key or a flag is refused)."""
    if key in OPTIONS or any(o.flag == flag for o in OPTIONS.values()):
        raise ValueError(f"option {key!r} ({flag}) is defined twice")
    OPTIONS[key] = Option(key, flag, help, kwargs)
    return OPTIONS[key]


# -- types ------------------------------------------------------------------------------------
def int_list(text: str) -> list[int]:
    """``64,64`` -> ``[64, 64]``: positive layer sizes."""
    try:
        sizes = [int(x) for x in text.split(",") if x]
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected comma-separated integers, got {text!r}")
    if not sizes or min(sizes) < 1:
        raise argparse.ArgumentTypeError(f"expected positive layer sizes, got {text!r}")
    return sizes


def names(text: str) -> list[str]:
    """``random,heuristic`` -> ``["random", "heuristic"]``."""
    found = [x.strip() for x in text.split(",") if x.strip()]
    if not found:
        raise argparse.ArgumentTypeError(f"expected comma-separated agent names, got {text!r}")
    return found


def seed(text: str) -> int:
    """A seed: an integer from 0 to 2**64-1 (:func:`scenegym.envs.core.seeds.check_seed`)."""
    try:
        value = int(text)
    except ValueError:
        value = text
    problem = seed_problem(value)
    if problem is not None:
        raise argparse.ArgumentTypeError(problem)
    return value


def positive(text: str) -> int:
    """An integer of at least 1."""
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be a positive integer, got {text}")
    return value


# -- the first argument -----------------------------------------------------------------------
option("target", "TARGET",
       "a ruleset ({rulesets}) or an env id ({env_ids}), either form wherever a command takes "
       "one; TARGET ...: several (none: every env id)", metavar="TARGET")
option("run_dir", "RUN", "a run folder of train or selfplay (its model.zip), or an SB3 .zip",
       metavar="RUN")

# -- the run: scenes, seed, batch, config ------------------------------------------------------
option("seed", "--seed",
       "seed of the run, 0 to 2**64-1: the same seed plays the same scenes; none: fresh entropy",
       type=seed, default=None)
option("scenes", "--scenes",
       "scenes to play (per arm, point, cell or agent where a command plays several; solve: 0 "
       "plays none)",
       type=int, metavar="N")
option("batch", "--batch", "envs stepped together (bench: one measurement per size)",
       type=int, metavar="N")
option("set", "--set",
       "change a config field of the ruleset, as gym.make(ID, FIELD=VALUE) does (repeatable; "
       "applied last), e.g. --set max_moves=20 --set clock_by_situation=(4,4,4)",
       action="append", default=[], metavar="FIELD=VALUE")
option("variant", "--variant",
       "a named variant of the ruleset's rules (repeatable; frontiers: fixed-momentum, two-ap, "
       "...); variants: the ones to compare, none: every variant",
       action="append", default=[], metavar="NAME")
option("scenario", "--scenario",
       "a scenario file (TOML or JSON) or a shipped scenario's name (sta: personal, social, "
       "boarding; frontiers: ambush), as --set scenario=PATH; the variants and --set apply on "
       "top (report: of every arm that names none)", default=None, metavar="PATH")

# -- agents -----------------------------------------------------------------------------------
_AGENT = ("random, constant, stall, heuristic, heuristic-STYLE (momentum: heuristic-director, "
          "heuristic-adversarial), another agent of the ruleset (starforged: optimal) or a policy "
          "file (.onnx or .zip; a .zip is played from its weights alone, nothing in it runs)")
option("crew", "--crew",
       f"the crew's agent: {_AGENT}; baselines: a policy file to add as a crew row "
       "(repeatable); play: under --watch", metavar="AGENT")
option("gm", "--gm",
       f"the GM's agent: {_AGENT}; baselines: a policy file to add as a GM row (repeatable); "
       "play: under --watch", metavar="AGENT")
option("agents", "--agents",
       "instead of --crew and --gm: a pairing to play every arm under (repeatable, e.g. "
       "--agents heuristic --agents mcts:sims=200): one agent for both seats, or CREW/GM; each "
       "difference is shown per pairing, and one whose sign or significance changes between "
       "pairings is flagged", action="append", default=[], metavar="AGENT|CREW/GM")
option("opponent", "--opponent",
       f"the agent in the seat the learner (play: you) does not play: {_AGENT}",
       metavar="AGENT", default="heuristic")
option("seat", "--seat", "the seat the learner (play: you) plays", choices=SEATS,
       default="crew")
option("players", "--players",
       "the agents that play both seats, comma-separated, e.g. random,heuristic (none: random, "
       "heuristic and each other agent of the ruleset, such as optimal; baselines adds "
       "constant and stall, and always the heuristic, the reference)",
       type=names, default=None, metavar="NAMES")

# -- output -----------------------------------------------------------------------------------
option("out", "--out", "folder to write in, created if missing: {files}", type=Path,
       metavar="FOLDER")
option("json", "--json", "print one JSON object instead of the text", action="store_true")
option("no_plots", "--no-plots", "write no PNG plots (nor put them in the HTML page)",
       action="store_true")

# -- where the work runs ----------------------------------------------------------------------
option("ray", "--ray",
       "play as Ray tasks on a local Ray, one per CPU: a sweep's cells, or a run's scenes in "
       '--workers ranges (pip install "scenegym[ray]")',
       action="store_true")
option("workers", "--workers",
       "processes the scenes are split over, the same figures whatever their number "
       "(default: every core, or SCENEGYM_WORKERS; one for a short run)",
       default=None, metavar="N")  # checked by scenegym.common.workers.check_workers
option("address", "--address",
       "run on the Ray cluster at ADDR instead of a local Ray (implies --ray where a command "
       "has it)", default=None, metavar="ADDR")

# -- one command's own ------------------------------------------------------------------------
option("arm", "--arm", "one playtest arm: NAME=crew=AGENT,gm=AGENT,FIELD=VALUE,... (repeatable)",
       action="append", metavar="NAME=SPEC")
option("field", "--field", "config field to sweep (give twice for a grid)", action="append",
       metavar="NAME")
option("values", "--values", "the field's values (Python literals or text), after each --field",
       action="append", nargs="+", metavar="VALUE")
option("decisions", "--decisions",
       "decisions in all, shared over ids, variants and pairings", type=int, metavar="N")
option("seconds", "--seconds", "time box of each measurement, in seconds", type=float,
       metavar="S")
option("first_step", "--first-step",
       "instead: seconds from a new process to its first step, cold and warm kernel cache "
       "(scenegym.evaluation.first_step)", action="store_true")
option("breakdown", "--breakdown",
       "also: each pass of a decision (pick, apply, legal, observe) timed alone, per id and "
       "batch (scenegym.evaluation.breakdown)", action="store_true")
option("env", "--env", "instead of --scene: env id I of a batch (a vector env's row, a soak's), "
       "with --episode", type=int, default=None, metavar="I")
option("episode", "--episode", "with --env: its episode K (0..{max_scene}; default 0)", type=int,
       default=None, metavar="K")
option("scene", "--scene", "scene J of a playtest, report, sweep or baselines run (episode 0 of "
       "env id J, whatever the batch)", type=int, default=None, metavar="J")
option("benchmark", "--benchmark",
       "instead: play the benchmark tasks (scenegym.envs.benchmarks) by their protocol and "
       "compare them with the recorded figures (TARGET: their env ids; none: every task); "
       "exit status 1 when a row differs", action="store_true")
option("write", "--write", "with --benchmark: record the measured figures as the reference "
       "(a maintainer's step, into the package's envs/benchmarks.json; the trained rows: "
       "examples/train_benchmark.py --write)", action="store_true")
option("policies", "--policies", "with --benchmark: a folder of trained policies, "
       "<task>/model.zip each (as examples/train_benchmark.py trains them), played beside the "
       "recorded trained rows; each is checked against its task (env id, seat, config "
       "digest) before the first scene", type=Path, default=None, metavar="FOLDER")
option("aims", "--goal", "STAT=VALUE[:WEIGHT]: the statistic to bring to VALUE "
       "(crew_win_rate, mean_decisions, mean_lead_changes, mean_final_margin); repeat for "
       "several, weighted", action="append", metavar="STAT=VALUE[:WEIGHT]")
option("range", "--range", "LO:HI, the values of --field to search", metavar="LO:HI")
option("tolerance", "--tolerance", "a real field's bracket width at which bisection stops",
       type=float, default=0.01)
option("evaluations", "--evaluations", "most steps of the golden-section search (several "
       "targets)", type=int, default=12)
option("search", "--search",
       "baselines: a search agent (mcts:sims=100,...) as a row of each seat and every row's "
       "third opponent, with its search gain (none: left out; it plays about 100 decisions/s "
       "on the slower rulesets at sims=100, so keep --scenes small)", default="none",
       metavar="MCTS")
option("agent_seed", "--agent-seed", "seed of random agents (none: the run's seed)", type=seed,
       default=None)
option("watch", "--watch",
       "let agents play both seats (--crew and --gm) at a readable pace, instead of you",
       action="store_true")
option("delay", "--delay", "seconds between decisions under --watch", type=float, default=1.0,
       metavar="S")

option("host", "--host", "the address to listen on (127.0.0.1: this machine only; 0.0.0.0: "
       "every network the machine is on, with no password: only on a network you trust)",
       default="127.0.0.1", metavar="ADDR")
option("port", "--port", "the port to listen on, 1..65535", type=int, default=8000,
       metavar="N")
option("folder", "--folder", "a folder whose reports, sweeps and tunings (their HTML pages, "
       "in it or below) the app lists and opens (none: none listed)", type=Path, default=None,
       metavar="DIR")

# -- training ---------------------------------------------------------------------------------
option("steps", "--steps", "env steps to train (bench-train: per measurement)", type=positive,
       metavar="N")
option("algo", "--algo", "maskable_ppo or plain ppo (illegal actions lose the scene)",
       choices=("maskable_ppo", "ppo"), default="maskable_ppo")
option("n_steps", "--n-steps", "rollout steps per env", type=positive, default=128, metavar="N")
option("minibatch", "--minibatch", "PPO minibatch size, in env steps", type=positive,
       default=256, metavar="N")
option("n_epochs", "--n-epochs", "PPO epochs per rollout (rllib: per iteration)", type=positive,
       default=10, metavar="N")
option("net", "--net", "hidden layers, e.g. 64,64", type=int_list, default=[64, 64],
       metavar="SIZES")
option("lr", "--lr", "learning rate", type=float, default=3e-4)
option("eval_scenes", "--eval-scenes",
       "scenes of each evaluation match (train, selfplay: the final policy against each "
       "opponent; rllib: each seat, before and after)", type=positive, default=2000,
       metavar="N")
option("threads", "--threads", "torch threads", type=positive, default=1, metavar="N")
option("gm_reward", "--gm-reward", "the GM's reward (none: the ruleset's, as in gym.make)",
       choices=GM_REWARDS, default=None)
option("resume", "--resume",
       "continue from the last checkpoint (keeps the run's settings but --steps)",
       action="store_true")
option("checkpoint_every", "--checkpoint-every", "checkpoint interval in env steps",
       type=positive, default=50_000, metavar="N")
option("rounds", "--rounds", "crew+GM training rounds (required unless --league-only)",
       type=positive, default=None, metavar="N")
option("steps_per_round", "--steps-per-round",
       "env steps per seat per round (required unless --league-only)", type=positive,
       default=None, metavar="N")
option("league_scenes", "--league-scenes", "scenes per pairing in the league", type=positive,
       default=200, metavar="N")
option("league_only", "--league-only",
       "train nothing: play the league of the snapshots already in --out", action="store_true")
option("iterations", "--iterations", "PPO training iterations", type=int, default=20,
       metavar="N")
option("steps_per_iteration", "--steps-per-iteration", "env steps sampled per iteration",
       type=int, default=4000, metavar="N")
option("env_runners", "--env-runners", "sampling processes (0: sample in this process)",
       type=int, default=1, metavar="N")

# -- kept for one release ---------------------------------------------------------------------
DEPRECATED["--config"] = "set"


# -- building parsers -------------------------------------------------------------------------
def add(parser, *keys: str, **changed: dict) -> None:
    """Add the options ``keys`` to ``parser``, then those of ``changed``, each with its
    changes (``default``, ``required``, ``nargs``, ``action``; for ``--out``, ``files``;
    for ``--scene``, ``max_scene``)."""
    for key in keys:
        add_one(parser, key)
    for key, changes in changed.items():
        add_one(parser, key, **changes)


def add_one(parser, key: str, **changes):
    """Add one option to ``parser``; returns its action (marked with ``.option``)."""
    opt = OPTIONS[key]
    fills = {k: changes.pop(k) for k in ("files", "max_scene") if k in changes}
    if set(changes) - CHANGEABLE:
        raise TypeError(f"option {key!r}: a command may change only "
                        f"{', '.join(sorted(CHANGEABLE))}, not {sorted(set(changes) - CHANGEABLE)}")
    kwargs = {**opt.kwargs, **changes}
    if changes.get("action") == "append" and "default" not in changes:
        kwargs["default"] = []
    kwargs["help"] = opt.help.format(rulesets=", ".join(ruleset_names()),
                                     env_ids=", ".join(env_ids()), **fills)
    if opt.positional:
        kwargs.pop("dest", None)
        action = parser.add_argument(opt.dest, **kwargs)
    else:
        kwargs.setdefault("dest", opt.dest)
        action = parser.add_argument(opt.flag, **kwargs)
    action.option = opt
    return action


class DeprecatedAlias(argparse.Action):
    """An old flag kept for one release: appends to the option it stands for, and notes its
    use in ``namespace.deprecated`` (the command prints one line for it)."""

    def __call__(self, parser, namespace, values, option_string=None):
        items = list(getattr(namespace, self.dest, None) or [])
        setattr(namespace, self.dest, items + [values])
        used = list(getattr(namespace, "deprecated", None) or [])
        if option_string not in used:
            setattr(namespace, "deprecated", used + [option_string])


def add_deprecated(parser, flag: str):
    """Add the old ``flag`` (hidden from help) as an alias of the option it stands for."""
    opt = OPTIONS[DEPRECATED[flag]]
    action = parser.add_argument(flag, dest=opt.dest, action=DeprecatedAlias,
                                 metavar=opt.kwargs.get("metavar"), help=argparse.SUPPRESS)
    action.deprecated_alias_of = opt
    return action


def deprecation_lines(args) -> list[str]:
    """One line per deprecated flag the command line used."""
    return [f"{flag} is deprecated and goes in the next release; use "
            f"{OPTIONS[DEPRECATED[flag]].flag} instead (same meaning)"
            for flag in getattr(args, "deprecated", None) or []]


def shown_default(action) -> str | None:
    """An action's default as help shows it, or None when there is none worth showing."""
    default = action.default
    if (default is None or default is argparse.SUPPRESS or isinstance(default, bool)
            or getattr(action, "required", False) or default == []
            or (not action.option_strings and action.nargs not in ("?", "*"))):
        return None
    if isinstance(default, (list, tuple)):
        return (" " if action.nargs in ("+", "*") else ",").join(map(str, default))
    return str(default)


def states_default(help_text: str, shown: str) -> bool:
    """True when ``help_text`` already states a default (``default``, or ``(VALUE``)."""
    return ("default" in help_text.lower()
            or re.search(r"\(" + re.escape(shown) + r"(?![\w.])", help_text) is not None)


class HelpFormatter(argparse.ArgumentDefaultsHelpFormatter):
    """Adds ``(default: X)`` to an option's help once: not when the help states it already,
    nor for defaults that say nothing (none, off, an empty list)."""

    def _get_help_string(self, action):
        text = action.help or ""
        shown = shown_default(action)
        if shown is None or "%(default)" in text or states_default(text, shown):
            return text
        return f"{text} (default: {shown.replace('%', '%%')})"


class CommandParser(argparse.ArgumentParser):
    """A command's parser: its help shows every default once (:class:`HelpFormatter`), and a
    flag is taken only as spelt in full (no abbreviation: ``--opponent`` is not
    ``--opponent-dice``, and an old flag is not read as the prefix of a new one)."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("formatter_class", HelpFormatter)
        kwargs.setdefault("allow_abbrev", False)
        super().__init__(*args, **kwargs)


# -- what TARGET names ------------------------------------------------------------------------
def unknown_target(target: str) -> str:
    return (f"unknown ruleset or env id {target!r}; rulesets: {', '.join(ruleset_names())}; "
            f"env ids: {', '.join(env_ids())}")


def ruleset_of(target: str) -> str:
    """The ruleset a TARGET names: a ruleset name itself, an env id the ruleset it belongs to.

    Raises:
        ValueError: Neither (the message lists both).
    """
    if target in ruleset_names():
        return target
    for name in ruleset_names():
        if any(e.id == target for e in get_ruleset(name).env_ids):
            return name
    raise ValueError(unknown_target(target))


def env_ids_of(target: str) -> list[str]:
    """The env ids a TARGET names: an env id itself, a ruleset each of its ids."""
    if target in env_ids():
        return [target]
    if target in ruleset_names():
        return [e.id for e in get_ruleset(target).env_ids]
    raise ValueError(unknown_target(target))


def env_id_of(target: str) -> str:
    """The one env id a TARGET names (a ruleset with several ids is refused: name one)."""
    ids = env_ids_of(target)
    if len(ids) != 1:
        raise ValueError(f"ruleset {target!r} has {len(ids)} env ids"
                         f"{': ' + ', '.join(ids) if ids else ''}; give one of them")
    return ids[0]


def all_env_ids(targets) -> list[str]:
    """The env ids of several TARGETs, each once, in order; none: every env id."""
    ids = [i for t in targets for i in env_ids_of(t)]
    return list(dict.fromkeys(ids)) or env_ids()


def check_at_least(flag: str, value, low) -> None:
    """Refuse ``value`` below ``low``, naming ``flag``."""
    if value is not None and value < low:
        raise ValueError(f"{flag} is {value}; allowed: {low} or more")
