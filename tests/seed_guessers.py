"""A bot that knows the library's code and tries to learn the decks from its
own seed or its hole cards (tests/test_seeds.py).

:class:`SeedGuesser` is a module-level class (picklable, importable by an
isolated policy's process).  Given its seed, it looks for a match or table
seed from 0 to :data:`CANDIDATES` - 1 that explains it, by the derivations of
this version (:mod:`pokerkit_core.seeding`) and of the previous one (one
``random.Random`` for a chunk's policy seeds and decks; the tournament
command's generator for policies, button and decks).  It also keeps, hand
after hand, the candidate seeds whose first decks deal it its hole cards.
Once it knows the deck of a hand it plays it perfectly (all-in when it wins
at showdown, check or fold when it loses); otherwise it plays as ``call``.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Callable

from cheaters import exploit, honest

from pokerkit_core.engine.actions import Action
from pokerkit_core.evaluation.cards import full_deck
from pokerkit_core.engine.dealing import draw_codes
from pokerkit_core.match.runner import DEFAULT_CHUNK_DEALS
from pokerkit_core.match.chunks import shuffle_codes
from pokerkit_core.engine.observation import Observation
from pokerkit_core.engine.rules import GameConfig
from pokerkit_core.seeding import derive, policy_seed
from pokerkit_core.engine.state import replay_actions

CANDIDATES = 2000
"""Seeds tried: 0 to CANDIDATES - 1 (the small seeds a person would type)."""

CHUNKS = 4
"""Chunk indices tried for a match's policy seeds."""

RUNS, SEATS = 3, 10
"""Tournament runs and seats tried for the tournament command's policy seeds."""

HANDS_TO_CONFIRM = 3
"""A hole-card candidate seed counts as found once it dealt the bot's hole
cards in every hand seen, this many at least (a wrong seed does so in one
hand with probability 1/1326 per deck tried)."""

TABLE_HANDS = 10
"""A table's seed is searched from the hole cards of its first hands only."""

Decks = Callable[[int, int], "list[list[int]]"]
"""(hand_number, seat) -> the candidate card-code lists of that hand."""


def _old_match_decks(seed: int, index: int) -> list[list[int]]:
    """The previous version's decks of a match chunk (after the two policy seeds)."""
    rng = random.Random(f"pokerkit_core.match.runner:{seed}:{index}")
    rng.getrandbits(63), rng.getrandbits(63)
    decks = []
    for _ in range(DEFAULT_CHUNK_DEALS):
        deck = list(range(len(full_deck())))
        shuffle_codes(rng, deck)
        decks.append(deck)
    return decks


def _new_match_deck(seed: int, deal: int) -> list[int]:
    deck = list(range(len(full_deck())))
    shuffle_codes(random.Random(derive(seed, "match.deck", deal)), deck)
    return deck


def _table_codes(table_seed: int, hands: int) -> list[list[int]]:
    """The codes a heads-up table seeded ``table_seed`` deals its first hands
    (hand ``k``'s deal seed derived from the table's: ``derive(table_seed,
    "session.deal", k)``)."""
    return [
        draw_codes(random.Random(derive(table_seed, "session.deal", k)), list(range(52)), 9)
        for k in range(1, hands + 1)
    ]


def _old_table_codes(table_seed: int, hands: int) -> list[list[int]]:
    """The codes the previous version's heads-up table seeded ``table_seed``
    dealt its first hands (one 64-bit hand seed a hand from the session's
    generator)."""
    rng = random.Random(table_seed)
    return [draw_codes(random.Random(rng.getrandbits(64)), list(range(52)), 9) for _ in range(hands)]


@lru_cache(maxsize=1)
def _own_seed_index() -> dict[int, tuple[str, int, int]]:
    """Every policy seed the candidate seeds give, by either derivation:
    seed -> (how, candidate, where)."""
    found: dict[int, tuple[str, int, int]] = {}
    for s in range(CANDIDATES):
        for index in range(CHUNKS):
            rng = random.Random(f"pokerkit_core.match.runner:{s}:{index}")
            for player in (0, 1):
                found[rng.getrandbits(63)] = ("old-match", s, index)
                found[policy_seed(s, "match.policy", index, player)] = ("new-match", s, index)
        rng = random.Random(s)  # the old tournament command: policies of run 0 first
        for _ in range(SEATS):
            found[rng.getrandbits(32)] = ("old-tournament", s, 0)
        for run in range(RUNS):
            for seat in range(SEATS):
                found[policy_seed(s, "tournament.policy", run, seat)] = ("new-tournament", s, run)
    return found


def _decks_for(how: str, s: int, where: int) -> Decks:
    """The candidate deck(s) of each hand, once a seed is known."""
    if how == "old-match":
        decks = _old_match_decks(s, where)
        first = where * DEFAULT_CHUNK_DEALS
        return lambda hand, seat: [decks[d - first] for d in {hand, hand // 2} if 0 <= d - first < len(decks)]
    if how == "new-match":
        return lambda hand, seat: [_new_match_deck(s, d) for d in {hand, hand // 2}]
    if how == "new-tournament":
        table = _table_codes(derive(s, "tournament.deck", where), 400)
        return lambda hand, seat: [table[hand - 1]] if 1 <= hand <= len(table) else []
    # old-tournament: the deck seed came after the policies' seeds and the button
    def old(hand: int, seat: int) -> list[list[int]]:
        out = []
        for players in range(2, SEATS + 1):
            rng = random.Random(s)
            for _ in range(players):
                rng.getrandbits(32)
            rng.randrange(players)
            table = _old_table_codes(rng.getrandbits(64), hand)
            out.append(table[hand - 1])
        return out
    return old


class SeedGuesser:
    """Plays as ``call`` unless it learns the deck (see the module)."""

    name = "seed-guesser"

    def __init__(self, *, seed: int | None = None) -> None:
        self.found: str | None = None  # how the deck was learned
        self._decks: Decks | None = None
        if seed is not None and seed in _own_seed_index():
            how, s, where = _own_seed_index()[seed]
            self.found, self._decks = f"own seed ({how}, seed {s})", _decks_for(how, s, where)
        # hole-card search: candidate seeds still consistent, per setting
        self._alive: dict[str, set[int]] = {
            "match": set(range(CANDIDATES)),
            "table": set(range(CANDIDATES)),
        }
        self._seen: set[int] = set()

    def _hole_card_search(self, observation: Observation) -> None:
        hand = observation.hand_number
        if hand is None or hand in self._seen or self._decks is not None:
            return
        self._seen.add(hand)
        seat, mine = observation.seat, {c.code for c in observation.hole_cards}
        for setting, alive in self._alive.items():
            if setting == "table" and hand > TABLE_HANDS:
                alive.clear()  # a table's seed is searched from its first hands
            for s in list(alive):
                if setting == "match":
                    options = [_new_match_deck(s, d) for d in {hand, hand // 2}]
                else:
                    options = _table_codes(s, hand)[hand - 1:] if hand >= 1 else []
                if not any(set(codes[2 * seat:2 * seat + 2]) == mine for codes in options):
                    alive.discard(s)  # it deals other cards: not the seed
            if alive and len(self._seen) >= HANDS_TO_CONFIRM:
                s = min(alive)
                self.found = f"hole cards ({setting}, seed {s})"
                if setting == "match":
                    self._decks = lambda h, _seat, s=s: [_new_match_deck(s, d) for d in {h, h // 2}]
                else:
                    table = _table_codes(s, 400)
                    self._decks = lambda h, _seat, t=table: [t[h - 1]] if 1 <= h <= len(t) else []
                return

    def decide(self, observation: Observation) -> Action:
        self._hole_card_search(observation)
        if self._decks is None or observation.hand_number is None:
            return honest(observation)
        seat, mine = observation.seat, {c.code for c in observation.hole_cards}
        for codes in self._decks(observation.hand_number, seat):
            if set(codes[2 * seat:2 * seat + 2]) == mine:  # the deck of this hand
                return exploit(observation, replay_actions(GameConfig.acpc_heads_up(), codes, ()))
        return honest(observation)
