"""``pokerkit-core acpc-client`` and ``pokerkit-core acpc-dealer``: the ACPC protocol.

``acpc-client HOST PORT --policy NAME [--game GAMEFILE] [--seed N]`` plays a
match on an ACPC dealer with any installed policy.

``acpc-dealer NAME GAMEFILE HANDS SEED NAME1 NAME2 ... [-p PORTS] [--host H]``
runs a match as the ACPC dealer does, with its options (``-f``, ``-l``/``-L``,
``-t``/``-T``, ``-a``, ``-q``, ``--t_response``, ``--t_hand``,
``--t_per_hand``, ``--start_timeout``): prints the ports, waits for the
players, writes ``NAME.log`` and prints the ``SCORE`` line (exit status 1, no
score, when a player times out or disconnects; the ``ERROR`` line says why,
even with ``-q``).  It listens on 127.0.0.1 unless ``--host`` says otherwise.
"""

from __future__ import annotations

import argparse
import sys

from ..errors import InvalidConfigError
from ..units import hands as count_hands

__all__ = ["register", "run_client", "run_dealer"]


def register(sub: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    """Add the ``acpc-client`` and ``acpc-dealer`` subcommands."""
    client = sub.add_parser(
        "acpc-client",
        help="play a match on an ACPC dealer with an installed policy",
        description="Connect to an ACPC dealer (protocol 2.0.0) and play with a policy.",
    )
    client.add_argument("host", help="dealer host")
    client.add_argument("port", type=int, help="the seat's port")
    client.add_argument("--policy", default="hard", help="policy name (default: hard)")
    client.add_argument(
        "--game", help="ACPC game file (default: heads-up no-limit, reverse blinds, 20,000 chips)"
    )
    client.add_argument("--seed", type=int, default=None, help="policy seed")
    client.add_argument(
        "--timeout", type=float, default=None, help="seconds to wait for a line (default: forever)"
    )
    client.set_defaults(handler=run_client)

    dealer = sub.add_parser(
        "acpc-dealer",
        help="run an ACPC match (protocol 2.0.0) between TCP clients",
        description="Deal an ACPC match as the ACPC dealer does: print the ports, wait for "
        "every player, write NAME.log and print the SCORE line. Standard error gets the "
        "log header, the TO/FROM transcript (not with -q), every WARNING and ERROR line "
        "(even with -q) and the SCORE line. Listens on 127.0.0.1 (this machine only) "
        "unless --host says otherwise; the ACPC dealer listens on every interface "
        "(--host 0.0.0.0).",
    )
    dealer.add_argument("name", metavar="NAME", help="match name (log file NAME.log)")
    dealer.add_argument("game", metavar="GAMEFILE", help="ACPC game definition file")
    dealer.add_argument("hands", metavar="HANDS", type=int, help="hands to play (at least 1)")
    dealer.add_argument("seed", metavar="SEED", type=int, help="dealer seed")
    dealer.add_argument("names", metavar="NAME1", nargs="+", help="player names, seat order")
    dealer.add_argument("-p", "--ports", help="comma-separated ports, one per seat")
    dealer.add_argument(
        "--host", default="127.0.0.1",
        help="address to listen on (default 127.0.0.1: this machine only; 0.0.0.0: every "
        "interface)",
    )
    dealer.add_argument("-f", dest="fixed_seats", action="store_true",
                        help="fixed seats: players do not rotate between hands")
    dealer.add_argument("-l", dest="log", action="store_false", default=True,
                        help="no log file")
    dealer.add_argument("-L", dest="log", action="store_true", help="log file (the default)")
    dealer.add_argument("-t", dest="transactions", action="store_false", default=False,
                        help="no transaction file (the default)")
    dealer.add_argument("-T", dest="transactions", action="store_true",
                        help="transaction file NAME.tlog, one line per decision")
    dealer.add_argument("-a", dest="append", action="store_true",
                        help="append to the log and transaction files; with -T, first replay "
                        "the decisions already in NAME.tlog (resume a match)")
    dealer.add_argument("--t_response", type=int, default=600_000, help="ms per reply")
    dealer.add_argument("--t_hand", type=int, default=600_000, help="ms per seat per hand")
    dealer.add_argument("--t_per_hand", type=int, default=7_000, help="average ms per hand")
    dealer.add_argument("--start_timeout", type=int, default=-1,
                        help="ms to wait for every player to connect (< 0: forever, the "
                        "default)")
    dealer.add_argument("--log-dir", default=".", help="folder for NAME.log (default: .)")
    dealer.add_argument("--rules", choices=("acpc", "default"), default="acpc")
    dealer.add_argument("-q", "--quiet", action="store_true",
                        help="only the header, WARNING, ERROR and SCORE lines on standard "
                        "error")
    dealer.set_defaults(handler=run_dealer)


def run_client(args: argparse.Namespace) -> int:
    """Play until the dealer closes the connection; print the hands played."""
    from ..formats.acpc_net import AcpcClient
    from ..formats.acpc import load_game
    from ..engine.policy import load_policy

    game = load_game(args.game) if args.game else None
    client = AcpcClient(load_policy(args.policy, seed=args.seed), game)
    try:
        hands = client.play(args.host, args.port, timeout=args.timeout)
    except OSError as exc:
        print(f"pokerkit-core acpc-client: error: {exc}", file=sys.stderr)
        return 1
    print(f"{count_hands(hands)} played; {len(client.faults)} policy faults")
    return 0


def run_dealer(args: argparse.Namespace) -> int:
    """Deal the match; exit status 0 when finished, 1 when stopped."""
    from ..formats.acpc_net import AcpcDealer
    from ..formats.acpc import load_game

    game = load_game(args.game)
    ports: list[int] = []
    if args.ports:
        try:
            ports = [int(p) for p in args.ports.split(",")]
        except ValueError as exc:
            raise InvalidConfigError(f"bad port list {args.ports!r}") from exc
    if args.hands < 1:
        raise InvalidConfigError(f"invalid number of hands {args.hands} (at least 1)")
    dealer = AcpcDealer(
        args.name,
        game,
        args.hands,
        args.seed,
        args.names,
        ports=ports,
        host=args.host,
        log_dir=args.log_dir,
        t_response_ms=args.t_response,
        t_hand_ms=args.t_hand,
        t_per_hand_ms=args.t_per_hand,
        start_timeout_ms=args.start_timeout,
        fixed_seats=args.fixed_seats,
        log=args.log,
        transactions=args.transactions,
        append=args.append,
        flavour=args.rules,
        err=sys.stderr,
        quiet=args.quiet,
        game_file=args.game,
    )
    print(" ".join(str(p) for p in dealer.ports), flush=True)
    result = dealer.run()
    return result.status
