// What happened, shown as it happens: a counter that moved slides from where it stood, a shot
// or an assault draws a line from the one who acts to what it reaches, and the dice of the
// move appear as dice with the number they needed. A person who asks the system for less
// motion (prefers-reduced-motion) gets the same marks without the movement.
import { SVG, el } from "./dom.js";

const SLIDE_MS = 380;
// the verbs whose action reaches another piece: a line is drawn from the first thing the
// action names to the last (a game's page module may say otherwise: export strikes(text))
const STRIKES = new Set(["attack", "suppress", "fire", "throw", "strike", "melee", "assault", "storm", "flak"]);

export const stillness = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

const keyOf = (n) => `${n.getAttribute("data-side") || ""}:${n.getAttribute("data-id")}`;

// where a counter stands on its board, whatever the board's own place on the screen (a dice
// tray over it, a scroll): only a counter that moved on the board slides
function onBoard(n) {
  const r = n.getBoundingClientRect();
  const svg = n.ownerSVGElement;
  const b = svg ? svg.getBoundingClientRect() : { left: 0, top: 0, width: 1 };
  return { left: r.left - b.left, top: r.top - b.top, width: b.width };
}

/** Where each counter stands on its board now, before the board is drawn again. */
export function positions() {
  const out = new Map();
  for (const n of document.querySelectorAll("#board .counter[data-id]")) out.set(keyOf(n), onBoard(n));
  return out;
}

// the scale from screen pixels to the SVG's own units, where a transform applies
function unitsPerPixel(node) {
  const svg = node.ownerSVGElement;
  const m = svg && svg.getScreenCTM();
  return m && m.a ? 1 / m.a : 1;
}

/** Counters that stand elsewhere than in ``was`` slide there from where they stood. */
export function slide(was) {
  if (!was || !was.size || stillness()) return;
  for (const n of document.querySelectorAll("#board .counter[data-id]")) {
    const from = was.get(keyOf(n));
    if (!from) continue;
    const to = onBoard(n);
    if (Math.abs(from.width - to.width) > 1) return;  // the board was zoomed: nothing moved
    const dx = from.left - to.left, dy = from.top - to.top;
    if (Math.abs(dx) < 1 && Math.abs(dy) < 1) continue;
    const k = unitsPerPixel(n);
    const g = /** @type {SVGGElement} */ (n);
    g.style.transform = `translate(${dx * k}px, ${dy * k}px)`;
    g.classList.add("sliding");
    requestAnimationFrame(() => requestAnimationFrame(() => {
      g.style.transition = `transform ${SLIDE_MS}ms ease-in-out`;
      g.style.transform = "";
      setTimeout(() => { g.style.transition = ""; g.classList.remove("sliding"); }, SLIDE_MS + 50);
    }));
  }
}

export function strikes(text, draw) {
  if (draw && draw.strikes) return draw.strikes(text);
  return STRIKES.has(text.split(" ")[0]);
}

// the centre of an element in its SVG's own units
function centre(node, svg) {
  const r = node.getBoundingClientRect();
  const m = svg.getScreenCTM();
  if (!m) return null;
  const p = svg.createSVGPoint();
  p.x = r.left + r.width / 2;
  p.y = r.top + r.height / 2;
  return p.matrixTransform(m.inverse());
}

/** A line from ``from`` to ``to`` (board elements), drawn in on a fresh move. */
export function shotLine(from, to, fresh) {
  const svg = /** @type {SVGSVGElement} */ (document.querySelector("#board") instanceof SVGSVGElement
    ? document.querySelector("#board") : document.querySelector("#board svg"));
  if (!svg || !from || !to || from === to) return;
  const a = centre(from, svg), b = centre(to, svg);
  if (!a || !b || (Math.abs(a.x - b.x) < 0.5 && Math.abs(a.y - b.y) < 0.5)) return;
  const line = document.createElementNS(SVG, "line");
  for (const [k, v] of Object.entries({ x1: a.x, y1: a.y, x2: b.x, y2: b.y, class: "shot-line" }))
    line.setAttribute(k, String(v));
  line.setAttribute("marker-end", "url(#arrow)");
  line.setAttribute("data-shot", "");
  if (fresh && !stillness()) line.classList.add("drawing");
  svg.append(line);
}

// one die's face: pips on a six-sided die, the number on any other
function face(value, sides, good) {
  const s = 26;
  const svg = el("svg:svg", { width: s, height: s, viewBox: `0 0 ${s} ${s}`, class: "die" + (good ? " good" : "") });
  if (sides === 6 && value >= 1 && value <= 6) {
    svg.append(el("svg:rect", { x: 1, y: 1, width: s - 2, height: s - 2, rx: 5, class: "die-body" }));
    const at = { 1: [[2, 2]], 2: [[1, 1], [3, 3]], 3: [[1, 1], [2, 2], [3, 3]], 4: [[1, 1], [3, 1], [1, 3], [3, 3]],
      5: [[1, 1], [3, 1], [2, 2], [1, 3], [3, 3]], 6: [[1, 1], [3, 1], [1, 2], [3, 2], [1, 3], [3, 3]] }[value];
    for (const [x, y] of at) svg.append(el("svg:circle", { cx: x * s / 4, cy: y * s / 4, r: 2.4, class: "pip" }));
  } else {
    svg.append(el("svg:path", { d: `M${s / 2} 1L${s - 1} ${s * 0.38}L${s * 0.8} ${s - 1}H${s * 0.2}L1 ${s * 0.38}z`,
      class: "die-body" }));
    svg.append(el("svg:text", { x: s / 2, y: s * 0.7, "text-anchor": "middle", "font-size": 11, "font-weight": "bold",
      class: "die-number", text: String(value) }));
  }
  return svg;
}

// whether a die reached what it needed
function reached(v, roll) {
  if (roll.need === null || roll.need === undefined) return false;
  // a 0 above the need: best where a 0 always hits (its result says so), worst elsewhere
  if (roll.zero && v === 0 && !roll.under) return roll.result === "hit";
  return roll.under ? v <= roll.need : v >= roll.need;
}

// the number needed, in words
function needed(roll) {
  if (roll.under) return `needs ${roll.need} or less`;
  if (roll.zero && roll.need >= roll.sides) return "needs a 0";
  return `needs ${roll.need}+`;
}

/** The rolls of the last move as dice, each with the number it needed and what came of it. */
export function diceTray(lines, fresh) {
  const rolls = lines.filter((l) => l.roll && Array.isArray(l.roll.dice) && l.roll.dice.length).slice(-4);
  if (!rolls.length) return null;
  return el("div", { id: "dice", class: "dice-tray" + (fresh && !stillness() ? " rolling" : ""), role: "status" },
    ...rolls.map(({ roll, text }) => el("span", { class: "roll", title: text, "data-result": roll.result || "" },
      ...roll.dice.map((v) => face(v, roll.sides, reached(v, roll))),
      roll.need !== null && roll.need !== undefined ? el("small", { class: "need", text: needed(roll) }) : null,
      roll.result ? el("b", { class: "result", text: roll.result }) : null)));
}
