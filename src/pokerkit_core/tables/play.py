"""Play hold'em in the terminal: a person against the computer players.

The game reads the person's moves from a text stream and writes the table to
another, so it runs in a terminal (``pokerkit-core play``) and in tests alike.
The person sits at seat 0.  Before each of their moves the table is shown:
board, pot, every seat's stack and bet, the button and blinds, the person's
own hole cards (nobody else's until a showdown) and the amount to call.  Moves
are read by :meth:`~pokerkit_core.engine.actions.Action.parse`, so they are typed
as ``f`` (fold), ``k`` (check), ``c`` (call), ``b 300`` (bet 300), ``r 300``
(raise to 300, the total for the street) or ``allin`` (shown with the same
raise-to total as the raise range), or as the long names (``fold``,
``check``, ``call``, ``bet 300``, ``raise 300``, ``all-in``) or with the
amount against its letter (``r300``); a bet or raise becomes whichever of the
two the situation allows.  ``all in`` is read as ``allin``, ``?`` lists the
moves and ``q`` quits.  A bad entry is answered with what was wrong (the
parse error for text that is not a move, the engine's own reason for a move
the rules refuse, such as "folding is not allowed when you can check", a
separate message for an amount above the stack) and the legal choices, and
asked again.  Every hand
ends with a short summary.

References:
    The rules (docs/rules.rst), sections 2 (the hand), 3 (table sessions), 5 (tournaments) and 7
    (hidden information).
"""

from __future__ import annotations

import random
from typing import Sequence, TextIO

from ..engine.actions import Action, ActionKind, AllIn, LegalActions
from ..evaluation.cards import Card, format_cards
from ..engine.checks import MAX_SEATS
from ..errors import ActionParseError, IllegalActionError, InvalidConfigError, PokerError
from ..evaluation.evaluator import evaluate
from ..engine.events import (
    ActionTaken,
    BlindPosted,
    BoardDealt,
    Event,
    HandShown,
    PotAwarded,
    UncalledBetReturned,
)
from ..engine.observation import Observation
from ..engine.policy import Policy
from ..engine.rules import Street
from ..engine.state import HandState, act
from .session import Blinds, HandRecord, StopSession, TableConfig, TableSession
from .tournament import (
    Placement,
    Tournament,
    TournamentConfig,
    TournamentMode,
    player_names,
)

__all__ = [
    "TerminalPlayer",
    "TerminalGame",
    "format_legal",
    "render_table",
    "play",
]

_ALIASES = {"all in": "allin"}  # the one form Action.parse (one word per part) does not read

_STREET_NAMES = {
    Street.PREFLOP: "pre-flop",
    Street.FLOP: "flop",
    Street.TURN: "turn",
    Street.RIVER: "river",
    Street.SHOWDOWN: "showdown",
}


def format_legal(legal: LegalActions) -> str:
    """The legal choices as the person types them.

    Args:
        legal: The acting seat's legal actions.

    Returns:
        E.g. ``"f (fold), c (call 20), r 40..990 (raise to), allin (990)"``.
    """
    choices: list[str] = []
    if legal.can_fold:
        choices.append("f (fold)")
    if legal.can_check:
        choices.append("k (check)")
    if legal.can_call:
        choices.append(f"c (call {legal.call_amount})")
    span = (
        str(legal.min_raise_to)
        if legal.min_raise_to == legal.max_raise_to
        else f"{legal.min_raise_to}..{legal.max_raise_to}"
    )
    if legal.can_bet:
        choices.append(f"b {span} (bet)")
    if legal.can_raise:
        choices.append(f"r {span} (raise to)")
    if AllIn in legal:  # the street total, as the bet/raise range counts
        choices.append(f"allin (to {legal.all_in_to})")
    return ", ".join(choices)


HELP = """Moves (amounts are chips; a bet or raise names your total for this street):
  f / fold        give up the hand (only when facing a bet)
  k / x / check   pass without betting (only when there is nothing to call)
  c / call        match the current bet
  b N / bet N     bet N (when nobody has bet on this street)
  r N / raise N   raise to N: your total for the street, not the increase
                  (b300 and r300 work too; a bet becomes a raise when facing one)
  allin / a       put in every chip you have
  ? / help        this list
  q / quit        leave the game"""
"""The terminal game's move list, shown for ``?`` or ``help``."""


def _read_move(text: str, legal: LegalActions) -> tuple[Action | None, str | None]:
    """The move typed as ``text`` (read by :meth:`Action.parse` with ``legal``),
    or None and what is wrong: the parse error, or an amount above the stack."""
    try:
        action = Action.parse(text, legal)
    except ActionParseError as exc:
        return None, f"{exc}; ? for help"
    if action.kind in (ActionKind.BET, ActionKind.RAISE) and action.to > legal.all_in_to:
        verb = "bet" if action.kind is ActionKind.BET else "raise to"
        return None, (
            f"you have {legal.stack} chips behind ({legal.bet} in front this street): "
            f"you can {verb} at most {legal.all_in_to} (allin)"
        )
    return action, None


def _position_tags(observation: Observation, seat: int) -> str:
    tags = []
    if observation.button == seat:
        tags.append("BTN")
    if observation.small_blind_seat == seat:
        tags.append("SB")
    if observation.big_blind_seat == seat:
        tags.append("BB")
    return "/".join(tags)


def render_table(
    observation: Observation,
    names: Sequence[str],
    *,
    dealt: Sequence[bool] | None = None,
    hand_number: int | None = None,
) -> str:
    """The table as one seat sees it, as text lines.

    Args:
        observation: What the seat may see.
        names: Display name per seat, seat 0 first.
        dealt: Whether each seat was dealt in (default: a stack, bet or
            contribution above 0); seats not dealt in show as ``out``.
        hand_number: Shown in the header (default: the observation's).

    Returns:
        Several lines: header (hand, blinds, street), board and pot, one line
        per seat (stack, bet, positions, cards or status), and the amount to
        call when the seat is to act.  Other seats' cards show as ``?? ??``.
    """
    obs = observation
    count = len(obs.stacks)
    if dealt is None:
        dealt = tuple(
            obs.stacks[s] > 0 or obs.contributions[s] > 0 for s in range(count)
        )
    blinds = f"{obs.small_blind}/{obs.big_blind}" + (f" ante {obs.ante}" if obs.ante else "")
    hand = hand_number if hand_number is not None else obs.hand_number
    header = f"Hand {hand}" if hand else "Hand"
    lines = [f"--- {header} | blinds {blinds} | {_STREET_NAMES.get(obs.street, '')} ---"]
    board = format_cards(obs.board, sep=" ") if obs.board else "(none)"
    lines.append(f"Board: {board}    Pot: {obs.pot}")
    width = max(len(n) for n in names)
    for seat in range(count):
        marker = ">" if obs.to_act == seat else " "
        if not dealt[seat]:
            lines.append(f"{marker} {seat}  {names[seat]:<{width}}  out")
            continue
        if seat == obs.seat and obs.hole_cards:
            cards = format_cards(obs.hole_cards, sep=" ")
        elif obs.folded[seat]:
            cards = "folded"
        else:
            cards = "?? ??"
        status = " all-in" if obs.all_in[seat] else ""
        lines.append(
            f"{marker} {seat}  {names[seat]:<{width}}  stack {obs.stacks[seat]:>6}"
            f"  bet {obs.bets[seat]:>5}  {_position_tags(obs, seat):<6} {cards}{status}"
        )
    if obs.legal is not None and obs.to_act == obs.seat:
        lines.append(f"To call: {obs.legal.call_amount}")
    return "\n".join(lines)


def _says(who: str, verb: str, rest: str = "") -> str:
    """``"hard raises to 300"``, but ``"you raise to 300"`` for the person."""
    if who == "you":
        verb = "go" if verb == "goes" else verb[:-1]
    return f"{who} {verb} {rest}" if rest else f"{who} {verb}"


def describe_event(event: Event, names: Sequence[str]) -> str | None:
    """One line for a public event, or ``None`` for events not worth a line.

    Args:
        event: A history event.
        names: Display name per seat.

    Returns:
        E.g. ``"hard raises to 300"``, ``"Flop: As Kd 2c"``.
    """
    if isinstance(event, BlindPosted):
        return _says(names[event.seat], "posts", f"{event.kind} {event.amount}")
    if isinstance(event, ActionTaken):
        who = names[event.seat]
        kind = event.action.kind
        tail = " (all-in)" if event.all_in else ""
        if kind is ActionKind.FOLD:
            return _says(who, "folds")
        if kind is ActionKind.CHECK:
            return _says(who, "checks")
        if kind is ActionKind.CALL:
            return _says(who, "calls", f"{event.amount_added}{tail}")
        if kind is ActionKind.BET:
            return _says(who, "bets", f"{event.action.to}{tail}")
        if kind is ActionKind.RAISE:
            return _says(who, "raises", f"to {event.action.to}{tail}")
        return _says(who, "goes", f"all-in (+{event.amount_added})")
    if isinstance(event, BoardDealt):
        label = _STREET_NAMES.get(event.street, "board").capitalize()
        return f"{label}: {format_cards(event.cards, sep=' ')}"
    if isinstance(event, HandShown):
        return _says(names[event.seat], "shows", format_cards(event.cards, sep=" "))
    if isinstance(event, UncalledBetReturned):
        return f"{event.amount} uncalled returned to {names[event.seat]}"
    if isinstance(event, PotAwarded):
        parts = [f"{names[s]} {a}" for s, a in zip(event.seats, event.amounts)]
        label = "main pot" if event.pot_index == 0 else f"side pot {event.pot_index}"
        return f"{label} to " + ", ".join(parts)
    return None


def _hand_name(cards: Sequence[Card], board: Sequence[Card]) -> str:
    if len(cards) + len(board) < 5:
        return ""
    try:
        return evaluate(tuple(cards) + tuple(board)).describe()
    except PokerError:  # pragma: no cover - cards from the engine are valid
        return ""


def summarize_hand(record: HandRecord, names: Sequence[str], person: int) -> str:
    """A short summary of a finished hand.

    Args:
        record: The hand's record (with its final state).
        names: Display name per seat.
        person: The person's seat.

    Returns:
        Lines: who won what (with the shown hands), and the person's result
        and stack.
    """
    lines = [f"== Hand {record.hand_number} over =="]
    state = record.state
    board: tuple[Card, ...] = tuple(state.board) if state is not None else ()
    shown: dict[int, str] = {}
    if state is not None:
        for event in state.history:
            if isinstance(event, HandShown):
                shown[event.seat] = _hand_name(event.cards, board)
        if board:
            lines.append(f"Board: {format_cards(board, sep=' ')}")
    for seat, net in enumerate(record.results):
        if net > 0:
            what = f" with {shown[seat]}" if shown.get(seat) else ""
            lines.append(_says(names[seat], "wins", f"{net}{what}"))
    net = record.results[person]
    lines.append(
        f"You: {'+' if net > 0 else ''}{net}, stack {record.final_stacks[person]}"
    )
    return "\n".join(lines)


class TerminalPlayer:
    """The person at the keyboard, as a :class:`~pokerkit_core.engine.policy.Policy`.

    Args:
        game: The game that shows the table and holds the streams.
        name: Display name.
    """

    def __init__(self, game: TerminalGame, name: str = "you") -> None:
        self.name = name
        self._game = game

    def decide(self, observation: Observation) -> Action:
        """Show the table, then read moves until a legal one is typed.

        Args:
            observation: The person's view; ``legal`` is set.

        Returns:
            The typed legal action.

        Raises:
            StopSession: The person typed ``q`` or the input ended.
        """
        game = self._game
        legal = observation.legal
        if legal is None:  # pragma: no cover - the table always sets it
            raise StopSession("no legal actions")
        game.write(
            render_table(observation, game.names, dealt=game.dealt, hand_number=game.hand_number)
        )
        while True:
            game.write(f"Your move [{format_legal(legal)}]: ", end="")
            line = game.input.readline()
            if not line:
                game.write("")
                raise StopSession("end of input")
            if not game.interactive:  # a script: echo it, as a terminal would
                game.write(line.rstrip("\n"))
            text = " ".join(line.strip().lower().split())
            if text in ("q", "quit", "exit"):
                raise StopSession("quit")
            if text in ("?", "h", "help"):
                game.write(HELP)
                continue
            text = _ALIASES.get(text, text)
            action, problem = _read_move(text, legal)
            if action is None:
                game.write(f"{problem}. Legal: {format_legal(legal)}")
                continue
            if action in legal:
                return action
            reason = game.reason(action)
            if reason is not None:  # the engine's own words for the rule
                game.write(f"'{text}': {reason}. Legal: {format_legal(legal)}")
            else:
                game.write(
                    f"'{text}' is not a legal choice here (? for help). Legal: {format_legal(legal)}"
                )


class TerminalGame:
    """Prints a session's progress and hosts the :class:`TerminalPlayer`.

    Args:
        input: Where the person's moves are read from (one per line).
        output: Where the table is written.
        names: Display name per seat, seat 0 (the person) first.
        person: The person's seat.
    """

    def __init__(
        self, input: TextIO, output: TextIO, names: Sequence[str], *, person: int = 0
    ) -> None:
        self.input = input
        self.output = output
        self.names: tuple[str, ...] = tuple(names)
        self.person = person
        self.quiet = False
        self.dealt: tuple[bool, ...] = (True,) * len(self.names)
        self.hand_number: int | None = None
        self.state: HandState | None = None  # the hand as last shown (listener hooks)
        isatty = getattr(input, "isatty", None)
        self.interactive = bool(isatty()) if callable(isatty) else False

    def reason(self, action: Action) -> str | None:
        """The engine's reason for refusing ``action`` in the hand as last
        shown (e.g. "folding is not allowed when you can check"), or None
        when the engine would take it or no hand is known."""
        if self.state is None or self.state.to_act != self.person:
            return None
        try:
            act(self.state, action)  # asked only for its verdict; the result is dropped
        except IllegalActionError as exc:
            return exc.reason
        except PokerError:
            return None
        return None

    def write(self, text: str, *, end: str = "\n") -> None:
        """Write ``text`` unless the game is quiet (the person is out).

        Args:
            text: The text to write.
            end: Appended after ``text`` (a newline by default).
        """
        if not self.quiet:
            self.output.write(text + end)
            self.output.flush()

    # TableListener hooks

    def hand_started(self, hand_number: int, state: HandState) -> None:
        """Announce the hand and the person's cards.

        Args:
            hand_number: 1-based number of the hand.
            state: The hand just dealt.
        """
        self.dealt = tuple(s > 0 for s in state.config.stacks)
        self.hand_number = hand_number
        self.state = state
        self.write("")
        self.write(f"*** Hand {hand_number} ***")
        cards = state.hole_cards[self.person]
        if cards:
            self.write(f"Your cards: {format_cards(cards, sep=' ')}")

    def events(self, state: HandState, new_events: tuple[Event, ...]) -> None:
        """Print each public event.

        Args:
            state: The hand after the events.
            new_events: The events to print, oldest first.
        """
        self.state = state
        for event in new_events:
            line = describe_event(event, self.names)
            if line is not None:
                self.write(line)

    def hand_ended(self, record: HandRecord) -> None:
        """Print the hand's summary.

        Args:
            record: The finished hand's record.
        """
        self.write(summarize_hand(record, self.names, self.person))


def _print_ranking(game: TerminalGame, ranking: Sequence[Placement]) -> None:
    game.write("Final ranking:")
    for place in ranking:
        game.write(f"{place.place:>3}. {place.name} ({place.chips} chips)")


def play(
    input: TextIO,
    output: TextIO,
    *,
    opponents: Sequence[Policy],
    mode: TournamentMode | str | None = None,
    seed: int | None = None,
    name: str = "you",
    hands: int | None = None,
    stack: int = 10_000,
    blinds: Blinds = Blinds(50, 100),
) -> int:
    """Run a terminal game: the person (seat 0) against ``opponents``.

    Without ``mode`` it is a no-limit table session (the rules, section 3):
    everybody starts with ``stack`` chips at fixed ``blinds``; it ends when
    the person quits or busts, one player is left, or after ``hands`` hands.
    With a tournament mode it is that sit-and-go (the rules, section 5); it
    needs exactly the mode's number of players.  If the person is eliminated,
    the computer players finish the tournament quietly and the final ranking
    is shown.

    Args:
        input: The person's moves, one per line.
        output: Where the game is written.
        opponents: Computer players, seated from seat 1 on.
        mode: ``None`` (table session) or a :class:`TournamentMode` (or its
            value).
        seed: Seeds the decks and the first button.
        name: The person's display name.
        hands: Table session only: stop after this many hands.
        stack: Table session only: starting chips for everyone.
        blinds: Table session only: the blinds.

    Returns:
        Exit status 0.

    Raises:
        InvalidConfigError: No opponent or more than ``MAX_SEATS - 1``, the
            wrong number of opponents for the mode, unknown mode, or bad
            session settings.
    """
    if not 1 <= len(opponents) <= MAX_SEATS - 1:
        raise InvalidConfigError(
            f"give 1 to {MAX_SEATS - 1} opponents (a table seats {MAX_SEATS}), not {len(opponents)}"
        )
    policy_names = [getattr(p, "name", "bot") for p in opponents]
    names = player_names([name, *policy_names])
    game = TerminalGame(input, output, names)
    person = TerminalPlayer(game, name)
    players: list[Policy] = [person, *opponents]
    button = random.Random(seed).randrange(len(players))
    if mode is None:
        session = TableSession(
            TableConfig(stacks=(stack,) * len(players), blinds=blinds, button=button,
                        max_hands=hands),
            players,
            seed=seed,
            listener=game,
        )
        try:
            while not session.is_over and session.stacks[0] > 0:
                session.play_hand()
        except StopSession:
            game.write("Game stopped.")
        game.write("Stacks:")
        for seat, chips in enumerate(session.stacks):
            net = chips - stack
            game.write(f"  {names[seat]}: {chips} ({'+' if net > 0 else ''}{net})")
        return 0
    config = TournamentConfig.preset(mode)
    if len(players) != config.players:
        raise InvalidConfigError(
            f"mode {TournamentMode(mode).value} seats {config.players} players: "
            f"give {config.players - 1} opponents, not {len(opponents)}"
        )
    tournament = Tournament(
        config, players, names=names, seed=seed, button=button, listener=game
    )
    try:
        while not tournament.is_over:
            tournament.play_hand()
            if tournament.stacks[0] == 0 and not game.quiet:
                game.write(f"You are out in hand {tournament.hand_count}.")
                game.quiet = True
    except StopSession:
        game.write("Game stopped.")
        return 0
    game.quiet = False
    _print_ranking(game, tournament.ranking())
    return 0
