"""ACPC protocol 2.0.0 over TCP: a client for our policies and a dealer.

:class:`AcpcClient` lets any :class:`~pokerkit_core.policy.Policy` play a match
on an ACPC dealer (the reference ``dealer`` or ours): it sends
``VERSION:2.0.0``, rebuilds the hand from each ``MATCHSTATE`` line and, when
its seat is to act, replies with the state, a colon and its action.

:class:`AcpcDealer` runs a match the way the ACPC dealer v1.0.42 does: it
listens on one port per seat, deals with the dealer's own random generator
(the same seed gives the same cards as the reference dealer), rotates
positions every hand, sends every seat its view after every action, writes
``<name>.log`` (header, ``STATE`` lines, ``SCORE`` line) and prints the
``SCORE`` line.  Bad replies are fixed up as the reference dealer does
(``WARNING`` lines; INTEROP.md 1.5); a reply timeout, a seat out of time or a
disconnect ends the match at once: ``ERROR`` line, exit status 1, no ``SCORE``,
the log keeps the finished hands (INTEROP.md 1.6).

References:
    INTEROP.md sections 1.2, 1.3, 1.5, 1.6; the ACPC protocol document 2.0.0.
"""

from __future__ import annotations

import random
import socket
import sys
import time
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import IO, Sequence

from .actions import Action, Call, Check, Fold
from .cards import CARDS, Card
from .errors import IllegalActionError, InvalidConfigError, PokerError
from .history.acpc import AcpcAction, AcpcGame, MatchState, ScoreLine, format_value
from .history.replay import (
    acpc_action,
    engine_action,
    match_state,
    state_from_match_state,
    state_line,
)
from .observation import observe
from .policy import Policy
from .rules import BettingStructure, GameConfig
from .state import HandState, act, deal, legal_actions

__all__ = [
    "PROTOCOL_VERSION",
    "AcpcClient",
    "AcpcDealer",
    "DealerResult",
    "AcpcRandom",
    "fix_reply",
]

PROTOCOL_VERSION = "2.0.0"
"""The protocol version both sides speak."""

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
        faults: Decisions replaced by a check or fold because the policy
            failed or chose an illegal action (text descriptions).
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
            HistoryParseError: A ``MATCHSTATE`` line that cannot be read or
                whose betting does not replay in the game.
        """
        line = line.rstrip("\r\n")
        if not line.startswith("MATCHSTATE:"):
            return None
        message = MatchState.parse(line)
        state = state_from_match_state(self.config, message)
        position = message.position
        if message.hand_number != self._hand:
            self._hand = message.hand_number
            hook = getattr(self.policy, "hand_started", None)
            if callable(hook):
                hook(observe(state, position, hand_number=message.hand_number))
        if state.is_over:
            if self._ended != message.hand_number:
                self._ended = message.hand_number
                self.hands_played += 1
                hook = getattr(self.policy, "hand_ended", None)
                if callable(hook):
                    seen = observe(state, position, hand_number=message.hand_number)
                    hook(seen, state.hand_results)
            return None
        if state.to_act != position:
            return None
        observation = observe(state, position, hand_number=message.hand_number)
        legal = observation.legal
        action: Action
        try:
            action = self.policy.decide(observation)
            if legal is None or action not in legal:
                raise PokerError(f"illegal action {action}")
        except Exception as exc:  # a policy fault must not end the match
            self.faults.append(f"hand {message.hand_number}: {exc}")
            action = Check if legal is not None and legal.can_check else Fold
        return f"{line}:{acpc_action(action, state)}"

    def play(self, host: str, port: int, *, timeout: float | None = None) -> int:
        """Connect to a dealer and play until it closes the connection.

        Args:
            host: Dealer host name or address.
            port: The seat's port.
            timeout: Seconds to wait for any one line (``None``: forever).

        Returns:
            The number of hands played to the end.

        Raises:
            OSError: The connection could not be made (or timed out).
            HistoryParseError: The dealer sent a state this client cannot
                follow.
        """
        with socket.create_connection((host, port), timeout=timeout) as sock:
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            sock.settimeout(timeout)
            sock.sendall(f"VERSION:{PROTOCOL_VERSION}\r\n".encode("ascii"))
            reader = sock.makefile("rb")
            for raw in reader:
                reply = self.respond(raw.decode("ascii", "replace"))
                if reply is not None:
                    sock.sendall((reply + "\r\n").encode("ascii"))
        return self.hands_played


# --------------------------------------------------------------------------- dealing


class AcpcRandom:
    """The ACPC dealer's card dealing: MT19937 seeded with ``init_genrand(seed)``.

    One generator serves the whole match; each hand draws the players' hole
    cards (player order) then the board, each card by
    ``genrand_int32() % cards_left`` from the dealer's deck order, the drawn
    slot being filled with the last card.

    Args:
        seed: The match seed (32-bit).
    """

    def __init__(self, seed: int) -> None:
        state = [seed & 0xFFFFFFFF]
        for i in range(1, 624):
            prev = state[-1]
            state.append((1812433253 * (prev ^ (prev >> 30)) + i) & 0xFFFFFFFF)
        self._rng = random.Random()
        self._rng.setstate((3, tuple(state + [624]), None))

    def deal(
        self, players: int, hole: int = 2, board: int = 5
    ) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
        """Cards of the next hand: hole cards per player, and the board.

        Args:
            players: Players dealt.
            hole: Hole cards each.
            board: Board cards.

        Returns:
            ``(hole cards per player, board)``.
        """
        deck = [rank * 4 + suit for suit in range(4) for rank in range(13)]
        left = len(deck)
        drawn: list[Card] = []
        for _ in range(players * hole + board):
            index = self._rng.getrandbits(32) % left
            drawn.append(CARDS[deck[index]])
            deck[index] = deck[left - 1]
            left -= 1
        holes = tuple(tuple(drawn[p * hole:(p + 1) * hole]) for p in range(players))
        return holes, tuple(drawn[players * hole:])


# --------------------------------------------------------------------------- dealer


def fix_reply(text: str, state: HandState) -> tuple[Action, list[str]]:
    """The action the ACPC dealer plays for a bot's reply, with its warnings.

    Args:
        text: The action part of the reply (after the state and colon).
        state: The hand before the action.

    Returns:
        ``(engine action, warnings)``; the warnings are the dealer's lines,
        e.g. ``"WARNING: raise of 150 increased to 200"``.

    Raises:
        HandOverError: The hand is over.

    References:
        INTEROP.md section 1.5.
    """
    warnings: list[str] = []
    legal = legal_actions(state)
    fixed = state.config.betting is BettingStructure.FIXED_LIMIT
    code = text[:1]
    digits = text[1:]
    if code in ("f", "F"):
        if legal.can_check:
            warnings.append("WARNING: invalid action, changed to call")
            return _call(legal.can_check), warnings
        return Fold, warnings
    if code in ("c", "C", "k", "K"):
        return _call(legal.can_check), warnings
    if code in ("r", "R", "b", "B"):
        # ASCII digits only (str.isdigit also takes "²" and other scripts),
        # and few enough to print: anything longer is above every stack
        if not fixed and not (digits.isascii() and digits.isdigit() and len(digits) <= 30):
            warnings.append("WARNING: bad action format in response, changed to call")
            return _call(legal.can_check), warnings
        if not (legal.can_bet or legal.can_raise):
            warnings.append("WARNING: invalid action, changed to call")
            return _call(legal.can_check), warnings
        if fixed:
            return engine_action(AcpcAction("r"), state), warnings
        seat = legal.seat
        before = state.contributions[seat] - state.bets[seat]
        low, high = legal.min_raise_to + before, legal.max_raise_to + before
        size = int(digits)
        if size < low:
            warnings.append(f"WARNING: raise of {size} increased to {low}")
            size = low
        elif size > high:
            warnings.append(f"WARNING: raise of {size} decreased to {high}")
            size = high
        return engine_action(AcpcAction("r", size), state), warnings
    warnings.append("WARNING: invalid action, changed to call")
    return _call(legal.can_check), warnings


def _call(can_check: bool) -> Action:
    return Check if can_check else Call


class _SeatTimeout(Exception):
    """A seat did not answer in time, ran out of time, or disconnected."""

    def __init__(self, seat: int, message: str) -> None:
        super().__init__(seat, message)
        self.seat = seat
        self.message = message


@dataclass
class DealerResult:
    """How a dealer run ended.

    Attributes:
        status: 0 = match finished, 1 = stopped (timeout, disconnect, bad
            version line).
        hands_played: Hands finished and logged.
        totals: Chips won per seat (command-line order).
        error: The ``ERROR`` text when stopped, else ``None``.
        log_path: The log written.
    """

    status: int
    hands_played: int
    totals: tuple[Fraction, ...]
    error: str | None = None
    log_path: Path | None = None


@dataclass
class _Seat:
    sock: socket.socket
    buffer: bytes = b""
    match_seconds: float = 0.0
    hand_seconds: float = 0.0


class AcpcDealer:
    """A dealer that runs an ACPC match (protocol 2.0.0) between TCP clients.

    Args:
        name: Match name (the log is ``<name>.log``).
        game: The game.
        hands: Hands to play.
        seed: Dealer seed (cards as the reference dealer deals them).
        names: Player names, one per seat (command-line order).
        ports: Port per seat (0 or missing = any free port).
        host: Address to listen on.
        log_dir: Folder for the log.
        t_response_ms: Most milliseconds for one reply.
        t_hand_ms: Most milliseconds a seat may spend in one hand.
        t_per_hand_ms: Average milliseconds per hand for the match budget.
        flavour: Rule flavour (``"acpc"``: the dealer's rules).
        err: Where ``TO``/``FROM``/``WARNING``/``ERROR`` lines go
            (``None``: nowhere; the reference dealer uses standard error).
        game_file: Game file name written in the log header.

    Raises:
        InvalidConfigError: The game cannot be played, or the names do not
            match its player count.
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
        host: str = "0.0.0.0",
        log_dir: str | Path = ".",
        t_response_ms: int = 600_000,
        t_hand_ms: int = 600_000,
        t_per_hand_ms: int = 7_000,
        flavour: str = "acpc",
        err: IO[str] | None = None,
        game_file: str = "game",
    ) -> None:
        if len(names) != game.num_players:
            raise InvalidConfigError(f"{game.num_players} names needed, got {len(names)}")
        if hands < 0:
            raise InvalidConfigError("hands must be >= 0")
        self.name, self.game, self.hands, self.seed = name, game, hands, seed
        self.names = tuple(names)
        self.config = game.to_config(flavour=flavour)
        self.log_path = Path(log_dir) / f"{name}.log"
        self.t_response = t_response_ms / 1000
        self.t_hand = t_hand_ms / 1000
        self.t_match = t_per_hand_ms * hands / 1000
        self.options = (t_response_ms, t_hand_ms, t_per_hand_ms)
        self.err = err
        self.game_file = game_file
        self._listeners: list[socket.socket] = []
        wanted = list(ports) + [0] * (len(names) - len(ports))
        for port in wanted[: len(names)]:
            listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            listener.bind((host, port))
            listener.listen(1)
            self._listeners.append(listener)
        self.ports: tuple[int, ...] = tuple(s.getsockname()[1] for s in self._listeners)
        self._seats: list[_Seat] = []

    # ------------------------------------------------------------ transcript
    def _note(self, text: str) -> None:
        if self.err is not None:
            self.err.write(text + "\n")
            self.err.flush()

    def _send(self, seat: int, text: str) -> None:
        self._note(f"TO {seat + 1} at {time.time():.6f} {text}")
        try:
            self._seats[seat].sock.sendall((text + "\r\n").encode("ascii"))
        except OSError as exc:
            raise _SeatTimeout(seat, f"ERROR: could not send state to seat {seat + 1}") from exc

    def _read_line(self, seat: int, deadline: float) -> str:
        entry = self._seats[seat]
        while b"\n" not in entry.buffer:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError
            entry.sock.settimeout(remaining)
            try:
                chunk = entry.sock.recv(4096)
            except socket.timeout as exc:
                raise TimeoutError from exc
            except OSError as exc:
                raise ConnectionError(str(exc)) from exc
            if not chunk:
                raise ConnectionError("connection closed")
            entry.buffer += chunk
        line, entry.buffer = entry.buffer.split(b"\n", 1)
        return line.decode("ascii", "replace").rstrip("\r")

    def _get_action(self, seat: int, sent: str, sent_at: float) -> str:
        """Wait for the seat's reply to ``sent``; returns the action text."""
        entry = self._seats[seat]
        while True:
            deadline = sent_at + min(
                self.t_response,
                self.t_hand - entry.hand_seconds,
                self.t_match - entry.match_seconds,
            )
            try:
                line = self._read_line(seat, deadline)
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
            if line.startswith("#") or line.startswith(";"):
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
            if line.startswith(sent + ":"):
                entry.hand_seconds += spent
                entry.match_seconds += spent
                return line[len(sent) + 1:]
            self._note("WARNING: ignoring un-requested response")

    # ------------------------------------------------------------ match
    def _accept(self, accept_timeout: float | None) -> None:
        for seat, listener in enumerate(self._listeners):
            listener.settimeout(accept_timeout)
            sock, _ = listener.accept()
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            self._seats.append(_Seat(sock))
            deadline = time.monotonic() + (accept_timeout if accept_timeout else self.t_response)
            try:
                line = self._read_line(seat, deadline)
            except (TimeoutError, ConnectionError):
                raise _SeatTimeout(
                    seat, f"ERROR: could not read version from seat {seat + 1}"
                ) from None
            parts = line.strip().split(":")
            numbers = parts[1].split(".") if len(parts) == 2 and parts[0] == "VERSION" else []
            if len(numbers) != 3 or not all(n.isdigit() for n in numbers):
                raise _SeatTimeout(seat, f"ERROR: invalid version string {line!r}")
            if numbers[0] != PROTOCOL_VERSION.split(".")[0]:
                self._note(
                    f"ERROR: this server is using protocol version {PROTOCOL_VERSION}, "
                    f"seat {seat + 1} is using {parts[1]}"
                )

    def _play_hand(
        self, hand: int, cards: AcpcRandom, log: IO[str], totals: list[Fraction]
    ) -> None:
        n = self.game.num_players
        seat_of = [(position + hand) % n for position in range(n)]
        holes, board = cards.deal(n)
        state = deal(self.config, hole_cards=holes, board=board)
        for entry in self._seats:
            entry.hand_seconds = 0.0
        self._send_all(state, hand, seat_of)
        while not state.is_over:
            position = state.to_act
            if position is None:  # pragma: no cover - guarded by is_over
                break
            seat = seat_of[position]
            sent = str(match_state(state, position, hand))
            reply = self._get_action(seat, sent, time.monotonic())
            action, warnings = fix_reply(reply, state)
            for warning in warnings:
                self._note(warning)
            try:
                state = act(state, action)
            except IllegalActionError:  # pragma: no cover - fix_reply keeps actions legal
                self._note("WARNING: invalid action, changed to call")
                state = act(state, _call(legal_actions(state).can_check))
            self._send_all(state, hand, seat_of)
        line = state_line(state, hand, [self.names[s] for s in seat_of])
        log.write(f"{line}\n")
        log.flush()
        for position, value in enumerate(line.values):
            totals[seat_of[position]] += value

    def _send_all(self, state: HandState, hand: int, seat_of: list[int]) -> None:
        for seat in range(len(self._seats)):
            position = seat_of.index(seat)
            self._send(seat, str(match_state(state, position, hand)))

    def run(
        self, *, accept_timeout: float | None = None, out: IO[str] | None = None
    ) -> DealerResult:
        """Wait for every seat, play the match, write the log.

        Args:
            accept_timeout: Seconds to wait for each seat to connect and send
                its version (``None``: forever).
            out: Where the ``SCORE`` line is printed (default standard output).

        Returns:
            The :class:`DealerResult` (status 1 and ``error`` when a seat timed
            out, ran out of time or disconnected; the log then has no
            ``SCORE`` line).
        """
        out = sys.stdout if out is None else out
        totals = [Fraction(0)] * len(self.names)
        played = 0
        self.log_path.parent.mkdir(parents=True, exist_ok=True)
        with open(self.log_path, "w", encoding="ascii") as log:
            log.write(
                f"# name/game/hands/seed {self.name} {self.game_file} {self.hands} {self.seed}\n"
                f"#--t_response {self.options[0]}\n#--t_hand {self.options[1]}\n"
                f"#--t_per_hand {self.options[2]}\n"
            )
            log.flush()
            try:
                self._accept(accept_timeout)
                cards = AcpcRandom(self.seed)
                self._note(f"STARTED at {time.time():.6f}")
                for hand in range(self.hands):
                    self._play_hand(hand, cards, log, totals)
                    played += 1
            except (_SeatTimeout, socket.timeout, OSError) as exc:
                message = exc.message if isinstance(exc, _SeatTimeout) else f"ERROR: {exc}"
                self._note(message)
                self.close()
                return DealerResult(1, played, tuple(totals), message, self.log_path)
            score = ScoreLine(tuple(totals), self.names)
            log.write(f"{score}\n")
        self._note(f"FINISHED at {time.time():.6f}")
        out.write(f"{score}\n")
        out.flush()
        self.close()
        return DealerResult(0, played, tuple(totals), None, self.log_path)

    def close(self) -> None:
        """Close every connection and listening socket."""
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


def format_score(totals: Sequence[Fraction], names: Sequence[str]) -> str:
    """A ``SCORE`` line: ``SCORE:<totals>:<names>`` (values as the dealer prints)."""
    return f"SCORE:{'|'.join(format_value(t) for t in totals)}:{'|'.join(names)}"

