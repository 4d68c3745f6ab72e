// Undaunted on the web page: the page imports this module by the game's name (see
// docs/adding-a-game.md for the contract). It draws from the JSON view only; `ui` gives the
// page's helpers (el, the seat, the card glossary, choose(id) to narrow the actions, piece and
// glyph to draw counters).

// a tile's width and height in SVG units: wider than high, so that its header holds a long id,
// an objective, both sides' markers and the cover side by side
const W = 132, H = 120;
const HEAD = 30;  // the tile's header: its id, objective, markers and cover
// counters per tile: up to 6 at 36 units, 3 a row; a crowded tile takes 12 at 27, 4 a row
const ROOMY = { size: 36, step: 38, cols: 3 }, CROWDED = { size: 27, step: 28, cols: 4 };
const SYMBOL = { rifleman: "infantry", scout: "recon", "machine-gunner": "mg", sniper: "sniper",
  mortar: "mortar" };
// the seats' names in the player's language
const seatNames = (ui) => (ui.t ? { us: ui.t("US"), germany: ui.t("Germany") } : { us: "US", germany: "Germany" });

const base = (key) => key.replace(/-[A-Z]$/, "");
const squadOf = (key) => (key.match(/-([A-Z])$/) || [])[1] || "";

// a card's name in the player's language: "Rifleman (A)" is "Rifleman A" ("Fusilero A")
function named(title, ui) {
  const [, name, squad] = title.match(/^(.*?)(?: \((\w)\))?$/) || [title, title, ""];
  return (ui.t ? ui.t(name) : name) + (squad ? ` ${squad}` : "");
}

// ids in players' words: "rifleman-A" is "Rifleman A", "us" is "US"
export function words(text, ui) {
  const titles = Object.fromEntries(Object.entries(ui.cards || {}).map(([id, c]) =>
    [id, named(c.title, ui)]));
  const seats = seatNames(ui);
  const seat = (w) => seats[w];
  return text.replace(/\b[a-z]+(?:-[a-z]+)*(?:-[A-Z])?\b/g, (w) => titles[w] || seat(w) || w).replaceAll("->", "→");
}

export function status(view, ui) {
  const { el } = ui;
  const t = ui.t || ((m, a = {}) => m.replace(/\{(\w+)\}/g, (w, k) => (k in a ? String(a[k]) : w)));
  if (!view.sides) return [];
  const phase = view.phase === "bid" ? t("initiative bids")
    : view.phase === "turn" ? t("{side}'s turn", { side: words(view.active || "", ui) }) : view.phase;
  const bids = view.bids ? Object.entries(view.bids)
    .map(([s, b]) => `${words(s, ui)} ${b ? words(b, ui) : t("none")}`).join(", ") : null;
  const lines = [el("div", { text: t("Round {n}", { n: view.round }) + (phase ? ` · ${phase}` : "") }),
    el("div", { text: bids ? t("Initiative: {side} (bids: {bids})", { side: words(view.initiative, ui), bids })
      : t("Initiative: {side}", { side: words(view.initiative, ui) }) })];
  for (const [s, info] of Object.entries(view.sides))
    lines.push(el("div", { class: "side-line" }, el("span", { class: "dot " + s }),
      el("b", { text: ` ${words(s, ui)} ` }),
      el("span", { class: "objective-pill", title: t("objective points / goal"),
        text: `★ ${info.objective_points}/${info.goal ?? "-"}` }),
      el("span", { class: "muted", text: " " + t("hand {hand} · deck {deck} · discard {discard}",
        { hand: info.hand_size, deck: info.deck_size, discard: info.discard_size }) }),
      info.pinned_down ? el("b", { class: "warn", text: " · " + t("pinned down") }) : null));
  return lines;
}

export function hand(view, ui) {
  const mine = ui.seat && view.sides && view.sides[ui.seat] ? view.sides[ui.seat].hand : null;
  if (!mine) return [];
  return Object.entries(mine).flatMap(([card, n]) => Array(n).fill(card)).map((id) => {
    const face = ui.cards[id];
    const title = face ? named(face.title.replace(/ \(\w\)$/, ""), ui) : id;
    const squad = squadOf(id);
    return { id, label: face ? `${title} [${face.initiative}]` : id, title,
      note: squad ? (ui.t ? ui.t("squad {squad}", { squad }) : `squad ${squad}`) : null,
      initiative: face ? face.initiative : null,
      art: cardArt(id, ui) };
  });
}

// a card's picture: its counter's symbol, a leader's pennant, or the fog
function cardArt(id, ui) {
  const { el } = ui;
  const svg = el("svg:svg", { viewBox: "0 0 56 40", class: "card-art" });
  const kind = SYMBOL[base(id)];
  if (kind) svg.append(ui.glyph(kind, 8, 8, 40, 26));
  else if (base(id) === "fog-of-war") {
    for (const [cx, cy, r] of [[18, 24, 9], [30, 19, 11], [41, 25, 8], [28, 28, 9]])
      svg.append(el("svg:circle", { cx, cy, r, fill: "#b8bcc2" }));
  } else svg.append(ui.glyph("infantry", 10, 14, 36, 22, true));
  return svg;
}

// Tiles lie in rows, each row shifted half a tile against the last (geometry/tilegraph.py): the
// tile at `at` = [col, row] stands col - row / 2 tile widths across and row tiles down, so its
// rectangle shares an edge with exactly its six neighbours in the rules, two in its row and two
// in each row beside it (half an edge each), and never meets another tile at a corner alone.
// tests/games/undaunted/test_page_layout.py mirrors this sum: keep the two in step.
const across = (t) => t.at[0] - t.at[1] / 2;

// each tile's top-left corner in SVG units and the board's size, seen from the player's own
// edge as the terminal draws it: the US (and a spectator) with the rows turned over, Germany
// mirrored left to right, so each has its own side at the bottom; a mirror keeps every contact
function layout(tiles, seat) {
  const xs = tiles.map(across), ys = tiles.map((t) => t.at[1]);
  const x0 = Math.min(...xs), x1 = Math.max(...xs), y0 = Math.min(...ys), y1 = Math.max(...ys);
  const germany = seat === "germany";
  const top = (t) => germany ? [(x1 - across(t)) * W, (t.at[1] - y0) * H]
    : [(across(t) - x0) * W, (y1 - t.at[1]) * H];
  const tops = Object.fromEntries(tiles.map((t) => [t.id, top(t)]));
  return { tops, w: (x1 - x0 + 1) * W, h: (y1 - y0 + 1) * H };
}

// where each counter of a tile stands: one row per side when both fit, else in reading order
function arrange(list) {
  const fit = list.length <= 6 ? ROOMY : CROWDED;
  const sides = [...new Set(list.map((c) => c.side))];
  const bySide = sides.length === 2 && sides.every((s) => list.filter((c) => c.side === s).length <= fit.cols);
  const out = [];
  if (bySide) sides.forEach((s, row) => list.filter((c) => c.side === s)
    .forEach((c, col) => out.push([c, col, row])));
  else list.forEach((c, k) => out.push([c, k % fit.cols, Math.floor(k / fit.cols)]));
  return { fit, spots: out };
}

export function board(view, ui) {
  const { el } = ui;
  const { tops, w, h } = layout(view.tiles, ui.seat);
  const svg = el("svg:svg", { viewBox: `-4 -4 ${w + 8} ${h + 8}`, id: "board", class: "tiles" });
  svg.append(ui.defs());
  const layers = { tiles: el("svg:g"), marks: el("svg:g"), counters: el("svg:g") };
  for (const t of view.tiles) layers.tiles.append(tile(t, tops[t.id], ui));
  // a mortar's target marker: a ringed cross in its side's colour over the tile, under its counters
  Object.entries(view.sides).forEach(([side, s], k) => {
    if (!s.target || !tops[s.target]) return;
    const [x, y] = tops[s.target];
    const cx = x + W / 2, cy = y + (H + HEAD) / 2, r = 36 - 8 * k;
    const g = el("svg:g", { class: `target ${side}`, "data-id": s.target, "data-side": side });
    g.append(el("svg:circle", { cx, cy, r }));
    g.append(el("svg:path", { d: `M${cx - r - 6} ${cy}H${cx + r + 6}M${cx} ${cy - r - 6}V${cy + r + 6}` }));
    g.append(el("svg:title", { text: `${words(side, ui)}'s mortar target` }));
    layers.marks.append(g);
  });
  // the counters, and where the ones that just moved came from
  const was = {};
  for (const c of (ui.before && ui.before.counters) || []) was[`${c.side} ${c.unit}`] = c.tile;
  const per = {};
  for (const c of view.counters) (per[c.tile] = per[c.tile] || []).push(c);
  let smallest = ROOMY.size;
  for (const t of view.tiles) {
    const list = (per[t.id] || []).sort((a, b) => (a.side === ui.seat ? 0 : 1) - (b.side === ui.seat ? 0 : 1));
    const { fit, spots } = arrange(list);
    if (list.length) smallest = Math.min(smallest, fit.size);
    const [tx, ty] = tops[t.id];
    const left = tx + (W - (fit.cols * fit.step - (fit.step - fit.size))) / 2;
    for (const [c, col, row] of spots) {
      const x = left + col * fit.step, y = ty + HEAD + 2 + row * fit.step;
      const from = was[`${c.side} ${c.unit}`];
      if (from && from !== c.tile && tops[from]) {
        const [fx, fy] = tops[from];
        layers.marks.append(el("svg:line", { x1: fx + W / 2, y1: fy + H / 2 + 10, x2: x + fit.size / 2,
          y2: y + fit.size / 2, class: `move-arrow ${c.side}`, "marker-end": "url(#arrow)" }));
      }
      layers.counters.append(counter(c, x, y, fit.size, ui, from && from !== c.tile));
    }
  }
  svg.append(layers.tiles, layers.marks, layers.counters);
  // never smaller than the page's minimum a counter: a narrow screen scrolls the board instead
  ui.keepPieces(svg, w + 8, h + 8, smallest);
  return svg;
}

function tile(t, [x, y], ui) {
  const { el } = ui;
  const g = el("svg:g", { "data-id": t.id, class: "tile" + (ui.filter === t.id ? " picked" : "") });
  g.addEventListener("click", () => ui.choose(t.id));
  g.append(el("svg:rect", { x: x + 2, y: y + 2, width: W - 4, height: H - 4, rx: 6,
    class: "shape tile-base " + (t.hill ? "hill" : "field") }));
  if (t.hill) for (const r of [0.42, 0.3, 0.18])
    g.append(el("svg:ellipse", { cx: x + W / 2, cy: y + H / 2 + 12, rx: W * r, ry: H * r * 0.62, class: "contour" }));
  g.append(el("svg:rect", { x: x + 2, y: y + 2, width: W - 4, height: HEAD - 4, rx: 6, class: "tile-head" }));
  g.append(el("svg:text", { x: x + 9, y: y + 20, "font-size": 15, "font-weight": "bold", class: "tile-id", text: t.id }));
  if (t.objective) {
    const ox = x + 12 + 11 * t.id.length;  // just past the id: its bold digits are 11 units wide
    g.append(el("svg:rect", { x: ox, y: y + 6, width: 24, height: 17, rx: 8.5, class: "objective" }));
    g.append(el("svg:text", { x: ox + 12, y: y + 19, "font-size": 12, "text-anchor": "middle",
      "font-weight": "bold", class: "objective-text", text: `★${t.objective}` }));
  }
  // cover: a shield with its value (against a hill or a blast, the second value)
  const sx = x + W - 24, sy = y + 5;
  g.append(el("svg:path", { d: `M${sx} ${sy}h18v8c0 7-5 11-9 13c-4-2-9-6-9-13z`, class: "cover-shield" }));
  g.append(el("svg:text", { x: sx + 9, y: sy + 13, "font-size": 11, "font-weight": "bold", "text-anchor": "middle",
    class: "cover-text", text: String(t.cover) }));
  // scouted and control markers: a ring (scouted) or a disc with a flag (controlled) per side
  let k = 0;
  for (const [side, mark] of Object.entries(t.markers || {})) if (mark) {
    const cx = x + W - 35 - 18 * k, cy = y + 15;
    const m = el("svg:g", { class: `marker ${mark}`, "data-side": side });
    m.append(el("svg:circle", { cx, cy, r: 7, class: `marker-disc ${side} ${mark}` }));
    if (mark === "controlled") m.append(el("svg:path", { d: `M${cx - 3} ${cy + 5}V${cy - 5}l7 2.5l-7 2.5`, class: "flag" }));
    else m.append(el("svg:circle", { cx, cy, r: 2.5, class: `eye ${side}` }));
    m.append(el("svg:title", { text: `${words(side, ui)}: ${mark}` }));
    g.append(m);
    k += 1;
  }
  g.append(el("svg:title", { text: `${t.id}: cover ${t.cover}` + (t.cover_vs_hill_or_blast !== null
    ? ` (${t.cover_vs_hill_or_blast} against a hill or a blast)` : "") + (t.hill ? ", hill" : "") +
    (t.objective ? `, objective worth ${t.objective}` : "") }));
  return g;
}

function counter(c, x, y, size, ui, moved) {
  const name = `${words(c.side, ui)} ${c.title}` + (c.squad ? ` ${c.squad}` : "");
  return ui.piece({ id: c.unit, side: c.side, x, y, size, kind: SYMBOL[base(c.unit)] || "infantry",
    corner: c.squad || "", value: c.defence, hatch: c.suppressed ? "suppressed" : null,
    badges: c.suppressed ? [{ at: "tr", text: "!", fill: "#f9a825", ink: "#1b1b1b" }] : [],
    classes: (ui.filter === c.unit ? "picked " : "") + (moved ? "moved " : "") + (c.suppressed ? "suppressed" : ""),
    title: `${name}: defence ${c.defence}` + (c.suppressed ? ", suppressed (rally to ready it)" : "") });
}

// what an action names: its tiles, its side's counter, or the enemy counter it attacks ("play
// rifleman-A move" is this side's Rifleman A, "attack rifleman-A" the other side's)
export function names(text, seat, view) {
  const [verb, ...args] = text.split(" ");
  const tiles = new Set(view.tiles.map((t) => t.id));
  const other = Object.keys(view.sides).find((s) => s !== seat);
  const side = verb === "attack" || verb === "suppress" ? other : seat;
  return args.map((a) => tiles.has(a) ? `.tile[data-id="${CSS.escape(a)}"]`
    : `.counter[data-id="${CSS.escape(a)}"][data-side="${side}"]`);
}
