// The seats and games this browser holds: tokens live here only (localStorage), never in a
// URL the server sees.

// ---- what this browser holds --------------------------------------------------------------
// { gameId: { seats: { seat: token }, host: creator's key or undefined, title, scenario, at } }
const HELD = "wartable.held";

export function held() {
  try { return JSON.parse(localStorage.getItem(HELD)) || {}; } catch { return {}; }
}

export function hold(id, update) {
  const all = held();
  const entry = all[id] || { seats: {}, at: Date.now() };
  update(entry);
  all[id] = entry;
  localStorage.setItem(HELD, JSON.stringify(all));
}

export function forget(id) {
  const all = held();
  delete all[id];
  localStorage.setItem(HELD, JSON.stringify(all));
}
