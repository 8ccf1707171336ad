"""The `web` command: the practice table, conventions and reports in a browser."""
from __future__ import annotations

import sys
from pathlib import Path

from bidding.model.errors import BridgeError
from bidding.interfaces.commands.arguments import seed
from bidding.interfaces.commands.options import add_directory_option
from bidding.interfaces.players import conventions_dir

LOOPBACK = ("127.0.0.1", "localhost", "::1")


def register(subparsers) -> None:
    """Add `web [--port N] [--host ADDRESS] [--reports DIR]...`."""
    web = subparsers.add_parser(
        "web", help="the practice table, conventions and reports in a browser",
        description="Serve the web table on this computer (loopback unless --host says "
                    "otherwise) and print its address.")
    web.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    web.add_argument("--host", default="127.0.0.1",
                     help="address to listen on (default 127.0.0.1: this computer only)")
    web.add_argument("--reports", action="append", default=[], metavar="DIR",
                     help="a `simulate` output folder whose report /reports shows (repeatable)")
    web.add_argument("--seed", type=seed, help="random seed, for repeatable deals")
    add_directory_option(web)
    web.set_defaults(func=_run_web)


def _run_web(args) -> int:
    import uvicorn

    from bidding.interfaces.web.app import create_app

    for folder in args.reports:
        if not Path(folder).is_dir():
            raise BridgeError(f"--reports {folder}: no such folder")
    user = conventions_dir()
    directories = ([user] if user.is_dir() else []) + args.dir
    hosts = [*LOOPBACK, "[::1]"] if args.host in LOOPBACK else None      # Host: [::1]:8000
    app = create_app(directories, args.reports, args.seed, hosts)
    print(f"The web table is at http://{args.host}:{args.port}/ (Ctrl-C stops it)", flush=True)
    if args.host not in LOOPBACK:
        print(f"note: listening on {args.host}, so other computers can reach the table",
              file=sys.stderr)
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning")
    return 0
