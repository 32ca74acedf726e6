// The live table: one WebSocket to /ws/room/{id}, the table picture, the action bar.
//
// Keyboard (documented in the page and in docs/web_table.rst):
//   F fold, C check or call, K check, R bet/raise to the amount, A all-in,
//   1..4 amount presets (min, 1/2 pot, pot, all-in), Up/Down amount +/- one big blind,
//   Enter in the amount box bets or raises it.
import { api, chips, clear, el, ledgerTable, loadToken, ownerToken, rememberedToken, saveOwnerToken, saveToken, toast, wsUrl } from "./common.js";
import { fromObservation, renderLog, winnersOf } from "./table_view.js";
import { renderTable } from "./table_view.js";

const ctx = {
  roomId: null,
  ws: null,
  token: null,
  you: null,
  seq: -1,
  state: null,
  legal: null,
  deadlineAt: null,
  deadlineTotal: null,
  retry: 0,
  closed: false,
  room: null,
  result: null,
  histories: new Map(),
  errorSeq: null,
  owner: null,
  banking: false,
  sound: false,
  heard: { hand: null, events: 0, turn: false, won: null },
};

/** Hands kept in the hand log (the current one and those before it). */
const LOG_HANDS = 5;

function $(id) { return document.getElementById(id); }

function setStatus(text, kind = "") {
  const line = $("status");
  line.className = `status-line${kind ? ` ${kind}` : ""}`;
  line.textContent = text;
}

function send(message) {
  if (!ctx.ws || ctx.ws.readyState !== WebSocket.OPEN) {
    setStatus("Not connected to the server.", "error");
    return false;
  }
  ctx.ws.send(JSON.stringify(message));
  return true;
}

function connect() {
  const ws = new WebSocket(wsUrl(`/ws/room/${encodeURIComponent(ctx.roomId)}`));
  ctx.ws = ws;
  ws.addEventListener("open", () => {
    ctx.retry = 0;
    ws.send(JSON.stringify({ type: "hello", token: ctx.token }));
  });
  ws.addEventListener("message", (event) => {
    let message;
    try { message = JSON.parse(event.data); } catch { return; }
    onMessage(message);
  });
  ws.addEventListener("close", (event) => {
    if (ctx.ws !== ws || ctx.closed) return;
    if (event.code === 1008) { setStatus(`The server closed the connection: ${event.reason || "policy"}`, "error"); return; }
    ctx.retry = Math.min(ctx.retry + 1, 6);
    setStatus("Connection lost; reconnecting...", "error");
    setTimeout(connect, 400 * 2 ** ctx.retry);
  });
}

function onMessage(message) {
  switch (message.type) {
    case "welcome":
      // A (re)identified connection: the server starts again with its current state.
      ctx.seq = -1;
      ctx.you = message.seat === undefined ? null : message.seat;
      document.body.dataset.seat = ctx.you === null ? "spectator" : String(ctx.you);
      if (message.room) showRoom(message.room);
      clear($("chat-log"));
      for (const line of message.chat || []) addChat(line);
      break;
    case "chat":
      addChat(message);
      break;
    case "host":
      // The host's role was passed to this seat: keep the new owner token.
      ctx.owner = message.owner_token;
      saveOwnerToken(ctx.roomId, ctx.owner);
      toast("You are the host of this room now.", "info");
      if (ctx.state) render();
      break;
    case "state":
      // The same seq again is the same moment resent with news between hands
      // (a seat went on- or offline): draw it; only older moments are dropped.
      if (typeof message.seq === "number" && message.seq < ctx.seq) return;
      ctx.seq = typeof message.seq === "number" ? message.seq : ctx.seq;
      ctx.state = message;
      if (message.you !== undefined) ctx.you = message.you;
      render();
      break;
    case "error":
      if (message.code === "bad_token") {
        ctx.token = null;
        setStatus("This browser's seat token was refused: you are watching.", "error");
      } else {
        setStatus(message.message || message.code || "error", "error");
      }
      document.body.dataset.lastError = message.code || "error";
      ctx.errorSeq = ctx.seq;
      break;
    case "closed":
      // The room was closed by its creator or expired: do not reconnect.
      ctx.closed = true;
      setStatus(`This room is closed (${message.reason || "closed"}).`, "error");
      break;
    default:
      break;
  }
}

function showRoom(room) {
  ctx.room = room;
  $("room-title").textContent = room.name || `Room ${room.id}`;
  const parts = [];
  if (room.kind === "sitngo") parts.push(`Sit-and-go, ${room.mode}`);
  else if (room.kind === "acpc") parts.push("ACPC heads-up no-limit");
  else if (room.blinds) parts.push(`Cash, blinds ${chips(room.blinds.small_blind)}/${chips(room.blinds.big_blind)}${room.blinds.ante ? `, ante ${chips(room.blinds.ante)}` : ""}`);
  $("room-sub").dataset.base = parts.join(" \u00b7 ");
  $("room-sub").textContent = parts.join(" \u00b7 ");
}

function seatNames(seats) {
  return seats.map((s) => {
    if (s.name && !s.pending) return s.name;
    if (s.player === "ai") return `AI ${s.level || ""}`.trim();
    if (s.open || s.pending) return "Open seat";
    if (s.player === "empty") return "Empty seat";
    return `Seat ${s.seat + 1}`;
  });
}

function seatLabels(seats) {
  return seats.map((s) => {
    if (s.player === "ai") return `AI \u00b7 ${s.level}`;
    if (s.pending) return "waiting for the host";
    if (s.player === "human" && !s.open) {
      if (s.away) return "away \u00b7 sat out";
      if (s.state === "sitting-out") return s.wait_bb ? "back at the big blind" : "sitting out";
      return s.connected ? "person" : "person \u00b7 offline";
    }
    return "";
  });
}

function limitsText(state) {
  const l = state.limits || {};
  const parts = [];
  const current = state.status === "playing" && state.hand_number ? state.hand_number : l.hands_played;
  if (l.max_hands) parts.push(`hand ${chips(current)} of ${chips(l.max_hands)}`);
  else if (typeof l.hands_played === "number") parts.push(`${chips(l.hands_played)} hands played`);
  if (l.max_minutes) parts.push(`${Math.floor(l.minutes_played || 0)} of ${l.max_minutes} minutes`);
  if (state.status === "over") parts.push("room over");
  else if (state.status === "waiting") parts.push("waiting for players");
  return parts.join(" \u00b7 ");
}

function render() {
  const state = ctx.state;
  const seats = state.seats || [];
  const names = seatNames(seats);
  const obs = state.observation;
  const me = ctx.you;
  const extra = {
    names,
    labels: seatLabels(seats),
    empty: seats.map((s) => s.open || s.pending || s.player === "empty"),
    to_act: state.to_act,
    pots: state.pots,
    me,
    deadline: state.deadline_ms ? "1" : null,
  };
  let view;
  if (obs) {
    view = fromObservation(obs, extra);
    if (me !== null && me !== undefined) view.me = me;
  } else {
    view = { seat_count: seats.length, stacks: seats.map((s) => s.stack), bets: [], boards: [[]], pot: 0, ...extra };
  }
  if (state.deadline_ms) {
    ctx.deadlineAt = performance.now() + state.deadline_ms;
    // in the time bank the bar runs down the bank, not the decision time
    ctx.deadlineTotal = state.time_bank ? Math.max(state.deadline_ms, 1) : (state.decision_seconds || 30) * 1000;
    ctx.banking = Boolean(state.time_bank);
    ctx.frozen = state.paused ? state.deadline_ms : null;  // paused by the host: the clock stops
  } else {
    ctx.deadlineAt = null;
  }
  renderTable($("table"), view);
  if (obs && obs.hand_number !== null && obs.hand_number !== undefined) {
    ctx.histories.set(obs.hand_number, obs.history);
    while (ctx.histories.size > LOG_HANDS) ctx.histories.delete(ctx.histories.keys().next().value);
  }
  const hands = [...ctx.histories.entries()].sort((a, b) => a[0] - b[0]);
  renderLog($("hand-log"), [], names, hands);
  const base = $("room-sub").dataset.base || "";
  $("room-sub").textContent = [base, limitsText(state)].filter(Boolean).join(" \u00b7 ");
  document.body.dataset.hand = state.hand_number === null || state.hand_number === undefined ? "" : String(state.hand_number);
  document.body.dataset.street = obs ? obs.street : "";
  document.body.dataset.seq = String(ctx.seq);
  renderResult(obs, names, state);
  renderActions(obs, state);
  renderSeatControls(seats, state);
  renderTournament(state.tournament);
  renderLedger(state.ledger, state.settlement, names);
  renderRules(state.rules, state);
  renderHost(seats, state, names);
  listen(obs, state);
  tick();
}

/** The result of the last finished hand: kept on screen while the next hand plays. */
function renderResult(obs, names, state) {
  if (obs) {
    const winners = winnersOf(obs.history);
    if (winners.length && (!ctx.result || ctx.result.hand !== obs.hand_number)) {
      const shown = (obs.shown_cards || []).map((cards, seat) => (cards && cards.length ? `${names[seat]} shows ${cards.join(" ")}` : null)).filter(Boolean);
      ctx.result = {
        hand: obs.hand_number,
        text: winners.map((w) => `${names[w.seat] || `Seat ${w.seat + 1}`} wins ${chips(w.amount)}`).join(", "),
        shown,
      };
    }
  }
  const box = $("result");
  clear(box);
  if (ctx.result) {
    box.dataset.hand = String(ctx.result.hand);
    box.append(el("strong", {}, `Hand #${ctx.result.hand}: `), ctx.result.text);
    if (ctx.result.shown.length) box.append(el("div", { class: "hint showdown-line" }, `Showdown: ${ctx.result.shown.join("; ")}`));
  }
  if (state.status === "over") box.append(el("div", { class: "hint room-over" }, "The room is over."));
}

/** The raise-to presets: min, 1/2 pot, pot, all-in (raise-to totals, clamped to the legal range). */
function presetAmount(which, legal, obs) {
  const min = legal.min_raise_to;
  const max = legal.max_raise_to;
  const callTo = legal.call_to || 0;
  const afterCall = (obs.pot || 0) + (legal.call_amount || 0);
  let amount;
  if (which === "min") amount = min;
  else if (which === "max") amount = max;
  else if (which === "half") amount = callTo + Math.floor(afterCall / 2);
  else amount = callTo + afterCall;
  return Math.min(Math.max(amount, min), max);
}

function raiseWord(legal) { return legal.can_bet ? "Bet" : "Raise to"; }

function setAmount(value) {
  const slider = $("raise-slider");
  const input = $("raise-amount");
  slider.value = String(value);
  input.value = String(value);
  updateRaiseLabel();
}

function updateRaiseLabel() {
  const button = document.querySelector("#action-buttons button.raise, #action-buttons button.bet");
  if (button && ctx.legal) button.textContent = `${raiseWord(ctx.legal)} ${chips(Number($("raise-amount").value))}`;
}

/** Check the typed raise-to amount against the legal range; null if refused (with a message). */
function typedAmount() {
  const legal = ctx.legal;
  const raw = $("raise-amount").value.trim();
  const value = Number(raw);
  if (!raw || !Number.isInteger(value) || value < legal.min_raise_to || value > legal.max_raise_to) {
    setStatus(`${raw || "(empty)"} is not a legal amount: ${raiseWord(legal).toLowerCase()} from ${chips(legal.min_raise_to)} to ${chips(legal.max_raise_to)} chips.`, "error");
    $("raise-amount").classList.add("invalid");
    return null;
  }
  $("raise-amount").classList.remove("invalid");
  return value;
}

function play(action) {
  const state = ctx.state;
  if (!ctx.legal || !state) return;
  if (send({ type: "action", hand: state.hand_number, action })) {
    setStatus(`Sent: ${action}`);
    ctx.legal = null;
    for (const button of document.querySelectorAll("#action-buttons button")) button.disabled = true;
  }
}

function playRaise() {
  const amount = typedAmount();
  if (amount === null) return;
  play(`${ctx.legal.can_bet ? "b" : "r"} ${amount}`);
}

function renderActions(obs, state) {
  const bar = $("action-bar");
  const buttons = $("action-buttons");
  clear(buttons);
  const legal = obs && obs.legal && state.to_act === ctx.you && ctx.you !== null ? obs.legal : null;
  ctx.legal = legal;
  const offer = state.run_twice_offer;
  const asked = Boolean(offer && ctx.you !== null && ctx.you !== undefined
    && offer.seats.includes(ctx.you) && !offer.agreed.includes(ctx.you));
  bar.hidden = !legal && !asked;
  document.body.dataset.myTurn = legal ? "1" : "0";
  if (offer) {
    // run it twice asked at the all-in: nothing is run out before every answer
    $("raise-row").hidden = true;
    const names = seatNames(state.seats || []);
    const seconds = Math.ceil((offer.deadline_ms || 0) / 1000);
    if (asked) {
      buttons.append(
        el("button", { type: "button", class: "primary", id: "run-twice-yes", onclick: () => send({ type: "run_twice", agree: true }) }, "Run it twice"),
        el("button", { type: "button", id: "run-twice-no", onclick: () => send({ type: "run_twice", agree: false }) }, "Run it once"));
      setStatus(`All in: run it twice? Everyone in the hand must agree (no answer in ${seconds} s is a no).`);
    } else {
      const waiting = offer.seats.filter((s) => !offer.agreed.includes(s)).map((s) => names[s] || `seat ${s + 1}`);
      setStatus(`All in: asking ${waiting.join(", ")} whether to run it twice.`);
    }
    return;
  }
  if (!legal) {
    const line = $("status");
    if (!line.classList.contains("error") || state.seq !== ctx.errorSeq) {
      const names = seatNames(state.seats || []);
      const waiting = state.to_act !== null && state.to_act !== undefined ? `Waiting for ${names[state.to_act] || `seat ${state.to_act + 1}`}.` : "";
      setStatus(state.status === "waiting" ? "Waiting for players to take the open seats." : waiting);
    }
    return;
  }
  if (legal.can_fold) buttons.append(el("button", { type: "button", class: "fold", dataset: { action: "f" }, onclick: () => play("f"), title: "F" }, "Fold"));
  if (legal.can_check) buttons.append(el("button", { type: "button", class: "check", dataset: { action: "k" }, onclick: () => play("k"), title: "C or K" }, "Check"));
  if (legal.can_call) buttons.append(el("button", { type: "button", class: "call", dataset: { action: "c" }, onclick: () => play("c"), title: "C" }, `Call ${chips(legal.call_amount)}`));
  const canRaise = legal.can_bet || legal.can_raise;
  const row = $("raise-row");
  row.hidden = !canRaise || legal.min_raise_to === legal.max_raise_to;
  if (canRaise) {
    const cls = legal.can_bet ? "bet" : "raise";
    buttons.append(el("button", { type: "button", class: cls, dataset: { action: cls }, onclick: playRaise, title: "R" }, raiseWord(legal)));
    if (legal.max_is_all_in && legal.max_raise_to > legal.min_raise_to) {
      buttons.append(el("button", { type: "button", class: "allin", dataset: { action: "allin" }, onclick: () => play("allin"), title: "A" }, `All-in ${chips(legal.max_raise_to)}`));
    }
    const slider = $("raise-slider");
    const input = $("raise-amount");
    for (const box of [slider, input]) {
      box.min = String(legal.min_raise_to);
      box.max = String(legal.max_raise_to);
      box.step = "1";
    }
    setAmount(legal.min_raise_to);
  } else if (legal.max_is_all_in && legal.can_call === false && legal.can_check === false) {
    buttons.append(el("button", { type: "button", class: "allin", dataset: { action: "allin" }, onclick: () => play("allin") }, "All-in"));
  }
  setStatus("Your turn.");
}

function renderSeatControls(seats, state) {
  const box = $("seat-controls");
  clear(box);
  if (ctx.you === null || ctx.you === undefined) {
    const remembered = rememberedToken(ctx.roomId);
    if (remembered && state.status !== "over") {
      box.append(el("button", { type: "button", id: "resume-seat", onclick: () => {
        ctx.token = remembered.token;
        saveToken(ctx.roomId, remembered.seat, remembered.token);
        send({ type: "hello", token: remembered.token });
      } }, `Return to my seat (${remembered.seat + 1})`));
    }
    const open = seats.filter((s) => s.open);
    if (!open.length || state.status === "over") {
      box.append(el("span", { class: "muted" }, "You are watching."));
      return;
    }
    const name = el("input", { id: "join-name", maxlength: 24, placeholder: "your name", value: "" });
    box.append(el("div", {}, el("label", { for: "join-name" }, "Take an open seat"), name));
    for (const s of open) {
      box.append(el("button", { type: "button", class: "primary join-seat", dataset: { seat: s.seat }, onclick: () => join(s.seat) }, `Sit at seat ${s.seat + 1}`));
    }
    return;
  }
  const mine = seats[ctx.you];
  const rules = state.rules || {};
  if (!mine || state.status === "over") {
    if (state.status === "over") box.append(el("span", { class: "muted" }, "The room is over."));
    return;
  }
  if (mine.pending) { box.append(el("span", { class: "muted", id: "pending-seat" }, "Waiting for the host to seat you.")); return; }
  if (ctx.room && ctx.room.kind === "cash") {
    const broke = mine.stack === 0 && !(mine.chips_next_hand > 0);
    if (mine.away) {
      box.append(el("span", { class: "away-note" }, `You were sat out after ${rules.missed_turns || "some"} missed turns.`));
      box.append(el("button", { type: "button", class: "primary", id: "sit-in", onclick: () => send({ type: "sit_in" }) }, "I'm back"));
    } else if (mine.state === "sitting-out") {
      if (mine.wait_bb) box.append(el("span", { class: "muted" }, "You are dealt in at your big blind."));
      else box.append(el("button", { type: "button", id: "sit-in", onclick: () => send({ type: "sit_in" }) }, "Sit in"));
    } else if (mine.state === "playing" && !broke) {
      box.append(el("button", { type: "button", id: "sit-out", onclick: () => send({ type: "sit_out" }) }, "Sit out next hand"));
    }
    if (rules.rebuy && rules.rebuy !== "off") {
      const most = rules.max_buy_in || 0;
      const room = Math.max(0, most - mine.stack - (mine.chips_next_hand || 0));
      if (mine.rebuy_asked) {
        box.append(el("span", { class: "muted" }, `Rebuy of ${chips(mine.rebuy_asked)} waiting for the host.`));
      } else if (room > 0) {
        const amount = el("input", { id: "rebuy-amount", type: "number", min: 1, max: room, value: Math.min(room, rules.join_stack || room), "aria-label": "chips to buy" });
        const word = mine.stack === 0 ? "Rebuy" : "Top up";
        box.append(amount, el("button", { type: "button", id: "rebuy", class: broke ? "primary" : "", onclick: () => {
          const value = Number(amount.value);
          if (!Number.isInteger(value) || value < 1 || value > room) { setStatus(`Buy from 1 to ${chips(room)} chips.`, "error"); return; }
          send({ type: "chips", chips: value });
        } }, word));
      }
      if (mine.chips_next_hand > 0) box.append(el("span", { class: "muted" }, `+${chips(mine.chips_next_hand)} from the next hand`));
    }
  }
}

async function join(seat) {
  const name = ($("join-name").value || "").trim();
  if (!name) { setStatus("Type your name first.", "error"); $("join-name").focus(); return; }
  try {
    const reply = await api("POST", `/api/rooms/${encodeURIComponent(ctx.roomId)}/join`, { seat, name });
    ctx.token = reply.token;
    saveToken(ctx.roomId, reply.seat, reply.token);
    send({ type: "hello", token: reply.token });
    setStatus(`You sit at seat ${reply.seat + 1}.`);
  } catch (error) {
    setStatus(error.message, "error");
  }
}

function renderTournament(info) {
  const panel = $("tournament-panel");
  panel.hidden = !info;
  if (!info) return;
  const b = info.blinds || {};
  $("tournament-blinds").textContent = `Blinds ${chips(b.small_blind)}/${chips(b.big_blind)}${b.ante ? `, ante ${chips(b.ante)}` : ""}${info.level ? ` \u00b7 level ${info.level}` : ""}`;
  const body = $("standings").querySelector("tbody");
  clear(body);
  for (const row of info.standings || []) {
    body.append(el("tr", { class: row.eliminated_in ? "muted" : "" },
      el("td", {}, row.place === null || row.place === undefined ? "" : String(row.place)),
      el("td", {}, row.name || `Seat ${row.seat + 1}`, row.eliminated_in ? el("span", { class: "hint" }, ` out in hand ${row.eliminated_in}`) : null),
      el("td", { class: "num" }, chips(row.chips))));
  }
}

function renderLedger(ledger, settlement, names) {
  const box = $("table-ledger");
  clear(box);
  const settle = $("settlement");
  clear(settle);
  if (!ledger || !ledger.length) { box.append(el("span", { class: "muted" }, "No hands yet.")); return; }
  box.append(ledgerTable(ledger));
  if (settlement && settlement.length) {
    settle.append(el("div", { class: "hint" }, "Settle up:"),
      el("ul", { class: "settle" }, settlement.map((t) => el("li", {}, `${t.from} pays ${t.to} ${chips(t.chips)}`))));
  }
}

const RULE_TEXTS = {
  run_it_twice: { never: "never", ask: "when every person agrees", always: "always, when all are all-in" },
  rebuy: { off: "none", free: "any time, between hands", approval: "approved by the host" },
  return_rule: { wait: "dealt in at the big blind (post it)", now: "dealt in at the next hand" },
};

/** The room's rules, always on screen at the table. */
function renderRules(rules, state) {
  const list = $("rules");
  clear(list);
  if (!rules) return;
  const b = ctx.room && ctx.room.blinds;
  const items = [];
  if (b) items.push(`Blinds ${chips(b.small_blind)}/${chips(b.big_blind)}${b.ante ? `, ante ${chips(b.ante)} (${rules.ante_rule})` : ""}, ${rules.betting}`);
  if (rules.next_blinds) items.push(`From the next hand: blinds ${chips(rules.next_blinds[0])}/${chips(rules.next_blinds[1])}`);
  if (rules.straddles) items.push(`${rules.straddles} straddle${rules.straddles > 1 ? "s" : ""}`);
  items.push(`Run it twice: ${RULE_TEXTS.run_it_twice[rules.run_it_twice] || rules.run_it_twice}`);
  const refill = rules.time_bank_refill;
  items.push(`${rules.decision_seconds} s to act${rules.time_bank_seconds ? ` + a ${rules.time_bank_seconds} s time bank${refill ? ` (+${refill.seconds} s every ${refill.hands} hands)` : ""}` : ""}`);
  if (rules.missed_turns) items.push(`Sat out after ${rules.missed_turns} missed turns in a row; back: ${RULE_TEXTS.return_rule[rules.return_rule]}`);
  if (ctx.room && ctx.room.kind === "cash") {
    items.push(`Rebuys and top-ups: ${RULE_TEXTS.rebuy[rules.rebuy] || rules.rebuy}${rules.rebuy !== "off" ? ` (stack up to ${chips(rules.max_buy_in)})` : ""}`);
    if (rules.seat_approval) items.push("The host approves who sits down");
  }
  if (rules.max_hands) items.push(`${chips(rules.max_hands)} hands`);
  if (rules.max_minutes) items.push(`${rules.max_minutes} minutes`);
  if (state.paused) items.push("Paused by the host");
  for (const text of items) list.append(el("li", {}, text));
}

async function hostAction(body) {
  const line = $("host-status");
  try {
    await api("POST", `/api/rooms/${encodeURIComponent(ctx.roomId)}/host`, { token: ctx.owner, ...body });
    line.className = "status-line";
    line.textContent = "Done.";
    if (body.action === "close") { saveOwnerToken(ctx.roomId, null); ctx.owner = null; }
    if (body.action === "transfer") { saveOwnerToken(ctx.roomId, null); ctx.owner = null; $("host-panel").hidden = true; }
  } catch (error) {
    line.className = "status-line error";
    line.textContent = error.message;
  }
}

/** The host's controls: only on the page holding the room's owner token. */
function renderHost(seats, state, names) {
  const panel = $("host-panel");
  panel.hidden = !ctx.owner || state.status === "over";
  document.body.dataset.host = ctx.owner ? "1" : "0";
  if (panel.hidden) return;
  $("host-pause").textContent = state.paused ? "Resume" : "Pause";
  const cash = ctx.room && ctx.room.kind === "cash";
  for (const id of ["host-sb", "host-bb", "host-blinds"]) $(id).closest("div, button").hidden = !cash;
  const body = $("host-seats").querySelector("tbody");
  clear(body);
  $("host-players").hidden = !cash;
  if (!cash) return;
  if (seats.some((s) => s.pending || s.rebuy_asked)) $("host-players").open = true;  // a request waits
  const b = ctx.room && ctx.room.blinds;
  if (b && !$("host-sb").value) { $("host-sb").value = String(b.small_blind); $("host-bb").value = String(b.big_blind); }
  seats.forEach((s, seat) => {
    if (s.player === "empty" && !s.pending) return;
    const cells = [];
    if (s.pending) {
      cells.push(el("button", { type: "button", class: "primary", dataset: { host: "approve" }, onclick: () => hostAction({ action: "seat", seat, approve: true }) }, "Seat"),
        el("button", { type: "button", dataset: { host: "refuse" }, onclick: () => hostAction({ action: "seat", seat, approve: false }) }, "Refuse"));
    } else {
      if (s.rebuy_asked) {
        cells.push(el("button", { type: "button", class: "primary", dataset: { host: "rebuy" }, onclick: () => hostAction({ action: "rebuy", seat, approve: true }) }, `Rebuy ${chips(s.rebuy_asked)}`),
          el("button", { type: "button", onclick: () => hostAction({ action: "rebuy", seat, approve: false }) }, "No"));
      }
      const amount = el("input", { type: "number", class: "chips-delta", value: 0, "aria-label": `chips for ${names[seat]}` });
      cells.push(amount, el("button", { type: "button", dataset: { host: "chips" }, onclick: () => {
        const value = Number(amount.value);
        if (!Number.isInteger(value) || value === 0) return;
        hostAction({ action: "chips", seat, chips: value });
      } }, "\u00b1 chips"));
      if (!s.leaving) cells.push(el("button", { type: "button", class: "danger", dataset: { host: "kick" }, onclick: () => hostAction({ action: "kick", seat }) }, "Kick"));
      else cells.push(el("span", { class: "muted" }, "leaves after this hand"));
      if (s.player === "human" && seat !== ctx.you && s.connected) cells.push(el("button", { type: "button", dataset: { host: "transfer" }, onclick: () => hostAction({ action: "transfer", seat }) }, "Make host"));
    }
    body.append(el("tr", { dataset: { seat } }, el("td", {}, `${seat + 1}. ${s.pending ? `${s.name} asks to sit` : names[seat]}`), el("td", {}, cells)));
  });
}

/** Table chat: one line. */
function addChat(line) {
  const list = $("chat-log");
  if (!list) return;
  list.append(el("li", {}, el("span", { class: "muted" }, `${line.at || ""} `), el("strong", {}, `${line.name}: `), line.text));
  while (list.children.length > 50) list.firstElementChild.remove();
  list.scrollTop = list.scrollHeight;
}

let audio = null;

/** A short tone (Web Audio); only when the player turned the sounds on. */
function beep(freq, ms) {
  if (!ctx.sound) return;
  try {
    audio = audio || new AudioContext();
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.value = freq;
    gain.gain.value = 0.06;
    osc.connect(gain).connect(audio.destination);
    osc.start();
    osc.stop(audio.currentTime + ms / 1000);
  } catch { /* no audio */ }
}

/** Sounds and motion for your turn, a bet and a win (sounds off by default). */
function listen(obs, state) {
  const heard = ctx.heard;
  const myTurn = document.body.dataset.myTurn === "1";
  if (myTurn && !heard.turn) { beep(660, 120); $("table").classList.add("pulse"); setTimeout(() => $("table").classList.remove("pulse"), 600); }
  heard.turn = myTurn;
  if (!obs) return;
  const events = obs.history || [];
  if (heard.hand !== obs.hand_number) { heard.hand = obs.hand_number; heard.events = 0; }
  for (const event of events.slice(heard.events)) {
    if (event.type === "ActionTaken" && /^[br]/.test(String(event.action))) beep(440, 60);
    if (event.type === "PotAwarded" && event.seats.includes(ctx.you)) beep(880, 220);
  }
  heard.events = events.length;
}

/** Countdown of the seat to act (bar + seconds), from the state's deadline_ms. */
function tick() {
  const bar = document.querySelector("#table .countdown");
  if (!bar || ctx.deadlineAt === null) return;
  const left = ctx.frozen !== null && ctx.frozen !== undefined ? ctx.frozen : Math.max(0, ctx.deadlineAt - performance.now());
  const share = ctx.deadlineTotal ? Math.min(1, left / ctx.deadlineTotal) : 0;
  let fill = bar.firstElementChild;
  if (!fill) { fill = el("span"); bar.append(fill); }
  fill.style.width = `${(share * 100).toFixed(1)}%`;
  let text = bar.nextElementSibling;
  if (!text || !text.classList.contains("countdown-text")) {
    text = el("div", { class: "countdown-text" });
    bar.after(text);
  }
  text.textContent = `${ctx.banking ? "time bank " : ""}${Math.ceil(left / 1000)} s${ctx.frozen !== null && ctx.frozen !== undefined ? " (paused)" : ""}`;
}

function onKey(event) {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const target = event.target;
  const inAmount = target && target.id === "raise-amount";
  const typing = target && (target.tagName === "INPUT" || target.tagName === "SELECT" || target.tagName === "TEXTAREA");
  const legal = ctx.legal;
  if (!legal) return;
  if (inAmount && event.key === "Enter") { event.preventDefault(); playRaise(); return; }
  if (typing) return;
  const key = event.key.toLowerCase();
  const canRaise = legal.can_bet || legal.can_raise;
  const obs = ctx.state.observation;
  const presets = { 1: "min", 2: "half", 3: "pot", 4: "max" };
  if (key === "f" && legal.can_fold) play("f");
  else if (key === "k" && legal.can_check) play("k");
  else if (key === "c" && (legal.can_check || legal.can_call)) play(legal.can_check ? "k" : "c");
  else if (key === "r" && canRaise) playRaise();
  else if (key === "a" && canRaise && legal.max_is_all_in) play("allin");
  else if (presets[key] && canRaise) setAmount(presetAmount(presets[key], legal, obs));
  else if ((event.key === "ArrowUp" || event.key === "ArrowDown") && canRaise) {
    const step = (obs.big_blind || 1) * (event.key === "ArrowUp" ? 1 : -1);
    const next = Math.min(Math.max(Number($("raise-amount").value) + step, legal.min_raise_to), legal.max_raise_to);
    setAmount(next);
  } else return;
  event.preventDefault();
}

/** Download the room's hands as PHHS or PokerStars text (with this seat's own cards when seated), as a file. */
async function downloadHands(event, path = "hands.phhs", file = null) {
  event.preventDefault();
  // the seat's token goes in a header, never in the URL (logs, history)
  const headers = ctx.token ? { Authorization: `Bearer ${ctx.token}` } : {};
  try {
    const response = await fetch(`/api/rooms/${encodeURIComponent(ctx.roomId)}/${path}`, { headers });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const url = URL.createObjectURL(await response.blob());
    const link = el("a", { href: url, download: file || `room-${ctx.roomId}.phhs` });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  } catch (error) {
    setStatus(`Download failed: ${error.message}`, "error");
  }
}

export async function mount(app, roomId) {
  ctx.roomId = roomId;
  const saved = loadToken(roomId);
  ctx.token = saved ? saved.token : null;
  $("room-link").value = `${location.origin}/room/${roomId}`;
  $("copy-link").addEventListener("click", async () => {
    try { await navigator.clipboard.writeText($("room-link").value); toast("Link copied.", "info"); } catch { $("room-link").select(); }
  });
  $("download-hands").addEventListener("click", downloadHands);
  $("download-pokerstars").addEventListener("click", (event) => downloadHands(event, "hands.txt", `room-${roomId}-pokerstars.txt`));
  ctx.owner = ownerToken(roomId);
  ctx.sound = localStorage.getItem("pkc-sound") === "1";
  const soundButton = $("sound-toggle");
  const showSound = () => { soundButton.textContent = ctx.sound ? "Sound on" : "Sound off"; soundButton.setAttribute("aria-pressed", String(ctx.sound)); };
  showSound();
  soundButton.addEventListener("click", () => {
    ctx.sound = !ctx.sound;
    try { localStorage.setItem("pkc-sound", ctx.sound ? "1" : "0"); } catch { /* storage disabled */ }
    showSound();
  });
  $("chat-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = $("chat-text").value.trim();
    if (!text) return;
    if (ctx.you === null || ctx.you === undefined) { setStatus("Take a seat to chat.", "error"); return; }
    if (send({ type: "chat", text })) $("chat-text").value = "";
  });
  $("host-pause").addEventListener("click", () => hostAction({ action: ctx.state && ctx.state.paused ? "resume" : "pause" }));
  $("host-blinds").addEventListener("click", () => {
    const sb = Number($("host-sb").value);
    const bb = Number($("host-bb").value);
    if (!Number.isInteger(sb) || !Number.isInteger(bb) || bb < 1) { $("host-status").textContent = "Type whole-chip blinds."; return; }
    hostAction({ action: "blinds", small_blind: sb, big_blind: bb });
  });
  $("host-close").addEventListener("click", () => { if (confirm("Close this room for everyone?")) hostAction({ action: "close" }); });
  $("replay-room").addEventListener("click", (event) => {
    event.preventDefault();
    location.assign(`/replay?room=${encodeURIComponent(roomId)}`);
  });
  $("raise-slider").addEventListener("input", () => { $("raise-amount").value = $("raise-slider").value; $("raise-amount").classList.remove("invalid"); updateRaiseLabel(); });
  $("raise-amount").addEventListener("input", () => {
    const value = Number($("raise-amount").value);
    if (Number.isFinite(value)) $("raise-slider").value = String(value);
    updateRaiseLabel();
  });
  for (const button of document.querySelectorAll("[data-preset]")) {
    button.addEventListener("click", () => {
      if (ctx.legal) setAmount(presetAmount(button.dataset.preset, ctx.legal, ctx.state.observation));
    });
  }
  document.addEventListener("keydown", onKey);
  setInterval(tick, 250);
  try {
    const { room } = await api("GET", `/api/rooms/${encodeURIComponent(roomId)}`);
    showRoom(room);
  } catch (error) {
    setStatus(error.message, "error");
  }
  connect();
}
