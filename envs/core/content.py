"""Content as data files a designer edits: reading them and saying exactly what is wrong.

A ruleset's content loader (:mod:`scenegym.envs.frontiers.content`,
:mod:`scenegym.envs.sta.scenario`) reads a TOML (``.toml``) or JSON (``.json``) file with
:func:`read`, checks each table's keys with :func:`check_keys`, and reports a bad value as a
:class:`ContentError` naming the file, the field (as the file spells it), the value and what
is allowed. Files shipped inside the package are found by name with :func:`shipped_file`.
"""

from __future__ import annotations

import json
import tomllib
from dataclasses import fields
from importlib import resources
from pathlib import Path

from scenegym.envs.notice import notice

SUFFIXES = (".toml", ".json")
A_FOLDER = "is a folder; give a TOML or JSON file"


class ContentError(ValueError):
    """A content file that cannot be used: the message names the file and what is wrong."""

    def __init__(self, path, message: str):
        super().__init__(f"content file {path}: {message}")


def read(path) -> dict:
    """The file's top-level table (TOML or JSON by its suffix).

    An empty file (or one of comments only) is read as setting nothing, with a
    :class:`~scenegym.envs.notice.SceneGymWarning` saying so.

    Raises:
        ContentError: The suffix is neither, the path is a folder, the file is not text, or
            the text does not parse (with the parser's line and column).
        FileNotFoundError: There is no such file.
    """
    path = Path(path)
    if path.suffix not in SUFFIXES:
        raise ContentError(path, f"suffix {path.suffix!r}; allowed: {', '.join(SUFFIXES)}")
    if path.is_dir():
        raise ContentError(path, A_FOLDER)
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as err:
        raise ContentError(path, f"is not a text file (byte {err.start} is not UTF-8); give a "
                                 "TOML or JSON file") from None
    try:
        data = tomllib.loads(text) if path.suffix == ".toml" else json.loads(text)
    except (tomllib.TOMLDecodeError, json.JSONDecodeError) as err:
        raise ContentError(path, f"not valid {path.suffix[1:].upper()}: {err}") from None
    if not isinstance(data, dict):
        raise ContentError(path, "the file must hold one table (a JSON object) at the top")
    if not data:
        notice(f"content file {path} sets nothing (it is empty): the default config plays")
    return data


def frozen(value):
    """Lists (at any depth) as tuples, as frozen configs want them."""
    if isinstance(value, list):
        return tuple(frozen(v) for v in value)
    return value


def check_keys(path, where: str, table, allowed, required=()) -> dict:
    """``table`` must be a table whose keys are among ``allowed`` and include ``required``.

    Returns:
        ``table`` itself, checked.
    """
    if not isinstance(table, dict):
        raise ContentError(path, f"{where} is {table!r}; allowed: a table with fields "
                                 f"{', '.join(allowed)}")
    unknown = sorted(set(table) - set(allowed))
    if unknown:
        raise ContentError(path, f"{where} has unknown field(s) {unknown}; allowed: "
                                 f"{', '.join(allowed)}")
    missing = [key for key in required if key not in table]
    if missing:
        raise ContentError(path, f"{where} lacks field(s) {missing}; required: "
                                 f"{', '.join(required)}")
    return table


def check_rows(path, where: str, rows) -> list:
    """``rows`` must be a list of tables (``[[where]]`` in TOML)."""
    if not isinstance(rows, list) or not all(isinstance(r, dict) for r in rows):
        raise ContentError(path, f"{where} must be a list of tables ([[{where}]] in TOML), "
                                 f"got {rows!r}")
    return rows


def build_rows(path, part: str, rows, kind: type) -> tuple:
    """The ``kind`` dataclass values of a list of tables, each table's keys its fields."""
    allowed = [f.name for f in fields(kind)]
    out = []
    for k, row in enumerate(check_rows(path, part, rows)):
        check_keys(path, f"{part}[{k}]", row, allowed)
        try:
            out.append(kind(**{key: frozen(v) for key, v in row.items()}))
        except TypeError as err:
            raise ContentError(path, f"{part}[{k}]: {err}") from None
    return tuple(out)


def refused(path, err: Exception, rename=None) -> ContentError:
    """A config's own refusal (``config field 'x' is 7; allowed: 0..6``) as a refusal of the
    file; ``rename`` (text -> text) spells its field names as the file does."""
    message = str(err).replace("config field ", "field ", 1)
    return ContentError(path, message if rename is None else rename(message))


def shipped_file(package: str, folder: str, name: str) -> Path | None:
    """The file ``folder/name.toml`` (or ``.json``) shipped inside ``package``, or ``None``."""
    base = resources.files(package) / folder
    for suffix in SUFFIXES:
        candidate = base / f"{name}{suffix}"
        if candidate.is_file():
            return Path(str(candidate))
    return None


def shipped_names(package: str, folder: str) -> list[str]:
    """The names of the content files shipped in ``package/folder``."""
    base = resources.files(package) / folder
    if not base.is_dir():
        return []
    return sorted(Path(p.name).stem for p in base.iterdir() if Path(p.name).suffix in SUFFIXES)


def find(path_or_name, package: str, folder: str) -> Path:
    """A content file by path, or by the name of a file shipped in ``package/folder``.

    Raises:
        ContentError: The path is a folder.
        FileNotFoundError: Neither exists (the message lists the shipped names).
    """
    path = Path(path_or_name)
    if path.is_file():
        return path
    if path.is_dir():
        raise ContentError(path, A_FOLDER)
    found = shipped_file(package, folder, str(path_or_name)) if path.suffix == "" else None
    if found is not None:
        return found
    names = ", ".join(shipped_names(package, folder)) or "none"
    raise FileNotFoundError(f"content file {path_or_name}: no such file, nor a shipped one "
                            f"of that name; shipped: {names}")
