"""Write the sample files of ``examples/data/`` with this library's own code.

Every file there is generated here (nothing is copied from elsewhere), so the
README's examples run from a bare checkout:

* ``hand.phh``: one hand of ``hard`` against ``normal`` (match seed 1), the
  hand with the most entries (deals and actions) among the first 20;
* ``match.phhs``: the first 20 hands of that match (PHH bulk file);
* ``holdem.nolimit.2p.reverse_blinds.game``,
  ``holdem.limit.2p.reverse_blinds.game``, ``holdem.nolimit.3p.game``: ACPC
  game definitions written by ``AcpcGame.format``;
* ``nolimit2p.log``: a 20-hand ACPC log written by this library's dealer
  (``AcpcDealer``, seed 7) between two of its clients playing ``hard`` and
  ``normal`` on the loopback interface.

Run from the repository root: ``python tools/make_examples.py``.  The output
is deterministic (the same files every run; the log's timing lines aside).
"""

from __future__ import annotations

import io
import threading
from pathlib import Path

from pokerkit_core.formats.acpc_net import AcpcClient, AcpcDealer
from pokerkit_core.formats import acpc
from pokerkit_core.formats.phh import dumps, dumps_all
from pokerkit_core.formats.replay import record
from pokerkit_core.match.runner import run_match
from pokerkit_core.engine.policy import load_policy

OUT = Path(__file__).resolve().parents[1] / "examples" / "data"
HANDS = 20

GAMES = {
    "holdem.nolimit.2p.reverse_blinds.game": acpc.AcpcGame(
        betting="nolimit", num_players=2, num_rounds=4, stacks=(20000, 20000),
        blinds=(100, 50), raise_sizes=(), first_player=(1, 0, 0, 0),
        max_raises=(255,) * 4, num_suits=4, num_ranks=13, num_hole_cards=2,
        num_board_cards=(0, 3, 1, 1),
    ),
    "holdem.limit.2p.reverse_blinds.game": acpc.AcpcGame(
        betting="limit", num_players=2, num_rounds=4, stacks=(2**31 - 1, 2**31 - 1),
        blinds=(10, 5), raise_sizes=(10, 10, 20, 20), first_player=(1, 0, 0, 0),
        max_raises=(3, 4, 4, 4), num_suits=4, num_ranks=13, num_hole_cards=2,
        num_board_cards=(0, 3, 1, 1),
    ),
    "holdem.nolimit.3p.game": acpc.AcpcGame(
        betting="nolimit", num_players=3, num_rounds=4, stacks=(20000, 20000, 20000),
        blinds=(50, 100, 0), raise_sizes=(), first_player=(2, 0, 0, 0),
        max_raises=(255,) * 4, num_suits=4, num_ranks=13, num_hole_cards=2,
        num_board_cards=(0, 3, 1, 1),
    ),
}


def write_phh() -> None:
    result = run_match(["hard", "normal"], hands=HANDS, seed=1, keep_hands=True)
    names = [p.name for p in result.players]
    hands = [
        record(state, players=[names[at[seat]] for seat in range(len(at))], hand_id=number)
        for number, (state, at) in enumerate(zip(result.hand_states, result.seats))
    ]
    (OUT / "match.phhs").write_text(dumps_all(hands), encoding="utf-8")
    longest = max(hands, key=lambda hand: len(hand.entries))
    (OUT / "hand.phh").write_text(dumps(longest), encoding="utf-8")


def write_games() -> None:
    for name, game in GAMES.items():
        (OUT / name).write_text(game.format(), encoding="utf-8")


def write_log() -> None:
    game_file = "holdem.nolimit.2p.reverse_blinds.game"
    game = GAMES[game_file]
    dealer = AcpcDealer(
        "nolimit2p", game, HANDS, 7, ["hard", "normal"], log_dir=OUT, err=io.StringIO(),
        game_file=game_file,
    )
    box: dict[str, object] = {}
    thread = threading.Thread(target=lambda: box.update(result=dealer.run(accept_timeout=30, out=io.StringIO())))
    thread.start()
    clients = [AcpcClient(load_policy(name, seed=seed), game) for name, seed in (("hard", 1), ("normal", 2))]
    players = [
        threading.Thread(target=client.play, args=("127.0.0.1", port), kwargs={"timeout": 60})
        for client, port in zip(clients, dealer.ports)
    ]
    for player in players:  # connect in seat order
        player.start()
        player.join(0.2)
    thread.join()
    for player in players:
        player.join()
    if getattr(box.get("result"), "status", 1) != 0:
        raise SystemExit(f"the dealer failed: {box.get('result')}")


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    write_games()
    write_phh()
    write_log()
    for path in sorted(OUT.iterdir()):
        print(f"{path.relative_to(OUT.parents[1])}: {path.stat().st_size:,} bytes")


if __name__ == "__main__":
    main()
