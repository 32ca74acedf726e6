// The table picture: seats around an oval felt, the board, the pots, the bets.
// Used by the live table (table.js) and the replayer (replay.js).
//
// renderTable(root, view) draws `view`, a plain object built from one seat's
// Observation (see fromObservation below) or from a replay frame:
//   seat_count, me (seat shown at the bottom, or null), names[], labels[] (e.g. "AI normal"),
//   stacks[], bets[], folded[], all_in[], dealt[] (seat has hole cards),
//   hole_cards (me's own cards), shown_cards[] (per seat: cards or null),
//   button, small_blind_seat, big_blind_seat, to_act, boards [[cards]], pot,
//   pots [{amount, eligible}] (optional), street, hand_number,
//   winners [{seat, amount}] (optional), empty[] (optional: open seats).
// Another seat's cards are drawn only from shown_cards: a hidden hand is two card backs
// with no card text anywhere in the DOM.

import { cardBackEl, cardEl, chips, clear, el } from "./common.js";

/** Seat centre on the ellipse, in percent of the table box; `me` sits at the bottom.
 * `radius` is {x, y} in percent: narrower on a phone, where the table is portrait. */
function seatPosition(seat, count, me, radius = { x: 41, y: 41 }) {
  const offset = me === null || me === undefined ? 0 : me;
  const angle = Math.PI / 2 + (2 * Math.PI * (seat - offset)) / count;
  return { x: 50 + radius.x * Math.cos(angle), y: 50 + radius.y * Math.sin(angle) };
}

/** The seats' ellipse for the table box's width (px): phones and small tablets get a
 * portrait table (app.css) whose seats must stay inside it. */
function seatRadius(width) {
  if (width < 520) return { x: 34, y: 39 };
  if (width < 760) return { x: 38, y: 39 };
  return { x: 41, y: 37 };
}

function toward(point, share) {
  return { x: point.x + (50 - point.x) * share, y: point.y + (50 - point.y) * share };
}

function positionLabel(view, seat) {
  const tags = [];
  if (seat === view.button) tags.push("BTN");
  if (seat === view.small_blind_seat) tags.push("SB");
  if (seat === view.big_blind_seat) tags.push("BB");
  return tags.join(" ");
}

function seatCards(view, seat) {
  const box = el("div", { class: "hole" });
  const shown = view.shown_cards ? view.shown_cards[seat] : null;
  if (seat === view.me && view.hole_cards && view.hole_cards.length) {
    for (const card of view.hole_cards) box.append(cardEl(card));
    box.classList.add("own");
  } else if (shown && shown.length) {
    for (const card of shown) box.append(cardEl(card));
    box.classList.add("shown");
  } else if (view.dealt && view.dealt[seat] && !(view.folded && view.folded[seat])) {
    box.append(cardBackEl(), cardBackEl());
  }
  return box;
}

function seatBox(view, seat) {
  const empty = view.empty && view.empty[seat];
  const classes = ["seat"];
  if (seat === view.to_act) classes.push("to-act");
  if (!empty && view.folded && view.folded[seat] && (!view.dealt || view.dealt[seat])) classes.push("folded");
  if (seat === view.me) classes.push("me");
  if (empty) classes.push("empty");
  const winner = (view.winners || []).find((w) => w.seat === seat);
  if (winner) classes.push("winner");
  const name = (view.names && view.names[seat]) || `Seat ${seat + 1}`;
  const label = view.labels ? view.labels[seat] : "";
  const stack = view.stacks ? view.stacks[seat] : null;
  const status = [];
  if (!empty && view.all_in && view.all_in[seat]) status.push("ALL-IN");
  if (!empty && view.folded && view.folded[seat] && (!view.dealt || view.dealt[seat])) status.push("folded");
  const info = el("div", { class: "seat-info" },
    el("div", { class: "seat-name", title: name }, name),
    label ? el("div", { class: "seat-label" }, label) : null,
    empty ? null : el("div", { class: "seat-stack" }, chips(stack)),
    status.length ? el("div", { class: "seat-status" }, status.join(" ")) : null,
    winner ? el("div", { class: "seat-win" }, `wins ${chips(winner.amount)}`) : null,
  );
  const pos = positionLabel(view, seat);
  const box = el("div", { class: classes.join(" "), dataset: { seat } },
    seatCards(view, seat), info,
    pos ? el("div", { class: "seat-pos" }, pos) : null,
    seat === view.to_act && view.deadline ? el("div", { class: "countdown", dataset: { deadline: view.deadline } }) : null,
  );
  return box;
}

function boardRow(cards, index, count) {
  const row = el("div", { class: "board", dataset: { board: index } });
  if (count > 1) row.append(el("span", { class: "board-label" }, `Board ${index + 1}`));
  for (const card of cards) row.append(cardEl(card));
  for (let i = cards.length; i < 5; i += 1) row.append(el("span", { class: "card slot" }));
  return row;
}

/** Draw `view` into `root` (replaces its content). */
export function renderTable(root, view) {
  clear(root);
  const count = view.seat_count;
  const felt = el("div", { class: "felt" });
  const centre = el("div", { class: "centre" });
  const boards = view.boards && view.boards.length ? view.boards : [view.board || []];
  for (let i = 0; i < boards.length; i += 1) centre.append(boardRow(boards[i], i, boards.length));
  const pots = el("div", { class: "pots" },
    el("div", { class: "pot-total" }, "Pot ", el("strong", { id: "pot-amount" }, chips(view.pot || 0))));
  if (view.pots && view.pots.length > 1) {
    view.pots.forEach((pot, i) => {
      pots.append(el("div", { class: "side-pot", dataset: { pot: i } },
        `${i === 0 ? "Main pot" : `Side pot ${i}`}: ${chips(pot.amount)}`));
    });
  }
  centre.append(pots);
  if (view.street) {
    const text = view.hand_number ? `Hand #${view.hand_number} \u00b7 ${view.street}` : view.street;
    centre.append(el("div", { class: "street" }, text));
  }
  felt.append(centre);
  root.append(felt);
  const radius = seatRadius(root.clientWidth || 1000);
  root.classList.toggle("narrow", (root.clientWidth || 1000) < 520);
  for (let seat = 0; seat < count; seat += 1) {
    const place = seatPosition(seat, count, view.me, radius);
    const box = seatBox(view, seat);
    box.style.left = `${place.x}%`;
    box.style.top = `${place.y}%`;
    root.append(box);
    const bet = view.bets ? view.bets[seat] : 0;
    if (bet) {
      const spot = toward(place, 0.42);
      root.append(el("div", { class: "bet-chips", dataset: { seat }, style: { left: `${spot.x}%`, top: `${spot.y}%` } },
        el("span", { class: "chip-icon" }), chips(bet)));
    }
    if (seat === view.button) {
      const spot = toward(place, 0.3);
      root.append(el("div", { class: "dealer-button", title: "button", style: { left: `${spot.x + 4}%`, top: `${spot.y}%` } }, "D"));
    }
  }
}

/** Seats that were dealt hole cards, from the public history (HoleCardsDealt events). */
export function dealtSeats(history, count) {
  const dealt = new Array(count).fill(false);
  for (const event of history || []) if (event.type === "HoleCardsDealt") dealt[event.seat] = true;
  return dealt;
}

/** Winners and amounts of the hand (PotAwarded events summed per seat). */
export function winnersOf(history) {
  const total = new Map();
  for (const event of history || []) {
    if (event.type !== "PotAwarded") continue;
    event.seats.forEach((seat, i) => {
      const amount = event.amounts[i];
      total.set(seat, (total.get(seat) || 0) + (typeof amount === "number" ? amount : Number(amount) || 0));
    });
  }
  return [...total.entries()].map(([seat, amount]) => ({ seat, amount }));
}

/** A view for renderTable from one seat's Observation JSON (serialize form). */
export function fromObservation(obs, extra = {}) {
  return {
    seat_count: obs.seat_count,
    me: obs.seat,
    stacks: obs.stacks,
    bets: obs.bets,
    folded: obs.folded,
    all_in: obs.all_in,
    dealt: dealtSeats(obs.history, obs.seat_count),
    hole_cards: obs.hole_cards,
    shown_cards: obs.shown_cards,
    button: obs.button,
    small_blind_seat: obs.small_blind_seat,
    big_blind_seat: obs.big_blind_seat,
    to_act: obs.to_act,
    boards: obs.boards || [obs.board],
    pot: obs.pot,
    street: obs.street,
    hand_number: obs.hand_number,
    winners: winnersOf(obs.history),
    ...extra,
  };
}

const ACTION_WORDS = { f: "folds", k: "checks", c: "calls", b: "bets", r: "raises to", allin: "goes all-in" };

/** One history event as a line of the hand log (plain text). */
export function describeEvent(event, names) {
  const who = (seat) => (names && names[seat]) || `Seat ${seat + 1}`;
  switch (event.type) {
    case "BlindPosted":
      return `${who(event.seat)} posts ${event.kind} ${chips(event.amount)}`;
    case "HoleCardsDealt":
      return null;
    case "ActionTaken": {
      const [code, amount] = String(event.action).split(" ");
      const words = ACTION_WORDS[code] || code;
      let text = `${who(event.seat)} ${words}`;
      if (code === "c" && event.amount_added) text += ` ${chips(event.amount_added)}`;
      if (amount) text += ` ${chips(Number(amount))}`;
      if (event.all_in && code !== "allin") text += " (all-in)";
      return text;
    }
    case "BoardDealt": {
      const label = event.board ? ` (board ${event.board + 1})` : "";
      return `${event.street[0].toUpperCase()}${event.street.slice(1)}${label}: ${event.cards.join(" ")}`;
    }
    case "HandShown":
      return `${who(event.seat)} shows ${event.cards.join(" ")}`;
    case "HandMucked":
      return `${who(event.seat)} mucks`;
    case "UncalledBetReturned":
      return `${chips(event.amount)} uncalled returned to ${who(event.seat)}`;
    case "PotAwarded": {
      const pot = event.pot_index ? `side pot ${event.pot_index}` : "the pot";
      const board = event.board ? ` (board ${event.board + 1})` : "";
      const parts = event.seats.map((seat, i) => `${who(seat)} wins ${chips(event.amounts[i])}`);
      return `${parts.join(", ")} from ${pot}${board}`;
    }
    default:
      return event.type ? String(event.type) : null;
  }
}

/** Fill `list` (an <ol>) with the hand log of `history`; `hands` is a list of
 * [hand_number, history] to show several hands, oldest first, each under a heading. */
export function renderLog(list, history, names, hands = null) {
  clear(list);
  const sections = hands || [[null, history]];
  for (const [hand, events] of sections) {
    if (hand !== null && hand !== undefined) list.append(el("li", { class: "log-hand", dataset: { hand } }, `Hand #${hand}`));
    for (const event of events || []) {
      const line = describeEvent(event, names);
      if (line) list.append(el("li", { class: `log-${event.type}` }, line));
    }
  }
  list.scrollTop = list.scrollHeight;
}
