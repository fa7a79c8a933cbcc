"""``scenegym serve``: a table in the browser, and the reports of a folder.

Open the address it prints: pick an env id, your seat, the opponent (an agent or a policy
file), a seed and config fields or a scenario, and play the scene by clicking the legal
actions, as ``scenegym play`` plays it in the terminal (the same table: the seat's view,
the actions by name, undo by replaying from the seed, the transcript saved with its replay
command). Each scene has its own address, so two tabs play two scenes. With ``--folder``,
the front page lists the HTML pages of the reports, sweeps and tunings in that folder and
opens them. It listens on 127.0.0.1 (this machine only) unless ``--host`` says otherwise;
Ctrl-C stops it. Needs Flask: ``pip install "scenegym[serve]"``.
"""

from __future__ import annotations

import argparse
import socket
from pathlib import Path

from scenegym.common import options
from scenegym.common.text import summary

MOST_PORT = 65535


def add_parser(sub) -> None:
    """Add ``scenegym serve``."""
    p = sub.add_parser("serve", help="play scenes in the browser, and open a folder's reports",
                       description=summary(__doc__))
    options.add(p, "host", "port", "folder")
    p.set_defaults(run=run)


def check_folder(folder: Path | None) -> None:
    """Refuse a ``--folder`` that is missing or is not a folder."""
    if folder is not None and not folder.is_dir():
        what = "is not a folder" if folder.exists() else "does not exist"
        raise ValueError(f"--folder {str(folder)!r} {what}; give a folder of reports or sweeps")


def check_address(host: str, port: int) -> None:
    """Refuse, before serving, a port out of range or an address that cannot be listened on
    (in use, or not this machine's): werkzeug would print several lines and exit instead.

    Raises:
        ValueError: The message names the address and why.
    """
    if not 1 <= port <= MOST_PORT:
        raise ValueError(f"--port is {port}; allowed: 1..{MOST_PORT}")
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    try:
        with socket.socket(family, socket.SOCK_STREAM) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as werkzeug does
            probe.bind((host, port))
    except OSError as err:
        reason = err.strerror or str(err)
        raise ValueError(f"--host {host} --port {port}: {reason.lower()}; choose a free port "
                         "(or an address of this machine)") from None


def run(args: argparse.Namespace) -> int:
    """Serve until Ctrl-C (exit status 130); a bad folder or a port in use is refused before
    serving."""
    check_folder(args.folder)
    from werkzeug.serving import make_server

    from scenegym.evaluation.webtable import create_app

    check_address(args.host, args.port)
    app = create_app(args.folder)
    server = make_server(args.host, args.port, app, threaded=True)
    print(f"scenegym serve: open http://{args.host}:{server.server_port}/ (Ctrl-C stops)",
          flush=True)
    server.serve_forever()  # werkzeug's ends (quietly) only on Ctrl-C, and closes the server
    raise KeyboardInterrupt  # end as every command ends on Ctrl-C: one line, exit status 130
