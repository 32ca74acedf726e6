"""Turn a site's hand into a hand history, replay it, compare with the site.

:func:`to_history` maps a :class:`~.hand.SiteHand` onto the library's
:class:`~pokerkit_core.formats.model.HandHistory` (players in PHH order: the
first seat left of the button first, the button last); :func:`check` replays
it on the engine (:func:`~pokerkit_core.formats.replay.replay`) and compares
the engine's final stacks, total pot and rake with what the site wrote:

* final stacks: each player's starting stack, less what the site says the
  player put in (forced bets and actions, less an uncalled bet returned),
  plus what the site says the player collected;
* pots: the total pot (every chip put in, before rake, or after it where
  the site writes the pot net of rake) and, where the site writes its main
  and side pots, their number (and their amounts when no rake was taken:
  rooms split a rake between the pots by rules of their own);
* rake: the house's take as the site states it (rake, jackpot and other
  drops), which the replay takes from the pots (``HandHistory.rake``).

The outcome (:class:`HandOutcome`) says ``equal`` or why not.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction

from ...engine.events import UncalledBetReturned
from ...engine.rake import hand_rake, running_total_rake
from ...engine.results import resolve_pots
from ...errors import HistoryParseError
from ..model import DealBoard, DealHole, Entry, HandHistory, Move, MoveKind, ShowCards
from ..replay import replay
from .hand import PREFLOP, SiteHand, SitePost

__all__ = ["HandOutcome", "to_history", "check", "Unsupported"]


def _live_posts(hand: SiteHand) -> list[SitePost]:
    """The forced bets as the engine posts them.

    A second big (or small) blind posted by a player other than the blind
    (a player joining or coming back posts one) is no blind of the engine's
    table: if
    the player's first action before the flop is a fold, the post is dead
    money (``"dead"``); otherwise it is taken as the start of the player's
    call or raise when the turn comes (``"limp"``: the engine puts the same
    chips in then, in the same order of action).  A note says which.
    """
    posts: list[SitePost] = []
    seen: set[str] = set()
    for post in hand.posts:
        if post.kind in ("sb", "bb"):
            if post.kind in seen:
                first = next((a for a in hand.actions if a.name == post.name and a.street == PREFLOP), None)
                kind = "dead" if first is None or first.kind == "fold" else "limp"
                blind = "big" if post.kind == "bb" else "small"
                note = f"{post.name} posts a second {blind} blind of {post.amount} chips: " + (
                    "dead money (folded)" if kind == "dead" else "counted in the first call or raise"
                )
                if note not in hand.notes:
                    hand.notes.append(note)
                live = post.amount
                if kind == "limp" and post.kind == "bb" and 0 < hand.big_blind < post.amount:
                    live = hand.big_blind  # a big blind and a dead small blind in one post
                    posts.append(SitePost(post.name, "dead", post.amount - live))
                posts.append(SitePost(post.name, kind, live))
                continue
            seen.add(post.kind)
        posts.append(post)
    return posts


class Inconsistent(HistoryParseError):
    """A hand whose own lines do not add up (the chips put in are not the
    total pot the site writes)."""


class Unsupported(HistoryParseError):
    """A hold'em hand the engine cannot play as the site dealt it (e.g. a
    second big blind posted by a player joining the table)."""


@dataclass(slots=True)
class HandOutcome:
    """What importing one hand gave.

    Attributes:
        site: The room.
        path: The file.
        line: 1-based line where the hand starts.
        hand_id: The site's hand id.
        game: ``"holdem"`` or the site's name of the game.
        status: ``"equal"`` (replayed; pots, rake and stacks equal the
            site's), ``"differs"`` (replayed, but something differs),
            ``"refused"`` (not replayable: a parse error, an action the
            engine refuses, a table the engine does not model) or
            ``"skipped"`` (not hold'em).
        reason: Why not ``equal`` (``""`` when equal).
        history: The hand history (``None`` when it could not be built).
        site_hand: The hand as read (``None`` for a parse error).
        expected: Final stacks from the site's lines, PHH player order.
        got: The engine's final stacks.
    """

    site: str
    path: str | None
    line: int
    hand_id: str
    game: str
    status: str
    reason: str = ""
    history: HandHistory | None = None
    site_hand: SiteHand | None = None
    expected: tuple[int, ...] | None = None
    got: tuple[object, ...] | None = None
    notes: tuple[str, ...] = field(default=())


def _order(hand: SiteHand) -> list[str]:
    """Dealt-in names, the first seat after the button first."""
    names_in_play = {post.name for post in hand.posts} | {a.name for a in hand.actions}
    for player in hand.players:
        if not player.dealt and player.name in names_in_play:
            player.dealt = True  # listed as sitting out, yet playing
    # a seat with no forced bet and no action was not dealt in (sitting out:
    # every player dealt in posts or acts before the flop)
    dealt = [p for p in hand.players if p.dealt and p.stack > 0 and p.name in names_in_play]
    dealt.sort(key=lambda p: p.seat)
    if len(dealt) < 2:
        raise hand.error("fewer than two players dealt in")
    button = hand.button if hand.button is not None else dealt[-1].seat
    after = [p for p in dealt if p.seat > button]
    before = [p for p in dealt if p.seat <= button]
    return [p.name for p in after + before]


def to_history(hand: SiteHand) -> tuple[HandHistory, tuple[int, ...]]:
    """The hand history of a site's hand, and its expected final stacks.

    Args:
        hand: A hold'em hand read by a site reader.

    Returns:
        ``(history, expected)``: the hand in PHH player order (first seat
        after the button first) with ``finishing_stacks`` the stacks the
        site's lines give, and those stacks.

    Raises:
        SiteHistoryError: The hand's lines contradict each other (an action
            by a player not seated, no big blind, fewer than two players).
        Unsupported: A table the engine does not model (two big blinds
            posted, straddles not by consecutive seats from the big blind
            to the button).
    """
    names = _order(hand)
    index = {name: k for k, name in enumerate(names)}
    n = len(names)
    start = [0] * n
    for player in hand.players:
        if player.name in index:
            start[index[player.name]] = player.stack
    blinds = [0] * n
    antes = [0] * n
    put = [0] * n

    def seat(name: str, line: int | None = None) -> int:
        if name not in index:
            raise hand.error(f"expected a seated player, got {name!r}", line)
        return index[name]

    posts = _live_posts(hand)
    straddles: list[int] = []
    for post in posts:
        k = seat(post.name)
        put[k] += post.amount
        if post.kind == "limp":
            continue
        if post.kind in ("ante", "dead"):
            antes[k] += post.amount
        elif blinds[k]:
            raise Unsupported(f"{post.name} posts two blinds (a dead blind and a live one)")
        else:
            blinds[k] = post.amount
            if post.kind == "straddle":
                straddles.append(k)
    posters = [k for k in range(n) if blinds[k]]
    big = [p for p in posts if p.kind == "bb"]
    if len(posters) > 2:
        # straddles are posted by consecutive seats after the big blind: the
        # first right after it or later, up to the button (GameConfig.straddle_seat;
        # config_for checks the seats)
        bb_index = seat(big[0].name) if big else -1
        first_straddler = min(straddles, default=-1)
        expected_seats = list(range(first_straddler, first_straddler + len(posters) - 2))
        if sorted(straddles) != expected_seats or bb_index < 0:
            raise Unsupported("a straddle or extra blind not posted by consecutive seats after the big blind")
        if first_straddler < bb_index:
            raise Unsupported("a straddle posted across the button")
    entries: list[Entry] = [DealHole(k, hand.hole.get(name)) for k, name in enumerate(names)]
    board = hand.boards[0] if hand.boards else []
    dealt_board = 0
    board_at = (0, 3, 4, 5)
    street_put = [0] * n
    street = PREFLOP
    for post in hand.posts:
        if post.kind not in ("ante", "dead"):
            street_put[seat(post.name)] += post.amount  # the site's amounts (live or not)
    for action in hand.actions:
        k = seat(action.name, action.line)
        if action.street != street:
            street = action.street
            street_put = [0] * n
            if len(board) < board_at[street]:
                raise hand.error(f"an action on street {street} without its board cards", action.line)
            if board_at[street] > dealt_board:
                entries.append(DealBoard(tuple(board[dealt_board : board_at[street]])))
                dealt_board = board_at[street]
        if action.kind == "fold":
            entries.append(Move(k, MoveKind.FOLD))
        elif action.kind in ("check", "call"):
            entries.append(Move(k, MoveKind.CHECK_CALL))
            if action.kind == "call":
                put[k] += action.to
                street_put[k] += action.to
        elif action.kind in ("bet", "raise") and action.to <= max(street_put):
            # an all-in for no more than the bet to call is a call
            entries.append(Move(k, MoveKind.CHECK_CALL))
            put[k] += action.to - street_put[k]
            street_put[k] = action.to
        elif action.kind in ("bet", "raise"):
            if action.to <= street_put[k]:
                raise hand.error(f"a raise to {action.to} chips below the {street_put[k]} already in", action.line)
            entries.append(Move(k, MoveKind.BET_RAISE, action.to))
            put[k] += action.to - street_put[k]
            street_put[k] = action.to
        else:  # pragma: no cover - readers only make these kinds
            raise hand.error(f"unknown action {action.kind!r}", action.line)
    if len(board) > dealt_board:
        entries.append(DealBoard(tuple(board[dealt_board:])))
    boards = max(1, len(hand.boards))
    if boards > 1:
        first = hand.boards[0]
        for run in hand.boards[1:]:
            common = 0
            while common < min(len(run), len(first)) and run[common] == first[common]:
                common += 1
            own = run[common:]
            if own:
                entries.append(DealBoard(tuple(own)))
    for name in names:
        if name in hand.shown and name in hand.hole:
            entries.append(ShowCards(index[name], hand.hole[name], True))
        elif name in hand.mucked:
            entries.append(ShowCards(index[name], None, False))
    for name, chips in hand.uncalled.items():
        put[seat(name)] -= chips
    live = [put[k] - antes[k] for k in range(n)]  # dead money is matched by nobody
    top = max(live)
    if live.count(top) == 1 and n > 1 and not hand.uncalled_in_pot:
        owner = live.index(top)
        second = max(chips for k, chips in enumerate(live) if k != owner)
        raised = any(a.name == names[owner] and a.kind in ("bet", "raise") for a in hand.actions)
        if top > second and raised:  # an uncalled bet the site did not write: the rules return it
            note = f"uncalled {top - second} chips returned to {names[owner]} (not written)"
            if note not in hand.notes:
                hand.notes.append(note)
            put[owner] -= top - second
    expected = tuple(
        start[k] - put[k] + hand.collected.get(name, 0) for k, name in enumerate(names)
    )
    if not hand.rake_written:
        hand.rake = max(0, sum(put) - sum(hand.collected.get(name, 0) for name in names))
        note = f"rake not written by the site: {hand.rake} chips, the pots less the winnings"
        if note not in hand.notes:
            hand.notes.append(note)
    if hand.total_pot is not None:
        site_total = hand.total_pot + (hand.rake if hand.pot_is_net else 0)
        if site_total != sum(put):
            raise Inconsistent(
                f"the site's lines do not add up: chips put in {sum(put)}, total pot {site_total} "
                "(before rake)"
            )
    limit = {"NL": "NT", "PL": "NT", "FL": "FT"}[hand.betting]
    fixed = limit == "FT"
    history = HandHistory(
        variant=limit,
        starting_stacks=tuple(start),
        blinds=tuple(blinds),
        antes=tuple(antes),
        entries=tuple(entries),
        min_bet=None if fixed else max(hand.big_blind, 1),
        small_bet=(hand.small_bet or hand.big_blind) if fixed else None,
        big_bet=(hand.big_bet or 2 * hand.big_blind) if fixed else None,
        finishing_stacks=expected,
        players=tuple(names),
        hand_id=hand.hand_id,
        chip_scale=hand.scale,
        boards=boards,
        rake=hand.rake,
    )
    return history, expected


_RATE_STEPS = (100, 200, 1000, 2000, 10_000)
"""Denominators tried, in order, for a room's rake rate (1%, 0.5%, 0.1%, ...)."""


def _running_rate(hand: SiteHand, amounts: list[int], parts: list[int]) -> Fraction | None:
    """The rate at which PokerStars counted its rake up pot by pot, or ``None``.

    PokerStars writes each pot after its rake; its split is not the engine's
    default (in proportion to the pots) but the running total
    (``RakeSplit.RUNNING_TOTAL``: the rate times the pots so far, main pot
    first, rounded to the cent, capped).  Its rate is not written, so the
    simplest rate (fewest decimals, smallest first) that reproduces the
    room's rake of every pot and its total is found among 1% steps, then
    0.5%, 0.1%, 0.05% and 0.01% steps up to 20%.  ``None`` when the room
    writes fewer than two pots or no rake, when the engine's split already
    equals the room's, or when no rate reproduces it (the hand then shows
    the difference).
    """
    if hand.site != "PokerStars" or not hand.rake or len(hand.pots) < 2 or len(hand.pots) != len(amounts):
        return None
    room = [amount - after for amount, after in zip(amounts, hand.pots)]
    if room == parts or sum(room) != hand.rake or min(room) < 0:
        return None
    total = sum(amounts)
    for steps in _RATE_STEPS:
        for k in range(1, steps // 5 + 1):
            rate = Fraction(k, steps)
            if hand_rake(rate, hand.rake, (), False, total=total, players=2, flop_dealt=True, nearest=True) != hand.rake:
                continue
            if list(running_total_rake(rate, hand.rake, amounts)) == room:
                return rate
    return None


def check(hand: SiteHand) -> HandOutcome:
    """Replay a site's hand and compare it with the site's summary.

    Args:
        hand: A hand read by a site reader.

    Returns:
        The :class:`HandOutcome`: ``skipped`` for a game other than hold'em,
        ``refused`` when the hand cannot be built or an action is refused,
        ``differs`` when a stack, the total pot or the rake differs (the
        reason names the first difference), else ``equal``.  Never raises
        for a bad hand.
    """
    base = dict(site=hand.site, path=hand.path, line=hand.line, hand_id=hand.hand_id, game=hand.game)
    if hand.game != "holdem":
        return HandOutcome(**base, status="skipped", reason=f"unsupported game: {hand.game}", site_hand=hand)  # type: ignore[arg-type]
    try:
        history, expected = to_history(hand)
    except Unsupported as exc:
        return HandOutcome(**base, status="refused", reason=f"unsupported: {exc.message}", site_hand=hand)  # type: ignore[arg-type]
    except Inconsistent as exc:
        return HandOutcome(**base, status="differs", reason=exc.message, site_hand=hand)  # type: ignore[arg-type]
    except HistoryParseError as exc:
        return HandOutcome(**base, status="refused", reason=f"parse error: {exc}", site_hand=hand)  # type: ignore[arg-type]
    result = replay(history, implicit_folds=False)
    state = result.state
    if state is not None and state.is_over:
        pots = resolve_pots(state).pots
        rate = _running_rate(hand, [pot.amount for pot in pots], [pot.rake for pot in pots])
        if rate is not None:  # PokerStars' own split of the rake: replay by it
            history = replace(history, rake_rate=rate)
            result = replay(history, implicit_folds=False)
            state = result.state
    if not result.ok or state is None or not state.is_over:
        why = result.error or "the hand is not over where the site's record stops"
        return HandOutcome(
            **base, status="refused" if result.got is None or not state or not state.is_over else "differs",  # type: ignore[arg-type]
            reason=f"replay: {why}", history=history, site_hand=hand, expected=expected, got=result.got,
        )
    resolution = resolve_pots(state)
    total = sum(pot.amount for pot in resolution.pots)
    if hand.uncalled_in_pot:  # the site's pot holds the uncalled bet the engine returned
        total += sum(e.amount for e in state.history if isinstance(e, UncalledBetReturned))
    reason = ""
    if hand.total_pot is not None:
        site_total = hand.total_pot + (hand.rake if hand.pot_is_net else 0)
        if site_total != total:
            reason = f"total pot: engine {total}, site {site_total} (chips before rake)"
    if not reason and hand.pots:  # the room writes its main and side pots
        if len(hand.pots) != len(resolution.pots):
            reason = f"pots: engine {len(resolution.pots)}, site {len(hand.pots)} (main and side pots)"
        elif not hand.rake and hand.pots != [pot.amount for pot in resolution.pots]:
            reason = f"pots: engine {[pot.amount for pot in resolution.pots]}, site {hand.pots}"
        elif history.rake_rate is not None and hand.pots != [p.amount - p.rake for p in resolution.pots]:
            reason = f"pots after rake: engine {[p.amount - p.rake for p in resolution.pots]}, site {hand.pots}"
    if not reason and resolution.rake != hand.rake:
        reason = f"rake: engine {resolution.rake}, site {hand.rake}"
    return HandOutcome(
        **base, status="differs" if reason else "equal", reason=reason,  # type: ignore[arg-type]
        history=history, site_hand=hand, expected=expected, got=result.got,
        notes=result.notes + (
            ("pot-limit hold'em replayed as no-limit (PHH has no pot-limit hold'em variant)",)
            if hand.betting == "PL" else ()
        ),
    )
