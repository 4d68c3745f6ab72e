// Undaunted on the web page: the page imports this module by the game's name (see
// docs/adding-a-game.md for the contract). It draws from the JSON view only; `ui` gives the
// page's helpers (el, the seat, the card glossary, choose(id) to narrow the actions).

const S = 120;  // a tile's side in SVG units

export function status(view, ui) {
  const { el } = ui;
  if (!view.sides) return [];
  const lines = [el("div", { text: `Round ${view.round}` + (view.phase ? ` · ${view.phase}` : "") }),
    el("div", { text: `Initiative: ${view.initiative}` + (view.bids ? ` (bids: ${Object.entries(view.bids)
      .map(([s, b]) => `${s} ${b || "none"}`).join(", ")})` : "") })];
  for (const [s, info] of Object.entries(view.sides))
    lines.push(el("div", { class: s, text:
      `${s}: objectives ${info.objective_points}/${info.goal ?? "-"}, hand ${info.hand_size}, ` +
      `deck ${info.deck_size}, discard ${info.discard_size}` + (info.pinned_down ? " · pinned down" : "") }));
  return lines;
}

export function hand(view, ui) {
  const mine = ui.seat && view.sides && view.sides[ui.seat] ? view.sides[ui.seat].hand : null;
  if (!mine) return [];
  return Object.entries(mine).flatMap(([card, n]) => Array(n).fill(card)).map((id) => ({
    id, label: ui.cards[id] ? `${ui.cards[id].title} [${ui.cards[id].initiative}]` : id }));
}

export function board(view, ui) {
  const { el } = ui;
  const xs = view.tiles.map((t) => t.at[0]), ys = view.tiles.map((t) => t.at[1]);
  const w = (Math.max(...xs) + 1) * S, h = (Math.max(...ys) + 1) * S;
  const svg = el("svg:svg", { viewBox: `-4 -4 ${w + 8} ${h + 8}`, id: "board" });
  for (const t of view.tiles) {
    const [x, y] = [t.at[0] * S, t.at[1] * S];
    const g = el("svg:g", { "data-id": t.id, class: "tile" });
    g.addEventListener("click", () => ui.choose(t.id));
    g.append(el("svg:rect", { x: x + 2, y: y + 2, width: S - 4, height: S - 4, rx: 6,
      fill: t.hill ? "#d9c89a" : "#cfe0b4", stroke: ui.filter === t.id ? "#f0a800" : "#7a7a5a",
      "stroke-width": ui.filter === t.id ? 3 : 1 }));
    g.append(el("svg:text", { x: x + 8, y: y + 18, "font-size": 13, text: t.id }));
    g.append(el("svg:text", { x: x + S - 10, y: y + 18, "font-size": 12, "text-anchor": "end",
      text: `cover ${t.cover}` + (t.objective ? ` · ★${t.objective}` : "") }));
    let m = 0;
    for (const [side, mark] of Object.entries(t.markers || {})) if (mark) {
      g.append(el("svg:text", { x: x + 8, y: y + S - 10 - 14 * m, "font-size": 11, class: side,
        text: `${side}: ${mark}` }));
      m += 1;
    }
    svg.append(g);
  }
  // a mortar's target marker: a ringed cross in its side's colour
  const at = Object.fromEntries(view.tiles.map((t) => [t.id, t.at]));
  Object.entries(view.sides).forEach(([side, s], k) => {
    if (!s.target || !at[s.target]) return;
    const cx = at[s.target][0] * S + S - 22 - k * 30, cy = at[s.target][1] * S + S - 40;
    const g = el("svg:g", { class: "target", "data-id": s.target, "data-side": side });
    const ink = `fill: none; stroke: var(--${side}); stroke-width: 2.5`;
    g.append(el("svg:circle", { cx, cy, r: 11, style: ink }));
    g.append(el("svg:path", { d: `M${cx - 14} ${cy}H${cx + 14}M${cx} ${cy - 14}V${cy + 14}`, style: ink }));
    g.append(el("svg:title", { text: `${side}'s mortar target` }));
    svg.append(g);
  });
  const per = {};
  for (const c of view.counters) (per[c.tile] = per[c.tile] || []).push(c);
  for (const t of view.tiles) {
    (per[t.id] || []).forEach((c, i) => {
      const x = t.at[0] * S + 8 + (i % 3) * 36, y = t.at[1] * S + 28 + Math.floor(i / 3) * 26;
      const g = el("svg:g", { "data-id": c.unit, "data-side": c.side, class: "counter" });
      g.addEventListener("click", (ev) => { ev.stopPropagation(); ui.choose(c.unit); });
      g.append(el("svg:rect", { x, y, width: 34, height: 22, rx: 3, class: c.side,
        opacity: c.suppressed ? 0.5 : 1, stroke: ui.filter === c.unit ? "#f0a800" : "none",
        "stroke-width": 3 }));
      g.append(el("svg:text", { x: x + 17, y: y + 15, "font-size": 10, "text-anchor": "middle",
        fill: "#fff", text: c.unit.replace("rifleman", "rif").replace("scout", "sct")
          .replace("machine-gunner", "mg").replace("squad-leader", "sl").replace("sniper", "snp")
          .replace("mortar", "mrt") }));
      g.append(el("svg:title", { text: `${c.side} ${c.title} ${c.squad}, defence ${c.defence}` +
        (c.suppressed ? ", suppressed" : "") }));
      svg.append(g);
    });
  }
  return svg;
}
