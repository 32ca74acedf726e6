// The live table: one WebSocket to /ws/room/{id}, the table picture, the action bar.
//
// Keyboard (documented in the page and in docs/web_table.rst):
//   F fold, C check or call, K check, R bet/raise to the amount, A all-in,
//   1..4 amount presets (min, 1/2 pot, pot, all-in), Up/Down amount +/- one big blind,
//   Enter in the amount box bets or raises it.
import { api, chips, clear, el, ledgerTable, loadToken, rememberedToken, saveToken, toast, wsUrl } from "./common.js";
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
      break;
    case "state":
      if (typeof message.seq === "number" && message.seq <= ctx.seq) return;
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
    if (s.name) return s.name;
    if (s.player === "ai") return `AI ${s.level || ""}`.trim();
    if (s.open) return "Open seat";
    return `Seat ${s.seat + 1}`;
  });
}

function seatLabels(seats) {
  return seats.map((s) => {
    if (s.player === "ai") return `AI \u00b7 ${s.level}`;
    if (s.player === "human" && !s.open) {
      if (s.state === "sitting-out") return "sitting out";
      return s.connected ? "person" : "person \u00b7 away";
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
    empty: seats.map((s) => s.open || s.player === "empty"),
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
    ctx.deadlineTotal = (state.decision_seconds || 30) * 1000;
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
  renderLedger(state.ledger);
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
  bar.hidden = !legal;
  document.body.dataset.myTurn = legal ? "1" : "0";
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
  if (ctx.room && ctx.room.kind === "cash") {
    if (mine && mine.state === "sitting-out") box.append(el("button", { type: "button", id: "sit-in", onclick: () => send({ type: "sit_in" }) }, "Sit in"));
    else if (mine && mine.state === "playing") box.append(el("button", { type: "button", id: "sit-out", onclick: () => send({ type: "sit_out" }) }, "Sit out next hand"));
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

function renderLedger(ledger) {
  const box = $("table-ledger");
  clear(box);
  if (!ledger || !ledger.length) { box.append(el("span", { class: "muted" }, "No hands yet.")); return; }
  box.append(ledgerTable(ledger));
}

/** Countdown of the seat to act (bar + seconds), from the state's deadline_ms. */
function tick() {
  const bar = document.querySelector("#table .countdown");
  if (!bar || ctx.deadlineAt === null) return;
  const left = Math.max(0, ctx.deadlineAt - performance.now());
  const share = ctx.deadlineTotal ? Math.min(1, left / ctx.deadlineTotal) : 0;
  let fill = bar.firstElementChild;
  if (!fill) { fill = el("span"); bar.append(fill); }
  fill.style.width = `${(share * 100).toFixed(1)}%`;
  let text = bar.nextElementSibling;
  if (!text || !text.classList.contains("countdown-text")) {
    text = el("div", { class: "countdown-text" });
    bar.after(text);
  }
  text.textContent = `${Math.ceil(left / 1000)} s`;
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

/** Download the room's hands as PHHS (with this seat's own cards when seated), as a file. */
async function downloadHands(event) {
  event.preventDefault();
  const query = ctx.token ? `?token=${encodeURIComponent(ctx.token)}` : "";
  try {
    const response = await fetch(`/api/rooms/${encodeURIComponent(ctx.roomId)}/hands.phhs${query}`);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const url = URL.createObjectURL(await response.blob());
    const link = el("a", { href: url, download: `room-${ctx.roomId}.phhs` });
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
