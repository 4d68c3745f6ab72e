// Combat! on the web page: the page imports this module by the game's name (see
// docs/adding-a-game.md for the contract). It draws from the JSON view only; `ui` gives the
// page's helpers (el, the seat, choose(id) to narrow the actions, api, render, toast, piece and
// glyph to draw counters).

const R = 18;  // a hex's radius in SVG units
const P = 25;  // a counter's side: one fits a hex and never reaches a neighbour's
const GAP = 1.5;  // between two counters of a stack
const TERRAIN_FILL = { open: "#e6e0c6", trees: "#8fae7c", building: "#c2a07e", hedgerow: "#79a061",
  wall: "#b3b0a6", rocks: "#c4bfae", marsh: "#a9c7b8", stream: "#9cc3de", depression: "#d6cca6",
  field: "#ebdc92", long_grass: "#cfdc9c", orchard: "#b4d09c", logs: "#b8a07e", crater: "#9c8c70",
  rubble: "#a39484", foxhole: "#ad9d7d" };
const TEAM = { blue: "#2f6fd0", red: "#d23c32", yellow: "#f0c419", white: "#f5f5f5" };
const MG = new Set(["mg42", "m1919", "bar"]);
// order markers: a short name on a band of the order's colour
const FIRE = "#b3261e", MOVE = "#1f5fa8", THROW = "#e07b00", LOW = "#6d5d4b", CARE = "#2e7d32";
const ORDER = { aimed_fire: ["AF", FIRE], rapid_fire: ["RF", FIRE], suppressive_fire: ["SF", FIRE],
  slow_suppressive_fire: ["SF", FIRE], sprint: ["SP", MOVE], run_and_gun: ["RG", MOVE],
  evade: ["EV", MOVE], sneak: ["SN", MOVE], charge: ["CH", MOVE], melee: ["ME", FIRE],
  grenade: ["GR", THROW], smoke_grenade: ["SM", THROW], rifle_grenade: ["GL", THROW],
  hide: ["HI", LOW], duck_back: ["DB", LOW], rally: ["RA", LOW], reload: ["RL", LOW],
  plan: ["PL", LOW], medical_aid: ["MA", CARE], carry_drag: ["CD", CARE], carried: ["CA", CARE],
  search: ["SE", CARE], guard: ["GU", CARE] };
const MORALE = { berserk: ["!", "#c62828"], cautious: ["C", "#fbc02d", "#1b1b1b"],
  shaken: ["S", "#ef6c00"], rout: ["R", "#fff", "#c62828"] };

// The page's words in the player's language: `ui.t` (server/static/words.js), or without it
// English, its {placeholders} filled. Each text is said where it is made, its message a string
// literal that the catalogs' extractor reads (i18n/keep.py: never inside another message's
// arguments, where it is not read); a name from the view is said with t(name).
/** @returns {(msgid: string, args?: Record<string, string | number>) => string} */
const voice = (ui) => (ui && ui.t) || ((m, a = {}) => m.replace(/\{(\w+)\}/g, (w, k) => (k in a ? String(a[k]) : w)));
// a word of the view's in the player's language ("aimed_fire" is "aimed fire"), none for none
const named = (w, t) => (w ? t(String(w).replaceAll("_", " ")) : "");
const seatName = (seat, t) => (seat === "us" ? t("US") : t("Germany"));
// the phases of a turn, shown after "Turn 2 of 6 ·" (a comment for the translators on the line
// before each: the catalogs give it to the message on the next line only)
const phaseWords = (t) => ({
  // i18n: a phase of the turn, shown after "Turn 2 of 6 ·": the squad deploys
  deploy: t("deploy"),
  // i18n: a phase of the turn, shown after "Turn 2 of 6 ·": the cards are played
  cards: t("cards"),
  // i18n: a phase of the turn, shown after "Turn 2 of 6 ·": each man is given his order
  orders: t("orders"),
  // i18n: a phase of the turn, shown after "Turn 2 of 6 ·": the game has ended
  over: t("over"),
});
// what became of a soldier, in the soldiers' table
const statusWords = (t) => ({
  // i18n: what became of a soldier, in the soldiers' table: killed
  dead: t("dead"),
  // i18n: what became of a soldier, in the soldiers' table: off the map by an edge
  gone: t("gone"),
  // i18n: what became of a soldier, in the soldiers' table: a prisoner
  captured: t("captured"),
});

// The line-of-sight tool: on, the next two hexes clicked are asked about (null: off).
let los = null;

export function words(text, ui) {
  const t = voice(ui);
  return text.replace(/\b(us|germany)\b/g, (w) => seatName(w, t)).replaceAll("_", " ");
}

export function status(view, ui) {
  const { el } = ui;
  const t = voice(ui);
  const turn = view.turns ? t("Turn {turn} of {turns}", { turn: view.turn, turns: view.turns })
    : t("Turn {turn}", { turn: view.turn });
  const phase = view.phase === "impulses" ? t("impulses {impulse}", { impulse: view.impulse })
    : phaseWords(t)[view.phase] || view.phase;
  const lines = [el("div", { text: turn + (phase ? " · " + phase : "") }),
    el("div", { text: t("Victory points: {points}", { points: view.victory_points }) })];
  if (view.initiative_track && view.initiative_track.length) {
    const teams = view.initiative_track.map(([v, team]) => t("{team} {initiative}", { team: named(team, t), initiative: v }));
    lines.push(el("div", { id: "initiative", text: t("Initiative: {teams}", { teams: teams.join(", ") }) }));
  }
  lines.push(el("div", { class: "muted", text: t("Deck {deck}, discard {discard}",
    { deck: view.deck_size, discard: view.discard_size }) +
    (view.cup ? " · " + t("{count} counter(s) in the cup", { count: view.cup }) : "") }));
  return lines;
}

// A card's three numbers are the initiative each team (Able, Baker, Charlie) draws when the
// card is played for initiative: the lower, the sooner that team acts in the impulse.
export function hand(view, ui) {
  const t = voice(ui);
  return (view.hand || []).map((c) => {
    const title = t(c.title);
    const type = c.type === "order" ? t("order card") : c.type === "discard" ? t("discard card")
      : t("{type} card", { type: c.type });
    const [able, baker, charlie] = c.initiative;
    return { id: String(c.number), title, initiative: null,
      label: `${c.number} ${title} [${c.initiative.join("/")}]`,
      note: type + (c.initiative.length ? " · " + t(
        "initiative if played: Able {able}, Baker {baker}, Charlie {charlie} (lower acts sooner)", { able, baker, charlie }) : "") };
  });
}

// the order bands' colours in words, with the short names the bands carry (kept as they are:
// they must fit a counter)
const bandWords = (t) => [[FIRE, t("fire orders (AF aimed, RF rapid, SF suppressive, ME melee)")],
  [MOVE, t("moves (SP sprint, RG run and gun, EV evade, SN sneak, CH charge)")],
  [THROW, t("grenades (GR, SM smoke, GL rifle grenade)")],
  [LOW, t("lying low (HI hide, DB duck back, RA rally, RL reload, PL plan)")],
  [CARE, t("care (MA medical aid, CD carry or drag, SE search, GU guard)")]];
const moraleWords = (t) => ({ berserk: t("berserk"), cautious: t("cautious"), shaken: t("shaken"), rout: t("routed") });

// the key to the map, opened on demand over it (folded at first: the map is what matters):
// the ground present, the order bands, the morale badges and the other marks
function mapKey(view, ui) {
  const t = voice(ui);
  const present = [...new Set(["open", ...view.map.terrain.map(([, k]) => k)])].filter((k) => TERRAIN_FILL[k]);
  const morale = moraleWords(t);
  return ui.key([...present.map((k) => ({ fill: TERRAIN_FILL[k], text: named(k, t) })),
    { mark: "1", text: t("ground level of a hex (higher sees over lower)") }, { mark: "★", text: t("objective") },
    { fill: "rgba(160,160,160,.7)", text: t("smoke") },
    ...bandWords(t).map(([fill, text]) => ({ fill, edge: "#1b1b1b", text })),
    ...Object.entries(MORALE).map(([k, [mark, paper, ink]]) => ({ mark, paper, ink, text: morale[k] })),
    { mark: "z", text: t("a German not yet alerted") }, { mark: "?", text: t("an enemy not yet identified") },
    { fill: "#ef5350", edge: "#fff", text: t("a wound each (dark: serious)") },
    { mark: "- - -", text: t("dashed edge: hidden from the enemy") }], { folded: true });
}

export function panels(view, ui) {
  return [soldiersPanel(view, ui)];
}

// the line-of-sight tool and its answer, in a bar over the map
export function overlay(view, ui) {
  const { el } = ui;
  const t = voice(ui);
  const bar = el("div", { class: "los-bar", id: "los" }, mapKey(view, ui));
  bar.append(el("button", { class: los ? "on" : "", text: los ? t("Line of sight: on") : t("Line of sight"),
    title: t("click two hexes to see whether one sees the other"),
    onclick: () => { los = los ? null : { pick: [] }; ui.render(); } }));
  if (los && !los.result) bar.append(el("span", { class: "muted",
    text: los.pick.length ? t("from {hex}: click the other end", { hex: los.pick[0] }) : t("click the first hex") }));
  if (los && los.result) {
    const r = los.result;
    // the reason is the server's English words: said in the player's language once the catalogs know them
    bar.append(el("span", { id: "los-result", class: r.visible ? "sees" : "blocked",
      text: r.visible ? t("{from} sees {to} ({range} hexes)", { from: r.from, to: r.to, range: r.range })
        : t("{from} cannot see {to}: {reason}", { from: r.from, to: r.to, reason: t(String(r.reason)) }),
      title: r.rule ? t("rule {rule}", { rule: r.rule }) : null }));
    los.pick = [];
  }
  return bar;
}

// a click on a hex while the line-of-sight tool is on picks an end of the line
export function pick(label, ui) {
  if (!los || !/^\d\d\.\d\d$/.test(label)) return false;
  if (!los.pick.length) los.result = null;
  los.pick.push(label);
  if (los.pick.length === 2) {
    const [a, b] = los.pick;
    ui.api(`/api/games/${ui.gameId}/los?a=${a}&b=${b}`).then((r) => {
      const path = (r.path || []).flatMap((step) => step.split("/"));
      los = { pick: [a, b], path, result: r, ends: [a, b] };
      ui.render();
    }).catch((e) => ui.toast(e.message));
    return true;
  }
  ui.render();
  return true;
}

function hexCentre(map, col, row) {
  const even = col % 2 === 0;
  const lower = map.layout === "even-q" ? even : !even;
  return [(col - map.columns[0]) * 1.5 * R + R, (row + (lower ? 0.5 : 0)) * Math.sqrt(3) * R + R];
}

function centreOf(map, label) {
  const [col, row] = label.split(".").map(Number);
  return hexCentre(map, col, row);
}

function hexPoints(cx, cy, r) {
  const pts = [];
  for (let k = 0; k < 6; k++) {
    const a = Math.PI / 3 * k;
    pts.push(`${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(" ");
}

// the dead, the escaped and unmasked decoys leave the map; prisoners stay with their guard
function onMap(s) {
  return s.hex && (s.status === "active" || s.status === "captured");
}

// a few strokes that say what a hex's ground is at a glance
function texture(el, kind, cx, cy) {
  const r = R;
  const dots = (offsets, rad, cls) => offsets.map(([dx, dy]) =>
    el("svg:circle", { cx: cx + dx * r, cy: cy + dy * r, r: rad * r, class: cls }));
  if (kind === "trees" || kind === "orchard")
    return dots(kind === "trees" ? [[-0.35, -0.2], [0.3, -0.3], [0.05, 0.32]] : [[-0.4, -0.3], [0.4, -0.3], [-0.4, 0.3], [0.4, 0.3]],
      kind === "trees" ? 0.26 : 0.16, "t-tree");
  if (kind === "hedgerow") return dots([[-0.55, 0], [-0.2, 0], [0.15, 0], [0.5, 0]], 0.17, "t-hedge");
  if (kind === "building") return [el("svg:rect", { x: cx - r * 0.55, y: cy - r * 0.45, width: r * 1.1, height: r * 0.9, class: "t-roof" }),
    el("svg:line", { x1: cx - r * 0.55, y1: cy, x2: cx + r * 0.55, y2: cy, class: "t-ridge" })];
  if (kind === "wall") return [el("svg:line", { x1: cx - r * 0.7, y1: cy, x2: cx + r * 0.7, y2: cy, class: "t-wall" })];
  if (kind === "rocks" || kind === "rubble") return dots([[-0.3, 0.1], [0.25, -0.15], [0.2, 0.35]], 0.14, "t-rock");
  if (kind === "stream" || kind === "marsh")
    return [el("svg:path", { d: `M${cx - r * 0.7} ${cy}q${r * 0.35} ${-r * 0.3} ${r * 0.7} 0t${r * 0.7} 0`, class: "t-water" })];
  if (kind === "field" || kind === "long_grass")
    return [-0.3, 0, 0.3].map((dy) => el("svg:line", { x1: cx - r * 0.5, y1: cy + dy * r, x2: cx + r * 0.5, y2: cy + dy * r, class: "t-crop" }));
  return [];
}

export function board(view, ui) {
  const { el } = ui;
  const t = voice(ui);
  const map = view.map;
  const kind = {}, level = {};
  for (const [label, k, lv] of map.terrain) { kind[label] = k; level[label] = lv; }
  const smoke = new Set((view.smoke || []).map((s) => s.hex));
  const lit = new Set(view.flares || []);
  const objectives = new Map((view.objectives || []).map((o) => [o.hex, o.reached]));
  const cols = map.columns, rows = Math.max(map.rows_odd[1], map.rows_even[1]) + 1;
  const w = (cols[1] - cols[0] + 1) * 1.5 * R + R, h = (rows + 0.5) * Math.sqrt(3) * R + R;
  const m = P * 0.6;  // room for a stack spread over the map's edge
  const svg = el("svg:svg", { viewBox: `${-m} ${-m} ${w + 2 * m} ${h + 2 * m}`, id: "board", class: "hexes" });
  svg.append(ui.defs());
  const layers = { hexes: el("svg:g"), marks: el("svg:g"), counters: el("svg:g") };
  const line = new Set(los && los.path ? los.path : []);
  for (let col = cols[0]; col <= cols[1]; col++) {
    const [lo, hi] = col % 2 ? map.rows_odd : map.rows_even;
    for (let row = lo; row <= hi; row++) {
      const label = `${String(col).padStart(2, "0")}.${String(row).padStart(2, "0")}`;
      const [cx, cy] = hexCentre(map, col, row);
      const ground = kind[label] || "open";
      const picked = ui.filter === label || line.has(label) || (los && los.pick.includes(label));
      const g = el("svg:g", { "data-id": label, class: "hex" + (picked ? " picked" : "") });
      g.addEventListener("click", () => ui.choose(label));
      g.append(el("svg:polygon", { points: hexPoints(cx, cy, R - 0.5), class: "shape hex-base",
        fill: TERRAIN_FILL[ground] || "#ddd" }));
      g.append(...texture(el, ground, cx, cy));
      g.append(el("svg:title", { text: t("{hex}: {terrain}", { hex: label, terrain: named(ground, t) }) +
        (level[label] ? ", " + t("level {level}", { level: level[label] }) : "") +
        (smoke.has(label) ? ", " + t("smoke") : "") }));
      if (level[label]) g.append(el("svg:text", { x: cx - R * 0.62, y: cy - R * 0.42,
        "font-size": 7, class: "level", text: String(level[label]) }));
      if (smoke.has(label)) g.append(el("svg:circle", { cx, cy, r: R * 0.8, class: "smoke" }));
      if (lit.has(label)) g.append(el("svg:circle", { cx, cy, r: R * 0.55, class: "flare" }));
      if (objectives.has(label)) g.append(el("svg:text", { x: cx, y: cy + 6, "font-size": 17,
        "text-anchor": "middle", class: "star" + (objectives.get(label) ? " reached" : ""), text: "★" }));
      layers.hexes.append(g);
    }
  }
  if (los && los.result && los.ends) layers.marks.append(...sightLine(el, map, los.result));
  const placed = layout(view.soldiers.filter(onMap), (s) => centreOf(map, s.hex), ui.seat);
  // the men of one hex stand on a tray, so a stack reads as one even where it spills over
  const trays = new Map();
  for (const p of placed) trays.set(p.s.hex, [...(trays.get(p.s.hex) || []), p]);
  for (const men of trays.values()) if (men.length > 1) {
    const xs = men.map((p) => p.x), ys = men.map((p) => p.y);
    const [x0, y0] = [Math.min(...xs) - 1.5, Math.min(...ys) - 1.5];
    if (Math.max(...xs) - x0 > 3 * P || Math.max(...ys) - y0 > 3 * P) continue;  // scattered: tethers tell
    layers.marks.append(el("svg:rect", { x: x0, y: y0, width: Math.max(...xs) + P + 1.5 - x0,
      height: Math.max(...ys) + P + 1.5 - y0, rx: 4, class: "tray" }));
  }
  const was = {};
  for (const s of (ui.before && ui.before.soldiers) || []) if (onMap(s)) was[s.key] = s.hex;
  for (const { s, x, y, home } of placed) {
    const [hx, hy] = home;
    if (Math.hypot(x + P / 2 - hx, y + P / 2 - hy) > R * 0.75)  // spread off its hex: a tether home
      layers.marks.append(el("svg:line", { x1: hx, y1: hy, x2: x + P / 2, y2: y + P / 2, class: "tether" }),
        el("svg:circle", { cx: hx, cy: hy, r: 2.2, class: "tether" }));
    const from = was[s.key];
    if (from && from !== s.hex) {
      const [fx, fy] = centreOf(map, from);
      layers.marks.append(el("svg:line", { x1: fx, y1: fy, x2: x + P / 2, y2: y + P / 2,
        class: `move-arrow ${s.side}`, "marker-end": "url(#arrow)" }));
    }
    layers.counters.append(soldier(s, x, y, ui, from && from !== s.hex));
  }
  svg.append(layers.hexes, layers.marks, layers.counters);
  // never smaller than the page's minimum a counter: a narrow screen scrolls the board instead
  ui.keepPieces(svg, w + 2 * m, h + 2 * m, P);
  return svg;
}

// the line asked about, green if it sees, red up to what blocks it
function sightLine(el, map, r) {
  const [ax, ay] = centreOf(map, r.from), [bx, by] = centreOf(map, r.to);
  const out = [el("svg:line", { x1: ax, y1: ay, x2: bx, y2: by, class: "los-line " + (r.visible ? "sees" : "blocked") })];
  for (const b of r.blocker || []) {
    const [cx, cy] = centreOf(map, b.split("/")[0]);
    out.push(el("svg:path", { d: `M${cx - 7} ${cy - 7}L${cx + 7} ${cy + 7}M${cx + 7} ${cy - 7}L${cx - 7} ${cy + 7}`,
      class: "los-blocker" }));
  }
  return out;
}

// Where each counter stands: a man alone in his hex at its centre; the men of a stack side by
// side around theirs, in the first arrangement that touches no other counter; failing that,
// each in the nearest free spot (tied to his hex by a line). No two counters overlap.
function layout(soldiers, home, seat) {
  const here = new Map();
  for (const s of soldiers) {
    if (!here.has(s.hex)) here.set(s.hex, []);
    here.get(s.hex).push(s);
  }
  const boxes = [], out = [];
  const free = (x, y) => boxes.every(([bx, by]) => Math.abs(bx - x) >= P + GAP || Math.abs(by - y) >= P + GAP);
  const put = (s, x, y, c) => { boxes.push([x, y]); out.push({ s, x, y, home: c }); };
  const stacks = [...here.values()].sort((a, b) => a.length - b.length);
  for (const men of stacks) {
    men.sort((a, b) => (a.side === seat ? 0 : 1) - (b.side === seat ? 0 : 1));
    const [cx, cy] = home(men[0]);
    const step = P + GAP;
    const fits = (spots) => spots.every(([dx, dy], k) => {
      const ok = free(cx + dx - P / 2, cy + dy - P / 2)
        && spots.slice(0, k).every(([ex, ey]) => Math.abs(ex - dx) >= step || Math.abs(ey - dy) >= step);
      return ok;
    });
    const chosen = arrangements(men.length, step).find(fits);
    if (chosen) { men.forEach((s, k) => put(s, cx + chosen[k][0] - P / 2, cy + chosen[k][1] - P / 2, [cx, cy])); continue; }
    for (const s of men) {
      const [dx, dy] = spiral(step).find(([ex, ey]) => free(cx + ex - P / 2, cy + ey - P / 2));
      put(s, cx + dx - P / 2, cy + dy - P / 2, [cx, cy]);
    }
  }
  return out;
}

// compact arrangements of n counters around a hex's centre, best first
function arrangements(n, step) {
  const row = (k, dy = 0) => Array.from({ length: k }, (_, i) => [(i - (k - 1) / 2) * step, dy]);
  const grid = (c) => Array.from({ length: n }, (_, i) => [(i % c - (c - 1) / 2) * step,
    (Math.floor(i / c) - (Math.ceil(n / c) - 1) / 2) * step]);
  const base = n === 1 ? [[[0, 0]]] : [row(n), grid(2), grid(3), row(n).map(([x]) => [0, x])];
  const out = [];
  // each shape in place, then nudged half a counter to each side
  for (const shift of [[0, 0], [0, -0.5], [0, 0.5], [-0.5, 0], [0.5, 0], [0.5, -0.5], [-0.5, 0.5], [-0.5, -0.5], [0.5, 0.5]])
    for (const shape of base) out.push(shape.map(([x, y]) => [x + shift[0] * step, y + shift[1] * step]));
  return out;
}

let spiralCache = null;
function spiral(step) {
  if (!spiralCache) {
    spiralCache = [];
    for (let i = -8; i <= 8; i++) for (let j = -8; j <= 8; j++) spiralCache.push([i * step / 2, j * step / 2]);
    spiralCache.sort((a, b) => Math.hypot(...a) - Math.hypot(...b));
  }
  return spiralCache;
}

function soldier(s, x, y, ui, moved) {
  const us = s.side === "us";
  const known = us || s.known;
  const kind = !known ? "unknown" : (s.skills || []).includes("medic") ? "medic" : s.role === "sniper" ? "sniper"
    : MG.has(s.weapon) ? "mg" : "infantry";
  const order = s.status === "captured" ? ["PW", "#555"] : ORDER[s.order];
  const mood = MORALE[s.morale];
  const badges = mood ? [{ at: "tr", text: mood[0], fill: mood[1], ink: mood[2] }]
    : !us && !s.alert ? [{ at: "tr", text: "z", fill: "#cfd8dc", ink: "#37474f" }] : [];
  const hidden = us && !s.spotted;
  const wounds = (s.wounds || []).filter((w) => !w.startsWith("bandaged")).map((w) => (w === "bad_wound" ? 2 : 1));
  const t = voice(ui);
  const name = known ? s.name : t("unknown {team} counter {key}", { team: named(s.team, t), key: s.key });
  const facts = [t("{name} ({side}, {team})", { name, side: words(s.side, ui), team: named(s.team, t) })];
  if (s.order) facts.push(named(s.order, t));
  facts.push(named(s.morale, t));
  if (s.wounds.length) facts.push(s.wounds.map((w) => named(w, t)).join(" + "));
  if (hidden) facts.push(t("hidden from the enemy"));
  if (!us && !s.alert) facts.push(t("not yet alert"));
  if (s.status === "captured") facts.push(t("captured"));
  const title = facts.join(", ");
  return ui.piece({ id: s.key, side: s.side, x, y, size: P, at: s.hex, kind, leader: known && s.ldr > 0,
    chip: { fill: us ? "#f4efdc" : TEAM[s.team] || "#999", text: us ? s.team[0].toUpperCase() : "" },
    band: order ? { text: order[0], fill: order[1] } : null, badges, wounds,
    hatch: hidden ? "hidden" : null, dashed: hidden,
    classes: (ui.filter === s.key ? "picked " : "") + (moved ? "moved " : "") + (hidden ? "hidden " : "") +
      (s.status === "captured" ? "captured" : ""),
    title });
}

function soldiersPanel(view, ui) {
  const { el } = ui;
  const t = voice(ui);
  const gone = statusWords(t);
  // unknown counters too: their team, hex, order and alert marker are on the map for all to see;
  // our own men stay listed when they fall
  const rows = view.soldiers.filter((s) => onMap(s) || (s.side === "us" && s.status !== "active"));
  const table = el("table", { class: "soldiers" });
  const headings = ["", t("soldier"), t("hex"),
    // i18n: a heading of the soldiers' table: the order each man is given (aimed fire, sneak...)
    t("order"),
    t("state")];
  table.append(el("tr", {}, ...headings.map((h) => el("th", { text: h }))));
  for (const s of rows) {
    const ammo = s.ammo === "ok" ? "" : s.ammo === "low" ? t("ammo low") : s.ammo === "none" ? t("ammo none")
      : t("ammo {ammo}", { ammo: s.ammo });
    const state = [s.morale === "normal" ? "" : named(s.morale, t), ...s.wounds.map((w) => named(w, t)), ammo,
      s.side === "us" && !s.spotted ? t("hidden") : "", s.side !== "us" && !s.alert ? t("waiting") : ""];
    const tr = el("tr", { "data-id": s.key, class: ui.filter === s.key ? "picked" : "" },
      el("td", {}, el("span", { class: "dot " + s.side })),
      el("td", { text: s.known ? s.name : t("unknown {team} {key}", { team: named(s.team, t), key: s.key }) }),
      el("td", { text: onMap(s) ? s.hex : "" }),
      el("td", { text: s.status === "active" ? named(s.order, t) : gone[s.status] || s.status }),
      el("td", { text: state.filter(Boolean).join(", ") }));
    tr.addEventListener("click", () => ui.choose(s.key));
    table.append(tr);
  }
  const unknown = view.soldiers.filter((s) => onMap(s) && s.side !== "us" && !s.known).length;
  return el("div", { class: "panel soldiers-panel", id: "soldiers" }, table,
    el("div", { class: "hint", text: t("{count} unknown German counter(s) on the map", { count: unknown }) +
      (view.night ? " · " + t("night: sight {range} hexes, {flares} flare(s)",
        { range: view.night.range, flares: view.night.flares_left }) : "") }));
}
