// Match view: start a match between two policies (POST /api/matches) and watch player A's
// cumulative mbb/hand and its 95% band grow live (WebSocket /ws/match/{id}), drawn on a canvas.
import { api, el, wsUrl } from "./common.js";

const ctx = { match: null, ws: null };

function $(id) { return document.getElementById(id); }

function setStatus(text, kind = "") {
  const line = $("match-status");
  line.className = `status-line${kind ? ` ${kind}` : ""}`;
  line.textContent = text;
}

/** "Nice" axis ticks covering [low, high]. */
function ticks(low, high, count) {
  const span = high - low || 1;
  const raw = span / count;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((s) => s >= raw) || raw;
  const out = [];
  for (let v = Math.ceil(low / step) * step; v <= high + step * 1e-9; v += step) out.push(Math.abs(v) < step * 1e-9 ? 0 : v);
  return out;
}

function format(value) {
  const abs = Math.abs(value);
  if (abs >= 10000) return `${(value / 1000).toFixed(0)}k`;
  if (abs >= 100 || Number.isInteger(value)) return value.toFixed(0);
  return value.toFixed(1);
}

/** Draw the points ({hands, mbb_per_hand, ci95: [low, high]}) of a match. */
export function drawGraph(canvas, points, totalHands) {
  const ratio = window.devicePixelRatio || 1;
  const width = canvas.clientWidth || canvas.width;
  const height = canvas.clientHeight || canvas.height;
  canvas.width = Math.round(width * ratio);
  canvas.height = Math.round(height * ratio);
  const g = canvas.getContext("2d");
  g.setTransform(ratio, 0, 0, ratio, 0, 0);
  g.clearRect(0, 0, width, height);
  const pad = { left: 64, right: 18, top: 16, bottom: 40 };
  const plotW = width - pad.left - pad.right;
  const plotH = height - pad.top - pad.bottom;
  const usable = points.filter((p) => Number.isFinite(p.mbb_per_hand));
  let low = 0;
  let high = 0;
  for (const p of usable) {
    const [a, b] = p.ci95 || [p.mbb_per_hand, p.mbb_per_hand];
    low = Math.min(low, a, p.mbb_per_hand);
    high = Math.max(high, b, p.mbb_per_hand);
  }
  if (high - low < 1) { low -= 50; high += 50; }
  const margin = (high - low) * 0.06;
  low -= margin;
  high += margin;
  const maxHands = Math.max(totalHands || 0, ...usable.map((p) => p.hands), 1);
  const x = (hands) => pad.left + (plotW * hands) / maxHands;
  const y = (mbb) => pad.top + plotH * (1 - (mbb - low) / (high - low));

  g.font = "12px system-ui, sans-serif";
  g.strokeStyle = "rgba(255,255,255,0.08)";
  g.fillStyle = "#93a4b4";
  g.lineWidth = 1;
  g.textAlign = "right";
  g.textBaseline = "middle";
  for (const v of ticks(low, high, 6)) {
    g.beginPath(); g.moveTo(pad.left, y(v)); g.lineTo(width - pad.right, y(v)); g.stroke();
    g.fillText(format(v), pad.left - 8, y(v));
  }
  g.textAlign = "center";
  g.textBaseline = "top";
  for (const h of ticks(0, maxHands, 8)) {
    g.beginPath(); g.moveTo(x(h), pad.top); g.lineTo(x(h), pad.top + plotH); g.stroke();
    g.fillText(format(h), x(h), pad.top + plotH + 6);
  }
  g.fillText("hands", pad.left + plotW / 2, pad.top + plotH + 22);
  g.save();
  g.translate(14, pad.top + plotH / 2);
  g.rotate(-Math.PI / 2);
  g.fillText("mbb/hand (A)", 0, 0);
  g.restore();
  // zero line
  g.strokeStyle = "rgba(255,255,255,0.45)";
  g.setLineDash([4, 4]);
  g.beginPath(); g.moveTo(pad.left, y(0)); g.lineTo(width - pad.right, y(0)); g.stroke();
  g.setLineDash([]);
  if (!usable.length) return;
  // 95% band
  const banded = usable.filter((p) => p.ci95);
  if (banded.length) {
    g.fillStyle = "rgba(58,160,255,0.22)";
    g.beginPath();
    banded.forEach((p, i) => (i ? g.lineTo(x(p.hands), y(p.ci95[1])) : g.moveTo(x(p.hands), y(p.ci95[1]))));
    for (let i = banded.length - 1; i >= 0; i -= 1) g.lineTo(x(banded[i].hands), y(banded[i].ci95[0]));
    g.closePath();
    g.fill();
  }
  // cumulative mbb/hand
  g.strokeStyle = "#f2b134";
  g.lineWidth = 2.2;
  g.beginPath();
  usable.forEach((p, i) => (i ? g.lineTo(x(p.hands), y(p.mbb_per_hand)) : g.moveTo(x(p.hands), y(p.mbb_per_hand))));
  g.stroke();
  const last = usable[usable.length - 1];
  g.fillStyle = "#f2b134";
  g.beginPath(); g.arc(x(last.hands), y(last.mbb_per_hand), 3.5, 0, 2 * Math.PI); g.fill();
  // legend
  g.textAlign = "left";
  g.textBaseline = "middle";
  g.fillStyle = "rgba(58,160,255,0.5)";
  g.fillRect(pad.left + 12, pad.top + 8, 18, 10);
  g.fillStyle = "#e8eef3";
  g.fillText("95% band", pad.left + 36, pad.top + 13);
  g.strokeStyle = "#f2b134";
  g.beginPath(); g.moveTo(pad.left + 110, pad.top + 13); g.lineTo(pad.left + 128, pad.top + 13); g.stroke();
  g.fillText("cumulative mbb/hand", pad.left + 134, pad.top + 13);
}

function show(match) {
  ctx.match = match;
  const [a, b] = match.players || ["A", "B"];
  $("match-title").textContent = `${a} (A) vs ${b} (B)${match.done ? " \u00b7 finished" : " \u00b7 running"}`;
  const points = match.points || [];
  const last = points[points.length - 1];
  $("fig-hands").textContent = `${(match.hands_played || 0).toLocaleString("en-US")} / ${(match.hands || 0).toLocaleString("en-US")}`;
  $("fig-mbb").textContent = last ? format(last.mbb_per_hand) : "-";
  $("fig-ci").textContent = last && last.ci95 ? `${format(last.ci95[0])} .. ${format(last.ci95[1])}` : "-";
  document.body.dataset.matchPoints = String(points.length);
  document.body.dataset.matchDone = match.done ? "1" : "0";
  drawGraph($("match-canvas"), points, match.hands);
}

function watch(id) {
  if (ctx.ws) ctx.ws.close();
  const ws = new WebSocket(wsUrl(`/ws/match/${encodeURIComponent(id)}`));
  ctx.ws = ws;
  ws.addEventListener("message", (event) => {
    let message;
    try { message = JSON.parse(event.data); } catch { return; }
    if (message.type === "match" && message.match) show(message.match);
    if (message.type === "error") setStatus(message.message || message.code, "error");
  });
  ws.addEventListener("close", () => {
    if (ctx.ws === ws && ctx.match && !ctx.match.done) setTimeout(() => watch(id), 1500);
  });
}

async function start(event) {
  event.preventDefault();
  setStatus("Starting...");
  try {
    const body = {
      players: [$("match-a").value, $("match-b").value],
      hands: Number($("match-hands").value),
      seed: Number($("match-seed").value),
    };
    const { match } = await api("POST", "/api/matches", body);
    history.pushState(null, "", `/match/${encodeURIComponent(match.id)}`);
    setStatus(`Match ${match.id} started.`);
    show(match);
    watch(match.id);
  } catch (error) {
    setStatus(error.message, "error");
  }
}

/** The address of the match form: /match/new (served by the server's /match/{id} route). */
export const NEW_MATCH = "new";

export async function mount(app, routeId) {
  const matchId = routeId === NEW_MATCH ? null : routeId;
  let policies = ["normal", "easy", "hard", "random", "call", "raise"];
  try {
    const options = await api("GET", "/api/options");
    if (options.policies && options.policies.length) policies = options.policies;
  } catch { /* keep the defaults */ }
  for (const [id, pick] of [["match-a", "normal"], ["match-b", "call"]]) {
    const select = $(id);
    for (const name of policies) select.append(el("option", { value: name }, name));
    if (policies.includes(pick)) select.value = pick;
  }
  $("match-form").addEventListener("submit", start);
  window.addEventListener("resize", () => { if (ctx.match) show(ctx.match); });
  drawGraph($("match-canvas"), [], Number($("match-hands").value));
  if (matchId) {
    try {
      const { match } = await api("GET", `/api/matches/${encodeURIComponent(matchId)}`);
      show(match);
      if (!match.done) watch(matchId);
    } catch (error) {
      setStatus(error.message, "error");
    }
  }
}
