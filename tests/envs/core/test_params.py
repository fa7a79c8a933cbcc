"""Kernel params: every config field by name, numbers kept as they are, the rest refused."""

from dataclasses import dataclass

import numpy as np
import pytest
from numba import njit

from scenegym.envs.core.config import RulesetConfig, choice, not_a_param
from scenegym.envs.core.params import as_record, make_params
from scenegym.envs.momentum.config import MomentumConfig
from scenegym.envs.momentum.config import kernel_params as momentum_params
from scenegym.envs.starforged.config import StarforgedConfig
from scenegym.envs.starforged.config import kernel_params as starforged_params

MODES = ("calm", "tense", "wild")


@dataclass(frozen=True)
class ToyConfig(RulesetConfig):
    sides: int = 6
    odds: float = 0.1
    table: tuple = ((1.5, 2.0, 2.5), (3.0, 3.5, 4.0))
    counts: tuple = (1, 2, 3)
    loud: bool = True
    mode: str = choice(MODES, "wild")
    rows: tuple = not_a_param(((1, "calm"), (6, "wild")))

    def __post_init__(self):
        self.check_choices()


@njit(cache=True)
def read_back(params, i, j):
    """What a kernel reads of the toy params: (odds, table[i, j], counts[i], sides, mode)."""
    p = params[0]
    return p.odds, p.table[i, j], p.counts[i], p.sides, p.mode, p.loud


def toy_params(**fields):
    return make_params(ToyConfig(**fields), faces=tuple(range(1, 7)))


def test_fields_are_params_by_name_and_choices_are_indices():
    p = toy_params()
    assert p._fields == ("sides", "odds", "table", "counts", "loud", "mode", "faces")
    assert p.mode == MODES.index("wild") and p.faces == (1, 2, 3, 4, 5, 6)


def test_record_types_and_shapes():
    rec = as_record(toy_params())
    kinds = {name: (rec.dtype[name].base, rec.dtype[name].shape) for name in rec.dtype.names}
    assert kinds == {"sides": (np.int64, ()), "odds": (np.float64, ()),
                     "table": (np.float64, (2, 3)), "counts": (np.int64, (3,)),
                     "loud": (np.int64, ()), "mode": (np.int64, ()), "faces": (np.int64, (6,))}


@pytest.mark.parametrize("i, j", [(0, 0), (0, 2), (1, 1)])
def test_a_compiled_kernel_reads_floats_and_tables_intact(i, j):
    config = ToyConfig(odds=0.1, loud=False)
    odds, cell, count, sides, mode, loud = read_back(as_record(make_params(config)), i, j)
    assert odds == 0.1  # float64 bits kept: not truncated to an int
    assert cell == config.table[i][j] and count == config.counts[i]
    assert (sides, mode, loud) == (6, 2, 0)


@pytest.mark.parametrize("value, error, words", [
    ("d6", TypeError, "is or holds 'd6' (str)"),
    (None, TypeError, "is or holds None"),
    ((1, "x"), TypeError, "is or holds 'x'"),
    ((1, 2.5), TypeError, "mixes float, int values"),
    ((True, 2), TypeError, "mixes bool, int values"),
    ((), ValueError, "empty tuple"),
    (((1, 2), ()), ValueError, "empty tuple"),
    (((1, 2), (3,)), ValueError, "ragged tuple"),
    (((1, 2), 3), ValueError, "ragged tuple"),
    (2**63, ValueError, "beyond int64"),
    (np.zeros(2), TypeError, "(ndarray)"),
    ((np.zeros(2), np.zeros(2)), TypeError, "(ndarray)"),
])
def test_what_a_record_cannot_hold_is_refused_by_name(value, error, words):
    with pytest.raises(error, match=r"kernel param 'bad' .*allowed: an int, a float") as caught:
        make_params(ToyConfig(), bad=value)
    assert words in str(caught.value)


def test_a_computed_param_may_not_repeat_a_field():
    with pytest.raises(ValueError, match=r"computed kernel params \['sides'\] have the names"):
        make_params(ToyConfig(), sides=8)


def test_a_choice_outside_its_values_is_refused():
    with pytest.raises(ValueError, match="'mode' is 'mild'; allowed: 'calm', 'tense', 'wild'"):
        ToyConfig(mode="mild")


def test_one_layout_one_params_type():
    """numba compiles per namedtuple type: every config of a ruleset shares one."""
    assert type(toy_params()) is type(toy_params(sides=8, mode="calm"))
    assert type(starforged_params(StarforgedConfig())) is type(
        starforged_params(StarforgedConfig(oracle_rows=((100, "harm"),))))


@pytest.mark.parametrize("config, params, not_params", [
    (StarforgedConfig(), starforged_params, {"oracle_rows"}),
    (MomentumConfig(), momentum_params, set()),
])
def test_every_ruleset_field_is_a_param_of_its_name(config, params, not_params):
    p = params(config)
    names = set(config.field_names()) - not_params
    assert names <= set(p._fields)
    assert all(getattr(p, name) == getattr(config, name) for name in names
               if isinstance(getattr(config, name), (int, tuple)))
