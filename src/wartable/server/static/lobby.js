// The lobby at "/" (new games, deck builder, campaign rosters, the games this browser holds)
// and joining a game by invitation at "/join/ID".
import { $app, api, copyable, el, toast } from "./dom.js";
import { guideFor } from "./guide.js";
import { forget, held, hold } from "./held.js";
import { language, t } from "./words.js";

// a path with the language the page speaks: the server says its answers and refusals in it
const spoken = (path) => `${path}${path.includes("?") ? "&" : "?"}lang=${language()}`;
// where a deck comes from, in words: kept on this server or ready-made with the game
const whereSaid = (d) => (d.where === "kept" ? t("kept") : t("ready-made"));

/** A seat in players' words, as the server says it in the page's language (its id else). */
const seatName = (g, seat) => (g && g.seat_titles && g.seat_titles[seat]) || seat;

/** An agent or a level in players' words (its name stays what --vs and the form send). */
function agentName(agent) {
  const named = { easy: t("easy"), normal: t("normal"), hard: t("hard"), heuristic: t("heuristic"),
    random: t("random"), ismcts: t("search (ISMCTS)"), blunder: t("blunder") };
  return named[agent] || agent;
}

// ---- deck builder ---------------------------------------------------------------------------
// A deck is built card by card: the server lists the army's cards and says, at each change,
// the deck's points and every reason it may not be played; "Keep" saves it under its name.
function deckBuilder(g, known, onSaved) {
  const armies = [...new Set(Object.values(known.armies))];
  const armySel = el("select", { id: "deck-army" },
    ...armies.map((a) => el("option", { value: a, text: a })));
  const from = el("select", { id: "deck-from" });
  const name = el("input", { type: "text", id: "deck-name", placeholder: t("the deck's name"),
    maxlength: 60 });
  const table = el("table", { class: "deck-cards" });
  const status = el("div", { id: "deck-status", role: "status" });
  let cards = [], counts = {}, loadouts = {};
  const deck = () => ({ name: name.value.trim() || "unnamed", army: armySel.value,
    cards: Object.fromEntries(Object.entries(counts).filter(([, n]) => n > 0)),
    loadouts: Object.fromEntries(Object.entries(loadouts).filter(([k]) => counts[k] > 0)) });
  async function check() {
    try {
      const r = await api(spoken("/api/decks/check"), { method: "POST",
        body: JSON.stringify({ game: g.name, deck: deck() }) });
      status.replaceChildren(el("p", { text: t("{size} cards, {points} of {limit} points",
        { size: r.size, points: r.points, limit: known.limit }) }),
        r.problems.length
          ? el("ul", { class: "problems" }, ...r.problems.map((why) => el("li", { text: why })))
          : el("p", { class: "legal", text: t("legal: it may be played") }));
    } catch (e) { status.replaceChildren(el("p", { text: e.message })); }
  }
  function start() {
    const base = known.decks.find((d) => d.id === from.value);
    counts = base ? { ...base.cards } : {};
    loadouts = base ? { ...(base.loadouts || {}) } : {};
    if (base && base.where === "kept") name.value = base.name;
    table.replaceChildren(el("tr", {},
      ...[t("copies"), t("card"), t("kind"), t("points"), t("year"), t("in the box")]
        .map((h) => el("th", { text: h }))),
      ...cards.map((c) => {
        const n = el("input", { type: "number", min: 0, max: c.copies, value: counts[c.key] || 0,
          "data-card": c.key, class: "count" });
        n.addEventListener("change", () => { counts[c.key] = Number(n.value) || 0; check(); });
        return el("tr", { title: c.text }, el("td", {}, n), el("td", { text: c.title }),
          el("td", { text: c.kind }), el("td", { text: String(c.cost) }),
          el("td", { text: c.year ? String(c.year) : "-" }), el("td", { text: String(c.copies) }));
      }));
    check();
  }
  async function army() {
    cards = (await api(spoken(`/api/decks/cards?game=${encodeURIComponent(g.name)}&army=${armySel.value}`))).cards;
    from.replaceChildren(el("option", { value: "", text: t("an empty deck") }),
      ...known.decks.filter((d) => d.army === armySel.value)
        .map((d) => el("option", { value: d.id,
          text: t("a copy of {name} ({where})", { name: d.name, where: whereSaid(d) }) })));
    start();
  }
  armySel.addEventListener("change", () => army().catch((e) => toast(e.message)));
  from.addEventListener("change", start);
  const keep = el("button", { id: "deck-keep", text: t("Keep this deck"), onclick: async () => {
    try {
      await api(spoken("/api/decks"), { method: "PUT", body: JSON.stringify({ game: g.name, deck: deck() }) });
      await onSaved(deck().name);
    } catch (e) { toast(e.message); }
  } });
  army().catch((e) => toast(e.message));
  return el("div", { class: "panel builder" }, el("h3", { text: t("Deck builder") }),
    el("p", {}, t("Army") + " ", armySel, " " + t("start from") + " ", from,
      " " + t("name") + " ", name, " ", keep),
    status, table);
}

// ---- lobby --------------------------------------------------------------------------------
export async function lobby() {
  document.getElementById("where").textContent = t("lobby");
  const { games } = await api(spoken("/api/catalog"));
  const gameSel = el("select", { id: "game" });
  for (const g of games) gameSel.append(el("option", { value: g.name, text: g.title }));
  const chosenGame = () => games.find((x) => x.name === gameSel.value);  // what the catalog says of it
  const scenSel = el("select", { id: "scenario" });
  const about = el("p", { id: "scenario-about", class: "muted" });  // the scenario chosen, in a line
  const seats = el("table", { class: "seats" });
  const mine = el("select", { id: "my-seat" });
  // a deal chosen by number: the same number deals the same game again (where one person
  // plays; a game between people gets a deal nobody chose, and the server says so)
  const deal = el("input", { id: "deal", type: "number", min: "0", step: "1", placeholder: t("any"),
    title: t("the same number deals the same game again; only where one person plays") });
  const opts = el("div", { id: "options" });
  const out = el("div", { id: "created" });
  let rosters = [];  // the campaign rosters of the game chosen, where it has campaigns
  const rosterForm = el("p", { id: "new-roster" });
  let decks = null;  // where players build decks: { armies: {seat: army}, limit, decks: [...] }
  const deckPanel = el("div", { id: "deck-builder" });
  async function loadDecks(g) {
    decks = g.decks ? await api(spoken(`/api/decks?game=${encodeURIComponent(g.name)}`)) : null;
    deckPanel.replaceChildren();
    if (!decks) return;
    deckPanel.append(el("p", {}, t("Each seat fields a deck: a ready-made one or one you build.") + " ",
      el("button", { id: "deck-open", text: t("Build a deck"), onclick: () =>
        deckPanel.replaceChildren(deckBuilder(g, decks, async (name) => {
          const was = chosenDecks();
          await loadDecks(g);
          layoutSeats(g, chosenRosters(), was);
          toast(t("Deck {name} kept", { name }));
        })) })));
  }
  function chosenDecks() {  // the seats whose player chose a deck; the others field the scenario's
    return Object.fromEntries([...seats.querySelectorAll("select[data-deck]")]
      .filter((s) => s.value).map((s) => [s.dataset.deck, s.value]));
  }
  async function loadRosters(g) {
    rosters = g.campaign ? (await api(spoken(`/api/rosters?game=${encodeURIComponent(g.name)}`))).rosters : [];
    rosterForm.replaceChildren();
    if (!g.campaign) return;
    const name = el("input", { type: "text", id: "roster-name", placeholder: t("new roster's name"),
      maxlength: 40 });
    rosterForm.append(
      t("Campaign rosters keep a squad's soldiers, their missions and ranks, from one battle to the next.") + " ",
      name, el("button", { id: "roster-create", text: t("Start a roster"), onclick: async () => {
        try {
          await api(spoken("/api/rosters"), { method: "POST",
            body: JSON.stringify({ name: name.value, game: g.name }) });
          const was = chosenRosters();
          await loadRosters(g);
          layoutSeats(g, was);
          toast(t("Roster {name} started", { name: name.value }));
        } catch (e) { toast(e.message); }
      } }));
  }
  function refreshMine() {
    const was = mine.value;
    const people = [...seats.querySelectorAll("select[data-seat]")].filter((s) => s.value === "human")
      .map((s) => s.dataset.seat);
    const g = chosenGame();
    mine.replaceChildren(...people.map((seat) => el("option", { value: seat, text: seatName(g, seat) })),
      el("option", { value: "", text: t("none: I set it up for others") }));
    if (people.includes(was) || (was === "" && mine.options.length)) mine.value = was;
  }
  function refresh() {
    const g = chosenGame();
    guideFor(g.name);  // the header's "Rules" opens the game chosen here
    rosters = [];
    scenSel.replaceChildren(...g.scenarios.map((s) => el("option", { value: s.id, text: s.title })));
    showAbout();
    const byDeck = new Set(g.deck_options || []);  // set by the seats' deck choices below
    const typed = Object.entries(g.options || {}).filter(([n, o]) => !o.internal && !byDeck.has(n));
    opts.replaceChildren(...typed.map(([name, o]) => {
      const input = o.kind === "bool"
        ? el("input", { type: "checkbox", "data-option": name, "data-kind": o.kind })
        : o.choices.length
          ? el("select", { "data-option": name, "data-kind": o.kind },
              ...o.choices.map((c) => el("option", { value: c, text: c })))
          : el("input", { type: o.kind === "int" ? "number" : "text", value: String(o.default),
              min: o.minimum, max: o.maximum, "data-option": name, "data-kind": o.kind });
      return el("label", { class: "option", title: o.help }, input, " " + (o.label || name.replace(/_/g, " ")), " ");
    }));
    layoutSeats(g);
    mine.value = "";
    refreshMine();
    mine.selectedIndex = 0;
    decks = null;
    Promise.all([loadRosters(g), loadDecks(g)]).then(() => layoutSeats(g)).then(refreshMine)
      .catch((e) => toast(e.message));
  }
  function showAbout() {  // what the scenario chosen is about, under its choice
    const g = chosenGame();
    const s = g.scenarios.find((x) => x.id === scenSel.value);
    about.textContent = (s && s.about) || "";
    about.style.display = about.textContent ? "" : "none";
  }
  scenSel.addEventListener("change", showAbout);
  function chosenRosters() {
    return Object.fromEntries([...seats.querySelectorAll("select[data-roster]")]
      .map((s) => [s.dataset.roster, s.value]));
  }
  function seatsOf(g) {  // an option such as a line-up may decide the seats
    for (const [name, by] of Object.entries(g.seats_by || {})) {
      const chosen = opts.querySelector(`[data-option="${name}"]`);
      if (chosen && by[chosen.value]) return by[chosen.value];
    }
    return g.seats;
  }
  function layoutSeats(g, fielding = {}, fieldedDecks = {}) {
    const who = Object.fromEntries([...seats.querySelectorAll("select[data-seat]")]
      .map((s) => [s.dataset.seat, s.value]));
    seats.replaceChildren(...seatsOf(g).map((seat, i) => {
      const pick = el("select", { "data-seat": seat });
      pick.append(el("option", { value: "human", text: t("a person") }));
      for (const a of g.agents) pick.append(el("option", { value: a, text: t("AI: {agent}", { agent: agentName(a) }) }));
      if (i > 0 && g.agents.includes("heuristic")) pick.value = "heuristic";
      if (who[seat] && [...pick.options].some((o) => o.value === who[seat])) pick.value = who[seat];
      pick.addEventListener("change", refreshMine);
      const row = el("tr", {}, el("td", { text: seatName(g, seat), title: seat }), el("td", {}, pick));
      if (rosters.length) {  // a seat may field a campaign roster's soldiers
        const squad = el("select", { "data-roster": seat, title: t("the roster this seat fields") },
          el("option", { value: "", text: t("no roster") }),
          ...rosters.map((r) => el("option", { value: r.name,
            text: t("roster {name} (soldiers: {count})", { name: r.name, count: r.soldiers.length }) })));
        if (fielding[seat] && rosters.some((r) => r.name === fielding[seat])) squad.value = fielding[seat];
        row.append(el("td", {}, squad));
      }
      if (decks && decks.armies[seat]) {  // a seat fields a deck of its army
        const mineToo = decks.decks.filter((d) => d.army === decks.armies[seat]);
        const pick = el("select", { "data-deck": seat, title: t("the deck this seat fields") },
          el("option", { value: "", text: t("the scenario's deck") }),
          ...mineToo.map((d) => {
            const said = { name: d.name, where: whereSaid(d), points: d.points };
            return el("option", { value: d.id, text: d.problems.length
              ? t("{name} ({where}, {points} points, not legal)", said)
              : t("{name} ({where}, {points} points)", said) });
          }));
        if (fieldedDecks[seat] && mineToo.some((d) => d.id === fieldedDecks[seat])) pick.value = fieldedDecks[seat];
        row.append(el("td", {}, pick));
      }
      return row;
    }));
  }
  opts.addEventListener("change", () => {
    const g = chosenGame();
    if (Object.keys(g.seats_by || {}).length) { layoutSeats(g, chosenRosters(), chosenDecks()); refreshMine(); }
  });
  gameSel.addEventListener("change", refresh);
  refresh();
  const create = el("button", { id: "create", text: t("Create game"), onclick: async () => {
    const seatMap = {}, options = {}, fielding = {}, fieldedDecks = chosenDecks();
    for (const s of seats.querySelectorAll("select[data-seat]")) seatMap[s.dataset.seat] = s.value;
    for (const s of seats.querySelectorAll("select[data-roster]"))
      if (s.value) fielding[s.dataset.roster] = s.value;
    for (const o of opts.querySelectorAll("[data-option]"))
      if (o.type === "checkbox" ? o.checked : o.value !== "")
        options[o.dataset.option] = o.type === "checkbox" ? true
          : o.dataset.kind === "int" ? Number(o.value) : o.value;
    const seed = deal.value.trim() === "" ? null : Number(deal.value);
    if (seed !== null && !(Number.isSafeInteger(seed) && seed >= 0)) {
      toast(t("The deal is a whole number, 0 or more (or leave it empty for any deal)"));
      return;
    }
    try {
      const made = await api(spoken("/api/games"), { method: "POST", body: JSON.stringify({
        game: gameSel.value, scenario: scenSel.value, seats: seatMap, options, rosters: fielding,
        decks: fieldedDecks, ...(seed === null ? {} : { seed }),
        creator_seat: mine.value || null }) });
      const title = gameSel.options[gameSel.selectedIndex].text;
      const g = chosenGame();
      hold(made.id, (h) => {
        h.host = made.host; h.title = title; h.scenario = scenSel.value;
        if (made.seat) h.seats[made.seat] = made.token;
      });
      out.replaceChildren(el("h3", { text: t("Game {id}", { id: made.id }) }),
        made.seat ? el("p", {}, el("a", { href: `/play/${made.id}#seat=${made.seat}`,
          class: "seat-link", "data-seat": made.seat, text: t("Play as {seat}", { seat: seatName(g, made.seat) }) })) : null,
        ...Object.entries(made.invitations).map(([seat, link]) =>
          copyable(t("Invitation for {seat} (send it to one person; the first to open it takes the seat):", { seat: seatName(g, seat) }),
            link, { class: "link invitation", "data-seat": seat })),
        copyable(t("Spectators:"), made.spectator));
      showMine();
    } catch (e) { toast(e.message); }
  } });
  // a guided first battle of the game chosen (docs/learn.md), where it has one: straight in
  const learn = el("button", { id: "learn", text: t("Learn to play"), title: t("a guided first battle, then a real one"),
    onclick: async () => {
      const g = chosenGame();
      try {
        const made = await api(spoken("/api/lessons"), { method: "POST", body: JSON.stringify({ game: g.name }) });
        hold(made.id, (h) => { h.title = g.title; h.seats[made.seat] = made.token; });
        location.assign(`/play/${made.id}#seat=${made.seat}`);
      } catch (e) { toast(e.message); }
    } });
  const learning = el("p", { class: "learn" });
  function showLearn() {
    const g = chosenGame();
    learning.replaceChildren(...(g.lessons.length
      ? [learn, " ", el("span", { class: "muted", text: g.lessons[0].title })]
      : [el("span", { class: "muted", text: t("No lesson for {game} yet.", { game: g.title }) })]));
  }
  gameSel.addEventListener("change", showLearn);
  showLearn();
  const list = el("div", { class: "panel", id: "my-games" });
  async function showMine() {
    const all = held();
    const asked = Object.entries(all).flatMap(([id, h]) => {
      const rows = Object.values(h.seats).map((token) => ({ id, token, host: h.host }));
      return rows.length ? rows : (h.host ? [{ id, host: h.host }] : []);
    }).slice(0, 50);
    if (!asked.length) { list.replaceChildren(); list.style.display = "none"; return; }
    list.style.display = "";
    const { games: lines } = await api(spoken("/api/mine"), { method: "POST",
      body: JSON.stringify({ games: asked }) });
    const table = el("table", { class: "mine" });
    for (const g of lines) {
      const kind = games.find((x) => x.name === g.game);
      const status = g.over ? t("over: {reason}", { reason: g.over })
        : g.unclaimed.length ? t("waiting for {seats} to join",
          { seats: g.unclaimed.map((s) => seatName(kind, s)).join(", ") })
        : g.your_turn ? t("your move") : t("waiting");
      const open = g.seat ? el("a", { href: `/play/${g.id}#seat=${g.seat}`, text: t("open") })
        : el("a", { href: `/play/${g.id}`, text: t("watch") });
      const manage = el("td", {});
      for (const [seat, state] of Object.entries(g.invitations || {})) {
        if (state === "claimed") continue;
        const who = seatName(kind, seat);
        const said = state === "open" ? t("{seat}: open", { seat: who }) : t("{seat}: withdrawn", { seat: who });
        manage.append(el("span", { class: "muted", text: said + " " }),
          el("button", { text: t("new link"), "data-seat": seat, class: "reinvite", onclick: async () => {
            try {
              const r = await api(spoken(`/api/games/${g.id}/invitations/${seat}`), { method: "POST" }, all[g.id].host);
              manage.append(copyable(t("New invitation for {seat}:", { seat: who }), r.invitation));
            } catch (e) { toast(e.message); }
          } }),
          state === "open" ? el("button", { text: t("withdraw"), onclick: async () => {
            try {
              await api(spoken(`/api/games/${g.id}/invitations/${seat}`), { method: "DELETE" }, all[g.id].host);
              showMine();
            } catch (e) { toast(e.message); }
          } }) : null);
      }
      table.append(el("tr", { "data-id": g.id, class: g.your_turn ? "your-turn" : "" },
        el("td", { text: `${g.title} · ${g.scenario_title}` }),
        el("td", { text: g.seat ? t("as {seat}", { seat: seatName(kind, g.seat) }) : t("created") }),
        el("td", { class: "game-status", text: status }), el("td", {}, open), manage,
        el("td", {}, el("button", { text: t("forget"), title: t("remove from this browser's list"),
          onclick: () => { forget(g.id); showMine(); } }))));
    }
    list.replaceChildren(el("h2", { text: t("Your games") }), table);
  }
  $app.replaceChildren(list, el("div", { class: "panel lobby" },
    el("h2", { text: t("New game") }),
    el("p", {}, t("Game") + " ", gameSel, " " + t("Scenario") + " ", scenSel), about,
    learning,
    // the options first: one of them (a line-up) may decide the seats listed below it
    el("p", { text: t("Options:") }), opts,
    el("p", { text: t("Who sits where:") }), seats, rosterForm, deckPanel,
    el("p", {}, t("You play:") + " ", mine, " " + t("Deal") + " ", deal), create), out);
  showMine().catch((e) => toast(e.message));
}

// ---- joining by invitation -----------------------------------------------------------------
export async function join(id) {
  document.getElementById("where").textContent = t("joining game {id}", { id });
  guideFor(null);
  const code = new URLSearchParams(location.hash.slice(1)).get("invite");
  history.replaceState(null, "", location.pathname);  // the code leaves the address bar
  // what this browser already holds of the game: the server gives such a browser no other
  // seat (the creator's own browser cannot take the seat it invited someone to)
  const mine = held()[id];
  try {
    const r = await api(spoken(`/api/games/${id}/claim`), { method: "POST",
      body: JSON.stringify({ invite: code || "", tokens: mine ? Object.values(mine.seats).slice(0, 8) : [],
        host: (mine && mine.host) || null }) });
    hold(id, (h) => { h.seats[r.seat] = r.token; });
    location.replace(`/play/${id}#seat=${r.seat}`);
  } catch (e) {
    $app.replaceChildren(el("div", { class: "panel", id: "join-failed" },
      el("h2", { text: t("This invitation cannot be used") }),
      el("p", { text: e.message }),
      mine ? el("p", { text: t("This browser already has this game:") + " " },
          el("a", { href: `/play/${id}`, text: t("open it") }), ".")
        : el("p", { text: t("Ask the person who invited you for a new link, or") + " " },
          el("a", { href: `/play/${id}`, text: t("watch the game") }), ".")));
  }
}
