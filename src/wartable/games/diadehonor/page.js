// Día de Honor on the web page: the page imports this module by the game's name (see
// docs/adding-a-game.md for the contract). It draws from the JSON view only; `ui` gives the
// page's helpers (el, the seat, the card glossary, choose(id) to narrow the actions, piece and
// glyph to draw counters).
//
// The map is a grid of squares (data-id: its label, like F7), turned round for a player whose
// start zone is at the top so that their own side is at the bottom. Each unit is a counter in
// its side's colour (data-id: its key, like axis-1/light-3) with its type's symbol, its short
// name (L3 is Light 3, the words the action buttons use), its seat's number in a corner where
// a side has several seats, its wounds, a band when prone, and its actions left while its
// player activates.

const Q = 32;  // a square's side in SVG units
const P = 27;  // a counter's side: one fits a square with room to spare
const M = 15;  // the margin that holds the column letters and row numbers
// each ground's colour, by the map's letters (their names: groundWords)
const GROUND = { ".": "#e9e3c9", "=": "#e3d8b6", w: "#9dba86", r: "#d3c59c", B: "#c9ab8a", W: "#c7c2b4", t: "#d9c79c" };
const SIDE = { axis: "#56616f", allies: "#4a6b2c" };
const SIDE_LIGHT = { axis: "#7f8fa3", allies: "#7fa35a" };
const LETTER = { light: "L", assault: "A", heavy: "H", artillery: "G", tank: "T", sniper: "S", green_beret: "B" };
// a glyph of the page's kit, or one drawn here (gun: a filled dot, armour: a track's oval)
const KIND = { light: "infantry", assault: "infantry", heavy: "mg", artillery: "gun", tank: "armour",
  sniper: "sniper", green_beret: "infantry" };
const INK = "#1b1b1b";
const PRONE = "#6d5d4b";

const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);
const numberOf = (key) => key.split("-").pop();
const typeOf = (key) => key.split("/").pop().replace(/-\d+$/, "");

// ---- the player's language -----------------------------------------------------------------
// The page's words in the player's language: `ui.t` (server/static/words.js), or without it
// English, its {placeholders} filled. Each text is said where it is made, its message a string
// literal that the catalogs' extractor reads (i18n/keep.py: never inside another message's
// arguments, where it is not read); a name from the view is said with t(name).
/** @returns {(msgid: string, args?: Record<string, string | number>) => string} */
const voice = (ui) => (ui && ui.t) || ((m, a = {}) => m.replace(/\{(\w+)\}/g, (w, k) => (k in a ? String(a[k]) : w)));
// the ground's names, by the map's letters
const groundWords = (t) => ({ ".": t("clear"), "=": t("road"), "w": t("dense woods"), "r": t("rough ground"),
  "B": t("building"), "W": t("wall"), "t": t("trench") });
const typeWords = (t) => ({ light: t("Light"), assault: t("Assault"), heavy: t("Heavy"), artillery: t("Artillery"),
  tank: t("Tank"), sniper: t("Sniper"), green_beret: t("Green beret") });
// i18n: the phases of a round, shown after "Round 2 of 8 ·"
const phaseWords = (t) => ({ deploy: t("deployment"), cards: t("situation cards"), initiative: t("initiative"),
  activate: t("activation"), over: t("the battle is over") });
const sideName = (side, t) => (side === "axis" ? t("Axis") : side === "allies" ? t("Allies") : cap(side));
const typeName = (type, t) => typeWords(t)[type] || cap(type.replaceAll("_", " "));
// "allies-2" is "Allies 2"; "axis-1/light-3" is "Light 3"
const seatWords = (seat, t) => {
  const [side, n] = seat.split("-");
  return n ? t("{side} {n}", { side: sideName(side, t), n }) : sideName(side, t);
};
const unitWords = (key, t) => t("{type} {n}", { type: typeName(typeOf(key), t), n: numberOf(key) });
const short = (u) => (LETTER[u.type] || "?") + numberOf(u.key);
const signed = (n) => (n < 0 ? `−${-n}` : `+${n}`);

// a unit's attack and resistance as they stand now (rank, wounds, combat cards played), and
// the unit sheet's printed ones, which `changed` says differ: { now: "+2/5", printed: "+3/6" }
export function unitValues(u) {
  const printed = `${signed(u.attack)}/${u.resistance}`;
  const live = u.effective_attack !== undefined && u.effective_attack !== null &&
    u.effective_resistance !== undefined && u.effective_resistance !== null;
  const now = live ? `${signed(u.effective_attack)}/${u.effective_resistance}` : printed;
  return { now, printed, changed: now !== printed };
}

// ---- words ---------------------------------------------------------------------------------
// ids in players' words: "axis-1/light-3" is "Light 3 (Axis 1)", "allies-2" is "Allies 2", a
// card id its title
export function words(text, ui) {
  const t = voice(ui);
  const cards = (ui && ui.cards) || {};
  return text
    .replace(/\b(axis|allies)-(\d+)\/([a-z_]+)-(\d+)\b/g, (_, side, n, type, k) => {
      const unit = t("{type} {n}", { type: typeName(type, t), n: k });
      const seat = t("{side} {n}", { side: sideName(side, t), n });
      return t("{unit} ({seat})", { unit, seat });
    })
    .replace(/\b(axis|allies)-(\d+)\b/g, (_, side, n) => t("{side} {n}", { side: sideName(side, t), n }))
    .replace(/\b[a-z]+(?:_[a-z]+)+\b/g, (w) => (cards[w] ? t(cards[w].title) : w.replaceAll("_", " ")))
    .replace(/\b(axis|allies)\b/g, (w) => sideName(w, t));
}

// a card's title in the player's language (the catalogs hold every card's title)
function cardTitle(id, ui) {
  const t = voice(ui);
  const face = (ui.cards || {})[id];
  return t(face ? face.title : cap(id.replaceAll("_", " ")));
}

// ---- geometry ------------------------------------------------------------------------------
function parse(label) {
  return [label.charCodeAt(0) - 65, Number(label.slice(1)) - 1];
}

function labelOf(col, row) {
  return String.fromCharCode(65 + col) + (row + 1);
}

// turned round when the viewer's start zone lies in the map's top half
function turned(view) {
  const side = view.you ? (view.seats || {})[view.you] : null;
  const zone = side ? ((view.map.zones || {})[side] || []) : [];
  if (!zone.length) return false;
  const rows = zone.map((q) => parse(q)[1]);
  return rows.reduce((a, b) => a + b, 0) / rows.length < (view.map.rows - 1) / 2;
}

function frame(view) {
  const { columns, rows } = view.map;
  const flip = turned(view);
  const x = (c) => M + (flip ? columns - 1 - c : c) * Q;
  const y = (r) => M + (flip ? rows - 1 - r : r) * Q;
  return { columns, rows, flip, x, y, width: columns * Q + 2 * M, height: rows * Q + 2 * M };
}

function onBoard(u) {
  return u.square && (u.status === "active" || u.status === "wreck");
}

function canAct(view, u) {
  return view.phase === "activate" && u.seat === view.to_act && u.status === "active" && u.actions > 0 &&
    !u.sabotaged;
}

// ---- the board -----------------------------------------------------------------------------
export function board(view, ui) {
  const { el } = ui;
  const t = voice(ui);
  const grounds = groundWords(t);
  const f = frame(view);
  const svg = el("svg:svg", { viewBox: `0 0 ${f.width} ${f.height}`, id: "board", class: "squares" });
  svg.append(ui.defs());
  const layers = { ground: el("svg:g"), lines: el("svg:g"), marks: el("svg:g"), counters: el("svg:g") };
  const { ground, levels } = view.map;
  const at = (c, r) => r * f.columns + c;
  const zoneOf = {};
  for (const [side, squares] of Object.entries(view.map.zones || {})) for (const q of squares) zoneOf[q] = side;
  for (let r = 0; r < f.rows; r++) for (let c = 0; c < f.columns; c++) {
    const label = labelOf(c, r);
    const g0 = ground[at(c, r)], level = levels[at(c, r)] || 0;
    const x = f.x(c), y = f.y(r);
    const g = el("svg:g", { "data-id": label, class: "square" + (ui.filter === label ? " picked" : "") });
    g.addEventListener("click", () => ui.choose(label));
    g.append(el("svg:rect", { x, y, width: Q, height: Q, class: "shape square-base",
      fill: GROUND[g0] || "#ddd", stroke: "#b3ab90", "stroke-width": 0.5,
      ...(ui.filter === label ? { style: "stroke: #f0a800; stroke-width: 2.5" } : {}) }));
    g.append(...texture(el, view, f, c, r));
    if (level) {
      g.append(el("svg:rect", { x, y, width: Q, height: Q, fill: "#6b4a1e", "fill-opacity": Math.min(0.1 * level, 0.4),
        "pointer-events": "none" }));
      g.append(el("svg:text", { x: x + 2.5, y: y + 8.5, "font-size": 7.5, "font-weight": "bold", fill: "#4a3510",
        "pointer-events": "none", text: String(level) }));
    }
    if (zoneOf[label]) g.append(el("svg:rect", { x, y, width: Q, height: Q, fill: SIDE_LIGHT[zoneOf[label]],
      "fill-opacity": 0.22, "pointer-events": "none" }));
    g.append(el("svg:title", { text: t("{square}: {ground}", { square: label, ground: grounds[g0] || g0 }) +
      (level ? ", " + t("level {level}", { level }) : "") +
      (zoneOf[label] ? ", " + t("{side} start zone", { side: sideName(zoneOf[label], t) }) : "") }));
    layers.ground.append(g);
    // the edges this square shares with its east and south neighbours: contour lines where the
    // level changes, the zone's outline where it ends
    for (const [dc, dr] of [[1, 0], [0, 1]]) {
      const c2 = c + dc, r2 = r + dr;
      const inside = c2 < f.columns && r2 < f.rows;
      const other = inside ? labelOf(c2, r2) : null;
      const [x1, y1, x2, y2] = edge(f, c, r, dc, dr);
      if (inside && (levels[at(c2, r2)] || 0) !== level)
        layers.lines.append(el("svg:line", { x1, y1, x2, y2, stroke: "#6b4a1e", "stroke-width": 1.6,
          "stroke-linecap": "round", "pointer-events": "none" }));
      const z1 = zoneOf[label], z2 = other ? zoneOf[other] : undefined;
      for (const z of new Set([z1, z2])) if (z && z1 !== z2) layers.lines.append(zoneEdge(el, x1, y1, x2, y2, z));
    }
    // the map's west and north edges close the zones there
    if (c === 0 && zoneOf[label]) layers.lines.append(zoneEdge(el, ...edge(f, c, r, -1, 0), zoneOf[label]));
    if (r === 0 && zoneOf[label]) layers.lines.append(zoneEdge(el, ...edge(f, c, r, 0, -1), zoneOf[label]));
    if (c === f.columns - 1 && zoneOf[label]) layers.lines.append(zoneEdge(el, ...edge(f, c, r, 1, 0), zoneOf[label]));
    if (r === f.rows - 1 && zoneOf[label]) layers.lines.append(zoneEdge(el, ...edge(f, c, r, 0, 1), zoneOf[label]));
  }
  svg.append(layers.ground, layers.lines);
  svg.append(...coordinates(el, f));
  // the units: one a square; a crowded square (never by the rules) shares itself out
  const units = view.units.filter(onBoard);
  const per = {};
  for (const u of units) (per[u.square] = per[u.square] || []).push(u);
  const was = {};
  for (const u of (ui.before && ui.before.units) || []) if (onBoard(u)) was[u.key] = u.square;
  const seatsOf = {};
  for (const [seat, side] of Object.entries(view.seats || {})) (seatsOf[side] = seatsOf[side] || []).push(seat);
  let smallest = P;
  for (const [square, here] of Object.entries(per)) {
    const [c, r] = parse(square);
    const x0 = f.x(c), y0 = f.y(r);
    const size = here.length === 1 ? P : Q / 2 - 1;
    smallest = Math.min(smallest, size);
    here.forEach((u, k) => {
      const x = here.length === 1 ? x0 + (Q - P) / 2 : x0 + 0.5 + (k % 2) * (Q / 2),
        y = here.length === 1 ? y0 + (Q - P) / 2 : y0 + 0.5 + Math.floor(k / 2) * (Q / 2);
      const from = was[u.key];
      if (from && from !== u.square) {
        const [fc, fr] = parse(from);
        layers.marks.append(el("svg:line", { x1: f.x(fc) + Q / 2, y1: f.y(fr) + Q / 2, x2: x + size / 2, y2: y + size / 2,
          class: `move-arrow ${u.side}`, "marker-end": "url(#arrow)" }));
      }
      layers.counters.append(counter(u, x, y, size, view, ui, (seatsOf[u.side] || []).length > 1,
        from && from !== u.square));
    });
  }
  // a sniper's aim: a line to its mark, a ring on it
  for (const u of units) if (u.aim && u.aim.target) {
    const mark = view.units.find((v) => v.key === u.aim.target);
    if (!mark || !onBoard(mark)) continue;
    const [ac, ar] = parse(u.square), [tc, tr] = parse(mark.square);
    const tx = f.x(tc) + Q / 2, ty = f.y(tr) + Q / 2;
    layers.marks.append(el("svg:line", { x1: f.x(ac) + Q / 2, y1: f.y(ar) + Q / 2, x2: tx, y2: ty, stroke: "#c62828",
      "stroke-width": 1.5, "stroke-dasharray": "4 3", "pointer-events": "none" }),
    el("svg:circle", { cx: tx, cy: ty, r: Q * 0.47, fill: "none", stroke: "#c62828", "stroke-width": 1.5,
      "pointer-events": "none" }));
  }
  const height = reserveStrip(view, ui, f, layers);
  if (height > f.height) svg.setAttribute("viewBox", `0 0 ${f.width} ${height}`);
  svg.append(layers.marks, layers.counters);
  // never smaller than the page's minimum a counter: a narrow screen scrolls the board instead
  ui.keepPieces(svg, f.width, height, smallest);
  return svg;
}

// the edge between square (c, r) and its neighbour (c + dc, r + dr), on the screen
function edge(f, c, r, dc, dr) {
  const x = f.x(c), y = f.y(r);
  // which side of the drawn square the neighbour lies on (turned round: the other one)
  const sx = f.flip ? -dc : dc, sy = f.flip ? -dr : dr;
  if (sx) { const ex = sx > 0 ? x + Q : x; return [ex, y, ex, y + Q]; }
  const ey = sy > 0 ? y + Q : y;
  return [x, ey, x + Q, ey];
}

function zoneEdge(el, x1, y1, x2, y2, side) {
  return el("svg:line", { x1, y1, x2, y2, stroke: SIDE[side], "stroke-width": 2.2, "stroke-dasharray": "5 3",
    "stroke-linecap": "butt", "pointer-events": "none" });
}

function coordinates(el, f) {
  const out = [];
  const text = (x, y, t) => el("svg:text", { x, y, "font-size": 9, "text-anchor": "middle", fill: "#6a6350",
    "pointer-events": "none", text: t });
  for (let c = 0; c < f.columns; c++) {
    const x = f.x(c) + Q / 2, letter = String.fromCharCode(65 + c);
    out.push(text(x, M - 4, letter), text(x, f.height - 4, letter));
  }
  for (let r = 0; r < f.rows; r++) {
    const y = f.y(r) + Q / 2 + 3;
    out.push(text(M / 2, y, String(r + 1)), text(f.width - M / 2, y, String(r + 1)));
  }
  return out;
}

// a few strokes that say what a square's ground is at a glance
function texture(el, view, f, c, r) {
  const g0 = view.map.ground[r * f.columns + c];
  const x = f.x(c), y = f.y(r), cx = x + Q / 2, cy = y + Q / 2;
  const quiet = { "pointer-events": "none" };
  const dots = (spots, rad, fill, stroke) => spots.map(([dx, dy]) =>
    el("svg:circle", { cx: cx + dx * Q, cy: cy + dy * Q, r: rad * Q, fill, stroke, "stroke-width": 0.6, ...quiet }));
  if (g0 === "w") return dots([[-0.22, -0.2], [0.2, -0.24], [0.02, 0.18], [-0.26, 0.26], [0.28, 0.24]], 0.15, "#5d8a4a", "#3f6632");
  if (g0 === "r") return dots([[-0.25, 0.1], [0.18, -0.2], [0.2, 0.25], [-0.1, -0.28]], 0.06, "#8f8a7c", "none");
  if (g0 === "B") return [el("svg:rect", { x: x + 3, y: y + 3, width: Q - 6, height: Q - 6, fill: "#8d5a3b", stroke: "#5b3a24",
    "stroke-width": 0.8, ...quiet }), el("svg:line", { x1: x + 3, y1: cy, x2: x + Q - 3, y2: cy, stroke: "#5b3a24",
    "stroke-width": 0.8, ...quiet })];
  if (g0 === "W") {
    const out = [el("svg:rect", { x: x + 2, y: y + 2, width: Q - 4, height: Q - 4, fill: "#8f8a80", stroke: "#5f5a50",
      "stroke-width": 0.8, ...quiet })];
    for (const k of [1, 2, 3]) out.push(el("svg:line", { x1: x + 2, y1: y + 2 + k * (Q - 4) / 4, x2: x + Q - 2,
      y2: y + 2 + k * (Q - 4) / 4, stroke: "#5f5a50", "stroke-width": 0.6, ...quiet }));
    return out;
  }
  if (g0 === "t") return [el("svg:path", { d: `M${x + 4} ${cy}l4 -5l5 10l5 -10l5 10l5 -5`, fill: "none",
    stroke: "#6b4a1e", "stroke-width": 2, "stroke-linejoin": "round", ...quiet })];
  if (g0 === "=") {
    // the road runs to its road neighbours; a diagonal only where no straight step joins them
    const road = (dc, dr) => { const c2 = c + dc, r2 = r + dr;
      return c2 >= 0 && r2 >= 0 && c2 < f.columns && r2 < f.rows && view.map.ground[r2 * f.columns + c2] === "="; };
    const out = [el("svg:circle", { cx, cy, r: Q * 0.17, fill: "#b9a77c", ...quiet })];
    for (const [dc, dr] of [[1, 0], [-1, 0], [0, 1], [0, -1], [1, 1], [1, -1], [-1, 1], [-1, -1]]) {
      if (!road(dc, dr) || (dc && dr && (road(dc, 0) || road(0, dr)))) continue;
      const tx = f.x(c + dc) + Q / 2, ty = f.y(r + dr) + Q / 2;
      out.push(el("svg:line", { x1: cx, y1: cy, x2: (cx + tx) / 2, y2: (cy + ty) / 2, stroke: "#b9a77c",
        "stroke-width": Q * 0.34, "stroke-linecap": "round", ...quiet }));
    }
    return out;
  }
  return [];
}

// The seat's units not on the map yet (its reserve), as counters in a strip under the map:
// chosen there like any piece (to deploy: the unit, then a square of the start zone). The
// board's height with the strip.
function reserveStrip(view, ui, f, layers) {
  const { el } = ui;
  const t = voice(ui);
  const reserve = ui.seat ? view.units.filter((u) => u.seat === ui.seat && u.status === "reserve") : [];
  if (!reserve.length) return f.height;
  const step = P + 4, per = Math.max(1, Math.floor((f.width - 2 * M) / step)), top = f.height + 14;
  layers.marks.append(el("svg:text", { x: M, y: top - 4, "font-size": 9, class: "reserve-label",
    text: t("Your reserve ({count}): choose a unit, then a square of your start zone", { count: reserve.length }) }));
  reserve.forEach((u, k) => layers.counters.append(counter(u, M + (k % per) * step,
    top + Math.floor(k / per) * step, P, view, ui, false, false)));
  return top + Math.ceil(reserve.length / per) * step + 4;
}

function counter(u, x, y, size, view, ui, seatCorner, moved) {
  const { el } = ui;
  const wreck = u.status === "wreck", prone = u.prone && !wreck;
  const kind = KIND[u.type] || "infantry";
  const badges = [];
  if (wreck) badges.push({ at: "tr", text: "✕", fill: "#222", ink: "#ff8a50" });
  else if (u.sabotaged) badges.push({ at: "tr", text: "!", fill: "#ef6c00" });
  else if (canAct(view, u)) badges.push({ at: "tr", text: String(u.actions),
    fill: u.attacked ? "#f9a825" : "#2e7d32", ink: u.attacked ? INK : "#fff" });
  const wounds = wreck ? [] : Array.from({ length: u.wounds || 0 }, () => (u.wounds >= 3 ? 2 : 1));
  const mine = ui.seat && u.seat === ui.seat;
  const g = ui.piece({ id: u.key, side: u.side, x, y, size, kind, leader: u.type === "green_beret",
    corner: seatCorner ? numberOf(u.seat) : "", badges, wounds,
    // a prone soldier's name moves onto a brown band: he lies low
    value: prone ? null : short(u), band: prone ? { text: short(u), fill: PRONE } : null,
    hatch: wreck ? "hidden" : null,
    classes: (ui.filter === u.key ? "picked " : "") + (moved ? "moved " : "") + (mine ? "mine " : "") +
      (wreck ? "wreck" : ""),
    title: unitTitle(u, view, ui) });
  const base = g.querySelector(".piece-base");
  if (base) base.setAttribute("fill", wreck ? "#5f5a55" : SIDE[u.side] || "#777");
  // the symbols the kit does not draw: a gun's dot, a tank's oval
  if (kind === "gun" || kind === "armour") {
    const [fw, fh, fy] = prone ? [size * 0.54, size * 0.34, size * 0.27] : [size * 0.62, size * 0.4, size * 0.3];
    const cx = x + size / 2, cy = y + fy + fh / 2, sw = Math.max(0.8, fh / 9);
    g.append(kind === "gun"
      ? el("svg:circle", { cx, cy, r: fh * 0.2, fill: INK, class: "glyph" })
      : el("svg:rect", { x: cx - fw * 0.34, y: cy - fh * 0.26, width: fw * 0.68, height: fh * 0.52, rx: fh * 0.26,
        fill: "none", stroke: INK, "stroke-width": sw, class: "glyph" }));
  }
  return g;
}

function unitTitle(u, view, ui) {
  const t = voice(ui);
  const name = t("{unit} of {seat}", { unit: unitWords(u.key, t), seat: seatWords(u.seat, t) });
  if (u.status === "wreck") return t("{unit}: a wreck at {square} (blocks the square, gives cover)",
    { unit: name, square: u.square });
  const state = t(u.state), count = u.wounds;
  const wounded = !count ? state : count > 1 ? t("{state} ({count} wounds)", { state, count })
    : t("{state} ({count} wound)", { state, count });
  const states = [wounded, u.prone ? t("prone") : "", u.sabotaged ? t("sabotaged") : ""].filter(Boolean).join(", ");
  const facts = [t("{unit} at {square}: {state}", { unit: name, square: u.square, state: states })];
  if (canAct(view, u)) {
    const left = { count: u.actions };
    facts.push(u.actions > 1 ? (u.attacked ? t("{count} actions left (attack made)", left) : t("{count} actions left", left))
      : u.attacked ? t("{count} action left (attack made)", left) : t("{count} action left", left));
  }
  if (u.aim && u.aim.target)
    facts.push(t("aiming at {unit} ({count})", { unit: words(u.aim.target, ui), count: u.aim.count || 1 }));
  const v = unitValues(u);
  const fight = v.changed ? t("attack/resistance {now} (printed {printed})", { now: v.now, printed: v.printed })
    : t("attack/resistance {now}", { now: v.now });
  facts.push(fight + ", " + t("speed {speed}, range {range}", { speed: u.speed, range: u.range }), t(u.rank));
  return facts.join("; ");
}

// ---- around the board ----------------------------------------------------------------------
export function status(view, ui) {
  const { el } = ui;
  const t = voice(ui);
  if (!view.map) return [];
  const round = t("Round {round} of {rounds}", { round: view.round, rounds: view.max_rounds });
  const lines = [el("div", { text: round + " · " + (phaseWords(t)[view.phase] || view.phase) +
    (view.battlefield ? " · " + t(cap(view.battlefield.replaceAll("-", " "))) : "") })];
  if (view.order && view.order.length) {
    // "Axis first, then Allies": each side after the one before it
    const order = view.order.map((s) => sideName(s, t))
      .reduce((first, second) => t("{first} first, then {second}", { first, second }));
    lines.push(el("div", { id: "initiative", text: t("Initiative: {order}", { order }) }));
  }
  if (view.to_act) {
    // the seat in bold, where the language puts it
    const [before, after] = t("To act: {seat}").split("{seat}");
    lines.push(el("div", { id: "to-act" }, before || null, el("b", { text: seatWords(view.to_act, t) }), after || null,
      view.to_act === ui.seat ? " " + t("(you)") : "",
      view.waiting_on ? el("span", { class: "muted", text: " · " + t("a card waits on a decision") }) : null));
  }
  const queue = view.cards_to_resolve || [];
  if (queue.length) {
    const cards = queue.map(([s, c]) => t("{card} ({seat})", { card: cardTitle(c, ui), seat: seatWords(s, t) }));
    lines.push(el("div", { text: t("Cards to resolve: {cards}", { cards: cards.join(", ") }) }));
  }
  for (const [seat, e] of Object.entries(view.effects || {})) {
    const parts = [e.defensive ? t("defensive combat: +1 resistance, −1 attack") : "",
      e.aggressive ? t("aggressive combat: +1 attack, −1 resistance") : ""].filter(Boolean);
    if (parts.length) lines.push(el("div", { class: "muted",
      text: t("{seat} this round: {effects}", { seat: seatWords(seat, t), effects: parts.join("; ") }) }));
  }
  for (const [seat, side] of Object.entries(view.seats || {})) {
    const mine = view.units.filter((u) => u.seat === seat);
    const on = mine.filter((u) => u.status === "active").length;
    const lost = mine.filter((u) => u.status === "dead" || u.status === "wreck").length;
    const held = (view.hand_sizes || {})[seat] || 0;
    const map = lost ? t("{on} on the map, {lost} lost", { on, lost }) : t("{on} on the map", { on });
    const cards = held === 1 ? t("{count} card held", { count: held }) : t("{count} cards held", { count: held });
    lines.push(el("div", { class: "side-line" }, el("span", { class: "dot " + side, style: `background: ${SIDE[side]}` }),
      el("b", { text: " " + seatWords(seat, t) + (seat === ui.seat ? " " + t("(you)") : "") + " " }),
      el("span", { class: "muted", text: map + " · " + cards })));
  }
  const deck = { count: view.deck_size };
  lines.push(el("div", { class: "muted", text: view.deck_size === 1 ? t("Situation deck: {count} card", deck)
    : t("Situation deck: {count} cards", deck) }));
  if (view.objectives_done) {
    const done = view.objectives_done;
    const text = Array.isArray(done) ? done.map((d) => words(String(typeof d === "object" ? JSON.stringify(d) : d), ui)).join(", ")
      : typeof done === "object" ? Object.entries(done).map(([k, v]) => `${words(k, ui)} ${Array.isArray(v) ? v.length : v}`).join(", ")
      : String(done);
    if (text) lines.push(el("div", { id: "objectives-done", text: t("Objectives done: {done}", { done: text }) }));
  }
  if (view.phase === "over") {
    const left = {};
    for (const u of view.units) if (u.status === "active" && !u.sabotaged) left[u.side] = (left[u.side] || 0) + 1;
    const sides = [...new Set(Object.values(view.seats || {}))];
    const units = sides.map((s) => t("{side} {n}", { side: sideName(s, t), n: left[s] || 0 }));
    lines.push(el("div", { class: "warn", text: t("The battle is over: units left {sides}", { sides: units.join(", ") }) }));
  }
  return lines;
}

export function hand(view, ui) {
  return (view.hand || []).map((card) => {
    const id = typeof card === "object" ? card.id : card;
    const title = typeof card === "object" && card.title ? voice(ui)(card.title) : cardTitle(id, ui);
    return { id, label: title, title, initiative: null, art: cardArt(id, ui) };
  });
}

// a card's picture, in a few strokes
function cardArt(id, ui) {
  const { el } = ui;
  const svg = el("svg:svg", { viewBox: "0 0 56 40", class: "card-art" });
  const add = (...kids) => svg.append(...kids);
  if (["medic", "medic_choice", "first_aid"].includes(id)) {
    add(el("svg:circle", { cx: 28, cy: 20, r: 15, fill: "#fff", stroke: INK, "stroke-width": 1 }),
      el("svg:path", { d: "M24 9h8v7h7v8h-7v7h-8v-7h-7v-8h7z", fill: "#c62828" }));
  } else if (id === "defensive_combat") {
    add(el("svg:path", { d: "M16 6h24v12c0 9-7 14-12 16c-5-2-12-7-12-16z", fill: "#5d6d7e", stroke: INK, "stroke-width": 1.2 }));
  } else if (id === "aggressive_combat") {
    add(el("svg:path", { d: "M12 30l16-18l16 18M12 22l16-18l16 18", fill: "none", stroke: "#b3261e", "stroke-width": 4,
      "stroke-linejoin": "round" }));
  } else if (id === "mechanic") {
    add(ui.glyph("infantry", 10, 8, 36, 24));
    add(el("svg:rect", { x: 16, y: 13, width: 24, height: 14, rx: 7, fill: "#f4efdc", stroke: INK, "stroke-width": 2 }));
  } else if (id === "grenade") {
    add(el("svg:ellipse", { cx: 26, cy: 24, rx: 10, ry: 12, fill: "#4e5b3a", stroke: INK, "stroke-width": 1 }),
      el("svg:path", { d: "M26 12v-4h8l4 6", fill: "none", stroke: INK, "stroke-width": 2 }));
  } else if (id === "mine_detection") {
    add(el("svg:ellipse", { cx: 28, cy: 28, rx: 14, ry: 5, fill: "#6d5d4b", stroke: INK, "stroke-width": 1 }),
      el("svg:circle", { cx: 28, cy: 14, r: 8, fill: "none", stroke: "#2e7d32", "stroke-width": 2.5 }),
      el("svg:line", { x1: 34, y1: 20, x2: 40, y2: 26, stroke: "#2e7d32", "stroke-width": 2.5 }));
  } else if (id === "air_attack" || id === "enemy_air_attack") {
    add(el("svg:path", { d: "M28 4l3 10l15 6v3l-15-2l-1 10l5 3v2l-7-1l-7 1v-2l5-3l-1-10l-15 2v-3l15-6z",
      fill: id === "air_attack" ? "#3d5a80" : "#8e1c14", stroke: INK, "stroke-width": 0.8 }));
  } else {
    add(el("svg:rect", { x: 10, y: 8, width: 36, height: 24, rx: 3, fill: "#e6dfca", stroke: INK, "stroke-width": 1 }));
  }
  return svg;
}

export function panels(view, ui) {
  const out = [];
  const objective = objectivePanel(view, ui);
  if (objective) out.push(objective);
  out.push(unitsPanel(view, ui));
  return out;
}

function objectivePanel(view, ui) {
  const { el } = ui;
  const t = voice(ui);
  const o = view.objective;
  if (!o) return null;
  // its title from the data, in the catalogs; its text said once the catalogs hold it
  return el("div", { class: "panel", id: "objective" },
    el("div", { class: "muted", text: t("Your secret objective") }),
    el("b", { text: o.title ? t(o.title) : o.id || "?" }),
    o.text ? el("div", { text: t(o.text) }) : null);
}

// the viewer's units (a spectator: every unit on the map), each row narrows the actions to it
function unitsPanel(view, ui) {
  const { el } = ui;
  const t = voice(ui);
  const rows = ui.seat ? view.units.filter((u) => u.seat === ui.seat) : view.units.filter((u) => u.status === "active");
  const table = el("table", { class: "soldiers" });
  const headings = ["", t("unit"),
    // i18n: a heading of the units' table: the square each unit stands on
    t("at"),
    t("state"),
    // i18n: a heading of the units' table (short): the actions a unit has left
    t("acts"),
    // i18n: a heading of the units' table (short): attack/resistance
    t("A/R"),
    // i18n: a heading of the units' table (short): speed
    t("spd"),
    // i18n: a heading of the units' table (short): range
    t("rng")];
  table.append(el("tr", {}, ...headings.map((h) => el("th", { text: h }))));
  // i18n: what became of a unit, in the units' table: a destroyed tank or gun, still on its square
  const gone = { wreck: t("wreck"), dead: t("dead"),
    // i18n: what became of a unit, in the units' table: not yet on the map
    reserve: t("reserve") };
  for (const u of rows) {
    const state = u.status !== "active" ? gone[u.status] || u.status
      : [t(u.state) + (u.wounds ? ` (${u.wounds})` : ""), u.prone ? t("prone") : "", u.sabotaged ? t("sabotaged") : "",
        u.aim && u.aim.target ? t("aiming ×{count}", { count: u.aim.count || 1 }) : ""].filter(Boolean).join(", ");
    const acts = canAct(view, u) ? String(u.actions) + (u.attacked ? " " + t("(attacked)") : "") : "";
    const unit = unitWords(u.key, t);
    const tr = el("tr", { "data-id": u.key, class: ui.filter === u.key ? "picked" : "" },
      el("td", {}, el("span", { class: "dot " + u.side, style: `background: ${SIDE[u.side]}` })),
      el("td", { text: ui.seat ? unit : t("{unit} ({seat})", { unit, seat: seatWords(u.seat, t) }) }),
      el("td", { text: u.square || "" }),
      el("td", { text: state }),
      el("td", { text: acts }),
      values(el, u, t),
      el("td", { text: String(u.speed) }),
      el("td", { text: String(u.range) }));
    tr.addEventListener("click", () => ui.choose(u.key));
    table.append(tr);
  }
  return el("div", { class: "panel soldiers-panel", id: "units" },
    el("div", { class: "muted", text: ui.seat ? t("Your units") : t("Units on the map") }), table);
}

// a table cell of attack/resistance now, the printed values after them, muted, where they differ
function values(el, u, t) {
  const v = unitValues(u);
  if (!v.changed) return el("td", { text: v.now });
  return el("td", { title: t("printed {values}: rank, wounds and cards change them", { values: v.printed }) }, v.now,
    el("span", { class: "muted", text: ` (${v.printed})` }));
}

// a key to the map's colours and the counters' marks, over the board
export function overlay(view, ui) {
  if (!view.map) return null;
  const t = voice(ui);
  const grounds = groundWords(t);
  const present = new Set(view.map.ground);
  /** @type {{fill: string, edge?: string, dashed?: boolean, text: string}[]} */
  const entries = Object.entries(GROUND).filter(([g]) => present.has(g))
    .map(([g, fill]) => ({ fill, text: grounds[g] }));
  if (view.map.levels.some((l) => l)) entries.push({ fill: "#bca77f", text: t("higher ground (level)") });
  for (const side of Object.keys(view.map.zones || {}))
    entries.push({ fill: SIDE_LIGHT[side], edge: SIDE[side], dashed: true,
      text: t("{side} start zone", { side: sideName(side, t) }) });
  entries.push({ fill: PRONE, edge: INK, text: t("prone (name on a band)") },
    { fill: "#ef5350", edge: "#fff", text: t("a wound each") },
    { fill: "#2e7d32", edge: INK, text: t("actions left (amber: attack made)") },
    { fill: "#ef6c00", edge: INK, text: "! " + t("sabotaged") }, { fill: "#5f5a55", edge: INK, text: "✕ " + t("wreck") });
  return ui.key(entries);
}
