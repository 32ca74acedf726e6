"""Files in, checked hands out: encodings, site detection, directory trees.

:func:`decode` finds a file's encoding (UTF-16 with or without a byte-order
mark, UTF-8 with or without one, else Windows-1252) and line ends (``\\r\\n``,
``\\r``, ``\\n``); :func:`detect_site` names the room from the text;
:func:`read_text` splits a text into hands and reads each with its room's
reader; :func:`import_paths` walks files and directory trees and checks every
hand (:func:`~.check.check`).
"""

from __future__ import annotations

import datetime as _dt
import os
from pathlib import Path
from typing import Callable, Iterable, Iterator

from ...errors import SiteHistoryError
from .check import HandOutcome, check
from .hand import SiteHand

__all__ = ["SITES", "decode", "detect_site", "read_text", "read_file", "iter_files", "import_paths"]

SITES: tuple[str, ...] = (
    "PokerStars", "GGPoker", "Winamax", "888poker", "PartyPoker", "iPoker", "Winning", "Full Tilt",
)
"""The rooms read, in the order of the summary table."""

MAX_LINE_LENGTH = 1_000
"""The longest line of a text room's hand (characters; the rooms' lines
are under 200).  A longer line refuses its hand before any pattern reads
it: a hostile line of megabytes costs nothing."""


def decode(data: bytes) -> str:
    """The text of a hand-history file, line ends made ``\\n``.

    Args:
        data: The file's bytes.

    Returns:
        The text: UTF-16 (byte-order mark, or zero bytes in every other
        position as Winning/ACR writes), UTF-8 (with or without a
        byte-order mark), else Windows-1252 (never fails).
    """
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        text = data.decode("utf-16", errors="replace")  # a file cut short ends in half a character
    elif len(data) >= 4 and data[1:4:2] == b"\x00\x00" and data[0] != 0:
        text = data.decode("utf-16-le", errors="replace")
    elif len(data) >= 4 and data[0:4:2] == b"\x00\x00":
        text = data.decode("utf-16-be", errors="replace")
    else:
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            text = data.decode("cp1252", errors="replace")
    return text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n")


def detect_site(text: str) -> str | None:
    """The room that wrote ``text`` (one of :data:`SITES`), or ``None``."""
    from . import readers

    head = text.lstrip("\ufeff \n\t")[:4000]
    for site, reader in readers.READERS.items():
        if reader.detect(head):
            return site
    return None


def read_text(text: str, path: str | None = None, site: str | None = None) -> Iterator[SiteHand | HandOutcome]:
    """Every hand of a hand-history text, read.

    Args:
        text: The text (line ends already ``\\n``: see :func:`decode`).
        path: The file it came from, for messages.
        site: The room; ``None``: :func:`detect_site`.

    Yields:
        A :class:`~.hand.SiteHand` per hand read, or a ``refused``
        :class:`~.check.HandOutcome` for a hand with a parse error (its
        reason names the file, line and what was expected), a line longer
        than :data:`MAX_LINE_LENGTH` included.

    Raises:
        SiteHistoryError: The text is from no room this package reads.
    """
    from . import readers

    if not text.strip():
        return  # an empty file holds no hand
    site = site or detect_site(text)
    if site is None:
        first = next((line for line in text.split("\n") if line.strip()), "")
        raise SiteHistoryError(f"no hand history of a known room (first line {first[:60]!r})", 1, path)
    reader = readers.READERS[site]
    for line, chunk in reader.split(text):
        if sum(1 for row in chunk if row.strip().lstrip("\ufeff")) <= 1:
            continue  # a header with nothing after it (a file's trailer): no hand
        if site != "iPoker":  # XML may come on one line; its parser reads it in one pass
            long = next((k for k, row in enumerate(chunk) if len(row) > MAX_LINE_LENGTH), None)
            if long is not None:
                yield HandOutcome(
                    site, path, line + long, "", "holdem", "refused",
                    f"parse error: {path or '<text>'}: line {line + long}: expected a line of at most "
                    f"{MAX_LINE_LENGTH:,} characters, got {len(chunk[long]):,}",
                )
                continue
        try:
            yield _checked_fields(reader.parse(chunk, line, path))
        except SiteHistoryError as exc:
            yield HandOutcome(site, path, exc.line or line, "", "holdem", "refused", f"parse error: {exc}")
        except (ValueError, KeyError, IndexError) as exc:
            yield HandOutcome(
                site, path, line, "", "holdem", "refused",
                f"parse error: {path or '<text>'}: line {line}: {type(exc).__name__}: {exc}",
            )


def _checked_fields(hand: SiteHand) -> SiteHand:
    """``hand`` when its date is a real one (its exports write it as a date).

    Raises:
        SiteHistoryError: The start time is no date (a 13th month, a 61st
            second).
    """
    if hand.time is not None:
        try:
            _dt.datetime.fromisoformat(hand.time)
        except ValueError:
            raise hand.error(f"expected a date and time, got {hand.time!r}") from None
    return hand


def read_file(path: str | Path) -> Iterator[SiteHand | HandOutcome]:
    """Every hand of one file (:func:`read_text` after :func:`decode`).

    Raises:
        OSError: The file cannot be read.
        SiteHistoryError: The file is from no room this package reads.
    """
    return read_text(decode(Path(path).read_bytes()), str(path))


def iter_files(paths: Iterable[str | Path]) -> Iterator[Path]:
    """The files named, directories walked (sorted, hidden entries left out;
    in a directory only regular files: a link to ``/dev/zero`` or a named
    pipe met in a tree would be read forever)."""
    for item in paths:
        path = Path(item)
        if path.is_dir():
            for root, dirs, files in os.walk(path):
                dirs[:] = sorted(d for d in dirs if not d.startswith("."))
                for name in sorted(files):
                    if not name.startswith(".") and not name.lower().endswith((".md", ".phh", ".json")):
                        found = Path(root) / name
                        if found.is_file():  # a regular file (or a link to one)
                            yield found
        else:
            yield path


def import_paths(
    paths: Iterable[str | Path],
    *,
    on_file: Callable[[Path, int], None] | None = None,
) -> Iterator[HandOutcome]:
    """Read and check every hand of the files and directory trees given.

    Args:
        paths: Files and directories.
        on_file: Called after each file with its path and how many hands it
            held (a progress bar's hook).

    Yields:
        One :class:`~.check.HandOutcome` per hand; a file from no known room
        or that cannot be read yields one ``refused`` outcome naming it.
    """
    for path in iter_files(paths):
        count = 0
        try:
            for item in read_file(path):
                count += 1
                yield item if isinstance(item, HandOutcome) else check(item)
        except (OSError, SiteHistoryError) as exc:
            count += 1
            yield HandOutcome("unknown", str(path), getattr(exc, "line", None) or 1, "", "?", "refused",
                              f"not read: {exc}")
        if on_file is not None:
            on_file(path, count)
