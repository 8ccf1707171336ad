"""Checked command-line arguments: every file, seed and count the commands take is read here,
so that a bad one ends with a message naming it before any work starts, never a traceback.

    parser.add_argument("file", type=text_file)          # args.file.path, args.file.text
    parser.add_argument("--seed", type=seed)
    parser.add_argument("--out", type=output_file)       # checked writable before the work
"""
from __future__ import annotations

import argparse
import os
import re
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Collection

from bidding.model.errors import BridgeError
from bidding.model.quoting import excerpt
from bidding.laboratory.cluster import Scheduler

SEED_LIMIT = 2 ** 64            # numpy and the dealer stream both take seeds 0..2^64-1


class FileArgumentError(BridgeError):
    """A file named on the command line that cannot be read or written as asked."""


@dataclass(frozen=True)
class TextFile:
    """An input file the user named, read whole: its path as typed and its text."""

    path: str
    text: str

    def __str__(self) -> str:
        return self.path


def _utf8(raw: bytes) -> str:
    return raw.decode("utf-8")


def read_text_file(path: str | Path, decode: Callable[[bytes], str] = _utf8) -> str:
    """The text of a file the user named (UTF-8 unless `decode` says otherwise), or a
    FileArgumentError naming it: missing, a folder, unreadable, or not UTF-8 (where)."""
    try:
        raw = Path(path).read_bytes()
    except FileNotFoundError:
        raise FileArgumentError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise FileArgumentError(f"{path}: is a folder, not a file") from None
    except OSError as error:
        raise FileArgumentError(f"{path}: cannot be read: {error.strerror}") from None
    try:
        return decode(raw)
    except UnicodeDecodeError as error:
        line = raw.count(b"\n", 0, error.start) + 1
        raise FileArgumentError(f"{path}: not UTF-8 text: byte 0x{raw[error.start]:02x} at "
                                f"offset {error.start} (line {line})") from None


def _argument_type(check: Callable[[str], object]) -> Callable[[str], object]:
    """An argparse type from a checking function: its BridgeError becomes argparse's
    error message (`argument --out: ...`), exit status 2."""
    def convert(text: str):
        try:
            return check(text)
        except BridgeError as error:
            raise argparse.ArgumentTypeError(str(error)) from None
    convert.__name__ = check.__name__
    return convert


def text_file_type(decode: Callable[[bytes], str] = _utf8) -> Callable[[str], TextFile]:
    """An argparse type reading the named file whole (see read_text_file)."""
    return _argument_type(lambda path: TextFile(path, read_text_file(path, decode)))


text_file = text_file_type()


def _whole_number(text: str, low: int, high: int | None, what: str) -> int:
    """`text` as a whole number within low..high (no upper bound when None)."""
    bounds = f"from {low} to {high}" if high is not None else f"of at least {low}"
    if not re.fullmatch(r"\s*[-+]?\d{1,30}\s*", text) or not (
            low <= int(text) and (high is None or int(text) <= high)):
        raise BridgeError(f"expected {what} {bounds}, not {excerpt(text, 30)}")
    return int(text)


def _percent(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 <= value <= 100:
        raise BridgeError(f"expected a percentage from 0 to 100, not {excerpt(text, 30)}")
    return value


percent = _argument_type(_percent)
seed = _argument_type(lambda text: _whole_number(text, 0, SEED_LIMIT - 1,
                                                    "a seed, a whole number"))
positive = _argument_type(lambda text: _whole_number(text, 1, None, "a whole number"))
scheduler = _argument_type(Scheduler.parse)


# --- outputs ---------------------------------------------------------------------------------
def _writable_folder(path: Path) -> None:
    """Refuse (FileArgumentError) a file whose folder is missing, not a folder or not
    writable: checked by creating and removing a temporary file there."""
    folder = path.parent
    if not folder.exists():
        raise FileArgumentError(f"{path}: the folder {folder} does not exist")
    if not folder.is_dir():
        raise FileArgumentError(f"{path}: {folder} is not a folder")
    try:
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as error:
        raise FileArgumentError(f"{path}: cannot write in {folder}: {error.strerror}") from None


def _output_file(text: str) -> Path:
    path = Path(text)
    if path.is_dir():
        raise FileArgumentError(f"{text}: is a folder; give the name of a file to write")
    _writable_folder(path.absolute())
    return path


output_file = _argument_type(_output_file)
output_file.__doc__ = "An argparse type: a file path the command can create or replace."


class OutputFolder:
    """A folder of files a command writes all at once, never left half-written.

    Reading the argument checks the place: a new folder in a writable folder, or an
    earlier output (a folder holding only files named in `names`), which is replaced; any
    other folder or file is refused. `write(fill)` has `fill(folder)` write the files into
    a temporary sibling folder, then renames it into place.
    """

    def __init__(self, target: str | Path, names: Collection[str]) -> None:
        self.target = Path(os.path.abspath(target))
        self.shown = str(target)
        self.names = frozenset(names)
        self._check_target()
        _writable_folder(self.target)

    def __str__(self) -> str:
        return self.shown

    def _check_target(self) -> None:
        if not self.target.exists():
            return
        if not self.target.is_dir():
            raise FileArgumentError(f"{self.shown}: exists and is not a folder")
        strangers = sorted(entry.name for entry in self.target.iterdir()
                           if entry.name not in self.names or not entry.is_file())
        if strangers:
            shown = ", ".join(strangers[:3]) + (", ..." if len(strangers) > 3 else "")
            raise FileArgumentError(f"{self.shown}: this folder holds other files ({shown}); "
                                    f"give a new folder or one with an earlier report")

    def write(self, fill: Callable[[Path], object]) -> list[Path]:
        """Have `fill` write the files into a temporary folder, then put it in place of the
        target; the final paths of the files."""
        parent = self.target.parent
        temporary = Path(tempfile.mkdtemp(prefix=f".{self.target.name}.", dir=parent))
        try:
            fill(temporary)
            self._check_target()
            if self.target.exists():
                previous = temporary.with_name(temporary.name + ".previous")
                os.replace(self.target, previous)
                try:
                    os.replace(temporary, self.target)
                except OSError:
                    os.replace(previous, self.target)
                    raise
                shutil.rmtree(previous)
            else:
                os.replace(temporary, self.target)
        except BaseException:
            shutil.rmtree(temporary, ignore_errors=True)
            raise
        return sorted(Path(self.shown) / name for name in os.listdir(self.target))


def output_folder_type(names: Collection[str]) -> Callable[[str], OutputFolder]:
    """An argparse type: a report folder for files named `names` (see OutputFolder)."""
    return _argument_type(lambda text: OutputFolder(text, names))
