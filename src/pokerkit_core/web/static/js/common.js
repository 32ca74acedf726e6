// Shared helpers for the pokerkit_core web pages (plain ES modules, no build step).
//
// Every string that comes from the server (names, messages, cards) goes into the
// page through text nodes (el() below), never parsed as HTML.

/** Build an element: el("div", {class: "x", dataset: {seat: 2}}, "text", child, ...). */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "dataset") Object.assign(node.dataset, value);
    else if (key === "style") Object.assign(node.style, value);
    else if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** Remove every child of a node. */
export function clear(node) {
  while (node.firstChild) node.removeChild(node.firstChild);
  return node;
}

/** Chips with thousands separators ("12,500"); fractions ("7/2") pass through. */
export function chips(value) {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return value.toLocaleString("en-US");
  return String(value);
}

/** Fetch JSON; raise an Error whose message is the server's error text. */
export async function api(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const response = await fetch(path, init);
  let data = null;
  const text = await response.text();
  try { data = text ? JSON.parse(text) : null; } catch { data = { message: text }; }
  if (!response.ok) {
    throw new Error(errorText(data, response.status));
  }
  return data;
}

/** The readable message of an error reply ({"error": {"code", "message"}}). */
export function errorText(data, status) {
  const err = data && data.error;
  if (err && typeof err === "object" && err.message) return String(err.message);
  if (typeof err === "string") return err;
  if (data && typeof data.message === "string") return data.message;
  return `HTTP ${status}`;
}

/** The WebSocket URL for a path on this server (ws: or wss: as the page). */
export function wsUrl(path) {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${location.host}${path}`;
}

const SUITS = { c: "\u2663", d: "\u2666", h: "\u2665", s: "\u2660" };
const RANKS = { T: "10" };

/** A face-up card ("As") as an element; the card text is also its data-card. */
export function cardEl(card, { small = false } = {}) {
  const text = String(card);
  const rank = text[0];
  const suit = text[1];
  return el("span", {
    class: `card face suit-${suit}${small ? " small" : ""}`,
    dataset: { card: text },
    title: text,
  }, el("span", { class: "rank" }, RANKS[rank] || rank), el("span", { class: "suit" }, SUITS[suit] || suit));
}

/** A face-down card: carries no information about the card. */
export function cardBackEl({ small = false } = {}) {
  return el("span", { class: `card back${small ? " small" : ""}`, "aria-label": "hidden card" });
}

/** Show a transient message in the page's toast area. */
export function toast(message, kind = "error") {
  let box = document.getElementById("toast");
  if (!box) {
    box = el("div", { id: "toast", role: "status", "aria-live": "polite" });
    document.body.append(box);
  }
  const item = el("div", { class: `toast-item ${kind}` }, message);
  box.append(item);
  setTimeout(() => item.remove(), 6000);
  return item;
}

/** Query-string parameter. */
export function param(name) {
  return new URLSearchParams(location.search).get(name);
}

/** The seat token this tab holds for a room ({seat, token} or null; sessionStorage, per tab). */
export function loadToken(roomId) {
  return readToken(sessionStorage, roomId);
}

/** A seat token this browser held for a room in an earlier tab (localStorage), or null. */
export function rememberedToken(roomId) {
  return readToken(localStorage, roomId);
}

function readToken(storage, roomId) {
  try {
    const raw = storage.getItem(`pkc-room-${roomId}`);
    const value = raw ? JSON.parse(raw) : null;
    return value && typeof value.token === "string" ? value : null;
  } catch {
    return null;
  }
}

/** Keep a seat token: for this tab, and remembered for "return to my seat" in another tab. */
export function saveToken(roomId, seat, token) {
  const text = JSON.stringify({ seat, token });
  for (const storage of [sessionStorage, localStorage]) {
    try { storage.setItem(`pkc-room-${roomId}`, text); } catch { /* storage disabled */ }
  }
}

/** The owner token of a room this browser created (or was passed the host's role of), or null. */
export function ownerToken(roomId) {
  try { return localStorage.getItem(`pkc-owner-${roomId}`); } catch { return null; }
}

/** Keep a room's owner token (the host's controls); null forgets it. */
export function saveOwnerToken(roomId, token) {
  try {
    if (token) localStorage.setItem(`pkc-owner-${roomId}`, token);
    else localStorage.removeItem(`pkc-owner-${roomId}`);
  } catch { /* storage disabled */ }
}

/** The ledger (one line per player: name, hands, chips brought in, stack, net chips) as a table. */
export function ledgerTable(ledger) {
  const body = el("tbody");
  for (const line of ledger) {
    if (line.seat === null && !line.hands) continue;
    if (!line.name && !line.hands && !line.stack) continue;  // an empty seat
    const net = Number(line.net) || 0;
    const who = line.seat === null ? `${line.name || ""} (left)` : (line.name || `Seat ${line.seat + 1}`);
    body.append(el("tr", { dataset: { seat: line.seat === null ? "left" : line.seat } },
      el("td", { class: "who", title: line.seat === null ? who : `seat ${line.seat + 1}: ${who}` }, who),
      el("td", { class: "num" }, chips(line.hands)), el("td", { class: "num" }, chips(line.brought)),
      el("td", { class: "num" }, chips(line.stack)),
      el("td", { class: `num net ${net > 0 ? "pos" : net < 0 ? "neg" : ""}` }, `${net > 0 ? "+" : ""}${chips(net)}`)));
  }
  return el("table", { class: "list ledger" },
    el("thead", {}, el("tr", {}, el("th", {}, "Player"), el("th", { class: "num", title: "hands dealt" }, "Hands"),
      el("th", { class: "num", title: "chips bought in: buy-ins, rebuys, top-ups" }, "In"),
      el("th", { class: "num" }, "Stack"), el("th", { class: "num" }, "Net"))), body);
}
