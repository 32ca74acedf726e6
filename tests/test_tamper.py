"""Cards, actions and legal-action sets cannot be forged by the code that holds them.

A bot receives the 52 shared :class:`Card` objects and returns :class:`Action`
values; these tests try each way Python offers to rewrite a field and check
that it fails, or that it changes nothing the engine or the evaluator reads.
"""

from __future__ import annotations

import copy
import pickle

import pytest

from pokerkit_core import (
    Action,
    ActionKind,
    AllIn,
    Call,
    Check,
    Fold,
    GameConfig,
    IllegalActionError,
    Raise,
    act,
    deal,
    evaluate,
    legal_actions,
)
from pokerkit_core.engine.actions import Bet, LegalActions, check_action
from pokerkit_core.evaluation.cards import CARDS, Card, as_cards, cards_to_mask, is_card, parse_cards
from pokerkit_core.errors import CardError
from pokerkit_core.evaluation.evaluator import evaluate_mask

TWO_CLUBS, SEVEN_DIAMONDS = Card.parse("2c"), Card.parse("7d")


def showdown(hole: str) -> tuple[int, ...]:
    """Heads-up, checked down to a showdown on a dry board: the final stacks."""
    state = deal(
        GameConfig.no_limit(players=2, stack=1_000), hole_cards=[hole, "AsAh"], board="Kd9h5c3s2h"
    )
    while not state.is_over:
        legal = legal_actions(state)
        state = act(state, Check if legal.can_check else Call)
    return state.stacks


def field_setters(value: object, name: str) -> list[object]:
    """Every way to write attribute ``name`` of ``value`` without its own __setattr__."""
    attempts: list[object] = []
    for writer in (
        lambda v: object.__setattr__(value, name, v),
        lambda v: setattr(value, name, v),
        lambda v: type(value).__dict__[name].__set__(value, v),
        lambda v: value.__dict__.__setitem__(name, v),
        lambda v: object.__delattr__(value, name),
    ):
        attempts.append(writer)
    return attempts


@pytest.mark.parametrize("name", ["rank", "suit", "code", "mask"])
def test_no_card_field_can_be_rewritten(name: str) -> None:
    seven = SEVEN_DIAMONDS
    before = (seven.rank, seven.suit, seven.code, seven.mask)
    forged = {"rank": 12, "suit": 3, "code": 51, "mask": CARDS[51].mask}[name]
    for write in field_setters(seven, name):
        with pytest.raises((AttributeError, TypeError)):
            write(forged)  # type: ignore[operator]
    assert (seven.rank, seven.suit, seven.code, seven.mask) == before
    assert str(seven) == "7d" and hash(seven) == seven.code == 21


def test_a_card_has_no_dict_no_slots_and_no_class_swap() -> None:
    card = Card.parse("As")
    with pytest.raises((AttributeError, TypeError)):
        vars(card)
    assert Card.__slots__ == ()
    with pytest.raises(TypeError):
        object.__setattr__(card, "__class__", tuple)
    with pytest.raises(TypeError, match="cannot be subclassed"):
        type("EvilCard", (Card,), {"mask": property(lambda self: 1)})


def test_forged_mask_cannot_make_2c7d_win_a_showdown() -> None:
    assert showdown("2c7d") == (900, 1_100)  # aces win the blinds
    for name, value in (("mask", CARDS[51].mask), ("code", 51), ("rank", 12)):
        for card in (TWO_CLUBS, SEVEN_DIAMONDS):
            for write in field_setters(card, name):
                try:
                    write(value)  # type: ignore[operator]
                except (AttributeError, TypeError):
                    pass
    assert showdown("2c7d") == (900, 1_100)
    assert str(evaluate("2c 7d Kd 9h 5c 3s 2h")) == str(evaluate(parse_cards("2c 7d Kd 9h 5c 3s 2h")))
    assert "pair" in str(evaluate(parse_cards("2c 7d Kd 9h 5c 3s 2h"))).lower()


def test_a_card_built_around_the_interning_is_refused() -> None:
    forged = tuple.__new__(Card, (CARDS[51].rank, CARDS[51].suit, 51, CARDS[51].mask))
    assert forged.__class__ is Card and not is_card(forged) and is_card(CARDS[51])
    assert forged != CARDS[51]
    with pytest.raises(CardError):
        cards_to_mask([forged])
    with pytest.raises(CardError):
        as_cards([forged, CARDS[0]], "board")
    with pytest.raises(CardError):
        deal(GameConfig.no_limit(players=2), hole_cards=[[forged, CARDS[0]], None])
    # its pickle and copies are the real card
    assert pickle.loads(pickle.dumps(forged)) is CARDS[51]


def test_cards_keep_their_value_api() -> None:
    card = Card.parse("Td")
    assert card is Card(8, 1) is Card("td") is CARDS[33] is Card.from_code(33)
    assert copy.copy(card) is card and copy.deepcopy([card])[0] is card
    assert pickle.loads(pickle.dumps(card)) is card
    assert repr(card) == "Card('Td')" and f"{card}" == "Td"
    assert sorted(parse_cards("As 2c Td")) == list(parse_cards("2c Td As"))
    assert card != (card.rank, card.suit, card.code, card.mask)
    assert {card: 1}[CARDS[33]] == 1


@pytest.mark.parametrize("name", ["kind", "to"])
def test_no_action_field_can_be_rewritten(name: str) -> None:
    action = Raise(300)
    for write in field_setters(action, name):
        with pytest.raises((AttributeError, TypeError)):
            write(300.5 if name == "to" else ActionKind.BET)  # type: ignore[operator]
    assert action.kind is ActionKind.RAISE and action.to == 300 and action == Raise(300)
    with pytest.raises(TypeError, match="cannot be subclassed"):
        type("EvilAction", (Action,), {})


def test_a_forged_action_is_caught_by_check_action_and_legal() -> None:
    state = deal(GameConfig.no_limit(players=2, stack=1_000), seed=3)
    legal = legal_actions(state)
    forged = tuple.__new__(Action, (ActionKind.RAISE, 300.5))
    assert forged not in legal and Raise(300) in legal
    with pytest.raises(IllegalActionError, match="int raise-to"):
        check_action(forged)
    bad_kind = tuple.__new__(Action, ("raise", 300))
    with pytest.raises(IllegalActionError, match="ActionKind"):
        check_action(bad_kind)
    assert check_action(Raise(300)) == Raise(300)


def test_legal_actions_cannot_be_rewritten() -> None:
    legal = legal_actions(deal(GameConfig.no_limit(players=2, stack=1_000), seed=3))
    for write in field_setters(legal, "max_raise_to"):
        with pytest.raises((AttributeError, TypeError)):
            write(10**9)  # type: ignore[operator]
    assert legal.max_raise_to == 1_000 and Raise(1_000) in legal and Raise(1_001) not in legal
    assert isinstance(legal, LegalActions) and legal == copy.copy(legal)
    assert pickle.loads(pickle.dumps(legal)) == legal


def test_actions_keep_their_value_api() -> None:
    assert pickle.loads(pickle.dumps(Raise(300))) == Raise(300)
    assert copy.deepcopy(Bet(150)) == Bet(150)
    assert Raise(300) != (ActionKind.RAISE, 300) and Raise(300) != Bet(300)
    assert len({Fold, Check, Call, AllIn, Raise(5), Raise(5)}) == 5
    match Raise(300):
        case Action(kind=ActionKind.RAISE, to=to):
            assert to == 300
        case _:  # pragma: no cover
            raise AssertionError("no match")
    kind, to = Raise(300)
    assert (kind, to) == (ActionKind.RAISE, 300)


def test_call_and_a_bare_raise_say_what_to_write() -> None:
    with pytest.raises(TypeError, match=r"Call is already an action: write Call, not Call\(\)"):
        Call()
    with pytest.raises(TypeError, match=r"write Raise\(300\), not Raise\(300\)\(\)"):
        Raise(300)()
    with pytest.raises(IllegalActionError, match=r"Raise is a function: write Raise\(to\)") as info:
        check_action(Raise)
    assert "e.g. Raise(300)" in str(info.value)
    with pytest.raises(IllegalActionError, match=r"a kind, not an action: write Call"):
        check_action(ActionKind.CALL)
    with pytest.raises(IllegalActionError, match=r"Action.parse\('r 300'\)"):
        check_action("r 300")


def test_evaluate_mask_unaffected_by_forging() -> None:
    hand = parse_cards("As Ks Qs Js Ts")
    value = evaluate_mask(cards_to_mask(hand))
    for write in field_setters(CARDS[0], "mask"):
        try:
            write(hand[0].mask)  # type: ignore[operator]
        except (AttributeError, TypeError):
            pass
    assert evaluate_mask(cards_to_mask(hand)) == value
    assert evaluate(hand).value == value
