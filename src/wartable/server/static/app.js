// wartable's page: the lobby at "/", a game at "/play/ID#seat=S&token=T".
// It only shows what the server sends: the legal actions come from the engine, never from here.
// A seat's token lives in this browser only (localStorage), never in a URL the server sees.
"use strict";

const $app = document.getElementById("app");
const SVG = "http://www.w3.org/2000/svg";

function el(tag, attrs = {}, ...kids) {
  const node = tag.startsWith("svg:") ? document.createElementNS(SVG, tag.slice(4))
                                      : document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "onclick") node.addEventListener("click", v);
    else if (k === "text") node.textContent = v;
    else if (k === "style") node.style.cssText = v;  // through the CSSOM: the CSP allows no inline style
    else if (v !== null && v !== undefined) node.setAttribute(k, v);
  }
  for (const kid of kids) if (kid !== null && kid !== undefined)
    node.append(typeof kid === "string" ? document.createTextNode(kid) : kid);
  return node;
}

function toast(message) {
  const t = document.getElementById("toast");
  t.textContent = message;
  t.style.display = "block";
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { t.style.display = "none"; }, 4000);
}

async function api(path, options = {}, token = null) {
  const headers = { "Content-Type": "application/json" };
  if (token) headers.Authorization = "Bearer " + token;
  const res = await fetch(path, { ...options, headers });
  const body = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(body.detail || body.error || res.statusText);
  return body;
}

// ---- what this browser holds --------------------------------------------------------------
// { gameId: { seats: { seat: token }, host: creator's key or undefined, title, scenario, at } }
const HELD = "wartable.held";

function held() {
  try { return JSON.parse(localStorage.getItem(HELD)) || {}; } catch (e) { return {}; }
}

function hold(id, update) {
  const all = held();
  const entry = all[id] || { seats: {}, at: Date.now() };
  update(entry);
  all[id] = entry;
  localStorage.setItem(HELD, JSON.stringify(all));
}

function forget(id) {
  const all = held();
  delete all[id];
  localStorage.setItem(HELD, JSON.stringify(all));
}

function copyable(label, path, attrs = {}) {
  return el("p", {}, label, " ",
    el("input", { class: "link", readonly: "", value: location.origin + path, ...attrs }));
}

// ---- lobby --------------------------------------------------------------------------------
async function lobby() {
  document.getElementById("where").textContent = "lobby";
  const { games } = await api("/api/catalog");
  const gameSel = el("select", { id: "game" });
  for (const g of games) gameSel.append(el("option", { value: g.name, text: g.title }));
  const scenSel = el("select", { id: "scenario" });
  const seats = el("table", { class: "seats" });
  const mine = el("select", { id: "my-seat" });
  const opts = el("div", { id: "options" });
  const out = el("div", { id: "created" });
  function refreshMine() {
    const was = mine.value;
    const people = [...seats.querySelectorAll("select")].filter((s) => s.value === "human")
      .map((s) => s.dataset.seat);
    mine.replaceChildren(...people.map((seat) => el("option", { value: seat, text: seat })),
      el("option", { value: "", text: "none: I set it up for others" }));
    if (people.includes(was) || (was === "" && mine.options.length)) mine.value = was;
  }
  function refresh() {
    const g = games.find((x) => x.name === gameSel.value);
    scenSel.replaceChildren(...g.scenarios.map((s) => el("option", { value: s.id, text: s.title })));
    opts.replaceChildren(...Object.entries(g.options || {}).map(([name, o]) => {
      const input = o.kind === "bool"
        ? el("input", { type: "checkbox", "data-option": name, "data-kind": o.kind })
        : o.choices.length
          ? el("select", { "data-option": name, "data-kind": o.kind },
              ...o.choices.map((c) => el("option", { value: c, text: c })))
          : el("input", { type: o.kind === "int" ? "number" : "text", value: String(o.default),
              min: o.minimum, max: o.maximum, "data-option": name, "data-kind": o.kind });
      return el("label", { class: "option", title: o.help }, input, " " + name.replace(/_/g, " "), " ");
    }));
    seats.replaceChildren(...g.seats.map((seat, i) => {
      const pick = el("select", { "data-seat": seat });
      pick.append(el("option", { value: "human", text: "a person" }));
      for (const a of g.agents) pick.append(el("option", { value: a, text: "AI: " + a }));
      if (i > 0 && g.agents.includes("heuristic")) pick.value = "heuristic";
      pick.addEventListener("change", refreshMine);
      return el("tr", {}, el("td", { text: seat }), el("td", {}, pick));
    }));
    mine.value = "";
    refreshMine();
    mine.selectedIndex = 0;
  }
  gameSel.addEventListener("change", refresh);
  refresh();
  const create = el("button", { id: "create", text: "Create game", onclick: async () => {
    const seatMap = {}, options = {};
    for (const s of seats.querySelectorAll("select")) seatMap[s.dataset.seat] = s.value;
    for (const o of opts.querySelectorAll("[data-option]"))
      if (o.type === "checkbox" ? o.checked : o.value !== "")
        options[o.dataset.option] = o.type === "checkbox" ? true
          : o.dataset.kind === "int" ? Number(o.value) : o.value;
    try {
      const made = await api("/api/games", { method: "POST", body: JSON.stringify({
        game: gameSel.value, scenario: scenSel.value, seats: seatMap, options,
        creator_seat: mine.value || null }) });
      const title = gameSel.options[gameSel.selectedIndex].text;
      hold(made.id, (h) => {
        h.host = made.host; h.title = title; h.scenario = scenSel.value;
        if (made.seat) h.seats[made.seat] = made.token;
      });
      out.replaceChildren(el("h3", { text: "Game " + made.id }),
        made.seat ? el("p", {}, el("a", { href: `/play/${made.id}#seat=${made.seat}`,
          class: "seat-link", "data-seat": made.seat, text: "Play as " + made.seat })) : null,
        ...Object.entries(made.invitations).map(([seat, link]) =>
          copyable(`Invitation for ${seat} (send it to one person; the first to open it takes the seat):`,
            link, { class: "link invitation", "data-seat": seat })),
        copyable("Spectators:", made.spectator));
      showMine();
    } catch (e) { toast(e.message); }
  } });
  const list = el("div", { class: "panel", id: "my-games" });
  async function showMine() {
    const all = held();
    const asked = Object.entries(all).flatMap(([id, h]) => {
      const rows = Object.values(h.seats).map((token) => ({ id, token, host: h.host }));
      return rows.length ? rows : (h.host ? [{ id, host: h.host }] : []);
    }).slice(0, 50);
    if (!asked.length) { list.replaceChildren(); list.style.display = "none"; return; }
    list.style.display = "";
    const { games: lines } = await api("/api/mine", { method: "POST",
      body: JSON.stringify({ games: asked }) });
    const table = el("table", { class: "mine" });
    for (const g of lines) {
      const status = g.over ? "over: " + g.over
        : g.unclaimed.length ? "waiting for " + g.unclaimed.join(", ") + " to join"
        : g.your_turn ? "your move" : "waiting";
      const open = g.seat ? el("a", { href: `/play/${g.id}#seat=${g.seat}`, text: "open" })
        : el("a", { href: `/play/${g.id}`, text: "watch" });
      const manage = el("td", {});
      for (const [seat, state] of Object.entries(g.invitations || {})) {
        if (state === "claimed") continue;
        manage.append(el("span", { class: "muted", text: `${seat}: ${state} ` }),
          el("button", { text: "new link", "data-seat": seat, class: "reinvite", onclick: async () => {
            const r = await api(`/api/games/${g.id}/invitations/${seat}`, { method: "POST" }, all[g.id].host);
            manage.append(copyable(`New invitation for ${seat}:`, r.invitation));
          } }),
          state === "open" ? el("button", { text: "withdraw", onclick: async () => {
            await api(`/api/games/${g.id}/invitations/${seat}`, { method: "DELETE" }, all[g.id].host);
            showMine();
          } }) : null);
      }
      table.append(el("tr", { "data-id": g.id, class: g.your_turn ? "your-turn" : "" },
        el("td", { text: `${g.title} · ${g.scenario_title}` }),
        el("td", { text: g.seat ? "as " + g.seat : "created" }),
        el("td", { class: "game-status", text: status }), el("td", {}, open), manage,
        el("td", {}, el("button", { text: "forget", title: "remove from this browser's list",
          onclick: () => { forget(g.id); showMine(); } }))));
    }
    list.replaceChildren(el("h2", { text: "Your games" }), table);
  }
  $app.replaceChildren(list, el("div", { class: "panel lobby" },
    el("h2", { text: "New game" }),
    el("p", {}, "Game ", gameSel, " Scenario ", scenSel),
    el("p", { text: "Who sits where:" }), seats,
    el("p", {}, "You play: ", mine),
    el("p", { text: "Options:" }), opts, create), out);
  showMine().catch((e) => toast(e.message));
}

// ---- joining by invitation -----------------------------------------------------------------
async function join(id) {
  document.getElementById("where").textContent = "joining game " + id;
  const code = new URLSearchParams(location.hash.slice(1)).get("invite");
  history.replaceState(null, "", location.pathname);  // the code is spent either way
  try {
    const r = await api(`/api/games/${id}/claim`, { method: "POST",
      body: JSON.stringify({ invite: code || "" }) });
    hold(id, (h) => { h.seats[r.seat] = r.token; });
    location.replace(`/play/${id}#seat=${r.seat}`);
  } catch (e) {
    $app.replaceChildren(el("div", { class: "panel", id: "join-failed" },
      el("h2", { text: "This invitation cannot be used" }),
      el("p", { text: e.message }),
      el("p", { text: "Ask the person who invited you for a new link, or " },
        el("a", { href: `/play/${id}`, text: "watch the game" }), ".")));
  }
}

// ---- a game -------------------------------------------------------------------------------
const game = { id: null, seat: null, token: null, data: null, filter: null, ws: null,
               replay: null, retry: 0, all: false, log: [], sent: null, cards: {}, zoom: 1,
               draw: null };  // the game's drawing, once its module is loaded
window.wartableGame = game;  // for the browser tests and the curious

function startGame(id) {
  const frag = new URLSearchParams(location.hash.slice(1));
  if (frag.get("seat") && frag.get("token")) {  // a seat's private link: kept here, then hidden
    hold(id, (h) => { h.seats[frag.get("seat")] = frag.get("token"); });
    history.replaceState(null, "", `${location.pathname}#seat=${frag.get("seat")}`);
  }
  const mine = (held()[id] || { seats: {} }).seats;
  game.id = id;
  game.seat = frag.get("seat") && mine[frag.get("seat")] ? frag.get("seat") : Object.keys(mine)[0] || null;
  game.token = game.seat ? mine[game.seat] : null;
  const where = document.getElementById("where");
  where.textContent = (game.seat ? "playing " + game.seat : "watching") + " · game " + id;
  if (game.seat) where.append(" ", el("details", { id: "seat-link" },
    el("summary", { text: "play from another device" }),
    copyable("This link is your seat: open it on your other device, and share it with nobody.",
      `/play/${id}#seat=${game.seat}&token=${game.token}`)));
  connect();
  api(`/api/games/${id}/glossary`).then((g) => { game.cards = g.cards; if (game.draw) render(); })
    .catch(() => {});  // without it cards show their ids, which still play
}

// what a card says, for the hand and for the actions it narrows to
function cardFace(id) {
  const c = game.cards[id];
  if (!c) return null;
  return el("div", { class: "card-face", id: "card-face" },
    el("b", { text: c.title }), c.initiative ? el("span", { class: "muted", text: ` initiative ${c.initiative}` }) : null,
    ...c.text.split("\n").map((line) => el("div", { text: line })));
}

function connect() {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  const ws = new WebSocket(`${proto}//${location.host}/ws/games/${game.id}`);
  game.ws = ws;
  ws.onopen = () => { game.retry = 0; ws.send(JSON.stringify({ type: "hello", token: game.token })); };
  ws.onmessage = (msg) => {
    const data = JSON.parse(msg.data);
    if (data.type === "error") { game.sent = null; toast(data.message); return; }
    if (data.type === "state") {
      game.log = data.log_since === null ? data.log : game.log.concat(data.log).slice(-500);
      game.data = data;
      drawingFor(data.game).then((draw) => { game.draw = draw; if (!game.replay) render(); });
    }
  };
  ws.onclose = () => {  // a dropped connection comes back by itself
    game.sent = null;
    game.retry = Math.min(game.retry + 1, 5);
    setTimeout(connect, 500 * game.retry);
  };
}

function act(action) {
  // one action per position: a double click would only earn a "stale" answer
  if (game.sent === game.data.n) return;
  game.sent = game.data.n;
  game.ws.send(JSON.stringify({ type: "act", n: game.data.n, action }));
  game.filter = null;
  game.all = false;
}

function involves(action, id) {
  return action.split(" ").slice(1).some((arg) => arg === id);
}

// ---- the game's own drawing, or the generic one --------------------------------------------
// A game may bring an ES module (served at /games/NAME/page.js; docs/adding-a-game.md) with
// any of: board(view, ui) -> an element with id "board" whose pieces carry data-id;
// status(view, ui) -> lines; hand(view, ui) -> [{id, label}]; panels(view, ui) -> elements;
// pick(id, ui) -> true when it took a click on its board itself. Missing ones fall back here.
const generic = { board: genericBoard, status: () => [], hand: () => [], panels: () => [],
                  pick: () => false };
const modules = {};

async function drawingFor(name) {
  if (!modules[name]) {
    modules[name] = import(`/games/${encodeURIComponent(name)}/page.js`)
      .then((m) => ({ ...generic, ...m }))
      .catch(() => generic);  // no page module: the generic drawing plays it just as well
  }
  return modules[name];
}

function ui() {
  return { el, seat: game.seat, filter: game.filter, cards: game.cards, gameId: game.id,
           choose, render, api: (path) => api(path, {}, game.token), toast };
}

// a click on a piece, place or card narrows the actions to those that involve it
function choose(id) {
  if (game.draw.pick(id, ui())) return;
  game.filter = id;
  render();
}

// a game without a drawing of its own: its view as readable text
function genericBoard(view) {
  const tree = (value) => {
    if (Array.isArray(value)) {
      if (!value.some((v) => v && typeof v === "object")) return el("span", { text: value.join(", ") || "-" });
      return el("ol", {}, ...value.map((v) => el("li", {}, tree(v))));
    }
    if (value && typeof value === "object")
      return el("dl", {}, ...Object.entries(value).flatMap(([k, v]) =>
        [el("dt", { text: k.replaceAll("_", " ") }), el("dd", { "data-id": String(v) }, tree(v))]));
    return el("span", { text: value === null ? "-" : String(value) });
  };
  const shown = Object.fromEntries(Object.entries(view).filter(([k]) => !["game", "title"].includes(k)));
  return el("div", { id: "board", class: "generic-view" }, tree(shown));
}

function render() {
  const d = game.data;
  const view = game.replay ? game.replay.view : d.view;
  const draw = game.draw;
  const svg = draw.board(view, ui());
  if (game.zoom > 1) { svg.style.width = `${game.zoom * 100}%`; svg.style.maxHeight = "none"; }
  const board = el("div", { class: "board" }, zoomBar(), el("div", { class: "board-scroll" }, svg));
  const was = document.querySelector(".board-scroll");  // a new state keeps the view in place
  const scrolled = was ? [was.scrollLeft, was.scrollTop] : [0, 0];
  const side = el("div", { class: "side" });
  side.append(statusPanel(d, view));
  if (game.replay) side.append(replayPanel());
  else {
    const hand = handPanel(view);
    if (hand) side.append(hand);
    side.append(actionsPanel(d));
    if (d.outcome) side.append(el("div", { class: "panel" },
      el("button", { id: "replay", text: "Replay this game", onclick: () => openReplay(0) })));
    side.append(...draw.panels(view, ui()));
  }
  side.append(logPanel(game.replay ? game.replay.log : game.log));
  $app.replaceChildren(el("div", { class: "game" }, board, side));
  const scroller = document.querySelector(".board-scroll");
  [scroller.scrollLeft, scroller.scrollTop] = scrolled;
  const log = document.querySelector(".log");
  if (log) log.scrollTop = log.scrollHeight;
}

// big maps need a closer look on a small screen
const ZOOMS = [1, 1.5, 2, 3];

function zoomBar() {
  const step = (by) => {
    const i = Math.max(0, Math.min(ZOOMS.length - 1, ZOOMS.indexOf(game.zoom) + by));
    game.zoom = ZOOMS[i];
    render();
  };
  return el("div", { class: "zoom", id: "zoom" },
    el("button", { text: "−", title: "zoom out", onclick: () => step(-1) }),
    el("span", { class: "muted", text: ` ${game.zoom}× ` }),
    el("button", { text: "+", title: "zoom in", onclick: () => step(1) }));
}

function statusPanel(d, view) {
  const p = el("div", { class: "panel status", id: "status" });
  p.append(el("div", {}, el("b", { text: view.title || view.scenario || d.game })));
  if (d.outcome) p.append(el("div", { id: "outcome", text: "Game over: " + d.outcome.reason }));
  else if (d.unclaimed && d.unclaimed.length)
    p.append(el("div", { id: "unclaimed", text: `Waiting for ${d.unclaimed.join(", ")} to join` }));
  else p.append(el("div", { text: "To act: " + d.to_act.join(", ") }));
  p.append(...game.draw.status(view, ui()));
  return p;
}

function handPanel(view) {
  const cards = game.draw.hand(view, ui());
  if (!cards.length) return null;
  const p = el("div", { class: "panel cards", id: "hand" }, el("div", { text: "Your hand" }));
  for (const c of cards)
    p.append(el("button", { class: "card", "data-id": c.id, text: c.label,
      title: game.cards[c.id] ? game.cards[c.id].text : null, onclick: () => choose(c.id) }));
  if (game.filter) p.append(cardFace(game.filter) || "");
  return p;
}

function actionsPanel(d) {
  const p = el("div", { class: "panel actions", id: "actions" });
  if (!d.legal.length) {
    p.append(el("div", { class: "muted", text: d.seat ? "Waiting for the other side." : "Watching." }));
    return p;
  }
  let legal = d.legal;
  if (game.filter) {
    const only = legal.filter((a) => involves(a, game.filter));
    if (only.length) legal = only;
    p.append(el("div", {}, el("span", { class: "filter", text: "involving " + game.filter }), " ",
      el("button", { text: "show all", onclick: () => { game.filter = null; render(); } })));
  }
  const LONG = 40;  // a long list (deployments, hexes) is cut until the player narrows it
  const shown = game.filter || game.all || legal.length <= LONG ? legal : legal.slice(0, LONG);
  for (const a of shown) {
    const b = el("button", { class: "action", "data-action": a, onclick: () => act(a) }, a);
    if (d.info[a]) b.append(el("small", { text: d.info[a] }));
    // pointing at an action lights up the tiles, hexes and counters it names
    const lit = (on) => a.split(" ").slice(1).forEach((arg) => {
      for (const n of document.querySelectorAll(`#board [data-id="${CSS.escape(arg)}"]`))
        n.classList.toggle("lit", on);
    });
    b.addEventListener("mouseenter", () => lit(true));
    b.addEventListener("mouseleave", () => lit(false));
    p.append(b);
  }
  if (shown.length < legal.length)
    p.append(el("div", { class: "hint" }, `${legal.length - shown.length} more: click a counter, ` +
      "card, tile or hex to see the actions that involve it, or ",
      el("button", { text: "show all", onclick: () => { game.all = true; render(); } })));
  for (const h of d.hints || []) p.append(el("div", { class: "hint", text: h }));
  return p;
}

function logPanel(log) {
  const p = el("div", { class: "panel log", id: "log" });
  for (const e of log) p.append(el("div", {}, `${e.text} `,
    e.rule ? el("span", { class: "rule", text: `(${e.rule})` }) : null));
  return p;
}

// ---- replay -------------------------------------------------------------------------------
// Steps are counted from the last step asked for, not from the one on screen, so quick clicks
// on ▶ each move one step; an answer that a later click has overtaken is dropped.
let replayWanted = null;

async function openReplay(step) {
  if (game.replay) step = Math.max(0, Math.min(step, game.replay.steps));
  replayWanted = step;
  try {
    const r = await api(`/api/games/${game.id}/replay?step=${step}`, {}, game.token);
    if (replayWanted !== step) return;
    game.replay = r;
    render();
  } catch (e) { toast(e.message); }
}

function stepReplay(delta) {
  openReplay((replayWanted ?? game.replay.step) + delta);
}

function closeReplay() {
  replayWanted = null;
  game.replay = null;
  render();
}

function replayPanel() {
  const r = game.replay;
  return el("div", { class: "panel", id: "replay-panel" },
    el("div", { id: "replay-step", text: `Replay: step ${r.step} of ${r.steps}` +
      (r.action ? ` (${r.action.seat}: ${r.action.text})` : "") }),
    el("button", { text: "« start", onclick: () => openReplay(0) }),
    el("button", { text: "◀", onclick: () => stepReplay(-1) }),
    el("button", { text: "▶", onclick: () => stepReplay(1) }),
    el("button", { text: "end »", onclick: () => openReplay(r.steps) }),
    el("button", { text: "back to the game", onclick: closeReplay }));
}

// ---- start --------------------------------------------------------------------------------
const playing = location.pathname.match(/^\/play\/([A-Za-z0-9_-]+)$/);
const joining = location.pathname.match(/^\/join\/([A-Za-z0-9_-]+)$/);
// a link pasted over this page's own (another seat, a new invitation) only changes the part
// after '#', which loads nothing by itself: start afresh with it
window.addEventListener("hashchange", () => location.reload());
if (playing) startGame(playing[1]);
else if (joining) join(joining[1]);
else lobby().catch((e) => toast(e.message));
