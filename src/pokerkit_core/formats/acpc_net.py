"""ACPC protocol 2.0.0 over TCP: a client for our policies and a dealer.

:class:`AcpcClient` lets any :class:`~pokerkit_core.engine.policy.Policy` play a match
on an ACPC dealer (the reference ``dealer`` or ours): it sends
``VERSION:2.0.0``, rebuilds the hand from each ``MATCHSTATE`` line and, when
its seat is to act, replies with the state, a colon and its action.  It
refuses a line longer than the dealer's limit and a state that cannot happen
(:class:`~pokerkit_core.errors.AcpcProtocolError`) instead of playing on.

:class:`AcpcDealer` runs a match the way the ACPC dealer v1.0.42 does: it
listens on one port per seat (on 127.0.0.1 unless told otherwise), deals with
the dealer's own random generator (the same seed gives the same cards as the
reference dealer), rotates positions every hand (unless seats are fixed),
sends every seat its view after every action, writes ``<name>.log`` (header,
``STATE`` lines, ``SCORE`` line) and optionally ``<name>.tlog``, and prints
the ``SCORE`` line.  Replies are read and fixed up as the reference dealer
does (:mod:`~pokerkit_core.formats.acpc_reply`; ``WARNING`` lines; INTEROP.md
1.5); a reply timeout, a seat out of time or a disconnect ends the match at
once: ``ERROR`` line, exit status 1, no ``SCORE``, the log keeps the finished
hands (INTEROP.md 1.6).  Lines are read in linear time and capped at
:data:`~pokerkit_core.formats.acpc_reply.MAX_LINE_BYTES`.

References:
    INTEROP.md sections 1.2, 1.3, 1.5, 1.6; the ACPC protocol document 2.0.0;
    the ACPC dealer's ``dealer.c`` (options, standard error lines).
"""

from __future__ import annotations

import socket
import sys
import time
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import IO, Sequence

from ..engine.actions import Action, Call, Check
from ..players.driver import HandDriver, PolicyFault
from ..errors import AcpcProtocolError, IllegalActionError, InvalidConfigError, PokerError
from .acpc import AcpcAction, AcpcGame, MatchState, ScoreLine
from .acpc_dealer import AcpcRandom
from .acpc_reply import MAX_LINE_BYTES, ReplyKind, fix_reply, read_reply
from .model import _excerpt
from .replay import (
    acpc_action,
    engine_action,
    match_state,
    state_from_match_state,
    state_line,
)
from ..engine.policy import Policy
from ..engine.rules import GameConfig
from ..engine.state import HandState, act, deal, legal_actions

__all__ = [
    "PROTOCOL_VERSION",
    "DEFAULT_HOST",
    "AcpcClient",
    "AcpcDealer",
    "DealerResult",
    "AcpcRandom",
    "fix_reply",
]

PROTOCOL_VERSION = "2.0.0"
"""The protocol version both sides speak."""

DEFAULT_HOST = "127.0.0.1"
"""Where the dealer listens by default: this machine only (the reference
dealer listens on every interface; pass ``host="0.0.0.0"`` for that)."""

_HUNL = AcpcGame(
    betting="nolimit",
    num_players=2,
    num_rounds=4,
    stacks=(20000, 20000),
    blinds=(100, 50),
    raise_sizes=(),
    first_player=(1, 0, 0, 0),
    max_raises=(255, 255, 255, 255),
)


def _too_long(raw: bytes | str) -> AcpcProtocolError:
    head = raw[:40].decode("ascii", "replace") if isinstance(raw, bytes) else raw[:40]
    return AcpcProtocolError(
        f"a line longer than {MAX_LINE_BYTES} bytes (the ACPC dealer's limit) was refused:"
        f" {_excerpt(head)}..."
    )


# --------------------------------------------------------------------------- client


class AcpcClient:
    """A policy playing through the ACPC protocol.

    Args:
        policy: Any object with ``decide(observation) -> Action`` (optional
            ``hand_started`` / ``hand_ended`` hooks are called).
        game: The match's game (default: ACPC heads-up no-limit, reverse
            blinds, 20,000 chips).
        flavour: Rule flavour used to rebuild states (``"acpc"``).

    Attributes:
        hands_played: Hands seen to the end.
        faults: The policy's faults, as text (``"hand 3: decide raised
            ..."``): decisions replaced by a check or fold because the
            policy failed or chose an illegal action, and failed hooks (the
            one hand driver's fault texts).
    """

    def __init__(
        self, policy: Policy, game: AcpcGame | None = None, *, flavour: str = "acpc"
    ) -> None:
        self.policy = policy
        self.game = game or _HUNL
        self.config: GameConfig = self.game.to_config(flavour=flavour)
        self.hands_played = 0
        self.faults: list[str] = []
        self._hand: int | None = None
        self._ended: int | None = None

    def respond(self, line: str) -> str | None:
        """The reply to one line from the dealer (``None``: nothing to send).

        Args:
            line: A ``MATCHSTATE`` line (``#`` / ``;`` comment lines and other
                text give ``None``).

        Returns:
            ``"<the state>:<action>"`` when this seat is to act, else ``None``.

        Raises:
            AcpcProtocolError: A line longer than
                :data:`~pokerkit_core.formats.acpc_reply.MAX_LINE_BYTES`, or a
                state that cannot happen: a hand number lower than one
                already seen, this seat's hole cards missing, board cards
                before their round, a raise above the raiser's stack (see
                :func:`~pokerkit_core.formats.acpc_terms.state_from_match_state`).
            HistoryParseError: A ``MATCHSTATE`` line that cannot be read or
                whose betting does not replay in the game.
        """
        if len(line) > MAX_LINE_BYTES:
            raise _too_long(line)
        line = line.rstrip("\r\n")
        if not line.startswith("MATCHSTATE:"):
            return None
        message = MatchState.parse(line)
        position = message.position
        if self._hand is not None and message.hand_number < self._hand:
            raise AcpcProtocolError(
                f"impossible state: hand {message.hand_number} after hand {self._hand}"
                f" (hand numbers never go back): {_excerpt(line)}"
            )
        own = message.hole_cards[position]
        if own is None or len(own) != self.game.num_hole_cards:
            raise AcpcProtocolError(
                f"impossible state: no hole cards for this seat (position {position}):"
                f" {_excerpt(line)}"
            )
        state = state_from_match_state(self.config, message)
        number = message.hand_number
        # the hand driver asks the policy (hooks, decision, faults) for this
        # seat; the other seats are the dealer's business
        players = [self.policy if p == position else None for p in range(len(state.stacks))]
        driver = HandDriver(state, players, hand_number=number, on_fault=self._fault)
        if number != self._hand:
            self._hand = number
            driver.start()  # hand_started, once per hand
        else:
            driver.replay(())  # hand_started was called at the hand's first line
        if state.is_over:
            if self._ended != number:
                self._ended = number
                self.hands_played += 1
                driver.finish()
            return None
        if state.to_act != position:
            return None
        driver.advance(once=True)
        action = driver.actions[0]
        return f"{line}:{acpc_action(action, state)}"

    def _fault(self, fault: PolicyFault) -> None:
        self.faults.append(f"hand {fault.hand_number}: {fault.message}")

    def play(self, host: str, port: int, *, timeout: float | None = None) -> int:
        """Connect to a dealer and play until it closes the connection.

        Args:
            host: Dealer host name or address.
            port: The seat's port.
            timeout: Seconds to wait for any one line (``None``: forever).

        Returns:
            The number of hands played to the end.

        Raises:
            OSError: The connection could not be made; ``TimeoutError`` (an
                ``OSError``) when no line came within ``timeout`` seconds.
            AcpcProtocolError: The dealer sent a line longer than the limit
                (refused as soon as the limit is passed) or an impossible
                state (see :meth:`respond`).
            HistoryParseError: The dealer sent a state this client cannot
                follow.
        """
        with socket.create_connection((host, port), timeout=timeout) as sock, sock.makefile(
            "rb"
        ) as reader:
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            sock.settimeout(timeout)
            sock.sendall(f"VERSION:{PROTOCOL_VERSION}\r\n".encode("ascii"))
            while True:
                try:
                    raw = reader.readline(MAX_LINE_BYTES + 1)
                except socket.timeout as exc:
                    raise TimeoutError(
                        f"no line from the dealer within {timeout} seconds"
                        f" (after {self.hands_played} hands)"
                    ) from exc
                if not raw:
                    break
                if len(raw) > MAX_LINE_BYTES:
                    raise _too_long(raw)
                reply = self.respond(raw.decode("ascii", "replace"))
                if reply is not None:
                    sock.sendall((reply + "\r\n").encode("ascii"))
        return self.hands_played


# --------------------------------------------------------------------------- dealer


def _call(can_check: bool) -> Action:
    return Check if can_check else Call


class _SeatTimeout(Exception):
    """A seat did not answer in time, ran out of time, or disconnected."""

    def __init__(self, seat: int, message: str) -> None:
        super().__init__(seat, message)
        self.seat = seat
        self.message = message


class _LineTooLong(Exception):
    """A line passed :data:`MAX_LINE_BYTES`; its start is kept for the message."""

    def __init__(self, head: bytes) -> None:
        super().__init__(head)
        self.head = head


@dataclass
class DealerResult:
    """How a dealer run ended.

    Attributes:
        status: 0 = match finished, 1 = stopped (timeout, disconnect, bad
            version line, a bad transaction file).
        hands_played: Hands finished (and logged, when there is a log),
            resumed ones included.
        totals: Chips won per seat (command-line order).
        error: The ``ERROR`` text when stopped, else ``None``.
        log_path: The log written (``None`` without a log).
    """

    status: int
    hands_played: int
    totals: tuple[Fraction, ...]
    error: str | None = None
    log_path: Path | None = None


class _Lines:
    """Lines from a socket, read in linear time and capped at MAX_LINE_BYTES.

    A longer line raises :class:`_LineTooLong` as soon as the cap is passed;
    the rest of it, up to its newline, is then dropped as it arrives.
    """

    def __init__(self, sock: socket.socket) -> None:
        self.sock = sock
        self.buffer = bytearray()
        self.scanned = 0
        self.skipping = False

    def read(self, deadline: float) -> str:
        """The next line (no end of line) by ``deadline`` (``time.monotonic``).

        Raises:
            TimeoutError: Nothing complete by the deadline.
            ConnectionError: The peer closed the connection or it failed.
            _LineTooLong: The line passed the cap.
        """
        while True:
            end = self.buffer.find(b"\n", self.scanned)
            if end >= 0:
                line = bytes(self.buffer[:end])
                del self.buffer[: end + 1]
                self.scanned = 0
                if self.skipping:
                    self.skipping = False
                    continue
                if end + 1 > MAX_LINE_BYTES:
                    raise _LineTooLong(line[:40])
                return line.decode("ascii", "replace").rstrip("\r")
            if self.skipping:
                self.buffer.clear()
            elif len(self.buffer) >= MAX_LINE_BYTES:
                head = bytes(self.buffer[:40])
                self.buffer.clear()
                self.skipping = True
                self.scanned = 0
                raise _LineTooLong(head)
            self.scanned = len(self.buffer)
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError
            self.sock.settimeout(remaining)
            try:
                chunk = self.sock.recv(65536)
            except socket.timeout as exc:
                raise TimeoutError from exc
            except OSError as exc:
                raise ConnectionError(str(exc)) from exc
            if not chunk:
                raise ConnectionError("connection closed")
            self.buffer += chunk


@dataclass
class _Seat:
    sock: socket.socket
    lines: _Lines
    match_seconds: float = 0.0
    hand_seconds: float = 0.0


class AcpcDealer:
    """A dealer that runs an ACPC match (protocol 2.0.0) between TCP clients.

    The options are the reference dealer's (``dealer.c``), under Python
    names: ``fixed_seats`` is ``-f``, ``log`` is ``-l``/``-L``,
    ``transactions`` is ``-t``/``-T``, ``append`` is ``-a``, ``quiet`` is
    ``-q``, ``start_timeout_ms`` is ``--start_timeout``.

    Args:
        name: Match name (the log is ``<name>.log``, the transaction file
            ``<name>.tlog``).
        game: The game.
        hands: Hands to play (at least 1).
        seed: Dealer seed (cards as the reference dealer deals them).
        names: Player names, one per seat (command-line order).
        ports: Port per seat (0 or missing = any free port).
        host: Address to listen on (default :data:`DEFAULT_HOST`, this
            machine only; ``"0.0.0.0"`` = every interface, as the reference
            dealer).
        log_dir: Folder for the log and transaction files.
        t_response_ms: Most milliseconds for one reply.
        t_hand_ms: Most milliseconds a seat may spend in one hand.
        t_per_hand_ms: Average milliseconds per hand for the match budget.
        start_timeout_ms: Most milliseconds to wait, from the start, for all
            seats to connect (``None`` or negative: forever).
        fixed_seats: Keep every seat in the same position each hand (``-f``);
            by default positions rotate.
        log: Write ``<name>.log`` (``-L``, the default; ``-l`` turns it off).
        transactions: Write ``<name>.tlog``, one line per decision:
            ``<action> <hand> <sent> <received>`` (seconds since the epoch,
            6 decimals) (``-T``; off by default, ``-t``).
        append: Append to the log and transaction files (``-a``) instead of
            overwriting them; with ``transactions``, the decisions already in
            the transaction file are replayed first (same cards, their times
            charged), so an interrupted match goes on where it stopped.
        flavour: Rule flavour (``"acpc"``: the dealer's rules).
        err: Where the dealer's standard error lines go (``None``: nowhere;
            the reference dealer uses standard error): the log header, then
            ``TO``/``FROM`` transcript, ``STARTED``/``FINISHED`` and, every
            100 hands, seconds spent per seat (all these unless ``quiet``),
            every ``WARNING`` and ``ERROR`` line, and the ``SCORE`` line.
        quiet: Keep only the header, ``WARNING``, ``ERROR`` and ``SCORE``
            lines on ``err`` (``-q``).
        game_file: Game file name written in the log header, as given.

    Raises:
        InvalidConfigError: The game cannot be played, the names do not
            match its player count, or ``hands`` is below 1.
        OSError: A port could not be listened on.
    """

    def __init__(
        self,
        name: str,
        game: AcpcGame,
        hands: int,
        seed: int,
        names: Sequence[str],
        *,
        ports: Sequence[int] = (),
        host: str = DEFAULT_HOST,
        log_dir: str | Path = ".",
        t_response_ms: int = 600_000,
        t_hand_ms: int = 600_000,
        t_per_hand_ms: int = 7_000,
        start_timeout_ms: int | None = None,
        fixed_seats: bool = False,
        log: bool = True,
        transactions: bool = False,
        append: bool = False,
        flavour: str = "acpc",
        err: IO[str] | None = None,
        quiet: bool = False,
        game_file: str = "game",
    ) -> None:
        if len(names) != game.num_players:
            raise InvalidConfigError(f"{game.num_players} names needed, got {len(names)}")
        if hands < 1:
            raise InvalidConfigError(f"hands must be at least 1, not {hands}")
        self.name, self.game, self.hands, self.seed = name, game, hands, seed
        self.names = tuple(names)
        self.config = game.to_config(flavour=flavour)
        self.log_path: Path | None = Path(log_dir) / f"{name}.log" if log else None
        self.tlog_path: Path | None = Path(log_dir) / f"{name}.tlog" if transactions else None
        self.t_response = t_response_ms / 1000
        self.t_hand = t_hand_ms / 1000
        self.t_match = t_per_hand_ms * hands / 1000
        self.options = (t_response_ms, t_hand_ms, t_per_hand_ms)
        self.start_timeout = (
            None if start_timeout_ms is None or start_timeout_ms < 0 else start_timeout_ms / 1000
        )
        self.fixed_seats = fixed_seats
        self.append = append
        self.err = err
        self.quiet = quiet
        self.game_file = game_file
        self._listeners: list[socket.socket] = []
        wanted = list(ports) + [0] * (len(names) - len(ports))
        try:
            for port in wanted[: len(names)]:
                listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
                self._listeners.append(listener)
                listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
                listener.bind((host, port))
                listener.listen(1)
        except OSError:
            self.close()
            raise
        self.ports: tuple[int, ...] = tuple(s.getsockname()[1] for s in self._listeners)
        self._seats: list[_Seat] = []
        self._tlog: IO[str] | None = None

    # ------------------------------------------------------------ standard error
    def _note(self, text: str) -> None:
        """A transcript line (dropped by ``quiet``)."""
        if not self.quiet:
            self._say(text)

    def _say(self, text: str) -> None:
        """A line printed even when ``quiet``: header, WARNING, ERROR, SCORE."""
        if self.err is not None:
            self.err.write(text + "\n")
            self.err.flush()

    # ------------------------------------------------------------ transcript
    def _send(self, seat: int, text: str) -> float:
        try:
            self._seats[seat].sock.sendall((text + "\r\n").encode("ascii"))
        except OSError as exc:
            raise _SeatTimeout(seat, f"ERROR: could not send state to seat {seat + 1}") from exc
        sent = time.time()
        self._note(f"TO {seat + 1} at {sent:.6f} {text}")
        return sent

    def _get_action(self, seat: int, sent: MatchState, sent_at: float) -> str | None:
        """Wait for the seat's answer to ``sent``: the action text after its
        colon (``None``: nothing readable after the state).  Skipped lines
        (comments, bad or un-requested states, over-long lines) are warned
        about as the reference dealer does and waiting goes on."""
        entry = self._seats[seat]
        while True:
            deadline = sent_at + min(
                self.t_response,
                self.t_hand - entry.hand_seconds,
                self.t_match - entry.match_seconds,
            )
            try:
                line = entry.lines.read(deadline)
            except _LineTooLong as exc:
                self._say(
                    f"WARNING: ignoring a line of more than {MAX_LINE_BYTES} bytes from"
                    f" seat {seat + 1}: {_excerpt(exc.head.decode('ascii', 'replace'))}..."
                )
                continue
            except TimeoutError:
                spent = time.monotonic() - sent_at
                if spent >= self.t_response:
                    raise _SeatTimeout(
                        seat,
                        f"ERROR: could not get action from seat {seat + 1}\n"
                        f"{spent:.1f} seconds spent waiting; timeout {self.t_response:.1f}",
                    ) from None
                raise _SeatTimeout(seat, f"ERROR: seat {seat + 1} ran out of time") from None
            except ConnectionError:
                raise _SeatTimeout(
                    seat, f"ERROR: could not get action from seat {seat + 1} (disconnected)"
                ) from None
            self._note(f"FROM {seat + 1} at {time.time():.6f} {line}")
            reply = read_reply(line, sent, self.game)
            if reply.kind is ReplyKind.COMMENT:
                continue
            spent = time.monotonic() - sent_at
            if spent > self.t_response:
                raise _SeatTimeout(
                    seat,
                    f"ERROR: could not get action from seat {seat + 1}\n"
                    f"{spent:.1f} seconds spent waiting; timeout {self.t_response:.1f}",
                )
            over_hand = entry.hand_seconds + spent > self.t_hand
            if over_hand or entry.match_seconds + spent > self.t_match:
                raise _SeatTimeout(seat, f"ERROR: seat {seat + 1} ran out of time")
            if reply.kind is ReplyKind.ANSWER:
                entry.hand_seconds += spent
                entry.match_seconds += spent
                return reply.action
            if reply.warning is not None:
                self._say(reply.warning)

    # ------------------------------------------------------------ match
    def _accept(self, accept_timeout: float | None) -> None:
        start = time.monotonic()
        for seat, listener in enumerate(self._listeners):
            if accept_timeout is not None:
                listener.settimeout(accept_timeout)
            elif self.start_timeout is not None:
                listener.settimeout(max(0.0, start + self.start_timeout - time.monotonic()))
            else:
                listener.settimeout(None)
            try:
                sock, _ = listener.accept()
            except socket.timeout:
                raise _SeatTimeout(
                    seat, f"ERROR: timed out waiting for seat {seat + 1} to connect"
                ) from None
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            self._seats.append(_Seat(sock, _Lines(sock)))
            wait = accept_timeout if accept_timeout else self.t_response
            try:
                line = self._seats[seat].lines.read(time.monotonic() + wait)
            except (TimeoutError, ConnectionError, _LineTooLong):
                raise _SeatTimeout(
                    seat, f"ERROR: could not read version string from seat {seat + 1}"
                ) from None
            parts = line.strip().split(":")
            numbers = parts[1].split(".") if len(parts) == 2 and parts[0] == "VERSION" else []
            if len(numbers) != 3 or not all(n.isascii() and n.isdigit() for n in numbers):
                raise _SeatTimeout(seat, f"ERROR: invalid version string {_excerpt(line)}")
            ours = [int(n) for n in PROTOCOL_VERSION.split(".")]
            theirs = [int(n[:9]) for n in numbers]
            if theirs[0] != ours[0] or theirs[1] > ours[1]:
                self._say(f"ERROR: this server is currently using version {PROTOCOL_VERSION}")

    def _seat_of(self, hand: int) -> list[int]:
        """The seat of each player (position) in ``hand``."""
        n = self.game.num_players
        shift = 0 if self.fixed_seats else hand
        return [(position + shift) % n for position in range(n)]

    def _deal(self, cards: AcpcRandom) -> HandState:
        holes, board = cards.deal(self.game.num_players)
        return deal(self.config, hole_cards=holes, board=board)

    def _play_hand(
        self,
        hand: int,
        state: HandState,
        log: IO[str] | None,
        totals: list[Fraction],
    ) -> None:
        """Play ``hand`` on from ``state`` (freshly dealt, or resumed)."""
        seat_of = self._seat_of(hand)
        sent_at = self._send_all(state, hand, seat_of)
        # every seat is remote: the hand driver's step calls check each
        # action (the protocol's own fix-ups, not the driver's default
        # action, replace a bad reply, as the reference dealer does)
        driver = HandDriver(state, [None] * self.game.num_players, hand_number=hand)
        while (position := driver.to_act) is not None:
            seat = seat_of[position]
            sent = match_state(state, position, hand)
            reply = self._get_action(seat, sent, sent_at[seat][0])
            action, warnings = fix_reply(reply, state)
            for warning in warnings:
                self._say(warning)
            try:
                acpc = acpc_action(action, state)
                state = driver.apply(position, action)
            except IllegalActionError:  # pragma: no cover - fix_reply keeps actions legal
                self._say("WARNING: invalid action, changed to call")
                acpc = AcpcAction("c")
                state = driver.apply(position, _call(legal_actions(state).can_check))
            if self._tlog is not None:
                self._tlog.write(f"{acpc} {hand} {sent_at[seat][1]:.6f} {time.time():.6f}\n")
                self._tlog.flush()
            if not state.is_over:
                sent_at = self._send_all(state, hand, seat_of)
        self._finish_hand(hand, state, log, totals, seat_of)
        self._send_all(state, hand, seat_of)
        if hand % 100 == 0:
            for seat, entry in enumerate(self._seats):
                self._note(
                    f"Seconds cumulatively spent in match for seat {seat}:"
                    f" {int(entry.match_seconds)}"
                )

    def _finish_hand(
        self,
        hand: int,
        state: HandState,
        log: IO[str] | None,
        totals: list[Fraction],
        seat_of: list[int],
    ) -> None:
        line = state_line(state, hand, [self.names[s] for s in seat_of])
        if log is not None:
            log.write(f"{line}\n")
            log.flush()
        for position, value in enumerate(line.values):
            totals[seat_of[position]] += value

    def _send_all(
        self, state: HandState, hand: int, seat_of: list[int]
    ) -> list[tuple[float, float]]:
        """Send every seat its view; ``(monotonic, wall clock)`` time per seat."""
        times = []
        for seat in range(len(self._seats)):
            position = seat_of.index(seat)
            wall = self._send(seat, str(match_state(state, position, hand)))
            times.append((time.monotonic(), wall))
        return times

    def _resume(
        self, lines: list[str], cards: AcpcRandom, totals: list[Fraction]
    ) -> tuple[int, HandState]:
        """Replay a transaction file; the hand to go on with and its state."""
        hand = 0
        state = self._deal(cards)
        for entry in self._seats:
            entry.hand_seconds = 0.0
        for text in lines:
            fields = text.split()
            try:
                acpc = AcpcAction.parse(fields[0])
                number, sent, received = int(fields[1]), float(fields[2]), float(fields[3])
            except (IndexError, ValueError, PokerError):
                raise _SeatTimeout(
                    -1, f"ERROR: could not parse transaction line {_excerpt(text)}"
                ) from None
            if number != hand or hand >= self.hands:
                raise _SeatTimeout(
                    -1, f"ERROR: handId mismatch in transaction log: {_excerpt(text)}"
                )
            position = state.to_act
            assert position is not None  # a new hand is dealt once one is over
            seat = self._seat_of(hand)[position]
            try:
                action = engine_action(acpc, state)
                state = act(state, action)
            except PokerError:
                raise _SeatTimeout(
                    -1, f"ERROR: invalid action in transaction log: {_excerpt(text)}"
                ) from None
            spent = max(0.0, received - sent)
            entry = self._seats[seat]
            entry.hand_seconds += spent
            entry.match_seconds += spent
            if (
                spent > self.t_response
                or entry.hand_seconds > self.t_hand
                or entry.match_seconds > self.t_match
            ):
                raise _SeatTimeout(
                    seat, f"ERROR: seat {seat + 1} ran out of time in transaction file"
                )
            if state.is_over:
                self._finish_hand(hand, state, None, totals, self._seat_of(hand))
                hand += 1
                state = self._deal(cards)
                for entry in self._seats:
                    entry.hand_seconds = 0.0
        return hand, state

    def _header(self) -> str:
        return (
            f"# name/game/hands/seed {self.name} {self.game_file} {self.hands} {self.seed}\n"
            f"#--t_response {self.options[0]}\n#--t_hand {self.options[1]}\n"
            f"#--t_per_hand {self.options[2]}\n"
        )

    def run(
        self, *, accept_timeout: float | None = None, out: IO[str] | None = None
    ) -> DealerResult:
        """Wait for every seat, play the match, write the log.

        Args:
            accept_timeout: Seconds to wait for each seat to connect and send
                its version (``None``: the ``start_timeout_ms`` given, for
                all seats together).
            out: Where the ``SCORE`` line is printed (default standard output;
                it also goes to ``err``).

        Returns:
            The :class:`DealerResult` (status 1 and ``error`` when a seat timed
            out, ran out of time or disconnected, or the transaction file
            could not be replayed; the log then has no ``SCORE`` line, and
            the ``ERROR`` line is on ``err`` even when ``quiet``).
        """
        out = sys.stdout if out is None else out
        totals = [Fraction(0)] * len(self.names)
        played = 0
        mode = "a" if self.append else "w"
        done: list[str] = []
        if self.tlog_path is not None and self.append and self.tlog_path.exists():
            done = [t for t in self.tlog_path.read_text(encoding="ascii").splitlines() if t]
        log: IO[str] | None = None
        try:
            if self.log_path is not None:
                self.log_path.parent.mkdir(parents=True, exist_ok=True)
                log = open(self.log_path, mode, encoding="ascii")
                log.write(self._header())
                log.flush()
            if self.tlog_path is not None:
                self.tlog_path.parent.mkdir(parents=True, exist_ok=True)
                self._tlog = open(self.tlog_path, mode, encoding="ascii")
            self._say(self._header().rstrip("\n"))
            self._accept(accept_timeout)
            cards = AcpcRandom(self.seed)
            self._note(f"STARTED at {time.time():.6f}")
            hand, state = self._resume(done, cards, totals)
            played = hand
            while hand < self.hands:
                self._play_hand(hand, state, log, totals)
                for entry in self._seats:
                    entry.hand_seconds = 0.0
                played += 1
                hand += 1
                if hand < self.hands:
                    state = self._deal(cards)
            score = ScoreLine(tuple(totals), self.names)
            if log is not None:
                log.write(f"{score}\n")
        except (_SeatTimeout, socket.timeout, OSError) as exc:
            message = exc.message if isinstance(exc, _SeatTimeout) else f"ERROR: {exc}"
            self._say(message)
            self.close(log)
            return DealerResult(1, played, tuple(totals), message, self.log_path)
        self._note(f"FINISHED at {time.time():.6f}")
        out.write(f"{score}\n")
        out.flush()
        if out is not self.err:
            self._say(str(score))
        self.close(log)
        return DealerResult(0, played, tuple(totals), None, self.log_path)

    def close(self, log: IO[str] | None = None) -> None:
        """Close every connection, listening socket and open file."""
        for handle in (log, self._tlog):
            if handle is not None:
                handle.close()
        self._tlog = None
        for entry in self._seats:
            try:
                entry.sock.close()
            except OSError:  # pragma: no cover
                pass
        for listener in self._listeners:
            try:
                listener.close()
            except OSError:  # pragma: no cover
                pass
