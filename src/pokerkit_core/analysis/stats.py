"""Player statistics over hand histories: VPIP, PFR, 3-bet, ... and bb/100.

Every source goes through the hand-history model
(:class:`~pokerkit_core.formats.model.HandHistory`), so one counting code path
serves PHH and PHHS files, ACPC dealer logs, :class:`~pokerkit_core.tables.session.TableSession`
records and match logs (``pokerkit-core match --log``, PHHS).
:func:`hand_facts` reads one hand into one :class:`HandFacts` per player;
:func:`player_stats` adds them up into one :class:`PlayerStats` per player.

Each statistic is a count over its *opportunities* (a :class:`Ratio`); the
definitions follow the tracking software players know (PokerTracker,
Hold'em Manager) and are spelled out, with every denominator, on the
documentation's statistics page (``docs/stats.rst``):

* **VPIP**: called or raised pre-flop / hands with a pre-flop decision.
* **PFR**: raised pre-flop / hands with a pre-flop decision.
* **3-bet**: re-raised the first pre-flop raise / times faced it with chips to raise.
* **Fold to 3-bet**: folded / times the first pre-flop raiser next faced a 3-bet.
* **C-bet**: bet the flop / flops where the last pre-flop raiser acted with no bet before.
* **Fold to c-bet**: folded / times faced a flop c-bet, not yet raised.
* **AF**: post-flop (bets + raises) / calls.
* **WTSD**: went to showdown / saw the flop; **W$SD**: won chips / went to showdown.
* **bb/100**: mean net result per hand x 100 in big blinds, with a 95% interval.

>>> from pokerkit_core.formats import phh
>>> hand = phh.loads('''
... variant = "NT"
... antes = [0, 0]
... blinds_or_straddles = [50, 100]
... min_bet = 100
... starting_stacks = [10000, 10000]
... players = ["ann", "bob"]
... actions = ["d dh p1 AsKs", "d dh p2 7c2d", "p2 cbr 300", "p1 f"]
... finishing_stacks = [9900, 10100]
... ''')
>>> bob = player_stats([hand], players=["bob"])[0]
>>> bob.vpip.count, bob.vpip.opportunities, bob.bb_per_100
(1, 1, 100.0)

References:
    PokerTracker 3 Statistical Reference Guide (PokerTracker Software, 2010);
    Poker Sleuth statistics reference (3-bet opportunities); PokerStrategy.com
    glossary (WTSD); docs/rules.rst section 2 (blinds, uncalled bets, showdown).
"""

from __future__ import annotations

import math
import statistics
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable, Iterator, Sequence

from ..errors import HistoryParseError, InvalidConfigError, SiteHistoryError, shown
from ..formats import acpc, phh
from ..formats.model import Amount, DealBoard, HandHistory, Move, MoveKind
from ..engine.forced_bets import Posted, post_forced_bets
from ..formats.replay import config_for, record, replay

if TYPE_CHECKING:  # pragma: no cover
    from ..match.runner import MatchResult
    from ..tables.session import HandRecord

__all__ = [
    "Ratio",
    "HandFacts",
    "PlayerStats",
    "hand_facts",
    "player_stats",
    "read_hands",
    "session_hands",
    "match_hands",
    "STAT_NAMES",
]

_Z95 = statistics.NormalDist().inv_cdf(0.975)
"""Two-sided 95% quantile of the normal distribution (about 1.96)."""

_BOARD_CARDS = 5
"""Board cards of one hold'em run-out; deals after it are extra boards, not streets."""

STAT_NAMES: tuple[str, ...] = (
    "vpip",
    "pfr",
    "three_bet",
    "fold_to_three_bet",
    "cbet",
    "fold_to_cbet",
    "wtsd",
    "wsd",
)
"""The :class:`Ratio` fields of :class:`PlayerStats`, in report order."""


@dataclass(frozen=True, slots=True)
class Ratio:
    """A count over its opportunities, e.g. hands raised pre-flop / hands played.

    Attributes:
        count: Times the player did it.
        opportunities: Times the player could have (the denominator).
    """

    count: int = 0
    opportunities: int = 0

    @property
    def percent(self) -> float | None:
        """``100 * count / opportunities``, or ``None`` without opportunities."""
        return 100.0 * self.count / self.opportunities if self.opportunities else None

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: ``{"count": int, "opportunities": int, "percent": float | None}``."""
        return {"count": self.count, "opportunities": self.opportunities, "percent": self.percent}


@dataclass(frozen=True, slots=True)
class HandFacts:
    """What one player did in one hand, as the statistics count it.

    Each ``*_chance`` flag is an opportunity and the flag without the suffix
    says the player took it (never true without its chance).

    Attributes:
        player: The player's name (``"p1"``, ``"p2"``, ... when unnamed).
        big_blind: The hand's big blind, chips.
        result: Net chips won (+) or lost (-), or ``None`` when the record
            gives no finishing stacks and the hand cannot be replayed.
        preflop_chance: The player had a pre-flop decision.
        vpip: Called or raised pre-flop.
        pfr: Raised pre-flop.
        three_bet_chance: Faced the first pre-flop raise with chips to raise.
        three_bet: Re-raised it.
        fold_to_three_bet_chance: Made the first pre-flop raise and next
            faced a 3-bet.
        fold_to_three_bet: Folded to it.
        cbet_chance: Last pre-flop raiser, acting on the flop with no bet before.
        cbet: Bet the flop then.
        fold_to_cbet_chance: Faced a flop continuation bet, not yet raised.
        fold_to_cbet: Folded to it.
        postflop_aggressive: Bets and raises on the flop, turn and river.
        postflop_calls: Calls on the flop, turn and river.
        saw_flop: Had not folded when the flop was dealt.
        showdown: Saw the flop and was still in at the showdown.
        won_at_showdown: Went to showdown and won chips from a pot.
    """

    player: str
    big_blind: int
    result: Amount | None = None
    preflop_chance: bool = False
    vpip: bool = False
    pfr: bool = False
    three_bet_chance: bool = False
    three_bet: bool = False
    fold_to_three_bet_chance: bool = False
    fold_to_three_bet: bool = False
    cbet_chance: bool = False
    cbet: bool = False
    fold_to_cbet_chance: bool = False
    fold_to_cbet: bool = False
    postflop_aggressive: int = 0
    postflop_calls: int = 0
    saw_flop: bool = False
    showdown: bool = False
    won_at_showdown: bool = False

    @property
    def result_bb(self) -> float | None:
        """:attr:`result` in big blinds (``None`` when unknown or no big blind)."""
        if self.result is None or self.big_blind <= 0:
            return None
        return float(self.result) / self.big_blind


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """One player's statistics over many hands.

    Attributes:
        player: The player's name.
        hands: Hands the player was dealt into.
        vpip: Voluntarily put money in the pot (pre-flop call or raise) over
            hands with a pre-flop decision.
        pfr: Pre-flop raise over hands with a pre-flop decision.
        three_bet: Pre-flop re-raise of the first raise over times faced.
        fold_to_three_bet: Folds of the first raiser facing a 3-bet.
        cbet: Flop continuation bets of the last pre-flop raiser.
        fold_to_cbet: Folds facing a flop continuation bet.
        wtsd: Went to showdown over flops seen.
        wsd: Won chips at showdown over showdowns (W$SD).
        postflop_aggressive: Post-flop bets and raises.
        postflop_calls: Post-flop calls.
        result_hands: Hands with a known result (the bb/100 sample).
        net_bb: Net result over those hands, big blinds.
        bb_per_100: Mean result per hand times 100, big blinds per 100 hands
            (``None`` without a known result).
        ci95: 95% confidence interval of :attr:`bb_per_100` (normal
            approximation, ``mean +- 1.96 * sd / sqrt(n)`` over hands);
            ``None`` with fewer than two results.
    """

    player: str
    hands: int
    vpip: Ratio
    pfr: Ratio
    three_bet: Ratio
    fold_to_three_bet: Ratio
    cbet: Ratio
    fold_to_cbet: Ratio
    wtsd: Ratio
    wsd: Ratio
    postflop_aggressive: int
    postflop_calls: int
    result_hands: int
    net_bb: float
    bb_per_100: float | None
    ci95: tuple[float, float] | None

    @property
    def aggression_factor(self) -> float | None:
        """Post-flop (bets + raises) / calls; ``None`` without a post-flop call."""
        if not self.postflop_calls:
            return None
        return self.postflop_aggressive / self.postflop_calls

    def to_dict(self) -> dict[str, Any]:
        """The JSON form of the statistics.

        Returns:
            A dict with ``player`` (str), ``hands`` (int), one
            :meth:`Ratio.to_dict` per name of :data:`STAT_NAMES`,
            ``aggression_factor`` (float or None), ``postflop_aggressive``
            and ``postflop_calls`` (ints), ``result_hands`` (int),
            ``net_bb`` (float, big blinds), ``bb_per_100`` (float or None)
            and ``ci95`` (``[low, high]`` in bb/100, or None).
        """
        doc: dict[str, Any] = {"player": self.player, "hands": self.hands}
        for name in STAT_NAMES:
            doc[name] = getattr(self, name).to_dict()
        doc.update(
            aggression_factor=self.aggression_factor,
            postflop_aggressive=self.postflop_aggressive,
            postflop_calls=self.postflop_calls,
            result_hands=self.result_hands,
            net_bb=self.net_bb,
            bb_per_100=self.bb_per_100,
            ci95=None if self.ci95 is None else [self.ci95[0], self.ci95[1]],
        )
        return doc


def _big_blind(hand: HandHistory) -> int:
    """The hand's big blind: PHH ``min_bet`` (no-limit) or ``small_bet``
    (fixed-limit, where it equals the big blind); else the largest blind."""
    bb = hand.small_bet if hand.is_fixed_limit else hand.min_bet
    return bb if bb else hand.big_blind


def _finishing(hand: HandHistory) -> tuple[Amount, ...] | None:
    """The recorded finishing stacks, else the stacks of a replay (``None`` if it fails)."""
    if hand.finishing_stacks is not None:
        return hand.finishing_stacks
    try:
        replayed = replay(hand)
    except Exception:  # noqa: BLE001 - a hand the engine cannot deal has no result
        return None
    if replayed.state is None or replayed.got is None or not replayed.state.is_over:
        return None
    return replayed.got


def _posted(hand: HandHistory) -> Posted:
    """The hand's forced bets as the engine posts them (player i = seat i),
    so a short poster pays ante and blind in the engine's order: one home
    for that rule, :mod:`pokerkit_core.engine.forced_bets`.

    Raises:
        HistoryParseError: The engine cannot seat the hand's forced bets
            (no big blind, straddles not after the big blind, ...).
    """
    try:
        config, _ = config_for(hand)
    except InvalidConfigError as exc:
        raise HistoryParseError(f"forced bets the engine cannot post: {exc}") from None
    return post_forced_bets(config)


def hand_facts(hand: HandHistory) -> tuple[HandFacts, ...]:
    """Read what each player did in one hand.

    Walks the recorded entries once: chips moved (the forced bets posted as
    the engine posts them, :func:`~pokerkit_core.engine.forced_bets.post_forced_bets`:
    a short big blind pays the blind before a big-blind ante, antes from
    every seat come before the blinds; calls, raise-to totals; fixed-limit
    bets sized by the game),
    streets (each board deal up to five cards), folds and the pre-flop raise
    count (the big blind is the first bet, the first raise the 2-bet, the
    next the 3-bet).  The net result is finishing minus starting stack (a
    record without finishing stacks is replayed); chips won at showdown are
    the finishing stack minus what the player kept behind, after returning
    the uncalled part of the largest contribution.

    Args:
        hand: Any recorded hand (complete or not).

    Returns:
        One :class:`HandFacts` per player, player 0 first.

    Raises:
        HistoryParseError: Forced bets the engine cannot post (no big
            blind, straddles not on the players after the big blind).

    References:
        docs/rules.rst sections 2 (uncalled bets) and 2b/5 (order of a short
        poster's ante and blind); docs/stats.rst (definitions).
    """
    n = hand.player_count
    names = hand.players or tuple(f"p{i + 1}" for i in range(n))
    posted = _posted(hand)
    behind = list(posted.stacks)
    put = list(posted.contributions)
    bets = list(posted.bets)
    call_to = posted.call_to  # pre-flop: the largest forced bet, even posted short
    folded = [False] * n
    flags: list[dict[str, bool]] = [{} for _ in range(n)]
    aggressive = [0] * n
    calls = [0] * n
    street = 0
    board_cards = 0
    level = 1 if any(bets) else 0  # bets made this street (the big blind is the first)
    first_raiser: int | None = None  # the pre-flop 2-bet
    first_raiser_answered = False
    last_raiser: int | None = None  # the last pre-flop raiser
    cbet_decided = False  # the last pre-flop raiser has acted on the flop
    cbet_live = False  # the flop's only bet so far is the c-bet
    answered_cbet = [False] * n
    for entry in hand.entries:
        if isinstance(entry, DealBoard):
            if board_cards >= _BOARD_CARDS:
                continue  # another run-out, not a betting street
            board_cards += len(entry.cards)
            street += 1
            bets = [0] * n
            level = call_to = 0
            if street == 1:
                for i in range(n):
                    flags[i]["saw_flop"] = not folded[i]
            continue
        if not isinstance(entry, Move):
            continue
        i = entry.player
        f = flags[i]
        top = max(max(bets), call_to)
        to_call = top - bets[i]
        if street == 0:
            f["preflop_chance"] = True
            if level == 2 and i != first_raiser and "three_bet_chance" not in f and behind[i] > to_call:
                f["three_bet_chance"] = True
                f["three_bet"] = entry.kind is MoveKind.BET_RAISE
            if i == first_raiser and not first_raiser_answered:
                first_raiser_answered = True
                if level == 3:
                    f["fold_to_three_bet_chance"] = True
                    f["fold_to_three_bet"] = entry.kind is MoveKind.FOLD
        elif street == 1:
            if i == last_raiser and not cbet_decided:
                cbet_decided = True
                if level == 0:  # nobody bet before
                    f["cbet_chance"] = True
                    f["cbet"] = cbet_live = entry.kind is MoveKind.BET_RAISE
            elif cbet_live and level == 1 and not answered_cbet[i]:
                answered_cbet[i] = True
                f["fold_to_cbet_chance"] = True
                f["fold_to_cbet"] = entry.kind is MoveKind.FOLD
        if entry.kind is MoveKind.FOLD:
            folded[i] = True
            continue
        target = top
        if entry.kind is MoveKind.BET_RAISE:
            target = _raise_to(hand, entry, bets[i], behind[i], top, street)
        if target > top:  # a bet or raise (a "raise" to no more than the bet is a call)
            level += 1
            if street == 0:
                f["vpip"] = f["pfr"] = True
                last_raiser = i
                if level == 2:
                    first_raiser = i
            else:
                aggressive[i] += 1
        elif to_call > 0:
            target = min(top, bets[i] + behind[i])
            if street == 0:
                f["vpip"] = True
            else:
                calls[i] += 1
        else:
            continue  # a check
        added = target - bets[i]
        bets[i] = target
        behind[i] -= added
        put[i] += added
    live = [i for i in range(n) if not folded[i]]
    showdown = len(live) >= 2 and board_cards >= _BOARD_CARDS
    finishing = _finishing(hand)
    won = [False] * n
    if showdown and finishing is not None:
        ranked = sorted(range(n), key=put.__getitem__, reverse=True)
        returned = [0] * n
        returned[ranked[0]] = put[ranked[0]] - put[ranked[1]]
        for i in live:
            kept = hand.starting_stacks[i] - put[i] + returned[i]
            won[i] = finishing[i] > kept
    facts = []
    for i in range(n):
        f = flags[i]
        saw_flop = f.get("saw_flop", False)
        at_showdown = showdown and saw_flop and not folded[i]
        facts.append(
            HandFacts(
                player=names[i],
                big_blind=_big_blind(hand),
                result=None if finishing is None else finishing[i] - hand.starting_stacks[i],
                preflop_chance=f.get("preflop_chance", False),
                vpip=f.get("vpip", False),
                pfr=f.get("pfr", False),
                three_bet_chance=f.get("three_bet_chance", False),
                three_bet=f.get("three_bet", False),
                fold_to_three_bet_chance=f.get("fold_to_three_bet_chance", False),
                fold_to_three_bet=f.get("fold_to_three_bet", False),
                cbet_chance=f.get("cbet_chance", False),
                cbet=f.get("cbet", False),
                fold_to_cbet_chance=f.get("fold_to_cbet_chance", False),
                fold_to_cbet=f.get("fold_to_cbet", False),
                postflop_aggressive=aggressive[i],
                postflop_calls=calls[i],
                saw_flop=saw_flop,
                showdown=at_showdown,
                won_at_showdown=at_showdown and won[i],
            )
        )
    return tuple(facts)


def _raise_to(hand: HandHistory, move: Move, bet: int, behind: int, top: int, street: int) -> int:
    """The street total after a bet/raise: its ``to``, or the fixed-limit size
    (small bet pre-flop and on the flop, big bet on the turn and river),
    capped by the player's chips."""
    if move.to is not None:
        to = move.to
    else:
        size = (hand.small_bet if street < 2 else hand.big_bet) or 0
        to = top + size
    return min(to, bet + behind)


class _Tally:
    """Running sums of one player's :class:`HandFacts`."""

    __slots__ = ("hands", "counts", "aggressive", "calls", "results")

    _PAIRS = (  # (opportunity flag, taken flag), in the order of STAT_NAMES
        ("preflop_chance", "vpip"),
        ("preflop_chance", "pfr"),
        ("three_bet_chance", "three_bet"),
        ("fold_to_three_bet_chance", "fold_to_three_bet"),
        ("cbet_chance", "cbet"),
        ("fold_to_cbet_chance", "fold_to_cbet"),
        ("saw_flop", "showdown"),
        ("showdown", "won_at_showdown"),
    )

    def __init__(self) -> None:
        self.hands = 0
        self.counts = [0] * (2 * len(self._PAIRS))
        self.aggressive = 0
        self.calls = 0
        self.results: list[float] = []

    def add(self, facts: HandFacts) -> None:
        self.hands += 1
        counts = self.counts
        for k, (chance, done) in enumerate(self._PAIRS):
            if getattr(facts, chance):
                counts[2 * k + 1] += 1
                if getattr(facts, done):
                    counts[2 * k] += 1
        self.aggressive += facts.postflop_aggressive
        self.calls += facts.postflop_calls
        result = facts.result_bb
        if result is not None:
            self.results.append(result)

    def stats(self, player: str) -> PlayerStats:
        ratios = [Ratio(self.counts[2 * k], self.counts[2 * k + 1]) for k in range(len(self._PAIRS))]
        results = self.results
        mean = statistics.fmean(results) if results else None
        ci: tuple[float, float] | None = None
        if mean is not None and len(results) >= 2:
            half = _Z95 * statistics.stdev(results, mean) / math.sqrt(len(results))
            ci = (100 * (mean - half), 100 * (mean + half))
        vpip, pfr, three_bet, fold_to_three_bet, cbet, fold_to_cbet, wtsd, wsd = ratios
        return PlayerStats(
            player=player,
            hands=self.hands,
            vpip=vpip,
            pfr=pfr,
            three_bet=three_bet,
            fold_to_three_bet=fold_to_three_bet,
            cbet=cbet,
            fold_to_cbet=fold_to_cbet,
            wtsd=wtsd,
            wsd=wsd,
            postflop_aggressive=self.aggressive,
            postflop_calls=self.calls,
            result_hands=len(results),
            net_bb=math.fsum(results),
            bb_per_100=None if mean is None else 100 * mean,
            ci95=ci,
        )


def player_stats(
    hands: Iterable[HandHistory], *, players: Sequence[str] | None = None
) -> tuple[PlayerStats, ...]:
    """Add up every player's statistics over ``hands``.

    Args:
        hands: Hand histories in any order (read lazily, once).
        players: Only these names (``None``: every player met).

    Returns:
        One :class:`PlayerStats` per player, in the order first met (or in
        the order of ``players``; a name never met gets zero hands).

    Raises:
        InvalidConfigError: ``players`` is a single ``str`` (pass a list) or
            holds a non-string.
    """
    wanted: set[str] | None = None
    if players is not None:
        if isinstance(players, str) or not all(isinstance(p, str) for p in players):
            raise InvalidConfigError(f"players must be a list of names, not {shown(players)}")
        wanted = set(players)
    tallies: dict[str, _Tally] = {name: _Tally() for name in players or ()}
    for hand in hands:
        if wanted is not None and not wanted.intersection(hand.players or _positional(hand)):
            continue
        for facts in hand_facts(hand):
            if wanted is not None and facts.player not in wanted:
                continue
            tally = tallies.get(facts.player)
            if tally is None:
                tally = tallies[facts.player] = _Tally()
            tally.add(facts)
    return tuple(tally.stats(name) for name, tally in tallies.items())


def _positional(hand: HandHistory) -> tuple[str, ...]:
    return tuple(f"p{i + 1}" for i in range(hand.player_count))


def read_hands(path: str | Path) -> Iterator[HandHistory]:
    """Stream the hands of a hand-history file, by its name's ending.

    Args:
        path: A ``.phh`` or ``.phhs`` file (PHH, including match logs of
            ``pokerkit-core match --log``), a ``.log`` ACPC dealer log
            (its game file is looked up beside the log or in ``games/``),
            or any other file: an online room's hand history
            (:mod:`pokerkit_core.formats.sites`), of which the hold'em hands
            that replay to the room's own summary are read (their results
            are after rake: bb/100 net of rake).

    Yields:
        Each hand in file order.

    Raises:
        HistoryParseError: An unknown ending, a missing game file, or a
            hand that cannot be read (with its line number).
        OSError: The file cannot be read.
    """
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix == ".log":
        with open(path, encoding="utf-8") as fp:
            log = acpc.load(fp)
        game = acpc.load_game(acpc.find_game_file(log.game_file, path))
        for line in log.states:
            yield line.to_history(game)
    elif suffix in (".phh", ".phhs"):
        with open(path, encoding="utf-8") as fp:
            yield from phh.iter_hands(fp)
    else:
        from ..formats.sites import HandOutcome, check, read_file  # an online room's hand history

        try:
            items = list(read_file(path))
        except SiteHistoryError as exc:
            raise HistoryParseError(
                f"{path}: unknown file type (use .phh, .phhs, .log or an online room's hand history): {exc.message}"
            ) from None
        for item in items:
            outcome = item if isinstance(item, HandOutcome) else check(item)
            if outcome.status == "equal" and outcome.history is not None:
                yield outcome.history


def session_hands(
    records: Iterable[HandRecord], *, names: Sequence[str] | None = None
) -> Iterator[HandHistory]:
    """The hands of a :class:`~pokerkit_core.tables.session.TableSession` as histories.

    Args:
        records: Session records (``session.records``), kept with
            ``keep_hands=True`` (each has its final ``state``).
        names: One name per seat, seat 0 first; default ``"seat 0"``,
            ``"seat 1"``, ... (the players of a session keep their seats).

    Yields:
        One history per record, in order.

    Raises:
        InvalidConfigError: A record has no state (``keep_hands=False``), or
            ``names`` does not give one name per seat.
    """
    for rec in records:
        state = rec.state
        if state is None:
            raise InvalidConfigError(
                f"hand {rec.hand_number} kept no state: create the session with keep_hands=True"
            )
        seats = state.config.seat_count
        seat_names = list(names) if names is not None else [f"seat {s}" for s in range(seats)]
        if len(seat_names) != seats:
            raise InvalidConfigError(f"{len(seat_names)} names for {seats} seats")
        yield record(state, players=seat_names, hand_id=rec.hand_number)


def match_hands(result: MatchResult) -> Iterator[HandHistory]:
    """The hands of a :func:`~pokerkit_core.match.runner.run_match` result as histories.

    Args:
        result: A match played with ``keep_hands=True``.

    Yields:
        One history per hand, named after the match's players.

    Raises:
        InvalidConfigError: The match kept no hands.
    """
    if result.hands and not result.hand_states:
        raise InvalidConfigError("the match kept no hands: run it with keep_hands=True")
    names = [p.name for p in result.players]
    for number, (state, player_at) in enumerate(zip(result.hand_states, result.seats)):
        yield record(state, players=[names[p] for p in player_at], hand_id=number)
