"""mkdocs hooks: the generated pages of the site (``hooks: [docs/hooks.py]`` in mkdocs.yml).

- One page per registered env id, ``envs/<name>.md``, with its action and observation tables
  generated from the ruleset's declared layout under the id's default config
  (``get_ruleset(name).layout_of(config)``: the names and scales ``observation.py``
  declares), and the id's spec (its class docstring) around them. Nothing of these tables is
  written by hand: a new slot or action appears on the next build.
- ``envs/index.md``: every id with its sizes.
- ``contributing.md`` and ``changelog.md``: the top-level ``CONTRIBUTING.md`` and
  ``CHANGELOG.md``, as they are.
- ``benchmarks.md``: the benchmark tasks and their recorded reference figures, from the
  table a program reads (:mod:`scenegym.envs.benchmarks`).

The nav entry ``Environments`` of mkdocs.yml is filled with the generated pages, so the
registry is the only list of ids. Importing scenegym compiles nothing, so a build is quick.
"""

from __future__ import annotations

import inspect
import re
from pathlib import Path

from mkdocs.structure.files import File

ROOT = Path(__file__).resolve().parent.parent
TOP_LEVEL_PAGES = {"contributing.md": "CONTRIBUTING.md", "changelog.md": "CHANGELOG.md"}
ENV_SECTION = "Environments"
SIZE_SECTIONS = ("Action space", "Observation space")  # generated; the spec's prose kept
ROLE = re.compile(r":(?:mod|class|data|func|meth|attr|obj):`~?([^`]+)`")


def env_pages() -> list[dict]:
    """What each registered id's page says: its id, ruleset, classes, layout and spec."""
    import gymnasium as gym

    import scenegym  # noqa: F401  (registers the ids)
    from scenegym.envs.gym_env import env_config
    from scenegym.envs.registration import GENERIC_ENV, GENERIC_VECTOR_ENV
    from scenegym.envs.rulesets import env_ids, load

    pages = []
    for env_id in env_ids():
        ruleset, config = env_config(env_id)
        spec = gym.spec(env_id)
        entry = spec.entry_point if isinstance(spec.entry_point, str) else GENERIC_ENV
        vector = (spec.vector_entry_point if isinstance(spec.vector_entry_point, str)
                  else GENERIC_VECTOR_ENV)
        kwargs = next(e.kwargs for e in ruleset.env_ids if e.id == env_id)
        pages.append({
            "id": env_id,
            "path": f"envs/{page_name(env_id)}.md",
            "ruleset": ruleset.name,
            "entry_point": entry,
            "vector_entry_point": vector,
            "kwargs": dict(kwargs),
            "layout": ruleset.layout_of(config),
            "doc": inspect.cleandoc(load(entry).__doc__ or ""),
            "agents": sorted(ruleset.agents),
            "default_gm_reward": ruleset.default_gm_reward,
        })
    return pages


def page_name(env_id: str) -> str:
    """``scenegym/StarforgedSceneChallenge-v1`` -> ``StarforgedSceneChallenge-v1``; an id of
    another namespace keeps it (``other/Game-v1`` -> ``other-Game-v1``)."""
    namespace, _, name = env_id.rpartition("/")
    return name if namespace in ("", "scenegym") else f"{namespace}-{name}"


def rules_page(ruleset: str) -> str | None:
    """The rules page of a ruleset (``sta_social`` shares ``sta``'s), relative to envs/."""
    for name in (ruleset, ruleset.split("_")[0]):
        if (ROOT / "docs" / "rules" / f"{name}.md").exists():
            return f"../rules/{name}.md"
    return None


def markdown(text: str) -> str:
    """A docstring's text as markdown: Sphinx roles become code spans."""
    return ROLE.sub(r"`\1`", text)


def spec_sections(doc: str) -> tuple[str, dict[str, str]]:
    """A spec's summary line and its ``## Heading`` sections, in order."""
    summary, _, rest = doc.partition("\n")
    sections: dict[str, str] = {}
    heading = None
    for line in rest.splitlines():
        if line.startswith("## "):
            heading = line[3:].strip()
            sections[heading] = ""
        elif heading is not None:
            sections[heading] += line + "\n"
    return summary.strip(), {k: v.strip("\n") for k, v in sections.items()}


def prose(text: str) -> str:
    """A size section's words without its hand-written table (the generated one replaces it)."""
    kept = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("|"))
    return re.sub(r"\n{3,}", "\n\n", kept).strip("\n")


def cell(text) -> str:
    return str(text).replace("|", "\\|")


def scale_text(scale: float) -> str:
    return f"{scale:g}"


def action_space(layout) -> str:
    return f"Discrete({layout.num_actions})"


def observation_space(layout) -> str:
    return (f"Box({layout.observation_low:g}, {layout.observation_high:g}, "
            f"({layout.obs_size},), float32)")


def env_page(page: dict) -> str:
    """The markdown of one env id's page."""
    layout = page["layout"]
    summary, sections = spec_sections(page["doc"])
    rules = rules_page(page["ruleset"])
    kwargs = ", ".join(f"`{k}={v!r}`" for k, v in page["kwargs"].items()) or "none"
    lines = [
        f"# {page['id']}", "",
        markdown(summary), "",
        "| | |", "|---|---|",
        f"| ruleset | `{page['ruleset']}`" + (f" ([rules]({rules}))" if rules else "") + " |",
        f"| single env | `{page['entry_point']}` |",
        f"| native vector env | `{page['vector_entry_point']}` |",
        f"| the id's own keyword arguments | {kwargs} |",
        f"| action space | `{action_space(layout)}` |",
        f"| observation space | `{observation_space(layout)}` |",
        "| agents (`opponent=`, `--crew`, `--gm`) | "
        + ", ".join(f"`{a}`" for a in ["random", "constant", "stall", *page["agents"]]) + " |",
        f"| GM reward by default | `{page['default_gm_reward']}` |",
        "",
        "```python",
        "import gymnasium as gym",
        "import scenegym  # registers the ids",
        "",
        f'env = gym.make("{page["id"]}", seat="crew", opponent="heuristic")',
        "obs, info = env.reset(seed=0)",
        f"assert env.action_space.n == {layout.num_actions}",
        f"assert env.observation_space.shape == ({layout.obs_size},)",
        "```", "",
        "The sections below are the env class's docstring, its spec; the action and "
        "observation tables are generated from the ruleset's declared layout under this id's "
        "default config (`get_ruleset(name).layout_of(config)`) when the site is built (a "
        "config field that changes the sizes changes them).",
        "",
    ]
    for heading, text in sections.items():
        if heading == "Action space":
            lines += action_table(layout, text)
        elif heading == "Observation space":
            lines += observation_table(layout, text)
        else:
            lines += [f"## {heading}", "", markdown(text), ""]
    if "Action space" not in sections:
        lines += action_table(layout, "")
    if "Observation space" not in sections:
        lines += observation_table(layout, "")
    return "\n".join(lines)


def spec_table(text: str) -> str:
    """The hand-written table of a size section (the spec's grouping by decision and seat)."""
    return "\n".join(line for line in text.splitlines() if line.lstrip().startswith("|"))


def action_table(layout, spec_text: str) -> list[str]:
    lines = ["## Action space", ""]
    if spec_text:
        lines += [markdown(prose(spec_text)), ""]
    grouped = spec_table(spec_text)
    if grouped:
        lines += ['??? note "The spec\'s own table: the ids by decision and seat"', ""]
        lines += ["    " + line for line in markdown(grouped).splitlines()] + [""]
    lines += [f"Every action of `{action_space(layout)}` by id, with the name the layout "
              "gives it (the legal ones of the pending decision: `info[\"action_mask\"]`, "
              "`env.unwrapped.action_masks()`):", "",
              "| id | name |", "|---:|---|"]
    lines += [f"| {k} | {cell(name)} |" for k, name in enumerate(layout.action_names)]
    return lines + [""]


def observation_table(layout, spec_text: str) -> list[str]:
    scales = layout.observation_scales
    lines = ["## Observation space", ""]
    if spec_text:
        lines += [markdown(prose(spec_text)), ""]
    intro = (f"Every slot of `{observation_space(layout)}` by index, with the name the layout "
             "declares.")
    if not scales:
        lines += [intro + " This ruleset declares its slots' names only, not their scales: what "
                  "each value means (a flag, a one-hot, or a count divided by a fixed number) is "
                  "said in the spec's words above.", "", "| slot | name |", "|---:|---|"]
        lines += [f"| {k} | `{name}` |" for k, name in enumerate(layout.observation_names)]
        return lines + [""]
    lines += [intro + " Each slot holds a quantity of the game divided by its scale: the "
              "quantity is the value times the scale. Scale 1 marks a slot written as it is (a "
              "flag, a one-hot or a share).", "",
              "| slot | name | scale | the quantity |", "|---:|---|---:|---|"]
    for k, name in enumerate(layout.observation_names):
        if scales[k] == 1.0:
            scale, means = "1", "the value as it is"
        else:
            scale, means = scale_text(scales[k]), f"value × {scale_text(scales[k])}"
        lines.append(f"| {k} | `{name}` | {scale} | {means} |")
    return lines + [""]


def index_page(pages: list[dict]) -> str:
    lines = ["# Environments", "",
             "Every registered Gymnasium id, one page each, generated from the registry "
             "(`scenegym.envs.rulesets.env_ids()`) and each ruleset's declared layout when the "
             "site is built. Sizes are those of the id's default config.", "",
             "| id | ruleset | actions | observation | what it is |", "|---|---|---:|---:|---|"]
    for page in pages:
        summary, _ = spec_sections(page["doc"])
        layout = page["layout"]
        lines.append(f"| [`{page['id']}`]({page['path'].removeprefix('envs/')}) | "
                     f"`{page['ruleset']}` | {layout.num_actions} | {layout.obs_size} | "
                     f"{cell(markdown(summary))} |")
    return "\n".join(lines) + "\n"


def benchmarks_page() -> str:
    """The benchmark tasks' page: each task's protocol and its recorded reference rows."""
    from scenegym.envs.benchmarks import TASKS, recorded, trained

    table, learned = recorded(), trained()
    lines = ["# Benchmark tasks", "",
             "The tasks a paper can pin, generated from the table a program reads "
             "(`scenegym.envs.benchmarks.TASKS`, its figures in `envs/benchmarks.json`), "
             f"recorded on commit `{table['commit']}`. Each task names an env id, the seat a "
             "method plays, the opponent in the other seat and the protocol: the scenes of one "
             "seed (scene `j` is episode 0 of env id `j`, whatever the batch), the crew's win "
             "rate with its 95% Wilson interval (the crew seat wants it high, the GM seat low; "
             "a method in the GM seat is rewarded with `gm_reward=\"adversarial\"`). A cut-off "
             "by the rules' own limit is neither seat's win. Reproduce every row (exit status 1 "
             "if one differs):", "", "```bash", "scenegym baselines --benchmark", "```", "",
             *trained_intro()]
    for task in TASKS:
        exact = "" if task.exact is None else f" Exact crew win probability: {task.exact:.4f}."
        lines += [f"## {task.name}", "",
                  f"`{task.env_id}`, seat **{task.seat}** against `{task.opponent}`, "
                  f"{task.scenes:,} scenes of seed {task.seed}.{exact} {task.why_sentence}".rstrip(),
                  "",
                  "| agent | crew win rate [95% CI] | cut off |", "|---|---|---|"]
        for agent, row in table["tasks"].get(task.name, {}).items():
            lo, hi = row["crew_win_ci"]
            lines.append(f"| {agent} | {row['crew_win_rate']:.4f} [{lo:.4f}, {hi:.4f}] | "
                         f"{row['cut_off']:.4f} |")
        lines += trained_task_lines(learned.get(task.name))
        lines.append("")
    return "\n".join(lines)


def trained_intro() -> list[str]:
    """How the trained rows were made and are reproduced (their budgets are small)."""
    from scenegym.envs.benchmarks import BUDGET

    return ["The **trained** row of each task is a policy `scenegym train` (MaskablePPO) made "
            f"for the task's seat against its opponent at a small budget ({BUDGET.steps:,} env "
            f"steps, seed {BUDGET.seed}, at most a few CPU minutes): a floor for a learner, "
            "not a ceiling. Its train command, budget and commit stand under each table. "
            "Train them all again (resumable: a finished policy is kept, an interrupted run "
            "continues), then re-evaluate them by the protocol:", "", "```bash",
            "python examples/train_benchmark.py --policies POLICIES",
            "scenegym baselines --benchmark --policies POLICIES", "```", ""]


def trained_task_lines(row: dict | None) -> list[str]:
    """The trained row of one task's table and, under the table, how it was trained."""
    if row is None:
        return []
    lo, hi = row["crew_win_ci"]
    return [f"| trained | {row['crew_win_rate']:.4f} [{lo:.4f}, {hi:.4f}] | "
            f"{row['cut_off']:.4f} |", "",
            f"Trained: `{row['train_command']}` ({row['budget']['steps']:,} steps, "
            f"{row['train_cpu_minutes']} CPU minutes at load {row['load']}, commit "
            f"`{row['commit']}`); evaluated: `{row['eval_command']}`."]


_PAGES: list[dict] = []


def on_config(config, **kwargs):
    """Fill the nav's ``Environments`` entry with every id's page."""
    _PAGES[:] = env_pages()
    entries = [{"Overview": "envs/index.md"}] + [{p["id"].rpartition("/")[2]: p["path"]}
                                                  for p in _PAGES]
    for item in config["nav"] or []:
        if isinstance(item, dict) and ENV_SECTION in item:
            item[ENV_SECTION] = entries
    return config


def on_files(files, config, **kwargs):
    """Add the generated pages to the site's files."""
    generated = {"envs/index.md": index_page(_PAGES), "benchmarks.md": benchmarks_page()}
    generated.update({p["path"]: env_page(p) for p in _PAGES})
    for uri, top in TOP_LEVEL_PAGES.items():
        generated[uri] = (ROOT / top).read_text(encoding="utf-8")
    for uri, content in generated.items():
        if files.get_file_from_path(uri) is not None:
            files.remove(files.get_file_from_path(uri))
        files.append(File.generated(config, uri, content=content))
    return files
