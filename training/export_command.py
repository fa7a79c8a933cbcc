"""``scenegym export RUN``: write a trained policy (masking included) to ONNX, as ``policy.onnx``.

The parser; the export is :func:`scenegym.training.export.export_onnx` (torch and onnx, the
``train`` extra).
"""

from __future__ import annotations

from pathlib import Path

from scenegym.common import options
from scenegym.common.text import summary
from scenegym.training.train_command import EXTRA

ONNX_FILE = "policy.onnx"  # what --out holds


def add_parser(sub) -> None:
    """Add ``scenegym export``."""
    p = sub.add_parser("export", help="write a trained policy (masking included) to ONNX",
                       description=summary(__doc__), epilog=EXTRA)
    options.add(p, "run_dir", out={"default": None,
                                   "files": f"{ONNX_FILE} (none: the run folder, or the "
                                            "folder of the .zip)"})
    p.set_defaults(run=run, needs=("torch", "onnx"))  # the train extra: refused without it


def onnx_file(args) -> Path:
    """Where the ONNX file goes: ``--out``/policy.onnx, by default beside the model."""
    run = Path(args.run_dir)
    folder = args.out if args.out is not None else run if run.is_dir() else run.parent
    return Path(folder) / ONNX_FILE


def run(args) -> int:
    """Export and say where."""
    from scenegym.training.export import export_onnx

    path = export_onnx(args.run_dir, onnx_file(args))
    print(f"wrote {path}")
    return 0
