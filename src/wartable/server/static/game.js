// A game at "/play/ID#seat=S": the board, the hand, the actions, the log, the replay.
// It only shows what the server sends: the legal actions come from the engine, never from here.
import { $app, api, copyable, el, toast } from "./dom.js";
import { guideFor, openGuide, ruleKeys } from "./guide.js";
import { held, hold } from "./held.js";
import { diceTray, positions, shotLine, slide, strikes } from "./motion.js";
import { glyph, keepPieces, mapKey, piece, pieceDefs } from "./pieces.js";
import { hideTip, tipped } from "./tip.js";
import { language, loadWords, t } from "./words.js";

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
               selected: null, only: null, about: null, at: null,  // the piece chosen; a chooser's actions; where
               draw: null,  // the game's drawing, once its module is loaded
               drawnAt: null,  // the position last drawn (a new one animates what changed)
               looked: false,  // the board was scrolled to the seat's pieces once
               shown: null, before: null, queue: [], timer: null, shownAt: 0, pacing: false,
               advice: null, review: null, asking: false };  // the coach's last answers

export function startGame(id) {
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
  where.textContent = (game.seat ? t("playing {seat}", { seat: game.seat }) : t("watching")) + " · " +
    t("game {id}", { id });
  if (game.seat) where.append(" ", el("details", { id: "seat-link" },
    el("summary", { text: t("play from another device") }),
    copyable(t("This link is your seat: open it on your other device, and share it with nobody."),
      `/play/${id}#seat=${game.seat}&token=${game.token}`)));
  connect();
  api(`/api/games/${id}/glossary?lang=${language()}`).then((g) => { game.cards = g.cards; if (game.shown) render(); })
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
    ws.send(JSON.stringify({ type: "hello", token: game.token, lang: language() }));
    online(true);
  };
  ws.onmessage = (msg) => {
    const data = JSON.parse(msg.data);
    if (data.type === "error") { game.sent = null; toast(data.message); return; }
    if (data.type === "state") {
      game.log = data.log_since === null ? data.log : game.log.concat(data.log).slice(-500);
      data.fullLog = game.log;  // the log as it stood at this state: a state played back shows its own
      game.data = data;
      guideFor(data.game);
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
    link.textContent = "● " + (up ? t("connected") : t("connection lost — reconnecting…"));
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
  if (game.shown && data.n !== game.shown.n) {  // a new position: choices of the old one go
    unchoose();
    game.pages.clear();
  }
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
  render();  // the lit targets and the chooser go at once, not when the answer comes
}

// nothing chosen any more: no piece, no chooser, no narrowed list
function unchoose() {
  game.selected = null;
  game.only = null;
  game.filter = null;
  game.about = null;
  game.at = null;
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
  const sure = t("Resign and lose this game? In a game of teams your whole side concedes with you.");
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
    modules[name] = loadWords(name).catch(() => {})  // the game's own words first
      .then(() => import(`/games/${encodeURIComponent(name)}/page.js`))
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
           piece: (p) => piece(p, (ev) => choose(through(p, ev))), glyph, defs: pieceDefs, keepPieces, key: mapKey,
           t };  // the player's language: a game's drawing says its words with ui.t("...")
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
  if (there.length) {
    game.only = there;
    game.filter = null;
    game.at = id;
    game.pages.delete("chooser");
    render();
    return;
  }
  // what the clicked thing does by itself: a place on the board with one such action takes
  // it at once (a tile to move to); a card of the hand, or several, opens the chooser
  const ones = game.data.legal.filter((a) => stepsOf(a).length === 1 && same(stepsOf(a)[0], id));
  const piece = startsAt(id);
  if (ones.length === 1 && !piece && !fromHand && onBoard(id)) { act(ones[0]); return; }
  game.selected = piece ? id : null;  // its targets light up
  game.only = ones.length ? ones : null;  // what it does where it stands: the chooser
  game.filter = game.only ? null : id;
  game.about = id;
  game.at = id;
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
  if (!key || !id) return false;
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
      oddsTip(n, key);
    }
}

// what is chosen, and how to go on or back: the guided sequence's visible cancel
// (what the piece does where it stands, with no target, is offered here too: a chooser
// beside the piece would cover the places it may reach)
function selection() {
  if (!game.selected) return null;
  const d = game.data;
  const n = new Set(d.legal.filter((a) => stepsOf(a).length === 2 && same(stepsOf(a)[0], game.selected))
    .map((a) => stepsOf(a)[1])).size;
  const here = (game.at === game.selected ? game.only || [] : []).map((a) => {
    const b = el("button", { class: "action here", "data-choice": a, title: d.info[a] ? words(d.info[a]) : "",
      onclick: () => act(a) }, (d.labels || {})[a] || a);
    return b;
  });
  return el("div", { id: "selection", class: "selection", role: "status" },
    el("b", { text: words(keyParts(game.selected)[1]) }),
    ` chosen: ${n} lit ${n === 1 ? "place" : "places"} on the board (point at one for the odds) `, ...here,
    el("button", { id: "cancel-choice", text: "✕ " + t("cancel"), title: "Escape", onclick: clearChoice }));
}

// Several actions share what was clicked: a small chooser opens beside it, each entry in
// players' words with its odds; a phone gets it as a sheet at the bottom of the screen.
function chooser(d) {
  const acts = d.legal.filter((a) => game.only.includes(a));
  const at = game.at ? elementsOf(game.at)[0] : null;
  const title = game.at ? words(keyParts(game.at)[1]) : "Choose";
  const box = el("div", { id: "chooser", class: "chooser", role: "dialog", "aria-label": "choose one" },
    el("div", { class: "chooser-head" }, el("b", { text: title }), el("span", { class: "muted", text: " " + t("choose one") }),
      el("button", { class: "chooser-cancel", text: "✕", title: t("cancel (Escape)"), onclick: clearChoice })),
    ...paged("chooser", acts, (a) => {
      const b = actionButton(a, d);
      b.setAttribute("data-choice", a);
      return b;
    }));
  $app.append(box);
  const r = at ? at.getBoundingClientRect() : null;
  if (!r || window.innerWidth <= 700) { box.classList.add("sheet"); return; }
  const w = box.offsetWidth, h = box.offsetHeight;
  box.style.left = `${Math.max(8, Math.min(r.right + 8, window.innerWidth - w - 8))}px`;
  box.style.top = `${Math.max(8, Math.min(r.top, window.innerHeight - h - 8))}px`;
}

// the odds of what a lit target would do, shown while the pointer rests on it or after a
// long press on a touch screen
function oddsTip(node, key) {
  const d = game.data;
  tipped(node, () => aimedAt(game.selected, key).map((a) => el("div", {}, (d.labels || {})[a] || a,
    d.info[a] ? el("small", { text: " · " + words(d.info[a]) }) : null)));
}

// a game without a drawing of its own: its view as readable text
function genericBoard(view) {
  // a list of words (a hand of cards, a row of places) is a row of chips, each clickable by
  // its id like a game's own pieces
  const chip = (v) => el("button", { class: "chip", "data-id": String(v), onclick: () => choose(String(v)) }, String(v));
  const tree = (value) => {
    if (Array.isArray(value)) {
      if (!value.some((v) => v && typeof v === "object"))
        return value.length ? el("span", { class: "chips" }, ...value.map(chip)) : el("span", { text: "-" });
      return el("ol", {}, ...value.map((v) => el("li", {}, tree(v))));
    }
    if (value && typeof value === "object")
      return el("dl", {}, ...Object.entries(value).flatMap(([k, v]) =>
        [el("dt", { text: k.replaceAll("_", " ") }),
          // a single value is clickable by its id; a list's ids are on its chips
          el("dd", { "data-id": v !== null && typeof v === "object" ? null : String(v) }, tree(v))]));
    return el("span", { text: value === null ? "-" : String(value) });
  };
  const shown = Object.fromEntries(Object.entries(view).filter(([k]) => !["game", "title"].includes(k)));
  return el("div", { id: "board", class: "generic-view" }, tree(shown));
}

function render() {
  const d = game.shown || game.data;
  const view = game.replay ? game.replay.view : d.view;
  const draw = game.draw;
  // a position not drawn before: what changed moves (the counters slide, the shot draws in)
  const at = game.replay ? `replay ${game.replay.step}` : `live ${d.n}`;
  const fresh = game.drawnAt !== null && game.drawnAt !== at;
  const stood = fresh ? positions() : null;
  game.drawnAt = at;
  hideTip();  // the tip of a piece or target that is drawn anew
  const svg = draw.board(view, ui());
  if (game.zoom > 1) { svg.style.width = `${game.zoom * 100}%`; svg.style.maxHeight = "none"; }
  const bar = el("div", { class: "board-bar" }, zoomBar(), game.replay ? null : draw.overlay(view, ui()),
    diceTray(lastLines(d), fresh), game.replay ? null : selection());
  const board = el("div", { class: "board" }, bar, el("div", { class: "board-scroll" }, svg));
  const was = document.querySelector(".board-scroll");  // a new state keeps the view in place
  const scrolled = was ? [was.scrollLeft, was.scrollTop] : [0, 0];
  const side = el("div", { class: "side" });
  let lesson = null;
  side.append(statusPanel(d, view));
  if (game.replay) side.append(replayPanel());
  else {
    const hand = handPanel(view);
    if (hand) side.append(hand);
    side.append(...draw.hands(view, ui()).map(otherHand));
    side.append(actionsPanel(d));
    lesson = lessonPanel(d);
    // the step first, what to do now and why: above the side panels, or on a phone, where
    // the side panels stack under the board, above the board itself
    if (lesson && window.innerWidth > 700) side.prepend(lesson);
    const coach = coachPanel(d);
    if (coach) side.append(coach);
    if (d.seat && !d.outcome) side.append(el("div", { class: "panel resign" },
      el("button", { id: "resign", text: t("Resign…"), title: t("concede the game (asks first)"), onclick: resign })));
    if (d.outcome) side.append(el("div", { class: "panel" },
      el("button", { id: "replay", text: t("Replay this game"), onclick: () => openReplay(0) })));
    side.append(...draw.panels(view, ui()));
  }
  side.append(logPanel(game.replay ? game.replay.log : d.fullLog || game.log, game.replay ? null : d.last));
  const above = lesson && window.innerWidth <= 700 ? lesson : null;
  $app.replaceChildren(turnChip(d), el("div", { class: "game" }, above, board, side));
  markLast(view, fresh);
  if (!game.replay && hinted(d)) for (const n of named(game.advice.action, d.seat, view)) n.classList.add("hinted");
  markSteps();
  if (!game.replay && game.only && game.at !== game.selected) chooser(d);  // at a target
  const scroller = document.querySelector(/** @type {"div"} */ (".board-scroll"));
  if (window.innerWidth > 700)  // the board fits the screen below what stands over it
    scroller.style.maxHeight = `${Math.max(240, window.innerHeight - scroller.getBoundingClientRect().top - window.scrollY - 12)}px`;
  [scroller.scrollLeft, scroller.scrollTop] = scrolled;
  pinchable(scroller, svg);
  slide(stood);  // once the board stands where it will
  if (!game.looked && !game.replay) {  // a board bigger than the screen opens on your own pieces
    const mine = document.querySelector("#board [data-selectable]");
    if (mine) {  // the board's own scrolling only: the page stays where it is
      game.looked = true;
      const r = mine.getBoundingClientRect(), box = scroller.getBoundingClientRect();
      scroller.scrollTop += r.top + r.height / 2 - (box.top + box.height / 2);
      scroller.scrollLeft += r.left + r.width / 2 - (box.left + box.width / 2);
    }
  }
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

// the last move lights what it named on the board; a shot or an assault draws its line
function markLast(view, fresh) {
  const last = ui().last;
  if (!last || !last.text) return;
  const lit = named(last.text, last.seat, view);
  for (const n of lit) n.classList.add("last");
  if (lit.length > 1 && strikes(last.text, game.draw)) {
    shotLine(lit[0], lit[lit.length - 1], fresh);
    lit[lit.length - 1].classList.add("struck");  // what was shot at: marked (a pulse, when fresh)
    if (fresh) lit[lit.length - 1].classList.add("struck-now");
  }
}

// the log lines the last move wrote (a replay's: those of its step)
function lastLines(d) {
  if (game.replay) return game.replay.log.filter((e) => e.n === game.replay.step);
  return d.last ? (d.fullLog || game.log).filter((e) => e.n === d.last.n) : [];
}

// big maps need a closer look on a small screen: the buttons step through ZOOMS, two fingers
// on the board zoom it anywhere between the first and the last (one finger pans it)
const ZOOMS = [1, 1.5, 2, 3, 4];

function zoomBar() {
  const step = (by) => {
    const next = by > 0 ? ZOOMS.find((z) => z > game.zoom + 0.01) : [...ZOOMS].reverse().find((z) => z < game.zoom - 0.01);
    game.zoom = next ?? game.zoom;
    render();
  };
  return el("div", { class: "zoom", id: "zoom" },
    el("button", { text: "−", title: t("zoom out"), onclick: () => step(-1) }),
    el("span", { class: "muted", text: ` ${Math.round(game.zoom * 10) / 10}× ` }),
    el("button", { text: "+", title: t("zoom in"), onclick: () => step(1) }),
    el("label", { class: "muted at-once", title: t("show the other side's moves one by one, or at once") },
      el("input", { type: "checkbox", id: "at-once", ...(atOnce() ? { checked: "" } : {}),
        onclick: (e) => { localStorage.setItem(AT_ONCE, e.target.checked ? "yes" : "no");
                          if (e.target.checked && game.pacing) skip(); } }),
      " " + t("their moves at once")));
}

// a pinch on the board: the distance between two touching fingers scales the zoom
function pinchable(scroller, svg) {
  const fingers = new Map();
  let start = null;
  const spread = () => {
    const [[ax, ay], [bx, by]] = [...fingers.values()];
    return Math.hypot(ax - bx, ay - by) || 1;
  };
  scroller.addEventListener("pointerdown", (e) => {
    if (e.pointerType !== "touch") return;
    fingers.set(e.pointerId, [e.clientX, e.clientY]);
    if (fingers.size === 2) start = { spread: spread(), zoom: game.zoom };
  });
  scroller.addEventListener("pointermove", (e) => {
    if (!fingers.has(e.pointerId)) return;
    fingers.set(e.pointerId, [e.clientX, e.clientY]);
    if (!start || fingers.size !== 2) return;
    game.zoom = Math.max(ZOOMS[0], Math.min(ZOOMS[ZOOMS.length - 1], start.zoom * spread() / start.spread));
    svg.style.width = `${game.zoom * 100}%`;
    svg.style.maxHeight = "none";
  });
  const lift = (e) => {
    fingers.delete(e.pointerId);
    if (start && fingers.size < 2) { start = null; render(); }
  };
  scroller.addEventListener("pointerup", lift);
  scroller.addEventListener("pointercancel", lift);
}

// the banner: your move, or whom the game waits for, or how it ended
function turnBanner(d) {
  if (game.replay) return null;
  if (d.outcome) return el("div", { id: "turn", class: "turn over" },
    el("span", { id: "outcome", text: t("Game over: {reason}", { reason: d.outcome.reason }) }));
  if (d.unclaimed && d.unclaimed.length)
    return el("div", { id: "turn", class: "turn waiting" },
      el("span", { id: "unclaimed", text: t("Waiting for {seats} to join", { seats: d.unclaimed.map(seatName).join(", ") }) }));
  if (game.pacing) {
    const who = d.last ? seatName(d.last.seat) : t("the other side");
    return el("div", { id: "turn", class: "turn playing", title: t("click to skip to the latest move"),
      onclick: skip }, t("{who} is moving…", { who }) + " ", el("small", { text: t("click to skip") }));
  }
  if (game.online === false) return el("div", { id: "turn", class: "turn offline",
    text: t("Connection lost: reconnecting… (moves wait until it is back)") });
  if (d.legal.length) return el("div", { id: "turn", class: "turn yours", onclick: () =>
    document.getElementById("actions").scrollIntoView({ block: "center", behavior: "smooth" }) }, "● " + t("Your move"),
    d.to_act.length > 1 ? el("small", { text: " " + t("(both sides choose at once)") }) : null);
  const ai = (s) => d.seats[s] && d.seats[s] !== "human" ? " " + t("(AI)") : "";
  const and = ` ${t("and")} `;
  return el("div", { id: "turn", class: "turn waiting",
    text: d.seat ? t("Waiting for {seats}…", { seats: d.to_act.map((s) => seatName(s) + ai(s)).join(and) })
      : t("Watching: {seats} to move", { seats: d.to_act.map(seatName).join(and) }) });
}

// whose move it is, in one line that stays at the top of a phone's screen (the banner in
// the status panel scrolls away with it): in the flow above the board, so it covers nothing
// that cannot be scrolled out from under it, and scrolling into view stops below it
function turnChip(d) {
  if (game.replay) return null;
  const banner = turnBanner(d);
  if (!banner) return null;
  return el("div", { id: "turn-chip", class: banner.className, role: "status",
    onclick: () => (game.pacing ? skip() : document.getElementById("turn").scrollIntoView({ block: "center" })) },
    banner.firstChild.textContent || banner.textContent);
}

function statusPanel(d, view) {
  const p = el("div", { class: "panel status", id: "status" });
  // the scenario as the game's drawing names it, else its title, with the game's own name
  const named = view.title && view.title !== d.title ? view.title : null;
  // (in another language the server's title, said in it: the drawing's is the data's English)
  const heading = (language() !== "en" && d.scenario_title) || named || d.scenario_title || view.scenario;
  p.append(el("div", {}, el("b", { text: heading }), el("span", { class: "muted", text: ` · ${d.title}` })));
  const banner = turnBanner(d);
  if (banner) p.append(banner);
  else if (d.outcome) p.append(el("div", { id: "outcome", text: t("Game over: {reason}", { reason: d.outcome.reason }) }));
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
    el("span", { class: "muted", text: t("Last move:") + " " }), words(line.text));
}

function handPanel(view) {
  const cards = game.draw.hand(view, ui());
  if (!cards.length) return null;
  const p = el("div", { class: "panel cards", id: "hand" }, el("div", { class: "muted", text: t("Your hand") }));
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
  if (!cards.length) row.append(el("span", { class: "muted", text: t("no cards") }));
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
  if (game.only) {  // several actions of what was chosen: the chooser at the board, and here
    legal = d.legal.filter((a) => game.only.includes(a));
    p.append(el("div", {}, el("span", { class: "filter", text: t("choose one") }),
      " ", el("button", { text: t("cancel"), onclick: clearChoice })));
  } else if (game.filter) {
    const only = legal.filter((a) => involves(a, game.filter, d));
    if (only.length) legal = only;
    p.append(el("div", {}, el("span", { class: "filter", text: t("involving {what}", { what: words(game.filter) }) }), " ",
      el("button", { text: t("show all"), onclick: clearChoice })));
  }
  p.append(...listed(legal, d));
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
      at > 0 ? el("button", { text: "◀ " + t("previous"), onclick: turn(at - 1) }) : null,
      el("span", { class: "muted", text: " " + t("{first}–{last} of {all}",
        { first: at * PAGE + 1, last: Math.min(items.length, (at + 1) * PAGE), all: items.length }) + " " }),
      (at + 1) * PAGE < items.length ? el("button", { text: t("next") + " ▶", onclick: turn(at + 1) }) : null));
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

// the log in players' words, the lines of the last move standing out; each line's rule ids
// are buttons that open the rules panel at their explanation
function logPanel(log, last) {
  const p = el("div", { class: "panel log", id: "log" });
  if (!log.length) p.append(el("p", { class: "muted", text: t("Nothing has happened yet.") }));
  let n = null;
  for (const e of log) {
    const cls = [e.n !== n ? "first" : "", last && e.n === last.n ? "latest" : ""];
    n = e.n;
    const cites = e.rule ? ruleKeys(e.rule).map((k) => el("button", { class: "cite", "data-rule": k,
      title: "what this rule says", onclick: () => openGuide(game.data.game, k) }, k)) : [];
    p.append(el("div", { class: cls.filter(Boolean).join(" ") || null }, words(e.text), " ", ...cites));
  }
  return p;
}

// a counter clicked while a piece is chosen, where the counter is no target of that piece:
// a counter a game may draw off its own place (a stack spread over its neighbours; p.at
// names the place) stands for the lit place under the pointer, which may hold none of its
// men; else for its own place where that is lit (a place covered whole by its stack); else
// for itself. A game that draws each piece within its place (no p.at) keeps the click on
// the piece.
function through(p, ev) {
  if (!game.selected || p.id === game.selected || aimedAt(game.selected, p.id).length) return p.id;
  if (!p.at) return p.id;
  const pointed = ev && ev.detail > 0;  // a pointer's click: a scripted one has no place
  for (const e of pointed ? document.elementsFromPoint(ev.clientX, ev.clientY) : []) {
    const place = /** @type {HTMLElement | SVGElement | null} */ (e.closest("#board [data-target]"));
    if (!place || place.closest(".counter")) continue;
    const { id, side } = place.dataset;
    const key = [side ? `${side}:${id}` : null, id].find((k) => k && aimedAt(game.selected, k).length);
    if (key) return key;
  }
  return aimedAt(game.selected, p.at).length ? p.at : p.id;
}

// ---- a lesson -----------------------------------------------------------------------------
// A lesson's game (docs/learn.md): the step says what to do and why; a move that is not the
// step's is refused with the reason (nothing is played: try again); what happened is said.
function lessonPanel(d) {
  const l = d.lesson;
  if (!l || game.replay) return null;
  const panel = el("div", { class: "panel lesson", id: "lesson" },
    el("div", { class: "muted", text: l.say ? t("{title} · step {n} of {steps}", { title: l.title, n: l.step + 1, steps: l.steps }) : l.title }));
  if (l.intro) panel.append(el("p", { class: "lesson-intro", text: l.intro }));
  for (const said of l.said) panel.append(el("p", { class: "lesson-said", text: said }));
  if (l.wrong) panel.append(el("p", { class: "lesson-wrong", id: "lesson-wrong", text: `${l.wrong} ${t("Try again.")}` }));
  if (l.say) panel.append(el("p", { class: "lesson-say", id: "lesson-say", text: l.say }));
  return panel;
}

// ---- the coach ----------------------------------------------------------------------------
// "Hint": the move the hard level would make from what this seat sees, lit on the board, in
// words with the chance to win, and played with one click; "Review my last move": that move
// beside the coach's choice. Between people the coach is on once every person allowed it.
function hinted(d) {
  return game.advice !== null && game.advice.n === d.n && d.legal.includes(game.advice.action);
}

function coachPanel(d) {
  const c = d.coach;
  if (!d.seat || d.outcome || !c || game.replay) return null;
  const panel = el("div", { class: "panel coach", id: "coach" }, el("div", { class: "muted", text: t("Coach") }));
  if (!c.on) {
    const waiting = c.people.filter((p) => !c.allowed.includes(p)).map(seatName).join(", ");
    const mine = c.allowed.includes(d.seat);
    panel.append(el("p", { class: "muted", text: mine
      ? t("On once these players allow it too: {waiting}.", { waiting })
      : t("Off in a game between people until every one allows it.") }));
    if (!mine) panel.append(el("button", { id: "allow-coach", text: t("Allow the coach"), onclick: allowCoach }));
    return panel;
  }
  const turn = d.to_act.includes(d.seat);
  panel.append(
    el("button", { id: "hint", text: game.asking ? t("Thinking…") : t("Hint"), disabled: !turn || game.asking ? "" : null,
                   title: turn ? t("what the hard level would play, from what you see") : t("when it is your turn"),
                   onclick: () => askCoach("hint") }),
    " ",
    el("button", { id: "review", text: t("Review my last move"), disabled: game.asking ? "" : null,
                   onclick: () => askCoach("review") }));
  if (hinted(d)) {
    panel.append(el("p", { id: "advice", text: game.advice.text }),
      el("button", { id: "play-hint", text: t("Play it"), onclick: () => act(game.advice.action) }));
  }
  if (game.review && game.review.at === d.n) panel.append(el("p", { id: "reviewed", text: game.review.text }));
  return panel;
}

async function askCoach(what) {
  if (game.asking) return;
  game.asking = true;
  render();
  try {
    const r = await api(`/api/games/${game.id}/${what}?lang=${language()}`, {}, game.token);
    if (what === "hint") game.advice = r;
    else game.review = { ...r, at: game.data.n };
  } catch (e) { toast(e.message); }
  game.asking = false;
  render();
}

async function allowCoach() {
  try {
    await api(`/api/games/${game.id}/coach?lang=${language()}`, { method: "POST" }, game.token);
  } catch (e) { toast(e.message); }
}

// ---- replay -------------------------------------------------------------------------------
// Steps are counted from the last step asked for, not from the one on screen, so quick clicks
// on ▶ each move one step; an answer that a later click has overtaken is dropped.
let replayWanted = null;

async function openReplay(step) {
  if (game.replay) step = Math.max(0, Math.min(step, game.replay.steps));
  replayWanted = step;
  try {
    const r = await api(`/api/games/${game.id}/replay?step=${step}&lang=${language()}`, {}, game.token);
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
    el("div", { id: "replay-step", text: t("Replay: step {n} of {steps}", { n: r.step, steps: r.steps }) +
      (r.action ? ` (${seatName(r.action.seat)}: ${words(r.action.text)})` : "") }),
    el("button", { text: "« " + t("start"), onclick: () => openReplay(0) }),
    el("button", { text: "◀", onclick: () => stepReplay(-1) }),
    el("button", { text: "▶", onclick: () => stepReplay(1) }),
    el("button", { text: t("end") + " »", onclick: () => openReplay(r.steps) }),
    el("button", { text: t("back to the game"), onclick: closeReplay }));
}

// for the browser tests and the curious: the game's state and the page's own verbs
Object.assign(/** @type {any} */ (window), { wartableGame: game, wartable: { game, render, act, choose, arrive } });
