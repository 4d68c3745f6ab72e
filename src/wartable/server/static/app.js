// wartable's page: the lobby at "/", a game at "/play/ID#seat=S&token=T", an invitation at
// "/join/ID#invite=CODE". Plain ES modules, served as they are: nothing builds them.
import { el, toast } from "./dom.js";
import { startGame } from "./game.js";
import { join, lobby } from "./lobby.js";
import { LANGUAGES, chooseLanguage, language, loadWords, t } from "./words.js";

const playing = location.pathname.match(/^\/play\/([A-Za-z0-9_-]+)$/);
const joining = location.pathname.match(/^\/join\/([A-Za-z0-9_-]+)$/);
// a link pasted over this page's own (another seat, a new invitation) only changes the part
// after '#', which loads nothing by itself: start afresh with it
window.addEventListener("hashchange", () => location.reload());

// the header's language: every screen speaks it (docs/i18n.md)
function languagePicker() {
  const pick = el("select", { id: "lang", title: t("Language"), "aria-label": t("Language") },
    ...Object.entries(LANGUAGES).map(([code, name]) => el("option", { value: code, text: name })));
  pick.value = language();
  pick.addEventListener("change", () => chooseLanguage(pick.value));
  document.querySelector("header").append(pick);
}

loadWords().catch(() => {}).finally(() => {  // the words, or English where they cannot load
  languagePicker();
  if (playing) startGame(playing[1]);
  else if (joining) join(joining[1]);
  else lobby().catch((e) => toast(e.message));
});
