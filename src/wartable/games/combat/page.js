// Combat! on the web page: the page imports this module by the game's name (see
// docs/adding-a-game.md for the contract). It draws from the JSON view only; `ui` gives the
// page's helpers (el, the seat, choose(id) to narrow the actions, api, render, toast).

const R = 16;  // a hex's radius in SVG units
const TERRAIN_FILL = { open: "#e6e0c6", trees: "#7fa070", building: "#b08a6a", hedgerow: "#5f8a50",
  wall: "#9a9a9a", rocks: "#b5b0a0", marsh: "#9fbfb0", stream: "#8fb8d8", depression: "#d2c8a0",
  field: "#e9d98a", long_grass: "#c8d890", orchard: "#a8c890", logs: "#a08060", crater: "#8a7a60",
  rubble: "#8c7b70", foxhole: "#9c8c6c" };

// The line-of-sight tool: on, the next two hexes clicked are asked about (null: off).
let los = null;

export function status(view, ui) {
  const { el } = ui;
  const lines = [el("div", { text: `Turn ${view.turn}` + (view.turns ? ` of ${view.turns}` : "") +
      (view.phase ? ` · ${view.phase}` : "") + (view.phase === "impulses" ? ` ${view.impulse}` : "") }),
    el("div", { text: `Victory points: ${view.victory_points}` })];
  if (view.initiative_track && view.initiative_track.length)
    lines.push(el("div", { id: "initiative", text: "Initiative: " +
      view.initiative_track.map(([v, team]) => `${team} ${v}`).join(", ") }));
  lines.push(el("div", { class: "muted", text: `Deck ${view.deck_size}, discard ` +
    `${view.discard_size}` + (view.cup ? ` · ${view.cup} counter(s) in the cup` : "") }));
  return lines;
}

export function hand(view) {
  return (view.hand || []).map((c) => ({ id: String(c.number),
    label: `${c.number} ${c.title} [${c.initiative.join("/")}]` }));
}

export function panels(view, ui) {
  return [soldiersPanel(view, ui), losPanel(ui)];
}

// a click on a hex while the line-of-sight tool is on picks an end of the line
export function pick(label, ui) {
  if (!los || !/^\d\d\.\d\d$/.test(label)) return false;
  los.pick.push(label);
  if (los.pick.length === 2) {
    const [a, b] = los.pick;
    ui.api(`/api/games/${ui.gameId}/los?a=${a}&b=${b}`).then((r) => {
      const path = (r.path || []).flatMap((step) => step.split("/"));
      los = { pick: [a, b], path, result: r };
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

export function board(view, ui) {
  const { el } = ui;
  const map = view.map;
  const kind = {}, level = {};
  for (const [label, k, lv] of map.terrain) { kind[label] = k; level[label] = lv; }
  const smoke = new Set((view.smoke || []).map((s) => s.hex));
  const lit = new Set(view.flares || []);
  const objectives = new Map((view.objectives || []).map((o) => [o.hex, o.reached]));
  const here = {};
  for (const s of view.soldiers) if (onMap(s)) (here[s.hex] = here[s.hex] || []).push(s);
  const cols = map.columns, rows = Math.max(map.rows_odd[1], map.rows_even[1]) + 1;
  const w = (cols[1] - cols[0] + 1) * 1.5 * R + R, h = (rows + 0.5) * Math.sqrt(3) * R + R;
  const svg = el("svg:svg", { viewBox: `0 0 ${w} ${h}`, id: "board" });
  const line = new Set(los && los.path ? los.path : []);
  for (let col = cols[0]; col <= cols[1]; col++) {
    const [lo, hi] = col % 2 ? map.rows_odd : map.rows_even;
    for (let row = lo; row <= hi; row++) {
      const label = `${String(col).padStart(2, "0")}.${String(row).padStart(2, "0")}`;
      const [cx, cy] = hexCentre(map, col, row);
      const g = el("svg:g", { "data-id": label, class: "hex" });
      g.addEventListener("click", () => ui.choose(label));
      const picked = ui.filter === label || line.has(label) || (los && los.pick.includes(label));
      g.append(el("svg:polygon", { points: hexPoints(cx, cy, R - 0.5),
        fill: TERRAIN_FILL[kind[label] || "open"] || "#ddd",
        stroke: picked ? "#f0a800" : "#b8b098", "stroke-width": picked ? 2.5 : 0.6 }));
      g.append(el("svg:title", { text: `${label}: ${(kind[label] || "open").replaceAll("_", " ")}` +
        (level[label] ? `, level ${level[label]}` : "") + (smoke.has(label) ? ", smoke" : "") }));
      if (level[label]) g.append(el("svg:text", { x: cx - R * 0.6, y: cy - R * 0.35,
        "font-size": 7, fill: "#554", text: String(level[label]) }));
      if (smoke.has(label)) g.append(el("svg:circle", { cx, cy, r: R * 0.8, fill: "#777", opacity: 0.45 }));
      if (lit.has(label)) g.append(el("svg:circle", { cx, cy, r: R * 0.5, fill: "#ffe14d", opacity: 0.8 }));
      if (objectives.has(label)) g.append(el("svg:text", { x: cx, y: cy + 5, "font-size": 14,
        "text-anchor": "middle", fill: objectives.get(label) ? "#3d5a80" : "#c08000", text: "★" }));
      (here[label] || []).forEach((s, i) => {
        const x = cx - R * 0.62 + (i % 2) * R * 0.64, y = cy - R * 0.42 + Math.floor(i / 2) * 9;
        const c = el("svg:g", { "data-id": s.key, class: "counter" });
        c.addEventListener("click", (ev) => { ev.stopPropagation(); ui.choose(s.key); });
        c.append(el("svg:rect", { x, y, width: R * 0.6, height: 8.5, rx: 1, class: s.side,
          opacity: s.side === "us" && !s.spotted ? 0.6 : 1,
          stroke: ui.filter === s.key ? "#f0a800" : (s.wounds.length ? "#ff5050" : "none"),
          "stroke-width": 1.5 }));
        c.append(el("svg:text", { x: x + R * 0.3, y: y + 6.8, "font-size": 6.5,
          "text-anchor": "middle", fill: "#fff",
          text: s.known || s.side === "us" ? (s.name || "?").split(" ").pop().slice(0, 3) : "?" }));
        c.append(el("svg:title", { text: (s.name || "unknown " + s.team) +
          ` (${s.side}${s.order ? ", " + s.order : ""}${s.wounds.length ? ", " + s.wounds.join("+") : ""})` }));
        svg.append(c);
      });
      svg.insertBefore(g, svg.firstChild);
    }
  }
  return svg;
}

function soldiersPanel(view, ui) {
  const { el } = ui;
  // unknown counters too: their team, hex, order and alert marker are on the map for all to see;
  // our own men stay listed when they fall
  const rows = view.soldiers.filter((s) => onMap(s) || (s.side === "us" && s.status !== "active"));
  const table = el("table", { class: "soldiers" });
  table.append(el("tr", {}, ...["", "soldier", "hex", "order", "morale", "wounds", "ammo"]
    .map((h) => el("th", { text: h }))));
  for (const s of rows) {
    const tr = el("tr", { "data-id": s.key, class: ui.filter === s.key ? "picked" : "" },
      el("td", {}, el("span", { class: "dot " + s.side })),
      el("td", { text: (s.known ? s.name : `unknown ${s.team} ${s.key}`) +
        (s.side === "us" && !s.spotted ? " (hidden)" : "") +
        (s.side !== "us" && !s.alert ? " (waiting)" : "") }),
      el("td", { text: onMap(s) ? s.hex : "" }),
      el("td", { text: s.status === "active" ? s.order || "" : s.status }),
      el("td", { text: s.morale }), el("td", { text: s.wounds.join(", ") }),
      el("td", { text: s.ammo === "ok" ? "" : s.ammo }));
    tr.addEventListener("click", () => ui.choose(s.key));
    table.append(tr);
  }
  const unknown = view.soldiers.filter((s) => onMap(s) && s.side !== "us" && !s.known).length;
  return el("div", { class: "panel soldiers-panel", id: "soldiers" }, table,
    el("div", { class: "hint", text: `${unknown} unknown German counter(s) on the map` +
      (view.night ? ` · night: sight ${view.night.range} hexes, ${view.night.flares_left} flare(s)` : "") }));
}

function losPanel(ui) {
  const { el } = ui;
  const p = el("div", { class: "panel", id: "los" });
  p.append(el("button", { text: los ? "Line of sight: on (click two hexes)" : "Line of sight tool",
    onclick: () => { los = los ? null : { pick: [] }; ui.render(); } }));
  if (los && los.result) {
    const r = los.result;
    p.append(el("div", { id: "los-result", text: r.visible ? `${r.from} sees ${r.to} (${r.range} hexes)` :
      `${r.from} cannot see ${r.to}: ${r.reason} (${r.rule})` }));
    los.pick = [];
  }
  return p;
}
