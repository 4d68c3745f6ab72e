// Counters drawn as wargame pieces, for the games' own drawings (ui.piece, ui.glyph, ui.defs,
// ui.keepPieces).
import { el } from "./dom.js";
import { tipped } from "./tip.js";
import { t } from "./words.js";

// ui.piece draws one counter: its side's colour, a unit symbol in a NATO-style frame, small
// letters and values in its corners, a band for an order, round badges for states, a hatch
// for a suppressed or captured man and a dashed edge for a hidden one. ui.defs() gives the
// patterns and arrowheads they use (one per board). No piece is smaller than PIECE_MIN CSS px
// at 1x: each drawing keeps its board from shrinking below that.
const PIECE_MIN = 30;
const INK = "#1b1b1b", PAPER = "#f4efdc";

// a board of width x height units whose smallest counter is `size` units never shrinks below
// PIECE_MIN px a counter (the border's 2 px and rounding spared): a narrow screen scrolls it
export function keepPieces(svg, width, height, size) {
  const scale = PIECE_MIN / size;
  svg.style.minWidth = `${Math.ceil(width * scale) + 4}px`;
  svg.style.minHeight = `${Math.ceil(height * scale) + 4}px`;
}

export function pieceDefs() {
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
export function glyph(kind, x, y, w, h, leader = false) {
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


// one counter; p: {id, side, x, y, size, at (the place it stands on), kind (glyph), leader (a pennant), title, corner (a
// letter, top left), chip: {fill, text} (a team's colour, top left), value (bottom right),
// band: {text, fill} (an order), badges: [{at: "tl"|"tr", text, fill, ink}], wounds: [1 light,
// 2 bad...], hatch: "hidden"|"suppressed", dashed (a hidden man's edge), classes};
// onClick: what a click on it does (the page chooses the piece, or the place under it)
export function piece(p, onClick) {
  const { x, y, size: s } = p;
  const g = el("svg:g", { class: `counter ${p.classes || ""}`.trim(), "data-id": p.id, "data-side": p.side,
    "data-at": p.at });
  g.addEventListener("click", (ev) => { ev.stopPropagation(); onClick(ev); });
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
  if (p.title) {  // on hover (the SVG's title), and on a long press where there is no hover
    g.append(el("svg:title", { text: p.title }));
    tipped(g, () => p.title.split("\n"), false);
  }
  return g;
}

// which keys the player folded or opened (by id), kept across redrawings
const keysOpen = new Map();

// A key to a board's marks, over it (ui.key): each entry {fill, edge?, dashed?} for a swatch
// of colour or {mark, ink?, paper?} for a mark in letters, and its words (text). Open on a
// wide screen unless `folded`, folded on a phone's; the player's choice is kept.
export function mapKey(entries, { id = "legend", folded = false } = {}) {
  const swatch = (e) => el("span", { class: "swatch", style: "display: inline-block; width: 12px; height: 12px; " +
    `vertical-align: -1px; background: ${e.fill}; border: ${e.dashed ? 2 : 1}px ${e.dashed ? "dashed" : "solid"} ` +
    `${e.edge || "#8a846c"}` });
  const letters = (e) => el("b", { class: "key-mark", text: e.mark,
    style: e.paper ? `background: ${e.paper}; color: ${e.ink || "#fff"}; padding: 0 3px; border-radius: 6px` : "" });
  const key = el("details", { id, class: "map-key" }, el("summary", { text: t("Key to the map") }),
    ...entries.map((e) => el("span", { class: "muted key-item" }, e.fill ? swatch(e) : letters(e), " " + e.text)));
  key.open = keysOpen.has(id) ? keysOpen.get(id) : !folded && window.innerWidth > 700;
  key.addEventListener("toggle", () => keysOpen.set(id, key.open));
  return key;
}
