"""Hold'em as an OpenSpiel game, played by the pokerkit_core engine.

Importing this module registers :data:`GAME_NAME` with ``pyspiel``:

>>> import pyspiel
>>> import pokerkit_core.envs.openspiel as ours
>>> game = pyspiel.load_game(ours.GAME_NAME)     # ACPC heads-up, 20,000 chips
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 52)

:func:`register` registers a game for any :class:`~pokerkit_core.engine.rules.GameConfig`
(2-10 seats, one board); several hands per episode with the stacks reset or
carried over.  The game:

* **chance nodes** deal every card: first the hole cards (two per dealt-in
  seat, seat order; outcome = card code ``4 * rank + suit``), then each
  street's board cards when the street begins (also before a run-out), all
  uniform over the cards not yet dealt (of ``deck`` when given); a fixed
  ``board`` deals no board chance nodes;
* **actions are exact**: ``0`` folds, ``1`` checks or calls, ``1 + n`` bets
  or raises to ``n`` chips (the street total); ``num_distinct_actions`` is
  ``max_chips + 2`` (every raise-to up to all the chips at the table); the
  legal actions are the engine's, every legal raise-to listed;
* **returns** are the net chips won over the episode divided by the big
  blind (terminal rewards; zero-sum);
* **observation tensor** (``perfect_recall=False``): the
  :class:`~pokerkit_core.envs.encoding.ObservationEncoder` layout with every
  amount in **chips** (exact integers in ``float32`` up to ``2**24``) and the
  mask block of the four-action set (fold, check/call, min raise, all-in);
  ``observation_string`` the same facts as text;
* **information state tensor** (``perfect_recall=True``): the observation
  tensor, then the hand number (one-hot, up to ``hands``), then one slot
  of four entries per action of the current hand, in order: the acting seat
  plus one, the kind (1 fold, 2 check or call, 3 bet or raise), the raise-to
  in chips (0 unless a bet or raise), the street plus one (all zeros: no
  action yet); ``seats * (deepest stack // big blind + seats + 5)`` slots, a
  bound on the actions of one hand;
  ``information_state_string`` lists the whole episode as the player saw it
  (own hole cards, every action with its exact amount, boards, cards shown
  at showdowns).

Game parameters: ``hands`` (hands per episode, default 1), ``carry``
(carry the stacks over, default False), ``deck`` (card text such as
``"AsKsQsJs"``: only these cards are dealt; default all 52) and ``board``
(five cards of text: a fixed board); the default game also takes ``players``,
``stack``, ``small_blind`` and ``big_blind`` (a ``GameConfig.no_limit``
table, default the ACPC heads-up format).  A small deck with a fixed board
makes a game small enough for OpenSpiel's exact solvers (CFR, exploitability).

Needs the optional extra ``openspiel`` (``pip install "pokerkit_core[openspiel]"``).

References:
    OpenSpiel's Python games (``pyspiel.register_game``) and
    ``universal_poker``; docs/rules.rst section 2 (a hand of hold'em).
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, fields
from typing import Any

try:
    import pyspiel
except ImportError:  # pragma: no cover - depends on the installation
    from ..errors import MissingExtraError

    raise MissingExtraError("open_spiel", "openspiel", "pokerkit_core.envs.openspiel") from None

import numpy as np

from ..engine.actions import Action, ActionKind
from ..engine.positions import Positions, next_positions
from ..engine.rules import GameConfig
from ..engine.state import HandState, legal_actions, replay_actions
from ..errors import CardError, InvalidConfigError, shown
from ..evaluation.cards import CARDS, as_cards
from .encoding import CHECK_CALL, FOLD, DiscreteActions, ObservationEncoder, RaiseToActions
from .hands import _rebuilt

__all__ = ["GAME_NAME", "FOLD", "CHECK_CALL", "register_game", "HoldemGame", "HoldemState", "HoldemObserver"]

GAME_NAME = "pokerkit_core_holdem"
"""The short name of the default game (ACPC heads-up unless parameters say otherwise)."""
# Action ids: FOLD and CHECK_CALL as every env of this package numbers them
# (envs.encoding); ``1 + n`` bets or raises to ``n`` chips.

_KIND_CODE = {
    ActionKind.FOLD: 1,
    ActionKind.CHECK: 2,
    ActionKind.CALL: 2,
    ActionKind.BET: 3,
    ActionKind.RAISE: 3,
    ActionKind.ALL_IN: 3,
}
_BOARD_AT = (0, 3, 4, 5, 5)


@dataclass(frozen=True)
class _Spec:
    """What one game fixes: the first hand's table and the episode's rules."""

    config: GameConfig
    hands: int
    carry: bool
    deck: tuple[int, ...]
    board: tuple[int, ...]

    @property
    def max_chips(self) -> int:
        return sum(self.config.stacks)

    @property
    def slots(self) -> int:
        """Most actions in one hand: a full bet or raise lifts the top
        contribution by at least a big blind (at most ``deepest // bb`` of
        them), each seat goes all-in short at most once, and between two
        raises (or at a street's start) each seat acts at most once."""
        n = self.config.seat_count
        deepest = self.max_chips if self.carry else max(self.config.stacks)
        return n * (deepest // self.config.big_blind + n + 5)


def _spec(config: GameConfig, params: dict[str, Any]) -> _Spec:
    hands = params.get("hands", 1)
    if hands.__class__ is not int or not 1 <= hands <= 10_000:
        raise InvalidConfigError(f"hands must be an int from 1 to 10000, got {shown(hands)}")
    carry = params.get("carry", False)
    if carry.__class__ is not bool:
        raise InvalidConfigError(f"carry must be True or False, got {shown(carry)}")
    if config.boards != 1:
        raise InvalidConfigError("the OpenSpiel game deals one board (config.boards must be 1)")
    if hands > 1 and (config.small_blind_seat is None or config.big_blind_seat is None):
        raise InvalidConfigError("several hands need a small and a big blind seat to move")
    deck_text = params.get("deck", "")
    board_text = params.get("board", "")
    try:
        deck = tuple(card.code for card in as_cards(deck_text, "deck")) if deck_text else tuple(range(52))
        board = tuple(card.code for card in as_cards(board_text, "board")) if board_text else ()
    except CardError as error:
        raise InvalidConfigError(f"deck and board must be card text: {error}") from None
    if len(set(deck)) != len(deck):
        raise InvalidConfigError(f"the deck {deck_text!r} holds a card twice")
    if board and (len(board) != 5 or len(set(board)) != 5 or set(board) & set(deck)):
        raise InvalidConfigError(f"board must be five distinct cards outside the deck, got {board_text!r}")
    need = 2 * len(config.dealt_in) + (0 if board else 5)
    if len(deck) < need:
        raise InvalidConfigError(f"the deck needs at least {need} cards, got {len(deck)}")
    return _Spec(config, hands, carry, deck, board)


@dataclass(frozen=True, slots=True)
class _Snapshot:
    """One state's facts, never changed once built (so a clone shares it:
    OpenSpiel clones a Python state by deep-copying its attributes)."""

    hand: int
    config: GameConfig
    positions: Positions | None
    holes: tuple[int, ...]
    board: tuple[int, ...]
    actions: tuple[Action, ...]
    state: HandState | None
    totals: tuple[int, ...]
    log: tuple[tuple[str, tuple[Any, ...]], ...]
    over: bool

    def but(self, **changes: Any) -> "_Snapshot":
        """A copy with ``changes`` (``dataclasses.replace``, without its
        per-call field introspection: a state is rebuilt at every action)."""
        get = changes.get
        return _Snapshot(*[get(name, getattr(self, name)) for name in _SNAPSHOT_FIELDS])

    def __deepcopy__(self, memo: dict[int, Any]) -> "_Snapshot":
        return self


_SNAPSHOT_FIELDS = tuple(f.name for f in fields(_Snapshot))


class _Rules:
    """What every state of a game reads (shared by clones, like :class:`_Snapshot`):
    the spec, the action ids (``ids[k] == k`` for every id, sliced into legal
    action lists), the encoder, and the observers the Python fast paths of
    :class:`HoldemState` write into (made on first use)."""

    __slots__ = ("spec", "actions", "encoder", "ids", "observers")

    def __init__(self, spec: _Spec, actions: RaiseToActions, encoder: ObservationEncoder) -> None:
        self.spec = spec
        self.actions = actions
        self.encoder = encoder
        self.ids = list(range(spec.max_chips + 2))
        self.observers: dict[bool, HoldemObserver] = {}

    def __deepcopy__(self, memo: dict[int, Any]) -> "_Rules":
        return self


class HoldemGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel is untyped
    """The OpenSpiel game of one registered table (see the module docs).

    Args:
        params: OpenSpiel game parameters (see the module docs).

    Raises:
        InvalidConfigError: A parameter out of range (a bad deck or board,
            a table with several boards).
    """

    _type: Any = None
    _config: GameConfig | None = None

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        config = self._config
        if config is None:
            config = GameConfig.no_limit(
                players=params.get("players", 2),
                stack=params.get("stack", 20_000),
                small_blind=params.get("small_blind", 50),
                big_blind=params.get("big_blind", 100),
            )
        spec = _spec(config, params)
        self.spec = spec
        n = config.seat_count
        bb = config.big_blind
        rounds = spec.hands if not spec.carry else 1
        info = pyspiel.GameInfo(
            num_distinct_actions=spec.max_chips + 2,
            max_chance_outcomes=52,
            num_players=n,
            min_utility=-rounds * max(config.stacks) / bb,
            max_utility=rounds * (spec.max_chips - min(s for s in config.stacks if s)) / bb,
            utility_sum=0.0,
            max_game_length=spec.hands * spec.slots,
        )
        super().__init__(self._type, info, params)
        self.actions = RaiseToActions(spec.max_chips)
        self.encoder = ObservationEncoder(n, 1, spec.max_chips, DiscreteActions(()))
        self.rules = _Rules(spec, self.actions, self.encoder)
        for recall in (False, True):
            self.rules.observers[recall] = HoldemObserver(
                self, pyspiel.IIGObservationType(perfect_recall=recall), None
            )

    def new_initial_state(self) -> "HoldemState":
        """The episode before the first card."""
        return HoldemState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> "HoldemObserver":
        """The observer OpenSpiel asks for tensors and strings."""
        return HoldemObserver(self, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params)


def _first(spec: _Spec) -> _Snapshot:
    config = spec.config
    sb, bb = config.small_blind_seat, config.big_blind_seat
    positions = Positions(config.button, sb, bb) if sb is not None and bb is not None else None
    return _Snapshot(
        hand=1,
        config=config,
        positions=positions,
        holes=(),
        board=spec.board,
        actions=(),
        state=None,
        totals=(0,) * config.seat_count,
        log=(),
        over=False,
    )


class HoldemState(pyspiel.State):  # type: ignore[misc]  # pyspiel is untyped
    """A point of an episode (see the module docs)."""

    def __init__(self, game: HoldemGame) -> None:
        super().__init__(game)
        self._game = game.rules
        self._s = _first(game.spec)

    # ------------------------------------------------------------ the engine
    def _engine(self, s: _Snapshot, board: tuple[int, ...], actions: tuple[Any, ...]) -> HandState:
        """The hand dealt ``s.holes`` and ``board`` (unchosen cards filled in)
        after ``actions``."""
        used = set(s.holes) | set(board)
        filler = [code for code in range(52) if code not in used][: 5 - len(board)]
        return replay_actions(s.config, list(s.holes) + list(board) + filler, actions)

    def _pending(self) -> bool:
        s = self._s
        if s.over:
            return False
        if s.state is None:
            return True
        return len(s.state.board) > len(s.board)

    # ------------------------------------------------------------ OpenSpiel API
    def current_player(self) -> int:
        """The seat to act, ``pyspiel.PlayerId.CHANCE`` or ``TERMINAL``."""
        s = self._s
        if s.over:
            return int(pyspiel.PlayerId.TERMINAL)
        if self._pending():
            return int(pyspiel.PlayerId.CHANCE)
        assert s.state is not None and s.state.to_act is not None
        return s.state.to_act

    def _legal_actions(self, player: int) -> list[int]:
        s = self._s
        assert s.state is not None
        legal = legal_actions(s.state)
        ids = self._game.ids
        first = ids[FOLD : CHECK_CALL + 1] if legal.can_fold else ids[CHECK_CALL : CHECK_CALL + 1]
        if legal.can_bet or legal.can_raise:
            return first + ids[1 + legal.min_raise_to : 2 + legal.max_raise_to]
        return first

    # Python fast paths.  A Python caller's ``state.legal_actions()`` or
    # ``state.information_state_tensor()`` would otherwise go to C++ and back
    # into this class, converting every id (up to max_chips + 2 of them) or
    # every float twice; these answer from Python with the same values and
    # leave anything unusual (a chance or terminal node, a bad player) to
    # OpenSpiel's own method, so its checks and errors are unchanged.  C++
    # algorithms still reach ``_legal_actions`` and the observer.
    def legal_actions(self, *player: Any) -> list[int]:
        """The legal action ids of the player to act (as ``pyspiel.State.legal_actions``).

        Args:
            player: Optional seat: another seat than the one to act has none.
        """
        to_act = self.current_player()
        if to_act >= 0 and (not player or player[0] == to_act):
            return self._legal_actions(to_act)
        if to_act >= 0 and len(player) == 1 and player[0].__class__ is int:
            return []
        return list(pyspiel.State.legal_actions(self, *player))

    def information_state_tensor(self, *player: Any) -> list[float]:
        """``player``'s information state tensor (as ``pyspiel.State.information_state_tensor``)."""
        return self._tensor(True, player) or list(pyspiel.State.information_state_tensor(self, *player))

    def observation_tensor(self, *player: Any) -> list[float]:
        """``player``'s observation tensor (as ``pyspiel.State.observation_tensor``)."""
        return self._tensor(False, player) or list(pyspiel.State.observation_tensor(self, *player))

    def _tensor(self, recall: bool, player: tuple[Any, ...]) -> list[float] | None:
        seat = player[0] if len(player) == 1 else self.current_player() if not player else None
        if seat.__class__ is not int or not 0 <= seat < self._game.spec.config.seat_count:
            return None
        observer = self._game.observers[recall]
        observer.set_from(self, seat)
        return observer.tensor.tolist()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The cards not dealt yet, each equally likely."""
        s = self._s
        used = set(s.holes) | set(s.board)
        left = [code for code in self._game.spec.deck if code not in used]
        p = 1.0 / len(left)
        return [(code, p) for code in left]

    def _apply_action(self, action: int) -> None:
        s = self._s
        if self._pending():
            self._deal(s, int(action))
            return
        state = s.state
        assert state is not None
        legal = legal_actions(state)
        played = self._game.actions.action(int(action), legal, state.pot)
        actions = s.actions + (played,)
        following = state.act(played)
        assert state.to_act is not None
        entry = (state.to_act, int(state.street), played.kind, played.to)
        s = s.but(actions=actions, state=following, log=s.log + (("act", entry),))
        self._s = self._settle(s)

    def _deal(self, s: _Snapshot, code: int) -> None:
        live = s.config.dealt_in
        if len(s.holes) < 2 * len(live):
            holes = s.holes + (code,)
            s = s.but(holes=holes)
            if len(holes) == 2 * len(live):
                s = s.but(state=self._engine(s, s.board, ()), log=s.log + (("hand", (s.hand, holes)),))
            self._s = self._settle(s) if s.state is not None else s
            return
        board = s.board + (code,)
        s = s.but(board=board)
        assert s.state is not None
        if len(board) == len(s.state.board):
            s = s.but(state=self._engine(s, board, s.actions), log=s.log + (("board", (board,)),))
            s = self._settle(s)
        self._s = s

    def _settle(self, s: _Snapshot) -> _Snapshot:
        """After a hand ends (its board complete): count it, deal the next."""
        state = s.state
        if state is None or not state.is_over or len(state.board) > len(s.board):
            return s
        results = state.hand_results
        totals = tuple(t + int(r) for t, r in zip(s.totals, results))
        log = s.log + (("end", (tuple(state.shown_cards), tuple(int(r) for r in results))),)
        spec = self._game.spec
        stacks = tuple(int(x) for x in state.stacks) if spec.carry else spec.config.stacks
        live = tuple(x > 0 for x in stacks)
        if s.hand >= spec.hands or sum(live) < 2 or s.positions is None:
            return s.but(totals=totals, log=log, over=True)
        p = next_positions(s.positions, live)
        config = _rebuilt(
            spec.config,
            stacks=stacks,
            button=p.button,
            small_blind_seat=p.small_blind_posted_by(live),
            big_blind_seat=p.big_blind_seat,
        )
        return _Snapshot(
            hand=s.hand + 1,
            config=config,
            positions=p,
            holes=(),
            board=spec.board,
            actions=(),
            state=None,
            totals=totals,
            log=log,
            over=False,
        )

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {CARDS[action]}"
        if action == FOLD:
            return "fold"
        if action == CHECK_CALL:
            return "check/call"
        return f"raise-to {action - 1}"

    def is_terminal(self) -> bool:
        """The episode is over."""
        return bool(self._s.over)

    def returns(self) -> list[float]:
        """Net chips won over the episode per seat, big blinds (zeros before the end)."""
        s = self._s
        if not s.over:
            return [0.0] * len(s.totals)
        bb = self._game.spec.config.big_blind
        return [t / bb for t in s.totals]

    def __str__(self) -> str:
        s = self._s
        cards = " ".join(str(CARDS[c]) for c in s.holes)
        board = " ".join(str(CARDS[c]) for c in s.board)
        moves = " ".join(f"{seat}:{kind.value}{'' if not to else to}" for _k, (seat, _st, kind, to) in
                         ((k, e) for k, e in s.log if k == "act"))
        return f"hand {s.hand} | holes {cards} | board {board} | {moves}"


def _stacks_seen(s: _Snapshot, hand: HandState, pending: bool) -> tuple[int, ...]:
    """The stacks a player sees: before a run-out's cards are dealt, the
    chips behind before the showdown (the engine has settled it already on
    cards nobody has seen)."""
    if pending and hand.is_over:
        return tuple(int(start) - int(c) for start, c in zip(s.config.stacks, hand.contributions))
    return tuple(int(x) for x in hand.stacks)


class HoldemObserver:
    """Tensors and strings of a state for one player (OpenSpiel's PyObserver).

    Args:
        game: The game.
        iig_obs_type: ``perfect_recall=True`` for the information state,
            else the observation; ``private_info`` single player (own hole
            cards) or none (public facts only).
        params: Must be empty.

    Raises:
        ValueError: Observer parameters, or private information of every
            player (not offered).
    """

    def __init__(self, game: HoldemGame, iig_obs_type: Any, params: Any) -> None:
        rules = game.rules
        if params:
            raise ValueError(f"observer parameters are not supported, got {params!r}")
        if iig_obs_type.private_info == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("every player's private cards at once are not offered")
        self._game = rules
        self._private = iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        self._recall = bool(iig_obs_type.perfect_recall)
        spec = game.spec
        n = spec.config.seat_count
        size = game.encoder.size
        pieces: list[tuple[str, int, tuple[int, ...]]] = [("observation", size, (size,))]
        if self._recall:
            pieces.append(("hand", spec.hands, (spec.hands,)))
            pieces.append(("actions", spec.slots * 4, (spec.slots, 4)))
        self.tensor = np.zeros(sum(p[1] for p in pieces), np.float32)
        self.dict: dict[str, np.ndarray[Any, Any]] = {}
        at = 0
        for name, count, shape in pieces:
            self.dict[name] = self.tensor[at : at + count].reshape(shape)
            at += count

    def set_from(self, state: HoldemState, player: int) -> None:
        """Write ``state`` as ``player`` sees it into :attr:`tensor`."""
        tensor = self.tensor
        tensor.fill(0.0)
        s = state._s
        game = self._game
        hand = s.state
        if hand is not None:
            seen = len(s.board) if len(hand.board) > len(s.board) else len(hand.board)
            shown_board = [CARDS[c] for c in s.board[:seen]]
            pending = seen < len(hand.board)
            stacks = _stacks_seen(s, hand, pending)
            if pending:  # a street (or the run-out) waits for its cards
                to_act, street = None, bisect_right(_BOARD_AT, seen, 0, 4) - 1  # the last street begun
            else:
                to_act, street = hand.to_act, 4 if hand.is_over else int(hand.street)
            legal = legal_actions(hand) if to_act == player else None
            mask = game.encoder.actions.mask_values(legal, hand.pot) if legal is not None else [False] * 4
            holes = hand.hole_cards[player] if self._private else None
            if hand.is_over:
                all_in = hand.all_in
            else:
                all_in = tuple(not out and not chips for out, chips in zip(hand.folded, stacks))
            self.dict["observation"][:] = game.encoder.encode_state(
                holes or (), shown_board, street, hand.pot, legal, hand.call_to, hand.bets, stacks,
                hand.folded, all_in, hand.button, to_act, player, mask,
            )
        elif self._private:
            base = self.dict["observation"]
            live = s.config.dealt_in
            if player in live:
                k = 2 * live.index(player)
                for code in s.holes[k : k + 2]:
                    base[code] = 1.0
        if self._recall:
            self.dict["hand"][s.hand - 1] = 1.0
            slots = self.dict["actions"]
            rows: list[tuple[int, int, int, int]] = []
            for kind, entry in s.log:
                if kind == "hand":
                    rows = []
                elif kind == "act":
                    seat, street, action_kind, to = entry
                    rows.append((seat + 1, _KIND_CODE[action_kind], to, street + 1))
            if rows:
                slots[: len(rows)] = rows

    def string_from(self, state: HoldemState, player: int) -> str:
        """``state`` as ``player`` sees it, as text."""
        s = state._s
        parts = [f"p{player}"]
        if self._recall:
            live = s.config.dealt_in
            for kind, entry in s.log:
                if kind == "hand":
                    number, holes = entry[0], entry[1]
                    parts.append(f"| hand {number}")
                    if self._private and player in live:
                        k = 2 * live.index(player)
                        parts.append("hole " + "".join(str(CARDS[c]) for c in holes[k : k + 2]))
                elif kind == "act":
                    seat, street, action_kind, to = entry
                    parts.append(f"{seat}:{action_kind.value}{to if to else ''}")
                elif kind == "board":
                    parts.append("board " + "".join(str(CARDS[c]) for c in entry[0]))
                elif kind == "end":
                    shown_cards, results = entry
                    shows = " ".join(
                        f"{seat}:{''.join(map(str, cards))}" for seat, cards in enumerate(shown_cards) if cards
                    )
                    parts.append(f"shown {shows} results {' '.join(map(str, results))}")
            if s.state is None and s.holes and self._private and player in live:
                k = 2 * live.index(player)
                mine = s.holes[k : k + 2]
                if mine:
                    parts.append(f"| hand {s.hand} dealing " + "".join(str(CARDS[c]) for c in mine))
            return " ".join(parts)
        hand = s.state
        parts.append(f"hand {s.hand}")
        if hand is None:
            return " ".join(parts)
        own = hand.hole_cards[player]
        if self._private and own is not None:
            parts.append("hole " + "".join(map(str, own)))
        seen = min(len(hand.board), len(s.board))
        parts.append("board " + "".join(str(CARDS[c]) for c in s.board[:seen]))
        parts.append(f"pot {hand.pot}")
        parts.append("stacks " + " ".join(map(str, _stacks_seen(s, hand, seen < len(hand.board)))))
        parts.append("bets " + " ".join(map(str, hand.bets)))
        parts.append("folded " + "".join("1" if f else "0" for f in hand.folded))
        return " ".join(parts)


def _game_type(name: str, config: GameConfig | None) -> Any:
    spec: dict[str, Any] = {"hands": 1, "carry": False, "deck": "", "board": ""}
    if config is None:
        spec.update({"players": 2, "stack": 20_000, "small_blind": 50, "big_blind": 100})
        low, high = 2, 10
    else:
        low = high = config.seat_count
    return pyspiel.GameType(
        short_name=name,
        long_name=f"pokerkit_core hold'em ({name})",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=high,
        min_num_players=low,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=spec,
    )


_REGISTERED: dict[str, GameConfig | None] = {}


def register_game(config: GameConfig, name: str) -> str:
    """Register an OpenSpiel game of ``config`` under the short name ``name``.

    The game takes the parameters ``hands``, ``carry``, ``deck`` and
    ``board`` (see the module docs); ``pyspiel.load_game(name)`` then plays it.

    Args:
        config: The table (2-10 seats, one board); its button is the first
            hand's button.
        name: The OpenSpiel short name (letters, digits, ``_``).

    Returns:
        ``name``.

    Raises:
        InvalidConfigError: ``config`` is not a GameConfig, it has several
            boards, or ``name`` is not a fresh identifier (already
            registered, or not letters, digits and ``_``).
    """
    if config.__class__ is not GameConfig:
        raise InvalidConfigError(f"config must be a GameConfig, got {shown(config)}")
    if config.boards != 1:
        raise InvalidConfigError("the OpenSpiel game deals one board (config.boards must be 1)")
    if name.__class__ is not str or not name.replace("_", "a").isalnum() or not name.isascii():
        raise InvalidConfigError(f"name must be letters, digits and _, got {shown(name)}")
    if name in _REGISTERED or name in pyspiel.registered_names():
        raise InvalidConfigError(f"a game named {name!r} is registered already")
    _register(name, config)
    return name


def _register(name: str, config: GameConfig | None) -> None:
    game_type = _game_type(name, config)
    game_class = type(f"HoldemGame_{name}", (HoldemGame,), {"_type": game_type, "_config": config})
    pyspiel.register_game(game_type, game_class)
    _REGISTERED[name] = config


if GAME_NAME not in pyspiel.registered_names():
    _register(GAME_NAME, None)
