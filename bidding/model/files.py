"""Replacing a file safely: after a crash, a full disk or an interrupt, the file holds either
its old content or its new content, never part of either."""
from __future__ import annotations

import os
import secrets
import shutil
import stat
from pathlib import Path
from typing import Callable


def atomic_write(path: Path | str, data: bytes | str, *,
                 check: Callable[[Path], None] | None = None, backup: bool = False) -> None:
    """Replace `path` with `data` (text is written as UTF-8).

    The data goes to a temporary dot-file in the same folder (`.NAME.RANDOM.SUFFIX`, which
    loaders skip as hidden), is flushed to the disk and renamed over `path`, so readers see
    the old file or the new one. The new file keeps the permission bits of the file it
    replaces; a new file gets the mode the umask gives (0644 typically). `check(temporary)`
    may inspect the written file before the rename: whatever it raises leaves `path` as it
    was. `backup` first copies the old file, if any, to `NAME.bak`. The temporary file is
    removed on any failure, KeyboardInterrupt included.
    """
    path = Path(path)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    temporary = path.with_name(f".{path.stem}.{secrets.token_hex(6)}{path.suffix}")
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        with os.fdopen(descriptor, "wb") as stream:
            if path.exists():
                os.fchmod(stream.fileno(), stat.S_IMODE(path.stat().st_mode))
            stream.write(payload)
            stream.flush()
            os.fsync(stream.fileno())
        if check is not None:
            check(temporary)
        if backup and path.exists():
            shutil.copy2(path, path.with_name(path.name + ".bak"))
        os.replace(temporary, path)
    finally:
        temporary.unlink(missing_ok=True)
