// The page's small helpers: building elements, the toast, the JSON API.

export const SVG = "http://www.w3.org/2000/svg";

/** The page's main element, where each screen draws itself. */
export const $app = document.getElementById("app");

export function el(tag, attrs = {}, ...kids) {
  const node = tag.startsWith("svg:") ? document.createElementNS(SVG, tag.slice(4))
                                      : document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "onclick") node.addEventListener("click", v);
    else if (k === "text") node.textContent = v;
    else if (k === "style") node.style.cssText = v;  // through the CSSOM: the CSP allows no inline style
    else if (v !== null && v !== undefined) node.setAttribute(k, v);
  }
  for (const kid of kids) if (kid !== null && kid !== undefined)
    node.append(typeof kid === "string" ? document.createTextNode(kid) : kid);
  return node;
}

let toastTimer = null;  // the toast's pending hiding

export function toast(message) {
  const t = document.getElementById("toast");
  t.textContent = message;
  t.style.display = "block";
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { t.style.display = "none"; }, 4000);
}

export async function api(path, options = {}, token = null) {
  const headers = { "Content-Type": "application/json" };
  if (token) headers.Authorization = "Bearer " + token;
  const res = await fetch(path, { ...options, headers });
  const body = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(body.detail || body.error || res.statusText);
  return body;
}

export function copyable(label, path, attrs = {}) {
  return el("p", {}, label, " ",
    el("input", { class: "link", readonly: "", value: location.origin + path, ...attrs }));
}
