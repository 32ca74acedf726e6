// Replayer: upload a PHH / PHHS file or an ACPC log (POST /api/replays), or replay a
// room's finished hands (POST /api/rooms/{id}/replay), then step through each hand on
// the table view.  Keyboard: Right next, Left back, Home/End, Space play/pause,
// PageUp/PageDown previous/next hand.
import { api, chips, clear, el, errorText, param } from "./common.js";
import { fromObservation, renderTable, winnersOf } from "./table_view.js";

const ctx = { replay: null, hands: [], hand: null, step: 0, timer: null };

function $(id) { return document.getElementById(id); }

function setStatus(text, kind = "") {
  const line = $("replay-status");
  line.className = `status-line${kind ? ` ${kind}` : ""}`;
  line.textContent = text;
}

/** The upload format for a file name: .log is an ACPC log, .phh one hand, else PHHS. */
export function formatFor(name) {
  const lower = name.toLowerCase();
  if (lower.endsWith(".log")) return "acpc";
  if (lower.endsWith(".phh")) return "phh";
  return "phhs";
}

/** Upload the chosen file(s); an ACPC log goes with its game definition (.game) first. */
async function upload(files) {
  const log = files.find((f) => formatFor(f.name) === "acpc") || null;
  const game = files.find((f) => f.name.toLowerCase().endsWith(".game")) || null;
  const main = log || files.find((f) => f !== game) || game;
  const format = $("replay-format").value || formatFor(main.name);
  let text;
  if (format === "acpc") {
    if (!game) {
      setStatus("An ACPC log needs its game: choose the .game file together with the log (both at once).", "error");
      return;
    }
    setStatus(`Reading ${game.name} and ${main.name}...`);
    text = `${await game.text()}\n${await main.text()}`;
  } else {
    setStatus(`Reading ${main.name}...`);
    text = await main.text();
  }
  const file = main;
  let reply;
  try {
    const response = await fetch(`/api/replays?format=${encodeURIComponent(format)}`, {
      method: "POST", headers: { "Content-Type": "text/plain; charset=utf-8" }, body: text,
    });
    const body = await response.text();
    try { reply = JSON.parse(body); } catch { reply = { message: body }; }
    if (!response.ok) throw new Error(errorText(reply, response.status));
  } catch (error) {
    setStatus(error.message, "error");
    return;
  }
  await opened(reply, file.name);
}

async function opened(reply, source) {
  ctx.replay = reply.replay;
  ctx.hands = reply.hands || [];
  const select = $("replay-hand");
  clear(select);
  for (const hand of ctx.hands) {
    const who = (hand.names || []).join(" vs ");
    select.append(el("option", { value: String(hand.index) }, `Hand ${hand.label}${who ? ` \u00b7 ${who}` : ""} (${hand.actions} actions)`));
  }
  select.disabled = ctx.hands.length === 0;
  setStatus(`${source}: ${ctx.hands.length} hand${ctx.hands.length === 1 ? "" : "s"}.`);
  if (ctx.hands.length) await openHand(ctx.hands[0].index);
}

async function openHand(index) {
  stop();
  try {
    ctx.hand = await api("GET", `/api/replays/${encodeURIComponent(ctx.replay)}/hands/${index}`);
  } catch (error) {
    setStatus(error.message, "error");
    return;
  }
  $("replay-hand").value = String(index);
  ctx.step = 0;
  renderStepList();
  show();
}

function renderStepList() {
  const list = $("replay-log");
  clear(list);
  ctx.hand.steps.forEach((step, i) => {
    list.append(el("li", { dataset: { step: i }, class: "step", onclick: () => { ctx.step = i; show(); } }, step.text));
  });
}

/** The table view of one step: the spectator's observation plus the hole cards the file shows. */
export function stepView(hand, step) {
  const obs = step.observation;
  const holes = step.holes || [];
  const shown = (obs.shown_cards || []).map((cards, seat) => (holes[seat] && holes[seat].length ? holes[seat] : cards));
  return fromObservation(obs, { names: hand.names, shown_cards: shown, me: null });
}

function show() {
  const hand = ctx.hand;
  if (!hand) return;
  const steps = hand.steps;
  ctx.step = Math.max(0, Math.min(ctx.step, steps.length - 1));
  const step = steps[ctx.step];
  renderTable($("replay-table"), stepView(hand, step));
  $("replay-pos").textContent = `step ${ctx.step + 1} of ${steps.length}: ${step.text}`;
  document.body.dataset.step = String(ctx.step);
  for (const item of $("replay-log").children) item.classList.toggle("current", Number(item.dataset.step) === ctx.step);
  const current = $("replay-log").children[ctx.step];
  if (current) current.scrollIntoView({ block: "nearest" });
  const box = $("replay-result");
  clear(box);
  if (step.results) {
    const names = hand.names || [];
    const parts = step.results.map((net, seat) => `${names[seat] || `Seat ${seat + 1}`} ${net > 0 ? "+" : ""}${chips(net)}`);
    const won = winnersOf(step.observation.history).map((w) => `${names[w.seat] || `Seat ${w.seat + 1}`} wins ${chips(w.amount)}`);
    box.append(el("strong", {}, `Hand ${hand.label}: `), won.join(", ") || "no pot awarded", el("div", { class: "hint" }, `Results: ${parts.join(", ")}`));
  }
  $("replay-prev").disabled = ctx.step === 0;
  $("replay-first").disabled = ctx.step === 0;
  $("replay-next").disabled = ctx.step === steps.length - 1;
  $("replay-last").disabled = ctx.step === steps.length - 1;
}

function move(delta) { if (ctx.hand) { ctx.step += delta; show(); } }

function stop() {
  if (ctx.timer) clearInterval(ctx.timer);
  ctx.timer = null;
  $("replay-play").textContent = "Play";
}

function togglePlay() {
  if (ctx.timer) { stop(); return; }
  if (!ctx.hand) return;
  $("replay-play").textContent = "Pause";
  ctx.timer = setInterval(() => {
    if (ctx.step >= ctx.hand.steps.length - 1) { stop(); return; }
    move(1);
  }, 900);
}

function nextHand(delta) {
  if (!ctx.hand) return;
  const position = ctx.hands.findIndex((h) => h.index === ctx.hand.index) + delta;
  if (position >= 0 && position < ctx.hands.length) openHand(ctx.hands[position].index);
}

function onKey(event) {
  const target = event.target;
  if (target && (target.tagName === "INPUT" || target.tagName === "SELECT" || target.tagName === "TEXTAREA")) return;
  const actions = {
    ArrowRight: () => move(1), ArrowLeft: () => move(-1),
    Home: () => move(-1e9), End: () => move(1e9), " ": togglePlay,
    PageUp: () => nextHand(-1), PageDown: () => nextHand(1),
  };
  if (actions[event.key]) { event.preventDefault(); actions[event.key](); }
}

export async function mount() {
  $("replay-file").addEventListener("change", () => { const files = [...$("replay-file").files]; if (files.length) upload(files); });
  $("replay-hand").addEventListener("change", () => openHand(Number($("replay-hand").value)));
  $("replay-first").addEventListener("click", () => move(-1e9));
  $("replay-prev").addEventListener("click", () => move(-1));
  $("replay-next").addEventListener("click", () => move(1));
  $("replay-last").addEventListener("click", () => move(1e9));
  $("replay-play").addEventListener("click", togglePlay);
  document.addEventListener("keydown", onKey);
  renderTable($("replay-table"), { seat_count: 6, names: [], boards: [[]], pot: 0, me: null, empty: new Array(6).fill(true) });
  const room = param("room");
  if (room) {
    try {
      await opened(await api("POST", `/api/rooms/${encodeURIComponent(room)}/replay`), `Room ${room}`);
    } catch (error) {
      setStatus(error.message, "error");
    }
  } else {
    const idle = "Open a file to replay its hands.";
    setStatus(idle);
    try {  // the server's upload quota (GET /api/options), unless a file is already open
      const quota = (await api("GET", "/api/options")).limits?.replay_uploads;
      if (quota && $("replay-status").textContent === idle) {
        const minutes = Math.round(quota.window_seconds / 60);
        setStatus(`${idle} Up to ${quota.per_window} uploads every ${minutes} minutes.`);
      }
    } catch { /* the plain line stays */ }
  }
}
