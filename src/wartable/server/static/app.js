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

let toastTimer = null;  // the toast's pending hiding

function toast(message) {
  const t = document.getElementById("toast");
  t.textContent = message;
  t.style.display = "block";
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { t.style.display = "none"; }, 4000);
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
  try { return JSON.parse(localStorage.getItem(HELD)) || {}; } catch { return {}; }
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

// ---- deck builder ---------------------------------------------------------------------------
// A deck is built card by card: the server lists the army's cards and says, at each change,
// the deck's points and every reason it may not be played; "Keep" saves it under its name.
function deckBuilder(g, known, onSaved) {
  const armies = [...new Set(Object.values(known.armies))];
  const armySel = el("select", { id: "deck-army" },
    ...armies.map((a) => el("option", { value: a, text: a })));
  const from = el("select", { id: "deck-from" });
  const name = el("input", { type: "text", id: "deck-name", placeholder: "the deck's name", maxlength: 60 });
  const table = el("table", { class: "deck-cards" });
  const status = el("div", { id: "deck-status", role: "status" });
  let cards = [], counts = {}, loadouts = {};
  const deck = () => ({ name: name.value.trim() || "unnamed", army: armySel.value,
    cards: Object.fromEntries(Object.entries(counts).filter(([, n]) => n > 0)),
    loadouts: Object.fromEntries(Object.entries(loadouts).filter(([k]) => counts[k] > 0)) });
  async function check() {
    try {
      const r = await api("/api/decks/check", { method: "POST", body: JSON.stringify({ game: g.name, deck: deck() }) });
      status.replaceChildren(el("p", { text: `${r.size} cards, ${r.points} of ${known.limit} points` }),
        r.problems.length
          ? el("ul", { class: "problems" }, ...r.problems.map((why) => el("li", { text: why })))
          : el("p", { class: "legal", text: "legal: it may be played" }));
    } catch (e) { status.replaceChildren(el("p", { text: e.message })); }
  }
  function start() {
    const base = known.decks.find((d) => d.id === from.value);
    counts = base ? { ...base.cards } : {};
    loadouts = base ? { ...(base.loadouts || {}) } : {};
    if (base && base.where === "kept") name.value = base.name;
    table.replaceChildren(el("tr", {}, ...["copies", "card", "kind", "points", "year", "box"]
      .map((h) => el("th", { text: h }))),
      ...cards.map((c) => {
        const n = el("input", { type: "number", min: 0, max: c.copies, value: counts[c.key] || 0,
          "data-card": c.key, class: "count" });
        n.addEventListener("change", () => { counts[c.key] = Number(n.value) || 0; check(); });
        return el("tr", { title: c.text }, el("td", {}, n), el("td", { text: c.title }),
          el("td", { text: c.kind }), el("td", { text: String(c.cost) }),
          el("td", { text: c.year ? String(c.year) : "-" }), el("td", { text: String(c.copies) }));
      }));
    check();
  }
  async function army() {
    cards = (await api(`/api/decks/cards?game=${encodeURIComponent(g.name)}&army=${armySel.value}`)).cards;
    from.replaceChildren(el("option", { value: "", text: "an empty deck" }),
      ...known.decks.filter((d) => d.army === armySel.value)
        .map((d) => el("option", { value: d.id, text: `a copy of ${d.name} (${d.where})` })));
    start();
  }
  armySel.addEventListener("change", () => army().catch((e) => toast(e.message)));
  from.addEventListener("change", start);
  const keep = el("button", { id: "deck-keep", text: "Keep this deck", onclick: async () => {
    try {
      await api("/api/decks", { method: "PUT", body: JSON.stringify({ game: g.name, deck: deck() }) });
      await onSaved(deck().name);
    } catch (e) { toast(e.message); }
  } });
  army().catch((e) => toast(e.message));
  return el("div", { class: "panel builder" }, el("h3", { text: "Deck builder" }),
    el("p", {}, "Army ", armySel, " start from ", from, " name ", name, " ", keep),
    status, table);
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
  let rosters = [];  // the campaign rosters of the game chosen, where it has campaigns
  const rosterForm = el("p", { id: "new-roster" });
  let decks = null;  // where players build decks: { armies: {seat: army}, limit, decks: [...] }
  const deckPanel = el("div", { id: "deck-builder" });
  async function loadDecks(g) {
    decks = g.decks ? await api(`/api/decks?game=${encodeURIComponent(g.name)}`) : null;
    deckPanel.replaceChildren();
    if (!decks) return;
    deckPanel.append(el("p", {}, "Each seat fields a deck: a ready-made one or one you build. ",
      el("button", { id: "deck-open", text: "Build a deck", onclick: () =>
        deckPanel.replaceChildren(deckBuilder(g, decks, async (name) => {
          const was = chosenDecks();
          await loadDecks(g);
          layoutSeats(g, chosenRosters(), was);
          toast(`Deck ${name} kept`);
        })) })));
  }
  function chosenDecks() {  // the seats whose player chose a deck; the others field the scenario's
    return Object.fromEntries([...seats.querySelectorAll("select[data-deck]")]
      .filter((s) => s.value).map((s) => [s.dataset.deck, s.value]));
  }
  async function loadRosters(g) {
    rosters = g.campaign ? (await api(`/api/rosters?game=${encodeURIComponent(g.name)}`)).rosters : [];
    rosterForm.replaceChildren();
    if (!g.campaign) return;
    const name = el("input", { type: "text", id: "roster-name", placeholder: "new roster's name",
      maxlength: 40 });
    rosterForm.append("Campaign rosters keep a squad's soldiers, their missions and ranks, from one battle to the next. ",
      name, el("button", { id: "roster-create", text: "Start a roster", onclick: async () => {
        try {
          await api("/api/rosters", { method: "POST",
            body: JSON.stringify({ name: name.value, game: g.name }) });
          const was = chosenRosters();
          await loadRosters(g);
          layoutSeats(g, was);
          toast(`Roster ${name.value} started`);
        } catch (e) { toast(e.message); }
      } }));
  }
  function refreshMine() {
    const was = mine.value;
    const people = [...seats.querySelectorAll("select[data-seat]")].filter((s) => s.value === "human")
      .map((s) => s.dataset.seat);
    mine.replaceChildren(...people.map((seat) => el("option", { value: seat, text: seat })),
      el("option", { value: "", text: "none: I set it up for others" }));
    if (people.includes(was) || (was === "" && mine.options.length)) mine.value = was;
  }
  function refresh() {
    const g = games.find((x) => x.name === gameSel.value);
    rosters = [];
    scenSel.replaceChildren(...g.scenarios.map((s) => el("option", { value: s.id, text: s.title })));
    const byDeck = new Set(g.deck_options || []);  // set by the seats' deck choices below
    const typed = Object.entries(g.options || {}).filter(([n, o]) => !o.internal && !byDeck.has(n));
    opts.replaceChildren(...typed.map(([name, o]) => {
      const input = o.kind === "bool"
        ? el("input", { type: "checkbox", "data-option": name, "data-kind": o.kind })
        : o.choices.length
          ? el("select", { "data-option": name, "data-kind": o.kind },
              ...o.choices.map((c) => el("option", { value: c, text: c })))
          : el("input", { type: o.kind === "int" ? "number" : "text", value: String(o.default),
              min: o.minimum, max: o.maximum, "data-option": name, "data-kind": o.kind });
      return el("label", { class: "option", title: o.help }, input, " " + name.replace(/_/g, " "), " ");
    }));
    layoutSeats(g);
    mine.value = "";
    refreshMine();
    mine.selectedIndex = 0;
    decks = null;
    Promise.all([loadRosters(g), loadDecks(g)]).then(() => layoutSeats(g)).then(refreshMine)
      .catch((e) => toast(e.message));
  }
  function chosenRosters() {
    return Object.fromEntries([...seats.querySelectorAll("select[data-roster]")]
      .map((s) => [s.dataset.roster, s.value]));
  }
  function seatsOf(g) {  // an option such as a line-up may decide the seats
    for (const [name, by] of Object.entries(g.seats_by || {})) {
      const chosen = opts.querySelector(`[data-option="${name}"]`);
      if (chosen && by[chosen.value]) return by[chosen.value];
    }
    return g.seats;
  }
  function layoutSeats(g, fielding = {}, fieldedDecks = {}) {
    const who = Object.fromEntries([...seats.querySelectorAll("select[data-seat]")]
      .map((s) => [s.dataset.seat, s.value]));
    seats.replaceChildren(...seatsOf(g).map((seat, i) => {
      const pick = el("select", { "data-seat": seat });
      pick.append(el("option", { value: "human", text: "a person" }));
      for (const a of g.agents) pick.append(el("option", { value: a, text: "AI: " + a }));
      if (i > 0 && g.agents.includes("heuristic")) pick.value = "heuristic";
      if (who[seat] && [...pick.options].some((o) => o.value === who[seat])) pick.value = who[seat];
      pick.addEventListener("change", refreshMine);
      const row = el("tr", {}, el("td", { text: seat }), el("td", {}, pick));
      if (rosters.length) {  // a seat may field a campaign roster's soldiers
        const squad = el("select", { "data-roster": seat, title: "the roster this seat fields" },
          el("option", { value: "", text: "no roster" }),
          ...rosters.map((r) => el("option", { value: r.name,
            text: `roster ${r.name} (${r.soldiers.length} soldiers)` })));
        if (fielding[seat] && rosters.some((r) => r.name === fielding[seat])) squad.value = fielding[seat];
        row.append(el("td", {}, squad));
      }
      if (decks && decks.armies[seat]) {  // a seat fields a deck of its army
        const mineToo = decks.decks.filter((d) => d.army === decks.armies[seat]);
        const pick = el("select", { "data-deck": seat, title: "the deck this seat fields" },
          el("option", { value: "", text: "the scenario's deck" }),
          ...mineToo.map((d) => el("option", { value: d.id,
            text: `${d.name} (${d.where}, ${d.points} points${d.problems.length ? ", not legal" : ""})` })));
        if (fieldedDecks[seat] && mineToo.some((d) => d.id === fieldedDecks[seat])) pick.value = fieldedDecks[seat];
        row.append(el("td", {}, pick));
      }
      return row;
    }));
  }
  opts.addEventListener("change", () => {
    const g = games.find((x) => x.name === gameSel.value);
    if (Object.keys(g.seats_by || {}).length) { layoutSeats(g, chosenRosters(), chosenDecks()); refreshMine(); }
  });
  gameSel.addEventListener("change", refresh);
  refresh();
  const create = el("button", { id: "create", text: "Create game", onclick: async () => {
    const seatMap = {}, options = {}, fielding = {}, fieldedDecks = chosenDecks();
    for (const s of seats.querySelectorAll("select[data-seat]")) seatMap[s.dataset.seat] = s.value;
    for (const s of seats.querySelectorAll("select[data-roster]"))
      if (s.value) fielding[s.dataset.roster] = s.value;
    for (const o of opts.querySelectorAll("[data-option]"))
      if (o.type === "checkbox" ? o.checked : o.value !== "")
        options[o.dataset.option] = o.type === "checkbox" ? true
          : o.dataset.kind === "int" ? Number(o.value) : o.value;
    try {
      const made = await api("/api/games", { method: "POST", body: JSON.stringify({
        game: gameSel.value, scenario: scenSel.value, seats: seatMap, options, rosters: fielding,
        decks: fieldedDecks,
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
    el("p", { text: "Who sits where:" }), seats, rosterForm, deckPanel,
    el("p", {}, "You play: ", mine),
    el("p", { text: "Options:" }), opts, create), out);
  showMine().catch((e) => toast(e.message));
}

// ---- joining by invitation -----------------------------------------------------------------
async function join(id) {
  document.getElementById("where").textContent = "joining game " + id;
  const code = new URLSearchParams(location.hash.slice(1)).get("invite");
  history.replaceState(null, "", location.pathname);  // the code leaves the address bar
  // what this browser already holds of the game: the server gives such a browser no other
  // seat (the creator's own browser cannot take the seat it invited someone to)
  const mine = held()[id];
  try {
    const r = await api(`/api/games/${id}/claim`, { method: "POST",
      body: JSON.stringify({ invite: code || "", tokens: mine ? Object.values(mine.seats).slice(0, 8) : [],
        host: (mine && mine.host) || null }) });
    hold(id, (h) => { h.seats[r.seat] = r.token; });
    location.replace(`/play/${id}#seat=${r.seat}`);
  } catch (e) {
    $app.replaceChildren(el("div", { class: "panel", id: "join-failed" },
      el("h2", { text: "This invitation cannot be used" }),
      el("p", { text: e.message }),
      mine ? el("p", { text: "This browser already has this game: " },
          el("a", { href: `/play/${id}`, text: "open it" }), ".")
        : el("p", { text: "Ask the person who invited you for a new link, or " },
          el("a", { href: `/play/${id}`, text: "watch the game" }), ".")));
  }
}

// ---- a game -------------------------------------------------------------------------------
// `data` is always the latest state the server sent (what an action is sent against); `shown`
// is the one on screen. They differ only while the other side's moves, which arrive in a
// burst, are played back one by one (PACE apart) so a person can follow them.
const PACE = 550;  // ms between two of the other side's moves on screen
// the player may prefer the other side's moves at once: kept in this browser
const AT_ONCE = "wartable.moves-at-once";
const atOnce = () => localStorage.getItem(AT_ONCE) === "yes";
const game = { id: null, seat: null, token: null, data: null, filter: null, ws: null,
               replay: null, retry: 0, log: [], sent: null, cards: {}, zoom: 1,
               open: new Set(), pages: new Map(),  // the list's opened groups and their pages
               selected: null, only: null, about: null,  // the piece chosen; a chooser's actions
               draw: null,  // the game's drawing, once its module is loaded
               shown: null, before: null, queue: [], timer: null, shownAt: 0, pacing: false };
/** @type {any} */ (window).wartableGame = game;  // for the browser tests and the curious

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
  api(`/api/games/${id}/glossary`).then((g) => { game.cards = g.cards; if (game.shown) render(); })
    .catch(() => {});  // without it cards show their ids, which still play
  document.addEventListener("keydown", (e) => {
    if (e.key !== "Escape") return;
    if (game.pacing) skip();
    else if (game.selected || game.only || game.filter) clearChoice();
  });
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
  ws.onopen = () => {
    game.retry = 0;
    ws.send(JSON.stringify({ type: "hello", token: game.token }));
    online(true);
  };
  ws.onmessage = (msg) => {
    const data = JSON.parse(msg.data);
    if (data.type === "error") { game.sent = null; toast(data.message); return; }
    if (data.type === "state") {
      game.log = data.log_since === null ? data.log : game.log.concat(data.log).slice(-500);
      data.fullLog = game.log;  // the log as it stood at this state: a state played back shows its own
      game.data = data;
      cue();
      drawingFor(data.game).then((draw) => { game.draw = draw; arrive(data); });
    }
  };
  ws.onclose = () => {  // a dropped connection comes back by itself
    game.sent = null;
    online(false);
    game.retry = Math.min(game.retry + 1, 5);
    setTimeout(connect, 500 * game.retry);
  };
}

// The connection, shown in the header and the turn banner: while it is down nothing the player
// clicks can reach the server, so a click is refused out loud instead of vanishing.
function online(up) {
  const was = game.online;
  game.online = up;
  if (game.data) cue();
  const link = document.getElementById("link");
  if (link) {
    link.className = up ? "link up" : "link down";
    link.textContent = up ? "● connected" : "● connection lost — reconnecting…";
    link.title = up ? "the server hears your moves" : "your moves cannot reach the server until it is back";
  }
  if (was !== up && game.data && !game.replay) render();
}

// whether a move may be sent now; when not, the player is told why
function sendable() {
  if (game.online && game.ws && game.ws.readyState === WebSocket.OPEN) return true;
  toast("Not sent: the connection to the server is lost. It is reconnecting; try again then.");
  return false;
}

// ---- pacing: the other side's moves one by one ------------------------------------------------
// A state answering this seat's own move, the first one, a fresh start (a reconnection) or a
// page nobody is looking at is shown at once; the others wait their turn, PACE apart. A click
// on the banner (or Escape) skips to the latest.
function arrive(data) {
  const own = game.seat !== null && data.last !== null && data.last.seat === game.seat;
  if (!game.shown || own || data.log_since === null || data.n <= game.shown.n || document.hidden ||
      atOnce()) {
    game.queue = [];
    clearTimeout(game.timer);
    game.timer = null;
    show(data);
    return;
  }
  game.queue.push(data);
  if (!game.pacing) {  // the banner says the other side is moving, and how to skip
    game.pacing = true;
    if (!game.replay) render();
  }
  pace();
}

function pace() {
  if (game.timer || !game.queue.length) return;
  game.timer = setTimeout(() => {
    game.timer = null;
    show(game.queue.shift());
    pace();
  }, Math.max(0, game.shownAt + PACE - Date.now()));
}

function skip() {
  const latest = game.queue.pop();
  game.queue = [];
  clearTimeout(game.timer);
  game.timer = null;
  if (latest) show(latest);
}

function show(data) {
  if (game.shown && data.n !== game.shown.n) game.only = null;  // a chooser of an old position
  game.before = game.shown && game.shown !== data ? game.shown.view : null;
  game.shown = data;
  game.shownAt = Date.now();
  game.pacing = game.queue.length > 0;
  if (!game.replay) render();
}

// whose move it is, in the tab's title too, so a person in another tab sees it is their turn
function cue() {
  const d = game.data;
  const text = d.outcome ? "Game over" : game.online === false ? "Connection lost"
    : d.legal.length ? "● Your move"
    : d.unclaimed && d.unclaimed.length ? "Waiting for players to join"
    : d.seat ? "Waiting for " + d.to_act.map(seatName).join(" and ") : "Watching";
  document.title = `${text} — wartable`;
}

function seatName(seat) {
  return game.draw && game.draw.words ? game.draw.words(seat, ui()) : seat.charAt(0).toUpperCase() + seat.slice(1);
}

function words(text) {
  return game.draw && game.draw.words ? game.draw.words(text, ui()) : text;
}

function act(action) {
  if (game.pacing) skip();  // the player acts on the latest state, never on one played back
  // one action per position: a double click would only earn a "stale" answer
  if (game.sent === game.data.n || !game.data.legal.includes(action)) return;
  if (!sendable()) return;
  game.sent = game.data.n;
  game.ws.send(JSON.stringify({ type: "act", n: game.data.n, action }));
  unchoose();
}

// nothing chosen any more: no piece, no chooser, no narrowed list
function unchoose() {
  game.selected = null;
  game.only = null;
  game.filter = null;
  game.about = null;
}

// Escape, or the chooser's cancel
function clearChoice() {
  unchoose();
  render();
}

// conceding: any seat, in turn or not, once the player has said yes; in a game of teams the
// whole side concedes (the core's ruling), and the log and the replay say who did
function resign() {
  const d = game.data;
  if (!d.seat || d.outcome || game.sent === d.n) return;
  const sure = "Resign and lose this game? In a game of teams your whole side concedes with you.";
  if (!window.confirm(sure) || !sendable()) return;
  game.sent = d.n;
  game.ws.send(JSON.stringify({ type: "act", n: d.n, action: "resign" }));
}

// whether an action involves what the player narrowed to: the game says (involves), or the id
// is among its words
function involves(action, id, d) {
  if (game.draw.involves) return game.draw.involves(action, id, d.seat, d.view, ui());
  return action.split(" ").slice(1).some((arg) => arg === id);
}

// ---- the game's own drawing, or the generic one --------------------------------------------
// A game may bring an ES module (served at /games/NAME/page.js; docs/adding-a-game.md) with
// any of: board(view, ui) -> an element with id "board" whose pieces carry data-id;
// status(view, ui) -> lines; hand(view, ui) -> [{id, label, title?, initiative?, note?, art?}];
// hands(view, ui) -> [{who, cards}]: others' hands the seat may see (a teammate's), shown
// read-only beside its own; panels(view, ui) -> elements; overlay(view, ui) -> a bar over the
// board, or null; pick(id, ui) -> true when it took a click on its board itself;
// words(text, ui) -> the text with ids in players' words; names(text, seat, view, ui) -> CSS
// selectors of what an action (one of seat's) names on the board; involves(action, id, seat,
// view, ui) -> whether an action of seat's involves what the player narrowed to (by default:
// the id is among its words). Missing ones fall back here.
const generic = { board: genericBoard, status: () => [], hand: () => [], hands: () => [],
                  panels: () => [], overlay: () => null, pick: () => false, words: null, names: null,
                  involves: null };
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
  const shown = game.shown || game.data;
  return { el, seat: game.seat, filter: game.filter, cards: game.cards, gameId: game.id,
           choose, render, api: (path) => api(path, {}, game.token), toast,
           last: game.replay ? game.replay.action : shown && shown.last,
           before: game.replay ? null : game.before,
           piece, glyph, defs: pieceDefs, keepPieces };
}

// A click on a piece, place or card. On a lit target of the piece chosen before, it takes the
// action there (or, where several actions share piece and target, narrows the list to them:
// the chooser). Otherwise it chooses what was clicked: the list narrows to the actions that
// involve it, and where it does something to somewhere else, those places light up.
function choose(id, fromHand = false) {
  if (game.pacing) skip();
  if (game.draw.pick(id, ui())) return;
  const there = game.selected ? aimedAt(game.selected, id) : [];
  if (there.length === 1) { act(there[0]); return; }
  if (there.length) { game.only = there; game.filter = null; render(); return; }
  // what the clicked thing does by itself: a place on the board with one such action takes
  // it at once (a tile to move to); a card of the hand, or several, opens the chooser
  const ones = game.data.legal.filter((a) => stepsOf(a).length === 1 && same(stepsOf(a)[0], id));
  const piece = startsAt(id);
  if (ones.length === 1 && !piece && !fromHand && onBoard(id)) { act(ones[0]); return; }
  game.selected = piece ? id : null;  // its targets light up
  game.only = ones.length ? ones : null;  // what it does where it stands: the chooser
  game.filter = game.only ? null : id;
  game.about = id;
  render();
}

function onBoard(id) {
  return document.querySelector(`#board ${selectorOf(id)}`) !== null;
}

// a key's side and id: "SIDE:ID", or an id alone
function keyParts(key) {
  return key.includes(":") ? key.split(":") : [null, key];
}

// the elements a key names: its data-id, and its data-side where it has one
function selectorOf(key) {
  const [side, id] = keyParts(key);
  return `[data-id="${CSS.escape(id)}"]` + (side ? `[data-side="${CSS.escape(side)}"]` : "");
}

// ---- the board's part: what each legal action involves, in the order a person clicks it ------
// (d.steps, the game's board_steps: a piece or card, then the place or piece it reaches)
function stepsOf(action) {
  return (game.data && game.data.steps && game.data.steps[action]) || [];
}

// whether a key ("ID", or "SIDE:ID" where ids repeat across sides) is what was clicked (an id,
// or a "SIDE:ID" the page passes where it tells sides apart)
function same(key, id) {
  return key === id || (!id.includes(":") && key.split(":").pop() === id);
}

function startsAt(id) {
  return game.data.legal.some((a) => stepsOf(a).length === 2 && same(stepsOf(a)[0], id));
}

function aimedAt(piece, id) {
  return game.data.legal.filter((a) => {
    const st = stepsOf(a);
    return st.length === 2 && same(st[0], piece) && same(st[1], id);
  });
}

function elementsOf(key) {
  const sel = selectorOf(key);
  // the board, the hand, the table of units (a unit not on the map yet: a reserve), the tray
  return [...document.querySelectorAll(`#board ${sel}, #hand ${sel}, #units ${sel}, #tray ${sel}`)];
}

// what a move starts from that the game's drawing shows nowhere (a terrain card bought from
// the box): laid out in a tray over the list, in the game's words, so it too is a click away
function trayOf(keys) {
  const tray = document.getElementById("tray");
  if (!tray) return;
  tray.hidden = !keys.length;
  tray.replaceChildren(...keys.map((k) => {
    const [side, id] = keyParts(k);
    const face = game.cards[id];
    return el("button", { class: "tray-item", "data-id": id, ...(side ? { "data-side": side } : {}),
      title: face ? face.text : "", onclick: () => choose(k, true) }, face ? face.title : words(id));
  }));
}

// marks what the player may choose (data-selectable) and, once a piece is chosen, where it may
// act (data-target, with the kinds of action: move, fire, assault...), for the eye and for tests
function markSteps() {
  const d = game.data;
  if (game.replay || game.pacing || !d || !d.legal.length) return;
  const firsts = [...new Set(d.legal.map((a) => stepsOf(a)[0]).filter(Boolean))];
  const drawn = new Map(firsts.map((k) => [k, elementsOf(k)]));  // each key looked up once
  trayOf(firsts.filter((k) => !drawn.get(k).length));
  for (const k of firsts)
    for (const n of drawn.get(k).length ? drawn.get(k) : elementsOf(k)) n.setAttribute("data-selectable", "");
  if (!game.selected) return;
  const kinds = new Map();
  for (const a of d.legal) {
    const st = stepsOf(a);
    if (st.length === 2 && same(st[0], game.selected))
      kinds.set(st[1], [...new Set([...(kinds.get(st[1]) || []), a.split(" ")[0]])]);
  }
  for (const [key, verbs] of kinds)
    for (const n of elementsOf(key)) {
      n.setAttribute("data-target", verbs.join(" "));
      n.classList.add("target");
    }
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
  const d = game.shown || game.data;
  const view = game.replay ? game.replay.view : d.view;
  const draw = game.draw;
  const svg = draw.board(view, ui());
  if (game.zoom > 1) { svg.style.width = `${game.zoom * 100}%`; svg.style.maxHeight = "none"; }
  const bar = el("div", { class: "board-bar" }, zoomBar(), game.replay ? null : draw.overlay(view, ui()));
  const board = el("div", { class: "board" }, bar, el("div", { class: "board-scroll" }, svg));
  const was = document.querySelector(".board-scroll");  // a new state keeps the view in place
  const scrolled = was ? [was.scrollLeft, was.scrollTop] : [0, 0];
  const side = el("div", { class: "side" });
  side.append(statusPanel(d, view));
  if (game.replay) side.append(replayPanel());
  else {
    const hand = handPanel(view);
    if (hand) side.append(hand);
    side.append(...draw.hands(view, ui()).map(otherHand));
    side.append(actionsPanel(d));
    if (d.seat && !d.outcome) side.append(el("div", { class: "panel resign" },
      el("button", { id: "resign", text: "Resign…", title: "concede the game (asks first)", onclick: resign })));
    if (d.outcome) side.append(el("div", { class: "panel" },
      el("button", { id: "replay", text: "Replay this game", onclick: () => openReplay(0) })));
    side.append(...draw.panels(view, ui()));
  }
  side.append(logPanel(game.replay ? game.replay.log : d.fullLog || game.log, game.replay ? null : d.last));
  $app.replaceChildren(el("div", { class: "game" }, board, side));
  markLast(view);
  markSteps();
  const scroller = document.querySelector(".board-scroll");
  [scroller.scrollLeft, scroller.scrollTop] = scrolled;
  const log = document.querySelector(".log");
  if (log) log.scrollTop = log.scrollHeight;
}

// what an action names on the board: the game says which pieces and places (names), or every
// one whose id is among the action's words
function named(text, seat, view) {
  const found = game.draw.names ? game.draw.names(text, seat, view, ui())
    : text.split(" ").slice(1).map((w) => `[data-id="${CSS.escape(w)}"]`);
  return found.flatMap((selector) => [...document.querySelectorAll(`#board ${selector}`)]);
}

// the last move lights what it named on the board
function markLast(view) {
  const last = ui().last;
  if (last && last.text) for (const n of named(last.text, last.seat, view)) n.classList.add("last");
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
    el("button", { text: "+", title: "zoom in", onclick: () => step(1) }),
    el("label", { class: "muted at-once", title: "show the other side's moves one by one, or at once" },
      el("input", { type: "checkbox", id: "at-once", ...(atOnce() ? { checked: "" } : {}),
        onclick: (e) => { localStorage.setItem(AT_ONCE, e.target.checked ? "yes" : "no");
                          if (e.target.checked && game.pacing) skip(); } }),
      " their moves at once"));
}

// the banner: your move, or whom the game waits for, or how it ended
function turnBanner(d) {
  if (game.replay) return null;
  if (d.outcome) return el("div", { id: "turn", class: "turn over" },
    el("span", { id: "outcome", text: "Game over: " + d.outcome.reason }));
  if (d.unclaimed && d.unclaimed.length)
    return el("div", { id: "turn", class: "turn waiting" },
      el("span", { id: "unclaimed", text: `Waiting for ${d.unclaimed.map(seatName).join(", ")} to join` }));
  if (game.pacing) {
    const who = d.last ? seatName(d.last.seat) : "the other side";
    return el("div", { id: "turn", class: "turn playing", title: "click to skip to the latest move",
      onclick: skip }, `${who} is moving… `, el("small", { text: "click to skip" }));
  }
  if (game.online === false) return el("div", { id: "turn", class: "turn offline",
    text: "Connection lost: reconnecting… (moves wait until it is back)" });
  if (d.legal.length) return el("div", { id: "turn", class: "turn yours", onclick: () =>
    document.getElementById("actions").scrollIntoView({ block: "center", behavior: "smooth" }) }, "● Your move",
    d.to_act.length > 1 ? el("small", { text: " (both sides choose at once)" }) : null);
  const ai = (s) => d.seats[s] && d.seats[s] !== "human" ? " (AI)" : "";
  return el("div", { id: "turn", class: "turn waiting",
    text: d.seat ? `Waiting for ${d.to_act.map((s) => seatName(s) + ai(s)).join(" and ")}…`
      : `Watching: ${d.to_act.map(seatName).join(" and ")} to move` });
}

function statusPanel(d, view) {
  const p = el("div", { class: "panel status", id: "status" });
  // the scenario as the game's drawing names it, else its title, with the game's own name
  const named = view.title && view.title !== d.title ? view.title : null;
  const heading = named || d.scenario_title || view.scenario;
  p.append(el("div", {}, el("b", { text: heading }), el("span", { class: "muted", text: ` · ${d.title}` })));
  const banner = turnBanner(d);
  if (banner) p.append(banner);
  else if (d.outcome) p.append(el("div", { id: "outcome", text: "Game over: " + d.outcome.reason }));
  const last = lastMoveLine(d);
  if (last) p.append(last);
  const fielded = Object.entries(d.rosters || {});
  if (fielded.length) p.append(el("div", { id: "rosters", class: "muted" },
    (d.outcome ? "Recorded in the campaign: " : "Campaign: ")
      + fielded.map(([seat, r]) => `${seatName(seat)} fields roster ${r}`).join("; ")));
  p.append(...game.draw.status(view, ui()));
  return p;
}

// the last move in words: the first log line it wrote
function lastMoveLine(d) {
  if (game.replay || !d.last) return null;
  const line = (d.fullLog || []).find((e) => e.n === d.last.n);
  if (!line) return null;
  return el("div", { id: "last-move", class: "last-move" },
    el("span", { class: "muted", text: "Last move: " }), words(line.text));
}

function handPanel(view) {
  const cards = game.draw.hand(view, ui());
  if (!cards.length) return null;
  const p = el("div", { class: "panel cards", id: "hand" }, el("div", { class: "muted", text: "Your hand" }));
  const row = el("div", { class: "hand-row" });
  for (const c of cards) {
    const face = game.cards[c.id];
    const initiative = "initiative" in c ? c.initiative : face ? face.initiative : null;
    row.append(el("button", { class: "card" + ((game.filter || game.about) === c.id ? " picked" : ""), "data-id": c.id,
      title: face ? face.text : c.label, onclick: () => choose(c.id, true) },
      c.art || null,
      el("span", { class: "card-title", text: c.title || (face ? face.title : c.label) }),
      c.note ? el("span", { class: "card-note", text: c.note }) : null,
      initiative ? el("span", { class: "initiative", title: "initiative", text: String(initiative) }) : null));
  }
  p.append(row);
  if (game.filter || game.about) p.append(cardFace(game.filter || game.about) || "");
  return p;
}

// another player's hand the seat may see (a teammate's): the same faces, read-only
function otherHand({ who, cards }) {
  const p = el("div", { class: "panel cards other-hand", "data-seat": who },
    el("div", { class: "muted", text: `${seatName(who)}'s hand` }));
  const row = el("div", { class: "hand-row" });
  for (const c of cards) {
    const face = game.cards[c.id];
    row.append(el("div", { class: "card", "data-id": c.id, title: face ? face.text : c.label },
      c.art || null,
      el("span", { class: "card-title", text: c.title || (face ? face.title : c.label) }),
      c.note ? el("span", { class: "card-note", text: c.note }) : null));
  }
  if (!cards.length) row.append(el("span", { class: "muted", text: "no cards" }));
  p.append(row);
  return p;
}

function actionsPanel(d) {
  const p = el("div", { class: "panel actions", id: "actions" });
  if (!d.legal.length) {
    p.append(el("div", { class: "muted", text: d.seat ? "Waiting for the other side." : "Watching." }));
    return p;
  }
  p.append(el("div", { id: "tray", class: "tray", hidden: "" }));
  const fixed = d.legal.filter((a) => d.steps && a in d.steps && !d.steps[a].length);
  if (fixed.length && !game.only)  // what involves nothing on the board: always at hand
    p.append(el("div", { id: "fixed-bar", class: "fixed-bar" }, ...fixed.map((a) => {
      const b = actionButton(a, d);
      b.setAttribute("data-fixed", "");
      return b;
    })));
  let legal = d.legal.filter((a) => !fixed.includes(a));
  if (game.only) {  // several actions of what was chosen: choose one
    legal = d.legal.filter((a) => game.only.includes(a));
    const about = game.about ? `involving ${words(game.about.split(":").pop())}: ` : "";
    p.append(el("div", { id: "chooser" }, el("span", { class: "filter", text: about + "choose one" }),
      " ", el("button", { text: "cancel", onclick: clearChoice })));
  } else if (game.filter) {
    const only = legal.filter((a) => involves(a, game.filter, d));
    if (only.length) legal = only;
    p.append(el("div", {}, el("span", { class: "filter", text: "involving " + words(game.filter) }), " ",
      el("button", { text: "show all", onclick: clearChoice })));
  }
  const entries = listed(legal, d);
  if (game.only)  // the chooser's entries, for the eye and for tests
    for (const b of entries) if (b.matches("button.action")) b.setAttribute("data-choice", b.dataset.action);
  p.append(...entries);
  for (const h of d.hints || []) p.append(el("div", { class: "hint", text: h }));
  return p;
}

// The list of actions, the keyboard's way to every choice beside the board's: never more than
// PAGE entries at once. A longer list is grouped by what the actions do (their verb), a long
// group again by what does it (its first word), each group opened on demand and paged.
const PAGE = 15;

function listed(legal, d) {
  if (legal.length <= PAGE) return legal.map((a) => actionButton(a, d));
  const groups = grouped(legal, (a) => a.split(" ")[0]);
  const nested = (as) => as.length > PAGE && as.every((a) => a.split(" ").length > 2);
  const byWho = (as) => [...grouped(as, (a) => a.split(" ").slice(0, 2).join(" "))]
    .map(([key, bs]) => section(key, bs, d));
  const parts = [...groups].map(([verb, as]) => !nested(as) ? section(verb, as, d)
    : groups.size > 1 ? section(verb, as, d, byWho(as)) : byWho(as));
  const all = parts.flat();
  if (!all.some((g) => g.open)) {  // the first group shows its actions, and a group in it its own
    all[0].open = true;
    const inner = all[0].querySelector("details.group");
    if (inner) inner.open = true;
  }
  return all.length > PAGE ? paged("groups", all, (g) => g) : all;
}

function grouped(actions, key) {
  const out = new Map();
  for (const a of actions) out.set(key(a), [...(out.get(key(a)) || []), a]);
  return out;
}

// one group: its actions' common words as its title, how many, its actions paged (or groups)
function section(key, actions, d, inner = null) {
  const labels = actions.map((a) => (d.labels || {})[a] || a);
  const g = el("details", { class: "group", "data-group": key },
    el("summary", { text: `${common(labels)} (${actions.length})` }));
  g.open = game.open.has(key);
  g.addEventListener("toggle", () => { if (g.open) game.open.add(key); else game.open.delete(key); });
  g.append(...(inner || paged(key, actions, (a) => actionButton(a, d))));
  return g;
}

// the words every label of a group starts with ("Move Rifleman A to"), else the first's verb
function common(labels) {
  const split = labels.map((l) => l.split(" "));
  const out = [];
  for (let i = 0; split.every((w) => w.length > i + 1 && w[i] === split[0][i]); i++) out.push(split[0][i]);
  return out.length ? out.join(" ") + " …" : split[0][0];
}

// up to PAGE of ``items`` from the page the player turned to, with the way to the others
function paged(key, items, draw) {
  const at = Math.min(game.pages.get(key) || 0, Math.floor((items.length - 1) / PAGE));
  const out = items.slice(at * PAGE, (at + 1) * PAGE).map(draw);
  if (items.length > PAGE) {
    const turn = (k) => () => { game.pages.set(key, k); render(); };
    out.push(el("div", { class: "pager" },
      at > 0 ? el("button", { text: "◀ previous", onclick: turn(at - 1) }) : null,
      el("span", { class: "muted", text: ` ${at * PAGE + 1}–${Math.min(items.length, (at + 1) * PAGE)} of ${items.length} ` }),
      (at + 1) * PAGE < items.length ? el("button", { text: "next ▶", onclick: turn(at + 1) }) : null));
  }
  return out;
}

function actionButton(a, d) {
  const labels = d.labels || {};
  // the button speaks the player's words; the action's own text travels in data-action
  const b = el("button", { class: "action", "data-action": a, onclick: () => act(a) }, labels[a] || a);
  if (d.info[a]) b.append(el("small", { text: words(d.info[a]) }));
  // pointing at an action lights up the tiles, hexes and counters it names
  const lit = (on) => named(a, d.seat, d.view).forEach((n) => n.classList.toggle("lit", on));
  b.addEventListener("mouseenter", () => lit(true));
  b.addEventListener("mouseleave", () => lit(false));
  return b;
}

// the log in players' words; the rule each line applies shows on hover (title), and the lines
// of the last move stand out
function logPanel(log, last) {
  const p = el("div", { class: "panel log", id: "log" });
  if (!log.length) p.append(el("p", { class: "muted", text: "Nothing has happened yet." }));
  let n = null;
  for (const e of log) {
    const cls = [e.n !== n ? "first" : "", last && e.n === last.n ? "latest" : "", e.rule ? "ruled" : ""];
    n = e.n;
    p.append(el("div", { class: cls.filter(Boolean).join(" ") || null, title: e.rule || null }, words(e.text)));
  }
  return p;
}

// ---- pieces: counters drawn as wargame pieces, for the games' own drawings ------------------
// ui.piece draws one counter: its side's colour, a unit symbol in a NATO-style frame, small
// letters and values in its corners, a band for an order, round badges for states, a hatch
// for a suppressed or captured man and a dashed edge for a hidden one. ui.defs() gives the
// patterns and arrowheads they use (one per board). No piece is smaller than PIECE_MIN CSS px
// at 1x: each drawing keeps its board from shrinking below that.
const PIECE_MIN = 22;
const INK = "#1b1b1b", PAPER = "#f4efdc";

// a board of width x height units whose smallest counter is `size` units never shrinks below
// PIECE_MIN px a counter (the border's 2 px and rounding spared): a narrow screen scrolls it
function keepPieces(svg, width, height, size) {
  const scale = PIECE_MIN / size;
  svg.style.minWidth = `${Math.ceil(width * scale) + 4}px`;
  svg.style.minHeight = `${Math.ceil(height * scale) + 4}px`;
}

function pieceDefs() {
  const hatch = (id, ink, width, gap) => el("svg:pattern", { id, width: gap, height: gap,
      patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" },
    el("svg:rect", { x: 0, y: 0, width, height: gap, fill: ink }));
  const arrow = (id) => el("svg:marker", { id, viewBox: "0 0 10 10", refX: 8, refY: 5,
      markerWidth: 5, markerHeight: 5, orient: "auto-start-reverse" },
    el("svg:path", { d: "M0 0L10 5L0 10z", class: "arrowhead" }));
  return el("svg:defs", {}, hatch("hatch-hidden", "rgba(244,239,220,0.3)", 1.5, 5),
    hatch("hatch-suppressed", "rgba(250,200,40,0.9)", 2.5, 6), arrow("arrow"));
}

// a unit symbol: kind is infantry, recon, mg, mortar, sniper, medic or unknown; leader adds a
// pennant above the frame
function glyph(kind, x, y, w, h, leader = false) {
  const g = el("svg:g", { class: "glyph" });
  const sw = Math.max(0.8, h / 9);
  const line = (x1, y1, x2, y2, extra = {}) => el("svg:line", { x1, y1, x2, y2, stroke: INK,
    "stroke-width": sw, "stroke-linecap": "round", ...extra });
  g.append(el("svg:rect", { x, y, width: w, height: h, fill: PAPER, stroke: INK, "stroke-width": sw }));
  const cx = x + w / 2, cy = y + h / 2;
  const arrowUp = () => [line(cx, y + h * 0.86, cx, y + h * 0.16),
    el("svg:path", { d: `M${cx - w * 0.13} ${y + h * 0.42}L${cx} ${y + h * 0.14}L${cx + w * 0.13} ${y + h * 0.42}`,
      fill: "none", stroke: INK, "stroke-width": sw, "stroke-linejoin": "round" })];
  if (kind === "infantry" || kind === "medic") g.append(line(x, y, x + w, y + h), line(x, y + h, x + w, y));
  if (kind === "medic") g.append(el("svg:path", { d: `M${cx - h * 0.3} ${cy}H${cx + h * 0.3}M${cx} ${cy - h * 0.3}V${cy + h * 0.3}`,
    stroke: "#c62828", "stroke-width": sw * 2.2 }));
  if (kind === "recon") g.append(line(x, y + h, x + w, y));
  if (kind === "mg") g.append(...arrowUp(), line(cx - w * 0.17, y + h * 0.68, cx + w * 0.17, y + h * 0.68));
  if (kind === "mortar") g.append(...arrowUp(), el("svg:circle", { cx, cy: y + h * 0.8, r: h * 0.13,
    fill: PAPER, stroke: INK, "stroke-width": sw }));
  if (kind === "sniper") g.append(el("svg:circle", { cx, cy, r: h * 0.3, fill: "none", stroke: INK, "stroke-width": sw }),
    line(cx - h * 0.45, cy, cx + h * 0.45, cy), line(cx, cy - h * 0.45, cx, cy + h * 0.45));
  if (kind === "unknown") g.append(el("svg:text", { x: cx, y: cy + h * 0.33, "font-size": h * 0.95,
    "font-weight": "bold", "text-anchor": "middle", fill: INK, text: "?" }));
  if (leader) g.append(line(x + sw / 2, y, x + sw / 2, y - h * 0.6),
    el("svg:path", { d: `M${x + sw / 2} ${y - h * 0.6}L${x + w * 0.42} ${y - h * 0.43}L${x + sw / 2} ${y - h * 0.26}z`,
      fill: PAPER, stroke: INK, "stroke-width": sw * 0.6 }));
  return g;
}

// a counter clicked while a piece is chosen: where the counter's place (p.at, a hex under a
// stack) is a target of that piece and the counter itself is none, the click is the place's
function through(p) {
  if (!game.selected || !p.at || aimedAt(game.selected, p.id).length) return p.id;
  return aimedAt(game.selected, p.at).length ? p.at : p.id;
}

// one counter; p: {id, side, x, y, size, at (the place it stands on), kind (glyph), leader (a pennant), title, corner (a
// letter, top left), chip: {fill, text} (a team's colour, top left), value (bottom right),
// band: {text, fill} (an order), badges: [{at: "tl"|"tr", text, fill, ink}], wounds: [1 light,
// 2 bad...], hatch: "hidden"|"suppressed", dashed (a hidden man's edge), classes}
function piece(p) {
  const { x, y, size: s } = p;
  const g = el("svg:g", { class: `counter ${p.classes || ""}`.trim(), "data-id": p.id, "data-side": p.side,
    "data-at": p.at });
  g.addEventListener("click", (ev) => { ev.stopPropagation(); choose(through(p)); });
  g.append(el("svg:rect", { x, y, width: s, height: s, rx: s * 0.12, class: `shape piece-base ${p.side}` }));
  if (p.hatch) g.append(el("svg:rect", { x, y, width: s, height: s, rx: s * 0.12, fill: `url(#hatch-${p.hatch})`,
    class: "hatch" }));
  // with an order band the symbol gives it room: the band's letters are what changes each turn
  const [fw, fh, fy] = p.band ? [s * 0.54, s * 0.34, s * 0.27] : [s * 0.62, s * 0.4, s * 0.3];
  g.append(glyph(p.kind, x + (s - fw) / 2, y + fy, fw, fh));
  const text = (tx, ty, t, size, anchor, fill = PAPER) => el("svg:text", { x: tx, y: ty, "font-size": size,
    "font-weight": "bold", "text-anchor": anchor, fill, text: t, class: "piece-text" });
  if (p.chip) {
    g.append(el("svg:rect", { x: x + s * 0.06, y: y + s * 0.05, width: s * 0.3, height: s * 0.19, rx: s * 0.04,
      fill: p.chip.fill, stroke: INK, "stroke-width": 0.5 }));
    if (p.chip.text) g.append(text(x + s * 0.21, y + s * 0.205, p.chip.text, s * 0.18, "middle", INK));
  }
  if (p.leader) g.append(el("svg:path", { d: `M${x + s * 0.47} ${y + s * 0.25}V${y + s * 0.04}` +
    `L${x + s * 0.68} ${y + s * 0.1}L${x + s * 0.47} ${y + s * 0.16}`, fill: PAPER, stroke: PAPER,
    "stroke-width": s * 0.035, "stroke-linejoin": "round" }));
  if (p.corner) g.append(text(x + s * 0.09, y + s * 0.25, p.corner, s * 0.24, "start"));
  if (p.value !== undefined && p.value !== null) g.append(text(x + s * 0.92, y + s * 0.93, String(p.value), s * 0.25, "end"));
  if (p.band) {
    g.append(el("svg:rect", { x: x + s * 0.05, y: y + s * 0.64, width: s * 0.9, height: s * 0.31, rx: s * 0.05,
      fill: p.band.fill, stroke: INK, "stroke-width": 0.4 }));
    g.append(text(x + s / 2, y + s * 0.89, p.band.text, s * 0.29, "middle", "#fff"));
  }
  (p.wounds || []).forEach((w, k) => g.append(el("svg:rect", { x: x + s * 0.03, y: y + s * (0.27 + k * 0.13),
    width: s * 0.15, height: s * 0.11, fill: w > 1 ? "#b71c1c" : "#ef5350", stroke: "#fff", "stroke-width": 0.5 })));
  if (p.dashed) g.append(el("svg:rect", { x: x + s * 0.04, y: y + s * 0.04, width: s * 0.92, height: s * 0.92,
    rx: s * 0.1, fill: "none", stroke: PAPER, "stroke-width": s * 0.06, "stroke-dasharray": `${s * 0.13} ${s * 0.09}` }));
  for (const b of p.badges || []) {
    const bx = b.at === "tl" ? x + s * 0.17 : x + s * 0.83, by = y + s * 0.16;
    g.append(el("svg:circle", { cx: bx, cy: by, r: s * 0.15, fill: b.fill, stroke: INK, "stroke-width": 0.5 }));
    if (b.text) g.append(text(bx, by + s * 0.07, b.text, s * 0.2, "middle", b.ink || "#fff"));
  }
  if (p.title) g.append(el("svg:title", { text: p.title }));
  return g;
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
      (r.action ? ` (${seatName(r.action.seat)}: ${words(r.action.text)})` : "") }),
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
