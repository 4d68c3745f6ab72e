// The rules panel: a game's guide for players (GET /api/guide/NAME) over any screen, opened
// by the header's "Rules" button or at one rule by a log line's citation. Nothing in it
// needs hover: every part is a click (or a tap) away, and Escape closes it.
import { api, el, toast } from "./dom.js";
import { language, t } from "./words.js";

const guides = new Map();  // name and language -> the guide's promise: asked once a page
let current = null;  // the game whose guide the header's button opens

function fetchGuide(name) {
  const key = `${name} ${language()}`;
  if (!guides.has(key)) {
    guides.set(key, api(`/api/guide/${encodeURIComponent(name)}?lang=${encodeURIComponent(language())}`));
  }
  return guides.get(key);
}

/** The header's button opens this game's guide (null: the button hides). */
export function guideFor(name) {
  current = name;
  let button = document.getElementById("rules-open");
  if (!button) {
    button = el("button", { id: "rules-open", class: "rules-open", title: t("how to play, every action, every mark"),
      onclick: () => current && openGuide(current) }, t("Rules"));
    document.querySelector("header").append(button);
  }
  button.hidden = !name;
}

/** The ids a log line's rule cites: the part before a colon, split at commas (as the engine's
 * core/rulecite.py). */
export function ruleKeys(rule) {
  const head = rule.includes(":") ? rule.slice(0, rule.indexOf(":")) : rule;
  return head.split(",").map((k) => k.trim()).filter(Boolean);
}

// an id the guide lacks is looked up by its first word ("5.0 step 1d" by "5.0")
function known(rules, key) {
  return key in rules ? key : key.split(" ")[0] in rules ? key.split(" ")[0] : null;
}

const anchor = (key) => "rule-" + key.replace(/[^A-Za-z0-9]+/g, "-");

/** Opens the panel on ``name``'s guide; with ``rule``, at that rule's explanation. */
let closeOpen = null;  // closes the panel open now, with its Escape listener

export async function openGuide(name, rule = null) {
  let g;
  try { g = await fetchGuide(name); } catch (e) { toast(e.message); return; }
  if (!g.sequence) { toast(t("This game has no guide yet: its rules are in its docs")); return; }
  if (closeOpen) closeOpen();
  const close = () => {
    panel.remove();
    document.removeEventListener("keydown", onKey, true);
    closeOpen = null;
  };
  const onKey = (e) => { if (e.key === "Escape") { e.stopImmediatePropagation(); close(); } };
  const wanted = rule ? ruleKeys(rule).map((k) => known(g.rules, k)).filter(Boolean) : [];
  const section = (id, title, ...kids) => el("details", { class: "guide-part", id, ...(wanted.length ? {} : { open: "" }) },
    el("summary", { text: title }), ...kids);
  const rules = section("guide-rules", t("Every rule ({count})", { count: Object.keys(g.rules).length }),
    el("dl", {}, ...Object.entries(g.rules).flatMap(([k, text]) => [
      el("dt", { id: anchor(k), class: wanted.includes(k) ? "wanted" : null, text: k }),
      el("dd", { class: wanted.includes(k) ? "wanted" : null, text })])));
  if (wanted.length) rules.open = true;
  const panel = el("aside", { id: "rules", class: "rules-panel", role: "dialog",
    "aria-label": t("{game}: rules", { game: g.title }) },
    el("div", { class: "rules-head" }, el("b", { text: t("{game}: how to play", { game: g.title }) }),
      el("button", { id: "rules-close", text: "✕ " + t("close"), onclick: close })),
    wanted.length ? el("div", { class: "cited" }, ...wanted.map((k) =>
      el("p", {}, el("b", { text: k + ": " }), g.rules[k]))) : null,
    el("p", { text: g.summary }),
    g.player_guide ? el("p", { class: "player-guide-link" }, el("a", { href: g.player_guide, target: "_blank",
      rel: "noopener", text: t("Playing it in this program: the player's guide, with pictures") })) : null,
    section("guide-sequence", t("Sequence of play"),
      el("ol", {}, ...g.sequence.map((s) => el("li", {}, el("b", { text: s.title + ". " }), s.text)))),
    section("guide-actions", t("What each action does"),
      el("dl", {}, ...Object.entries(g.actions).flatMap(([verb, text]) =>
        [el("dt", { text: verb }), el("dd", { text })]))),
    section("guide-legend", t("What the board shows"),
      el("dl", {}, ...g.legend.flatMap((s) =>
        [el("dt", {}, el("span", { class: "symbol", text: s.symbol }), " " + s.name), el("dd", { text: s.text })]))),
    rules);
  document.body.append(panel);
  document.addEventListener("keydown", onKey, true);  // before the board's own Escape
  closeOpen = close;
  if (!wanted.length && rule) toast(t("This game's guide does not explain {rule} yet", { rule }));
  panel.querySelector("#rules-close").focus();
}
