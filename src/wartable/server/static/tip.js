// A small tip beside a piece or place: what a pointer resting on it shows, and what a long
// press shows on a touch screen, where there is no hover (a long press is then no click).
import { el } from "./dom.js";

const PRESS_MS = 450;

/** Shows ``lines`` (elements or text) beside ``node``, below it or, near the screen's foot, above. */
export function showTip(node, lines) {
  const box = document.getElementById("odds") || document.body.appendChild(el("div", { id: "odds", class: "odds", role: "tooltip" }));
  box.replaceChildren(...lines.map((l) => (typeof l === "string" ? el("div", { text: l }) : l)));
  const r = node.getBoundingClientRect();
  box.hidden = false;
  box.style.left = `${Math.max(4, Math.min(r.left, window.innerWidth - box.offsetWidth - 4))}px`;
  box.style.top = `${r.bottom + 6 + box.offsetHeight > window.innerHeight ? r.top - box.offsetHeight - 6 : r.bottom + 6}px`;
}

export function hideTip() {
  const box = document.getElementById("odds");
  if (box) box.hidden = true;
}

const tips = new WeakMap();  // node -> what its tip says, once it has one

// a finger lifted shows no mouseleave: any touch elsewhere takes the tip away
document.addEventListener("pointerdown", (e) => {
  const box = document.getElementById("odds");
  if (box && !box.hidden && e.pointerType === "touch" && !tips.has(/** @type {any} */ (e.target))) hideTip();
}, true);

/** ``lines()`` shown on hover (with ``hover``) and on a long press of a finger, which then
 * does not count as a click. A node given a tip again keeps one set of listeners: the later
 * words win (a lit target's odds over its counter's name). */
export function tipped(node, lines, hover = true) {
  const known = tips.get(node);
  if (known) {
    known.lines = lines;
    known.hover = known.hover || hover;
    return;
  }
  const tip = { lines, hover };
  tips.set(node, tip);
  let timer = null, pressed = false;
  node.addEventListener("mouseenter", () => { if (tip.hover) showTip(node, tip.lines()); });
  node.addEventListener("mouseleave", hideTip);
  node.addEventListener("pointerdown", (e) => {
    if (e.pointerType !== "touch") return;
    pressed = false;
    timer = setTimeout(() => { pressed = true; showTip(node, tip.lines()); }, PRESS_MS);
  });
  const stop = () => clearTimeout(timer);
  node.addEventListener("pointerup", stop);
  node.addEventListener("pointercancel", stop);
  node.addEventListener("click", (e) => {
    if (pressed) { e.stopImmediatePropagation(); e.preventDefault(); pressed = false; }
    else hideTip();
  }, true);
}
