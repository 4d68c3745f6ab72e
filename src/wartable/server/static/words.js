// The page's own words in the player's language (docs/i18n.md). The language is the one
// chosen in the header, kept in this browser, else the first of the browser's languages that
// we have, else English. `t("Hint")` says a message in it; `t("Step {n} of {steps}", {n, steps})`
// puts its arguments in. The translations come from the server's catalogs (/api/words),
// which tools/catalogs.py fills from every t("...") in these scripts.

export const LANGUAGES = { en: "English", es: "Español", de: "Deutsch" };
const KEY = "wartable.lang";
/** @type {Record<string, string>} */
let table = {};
const loaded = new Set();

/** The language to speak: the one chosen here, else the browser's, else English. */
export function language() {
  let chosen = null;
  try {  // a browser that keeps nothing (private mode, storage off) still gets the page
    chosen = localStorage.getItem(KEY);
  } catch { /* the browser's languages, then */ }
  if (chosen && chosen in LANGUAGES) return chosen;
  for (const wish of navigator.languages || [navigator.language || "en"]) {
    const code = wish.slice(0, 2).toLowerCase();
    if (code in LANGUAGES) return code;
  }
  return "en";
}

/** Another language: kept in this browser, and the page drawn again in it. */
export function chooseLanguage(lang) {
  try {
    localStorage.setItem(KEY, lang);
  } catch { /* kept for this page only: the reload below falls back to the browser's */ }
  location.reload();
}

/** The words of the shared page and, once known, of the game on it (each loaded once). */
export async function loadWords(game = null) {
  const lang = language();
  document.documentElement.lang = lang;
  const key = game || "";
  if (lang === "en" || loaded.has(key)) return;
  loaded.add(key);
  const query = `lang=${lang}` + (game ? `&game=${encodeURIComponent(game)}` : "");
  const res = await fetch(`/api/words?${query}`);
  if (res.ok) table = { ...table, ...(await res.json()).words };
}

/**
 * A message in the player's language, its {placeholders} filled.
 * @param {string} msgid
 * @param {Record<string, string | number>} [args]
 */
export function t(msgid, args = {}) {
  const form = table[msgid] || msgid;
  return form.replace(/\{(\w+)\}/g, (whole, name) => (name in args ? String(args[name]) : whole));
}
