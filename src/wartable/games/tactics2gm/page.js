// 2GM Tactics on the web page: the page imports this module by the game's name (see
// docs/adding-a-game.md for the contract). It draws from the JSON view only; `ui` gives the
// page's helpers (el, the seat, the card glossary, choose(id) to narrow the actions, piece and
// glyph to draw counters).
//
// The field is 8 x 6 squares (data-id: their label, like C4), or two such fields side by side in a
// battle of four (16 x 6, columns A-P, GM-105), with the viewer's own edge at the bottom: the
// allies' for them and for a spectator, the axis' for the axis (the rows turn over; the columns
// stay A to P from left to right, as in the terminal, so that "left" keeps meaning the lower
// letter). Each square shows its ground, its terrain card and what wear left of it, smoke, the
// equipment fallen infantry left on it (GM-106), and the scenario's river, bridges and objective.
// Each HQ stands off its side's edge behind its own field, centred on D-E (and L-M), data-id
// hq (hq2) and data-side, with its hit points, AP, general and the aircraft waiting there.
// Each unit is a counter in its side's colour (data-id: its id, like m4_sherman-1) with a
// NATO-style symbol, its copy number, a short name, its wounds and its tokens (ready or spent);
// a unit carried aboard rides as a small tag beside its carrier.
//
// The view names each unit's card only; its kind (infantry, tank, transport, artillery,
// aircraft), points and AP to play come from the deck builder's catalogue of both armies,
// asked once.

const Q = 44;  // a square's side in SVG units
const P = 30;  // a counter alone on its square
const P2 = 20;  // a counter sharing its square: two fit side by side
const M = 12;  // the margins that hold the row numbers
const L = 11;  // the bands that hold the column letters
const H = 44;  // the strip off each edge where the HQ stands
const COLUMNS = "ABCDEFGHIJKLMNOP";
const FIELD = 8;  // the columns of one field: two lie side by side in a battle of four
const HQS = ["hq", "hq2"];  // the words actions name the HQ behind each field by
const SIDES = ["allies", "axis"];
// a seat's side: in team play "allies-2" plays for the allies
const sideOf = (seat) => (seat ? seat.split("-")[0] : seat);
const SIDE = { allies: "#4a6b2c", axis: "#56616f" };
const STRIP = { allies: "#e2e8d3", axis: "#dfe2e6" };
const ARMY_SIDE = { usa: "allies", germany: "axis" };
// each ground's colour, by the field's letters (their names: groundWords)
const GROUND = { ".": "#e8e0c2", F: "#b9cc9c", H: "#dde0b6", M: "#d6c09a", L: "#93c0e2", R: "#8bbbe0", S: "#4f86b8" };
const INK = "#1b1b1b", PAPER = "#f4efdc", GOLD = "#c8962a", WATER = "#4f8fc0";
// words that are card ids and plain English alike: left alone in running text
const PLAIN = new Set(["general", "impact", "ram", "promotion", "wall", "wire", "house", "bridge", "barrier",
  "bunker", "craters", "foxholes", "minefield", "trench"]);

const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);

// ---- the player's language -----------------------------------------------------------------
// The page's words in the player's language: `ui.t` (server/static/words.js), or without it
// English, its {placeholders} filled. Each text is said where it is made, its message a string
// literal that the catalogs' extractor reads (i18n/keep.py: never inside another message's
// arguments, where it is not read); a name from the view is said with t(name).
/** @returns {(msgid: string, args?: Record<string, string | number>) => string} */
const voice = (ui) => (ui && ui.t) || ((m, a = {}) => m.replace(/\{(\w+)\}/g, (w, k) => (k in a ? String(a[k]) : w)));
const sideName = (side, t) => (side === "allies" ? t("Allies") : side === "axis" ? t("Axis") : side);
const armyName = (army, t) => (army === "usa" ? t("USA") : army === "germany" ? t("Germany") : null);
const groundWords = (t) => ({ ".": t("open ground"), F: t("forest"), H: t("hedge"), M: t("mountain"), L: t("lake"),
  R: t("river"), S: t("sea") });
// the terrain cards' names across the top of their squares
const terrainWords = (t) => ({ house: t("House"), bunker: t("Bunker"), barrier: t("Barrier"), trench: t("Trench"),
  wall: t("Wall"), wire: t("Wire"), minefield: t("Mines"), foxholes: t("Foxholes"), craters: t("Craters"),
  bridge: t("Bridge"), at_mine: t("AT mine") });
// the phases of a turn, shown after "Round 2 of 8 · turn 3 ·" (a comment for the translators on
// the line before a word that could be read otherwise: the catalogs give it to the next line only)
const phaseWords = (t) => ({ bid: t("secret bids for the first turn"), first: t("choosing who plays first"),
  terrain: t("laying terrain"), mulligan: t("opening hands"), move: t("movement"), deploy: t("deployment and support"),
  // i18n: a phase of the turn, shown after "Round 2 of 8 · turn 3 ·": the units fire
  fire: t("fire"),
  flip: t("tokens turned back"),
  // i18n: a phase of the turn, shown after "Round 2 of 8 · turn 3 ·": cards are discarded
  discard: t("discard"),
  over: t("the battle is over") });
// i18n: the kinds of cards and units
const kindWords = (t) => ({ infantry: t("infantry"), tank: t("tank"), transport: t("transport"),
  artillery: t("artillery"), aircraft: t("aircraft"), support: t("support") });
// i18n: an equipment token's state, after its name
const tokenStates = (t) => ({ ready: t("ready"), used: t("used"), disabled: t("disabled") });
// the stages of an assault and of an air combat, in brackets after it
const stageWords = (t) => ({
  // i18n: an assault's stage: the side assaulted answers it
  react: t("react"),
  // i18n: an assault's stage: the assaulting unit strikes
  strike: t("strike"),
  // i18n: an air combat's stage: the attacker sends escorts
  escort: t("escort"),
  // i18n: an air combat's stage: the other side sends fighters to meet it
  defend: t("defend"),
  // i18n: an air combat's stage: the fighters fight it out
  dogfight: t("dogfight"),
});
const numberOf = (id) => id.split("-").pop();
const isSquare = (s) => typeof s === "string" && /^[A-Z]\d+$/.test(s);
// what the page narrows the actions to when an HQ is clicked: "axis:hq2" (the word alone is
// either side's HQ)
const hqKey = (side, name) => `${side}:${name}`;
let wide = false;  // the last board drawn was two fields: HQs are told apart by their columns

// an HQ in words: "the Axis HQ", on two fields "the Axis HQ behind I-P"
function hqWords(side, name, t) {
  const who = sideName(side, t);
  if (name === "hq2") return t("the {side} HQ behind I-P", { side: who });
  return wide ? t("the {side} HQ behind A-H", { side: who }) : t("the {side} HQ", { side: who });
}

// an HQ's name: "Axis HQ", on two fields "Axis HQ behind I-P"
function hqName(side, name, t) {
  const who = sideName(side, t);
  if (name === "hq2") return t("{side} HQ behind I-P", { side: who });
  return wide ? t("{side} HQ behind A-H", { side: who }) : t("{side} HQ", { side: who });
}

// a side's HQs, each {name, hp, max_hp, ap, general, seats}
function hqsOf(view, side) {
  const s = view.sides[side];
  return s.hqs || [{ name: "hq", hp: s.hq, max_hp: s.hq, ap: s.ap, general: s.general, seats: s.seats || [] }];
}

// ---- what the view leaves out: each card's kind and cost, from the catalogue ------------------
let catalogue = null;  // card key -> {title, kind, cost, options: {word: title}}
let asking = null;

function learn(view, ui) {
  if (catalogue || asking || !ui.api) return;
  const armies = [...new Set(Object.values(view.sides || {}).map((s) => s.army))];
  asking = Promise.all(armies.map((a) => ui.api(`/api/decks/cards?game=tactics2gm&army=${encodeURIComponent(a)}`)))
    .then((answers) => {
      const out = {};
      answers.forEach((r, k) => {
        for (const c of r.cards || [])
          out[c.key] = { title: c.title, kind: c.kind, cost: c.cost, launch: c.launch ?? c.cost, army: armies[k],
            options: Object.fromEntries((c.options || []).map((o) => [o.name, o.title])) };
      });
      catalogue = out;
      ui.render();
    })
    .catch(() => { catalogue = {}; });  // without it the counters keep a plain frame
}

// a card's title in the player's language (the catalogs hold every card's title)
function cardTitle(key, ui) {
  const face = (ui && ui.cards || {})[key] || (catalogue || {})[key];
  return voice(ui)(face ? face.title : cap(String(key).replaceAll("_", " ")));
}

function unitWords(id, ui) {
  const card = id.replace(/-\d+$/, "");
  return voice(ui)("{card} {n}", { card: cardTitle(card, ui), n: numberOf(id) });
}

// a name short enough for a counter: "M4 Sherman" is "Sherman", "Panzer IV Ausf. H" "Pz IV"
const SHORT = { light_infantry: "Rifles", heavy_infantry: "Weapons", usa_armored_infantry: "Armored",
  usa_assault_squad: "Assault", usa_bazooka_team: "Bazooka", usa_mechanics: "Mechanic", usa_medics: "Medics",
  usa_flamethrower: "Flamer", usa_sappers: "Engineer", usa_sniper: "Sniper", usa_command: "HQ Coy",
  usa_airborne: "Airborne", usa_stuart: "Stuart", m4_sherman: "Sherman", usa_sherman_76: "Sher. 76",
  usa_pershing: "Pershing", usa_wolverine: "M10", usa_greyhound: "M8", usa_jeep: "Jeep", usa_halftrack: "M3 HT",
  usa_truck: "Truck", usa_lcvp: "LCVP", usa_field_gun: "75 mm", usa_57mm: "57 mm AT", usa_howitzer: "105 mm",
  usa_bofors: "40 mm AA", usa_p47: "P-47", usa_b25: "B-25", ger_grenadiers: "Grenadier",
  ger_volksgrenadiers: "Volksgr.", ger_panzergrenadiers: "Pz.Gren.", ger_kradschutzen: "Krad",
  ger_heavy_weapons: "Heavy", ger_mg42_team: "MG 42", ger_mechanics: "Mechanic", ger_medics: "Medics",
  ger_flamethrower: "Flamer", ger_pioneers: "Pioniere", ger_sniper: "Sniper", ger_command: "Kp.Trupp",
  ger_fallschirmjager: "Fallschirm", ger_pz38t: "Pz 38(t)", ger_panzer_iv: "Pz IV", ger_panther: "Panther",
  tiger: "Tiger", ger_stug: "StuG", ger_puma: "Puma", ger_hanomag: "Hanomag", ger_opel_blitz: "Opel",
  ger_leig18: "leIG 18", ger_pak40: "Pak 40", ger_lefh18: "leFH 18", ger_flak88: "Flak 88",
  ger_nebelwerfer: "Nebelw.", ger_bf109: "Bf 109", ger_stuka: "Stuka" };

function shortName(card, ui) {
  if (SHORT[card]) return SHORT[card];
  const title = cardTitle(card, ui).replace(/\s*\(.*?\)\s*/g, " ").trim();
  if (title.length <= 9) return title;
  const last = title.split(/\s+/).pop();
  return last.length <= 9 ? last : title.slice(0, 8) + "…";
}

function kindOf(card) {
  const c = (catalogue || {})[card];
  return c ? c.kind : null;
}

// the symbol inside a counter's frame: one of the kit's, or one drawn here over an empty frame
// (the kit draws a kind it does not know, "frame", as the frame alone)
function symbolOf(card) {
  const kind = kindOf(card);
  if (kind === "infantry") {
    if (/sniper|scharf/.test(card)) return { kit: "sniper" };
    if (/medic|sanit/.test(card)) return { kit: "medic" };
    if (/heavy|mg42|bazooka|weapons/.test(card)) return { kit: "mg" };
    return { kit: "infantry", leader: /command/.test(card) };
  }
  if (kind === "tank") return { kit: /greyhound|puma|recon/.test(card) ? "recon" : "frame", extra: "armour" };
  if (kind === "transport") return { kit: "frame", extra: /lcvp|craft|boat/.test(card) ? "boat" : "wheels" };
  if (kind === "artillery") return { kit: "frame", extra: "gun" };
  if (kind === "aircraft") return { kit: "frame", extra: "air" };
  return { kit: catalogue ? "infantry" : "frame" };
}

// what the kit does not draw, inside the frame at (x, y) of w x h
function extraSymbol(el, extra, x, y, w, h) {
  const cx = x + w / 2, cy = y + h / 2, sw = Math.max(0.8, h / 9);
  const line = { fill: "none", stroke: INK, "stroke-width": sw, class: "glyph" };
  if (extra === "armour")
    return [el("svg:rect", { x: cx - w * 0.34, y: cy - h * 0.26, width: w * 0.68, height: h * 0.52, rx: h * 0.26, ...line })];
  if (extra === "gun") return [el("svg:circle", { cx, cy, r: h * 0.2, fill: INK, class: "glyph" })];
  if (extra === "wheels")
    return [el("svg:line", { x1: x + w * 0.2, y1: cy - h * 0.05, x2: x + w * 0.8, y2: cy - h * 0.05, ...line }),
      el("svg:circle", { cx: cx - w * 0.2, cy: y + h * 0.7, r: h * 0.13, ...line }),
      el("svg:circle", { cx: cx + w * 0.2, cy: y + h * 0.7, r: h * 0.13, ...line })];
  if (extra === "boat")
    return [el("svg:path", { d: `M${x + w * 0.18} ${cy - h * 0.1}h${w * 0.64}l${-w * 0.12} ${h * 0.32}h${-w * 0.4}z`, ...line })];
  if (extra === "air")  // a propeller: two blades meeting at the hub
    return [el("svg:path", { d: `M${cx} ${cy}C${cx - w * 0.12} ${cy - h * 0.42} ${cx - w * 0.36} ${cy - h * 0.1} ${cx} ${cy}` +
      `C${cx - w * 0.36} ${cy + h * 0.1} ${cx - w * 0.12} ${cy + h * 0.42} ${cx} ${cy}` +
      `C${cx + w * 0.12} ${cy - h * 0.42} ${cx + w * 0.36} ${cy - h * 0.1} ${cx} ${cy}` +
      `C${cx + w * 0.36} ${cy + h * 0.1} ${cx + w * 0.12} ${cy + h * 0.42} ${cx} ${cy}z`, ...line })];
  return [];
}

// ---- words ---------------------------------------------------------------------------------
// ids in players' words: "m4_sherman-1" is "M4 Sherman 1", "usa_pershing" "M26 Pershing",
// "allies" "Allies"
export function words(text, ui) {
  const t = voice(ui);
  const known = (key) => ((ui && ui.cards) || {})[key] || (catalogue || {})[key];
  return String(text)
    .replace(/\b(allies|axis):(hq2?)\b/g, (w, side, name) => hqWords(side, name, t))
    .replace(/\b([a-z][a-z0-9_]*)-(\d+)\b/g, (w, key, n) => (known(key) ? t("{card} {n}", { card: cardTitle(key, ui), n }) : w))
    .replace(/\b[a-z][a-z0-9_]*\b/g, (w) => (known(w) && !PLAIN.has(w) ? cardTitle(w, ui) : w))
    .replace(/\b(allies|axis)\b/g, (w) => sideName(w, t))
    .replaceAll(" -> ", " → ");
}

// what an action names on the board; "hq" (or "hq2") is the enemy's HQ for a shot or a bomber,
// the side's own where it deploys a fighter; a pick or a trade names the equipment lying under
// its unit
export function names(text, seat, view) {
  const [verb, ...args] = String(text).split(" ");
  const own = sideOf(seat);
  const enemy = own === "allies" ? "axis" : own === "axis" ? "allies" : null;
  const out = args.filter((w) => /^[A-Za-z0-9_-]+$/.test(w)).map((w) => {
    if (!HQS.includes(w) || !enemy) return `[data-id="${w}"]`;
    return `[data-id="${w}"][data-side="${verb === "deploy" ? own : enemy}"]`;
  });
  if ((verb === "pick" || verb === "trade") && view && view.units) {
    const u = view.units.find((p) => p.id === args[0]);
    if (u && isSquare(u.square)) out.push(`.dropped[data-square="${u.square}"]`);
  }
  return out;
}

// whether an action of seat's involves what the player clicked: an HQ ("axis:hq2") is named by
// the actions that name that very HQ (names above), anything else by its id among the words
export function involves(action, id, seat, view) {
  const m = /^(allies|axis):(hq2?)$/.exec(id);
  if (!m) return String(action).split(" ").slice(1).includes(id);
  return names(action, seat, view).includes(`[data-id="${m[2]}"][data-side="${m[1]}"]`);
}

// ---- geometry ------------------------------------------------------------------------------
function parse(label) {
  return [label.charCodeAt(0) - 65, Number(label.slice(1)) - 1];
}

function labelOf(col, row) {
  return COLUMNS.charAt(col) + (row + 1);
}

function frame(view) {
  const rows = view.field.rows.length, columns = view.field.columns || view.field.rows[0].length;
  const fields = view.field.fields || Math.max(1, Math.round(columns / FIELD));
  const flip = sideOf(view.me) === "axis";
  const top = flip ? "allies" : "axis", bottom = flip ? "axis" : "allies";
  const f0 = H + L;
  const x = (c) => M + c * Q;
  const y = (r) => f0 + (flip ? r : rows - 1 - r) * Q;
  const height = 2 * H + 2 * L + rows * Q;
  // each field's HQ stands behind its middle: D-E, and L-M on the second field
  const behind = (k) => x(k * FIELD + FIELD / 2);
  return { rows, columns, fields, flip, top, bottom, f0, x, y, behind, width: 2 * M + columns * Q, height,
    strip: { [top]: 0, [bottom]: height - H } };
}

// ---- the board -----------------------------------------------------------------------------
export function board(view, ui) {
  const { el } = ui;
  const t = voice(ui);
  if (!view.field) return el("div", { id: "board", class: "generic-view", text: t("No battlefield yet.") });
  learn(view, ui);
  const f = frame(view);
  wide = f.fields > 1;
  const svg = el("svg:svg", { viewBox: `0 0 ${f.width} ${f.height}`, id: "board", class: "squares",
    "data-catalogue": catalogue ? "ready" : "waiting" });
  svg.append(ui.defs());
  const layers = { ground: el("svg:g"), lines: el("svg:g"), marks: el("svg:g"), counters: el("svg:g"),
    over: el("svg:g") };
  const field = view.field, sc = view.scenario;
  const goal = sc ? sc.objective : null;
  const goalSquares = new Set(goal ? goal.squares : []);
  const held = new Set(goal ? goal.held || [] : []);
  // the units: on the field, aboard a carrier, or off it at their HQ or in the air
  const byId = Object.fromEntries(view.units.map((u) => [u.id, u]));
  const aboard = {};
  for (const u of view.units) if (u.aboard && byId[u.aboard]) (aboard[u.aboard] = aboard[u.aboard] || []).push(u);
  const per = {};
  for (const u of view.units)
    if (isSquare(u.square) && !(u.aboard && byId[u.aboard])) (per[u.square] = per[u.square] || []).push(u);
  for (let r = 0; r < f.rows; r++) for (let c = 0; c < f.columns; c++) {
    const label = labelOf(c, r);
    layers.ground.append(square(view, ui, f, c, r, label, goalSquares.has(label), (per[label] || []).length));
  }
  svg.append(layers.ground);
  river(el, sc, f, layers.lines);
  for (const label of goalSquares) {
    if (!/^[A-Z]\d+$/.test(label)) continue;
    const [c, r] = parse(label);
    const x = f.x(c), y = f.y(r), mine = held.has(label);
    layers.lines.append(el("svg:rect", { x: x + 1.5, y: y + 1.5, width: Q - 3, height: Q - 3, rx: 2, fill: "none",
      stroke: mine ? SIDE[goal.side] : GOLD, "stroke-width": 2.2, "stroke-dasharray": mine ? null : "5 3",
      "pointer-events": "none" }),
    star(el, x + Q - 5.5, y + Q - 5.5, 3.6, mine ? SIDE[goal.side] : GOLD));
  }
  // two fields side by side: the seam between H and I
  for (let k = 1; k < f.fields; k++)
    layers.lines.append(el("svg:line", { x1: f.x(k * FIELD), y1: f.f0 - L + 2, x2: f.x(k * FIELD),
      y2: f.f0 + f.rows * Q + L - 2, stroke: "#5b5444", "stroke-width": 2.2, "pointer-events": "none",
      class: "field-seam" }));
  svg.append(layers.lines);
  // smoke: puffs round the square's edge, so a counter on it stays readable
  for (const [label, side] of Object.entries(field.smoke || {})) {
    if (!isSquare(label)) continue;
    const [c, r] = parse(label);
    const x = f.x(c), y = f.y(r);
    const g = el("svg:g", { class: "smoke-screen", "pointer-events": "none" },
      el("svg:title", { text: t("{square}: a smoke screen (+2/+2), lifted at the {side}' next Inicio",
        { square: label, side: sideName(side, t) }) }));
    for (const [dx, dy, rr] of [[0.12, 0.14, 0.16], [0.5, 0.08, 0.14], [0.88, 0.15, 0.16], [0.1, 0.52, 0.13],
      [0.9, 0.5, 0.14], [0.14, 0.88, 0.16], [0.52, 0.92, 0.14], [0.88, 0.86, 0.16]])
      g.append(el("svg:circle", { cx: x + dx * Q, cy: y + dy * Q, r: rr * Q, fill: "#8d8d8d", "fill-opacity": 0.55 }));
    layers.marks.append(g);
  }
  // an air attack under way: the squares it aims at
  if (view.sortie) for (const label of view.sortie.at || []) {
    if (!isSquare(label)) continue;
    const [c, r] = parse(label);
    layers.marks.append(el("svg:circle", { cx: f.x(c) + Q / 2, cy: f.y(r) + Q / 2, r: Q * 0.46, fill: "none",
      stroke: "#c62828", "stroke-width": 2, "stroke-dasharray": "4 3", "pointer-events": "none" }));
  }
  svg.append(layers.marks);
  // where each unit was in the view shown before: an arrow from there
  const was = {};
  for (const u of (ui.before && ui.before.units) || []) if (isSquare(u.square)) was[u.id] = u.square;
  let smallest = P;
  const centre = {};
  for (const [label, here] of Object.entries(per)) {
    const [c, r] = parse(label);
    const x0 = f.x(c), y0 = f.y(r);
    const labelled = squareLabel(view, label, t) !== "";
    here.sort((a, b) => (a.beside ? 1 : 0) - (b.beside ? 1 : 0));
    const size = here.length === 1 ? P : P2;
    smallest = Math.min(smallest, size);
    here.forEach((u, k) => {
      const riders = aboard[u.id] || [];
      let x, y;
      if (here.length === 1) {
        x = x0 + (Q - P) / 2 - (riders.length ? 5 : 0);
        y = labelled ? y0 + Q - P - 2.5 : y0 + (Q - P) / 2;
      } else if (here.length === 2) {
        x = x0 + 1.5 + k * (Q / 2);
        y = labelled ? y0 + Q - P2 - 3 : y0 + (Q - P2) / 2;
      } else {
        x = x0 + 1.5 + (k % 2) * (Q / 2);
        y = y0 + 1.5 + Math.floor(k / 2) * (Q / 2);
      }
      centre[u.id] = [x + size / 2, y + size / 2];
      const from = was[u.id];
      const moved = from && from !== u.square;
      if (moved) {
        const [fc, fr] = parse(from);
        layers.marks.append(el("svg:line", { x1: f.x(fc) + Q / 2, y1: f.y(fr) + Q / 2, x2: x + size / 2, y2: y + size / 2,
          class: `move-arrow ${u.side}`, "marker-end": "url(#arrow)" }));
      }
      layers.counters.append(counter(u, x, y, size, view, ui, moved));
      riders.forEach((p, j) => layers.over.append(rider(p, u, x + size + 1, y + j * 10.5, view, ui)));
    });
  }
  // the HQs at their edges, with the aircraft waiting there or in the air
  for (const side of SIDES) {
    const [strip, size] = hqStrip(view, ui, f, side, centre);
    svg.append(strip);
    smallest = Math.min(smallest, size);
  }
  svg.append(...coordinates(el, f));
  // equipment lying on the ground (GM-106): over the counters, in the square's lower left corner
  for (const [label, lying] of Object.entries(field.dropped || {}))
    if (isSquare(label) && lying.length) layers.over.append(dropped(view, ui, f, label, lying));
  svg.append(layers.counters, layers.over);
  // a shot held while the side aimed at decides on smoke: a line from the firer to its mark
  if (view.aim) {
    const [, firer, , target] = String(view.aim.action).split(" ");
    const a = centre[firer], b = centre[target];
    if (a && b) svg.append(el("svg:line", { x1: a[0], y1: a[1], x2: b[0], y2: b[1], stroke: "#c62828",
      "stroke-width": 1.6, "stroke-dasharray": "4 3", "marker-end": "url(#arrow)", "pointer-events": "none" }));
  }
  // never smaller than the page's minimum a counter: a narrow screen scrolls the board instead
  ui.keepPieces(svg, f.width, f.height, smallest);
  if (f.fields > 1) showOwnField(view, ui, f, svg);
  return svg;
}

// two fields on a screen too narrow for both: the board scrolls, and opens on the viewer's own
// field (once a game; after that the page keeps where the player scrolled to)
let shownOwn = null;
function showOwnField(view, ui, f, svg) {
  const key = `${ui.gameId}/${ui.seat}`;
  if (!ui.seat || shownOwn === key || typeof requestAnimationFrame !== "function") return;
  const side = sideOf(ui.seat);
  const k = view.sides[side] ? hqsOf(view, side).findIndex((h) => (h.seats || []).includes(ui.seat)) : -1;
  requestAnimationFrame(() => {
    const scroller = svg.closest(".board-scroll");
    if (!scroller) return;
    shownOwn = key;
    if (k <= 0 || scroller.scrollWidth <= scroller.clientWidth) return;
    const at = (f.behind(k) / f.width) * scroller.scrollWidth;
    scroller.scrollLeft = Math.max(0, at - scroller.clientWidth / 2);
  });
}

// the equipment tokens fallen infantry left on a square (GM-106): a chip each, light while ready,
// grey once spent; a click narrows the actions to picking up or trading for the first
function dropped(view, ui, f, label, lying) {
  const { el } = ui;
  const t = voice(ui);
  const [c, r] = parse(label);
  const x = f.x(c), y = f.y(r), s = 7.2;
  const titles = view.field.dropped_titles || {};
  const name = (token) => t(titles[token] || cap(token.replaceAll("_", " ")));
  const g = el("svg:g", { class: "dropped", "data-square": label, "data-tokens": lying.map(([token]) => token).join(" ") });
  g.addEventListener("click", (ev) => { ev.stopPropagation(); ui.choose(lying[0][0]); });
  const shown = lying.slice(0, 5);
  g.append(el("svg:rect", { x: x + 0.8, y: y + Q - 1.6 - shown.length * (s + 0.8), width: s + 1.6,
    height: shown.length * (s + 0.8) + 0.8, rx: 1.5, class: "shape", fill: "#fffdf4", "fill-opacity": 0.85,
    stroke: "#5b4a32", "stroke-width": 0.5 }));
  shown.forEach(([, face], k) => {
    const ty = y + Q - 0.8 - (k + 1) * (s + 0.8);
    g.append(el("svg:rect", { x: x + 1.6, y: ty, width: s, height: s, rx: s * 0.25,
      fill: face === "ready" ? "#d9b44a" : "#6b6b6b", stroke: INK, "stroke-width": 0.5 }),
    el("svg:circle", { cx: x + 1.6 + s / 2, cy: ty + s / 2, r: s * 0.2, fill: face === "ready" ? INK : "#bdbdbd" }));
  });
  const tokens = lying.map(([token, face]) => (face === "ready" ? name(token) : t("{token} (spent)", { token: name(token) })));
  g.append(el("svg:title", { text: t("{square}: equipment on the ground, for infantry there to pick up or trade (GM-106): {tokens}",
    { square: label, tokens: tokens.join(", ") }) }));
  return g;
}

// a square: its ground, the terrain card on it, what wear left, and its label
function square(view, ui, f, c, r, label, objective, crowd) {
  const { el } = ui;
  const t = voice(ui);
  const field = view.field;
  const g0 = field.rows[r].charAt(c);
  const x = f.x(c), y = f.y(r);
  const picked = ui.filter === label;
  const g = el("svg:g", { "data-id": label, class: "square" + (picked ? " picked" : "") });
  g.addEventListener("click", () => ui.choose(label));
  g.append(el("svg:rect", { x, y, width: Q, height: Q, class: "shape square-base",
    fill: GROUND[g0] || "#ddd", stroke: "#b3ab90", "stroke-width": 0.5,
    ...(picked ? { style: "stroke: #f0a800; stroke-width: 2.5" } : {}) }));
  const quiet = el("svg:g", { "pointer-events": "none" });
  quiet.append(...texture(el, g0, x, y));
  const card = (field.terrain || {})[label];
  const ruined = (field.ruins || []).includes(label);
  if (ruined) quiet.append(...rubble(el, x, y));
  else if (card) quiet.append(...terrainArt(el, card[0], x, y));
  const text = squareLabel(view, label, t);
  if (text && crowd < 3) {
    const owner = card && card[1];
    // a long label is pressed into its square (bold letters are about 0.6 of their size
    // wide): it never reaches the neighbour's
    const fits = text.length * 6.4 * 0.6 <= Q - 4;
    quiet.append(el("svg:rect", { x: x + 1, y: y + 1, width: Q - 2, height: 8.6, rx: 1.5, fill: "#fffdf4",
      "fill-opacity": 0.78 }),
    el("svg:text", { x: x + Q / 2, y: y + 7.4, "font-size": 6.4, "font-weight": "bold", "text-anchor": "middle",
      fill: owner ? SIDE[owner] : "#4a3f2a", text, class: "terrain-label",
      ...(fits ? {} : { textLength: Q - 4, lengthAdjust: "spacingAndGlyphs" }) }));
  }
  g.append(quiet);
  const facts = [t("{square}: {ground}", { square: label, ground: groundWords(t)[g0] || g0 })];
  if (ruined) facts.push(t("ruins (difficult, no cover)"));
  else if (card) facts.push(card[1] ? t("{card} ({side}')", { card: cardTitle(card[0], ui), side: sideName(card[1], t) })
    : cardTitle(card[0], ui));
  if (label in (field.worn || {})) facts.push(t("{pi} PI left", { pi: field.worn[label] }));
  if (label in (field.smoke || {})) facts.push(t("smoke screen"));
  if ((field.dropped || {})[label] && field.dropped[label].length) facts.push(t("equipment on the ground"));
  if (objective) facts.push(t("objective"));
  g.append(el("svg:title", { text: facts.join(", ") }));
  return g;
}

// the words across a square's top: its terrain card (or ruins) and the PI wear left it
function squareLabel(view, label, t) {
  const field = view.field;
  const card = (field.terrain || {})[label];
  const ruined = (field.ruins || []).includes(label);
  // a scenario's bridge needs no words: its deck over the river says it
  const spans = card && card[0] === "bridge" && view.scenario && (view.scenario.river || []).length;
  const name = ruined ? t("Ruins") : spans ? "" : card ? (terrainWords(t)[card[0]] || t(cap(card[0].replaceAll("_", " ")))) : "";
  const pi = label in (field.worn || {}) ? t("{pi} PI", { pi: field.worn[label] }) : "";
  return [name, pi].filter(Boolean).join(" · ");
}

// a few strokes that say what a square's ground is at a glance
function texture(el, g0, x, y) {
  const at = (dx, dy) => [x + dx * Q, y + dy * Q];
  if (g0 === "F") return [[0.2, 0.24, 0.13], [0.78, 0.2, 0.12], [0.5, 0.52, 0.14], [0.18, 0.8, 0.12], [0.82, 0.78, 0.13]]
    .map(([dx, dy, rr]) => { const [cx, cy] = at(dx, dy);
      return el("svg:circle", { cx, cy, r: rr * Q, fill: "#6f9a58", stroke: "#4c7a3c", "stroke-width": 0.7 }); });
  if (g0 === "H") return [0.3, 0.72].flatMap((dy) => [0.14, 0.38, 0.62, 0.86].map((dx) => { const [cx, cy] = at(dx, dy);
    return el("svg:circle", { cx, cy, r: 0.1 * Q, fill: "#7ea35c", stroke: "#56803c", "stroke-width": 0.6 }); }));
  if (g0 === "M") return [[0.3, 0.62, 0.22], [0.68, 0.7, 0.18]].map(([dx, dy, s]) => { const [cx, cy] = at(dx, dy);
    return el("svg:path", { d: `M${cx - s * Q} ${cy + s * Q * 0.5}L${cx} ${cy - s * Q}L${cx + s * Q} ${cy + s * Q * 0.5}z`,
      fill: "#b79a6c", stroke: "#7d6340", "stroke-width": 0.8, "stroke-linejoin": "round" }); });
  if (g0 === "L" || g0 === "R" || g0 === "S") {
    const ink = g0 === "S" ? "#dbe9f5" : "#3f7fb3";
    return [0.3, 0.55, 0.8].map((dy) => { const [sx, sy] = at(0.16, dy);
      return el("svg:path", { d: `M${sx} ${sy}q${Q * 0.085} ${-Q * 0.07} ${Q * 0.17} 0t${Q * 0.17} 0t${Q * 0.17} 0t${Q * 0.17} 0`,
        fill: "none", stroke: ink, "stroke-width": 1, "stroke-linecap": "round" }); });
  }
  return [];
}

// a terrain card, drawn in the middle of its square (a counter on it hides part of it)
function terrainArt(el, card, x, y) {
  const cx = x + Q / 2, cy = y + Q / 2 + 3;
  const thin = (extra) => ({ fill: "none", stroke: "#5b4a32", "stroke-width": 1.2, "stroke-linecap": "round", ...extra });
  if (card === "house") return [el("svg:rect", { x: x + 5, y: y + 11, width: Q - 10, height: Q - 15, fill: "#a0704c",
    stroke: "#5b3a24", "stroke-width": 0.9 }), el("svg:line", { x1: x + 5, y1: cy + 1.5, x2: x + Q - 5, y2: cy + 1.5,
    stroke: "#5b3a24", "stroke-width": 0.9 })];
  if (card === "bunker") return [el("svg:rect", { x: x + 6, y: y + 12, width: Q - 12, height: Q - 17, rx: 4, fill: "#9a9a92",
    stroke: "#55554f", "stroke-width": 1.2 }), el("svg:rect", { x: cx - 8, y: y + 15, width: 16, height: 2.4, fill: "#33332f" })];
  if (card === "trench") return [el("svg:path", { d: `M${x + 4} ${cy}l5 -6l6 12l6 -12l6 12l6 -12l5 6`,
    ...thin({ stroke: "#6b4a1e", "stroke-width": 2.2, "stroke-linejoin": "round" }) })];
  if (card === "wall") return [el("svg:rect", { x: x + 3, y: cy - 3, width: Q - 6, height: 6, fill: "#a8a296",
    stroke: "#6f6a5f", "stroke-width": 0.8 }), ...[1, 2, 3, 4, 5].map((k) => el("svg:line", { x1: x + 3 + k * (Q - 6) / 6,
    y1: cy - 3, x2: x + 3 + k * (Q - 6) / 6, y2: cy + 3, stroke: "#6f6a5f", "stroke-width": 0.6 }))];
  if (card === "wire") return [el("svg:path", { d: `M${x + 4} ${cy}` + " c2 -6 6 -6 6 0 c0 6 4 6 6 0".repeat(3),
    ...thin({ stroke: "#4a4a4a", "stroke-width": 1 }) })];
  if (card === "barrier") return [-12, 0, 12].flatMap((dx) => [
    el("svg:line", { x1: cx + dx - 4, y1: cy - 4, x2: cx + dx + 4, y2: cy + 4, ...thin({ stroke: "#3f3f3f", "stroke-width": 1.8 }) }),
    el("svg:line", { x1: cx + dx + 4, y1: cy - 4, x2: cx + dx - 4, y2: cy + 4, ...thin({ stroke: "#3f3f3f", "stroke-width": 1.8 }) })]);
  if (card === "minefield" || card === "at_mine") return [[-12, -6], [4, -9], [12, 4], [-6, 8], [-14, 10], [0, 0]]
    .map(([dx, dy]) => el("svg:circle", { cx: cx + dx, cy: cy + dy, r: card === "at_mine" ? 3 : 2, fill: "#5a4630",
      stroke: "#c62828", "stroke-width": 0.6 }));
  if (card === "foxholes") return [[-11, -5], [9, -6], [0, 8]].map(([dx, dy]) => el("svg:ellipse", { cx: cx + dx, cy: cy + dy,
    rx: 5, ry: 2.6, fill: "#6b5433", stroke: "#3d2f1c", "stroke-width": 0.6 }));
  if (card === "craters") return [[-8, -4, 7], [10, 6, 5]].map(([dx, dy, rr]) => el("svg:circle", { cx: cx + dx, cy: cy + dy,
    r: rr, fill: "#b7a37e", stroke: "#6b5433", "stroke-width": 1.4 }));
  if (card === "bridge") return [el("svg:rect", { x: cx - 8, y, width: 16, height: Q, fill: "#a47a4f", stroke: "#5b3a24",
    "stroke-width": 0.8 }), ...[1, 2, 3, 4, 5, 6, 7].map((k) => el("svg:line", { x1: cx - 8, y1: y + k * Q / 8, x2: cx + 8,
    y2: y + k * Q / 8, stroke: "#5b3a24", "stroke-width": 0.5 }))];
  return [el("svg:rect", { x: x + 8, y: y + 13, width: Q - 16, height: Q - 20, rx: 2, fill: "#ece3c8", stroke: "#8a7a5a",
    "stroke-width": 0.8 })];
}

function rubble(el, x, y) {
  return [[0.25, 0.45, 0.1], [0.55, 0.35, 0.08], [0.72, 0.62, 0.11], [0.38, 0.72, 0.09], [0.6, 0.85, 0.06]]
    .map(([dx, dy, rr]) => el("svg:path", { d: `M${x + dx * Q - rr * Q} ${y + dy * Q + rr * Q * 0.6}l${rr * Q * 0.7} ${-rr * Q * 1.3}` +
      `l${rr * Q * 1.1} ${rr * Q * 0.4}l${rr * Q * 0.2} ${rr * Q * 0.9}z`, fill: "#8f877a", stroke: "#5b554b", "stroke-width": 0.6 }));
}

function star(el, cx, cy, r, fill) {
  const pts = Array.from({ length: 10 }, (_, k) => {
    const a = -Math.PI / 2 + k * Math.PI / 5, rr = k % 2 ? r * 0.45 : r;
    return `${(cx + rr * Math.cos(a)).toFixed(2)},${(cy + rr * Math.sin(a)).toFixed(2)}`;
  });
  return el("svg:polygon", { points: pts.join(" "), fill, stroke: "#5a3c00", "stroke-width": 0.5, "pointer-events": "none" });
}

// the scenario's river between two rows, and its bridges
function river(el, sc, f, into) {
  if (!sc || !(sc.river || []).length) return;
  let low = null;
  for (const step of sc.river) {
    const [a, b] = step.split("|");
    if (!isSquare(a) || !isSquare(b)) continue;
    const [ca, ra] = parse(a), [, rb] = parse(b);
    low = low === null ? Math.min(ra, rb) : Math.min(low, ra, rb);
    const ey = Math.max(f.y(ra), f.y(rb));
    into.append(el("svg:line", { x1: f.x(ca), y1: ey, x2: f.x(ca) + Q, y2: ey, stroke: WATER, "stroke-width": 6,
      "pointer-events": "none" }),
    el("svg:line", { x1: f.x(ca) + 3, y1: ey, x2: f.x(ca) + Q - 3, y2: ey, stroke: "#cfe4f4", "stroke-width": 1,
      "stroke-dasharray": "6 5", "pointer-events": "none" }));
  }
  if (low === null) return;
  const ey = Math.max(f.y(low), f.y(low + 1));
  for (const col of sc.bridges || []) {
    const c = COLUMNS.indexOf(col);
    if (c < 0) continue;
    const cx = f.x(c) + Q / 2;
    into.append(el("svg:rect", { x: cx - 10, y: ey - 7, width: 20, height: 14, rx: 1.5, fill: "#a47a4f", stroke: "#4a2f1c",
      "stroke-width": 1.2, "pointer-events": "none" }),
    el("svg:line", { x1: cx - 12, y1: ey - 7, x2: cx + 12, y2: ey - 7, stroke: "#4a2f1c", "stroke-width": 1.6,
      "pointer-events": "none" }),
    el("svg:line", { x1: cx - 12, y1: ey + 7, x2: cx + 12, y2: ey + 7, stroke: "#4a2f1c", "stroke-width": 1.6,
      "pointer-events": "none" }));
  }
}

function coordinates(el, f) {
  const out = [];
  const text = (x, y, t) => el("svg:text", { x, y, "font-size": 8, "text-anchor": "middle", fill: "#6a6350",
    "pointer-events": "none", text: t });
  for (let c = 0; c < f.columns; c++) {
    const x = f.x(c) + Q / 2;
    out.push(text(x, f.f0 - 3, COLUMNS.charAt(c)), text(x, f.f0 + f.rows * Q + 8.5, COLUMNS.charAt(c)));
  }
  for (let r = 0; r < f.rows; r++) {
    const y = f.y(r) + Q / 2 + 3;
    out.push(text(M / 2, y, String(r + 1)), text(f.width - M / 2, y, String(r + 1)));
  }
  return out;
}

// a side's HQs off its edge, each behind its own field: hit points, AP, its general, and the
// aircraft waiting at it or flying from it
function hqStrip(view, ui, f, side, centre) {
  const { el } = ui;
  const y0 = f.strip[side];
  const active = view.active === side;
  const g = el("svg:g", { class: "hq-strip" });
  g.append(el("svg:rect", { x: 0.5, y: y0 + 0.5, width: f.width - 1, height: H - 1, rx: 4, fill: STRIP[side],
    stroke: active ? SIDE[side] : "none", "stroke-width": active ? 1.6 : 0 }));
  const hqs = hqsOf(view, side);
  // an aircraft waits at its player's HQ; one in the air flies from its commander's
  const home = (u) => {
    if (HQS.includes(u.square)) return Math.max(0, hqs.findIndex((h) => h.name === u.square));
    return Math.max(0, hqs.findIndex((h) => (h.seats || []).includes(u.commander)));
  };
  const off = view.units.filter((u) => u.side === side && !isSquare(u.square) && !u.aboard);
  let smallest = P;
  hqs.forEach((h, k) => {
    // its part of the strip: behind its own field
    const from = k ? f.x(k * FIELD) + 3 : M, to = k + 1 < hqs.length ? f.x((k + 1) * FIELD) - 3 : f.width - 2;
    const waiting = off.filter((u) => home(u) === k);
    smallest = Math.min(smallest, hqBox(view, ui, f, side, h, k, [from, to], waiting, g, centre));
  });
  return [g, smallest];
}

// one HQ: its counter (a click narrows the actions to those that name it), and beside it its
// general and cards on the left, its aircraft on the right
function hqBox(view, ui, f, side, h, k, [from, to], waiting, g, centre) {
  const { el } = ui;
  const t = voice(ui);
  const s = view.sides[side];
  const y0 = f.strip[side], mid = f.fields > 1 ? f.behind(k) : f.width / 2;
  const active = view.active === side;
  const bw = 96, bx = mid - bw / 2, by = y0 + 4, bh = H - 8;
  const key = hqKey(side, h.name);
  const picked = ui.filter === key;
  const hq = el("svg:g", { "data-id": h.name, "data-side": side, "data-seats": (h.seats || []).join(" "),
    class: "hq" + (picked ? " picked" : "") });
  hq.addEventListener("click", () => ui.choose(key));
  hq.append(el("svg:rect", { x: bx, y: by, width: bw, height: bh, rx: 4, class: "shape hq-base", fill: SIDE[side],
    stroke: INK, "stroke-width": 1, ...(picked ? { style: "stroke: #f0a800; stroke-width: 2.5" } : {}) }));
  const txt = (x, y, text, size, extra = {}) => el("svg:text", { x, y, "font-size": size, "font-weight": "bold",
    "text-anchor": "middle", fill: PAPER, "pointer-events": "none", text, ...extra });
  const which = f.fields > 1 ? (h.name === "hq2" ? "I-P" : "A-H") : armyName(s.army, t) || cap(s.army);
  // its name, pressed into the box where a language makes it longer than the box (bold letters
  // are about 0.6 of their size wide)
  const title = t("{side} HQ", { side: sideName(side, t) }) + " · " + which;
  hq.append(txt(mid, by + 9.5, title, 7.2,
    title.length * 7.2 * 0.6 > bw - 6 ? { textLength: bw - 6, lengthAdjust: "spacingAndGlyphs" } : {}));
  const left = Math.max(0, h.hp), full = Math.max(h.max_hp || left, left);
  const pw = Math.min(7, (bw - 12) / Math.max(1, full)), px = mid - (full * pw) / 2;
  for (let j = 0; j < full; j++)
    hq.append(el("svg:rect", { x: px + j * pw + 0.5, y: by + 13, width: pw - 1, height: 6, rx: 1,
      fill: j < left ? "#f2c14e" : "#2b2b2b", stroke: INK, "stroke-width": 0.4, "pointer-events": "none" }));
  const ap = h.ap ?? s.ap;
  hq.append(txt(mid, by + 29, t("{pi} PI", { pi: left }) + " · " + t("{ap} AP", { ap }), 7.6));
  const players = (h.seats || []).map((seat) => words(seat, ui));
  // "a and b", "a and b and c"
  const both = players.length ? players.reduce((first, second) => t("{first} and {second}", { first, second })) : "";
  const aircraft = waiting.map((u) => unitWords(u.id, ui)).join(", ");
  hq.append(el("svg:title", { text: t("{hq}: {left} of {full} PI left, {ap} AP", { hq: hqName(side, h.name, t), left, full, ap }) +
    (h.general ? "; " + t("general {card}", { card: cardTitle(h.general, ui) }) : "") +
    (f.fields > 1 && players.length ? "; " + t("commanded by {players}", { players: both }) : "") +
    (waiting.length ? "; " + t("aircraft: {units}", { units: aircraft }) : "") }));
  g.append(hq);
  // beside it, on the left: the general and the cards (on two fields, its own player's)
  const seats = (h.seats || []).map((seat) => (view.seats || {})[seat]).filter(Boolean);
  const count = (what) => (f.fields > 1 && seats.length ? seats.reduce((n, p) => n + p[what], 0) : s[what]);
  const info = (y, text, extra = {}) => el("svg:text", { x: from, y, "font-size": 6.6, fill: "#3b3b33",
    "pointer-events": "none", text, ...extra });
  const you = (h.seats || []).includes(ui.seat) ? " " + t("(you)") : "";
  const third = f.fields > 1 ? players.join(", ") + you : t("units lost {lost}", { lost: s.lost });
  const general = h.general ? t("General {card}", { card: cardTitle(h.general, ui) }) : t("No general");
  g.append(info(y0 + 14, general, { "font-weight": "bold" }),
    info(y0 + 24, t("hand {hand} · deck {deck}", { hand: count("hand"), deck: count("deck") })),
    info(y0 + 33, third + (active ? " · " + t("to play") : ""), active ? { "font-weight": "bold", fill: SIDE[side] } : {}));
  // on the right: its aircraft waiting at the HQ or up in the air; a crowd in two rows
  const x0 = mid + bw / 2 + 6, room = to - x0;
  const fit = (size, gap) => Math.max(1, Math.floor((room + gap) / (size + gap)));
  const size = waiting.length <= fit(P, 2.5) ? P : P2, across = size === P ? fit(P, 2.5) : fit(P2, 2.5);
  waiting.forEach((u, j) => {
    const x = x0 + (j % across) * (size + 2.5);
    const y = size === P ? y0 + (H - P) / 2 : y0 + 1.5 + Math.floor(j / across) * (size + 1);
    centre[u.id] = [x + size / 2, y + size / 2];
    g.append(counter(u, x, y, size, view, ui, false));
  });
  return waiting.length ? size : P;
}

function counter(u, x, y, size, view, ui, moved) {
  const { el } = ui;
  const sym = symbolOf(u.card);
  const badges = [];
  if (u.assaulting) badges.push({ at: "tr", text: "A", fill: "#c62828" });
  else if (u.mounted) badges.push({ at: "tr", text: "▲", fill: "#37474f" });
  const picked = ui.filter === u.id;
  const g = ui.piece({ id: u.id, side: u.side, x, y, size, kind: sym.kit, leader: sym.leader,
    corner: numberOf(u.id), badges, wounds: Array.from({ length: Math.min(u.wounds || 0, 5) }, () => (u.wounds >= 3 ? 2 : 1)),
    hatch: u.suppressed ? "suppressed" : null, dashed: u.square === "air",
    classes: (picked ? "picked " : "") + (moved ? "moved " : "") + (sideOf(ui.seat) === u.side ? "mine " : "") +
      (u.suppressed ? "suppressed" : ""),
    title: unitTitle(u, view, ui) });
  const base = g.querySelector(".piece-base");
  if (base) base.setAttribute("fill", SIDE[u.side] || "#777");
  g.setAttribute("data-card", u.card);
  const [fw, fh, fy] = [size * 0.62, size * 0.4, size * 0.3];
  if (sym.extra) g.append(...extraSymbol(el, sym.extra, x + (size - fw) / 2, y + fy, fw, fh));
  // its name, small, under the symbol (a long one squeezed to the counter's width)
  const name = shortName(u.card, ui);
  g.append(el("svg:text", { x: x + size / 2, y: y + size * 0.93, "font-size": size * 0.2, "font-weight": "bold",
    "text-anchor": "middle", fill: PAPER, class: "piece-text", text: name,
    ...(name.length > 6 ? { textLength: size * 0.88, lengthAdjust: "spacingAndGlyphs" } : {}) }));
  // a promotion: a gold star beside its number for a veteran, two for an elite
  for (let k = 0; k < Math.min(u.level || 0, 2); k++) g.append(star(el, x + size * (0.37 + k * 0.19), y + size * 0.15,
    size * 0.1, "#f2c14e"));
  // its tokens down the right edge: light while ready, dark once used or disabled
  const tokens = Object.entries(u.tokens || {});
  if (tokens.length) {
    const room = size * 0.5, step = Math.min(size * 0.13, room / tokens.length), pip = Math.min(size * 0.1, step * 0.8);
    tokens.forEach(([, state], k) => g.append(el("svg:rect", { x: x + size * 0.86, y: y + size * 0.32 + k * step,
      width: pip, height: pip, rx: pip * 0.2, fill: state === "ready" ? "#c5e1a5" : state === "used" ? "#5d5d5d" : "#262626",
      stroke: state === "ready" ? INK : "#9e9e9e", "stroke-width": 0.4, class: "glyph" })));
  }
  // a smoke grenade's cloud round it
  if (u.smoked) g.append(el("svg:rect", { x: x - 1.5, y: y - 1.5, width: size + 3, height: size + 3, rx: size * 0.2,
    fill: "none", stroke: "#9e9e9e", "stroke-width": 2.4, "stroke-dasharray": "2 1.5", class: "glyph" }));
  return g;
}

// a unit carried aboard: a small tag beside its carrier, which picks it as a counter would
function rider(p, carrier, x, y, view, ui) {
  const { el } = ui;
  const t = voice(ui);
  const s = 9.5;
  const picked = ui.filter === p.id;
  const g = el("svg:g", { "data-id": p.id, "data-side": p.side, class: "rider" + (picked ? " picked" : "") });
  g.addEventListener("click", (ev) => { ev.stopPropagation(); ui.choose(p.id); });
  g.append(el("svg:rect", { x, y, width: s, height: s, rx: 1.5, class: "shape rider-base", fill: SIDE[p.side] || "#777",
    stroke: picked ? "#f0a800" : INK, "stroke-width": picked ? 1.6 : 0.7 }));
  const sym = symbolOf(p.card);
  g.append(ui.glyph(sym.kit, x + 1.6, y + 2.2, s - 3.2, (s - 3.2) * 0.65));
  if (sym.extra) g.append(...extraSymbol(el, sym.extra, x + 1.6, y + 2.2, s - 3.2, (s - 3.2) * 0.65));
  g.append(el("svg:text", { x: x + s / 2, y: y + s - 0.6, "font-size": 2.8, "font-weight": "bold", "text-anchor": "middle",
    fill: PAPER, class: "piece-text", text: numberOf(p.id) }));
  const state = unitState(p, ui), aboard = { unit: unitWords(p.id, ui), carrier: unitWords(carrier.id, ui) };
  g.append(el("svg:title", { text: state ? t("{unit} aboard {carrier}: {state}", { ...aboard, state })
    : t("{unit} aboard {carrier}", aboard) }));
  return g;
}

// each token in words: a weapon by its name (the view's), other equipment by its option's title
function tokenWords(u, ui) {
  const t = voice(ui);
  const options = ((catalogue || {})[u.card] || {}).options || {};
  const arms = u.weapons || {};
  const states = tokenStates(t);
  return Object.entries(u.tokens || {}).map(([k, state]) => {
    const token = arms[k] || options[k] ? t(arms[k] || options[k])
      : /^w\d+$/.test(k) ? t("weapon {n}", { n: k.slice(1) }) : t(k.replaceAll("_", " "));
    return t("{token} {state}", { token, state: states[state] || state });
  });
}

function unitState(u, ui) {
  const t = voice(ui);
  const parts = [];
  if (u.wounds) parts.push(u.wounds > 1 ? t("{count} wounds", { count: u.wounds }) : t("{count} wound", { count: u.wounds }));
  if (u.level) parts.push(u.level > 1 ? t("elite") : t("veteran"));
  if (u.suppressed) parts.push(t("suppressed"));
  if (u.mounted) parts.push(t("set up"));
  if (u.moved) parts.push(t("moved"));
  if (u.fired && u.fired.length) parts.push(t("fired"));
  if (u.assaulting) parts.push(t("assaulting {unit}", { unit: unitWords(u.assaulting, ui) }));
  if (u.beside) parts.push(t("beside {unit}", { unit: unitWords(u.beside, ui) }));
  if (u.smoked) parts.push(t("in a smoke cloud"));
  if (u.attached && u.attached.length)
    parts.push(t("with {cards}", { cards: u.attached.map((c) => cardTitle(c, ui)).join(", ") }));
  return parts.join(", ");
}

function unitTitle(u, view, ui) {
  const t = voice(ui);
  const where = isSquare(u.square) ? t("at {square}", { square: u.square }) : !HQS.includes(u.square) ? t("in the air")
    : wide ? t("waiting at {hq}", { hq: hqWords(u.side, u.square, t) }) : t("waiting at its HQ");
  const kind = kindOf(u.card);
  const carried = view.units.filter((p) => p.aboard === u.id).map((p) => unitWords(p.id, ui));
  const tokens = tokenWords(u, ui);
  const said = { unit: unitWords(u.id, ui), side: sideName(u.side, t), kind: kind ? kindWords(t)[kind] || kind : "",
    where, state: unitState(u, ui) || t("fresh") };
  return (kind ? t("{unit} ({side}, {kind}) {where}: {state}", said) : t("{unit} ({side}) {where}: {state}", said)) +
    (tokens.length ? "; " + tokens.join(", ") : "") +
    (carried.length ? "; " + t("carrying {units}", { units: carried.join(", ") }) : "");
}

// ---- around the board ----------------------------------------------------------------------
export function status(view, ui) {
  const { el } = ui;
  const t = voice(ui);
  if (!view.sides) return [];
  const round = t("Round {round} of {rounds} · turn {turn}", { round: view.round, rounds: view.max_rounds, turn: view.turn });
  const lines = [el("div", { id: "round", text: round + " · " + (phaseWords(t)[view.phase] || view.phase) })];
  if (view.active) {
    // the side in bold, where the language puts it
    const [before, after] = t("To play: {side}").split("{side}");
    lines.push(el("div", { id: "to-play" }, before || null, el("b", { text: sideName(view.active, t) }), after || null,
      view.active === sideOf(ui.seat) ? " " + t("(you)") : ""));
  }
  const sc = view.scenario;
  if (sc) {
    const o = sc.objective;
    let stands;
    if (o.kind === "hold") {
      const held = { squares: (o.held || []).join(", ") || t("none"), count: o.count };
      stands = (view.field && view.field.fields) > 1 ? t("held now: {squares} ({count} needed on each field)", held)
        : t("held now: {squares} ({count} needed)", held);
    } else {
      const other = o.side === "allies" ? "axis" : "allies";
      stands = t("{lost} of {needed} {side} units destroyed",
        { lost: view.sides[other].lost, needed: o.needed ?? o.count, side: sideName(other, t) });
    }
    // the scenario's title from the data, in the catalogs; its objective said once they hold it
    const goal = t("Objective: {objective}", { objective: t(o.text) });
    const rounds = sc.rounds ? " · " + t("round {round} of {rounds}", { round: Math.min(view.round, sc.rounds), rounds: sc.rounds }) : "";
    lines.push(el("div", { id: "objective" }, el("b", { text: t(sc.title) }),
      el("div", { class: "muted", text: goal + " · " + stands + rounds })));
  }
  for (const side of SIDES) {
    const s = view.sides[side];
    const hqs = hqsOf(view, side);
    const points = hqs.map((h) => `${h.hp}/${h.max_hp ?? h.hp}`).join(" · ");
    const name = t("{side} ({army})", { side: sideName(side, t), army: armyName(s.army, t) || s.army });
    const chosen = (view.phase === "bid" || view.phase === "mulligan") && s.chosen;
    lines.push(el("div", { class: "side-line" }, el("span", { class: "dot", style: `background: ${SIDE[side]}` }),
      el("b", { text: " " + name + (side === sideOf(ui.seat) ? " " + t("(you)") : "") + " " }),
      el("span", { text: (hqs.length > 1 ? t("HQs {points} PI", { points }) : t("HQ {points} PI", { points })) +
        " · " + t("{ap} AP", { ap: s.ap }) }),
      el("span", { class: "muted", text: " · " + t("hand {hand} · deck {deck} · lost {lost}", { hand: s.hand, deck: s.deck, lost: s.lost }) +
        (s.general ? " · " + cardTitle(s.general, ui) : "") +
        (view.phase === "terrain" && s.terrain_budget ? " · " + t("terrain {ap} AP", { ap: s.terrain_budget }) : "") +
        (chosen ? " · " + t("has chosen") : "") })));
  }
  if (view.bids) {
    const bids = SIDES.map((s) => t("{side} {bid}", { side: sideName(s, t), bid: view.bids[s] }));
    lines.push(el("div", { class: "muted", text: t("Bids: {bids}", { bids: bids.join(", ") }) +
      (view.first ? " · " + t("{side} plays first", { side: sideName(view.first, t) }) : "") }));
  }
  const stages = stageWords(t);
  if (view.storming) {
    const unit = unitWords(view.storming, ui);
    lines.push(el("div", { class: "warn", text: view.stage
      ? t("Assault under way: {unit} ({stage})", { unit, stage: stages[view.stage] || view.stage })
      : t("Assault under way: {unit}", { unit }) }));
  }
  if (view.aim) {
    const [, firer, , target] = String(view.aim.action).split(" ");
    const foe = sideOf(view.aim.by) === "allies" ? "axis" : "allies";
    const at = HQS.includes(target) ? hqWords(foe, target, t) : isSquare(target) ? target : target ? unitWords(target, ui) : "?";
    lines.push(el("div", { class: "warn", text: t("{unit} fires at {target}: the shot waits while its target may throw smoke",
      { unit: unitWords(firer || "?", ui), target: at }) }));
  }
  if (view.sortie) {
    // the HQ attacked, by its index (-1: none): the side's own and which field's
    const h = view.sortie.hq, at = typeof h === "number" && h >= 0 ? hqWords(SIDES[h % 2], HQS[h >> 1], t)
      : (view.sortie.at || []).join(", ");
    const stage = view.sortie.stage;
    lines.push(el("div", { class: "warn", text: t("Air combat: {plane} attacks {target} ({stage})",
      { plane: unitWords(view.sortie.plane, ui), target: at, stage: stages[stage] || stage }) }));
  }
  if (view.equipping) lines.push(el("div", { class: "warn", text: t("Equipping {unit}", { unit: unitWords(view.equipping, ui) }) }));
  return lines;
}

export function hand(view, ui) {
  return faces(view.hand || [], view, ui);
}

// a teammate's hand, open to the team: shown beside the player's own, not to be played
export function hands(view, ui) {
  return Object.entries(view.team_hands || {}).map(([who, ids]) => ({ who, cards: faces(ids, view, ui) }));
}

// cards as small faces: each with its kind and the AP it takes to play, its launch cost where it
// prints one (GM-3), and the points it counts in the deck when those differ
function faces(ids, view, ui) {
  const t = voice(ui);
  return ids.map((id) => {
    const c = (catalogue || {})[id];
    const title = cardTitle(id, ui);
    const launch = c ? c.launch ?? c.cost : null;
    const cost = c && launch !== c.cost ? t("{ap} AP ({points} pts)", { ap: launch, points: c.cost }) : t("{ap} AP", { ap: launch });
    const note = c ? [kindWords(t)[c.kind] || c.kind, cost].join(" · ") : null;
    return { id, label: title, title, note, art: cardArt(id, view, ui) };
  });
}

// a card's picture: its unit's counter, or a support card's sign
function cardArt(id, view, ui) {
  const { el } = ui;
  const svg = el("svg:svg", { viewBox: "0 0 56 40", class: "card-art" });
  const c = (catalogue || {})[id];
  if (c && c.kind !== "support") {
    const side = ARMY_SIDE[c.army] || sideOf(view.me) || "allies";
    svg.append(el("svg:rect", { x: 12, y: 4, width: 32, height: 32, rx: 4, fill: SIDE[side], stroke: INK, "stroke-width": 1 }));
    const sym = symbolOf(id);
    svg.append(ui.glyph(sym.kit, 18, 12, 20, 13, sym.leader));
    if (sym.extra) svg.append(...extraSymbol(el, sym.extra, 18, 12, 20, 13));
  } else {
    svg.append(el("svg:rect", { x: 14, y: 5, width: 28, height: 30, rx: 3, fill: "#ece3c8", stroke: "#8a7a5a", "stroke-width": 1 }),
      star(el, 28, 20, 9, GOLD));
  }
  return svg;
}

export function panels(view, ui) {
  const { el } = ui;
  const t = voice(ui);
  if (!view.units || !view.units.length) return [];
  const order = (u) => (ui.seat ? (u.side === sideOf(ui.seat) ? 0 : 1) : SIDES.indexOf(u.side));
  const rows = [...view.units].sort((a, b) => order(a) - order(b));
  const table = el("table", { class: "soldiers" });
  const headings = ["", t("unit"),
    // i18n: a heading of the units' table: the square each unit stands on
    t("at"),
    // i18n: a heading of the units' table: how many of its tokens are ready ("2/3")
    t("ready"),
    t("state")];
  table.append(el("tr", {}, ...headings.map((h) => el("th", { text: h }))));
  for (const u of rows) {
    const ready = Object.values(u.tokens || {}).filter((s) => s === "ready").length;
    const all = Object.keys(u.tokens || {}).length;
    const at = u.aboard ? t("aboard {n}", { n: numberOf(u.aboard) }) : u.square;
    const tr = el("tr", { "data-id": u.id, class: ui.filter === u.id ? "picked" : "" },
      el("td", {}, el("span", { class: "dot", style: `background: ${SIDE[u.side]}` })),
      el("td", { text: unitWords(u.id, ui) }),
      el("td", { text: at || "" }),
      el("td", { text: all ? `${ready}/${all}` : "", title: tokenWords(u, ui).join(", ") }),
      el("td", { text: unitState(u, ui) }));
    tr.addEventListener("click", () => ui.choose(u.id));
    table.append(tr);
  }
  return [el("div", { class: "panel soldiers-panel", id: "units" },
    el("div", { class: "muted", text: t("Units in play (click one to see its actions)") }), table)];
}

// a key to the board's colours and marks, over it
export function overlay(view, ui) {
  if (!view.field) return null;
  const t = voice(ui);
  const grounds = groundWords(t);
  const present = new Set(view.field.rows.join(""));
  /** @type {{fill: string, edge?: string, dashed?: boolean, text: string}[]} */
  const entries = Object.entries(GROUND).filter(([g]) => present.has(g) && g !== ".")
    .map(([g, fill]) => ({ fill, text: grounds[g] }));
  if (view.scenario && view.scenario.objective.squares.length)
    entries.push({ fill: "transparent", edge: GOLD, dashed: true, text: t("objective") });
  if (Object.keys(view.field.smoke || {}).length) entries.push({ fill: "#9e9e9e", text: t("smoke") });
  if (Object.keys(view.field.dropped || {}).length)
    entries.push({ fill: "#d9b44a", edge: INK, text: t("equipment on the ground") });
  entries.push({ fill: "#ef5350", edge: "#fff", text: t("wound") }, { fill: "#c5e1a5", edge: INK, text: t("token ready") },
    { fill: "#5d5d5d", edge: "#9e9e9e", text: t("spent") }, { fill: "#f9c846", edge: INK, text: t("suppressed") });
  return ui.key(entries);
}
