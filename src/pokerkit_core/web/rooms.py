"""A room: one table of the web server over a :class:`~pokerkit_core.tables.session.TableSession`.

A room is built only from the library's public API: a
:class:`~pokerkit_core.tables.session.TableConfig` (a cash table), a
:class:`~pokerkit_core.tables.tournament.TournamentConfig` preset (a sit-and-go) or
the ACPC heads-up format; people are ``None`` seats the room drives with
:meth:`~pokerkit_core.tables.session.TableSession.apply_async` and
:meth:`~pokerkit_core.tables.session.TableSession.time_out_async`, computer players are
policies loaded by level, deciding in the server's thread pool
(:mod:`.computer`) so a slow one holds up only its own room.  The methods
that move a hand (:meth:`Room.deal`, :meth:`Room.act`, :meth:`Room.time_out`,
:meth:`Room.resume`) are coroutines the lobby runs under the room's
:attr:`Room.lock`, one at a time per room; every other method is synchronous
and leaves the room consistent.

References:
    docs/rules.rst section 3 (rooms limited by hands or time, no cash-out),
    section 4 (ACPC heads-up: 20,000 chips reset every hand), section 5
    (sit-and-go modes), section 7 (computer players' levels).
"""

from __future__ import annotations

import asyncio
import dataclasses
import hashlib
import hmac
import json
import secrets
import time
from dataclasses import dataclass
from typing import Any, Iterable, cast

from ..engine.actions import Action, ActionKind, LegalActions
from ..engine.events import ActionTaken
from ..errors import ActionParseError, IllegalActionError, InvalidConfigError, NotYourTurnError, PokerError
from ..engine.observation import Observation, observe
from ..engine.policy import Policy, load_policy
from ..engine.rules import MAX_CHIPS, AnteRule, BettingStructure, GameConfig
from ..seeding import fresh_seed, policy_seed
from ..formats.serialize import dumps as dump_value
from ..formats.serialize import loads as load_value
from ..engine.state import HandState
from ..tables.session import Blinds, SeatState, StackMode, TableConfig, TableSession
from ..tables.tournament import TournamentConfig, eliminations, rank_players
from .computer import ComputerPool, OffLoopPolicy
from .home import Chat, ChipLog, settlement
from .limits import RESUME_SECONDS, TIME_BANK_REFILL_HANDS, TIME_BANK_REFILL_SECONDS
from .protocol import HostRequest, JoinRequest, ProtocolError, RoomRequest
from .views import (
    EventTexts,
    hand_result_data,
    legal_field,
    pots_data,
    public_text,
    seat_fields,
    split_public,
)

__all__ = ["Room", "SeatMeta", "SAVE_VERSION", "hash_token"]

SAVE_VERSION = 1
"""Version of a room's saved form (``store.rooms.data``)."""

_DEFAULT_STACK = 10_000
_COMPACT = (",", ":")
_SPECTATOR_SEAT = '"seat":null,"hole_cards":[]'


def hash_token(token: str) -> str:
    """SHA-256 of a seat token, hex (only the hash is kept)."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


@dataclass
class SeatMeta:
    """What the room knows of a seat besides the session.

    Attributes:
        player: ``"human"``, ``"ai"`` or ``"empty"``.
        level: The computer player's level (``"ai"`` seats).
        name: Display name ("" while open).
        token_hash: SHA-256 of the seat's token once someone joined.
        brought: Chips the seat brought to the table.
        fill: A person joined this empty seat; dealt in from the next hand.
        sit_out: What the person asked for the next hand (``None``: nothing).
        pending: A person asked for this seat; the host has not answered.
        missed: Time-outs of the person in a row.
        away: Sat out by the room after ``missed_turns`` time-outs in a row.
        wait_bb: Back from sitting out; dealt in at the first hand in which
            the seat is the big blind (house rule ``wait``).
        bank: Seconds left in the person's time bank.
        twice: The person agreed to run it twice at the all-in now being
            asked about (option ``ask``; ``False`` once it is answered).
        add: Chips of the person's rebuys and top-ups, added at the next deal.
        asked: Chips of a rebuy or top-up waiting for the host's approval.
        take: Chips the host takes away at the next deal.
        given: Chips the host adds at the next deal.
        kick: The player leaves at the next deal (the host kicked them).
        cashed: Chips cashed out from the seat (negative or 0).
    """

    player: str
    level: str | None = None
    name: str = ""
    token_hash: str | None = None
    brought: int = 0
    fill: bool = False
    sit_out: bool | None = None
    pending: bool = False
    missed: int = 0
    away: bool = False
    wait_bb: bool = False
    bank: float = 0.0
    twice: bool = False
    add: int = 0
    asked: int = 0
    take: int = 0
    given: int = 0
    kick: bool = False
    cashed: int = 0


class Room:
    """One room of the server.

    Built with :meth:`create` (from a checked request) or :meth:`load` (from
    its saved form); see ``docs/web.rst`` for what each field means on the
    wire.
    """

    def __init__(
        self,
        room_id: str,
        *,
        name: str,
        kind: str,
        mode: str | None,
        seats: list[SeatMeta],
        session: TableSession,
        settings: dict[str, Any],
        created: float,
        seed: int,
    ) -> None:
        self.id = room_id
        self.name = name
        self.kind = kind
        self.mode = mode
        self.seats = seats
        self.session = session
        self.settings = settings
        self.created = created
        self.seed = seed
        self.seq = 0
        self.owner_hash: str | None = None  # SHA-256 of the creator's token (closes the room)
        self.touched = created  # wall time of the last change, seconds since the epoch
        self.deadline: float | None = None  # time.monotonic() when the person to act times out
        self.last_state: HandState | None = None  # the last finished hand
        self.last_hand: dict[str, Any] | None = None
        self.nets = [0] * len(seats)
        self.dealt = [0] * len(seats)
        self.counted = 0  # records counted into nets
        self._eliminated: tuple[int, dict[int, tuple[int, int]]] = (-1, {})
        self._events = EventTexts()
        self._holes: tuple[int | None, dict[int, str]] = (-1, {})
        self.lock = asyncio.Lock()  # held while the room's hand moves (a computer seat may think)
        self._public_cache: tuple[
            object, Observation | None, tuple[str, str, str] | None, LegalActions | None
        ] = (None, None, None, None)
        self._between_cache: tuple[object, str] = (None, "")
        self.paused = False
        self.chips = ChipLog()
        self.departed: list[dict[str, Any]] = []  # ledger lines of players who left
        self.chat = Chat()
        self.banking: tuple[int, float] | None = None  # (seat, monotonic start) in the time bank
        self.version = 0  # bumped by every change the between-hands text shows
        self.offer: dict[str, Any] | None = None  # run it twice asked at the all-in (_offer)
        self.paused_at: float | None = None  # time.monotonic() when the host paused: the clock stops
        self.seat_names: list[tuple[int, list[str]]] = []  # (from hand, names()) at each change

    # -- building ------------------------------------------------------

    @classmethod
    def create(cls, room_id: str, request: RoomRequest, pool: ComputerPool | None = None) -> Room:
        """A new room from a checked request.

        Args:
            room_id: The room's id.
            request: The checked request.
            pool: Where the computer seats decide (``None``: in the caller's
                thread, inside the event loop).

        Raises:
            ProtocolError: ``bad_config`` when the engine refuses the table
                (the message is the engine's: e.g. a small blind above the
                big blind, straddles with fixed-limit betting), a sit-and-go
                or ACPC room with the wrong number of seats, an empty seat
                outside a cash room.
        """
        seed = request.seed if request.seed is not None else fresh_seed()
        seats = [SeatMeta(s.player, s.level) for s in request.seats]
        n = len(seats)
        mode: str | None = None
        if request.kind == "sitngo":
            tournament = _tournament(request.mode)
            if n != tournament.players:
                raise ProtocolError(
                    "bad_config", f"a {request.mode} sit-and-go has {tournament.players} seats, got {n}"
                )
            config = tournament.table_config()
            mode = request.mode
        elif request.kind == "acpc":
            if n != 2:
                raise ProtocolError("bad_config", f"an ACPC room is heads-up (2 seats), got {n}")
            acpc = GameConfig.acpc_heads_up()
            config = TableConfig(
                stacks=acpc.stacks,
                blinds=Blinds(acpc.small_blind, acpc.big_blind),
                stack_mode=StackMode.RESET,
                max_hands=request.max_hands,
                max_seconds=None if request.max_minutes is None else request.max_minutes * 60,
            )
        else:
            config = _cash_config(request, seats)
        if request.kind != "cash" and any(s.player == "empty" for s in seats):
            raise ProtocolError("bad_config", "only cash rooms have empty seats")
        for seat, meta in enumerate(seats):
            meta.brought = config.stacks[seat]
            meta.bank = request.time_bank_seconds
            if meta.player == "ai":
                meta.name = f"{meta.level}-{seat}"
        cash = request.kind == "cash"
        settings = {
            "decision_seconds": request.decision_seconds,
            "pause_seconds": request.pause_seconds,
            "max_minutes": request.max_minutes,
            "join_stack": max(config.stacks),
            "rebuy": request.rebuy if cash else "off",
            "max_buy_in": max(request.max_buy_in or 0, max(config.stacks)),
            "seat_approval": request.seat_approval,
            "missed_turns": request.missed_turns if cash else 0,
            "return_rule": request.return_rule,
            "time_bank_seconds": request.time_bank_seconds,
            "run_it_twice": request.run_it_twice if cash else "never",
            "next_blinds": None,
        }
        session = TableSession(config, _players(seats, seed, pool), seed=seed,
                               hold_run_out=settings["run_it_twice"] == "ask")
        room = cls(
            room_id, name=request.name, kind=request.kind, mode=mode, seats=seats,
            session=session, settings=settings, created=time.time(), seed=seed,
        )
        for seat, meta in enumerate(seats):
            if config.stacks[seat]:
                room.chips.add(0, seat, meta.name or f"seat {seat + 1}", "buy-in", config.stacks[seat])
        return room

    def save(self) -> dict[str, Any]:
        """The room's saved form (JSON-ready): settings, seats, session snapshot."""
        return {
            "version": SAVE_VERSION,
            "name": self.name,
            "kind": self.kind,
            "mode": self.mode,
            "seed": self.seed,
            "seq": self.seq,
            "settings": self.settings,
            "seats": [dataclasses.asdict(meta) for meta in self.seats],
            "session": self.session.snapshot(),
            "deadline_at": self.deadline_at(),
            "owner_hash": self.owner_hash,
            "touched": self.touched,
            "home": {"paused": self.paused, "chips": self.chips.data(),
                     "departed": self.departed,
                     "seat_names": [[hand, names] for hand, names in self.seat_names]},
        }

    def deadline_at(self) -> float | None:
        """When the person to act times out, seconds since the epoch (``None``: nobody).

        The room's timer runs on :func:`time.monotonic`; the saved form
        keeps wall time, so the countdown goes on across a restart.
        """
        if self.deadline is None:
            return None
        return time.time() + (self.deadline - self.now())

    def now(self) -> float:
        """The room's clock, :func:`time.monotonic` seconds: stopped while the host pauses."""
        return time.monotonic() if self.paused_at is None else self.paused_at

    def resume_clock(self, deadline_at: float | None) -> None:
        """Set the person to act's deadline from a saved :meth:`deadline_at`.

        The time already used before a restart stays used (the server's
        down time counts too), but the person gets at least
        :data:`~.limits.RESUME_SECONDS` after the restart to reconnect and
        act.  Nothing happens when no person is to act or nothing was saved.

        Args:
            deadline_at: Seconds since the epoch, or ``None``.
        """
        if deadline_at is None or self.session.to_act is None:
            return
        left = min(float(deadline_at) - time.time(), float(self.settings["decision_seconds"]))
        self.deadline = time.monotonic() + max(left, RESUME_SECONDS)

    @classmethod
    def load(
        cls,
        room_id: str,
        created: float,
        data: dict[str, Any],
        last_state: str | None,
        progress: tuple[int, int, list[str], float | None] | None = None,
        pool: ComputerPool | None = None,
    ) -> Room:
        """A room rebuilt from :meth:`save`, going on where it was.

        Args:
            room_id: The room.
            created: Creation time, seconds since the epoch.
            data: What :meth:`save` returned (after a JSON round trip).
            last_state: JSON of the last finished hand's final state, if any.
            progress: ``(hand, seq, actions, deadline)`` of the hand in
                progress played since :meth:`save` (:meth:`actions`; the
                deadline as :meth:`deadline_at`), if any.
            pool: As for :meth:`create`.

        Raises:
            InvalidConfigError: The saved form does not restore (the message
                names the field).
        """
        if data.get("version") != SAVE_VERSION:
            raise InvalidConfigError(f"room {room_id}: saved form version {data.get('version')!r}")
        seats = [SeatMeta(**meta) for meta in data["seats"]]
        pending = data["session"].get("hand")
        deadline_at = data.get("deadline_at")
        if progress is not None and pending is not None and pending["hand_number"] == progress[0]:
            pending["actions"] = progress[2]
            data["seq"] = progress[1]
            deadline_at = progress[3]
        blinds = _tournament(data["mode"]).schedule if data["kind"] == "sitngo" else None
        session = TableSession.restore(data["session"], _players(seats, data["seed"], pool),
                                        blinds=blinds,
                                        hold_run_out=data["settings"].get("run_it_twice") == "ask")
        room = cls(
            room_id, name=data["name"], kind=data["kind"], mode=data["mode"], seats=seats,
            session=session, settings=data["settings"], created=created, seed=data["seed"],
        )
        room.seq = data["seq"]
        home = data.get("home") or {}
        room.paused = bool(home.get("paused", False))
        room.chips = ChipLog.load(home.get("chips", ()))
        room.departed = list(home.get("departed", ()))
        room.seat_names = [(int(hand), [str(n) for n in names]) for hand, names in home.get("seat_names", ())]
        room.owner_hash = data.get("owner_hash")
        room.touched = float(data.get("touched", created))
        room.resume_clock(deadline_at)
        if room.paused:
            room.paused_at = time.monotonic()  # the clock stays stopped
        if last_state is not None:
            state = load_value(last_state)
            if isinstance(state, HandState):
                room._finished(state)
        room.count_records()
        room._after_step()  # a run-out held at the save is asked about again
        return room

    # -- queries -------------------------------------------------------

    @property
    def started(self) -> bool:
        """A hand has been dealt (or is being dealt)."""
        return self.session.hand_count > 0 or not self.session.is_between_hands

    @property
    def limit_reached(self) -> bool:
        """The room's hand or time limit is reached (no hand in progress)."""
        session = self.session
        if not session.is_between_hands:
            return False
        config = session.config
        if config.max_hands is not None and session.hand_count >= config.max_hands:
            return True
        return config.max_seconds is not None and session.elapsed_seconds >= config.max_seconds

    @property
    def status(self) -> str:
        """``"waiting"`` (a person's seat still open or waiting for the host;
        at a cash table also fewer than two players with chips, who may
        rebuy or sit in), ``"paused"`` (by the host), ``"playing"`` or
        ``"over"``."""
        if self.session.is_between_hands:
            if self.limit_reached or (self.session.is_over and not self._can_go_on()):
                return "over"
            if self.session.is_over:
                return "waiting"
        if not self.started and any(
            s.player == "human" and (s.token_hash is None or s.pending) for s in self.seats
        ):
            return "waiting"
        if self.paused and self.session.is_between_hands:
            return "paused"
        return "playing"

    def _can_go_on(self) -> bool:
        """A cash room with fewer than two players with chips goes on when
        a person may still rebuy, sit in or take a seat."""
        if self.kind != "cash":
            return False
        if self.settings.get("rebuy", "off") != "off" and any(
            (m.player == "human" and m.token_hash is not None) or m.player == "ai" for m in self.seats
        ):
            return True  # a person may rebuy; a busted computer player rebuys
        return any((m.token_hash is None and m.player in ("human", "empty")) or m.fill or m.add
                   or m.sit_out is False for m in self.seats) or any(
            m.player != "empty" and state is SeatState.SITTING_OUT
            for m, state in zip(self.seats, self.session.seat_states))

    @property
    def hand_number(self) -> int | None:
        """The hand in progress, else the last one (``None`` before the first)."""
        if not self.session.is_between_hands:
            return self.session.hand_count + 1
        return self.session.hand_count or None

    @property
    def person_to_act(self) -> int | None:
        """The seat of the person to act now (``None`` if nobody)."""
        return self.session.to_act

    def is_owner(self, token: str) -> bool:
        """``token`` is the creator's (constant-time compare)."""
        return self.owner_hash is not None and hmac.compare_digest(self.owner_hash, hash_token(token))

    def is_open(self, seat: int) -> bool:
        """A person may join ``seat``."""
        meta = self.seats[seat]
        if meta.token_hash is not None:
            return False
        if meta.player == "human":
            return True
        return meta.player == "empty" and self.kind == "cash" and self.status != "over"

    def seat_of(self, token: str) -> int | None:
        """The seat whose token this is, else ``None`` (constant-time compare)."""
        digest = hash_token(token)
        found = None
        for seat, meta in enumerate(self.seats):
            if meta.token_hash is not None and hmac.compare_digest(meta.token_hash, digest):
                found = seat
        return found

    def seated_since(self, seat: int) -> int:
        """Hands the room had finished when the person now at ``seat`` sat
        down (the seat's last buy-in in the chip log; 0 for a seat of the
        first hand; every hand while the person waits to be dealt in or for
        the host's approval): the hands before are someone else's, whose
        hidden cards this person never sees."""
        meta = self.seats[seat]
        if meta.fill or meta.pending:
            return self.session.hand_count
        return max((e.hand for e in self.chips.entries if e.seat == seat and e.kind == "buy-in"), default=0)

    def observation(self, seat: int) -> Observation | None:
        """What ``seat`` sees now: the hand in progress or the last one."""
        if not self.session.is_between_hands:
            return self.session.observation(seat)
        if self.last_state is None:
            return None
        return observe(self.last_state, seat, hand_number=self.session.hand_count)

    def seat_info(self, connected: set[int]) -> list[dict[str, Any]]:
        """The ``SeatInfo`` list of ``docs/web.rst``."""
        states = self.session.seat_states
        stacks = self.session.stacks
        out = []
        for seat, meta in enumerate(self.seats):
            out.append({
                "seat": seat,
                "name": meta.name or None,
                "player": meta.player,
                "open": self.is_open(seat),
                "level": meta.level,
                "connected": seat in connected,
                "state": states[seat].value,
                "stack": stacks[seat],
                "pending": meta.pending,
                "away": meta.away,
                "wait_bb": meta.wait_bb,
                "time_bank": round(meta.bank, 1),
                "run_twice": meta.twice,
                "rebuy_asked": meta.asked,
                "chips_next_hand": meta.add + meta.given - meta.take,
                "leaving": meta.kick,
            })
        return out

    def ledger(self) -> list[dict[str, Any]]:
        """The ``LedgerLine`` list: each seat's chips brought (buy-ins,
        rebuys, top-ups and chips the host added), cashed out (negative),
        stack and net result (the sum of its hands' results), then the
        players who left (``seat`` ``None``)."""
        self.count_records()
        stacks = self.session.stacks
        lines = [
            {"seat": seat, "name": meta.name or None, "brought": meta.brought,
             "cashed": meta.cashed, "stack": stacks[seat], "net": self.nets[seat],
             "hands": self.dealt[seat]}
            for seat, meta in enumerate(self.seats)
        ]
        return lines + [dict(line) for line in self.departed]

    def settlement(self) -> list[dict[str, Any]]:
        """Who pays whom at the end (:func:`.home.settlement` over each
        player's net result; several lines of one name are added up)."""
        nets: dict[str, int] = {}
        for line in self.ledger():
            if line["hands"] or line["net"]:
                name = line["name"] or f"seat {line['seat'] + 1}"
                nets[name] = nets.get(name, 0) + int(line["net"])
        return [{"from": t.payer, "to": t.payee, "chips": t.chips} for t in settlement(nets)]

    def rules(self) -> dict[str, Any]:
        """The room's rules as the table shows them (``RoomRules`` of ``docs/web.rst``)."""
        config = self.session.config
        settings = self.settings
        return {
            "betting": config.betting.value,
            "straddles": config.straddles,
            "ante_rule": config.ante_rule.value,
            "run_it_twice": settings.get("run_it_twice", "always" if config.boards > 1 else "never"),
            "decision_seconds": settings["decision_seconds"],
            "time_bank_seconds": settings.get("time_bank_seconds", 0),
            "time_bank_refill": {"hands": TIME_BANK_REFILL_HANDS, "seconds": TIME_BANK_REFILL_SECONDS},
            "missed_turns": settings.get("missed_turns", 0),
            "return_rule": settings.get("return_rule", "wait"),
            "rebuy": settings.get("rebuy", "off"),
            "max_buy_in": settings.get("max_buy_in"),
            "join_stack": settings["join_stack"],
            "seat_approval": settings.get("seat_approval", False),
            "next_blinds": settings.get("next_blinds"),
            "max_hands": config.max_hands,
            "max_minutes": settings["max_minutes"],
        }

    def count_records(self) -> None:
        """Add the hands recorded since the last call to the ledger."""
        records = self.session.records if self.counted < self.session.hand_count else ()
        for rec in records[self.counted:]:
            for seat, result in enumerate(rec.results):
                self.nets[seat] += result
                if rec.starting_stacks[seat] > 0:
                    self.dealt[seat] += 1
            self.counted += 1

    def blinds(self) -> dict[str, int]:
        """The blinds of the hand in progress, else of the next hand."""
        obs = self.observation(0) if not self.session.is_between_hands else None
        if obs is not None:
            return {"small_blind": obs.small_blind, "big_blind": obs.big_blind, "ante": obs.ante}
        config = self.session.config.blinds.blinds_at(self.session.hand_count + 1)
        return {"small_blind": config.small_blind, "big_blind": config.big_blind, "ante": config.ante}

    def summary(self, connected: set[int]) -> dict[str, Any]:
        """The ``RoomSummary`` of ``docs/web.rst``."""
        return {
            "id": self.id,
            "name": self.name,
            "kind": self.kind,
            "mode": self.mode,
            "status": self.status,
            "hands_played": self.session.hand_count,
            "created": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(self.created)),
            "blinds": self.blinds(),
            "limits": {"max_hands": self.session.config.max_hands,
                       "max_minutes": self.settings["max_minutes"]},
            "seats": self.seat_info(connected),
            "rules": self.rules(),
            "paused": self.paused,
            "url": f"/room/{self.id}",
        }

    def tournament(self) -> dict[str, Any] | None:
        """Blind level and standings of a sit-and-go (``None`` otherwise)."""
        if self.kind != "sitngo":
            return None
        if self._eliminated[0] != self.session.hand_count:
            self._eliminated = (self.session.hand_count, eliminations(self.session.records))
        names = [meta.name or f"seat {seat}" for seat, meta in enumerate(self.seats)]
        ranking = rank_players(names, self.session.stacks, self._eliminated[1])
        return {
            "mode": self.mode,
            "blinds": self.blinds(),
            "standings": [dataclasses.asdict(p) for p in ranking],
        }

    def state_message(self, seat: int | None, connected: set[int]) -> dict[str, Any]:
        """The ``state`` message for a seat (``None``: a spectator), as a dict."""
        return dict(json.loads(self.state_texts([seat], connected)[seat]))

    def state_texts(
        self, seats: Iterable[int | None], connected: set[int]
    ) -> dict[int | None, str]:
        """The ``state`` message for each of ``seats`` (``None``: a spectator), JSON text.

        The public part of the observation is encoded once; each seat's text
        adds only its own hole cards and legal actions
        (:func:`~.views.seat_text`).
        """
        public_obs, parts, legal = self._public()
        to_act = None
        if not self.session.is_between_hands and public_obs is not None and self.offer is None:
            to_act = public_obs.to_act  # (a computer seat thinking too; nobody while run it twice is asked)
        deadline_ms = None
        if self.deadline is not None and to_act is not None:
            deadline_ms = max(0, int((self.deadline - self.now()) * 1000))
        moment = {
            "type": "state",
            "room": self.id,
            "seq": self.seq,
            "status": self.status,
            "hand_number": self.hand_number,
            "to_act": to_act,
            "deadline_ms": deadline_ms,
            "decision_seconds": self.settings["decision_seconds"],
            "time_bank": self.banking is not None,
            "run_twice_offer": self.offer_data(),
            "paused": self.paused,
            "pots": [] if public_obs is None else pots_data(public_obs),
            "limits": {
                "max_hands": self.session.config.max_hands,
                "hands_played": self.session.hand_count,
                "max_minutes": self.settings["max_minutes"],
                "minutes_played": round(self.session.elapsed_seconds / 60, 2),
            },
        }
        head = json.dumps(moment, separators=_COMPACT)[:-1] + self._between_hands(connected)
        out: dict[int | None, str] = {}
        for seat in seats:
            you = "null" if seat is None else str(int(seat))
            if parts is None:
                out[seat] = f'{head},"you":{you},"observation":null}}'
                continue
            own = _SPECTATOR_SEAT if seat is None else self._seat_fields(seat)
            acts = legal_field(legal if seat is not None and seat == to_act else None)
            out[seat] = "".join((head, ',"you":', you, ',"observation":', parts[0], own,
                                 parts[1], acts, parts[2], "}"))
        return out

    def _public(
        self,
    ) -> tuple[Observation | None, tuple[str, str, str] | None, LegalActions | None]:
        """The moment's observation, its public JSON text cut by
        :func:`~.views.split_public`, and the legal actions of the person to
        act; computed once per change (``seq``).

        The observation is that of the person to act when there is one (its
        public part is every seat's), so one :func:`observe` gives both.
        """
        key = (self.seq, self.session.hand_count, self.session.is_between_hands,
               len(self.session.state.history) if self.session.state is not None else -1)
        if self._public_cache[0] != key:
            to_act = self.session.to_act
            public_obs = self.observation(0 if to_act is None else to_act)
            parts = None
            if public_obs is not None:
                parts = split_public(public_text(public_obs, self._events, self.hand_number))
            legal = None if public_obs is None or to_act is None else public_obs.legal
            self._public_cache = (key, public_obs, parts, legal)
        return self._public_cache[1], self._public_cache[2], self._public_cache[3]

    def _between_hands(self, connected: set[int]) -> str:
        """``,"seats":..,"last_hand":..,"tournament":..,"ledger":..`` as JSON text.

        These change only between hands, on a join, a sit-out request or a
        seat going on- or offline, so the text is kept until one of those
        changes (the key says what it depends on).
        """
        key = (self.session.hand_count, self.session.is_between_hands, self.session.is_over,
               tuple(sorted(connected)), self.status, self.version,
               tuple((m.player, m.name, m.token_hash is None, m.fill, m.sit_out) for m in self.seats))
        if self._between_cache[0] != key:
            part = {"seats": self.seat_info(connected), "last_hand": self.last_hand,
                    "tournament": self.tournament(), "ledger": self.ledger(),
                    "settlement": self.settlement() if self.kind == "cash" else None,
                    "rules": self.rules()}
            self._between_cache = (key, "," + json.dumps(part, separators=_COMPACT)[1:-1])
        return self._between_cache[1]

    def _seat_fields(self, seat: int) -> str:
        """The seat's own fields (:func:`~.views.seat_fields`) in the hand on
        (or the last one), kept per hand."""
        number = self.hand_number
        if self._holes[0] != number:
            self._holes = (number, {})
        text = self._holes[1].get(seat)
        if text is None:
            own = self.observation(seat)
            text = self._holes[1][seat] = seat_fields(seat, () if own is None else own.hole_cards)
        return text

    def actions(self) -> list[str]:
        """Every action of the hand in progress so far, text form (``[]`` between hands)."""
        state = self.session.state
        if self.session.is_between_hands or state is None:
            return []
        done = [str(e.action) for e in state.history if isinstance(e, ActionTaken)]
        held = self.session.held
        return done if held is None else [*done, str(held[1])]  # held again on restore

    def names(self) -> list[str]:
        """One distinct player name per seat (for hand histories)."""
        return [meta.name or f"seat {seat}" for seat, meta in enumerate(self.seats)]

    def names_at(self, hand: int) -> list[str]:
        """:meth:`names` as they were when hand ``hand`` (1 = the first) was
        dealt: who sat where in that hand (the current names for a hand
        dealt before the room kept them)."""
        found = None
        for first, names in self.seat_names:
            if first > hand:
                break
            found = names
        return list(found) if found is not None else self.names()

    # -- changes -------------------------------------------------------

    def join(self, request: JoinRequest, *, host: bool = False) -> tuple[int, str]:
        """A person takes an open seat (with the option ``seat_approval``,
        asks for it: the seat is theirs once the host approves).

        Args:
            request: The checked request.
            host: The room's creator sits (never waits for approval).

        Returns:
            ``(seat, token)``: the token is given only once.

        Raises:
            ProtocolError: ``seat_taken`` (409) the seat is not open,
                ``no_seat`` (409) no seat is open, ``bad_message`` a seat
                that is not a seat of the room, ``name_taken`` (409) another
                seat has that name, ``too_many_chips`` the buy-in would bring
                the table above ``MAX_CHIPS`` in all.
        """
        seat = request.seat
        if seat is None:
            seat = next((s for s in range(len(self.seats)) if self.is_open(s)), None)
            if seat is None:
                raise ProtocolError("no_seat", "no seat of this room is open", 409)
        if not 0 <= seat < len(self.seats):
            raise ProtocolError("bad_message", f"seat {seat}: the room has seats 0 to {len(self.seats) - 1}")
        if not self.is_open(seat):
            raise ProtocolError("seat_taken", f"seat {seat} is not open", 409)
        if any(m.name == request.name for m in self.seats) or request.name.startswith("seat "):
            raise ProtocolError("name_taken", f"the name {request.name!r} is taken at this table", 409)
        meta = self.seats[seat]
        waits = bool(self.settings.get("seat_approval")) and not host
        if meta.player == "empty" and not waits:
            self._check_table_total(int(self.settings.get("join_stack", 0) or 0))
        token = secrets.token_urlsafe(32)
        meta.token_hash = hash_token(token)
        meta.name = request.name
        meta.bank = float(self.settings.get("time_bank_seconds", 0))
        self.version += 1
        if waits:
            meta.pending = True  # the host answers (approve_seat)
            return seat, token
        self._seat_person(seat)
        return seat, token

    def _seat_person(self, seat: int) -> None:
        meta = self.seats[seat]
        meta.pending = False
        if meta.player == "empty":
            meta.player = "human"
            meta.fill = True

    def ready_to_deal(self) -> bool:
        """No hand on, the room neither over nor paused and no person's seat still open.

        Between hands this applies the seat changes asked for (joins,
        rebuys, sitting out and in), so a cash room with fewer than two
        players with chips goes on once one rebuys or sits in.
        """
        if not self.session.is_between_hands or self.paused:
            return False
        if self.kind == "cash" and self.session.hand_count and self.status != "over":
            self.seat_changes()  # a busted room goes on once someone rebuys or sits in
        return self.status == "playing" and not self.session.is_over

    def seat_changes(self) -> None:
        """Between hands: seat the people who joined, pay out the kicked,
        add and take the chips asked for (logged in the chip log), sit out
        and in as asked, rebuy the busted computer players (option
        ``rebuy`` not ``off``), apply the host's new blinds and the
        run-it-twice agreement.  Nothing happens during a hand."""
        session = self.session
        if not session.is_between_hands:
            return
        before = (session.stacks, session.seat_states, len(self.chips.entries), session.config)
        hand = session.hand_count
        join_stack = int(self.settings["join_stack"])
        rebuy = self.settings.get("rebuy", "off")
        for seat, meta in enumerate(self.seats):
            name = meta.name or f"seat {seat + 1}"
            if meta.kick:
                self._leave(seat)
                continue
            if meta.fill:
                session.fill(seat, None, chips=join_stack)
                meta.brought += join_stack
                self.chips.add(hand, seat, name, "buy-in", join_stack)
                meta.fill = False
            for amount, kind in ((meta.given, "host-add"),
                                 (meta.add, "rebuy" if session.stacks[seat] == 0 else "top-up")):
                if amount:
                    session.add_chips(seat, amount)
                    meta.brought += amount
                    self.chips.add(hand, seat, name, kind, amount)
            meta.add = meta.given = 0
            if meta.take:  # after the additions: the host may take chips counted on them
                take = min(meta.take, session.stacks[seat])
                if take:
                    session.take_chips(seat, take)
                    meta.brought -= take
                    self.chips.add(hand, seat, name, "host-remove", -take)
                meta.take = 0
            if (meta.player == "ai" and rebuy != "off" and session.stacks[seat] == 0
                    and session.seat_states[seat] is SeatState.PLAYING
                    and sum(session.stacks) + join_stack <= MAX_CHIPS):
                session.add_chips(seat, join_stack)
                meta.brought += join_stack
                self.chips.add(hand, seat, name, "rebuy", join_stack)
            if meta.sit_out is not None:
                state = session.seat_states[seat]
                if meta.sit_out and state is SeatState.PLAYING:
                    session.sit_out(seat)
                elif not meta.sit_out and state is SeatState.SITTING_OUT and not meta.wait_bb:
                    session.sit_in(seat)
                meta.sit_out = None
        self._refill_time_banks()
        self._waiting_for_big_blind()
        self._next_config()
        if before != (session.stacks, session.seat_states, len(self.chips.entries), session.config):
            self.version += 1

    def _refill_time_banks(self) -> None:
        """Every :data:`~.limits.TIME_BANK_REFILL_HANDS` hands the room
        finished, each person's time bank grows by
        :data:`~.limits.TIME_BANK_REFILL_SECONDS`, up to the room's
        ``time_bank_seconds`` (once per such hand count)."""
        hands = self.session.hand_count
        most = float(self.settings.get("time_bank_seconds", 0) or 0)
        if (not most or not hands or hands % TIME_BANK_REFILL_HANDS
                or self.settings.get("bank_refilled_at") == hands):
            return
        self.settings["bank_refilled_at"] = hands
        for meta in self.seats:
            if meta.player == "human" and meta.bank < most:
                meta.bank = min(most, meta.bank + TIME_BANK_REFILL_SECONDS)
                self.version += 1

    def _waiting_for_big_blind(self) -> None:
        """Deal in a seat back from sitting out (house rule ``wait``) only
        at the hand in which it is the big blind (or when without it fewer
        than two could play)."""
        session = self.session
        for seat, meta in enumerate(self.seats):
            if not meta.wait_bb:
                continue
            if session.seat_states[seat] is not SeatState.SITTING_OUT or session.stacks[seat] == 0:
                meta.wait_bb = session.seat_states[seat] is SeatState.SITTING_OUT
                continue
            if sum(session.live) < 2:
                session.sit_in(seat)
                meta.wait_bb = False
                continue
            session.sit_in(seat)
            if session.next_positions().big_blind_seat == seat:
                meta.wait_bb = False
            else:
                session.sit_out(seat)

    def _next_config(self) -> None:
        """The next hand's blinds (the host's change) and boards (option
        ``ask``: dealt for two boards, one run when the players decline)."""
        config = self.session.config
        changes: dict[str, Any] = {}
        blinds = self.settings.get("next_blinds")
        if blinds is not None:
            changes["blinds"] = Blinds(*blinds)
            self.settings["next_blinds"] = None
        mode = self.settings.get("run_it_twice", "never")
        if mode == "ask" and config.boards != 2:  # (a room saved before the offer at the all-in)
            changes["boards"] = 2
        if changes:
            self.session.config = dataclasses.replace(config, **changes)

    def _leave(self, seat: int) -> None:
        """The player at ``seat`` leaves between hands: their stack is cashed
        out, their ledger line kept under :attr:`departed`, the seat empty."""
        session = self.session
        meta = self.seats[seat]
        name = meta.name or f"seat {seat + 1}"
        stack = session.stacks[seat]
        if stack:
            session.take_chips(seat, stack)
            self.chips.add(session.hand_count, seat, name, "cash-out", -stack)
        self.count_records()
        self.departed.append({"seat": None, "name": name, "brought": meta.brought,
                              "cashed": meta.cashed - stack, "stack": 0,
                              "net": self.nets[seat], "hands": self.dealt[seat]})
        self.nets[seat] = self.dealt[seat] = 0
        if session.seat_states[seat] is not SeatState.EMPTY:
            session.leave(seat)
        self.seats[seat] = SeatMeta("empty")

    async def deal(self) -> None:
        """Seat the people who joined or asked to sit out or in, then deal the next hand.

        The computer seats act until a person must act or the hand ends.
        """
        self.seat_changes()
        if self.session.is_over:  # someone sat out and fewer than two remain
            return
        self.banking = None
        names = self.names()
        if not self.seat_names or self.seat_names[-1][1] != names:
            self.seat_names.append((self.session.hand_count + 1, names))
        await self.session.start_hand_async()
        await self._after_step_async()

    async def resume(self) -> None:
        """Go on with a restored hand whose computer seat was interrupted
        (or whose run-out was being asked about: asked again)."""
        if self.session.held is not None:
            await self._after_step_async()
        elif not self.session.is_between_hands and self.session.to_act is None:
            await self.session.start_hand_async()
            await self._after_step_async()

    async def act(self, seat: int, hand: int, text: str) -> None:
        """The person at ``seat`` plays ``text`` in hand ``hand``.

        Raises:
            ProtocolError: ``room_over``, ``stale_hand`` (no hand on, or
                another hand), ``not_your_turn``, ``bad_action`` (the text
                is not an action), ``illegal_action`` (the message lists
                the legal ones).  Nothing changes.
        """
        if self.status == "over":
            raise ProtocolError("room_over", "the room has ended")
        if self.session.is_between_hands or hand != self.hand_number:
            current = "no hand is on" if self.session.is_between_hands else f"hand {self.hand_number} is on"
            raise ProtocolError("stale_hand", f"hand {hand} is not being played: {current}")
        to_act = self.session.to_act
        if to_act != seat:
            whose = "no one" if to_act is None else f"seat {to_act}"
            raise ProtocolError("not_your_turn", f"seat {seat} may not act now: it is {whose}'s turn")
        legal = self._public()[2]  # the state just sent: its observation is kept
        if legal is None:
            legal = self.session.observation(seat).legal
        try:
            action = Action.parse(text, legal)
        except ActionParseError as exc:
            raise ProtocolError("bad_action", str(exc)) from None
        try:
            await self.session.apply_async(seat, action)
        except NotYourTurnError as exc:
            raise ProtocolError("not_your_turn", str(exc)) from None
        except IllegalActionError as exc:
            raise ProtocolError("illegal_action", str(exc)) from None
        meta = self.seats[seat]
        if meta.missed:
            meta.missed = 0
            self.version += 1
        if self.banking is not None and self.banking[0] == seat:
            meta.bank = max(0.0, meta.bank - (self.now() - self.banking[1]))
            self.version += 1
        self.banking = None
        await self._after_step_async()

    def use_time_bank(self) -> bool:
        """The person to act ran out of time: start their time bank if they
        have one left (the new deadline is :attr:`deadline`).

        Returns:
            ``True`` when the bank started (the time-out waits), ``False``
            when the person has no bank left or is already using it.
        """
        seat = self.session.to_act
        if seat is None or self.banking is not None:
            return False
        meta = self.seats[seat]
        if meta.bank <= 0:
            return False
        now = time.monotonic()
        self.banking = (seat, now)
        self.deadline = now + meta.bank
        return True

    async def time_out(self) -> int | None:
        """The person to act ran out of time: play their default action.

        Returns:
            The seat timed out, or ``None`` when no person was to act.
        """
        seat = self.session.to_act
        if seat is None:
            if self.offer is not None:  # not answered in time: "no"
                await self._run_out(1)
            return None
        meta = self.seats[seat]
        if self.banking is not None and self.banking[0] == seat:
            meta.bank = 0.0
        self.banking = None
        await self.session.time_out_async(seat)
        meta.missed += 1
        limit = int(self.settings.get("missed_turns", 0))
        if limit and meta.missed >= limit and meta.player == "human" and not meta.away:
            meta.away = True  # sat out from the next hand; "sit_in" brings them back
            meta.sit_out = True
        self.version += 1
        await self._after_step_async()
        return seat

    def ask_sit_out(self, seat: int, out: bool) -> None:
        """The person at ``seat`` sits out from the next hand (or comes back).

        Raises:
            ProtocolError: ``not_now`` outside a cash room or once it ended.
        """
        if self.kind != "cash" or self.status == "over":
            raise ProtocolError("not_now", "only a running cash room lets a seat sit out or in")
        meta = self.seats[seat]
        if out and self.session.stacks[seat] == 0 and not meta.add:
            raise ProtocolError("not_now", "a seat without chips is not dealt in: rebuy first")
        sitting_out = self.session.seat_states[seat] is SeatState.SITTING_OUT
        meta.sit_out = out
        meta.missed = 0
        meta.away = False
        meta.wait_bb = (not out and sitting_out and self.settings.get("return_rule") == "wait"
                        and self.session.hand_count > 0)
        self.version += 1

    def ask_chips(self, seat: int, chips: int) -> str:
        """The person at ``seat`` rebuys or tops up ``chips`` (from the next
        hand; with the option ``rebuy`` ``approval``, once the host approves).

        Returns:
            ``"added"`` (from the next hand) or ``"asked"`` (waiting for the host).

        Raises:
            ProtocolError: ``not_now`` the room is not a running cash room
                with rebuys, or the seat is waiting for the host; ``too_many_chips``
                the stack would go over the room's maximum buy-in (or the
                table above ``MAX_CHIPS`` in all).  Nothing changes.
        """
        mode = self.settings.get("rebuy", "off")
        if self.kind != "cash" or self.status == "over" or mode == "off":
            raise ProtocolError("not_now", "this room has no rebuys or top-ups")
        meta = self.seats[seat]
        if meta.pending or meta.kick:
            raise ProtocolError("not_now", "the host has not seated you (or asked you to leave)")
        self._check_buy_in(seat, chips)
        self._check_table_total(chips - meta.asked)
        self.version += 1
        if mode == "approval":
            meta.asked = chips
            return "asked"
        meta.add += chips
        return "added"

    def _check_buy_in(self, seat: int, chips: int) -> None:
        """Refuse ``chips`` more for ``seat`` (``too_many_chips``) when its
        stack at the next deal (with the changes waiting, but no rebuy
        waiting for the host) would go over the room's ``max_buy_in``."""
        meta = self.seats[seat]
        most = int(self.settings["max_buy_in"])
        would = self.session.stacks[seat] + meta.add + meta.given - meta.take + chips
        if meta.fill:
            would += int(self.settings["join_stack"])
        if would > most:
            raise ProtocolError("too_many_chips",
                                f"a stack of {would:,} chips is over this room's maximum buy-in of {most:,}")

    def table_chips_next_hand(self) -> int:
        """The most chips at the table while the waiting changes are made:
        the stacks, plus every rebuy, top-up and host's addition waiting
        (asked for or approved), plus the buy-ins of the people who sat down
        (the host's take-aways come after them)."""
        join_stack = int(self.settings.get("join_stack", 0) or 0)
        return sum(self.session.stacks) + sum(
            m.add + m.asked + m.given + (join_stack if m.fill else 0) for m in self.seats
        )

    def _check_table_total(self, chips: int) -> None:
        """Refuse ``chips`` more at the table above
        :data:`~pokerkit_core.engine.rules.MAX_CHIPS` in all (the table
        could not deal: the room would stop at its next hand)."""
        total = self.table_chips_next_hand() + chips
        if total > MAX_CHIPS:
            raise ProtocolError("too_many_chips", f"the table would hold {total:,} chips in all, "
                                f"above MAX_CHIPS ({MAX_CHIPS:,})")

    async def agree_twice(self, seat: int, agree: bool) -> None:
        """The person at ``seat`` answers the run-it-twice offer made at the
        all-in (:attr:`offer`): the board is run twice once every person
        asked agreed, once at the first "no".

        Raises:
            ProtocolError: ``not_now`` the room's option is not ``ask``, no
                run-out is being asked about, the seat is not asked (not in
                the hand, or a computer seat) or has answered already.
                Nothing changes.
        """
        if self.settings.get("run_it_twice") != "ask":
            raise ProtocolError("not_now", "this room does not ask about running it twice")
        offer = self.offer
        if offer is None or seat not in offer["seats"]:
            raise ProtocolError("not_now", "nobody asks you about running it twice now")
        if seat in offer["yes"]:
            raise ProtocolError("not_now", "you have answered already")
        if not agree:
            await self._run_out(1)
            return
        offer["yes"].append(seat)
        self.seats[seat].twice = True
        self.version += 1
        await self._after_step_async()

    def _offer(self) -> None:
        """Ask about running it twice when the session holds the action that
        starts an all-in run-out (option ``ask``): the people still in are
        asked (computer seats agree: house rule of docs/web.rst); they have
        ``decision_seconds`` to answer."""
        held = self.session.held
        state = self.session.state
        if held is None or state is None:
            self.offer = None
            return
        if self.offer is not None:
            return
        seat, action = held
        folding = action.kind is ActionKind.FOLD
        asked = [s for s, meta in enumerate(self.seats)
                 if meta.player == "human" and state.config.stacks[s] > 0 and not state.folded[s]
                 and not (folding and s == seat)]
        self.offer = {"seat": seat, "action": str(action), "seats": asked, "yes": [],
                      "deadline": time.monotonic() + float(self.settings["decision_seconds"])}
        self.version += 1

    async def _after_step_async(self) -> None:
        """:meth:`_after_step`, then run the board out once every person
        asked agreed (or nobody is asked)."""
        self._after_step()
        offer = self.offer
        if offer is not None and set(offer["yes"]) >= set(offer["seats"]):
            await self._run_out(2)

    async def _run_out(self, boards: int) -> None:
        """Answer the offer: run the board out ``boards`` times."""
        state = self.session.state
        assert state is not None and self.offer is not None
        self.offer = None
        for meta in self.seats:
            meta.twice = False
        self.version += 1
        await self.session.release_run_out_async(min(boards, state.config.boards))
        self._after_step()

    def offer_data(self) -> dict[str, Any] | None:
        """The ``RunTwiceOffer`` of ``docs/web.rst`` (``None``: nothing asked)."""
        offer = self.offer
        if offer is None:
            return None
        return {"seat": offer["seat"], "action": offer["action"], "seats": offer["seats"],
                "agreed": offer["yes"],
                "deadline_ms": max(0, int((offer["deadline"] - self.now()) * 1000))}

    def host(self, request: HostRequest) -> None:
        """A host's action (the lobby checked the owner token; ``transfer``
        and ``close`` are the lobby's).

        ``pause`` stops dealing after the hand in progress, ``resume`` deals
        again; ``blinds`` sets the blinds from the next hand; ``seat``
        approves or refuses a seat request; ``rebuy`` a rebuy request;
        ``chips`` adds or takes chips from the next hand (chip log);
        ``kick`` makes the player leave at the next deal (their stack is
        cashed out).

        Raises:
            ProtocolError: ``not_now`` the action does not apply to this
                room or seat now (the message says why), ``bad_config``
                blinds the table refuses, ``too_many_chips`` chips added
                that would bring the table above ``MAX_CHIPS`` in all
                (:meth:`table_chips_next_hand`), or a rebuy approved that
                would now bring the seat's stack above ``max_buy_in`` (it
                won chips since asking: the request stays, the host may
                refuse it).  Nothing changes.
        """
        action = request.action
        if self.status == "over" and action != "close":
            raise ProtocolError("not_now", "the room is over")
        if action in ("pause", "resume"):
            pause = action == "pause"
            if pause != self.paused:
                self._stop_clock(pause)
            self.paused = pause
            self.version += 1
            return
        if self.kind != "cash":
            raise ProtocolError("not_now", f"{action!r} is for cash rooms")
        if action == "blinds":
            assert request.blinds is not None
            try:
                blinds = Blinds(*request.blinds)
                dataclasses.replace(self.session.config, blinds=blinds)
            except PokerError as exc:
                raise ProtocolError("bad_config", str(exc)) from None
            self.settings["next_blinds"] = list(request.blinds)
            self.version += 1
            return
        seat = request.seat
        assert seat is not None
        if not 0 <= seat < len(self.seats):
            raise ProtocolError("bad_message", f"seat {seat}: the room has seats 0 to {len(self.seats) - 1}")
        meta = self.seats[seat]
        if action == "seat":
            if not meta.pending:
                raise ProtocolError("not_now", f"nobody is asking for seat {seat + 1}")
            if request.approve:
                if meta.player == "empty":
                    self._check_table_total(int(self.settings.get("join_stack", 0) or 0))
                self._seat_person(seat)
            else:
                meta.pending = False
                meta.token_hash = None
                meta.name = ""
        elif action == "rebuy":
            if not meta.asked:
                raise ProtocolError("not_now", f"seat {seat + 1} has no rebuy waiting")
            if request.approve:  # the stack may have grown since the request
                self._check_buy_in(seat, meta.asked)
                meta.add += meta.asked
            meta.asked = 0
        elif action == "chips":
            if meta.player == "empty" or meta.pending:
                raise ProtocolError("not_now", f"seat {seat + 1} has no player")
            if request.chips > 0:
                self._check_table_total(request.chips)
                meta.given += request.chips
            else:
                have = self.session.stacks[seat] + meta.add + meta.given - meta.take
                if -request.chips > have:
                    raise ProtocolError("not_now", f"seat {seat + 1} has {have:,} chips, not {-request.chips:,}")
                meta.take -= request.chips
        elif action == "kick":
            if meta.player == "empty" and meta.token_hash is None:
                raise ProtocolError("not_now", f"seat {seat + 1} is empty")
            if meta.pending or (meta.fill and self.session.stacks[seat] == 0):
                self.seats[seat] = SeatMeta("empty")  # never dealt in: nothing to cash out
            else:
                meta.kick = True
        self.version += 1

    def _stop_clock(self, stop: bool) -> None:
        """Stop the room's clock (the host pauses) or start it again: the
        person to act (and the run-it-twice question) get back the time
        they had left, at most ``decision_seconds`` (or their time bank)."""
        now = time.monotonic()
        if stop:
            self.paused_at = now
            return
        shift = now - (self.paused_at if self.paused_at is not None else now)
        self.paused_at = None
        most = now + float(self.settings["decision_seconds"])
        if self.deadline is not None:
            if self.banking is not None:
                self.banking = (self.banking[0], self.banking[1] + shift)
                self.deadline += shift
            else:
                self.deadline = min(self.deadline + shift, most)
        if self.offer is not None:
            self.offer["deadline"] = min(self.offer["deadline"] + shift, most)

    def say(self, seat: int, text: str) -> dict[str, Any]:
        """The person at ``seat`` says ``text`` at the table.

        Returns:
            The ``chat`` message for every connection of the room.

        Raises:
            ProtocolError: ``chat_limited`` (429) the seat said more than
                :data:`~.limits.CHAT_BURST` lines in a short time (one more
                every 1 / :data:`~.limits.CHAT_PER_SECOND` seconds).
        """
        if not self.chat.allow(seat):
            raise ProtocolError("chat_limited", "you are chatting too fast: wait a few seconds", 429)
        return self.chat.say(seat, self.seats[seat].name or f"seat {seat + 1}", text)

    def _after_step(self) -> None:
        self._offer()
        if self.session.is_between_hands:
            state = self.session.state
            if state is not None:
                self._finished(state)

    def _finished(self, state: HandState) -> None:
        self.last_state = state
        rec = self.session.records[-1] if self.session.hand_count else None
        if rec is not None:
            self.last_hand = hand_result_data(rec, observe(state, 0))

    def finished_hand_json(self) -> tuple[int, str] | None:
        """``(number, final state JSON)`` of the last finished hand, if any."""
        if self.last_state is None or not self.session.hand_count:
            return None
        return self.session.hand_count, dump_value(self.last_state)


def _tournament(mode: str | None) -> TournamentConfig:
    return TournamentConfig.preset(mode or "nolimit")


def _players(seats: list[SeatMeta], seed: int, pool: ComputerPool | None) -> list[Policy | None]:
    players: list[Policy | None] = []
    lane = None if pool is None else pool.lane()  # the room's computer seats share one
    for seat, meta in enumerate(seats):
        if meta.player == "ai" and meta.level is not None:
            policy = load_policy(meta.level, seed=policy_seed(seed, "room.policy", seat))
            # an awaitable decide is a policy too (the async driver awaits it)
            players.append(policy if lane is None else cast(Policy, OffLoopPolicy(policy, lane)))
        else:
            players.append(None)
    return players


def _cash_config(request: RoomRequest, seats: list[SeatMeta]) -> TableConfig:
    n = len(seats)
    stacks = list(request.stacks or (_DEFAULT_STACK,) * n)
    for seat, meta in enumerate(seats):
        if meta.player == "empty":
            stacks[seat] = 0
        elif stacks[seat] == 0:
            raise ProtocolError("bad_config", f"seat {seat} has a player and no chips")
    try:
        return TableConfig(
            stacks=tuple(stacks),
            blinds=Blinds(request.small_blind, request.big_blind, request.ante),
            betting=BettingStructure(request.betting),
            max_hands=request.max_hands,
            max_seconds=None if request.max_minutes is None else request.max_minutes * 60,
            straddles=request.straddles,
            ante_rule=AnteRule(request.ante_rule),
            boards=1 if request.run_it_twice == "never" else 2,  # "ask": one run if declined
        )
    except PokerError as exc:
        raise ProtocolError("bad_config", str(exc)) from None
