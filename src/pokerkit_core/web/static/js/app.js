// Router of the single page: the server serves index.html for /, /room/{id},
// /replay and /match[/{id}]; the path says which view to show.
import { clear } from "./common.js";

const routes = [
  [/^\/room\/([A-Za-z0-9_-]+)\/?$/, "table", () => import("./table.js")],
  [/^\/replay\/?$/, "replay", () => import("./replay.js")],
  [/^\/match(?:\/([A-Za-z0-9_-]+))?\/?$/, "match", () => import("./match.js")],
  [/^\/?$/, "lobby", () => import("./lobby.js")],
];

async function start() {
  const app = document.getElementById("app");
  for (const [pattern, name, load] of routes) {
    const found = location.pathname.match(pattern);
    if (!found) continue;
    clear(app);
    app.append(document.getElementById(`view-${name}`).content.cloneNode(true));
    document.body.dataset.view = name;
    for (const link of document.querySelectorAll("[data-nav]")) {
      link.classList.toggle("active", link.dataset.nav === name);
    }
    const module = await load();
    await module.mount(app, found[1] || null);
    document.body.dataset.ready = "1";
    return;
  }
  app.textContent = "Page not found.";
}

start();
