"""``pokerkit-core import FILE... [--to phh|json|ohh|pokerstars] [--out DIR] [--json]``.

Reads online rooms' hand histories (PokerStars, GGPoker, Winamax, 888poker,
PartyPoker, iPoker, Winning/ACR, Full Tilt; files or directory trees, any
encoding), replays every hold'em hand on the engine and compares its pots,
rake and final stacks with the room's summary (:mod:`pokerkit_core.formats.sites`).
Prints a table of hands by room and game (found, imported, equal to the
room's summary, refused, other games skipped) and one line per hand that is
not equal, with the reason; with ``--to`` writes each replayed hand to
``DIR/<room>/<hand id>.phh`` (PHH), ``.json`` (the library's JSON),
``.ohh.json`` (Open Hand History) or ``.txt`` (PokerStars text, which
trackers read, for a hand of any room; a hand that did not replay to its
end, or with a colon in a player's name, is not written); the hand id is
made a safe file name (:func:`file_name`: nothing outside ``DIR/<room>``, no
name too long, a hand id met twice gets ``-2``).

Example::

    pokerkit-core import ~/HandHistory --to phh --out imported/
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path
from typing import Any

from ..errors import SiteHistoryError
from ..formats.sites import HandOutcome, check, iter_files, read_file
from ..formats.sites.export import dumps_json, to_json, to_ohh, to_phh_text, to_pokerstars
from ..progress import command_line_progress, progress_bar
from .options import add_json_argument, printable

__all__ = ["register", "run", "summary_rows", "file_name"]

_SUFFIX = {"phh": ".phh", "json": ".json", "ohh": ".ohh.json", "pokerstars": ".txt"}


def register(sub: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    """Add the ``import`` subcommand."""
    parser = sub.add_parser(
        "import",
        help="import online rooms' hand histories, replayed and checked to the chip",
        description="Read PokerStars, GGPoker, Winamax, 888poker, PartyPoker, iPoker, "
        "Winning/ACR and Full Tilt hand histories (files or directories), replay each "
        "hold'em hand and compare pots, rake and final stacks with the room's summary; "
        "optionally write each hand as PHH, JSON, Open Hand History or PokerStars text.",
    )
    parser.add_argument("files", nargs="+", metavar="FILE", help="hand-history files or directories")
    parser.add_argument("--to", choices=tuple(_SUFFIX), help="write each replayed hand in this format")
    parser.add_argument("--out", default="imported", metavar="DIR",
                        help="folder for --to (one sub-folder per room); default: imported")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")
    add_json_argument(parser, "print the summary and every hand's outcome as one JSON object")
    parser.set_defaults(handler=run)


def summary_rows(outcomes: list[HandOutcome]) -> list[dict[str, Any]]:
    """Counts by room and game: ``found``, ``imported`` (replayed to the
    end), ``equal`` (pots, rake and stacks equal the room's), ``differs``,
    ``refused`` and ``skipped`` (other games), hold'em first."""
    counts: dict[tuple[str, str], Counter[str]] = {}
    for outcome in outcomes:
        key = (outcome.site, outcome.game)
        row = counts.setdefault(key, Counter())
        row["found"] += 1
        row[outcome.status] += 1
        if outcome.status in ("equal", "differs") and outcome.history is not None:
            row["imported"] += 1
    rows = []
    for (site, game), row in sorted(counts.items(), key=lambda item: (item[0][0], item[0][1] != "holdem", item[0][1])):
        rows.append({"site": site, "game": game, **{k: row[k] for k in
                     ("found", "imported", "equal", "differs", "refused", "skipped")}})
    return rows


_NAME_MOST = 100
"""The longest file name (before the suffix) written for a hand: a file's
hand id can be any length, a file system's names cannot."""


def file_name(outcome: HandOutcome, taken: set[str]) -> str:
    """The file name (without suffix) of a hand in its room's folder.

    The hand id with every character other than letters, digits, ``-`` and
    ``_`` made ``_`` (no name leaves the folder: ``../x`` is ``___x``), cut
    to :data:`_NAME_MOST` characters with a digest of the whole id after a
    longer one, and ``-2``, ``-3``... after a name already in ``taken`` (a
    hand id written twice, by one room or by a hostile file, overwrites no
    other hand).  The name is added to ``taken``.
    """
    import hashlib

    hand_id = outcome.hand_id or f"line{outcome.line}"
    name = "".join(ch if ch.isascii() and (ch.isalnum() or ch in "-_") else "_" for ch in hand_id)
    if len(name) > _NAME_MOST:
        name = name[: _NAME_MOST - 17] + "_" + hashlib.sha256(hand_id.encode("utf-8", "replace")).hexdigest()[:16]
    unique, copy = name, 1
    while unique.lower() in taken:  # one folder per room: names equal but for case clash on some file systems
        copy += 1
        unique = f"{name}-{copy}"
    taken.add(unique.lower())
    return unique


def _write(outcome: HandOutcome, fmt: str, out: Path, taken: dict[str, set[str]]) -> bool:
    if outcome.status == "skipped" or outcome.site_hand is None:
        return False
    if fmt == "phh":
        if outcome.history is None:
            return False
        text = to_phh_text(outcome)
    elif fmt == "json":
        text = dumps_json(to_json(outcome))
    elif fmt == "pokerstars":
        if outcome.status not in ("equal", "differs"):
            return False
        try:
            text = to_pokerstars(outcome)
        except ValueError:  # not replayed to its end, or a name PokerStars cannot write
            return False
    else:
        text = dumps_json(to_ohh(outcome))
    room = outcome.site.replace(" ", "_")
    folder = out / room
    folder.mkdir(parents=True, exist_ok=True)
    name = file_name(outcome, taken.setdefault(room, set()))
    (folder / (name + _SUFFIX[fmt])).write_text(text, encoding="utf-8")
    return True


def run(args: argparse.Namespace) -> int:
    """Import the files; print the table (or JSON); exit status 1 when no
    file could be read."""
    read: list[Any] = []
    unreadable = 0
    files = list(iter_files(args.files))
    for path in files:
        try:
            read.extend(read_file(path))
        except (OSError, SiteHistoryError) as exc:
            unreadable += 1
            read.append(HandOutcome("unknown", str(path), 1, "", "?", "refused", f"not read: {exc}"))
    bar = None if args.no_progress or args.json else progress_bar(command_line_progress(), len(read), "import")
    outcomes: list[HandOutcome] = []
    written = 0
    taken: dict[str, set[str]] = {}
    for item in read:
        outcome = item if isinstance(item, HandOutcome) else check(item)
        outcomes.append(outcome)
        if args.to and _write(outcome, args.to, Path(args.out), taken):
            written += 1
        if bar is not None:
            bar.update(1)
    if bar is not None:
        bar.close()
    rows = summary_rows(outcomes)
    misses = [o for o in outcomes if o.status in ("differs", "refused")]
    if args.json:
        print(json.dumps({
            "files": len(files), "unreadable_files": unreadable, "written": written, "summary": rows,
            "hands": [{"site": o.site, "path": o.path, "line": o.line, "hand_id": o.hand_id, "game": o.game,
                       "status": o.status, "reason": o.reason} for o in outcomes],
        }))
    else:
        header = ["room", "game", "found", "imported", "equal", "differs", "refused", "skipped"]
        table = [header] + [[str(row[k]) if k in row else "" for k in
                             ("site", "game", "found", "imported", "equal", "differs", "refused", "skipped")]
                            for row in rows]
        widths = [max(len(line[k]) for line in table) for k in range(len(header))]
        print(f"{len(outcomes)} hands in {len(files)} file(s)" + (f"; {written} written to {args.out}" if args.to else ""))
        for line in table:
            print("  ".join([line[0].ljust(widths[0]), line[1].ljust(widths[1])]
                            + [cell.rjust(width) for cell, width in zip(line[2:], widths[2:])]).rstrip())
        for o in misses:
            print(printable(f"{o.status}: {o.path}:{o.line} {o.site} {o.hand_id}: {o.reason}"))
    return 1 if files and unreadable == len(files) else 0
