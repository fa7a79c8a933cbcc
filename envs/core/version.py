"""The package's version, at the bottom layer: the root package and the engine's saved
states (:mod:`scenegym.envs.core.snapshot`) both read it."""

__version__ = "0.2.0"
