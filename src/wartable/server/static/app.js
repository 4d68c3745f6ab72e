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
    opts.replaceChildren(...Object.entries(g.options || {}).map(([name, value]) => {
      const input = typeof value === "boolean"
        ? el("input", { type: "checkbox", "data-option": name })
        : el("input", { type: "number", min: "1", value: String(value), "data-option": name });
      return el("label", { class: "option" }, input, " " + name.replace(/_/g, " "), " ");
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
    for (const o of opts.querySelectorAll("input"))
      if (o.type === "checkbox" ? o.checked : o.value !== "")
        options[o.dataset.option] = o.type === "checkbox" ? true : Number(o.value);
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
               replay: null, los: null, retry: 0, all: false, log: [], sent: null, cards: {}, zoom: 1 };
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
  api(`/api/games/${id}/glossary`).then((g) => { game.cards = g.cards; if (game.data) render(); })
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
      if (!game.replay) render();
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

function render() {
  const d = game.data;
  const view = game.replay ? game.replay.view : d.view;
  const svg = view.game === "undaunted" ? undauntedBoard(view) : combatBoard(view);
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
    if (view.game === "combat") side.append(soldiersPanel(view), losPanel());
  }
  side.append(logPanel(game.replay ? game.replay.log : game.log));
  $app.replaceChildren(el("div", { class: "game" }, board, side));
  const scroller = document.querySelector(".board-scroll");
  [scroller.scrollLeft, scroller.scrollTop] = scrolled;
  const log = document.querySelector(".log");
  if (log) log.scrollTop = log.scrollHeight;
}

// big maps (Combat!'s 30-odd columns) need a closer look on a small screen
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
  p.append(el("div", {}, el("b", { text: view.title || view.scenario }),
    ` · ${view.round ? "round " + view.round : "turn " + view.turn}`,
    view.turns ? ` of ${view.turns}` : "", view.phase ? ` · ${view.phase}` : "",
    view.phase === "impulses" ? ` ${view.impulse}` : ""));
  if (d.outcome) p.append(el("div", { id: "outcome", text: "Game over: " + d.outcome.reason }));
  else if (d.unclaimed && d.unclaimed.length)
    p.append(el("div", { id: "unclaimed", text: `Waiting for ${d.unclaimed.join(", ")} to join` }));
  else p.append(el("div", { text: "To act: " + d.to_act.join(", ") }));
  if (view.game === "combat") {
    p.append(el("div", { text: `Victory points: ${view.victory_points}` }));
    if (view.initiative_track && view.initiative_track.length)
      p.append(el("div", { id: "initiative", text: "Initiative: " +
        view.initiative_track.map(([v, team]) => `${team} ${v}`).join(", ") }));
    p.append(el("div", { class: "muted", text: `Deck ${view.deck_size}, discard ` +
      `${view.discard_size}` + (view.cup ? ` · ${view.cup} counter(s) in the cup` : "") }));
  }
  if (view.game === "undaunted" && view.sides) {
    p.append(el("div", { text: `Initiative: ${view.initiative}` +
      (view.bids ? ` (bids: ${Object.entries(view.bids).map(([s, b]) => `${s} ${b || "none"}`).join(", ")})` : "") }));
    for (const [s, info] of Object.entries(view.sides))
      p.append(el("div", { class: s, text:
        `${s}: objectives ${info.objective_points}/${info.goal ?? "-"}, hand ${info.hand_size}, ` +
        `deck ${info.deck_size}, discard ${info.discard_size}` +
        (info.pinned_down ? " · pinned down" : "") }));
  }
  return p;
}

function handPanel(view) {
  let cards = [];
  if (view.game === "undaunted" && game.seat && view.sides[game.seat].hand)
    cards = Object.entries(view.sides[game.seat].hand)
      .flatMap(([card, n]) => Array(n).fill(card))
      .map((id) => game.cards[id]
        ? { id, label: `${game.cards[id].title} [${game.cards[id].initiative}]` } : id);
  if (view.game === "combat" && view.hand)
    cards = view.hand.map((c) => ({ id: String(c.number),
      label: `${c.number} ${c.title} [${c.initiative.join("/")}]` }));
  if (!cards.length) return null;
  const p = el("div", { class: "panel cards", id: "hand" }, el("div", { text: "Your hand" }));
  for (const c of cards) {
    const id = typeof c === "string" ? c : c.id;
    p.append(el("button", { class: "card", "data-id": id, text: typeof c === "string" ? c : c.label,
      title: game.cards[id] ? game.cards[id].text : null,
      onclick: () => { game.filter = id; render(); } }));
  }
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

// ---- Undaunted: square tiles --------------------------------------------------------------
function undauntedBoard(view) {
  const S = 120;
  const xs = view.tiles.map((t) => t.at[0]), ys = view.tiles.map((t) => t.at[1]);
  const w = (Math.max(...xs) + 1) * S, h = (Math.max(...ys) + 1) * S;
  const svg = el("svg:svg", { viewBox: `-4 -4 ${w + 8} ${h + 8}`, id: "board" });
  for (const t of view.tiles) {
    const [x, y] = [t.at[0] * S, t.at[1] * S];
    const g = el("svg:g", { "data-id": t.id, class: "tile" });
    g.addEventListener("click", () => { game.filter = t.id; render(); });
    g.append(el("svg:rect", { x: x + 2, y: y + 2, width: S - 4, height: S - 4, rx: 6,
      fill: t.hill ? "#d9c89a" : "#cfe0b4", stroke: game.filter === t.id ? "#f0a800" : "#7a7a5a",
      "stroke-width": game.filter === t.id ? 3 : 1 }));
    g.append(el("svg:text", { x: x + 8, y: y + 18, "font-size": 13, text: t.id }));
    g.append(el("svg:text", { x: x + S - 10, y: y + 18, "font-size": 12, "text-anchor": "end",
      text: `cover ${t.cover}` + (t.objective ? ` · ★${t.objective}` : "") }));
    let m = 0;
    for (const [side, mark] of Object.entries(t.markers || {})) if (mark) {
      g.append(el("svg:text", { x: x + 8, y: y + S - 10 - 14 * m, "font-size": 11, class: side,
        text: `${side}: ${mark}` }));
      m += 1;
    }
    svg.append(g);
  }
  // a mortar's target marker: a ringed cross in its side's colour
  const at = Object.fromEntries(view.tiles.map((t) => [t.id, t.at]));
  Object.entries(view.sides).forEach(([side, s], k) => {
    if (!s.target || !at[s.target]) return;
    const cx = at[s.target][0] * S + S - 22 - k * 30, cy = at[s.target][1] * S + S - 40;
    const g = el("svg:g", { class: "target", "data-id": s.target, "data-side": side });
    const ink = `fill: none; stroke: var(--${side}); stroke-width: 2.5`;
    g.append(el("svg:circle", { cx, cy, r: 11, style: ink }));
    g.append(el("svg:path", { d: `M${cx - 14} ${cy}H${cx + 14}M${cx} ${cy - 14}V${cy + 14}`,
      style: ink }));
    g.append(el("svg:title", { text: `${side}'s mortar target` }));
    svg.append(g);
  });
  const per = {};
  for (const c of view.counters) (per[c.tile] = per[c.tile] || []).push(c);
  for (const t of view.tiles) {
    (per[t.id] || []).forEach((c, i) => {
      const x = t.at[0] * S + 8 + (i % 3) * 36, y = t.at[1] * S + 28 + Math.floor(i / 3) * 26;
      const g = el("svg:g", { "data-id": c.unit, "data-side": c.side, class: "counter" });
      g.addEventListener("click", (ev) => { ev.stopPropagation(); game.filter = c.unit; render(); });
      g.append(el("svg:rect", { x, y, width: 34, height: 22, rx: 3, class: c.side,
        opacity: c.suppressed ? 0.5 : 1, stroke: game.filter === c.unit ? "#f0a800" : "none",
        "stroke-width": 3 }));
      g.append(el("svg:text", { x: x + 17, y: y + 15, "font-size": 10, "text-anchor": "middle",
        fill: "#fff", text: c.unit.replace("rifleman", "rif").replace("scout", "sct")
          .replace("machine-gunner", "mg").replace("squad-leader", "sl").replace("sniper", "snp")
          .replace("mortar", "mrt") }));
      g.append(el("svg:title", { text: `${c.side} ${c.title} ${c.squad}, defence ${c.defence}` +
        (c.suppressed ? ", suppressed" : "") }));
      svg.append(g);
    });
  }
  return svg;
}

// ---- Combat!: hexes -----------------------------------------------------------------------
const TERRAIN_FILL = { open: "#e6e0c6", trees: "#7fa070", building: "#b08a6a", hedgerow: "#5f8a50",
  wall: "#9a9a9a", rocks: "#b5b0a0", marsh: "#9fbfb0", stream: "#8fb8d8", depression: "#d2c8a0",
  field: "#e9d98a", long_grass: "#c8d890", orchard: "#a8c890", logs: "#a08060", crater: "#8a7a60",
  rubble: "#8c7b70", foxhole: "#9c8c6c" };

function hexCentre(map, col, row, R) {
  const even = col % 2 === 0;
  const lower = map.layout === "even-q" ? even : !even;
  return [(col - map.columns[0]) * 1.5 * R + R, (row + (lower ? 0.5 : 0)) * Math.sqrt(3) * R + R];
}

function hexPoints(cx, cy, R) {
  const pts = [];
  for (let k = 0; k < 6; k++) {
    const a = Math.PI / 3 * k;
    pts.push(`${(cx + R * Math.cos(a)).toFixed(1)},${(cy + R * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(" ");
}

function combatBoard(view) {
  const R = 16, map = view.map;
  const kind = {}, level = {};
  for (const [label, k, lv] of map.terrain) { kind[label] = k; level[label] = lv; }
  const smoke = new Set((view.smoke || []).map((s) => s.hex));
  const lit = new Set(view.flares || []);
  const objectives = new Map((view.objectives || []).map((o) => [o.hex, o.reached]));
  const here = {};
  for (const s of view.soldiers) if (onMap(s)) (here[s.hex] = here[s.hex] || []).push(s);
  const cols = map.columns, rows = Math.max(map.rows_odd[1], map.rows_even[1]) + 1;
  const w = (cols[1] - cols[0] + 1) * 1.5 * R + R, h = (rows + 0.5) * Math.sqrt(3) * R + R;
  const svg = el("svg:svg", { viewBox: `0 0 ${w} ${h}`, id: "board" });
  const line = new Set(game.los ? game.los.path || [] : []);
  for (let col = cols[0]; col <= cols[1]; col++) {
    const [lo, hi] = col % 2 ? map.rows_odd : map.rows_even;
    for (let row = lo; row <= hi; row++) {
      const label = `${String(col).padStart(2, "0")}.${String(row).padStart(2, "0")}`;
      const [cx, cy] = hexCentre(map, col, row, R);
      const g = el("svg:g", { "data-id": label, class: "hex" });
      g.addEventListener("click", () => clickHex(label));
      const picked = game.filter === label || line.has(label) ||
        (game.los && game.los.pick && game.los.pick.includes(label));
      g.append(el("svg:polygon", { points: hexPoints(cx, cy, R - 0.5),
        fill: TERRAIN_FILL[kind[label] || "open"] || "#ddd",
        stroke: picked ? "#f0a800" : "#b8b098", "stroke-width": picked ? 2.5 : 0.6 }));
      g.append(el("svg:title", { text: `${label}: ${(kind[label] || "open").replaceAll("_", " ")}` +
        (level[label] ? `, level ${level[label]}` : "") + (smoke.has(label) ? ", smoke" : "") }));
      if (level[label]) g.append(el("svg:text", { x: cx - R * 0.6, y: cy - R * 0.35,
        "font-size": 7, fill: "#554", text: String(level[label]) }));
      if (smoke.has(label)) g.append(el("svg:circle", { cx, cy, r: R * 0.8, fill: "#777",
        opacity: 0.45 }));
      if (lit.has(label)) g.append(el("svg:circle", { cx, cy, r: R * 0.5, fill: "#ffe14d",
        opacity: 0.8 }));
      if (objectives.has(label)) g.append(el("svg:text", { x: cx, y: cy + 5, "font-size": 14,
        "text-anchor": "middle", fill: objectives.get(label) ? "#3d5a80" : "#c08000", text: "★" }));
      (here[label] || []).forEach((s, i) => {
        const x = cx - R * 0.62 + (i % 2) * R * 0.64, y = cy - R * 0.42 + Math.floor(i / 2) * 9;
        const c = el("svg:g", { "data-id": s.key, class: "counter" });
        c.addEventListener("click", (ev) => { ev.stopPropagation(); game.filter = s.key; render(); });
        c.append(el("svg:rect", { x, y, width: R * 0.6, height: 8.5, rx: 1, class: s.side,
          opacity: s.side === "us" && !s.spotted ? 0.6 : 1,
          stroke: game.filter === s.key ? "#f0a800" : (s.wounds.length ? "#ff5050" : "none"),
          "stroke-width": 1.5 }));
        c.append(el("svg:text", { x: x + R * 0.3, y: y + 6.8, "font-size": 6.5,
          "text-anchor": "middle", fill: "#fff",
          text: s.known || s.side === "us" ? (s.name || "?").split(" ").pop().slice(0, 3) : "?" }));
        c.append(el("svg:title", { text: (s.name || "unknown " + s.team) +
          ` (${s.side}${s.order ? ", " + s.order : ""}${s.wounds.length ? ", " + s.wounds.join("+") : ""})` }));
        svg.append(c);
      });
      svg.insertBefore(g, svg.firstChild);
    }
  }
  return svg;
}

// the dead, the escaped and unmasked decoys leave the map; prisoners stay with their guard
function onMap(s) {
  return s.hex && (s.status === "active" || s.status === "captured");
}

function soldiersPanel(view) {
  // unknown counters too: their team, hex, order and alert marker are on the map for all to see;
  // our own men stay listed when they fall
  const rows = view.soldiers.filter((s) => onMap(s) || (s.side === "us" && s.status !== "active"));
  const table = el("table", { class: "soldiers" });
  table.append(el("tr", {}, ...["", "soldier", "hex", "order", "morale", "wounds", "ammo"]
    .map((h) => el("th", { text: h }))));
  for (const s of rows) {
    const tr = el("tr", { "data-id": s.key, class: game.filter === s.key ? "picked" : "" },
      el("td", {}, el("span", { class: "dot " + s.side })),
      el("td", { text: (s.known ? s.name : `unknown ${s.team} ${s.key}`) +
        (s.side === "us" && !s.spotted ? " (hidden)" : "") +
        (s.side !== "us" && !s.alert ? " (waiting)" : "") }),
      el("td", { text: onMap(s) ? s.hex : "" }),
      el("td", { text: s.status === "active" ? s.order || "" : s.status }),
      el("td", { text: s.morale }), el("td", { text: s.wounds.join(", ") }),
      el("td", { text: s.ammo === "ok" ? "" : s.ammo }));
    tr.addEventListener("click", () => { game.filter = s.key; render(); });
    table.append(tr);
  }
  const unknown = view.soldiers.filter((s) => onMap(s) && s.side !== "us" && !s.known).length;
  return el("div", { class: "panel soldiers-panel", id: "soldiers" }, table,
    el("div", { class: "hint", text: `${unknown} unknown German counter(s) on the map` +
      (view.night ? ` · night: sight ${view.night.range} hexes, ${view.night.flares_left} flare(s)` : "") }));
}

function clickHex(label) {
  if (game.los && game.los.active) {
    game.los.pick.push(label);
    if (game.los.pick.length === 2) {
      const [a, b] = game.los.pick;
      api(`/api/games/${game.id}/los?a=${a}&b=${b}`).then((r) => {
        const path = (r.path || []).flatMap((step) => step.split("/"));
        game.los = { active: true, pick: [a, b], path, result: r };
        render();
      }).catch((e) => toast(e.message));
      return;
    }
  } else game.filter = label;
  render();
}

function losPanel() {
  const p = el("div", { class: "panel", id: "los" });
  const on = game.los && game.los.active;
  p.append(el("button", { text: on ? "Line of sight: on (click two hexes)" : "Line of sight tool",
    onclick: () => { game.los = on ? null : { active: true, pick: [] }; render(); } }));
  if (game.los && game.los.result) {
    const r = game.los.result;
    p.append(el("div", { id: "los-result", text: r.visible ? `${r.from} sees ${r.to} (${r.range} hexes)` :
      `${r.from} cannot see ${r.to}: ${r.reason} (${r.rule})` }));
    game.los.pick = [];
  }
  return p;
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
