"""``pokerkit-core replay FILE... [--rules default|acpc] [--exact-split] [--json]``.

Replays recorded hands through the rules engine and reports, per hand, ``ok``
or the first difference.  The file ending picks the format: ``.phh`` (one PHH
hand), ``.phhs`` (bulk PHH), ``.log`` (ACPC dealer log; its game file is
looked up beside the log or in its ``games/`` folder).  PHH hands are compared
with their ``finishing_stacks``, ACPC hands with the logged chip values (ACPC
pots are always split exactly, as the dealer does).  Under ``--rules acpc``
the few fixed-limit hands that use a dealer quirk no rule book has (an
all-in "raise" below the current bet lowers the bet) are settled by the
dealer emulation :func:`~pokerkit_core.formats.acpc_dealer.emulate_dealer`, and the
report says so.
"""

from __future__ import annotations

import argparse
import json
import sys
from fractions import Fraction
from pathlib import Path
from typing import Iterator, Sequence

from ..errors import HistoryParseError, InvalidConfigError
from ..formats import acpc, phh
from ..formats.model import Amount, HandHistory
from ..formats.replay import ReplayResult, replay, replay_acpc
from .options import add_json_argument
from ..units import hands as count_hands

__all__ = ["register", "run", "replay_file"]


def register(sub: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    """Add the ``replay`` subcommand."""
    parser = sub.add_parser(
        "replay",
        help="replay PHH hands and ACPC logs through the rules engine",
        description="Replay .phh, .phhs and ACPC .log files; report each hand as ok or "
        "its first difference (exit status 1 if any hand is not ok or a file cannot be read).",
    )
    parser.add_argument("files", nargs="+", metavar="FILE", help=".phh, .phhs or .log files")
    parser.add_argument(
        "--rules",
        choices=("default", "acpc"),
        default="default",
        help="rule flavour: default (docs/rules.rst) or acpc (the ACPC dealer's); default: default",
    )
    parser.add_argument(
        "--exact-split",
        action="store_true",
        help="split pots exactly (fractions), as in the Pluribus PHH hands",
    )
    add_json_argument(parser, "one JSON object per hand")
    parser.set_defaults(handler=run)


def _number(value: Amount) -> int | float | str:
    if isinstance(value, Fraction):
        if value.denominator == 1:
            return value.numerator
        as_float = float(value)
        return as_float if Fraction(as_float) == value else round(as_float, 6)
    return value


def _hands(
    path: Path,
) -> Iterator[tuple[str, HandHistory | Exception, tuple[acpc.StateLine, acpc.AcpcGame] | None]]:
    """(hand label, hand or the error that stopped reading it, ACPC source) for one file."""
    suffix = path.suffix.lower()
    if suffix == ".log":
        with open(path, encoding="utf-8") as fp:
            log = acpc.load(fp)
        game = acpc.load_game(acpc.find_game_file(log.game_file, path))
        for line in log.states:
            try:
                yield str(line.hand_number), line.to_history(game), (line, game)
            except (HistoryParseError, InvalidConfigError) as exc:
                yield str(line.hand_number), exc, None
    elif suffix in (".phh", ".phhs"):
        with open(path, encoding="utf-8") as fp:
            for index, hand in enumerate(phh.iter_hands(fp), start=1):
                label = str(hand.hand_id) if hand.hand_id is not None else str(index)
                yield label, hand, None
    else:
        raise HistoryParseError(f"{path}: unknown file type (use .phh, .phhs or .log)")


def replay_file(
    path: str | Path, *, rules: str = "default", exact_split: bool = False
) -> Iterator[tuple[str, HandHistory | None, ReplayResult]]:
    """Replay every hand of one file.

    Args:
        path: A ``.phh``, ``.phhs`` or ``.log`` file.
        rules: ``"default"`` or ``"acpc"``.
        exact_split: Split pots exactly (ACPC logs always are).

    Yields:
        ``(hand label, hand or None, result)`` in file order.

    Raises:
        HistoryParseError: The file cannot be read (bad TOML, bad log line,
            unknown ending, missing game file).
        OSError: The file cannot be opened.
    """
    for label, item, source in _hands(Path(path)):
        if isinstance(item, Exception):
            yield label, None, ReplayResult(False, None, None, f"cannot read: {item}")
            continue
        if source is not None:
            yield label, item, replay_acpc(source[0], source[1], rules=rules)
            continue
        yield label, item, replay(item, rules=rules, exact_split=exact_split)


def _values(hand: HandHistory | None, stacks: tuple[Amount, ...] | None) -> list[object] | None:
    """ACPC hands report chips won (logged values); PHH hands stacks."""
    if stacks is None:
        return None
    if hand is not None and hand.rules == "acpc":
        return [_number(Fraction(s) - start) for s, start in zip(stacks, hand.starting_stacks)]
    return [_number(s) for s in stacks]


def run(args: argparse.Namespace) -> int:
    """Replay the files; print one line (or JSON object) per hand and a summary."""
    total = failed = unreadable = 0
    for name in args.files:
        try:
            results = list(replay_file(name, rules=args.rules, exact_split=args.exact_split))
        except (OSError, HistoryParseError, InvalidConfigError) as exc:
            # a file that cannot be read is no hand: say so on stderr, go on
            unreadable += 1
            print(f"pokerkit-core replay: cannot read {name}: {exc}", file=sys.stderr)
            continue
        for label, hand, result in results:
            total += 1
            failed += not result.ok
            _report(args, name, label, hand, result)
    if not args.json:
        files = f"; {unreadable} file(s) could not be read" if unreadable else ""
        print(f"{count_hands(total)}: {total - failed} ok, {failed} not ok{files}")
    return 0 if failed == 0 and unreadable == 0 else 1


def _report(
    args: argparse.Namespace, name: str, label: str, hand: HandHistory | None, result: ReplayResult
) -> None:
    if args.json:
        record: dict[str, object] = {"file": name, "hand": label, "ok": result.ok}
        if not result.ok:
            record["expected"] = _values(hand, result.expected)
            record["got"] = _values(hand, result.got)
            record["error"] = result.error
        if result.notes:
            record["notes"] = list(result.notes)
        print(json.dumps(record))
        return
    if result.ok:
        note = f" ({'; '.join(result.notes)})" if result.notes else ""
        print(f"{name} hand {label}: ok{note}")
    else:
        print(f"{name} hand {label}: NOT OK: {result.error}")


def main(argv: Sequence[str] | None = None) -> int:  # pragma: no cover - convenience
    """Run ``replay`` alone (for debugging)."""
    parser = argparse.ArgumentParser(prog="pokerkit-core")
    register(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["replay", *(argv or [])])
    status: int = args.handler(args)
    return status
