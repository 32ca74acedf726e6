// Lobby: create a room (cash table, sit-and-go, ACPC heads-up), list the rooms, show ledgers.
import { api, chips, clear, el, ledgerTable, saveOwnerToken, saveToken } from "./common.js";

const FALLBACK_OPTIONS = {
  levels: ["easy", "normal", "hard"],
  sitngo_modes: { nolimit: 6, headsup: 2, fixedlimit: 4 },
  max_seats: 10,
};

let options = FALLBACK_OPTIONS;
let kind = "cash";

function $(id) { return document.getElementById(id); }

function intValue(id) {
  const value = Number($(id).value);
  return Number.isFinite(value) ? Math.trunc(value) : 0;
}

/** Number of seats the form describes now. */
function seatCount() {
  if (kind === "acpc") return 2;
  if (kind === "sng") return options.sitngo_modes[$("sng-mode").value] || 6;
  return Math.min(Math.max(intValue("seats"), 2), options.max_seats || 10);
}

/** Rebuild the per-seat rows (who plays each seat), keeping choices already made. */
function renderSeats() {
  const box = $("seat-config");
  const before = [...box.querySelectorAll("select")].map((s) => s.value);
  clear(box);
  const count = seatCount();
  for (let seat = 0; seat < count; seat += 1) {
    const select = el("select", { name: `seat-${seat}`, dataset: { seat }, "aria-label": `seat ${seat + 1} player` });
    select.append(el("option", { value: "you" }, "you"));
    select.append(el("option", { value: "human" }, "a person (open seat)"));
    for (const level of options.levels) select.append(el("option", { value: `ai:${level}` }, `AI: ${level}`));
    if (kind === "cash") select.append(el("option", { value: "empty" }, "empty (join later)"));
    const previous = before[seat];
    const fallback = seat === 0 ? "you" : "ai:normal";
    select.value = previous && [...select.options].some((o) => o.value === previous) ? previous : fallback;
    box.append(el("span", { class: "idx" }, `Seat ${seat + 1}`), select, el("span", { class: "hint" }, seat === 0 ? "first button" : ""));
  }
}

function selectKind(next) {
  kind = next;
  for (const tab of document.querySelectorAll("#kind-tabs button")) {
    tab.setAttribute("aria-selected", String(tab.dataset.kind === kind));
  }
  for (const set of document.querySelectorAll("fieldset[data-for]")) set.hidden = set.dataset.for !== kind;
  renderSeats();
}

/** The POST /api/rooms body for the form. */
export function roomRequest() {
  const seats = [];
  let sit = null;
  for (const select of document.querySelectorAll("#seat-config select")) {
    const seat = Number(select.dataset.seat);
    const value = select.value;
    if (value === "you") {
      if (sit === null) sit = { seat, name: $("your-name").value.trim() || "Guest" };
      seats.push({ player: "human" });
    } else if (value.startsWith("ai:")) {
      seats.push({ player: "ai", level: value.slice(3) });
    } else {
      seats.push({ player: value });
    }
  }
  const kindName = kind === "sng" ? "sitngo" : kind;
  const body = {
    kind: kindName,
    seats,
    decision_seconds: intValue("decision-seconds") || 30,
    pause_seconds: Math.max(0, intValue("pause-seconds")),
  };
  const name = $("room-name").value.trim();
  if (name) body.name = name;
  if (sit) body.sit = sit;
  if (kind === "cash") {
    Object.assign(body, {
      stack: intValue("stack"),
      small_blind: intValue("small-blind"),
      big_blind: intValue("big-blind"),
      ante: intValue("ante"),
      betting: $("betting").value,
    });
    // Optional table options go only when asked for (a server may not offer them).
    if (intValue("ante") && $("ante-rule").value !== "every-seat") body.ante_rule = $("ante-rule").value;
    if (intValue("straddles") > 0) body.straddles = intValue("straddles");  // a count: 2, 4, ... big blinds
    if ($("run-twice").checked) body.run_it_twice = $("run-twice-mode").value;
    Object.assign(body, {
      rebuy: $("rebuy").value,
      missed_turns: intValue("missed-turns"),
      return_rule: $("return-rule").value,
      time_bank_seconds: intValue("time-bank"),
    });
    if (intValue("max-buy-in")) body.max_buy_in = intValue("max-buy-in");
    if ($("seat-approval").checked) body.seat_approval = true;
    const limit = $("limit-kind").value;
    if (limit === "hands") body.max_hands = intValue("limit-value");
    if (limit === "time") body.max_minutes = intValue("limit-value");
  } else if (kind === "sng") {
    body.mode = $("sng-mode").value;
  } else {
    body.max_hands = intValue("acpc-hands");
  }
  return body;
}

async function createRoom(event) {
  event.preventDefault();
  const status = $("create-status");
  status.className = "status-line";
  status.textContent = "Creating...";
  $("create-button").disabled = true;
  try {
    const reply = await api("POST", "/api/rooms", roomRequest());
    if (reply.token !== undefined && reply.token !== null) saveToken(reply.room.id, reply.seat, reply.token);
    if (reply.owner_token) saveOwnerToken(reply.room.id, reply.owner_token);  // the host's controls
    location.assign(reply.room.url || `/room/${encodeURIComponent(reply.room.id)}`);
  } catch (error) {
    status.className = "status-line error";
    status.textContent = error.message;
    $("create-button").disabled = false;
  }
}

function gameLabel(room) {
  if (room.kind === "sitngo") return `Sit-and-go (${room.mode})`;
  if (room.kind === "acpc") return "ACPC heads-up";
  const b = room.blinds || {};
  return `Cash ${chips(b.small_blind)}/${chips(b.big_blind)}${b.ante ? ` ante ${chips(b.ante)}` : ""}`;
}

function seatChip(info) {
  if (info.open) return el("span", { class: "seat-chip open" }, `${info.seat + 1}: open`);
  if (info.player === "empty") return el("span", { class: "seat-chip open" }, `${info.seat + 1}: empty`);
  const label = info.player === "ai" ? `${info.name || "AI"} (AI)` : info.name || "player";
  return el("span", { class: `seat-chip ${info.player}` }, `${info.seat + 1}: ${label}`);
}

async function showLedger(room) {
  const box = $("ledger");
  clear(box);
  box.append(el("div", { class: "muted" }, room.name || room.id));
  try {
    const { ledger } = await api("GET", `/api/rooms/${encodeURIComponent(room.id)}/ledger`);
    box.append(ledger.length ? ledgerTable(ledger) : el("div", { class: "muted" }, "No hands yet."));
  } catch (error) {
    box.append(el("div", { class: "status-line error" }, error.message));
  }
}

async function loadRooms() {
  const body = $("room-list").querySelector("tbody");
  let rooms = [];
  try {
    rooms = (await api("GET", "/api/rooms")).rooms || [];
  } catch (error) {
    clear(body).append(el("tr", {}, el("td", { colspan: 5, class: "status-line error" }, error.message)));
    return;
  }
  clear(body);
  $("no-rooms").hidden = rooms.length > 0;
  for (const room of rooms) {
    const open = (room.seats || []).some((s) => s.open);
    const url = room.url || `/room/${encodeURIComponent(room.id)}`;
    const row = el("tr", { dataset: { room: room.id } },
      el("td", {}, el("a", { href: url }, room.name || room.id), el("div", { class: "hint" }, room.status)),
      el("td", {}, gameLabel(room)),
      el("td", {}, (room.seats || []).map(seatChip)),
      el("td", { class: "num" }, chips(room.hands_played)),
      el("td", {},
        el("a", { href: url }, open ? "Join" : "Watch"), " ",
        el("button", { type: "button", class: "ledger-button", onclick: () => showLedger(room) }, "Ledger")));
    body.append(row);
  }
  if (rooms.length) showLedger(rooms[0]);
}

/** Cash-table options the server may not offer (its library's TableConfig decides). */
const OPTIONAL_CONTROLS = { ante_rule: "ante-rule", straddles: "straddles", run_it_twice: "run-twice" };

/** Disable the controls of options the server says it does not offer (GET /api/options). */
function disableUnoffered(offered) {
  if (!Array.isArray(offered)) return;
  for (const [option, id] of Object.entries(OPTIONAL_CONTROLS)) {
    if (offered.includes(option)) continue;
    $(id).disabled = true;
    $(id).title = "not offered by this server's tables";
    $(id).closest("div").classList.add("unoffered");
  }
}

export async function mount() {
  try {
    options = { ...FALLBACK_OPTIONS, ...(await api("GET", "/api/options")) };
  } catch { options = FALLBACK_OPTIONS; }
  for (const tab of document.querySelectorAll("#kind-tabs button")) tab.addEventListener("click", () => selectKind(tab.dataset.kind));
  $("seats").addEventListener("input", renderSeats);
  $("sng-mode").addEventListener("change", renderSeats);
  $("limit-kind").addEventListener("change", () => { $("limit-value").disabled = $("limit-kind").value === "none"; });
  disableUnoffered(options.table_options);
  $("create-form").addEventListener("submit", createRoom);
  $("refresh-rooms").addEventListener("click", loadRooms);
  selectKind("cash");
  await loadRooms();
}
