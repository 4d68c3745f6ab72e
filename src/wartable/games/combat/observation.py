"""Combat!'s numeric observation: the squad's view as numbers, laid out per scenario.

The layout (docs/games/combat.md lists it block by block): the turn, phase and impulse; the
cards (hand, piles, the face-up discards, the initiative track); the soldier acting now;
night and victory; then the map as planes of one number per hex (terrain as shells left it,
objectives, smoke, grenade bursts and targets, flares, and who stands where); then every
soldier the squad can field, block by block; then every German counter of the scenario. Of a
German counter only its face shows until it is known - team, hex, order, markers - and its
identity blocks stay 0 till then, since the view holds nothing more.

Everything is read from the view (``quick`` reads the same numbers from the state's lists,
tested against the view's for every step of random games); the scenario gives only the fixed
things the numbers are laid out by (its hexes, the squad it can field, its German keys, its
card numbers) and what a kind of terrain means (the terrain table, printed on the player aid).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast, get_args

from wartable.core.observation import Feature, Observer, Quick, one_hot, scaled
from wartable.games.combat.ground import Ground
from wartable.games.combat.model import GERMANY, IN_CUP, TEAMS_DE, TEAMS_US, Soldier
from wartable.games.combat.phases import Phase
from wartable.games.combat.rules import care, checks
from wartable.games.combat.rules.hand import READY
from wartable.games.combat.rules.night import HOUSE_FLARES
from wartable.games.combat.scenario import CombatScenario
from wartable.games.combat.schema import CardUse
from wartable.games.combat.view import AMMO

if TYPE_CHECKING:
    from wartable.core.state import GameState
    from wartable.games.combat.state import CombatState

PHASES = (Phase.DEPLOY, Phase.CARDS, Phase.ORDERS, Phase.IMPULSES, Phase.OVER)
STAGES = ("snap", "move", "aim", "throw", "melee", "fire", "end")
STATUSES = ("active", "dead", "gone", "captured")
WOUNDS = ("light_wound", "bad_wound", care.BANDAGED + "light_wound", care.BANDAGED + "bad_wound")
READY_KINDS = tuple(k for k in get_args(CardUse) if k in READY)
TEAMS = TEAMS_US + TEAMS_DE
MOST_CARDS = 52
MOST_HAND = 8  # five kept, a sixth drawn before the discard; more never lasts
MOST_STACK = 6  # men of a side in one hex, for the occupation planes
MOST_WOUNDS = 5
MOST_MOVES = 8
MOST_VP = 30  # victory points, either way, held within -1 to 1
MOST_TALLY = 20  # entries of one kind in the victory log
MOST_RANGE = 12  # the night's sight range
MOST_INITIATIVE = 100
MOST_TQ, MOST_LDR, MOST_WS = 9, 5, 10
KEEP_FIXED = 4096  # soldiers whose fixed numbers an observer keeps
SQUAD_FLAGS = ("spotted", "grenade armed", "grenade target", "near", "far", "with", "guarded")
FOE_FLAGS = ("alert", "grenade armed", "grenade target", "near", "far", "with", "guarded")


class CombatObserver(Observer):
    def __init__(self, sc: CombatScenario) -> None:
        lib = sc.lib
        board = sc.board
        self.index = {board.label(h): i for i, h in enumerate(board.hexes)}
        (c0, c1), rows = board.grid.columns, board.grid.rows_odd + board.grid.rows_even
        r0, r1 = min(rows), max(rows)
        self.place = [(scaled(c - c0, c1 - c0), scaled(r - r0, r1 - r0)) for c, r in board.hexes]
        self.squad = [s.key for s in sc.squad_pool()]
        self.foes = list(sc.enemy_keys())
        self.slot = {k: n for n, k in enumerate(self.squad)}
        self.slot.update({k: n for n, k in enumerate(self.foes)})
        self.cards = [c.number for c in lib.friendly_cards.cards]
        self.enemy_cards = [c.number for c in lib.enemy_cards.cards]
        self.orders = (*lib.orders.orders, care.CARRIED)
        self.roles = tuple(lib.characters.germany.roles)
        self.levels = [lv.result for lv in sc.file.victory.levels["list"]]
        self.tallies = list(sc.file.victory.points)
        self.objectives = [board.labels[t] for t in sc.objectives]
        self.flares = max(HOUSE_FLARES, sc.file.night.flares if sc.file.night else 0, 1)
        self.terrain = lib.terrain.terrain
        # the map as a fresh game shows it; a shelled map is worked out again when seen
        self.first_map = [list(entry) for entry in sc.ground.listed]
        self._grounds: dict[tuple[tuple[str, str, int], ...], dict[str, list[float]]] = {}
        self._base_planes = self._ground(self.first_map)
        self.scenario = sc.id
        self.turns = sc.turns
        self.card_at = {n: k for k, n in enumerate(self.cards)}
        self.enemy_card_at = {n: k for k, n in enumerate(self.enemy_cards)}
        self.order_at = {name: k for k, name in enumerate(self.orders)}
        h, f, g, o = len(board.hexes), len(self.squad), len(self.foes), len(self.orders)
        super().__init__(
            [
                Feature("phase", len(PHASES), "deploy, cards, orders, impulses, over"),
                Feature("turn", 1, "the turn / the scenario's last turn"),
                Feature("impulse", 5, "the impulse, 0 (none) to 4"),
                Feature("squad_roll", 7, "the 1D6 squad roll, 0 for a fixed squad"),
                Feature("hand", len(self.cards), "my hand: each card number held"),
                Feature("hand.size", 1, "cards in hand / 8"),
                Feature("ready", len(READY_KINDS), "discard cards held ready, by use / 2"),
                Feature("piles", 3, "deck, discard pile, planned cards: counts / 52"),
                Feature("discard", len(self.cards), "each friendly card in the discard pile"),
                Feature(
                    "enemy_discard", len(self.enemy_cards), "each enemy card in its discard pile"
                ),
                Feature("initiative_card", len(self.cards), "the card played for initiative"),
                Feature(
                    "track",
                    3 * len(TEAMS),
                    "per team (able, baker, charlie, blue, red, yellow, white): on the "
                    "initiative track, its value / 100, its place / the track's length",
                ),
                Feature("cup", 1, "German counters still in the cup / the scenario's counters"),
                Feature("acting", f, "the soldier acting now"),
                Feature("acting.stage", len(STAGES), "his stage: " + ", ".join(STAGES)),
                Feature("acting.left", 2, "hexes he may still move / 8; the move is compulsory"),
                Feature("night", 3, "dark; the night's range / 12; flares left / flares carried"),
                Feature(
                    "victory_points", 1, "victory points so far / 30, within -1 to 1", low=-1.0
                ),
                Feature(
                    "victory_log",
                    len(self.tallies),
                    "per kind of points the scenario scores, in its list's order: entries in "
                    "the victory log / 20",
                ),
                Feature("objectives", len(self.objectives), "each objective hex reached"),
                Feature(
                    "outcome",
                    2 + len(self.levels),
                    "the game is over; won; the victory level reached: " + ", ".join(self.levels),
                ),
                Feature("map.cover", h, "per hex: its terrain gives cover"),
                Feature("map.rough", h, "per hex: rough ground (a sprint stops)"),
                Feature("map.blocks", h, "per hex: blocks sight (1), only to men lying low (0.5)"),
                Feature("map.height", h, "per hex: the terrain's height in levels / 2"),
                Feature("map.level", h, "per hex: the ground's level / 5"),
                Feature("map.sunken", h, "per hex: sunken ground (stream, depression)"),
                Feature("map.building", h, "per hex: a building"),
                Feature("map.objective", h, "per hex: an objective (0.5 once reached)"),
                Feature("map.smoke", h, "per hex: smoke (1), dispersing smoke (0.5)"),
                Feature("map.grenades", h, "per hex: grenade bursts there / 2"),
                Feature("map.targets", h, "per hex: grenade target markers on it / 2"),
                Feature("map.flares", h, "per hex: a flare burns over it"),
                Feature("map.squad", h, "per hex: my soldiers on the map there / 6"),
                Feature("map.known", h, "per hex: known Germans on the map there / 6"),
                Feature("map.unknown", h, "per hex: face-down German counters there / 6"),
                Feature("map.acting", h, "per hex: the soldier acting now stands there"),
                Feature("squad.present", f, "per soldier the squad can field: in this game"),
                Feature("squad.place", 3 * f, "per soldier: on the map, column, row (scaled)"),
                Feature("squad.status", 4 * f, "per soldier: " + ", ".join(STATUSES)),
                Feature("squad.team", 3 * f, "per soldier: able, baker, charlie"),
                Feature("squad.order", o * f, "per soldier: his order, " + ", ".join(self.orders)),
                Feature("squad.morale", 7 * f, "per soldier: " + ", ".join(checks.LADDER)),
                Feature("squad.wounds", 4 * f, "per soldier, / 5: " + ", ".join(WOUNDS)),
                Feature("squad.ammo", 3 * f, "per soldier: " + ", ".join(AMMO)),
                Feature("squad.flags", 7 * f, "per soldier: " + ", ".join(SQUAD_FLAGS)),
                Feature(
                    "squad.counter",
                    6 * f,
                    "per soldier: TQ / 9, leadership / 5, weapon skill / 10, medic, tough, "
                    "holds captured papers",
                ),
                Feature("foes.place", 3 * g, "per German counter: on the map, column, row"),
                Feature("foes.status", 4 * g, "per German counter: " + ", ".join(STATUSES)),
                Feature("foes.team", 4 * g, "per German counter: blue, red, yellow, white"),
                Feature("foes.known", g, "per German counter: known (face up)"),
                Feature("foes.order", o * g, "per German counter: its order"),
                Feature("foes.dirs", 6 * g, "per German counter: compass directions it moves"),
                Feature("foes.morale", 7 * g, "per German counter: its morale"),
                Feature("foes.wounds", 4 * g, "per German counter: its wounds / 5"),
                Feature("foes.ammo", 3 * g, "per German counter: " + ", ".join(AMMO)),
                Feature("foes.flags", 7 * g, "per German counter: " + ", ".join(FOE_FLAGS)),
                Feature(
                    "foes.identity",
                    (len(self.roles) + 3) * g,
                    "per German counter, once known: its role ("
                    + ", ".join(self.roles)
                    + "), TQ / 9, leadership / 5, weapon skill / 10",
                ),
            ]
        )
        self.at = self.offsets()
        # per side (False: the squad, True: the Germans), where a soldier's blocks start
        names = ("place", "status", "order", "morale", "wounds", "ammo", "flags")
        self._starts = {foe: tuple(self.at[("foes." if foe else "squad.") + name]
                                   for name in names) for foe in (False, True)}  # fmt: skip
        self._dirs, self._papers = self.at["foes.dirs"], self.at["squad.counter"] + 5
        # per soldier (games and samples deal German identities anew: by the soldier itself,
        # held here so that its id stays his) and whether he is known: what stays of his
        # numbers (``_printed_numbers``)
        self._fixed: dict[tuple[int, bool], tuple[Soldier, tuple[int, ...], tuple[float, ...]]] = {}

    def _ground(self, terrain: list[list[Any]]) -> dict[str, list[float]]:
        """The terrain planes of a map whose non-open hexes are ``terrain``."""
        key = tuple((str(t[0]), str(t[1]), int(t[2])) for t in terrain)
        got = self._grounds.get(key)
        if got is not None:
            return got
        n = len(self.place)
        names = ("cover", "rough", "blocks", "height", "level", "sunken", "building")
        planes = {name: [0.0] * n for name in names}
        for label, kind, level in terrain:
            i = self.index[label]
            t = self.terrain[kind]
            planes["cover"][i] = float(t.cover)
            planes["rough"][i] = float(t.rough)
            planes["blocks"][i] = {"always": 1.0, "low_order": 0.5}.get(t.blocks, 0.0)
            planes["height"][i] = scaled(t.size, 2)
            planes["level"][i] = scaled(level, 5)
            planes["sunken"][i] = float(t.sunken)
            planes["building"][i] = float(kind == "building")
        if len(self._grounds) > 16:  # shelled maps differ from game to game: keep a few
            self._grounds.clear()
        self._grounds[key] = planes
        return planes

    def _encode(self, view: Mapping[str, Any]) -> Mapping[str, Sequence[float]]:
        out: dict[str, Sequence[float]] = {
            "phase": one_hot(view["phase"], PHASES),
            "turn": [scaled(view["turn"], view["turns"])],
            "impulse": one_hot(view["impulse"], range(5)),
            "squad_roll": one_hot(view["squad_roll"], range(7)),
        }
        held = {c["number"] for c in view["hand"]}
        out["hand"] = [float(n in held) for n in self.cards]
        out["hand.size"] = [scaled(len(view["hand"]), MOST_HAND)]
        ready = view["ready_cards"]
        out["ready"] = [scaled(ready.count(k), 2) for k in READY_KINDS]
        out["piles"] = [
            scaled(view["deck_size"], MOST_CARDS),
            scaled(view["discard_size"], MOST_CARDS),
            scaled(view["planned_cards"], MOST_CARDS),
        ]
        spent = set(view["discard"])
        out["discard"] = [float(n in spent) for n in self.cards]
        spent = set(view["enemy_discard"])
        out["enemy_discard"] = [float(n in spent) for n in self.enemy_cards]
        out["initiative_card"] = one_hot(view["initiative_card"], self.cards)
        out["track"] = self._track(view["initiative_track"])
        out["cup"] = [scaled(view["cup"], len(self.foes))]
        self._acting(view, out)
        night = view["night"]
        out["night"] = (
            [1.0, scaled(night["range"], MOST_RANGE), scaled(night["flares_left"], self.flares)]
            if night
            else [0.0, 0.0, 0.0]
        )
        out["victory_points"] = [max(-1.0, min(1.0, view["victory_points"] / MOST_VP))]
        tally: dict[str, int] = {}
        for what, _ in view["victory_log"]:
            tally[what] = tally.get(what, 0) + 1
        out["victory_log"] = [scaled(tally.get(k, 0), MOST_TALLY) for k in self.tallies]
        reached = {o["hex"] for o in view["objectives"] if o["reached"]}
        out["objectives"] = [float(h in reached) for h in self.objectives]
        end = view["outcome"]
        out["outcome"] = (
            [1.0, float(end["winner"] == view["you"]), *one_hot(end["kind"], self.levels)]
            if end
            else [0.0] * (2 + len(self.levels))
        )
        self._map(view, reached, out)
        self._soldiers(view["soldiers"], out)
        return out

    def _track(self, track: list[list[Any]]) -> list[float]:
        where = {team: (k, value) for k, (value, team) in enumerate(track)}
        out: list[float] = []
        for team in TEAMS:
            got = where.get(team)
            if got is None:
                out += [0.0, 0.0, 0.0]
            else:
                k, value = got
                out += [1.0, scaled(value, MOST_INITIATIVE), scaled(k + 1, len(track))]
        return out

    def _acting(self, view: Mapping[str, Any], out: dict[str, Sequence[float]]) -> None:
        act = view["acting"]
        if act is None:
            out["acting"] = [0.0] * len(self.squad)
            out["acting.stage"] = [0.0] * len(STAGES)
            out["acting.left"] = [0.0, 0.0]
            return
        out["acting"] = one_hot(act["soldier"], self.squad)
        out["acting.stage"] = one_hot(act["stage"], STAGES)
        out["acting.left"] = [scaled(act["moves"], MOST_MOVES), float(act["must"])]

    def _map(self, view: Mapping[str, Any], reached: set[str], out: dict[str, Any]) -> None:
        n, index = len(self.place), self.index
        terrain = view["map"]["terrain"]
        planes = self._base_planes if terrain == self.first_map else self._ground(terrain)
        for name, plane in planes.items():
            out[f"map.{name}"] = plane
        objective = [0.0] * n
        for h in self.objectives:
            objective[index[h]] = 0.5 if h in reached else 1.0
        out["map.objective"] = objective
        smoke = [0.0] * n
        for cloud in view["smoke"]:
            i = index[cloud["hex"]]
            smoke[i] = max(smoke[i], 1.0 if cloud["marker"] == "smoke" else 0.5)
        out["map.smoke"] = smoke
        out["map.grenades"] = self._plane(view["grenades"], 2)
        out["map.flares"] = self._plane(view["flares"], 1)
        targets = [s["grenade_target"] for s in view["soldiers"] if s["grenade_target"]]
        out["map.targets"] = self._plane(targets, 2)
        mine: list[str] = []
        known: list[str] = []
        unknown: list[str] = []
        for s in view["soldiers"]:
            if s["hex"] is None or s["status"] not in ("active", "captured"):
                continue
            if s["side"] != "germany":
                mine.append(s["hex"])
            else:
                (known if s["known"] else unknown).append(s["hex"])
        out["map.squad"] = self._plane(mine, MOST_STACK)
        out["map.known"] = self._plane(known, MOST_STACK)
        out["map.unknown"] = self._plane(unknown, MOST_STACK)
        acting = view["acting"]
        at = next(
            (s["hex"] for s in view["soldiers"] if acting and s["key"] == acting["soldier"]), None
        )
        out["map.acting"] = self._plane([at] if at else [], 1)

    def _plane(self, labels: list[str], most: float) -> list[float]:
        """One number per hex: how many of ``labels`` name it, / ``most`` (at most 1)."""
        plane = [0.0] * len(self.place)
        for h in labels:
            i = self.index[h]
            plane[i] = min(1.0, plane[i] + 1 / most)
        return plane

    def _soldiers(self, soldiers: list[dict[str, Any]], out: dict[str, Any]) -> None:
        o, r = len(self.orders), len(self.roles)
        us, them = self.blank("squad."), self.blank("foes.")
        orders = {name: k for k, name in enumerate(self.orders)}
        for s in soldiers:
            n = self.slot[s["key"]]
            foe = s["side"] == "germany"
            blocks = them if foe else us
            pre = "foes." if foe else "squad."
            if not foe:
                us["squad.present"][n] = 1.0
            at = s["hex"]
            if at is not None:
                col, row = self.place[self.index[at]]
                blocks[pre + "place"][3 * n : 3 * n + 3] = [1.0, col, row]
            _set(blocks[pre + "status"], 4 * n, STATUSES, s["status"])
            _set(
                blocks[pre + "team"],
                (4 if foe else 3) * n,
                TEAMS_DE if foe else TEAMS_US,
                s["team"],
            )
            if s["order"] in orders:
                blocks[pre + "order"][o * n + orders[s["order"]]] = 1.0
            _set(blocks[pre + "morale"], 7 * n, checks.LADDER, s["morale"])
            wounds = s["wounds"]
            if wounds:
                blocks[pre + "wounds"][4 * n : 4 * n + 4] = [
                    scaled(wounds.count(w), MOST_WOUNDS) for w in WOUNDS
                ]
            _set(blocks[pre + "ammo"], 3 * n, AMMO, s["ammo"])
            blast = s["blast"]
            blocks[pre + "flags"][7 * n : 7 * n + 7] = [
                float(s["alert"] if foe else s["spotted"]),
                float(s["grenade_live"]),
                float(s["grenade_target"] is not None),
                float(blast == "near"),
                float(blast == "far"),
                float(s["with"] is not None),
                float(s["guarded_by"] is not None),
            ]
            if foe:
                them["foes.known"][n] = float(s["known"])
                for d in s["dirs"]:
                    if 1 <= d <= 6:
                        them["foes.dirs"][6 * n + d - 1] = 1.0
                if s["known"]:
                    w = r + 3
                    _set(them["foes.identity"], w * n, self.roles, s["role"])
                    them["foes.identity"][w * n + r : w * n + w] = _printed(s)
            else:
                skills = s.get("skills") or ()
                us["squad.counter"][6 * n : 6 * n + 6] = [
                    *_printed(s),
                    float("medic" in skills),
                    float("tough" in skills),
                    float(s["papers"]),
                ]
        out.update(us)
        out.update(them)

    # ---- the shortcut: the same numbers from the state's lists ----------------------------
    def quick(self, state: GameState, player: str) -> Quick | None:
        """``_encode``'s numbers read from the state, as the view holds them: a German
        counter's identity only once it is known, the cup's counters only counted."""
        if state.game_name != "combat":
            return None
        st = cast("CombatState", state)
        if st.sc.id != self.scenario:
            return None
        at = self.at
        places: list[int] = []
        values: list[float] = []
        put, value = places.append, values.append

        def one(block: str, k: int, x: float = 1.0) -> None:
            put(at[block] + k)
            value(x)

        if st.phase in PHASES:
            one("phase", PHASES.index(st.phase))
        one("turn", 0, scaled(st.turn, self.turns))
        if 0 <= st.impulse < 5:
            one("impulse", st.impulse)
        if 0 <= st.squad_roll < 7:
            one("squad_roll", st.squad_roll)
        card_at = self.card_at
        self._ones(at["hand"], [card_at[n] for n in st.hand if n in card_at], places, values)
        one("hand.size", 0, scaled(len(st.hand), MOST_HAND))
        for k, kind in enumerate(READY_KINDS):
            if kind in st.ready:
                one("ready", k, scaled(st.ready.count(kind), 2))
        one("piles", 0, scaled(len(st.deck), MOST_CARDS))
        one("piles", 1, scaled(len(st.discard), MOST_CARDS))
        one("piles", 2, scaled(len(st.set_aside), MOST_CARDS))
        spent = {card_at[n] for n in st.discard if n in card_at}
        self._ones(at["discard"], spent, places, values)
        theirs = self.enemy_card_at
        spent = {theirs[n] for n in st.enemy_discard if n in theirs}
        self._ones(at["enemy_discard"], spent, places, values)
        if st.initiative_card in self.card_at:
            one("initiative_card", self.card_at[st.initiative_card])
        track = at["track"]
        for k, (initiative, team) in enumerate(st.track):
            if team in TEAMS:
                t = track + 3 * TEAMS.index(team)
                places.extend((t, t + 1, t + 2))
                values.extend(
                    (1.0, scaled(initiative, MOST_INITIATIVE), scaled(k + 1, len(st.track)))
                )
        status = st.status
        one("cup", 0, scaled(sum(1 for x in status if x == IN_CUP), len(self.foes)))
        act = st.act
        acting = -1
        if act is not None:
            acting = act.soldier
            key = st.soldiers[acting].key
            if key in self.squad:
                one("acting", self.squad.index(key))
            if act.stage in STAGES:
                one("acting.stage", STAGES.index(act.stage))
            one("acting.left", 0, scaled(act.moves, MOST_MOVES))
            one("acting.left", 1, float(act.must))
        if st.dark:
            one("night", 0)
            one("night", 1, scaled(st.dark, MOST_RANGE))
            one("night", 2, scaled(st.flares_left, self.flares))
        one("victory_points", 0, max(-1.0, min(1.0, sum(p for _, p in st.vp_log) / MOST_VP)))
        tally: dict[str, int] = {}
        for what, _ in st.vp_log:
            tally[what] = tally.get(what, 0) + 1
        for k, what in enumerate(self.tallies):
            if what in tally:
                one("victory_log", k, scaled(tally[what], MOST_TALLY))
        board = st.sc.board
        reached = {board.labels[t] for t in st.sc.objectives if t in st.reached}
        for k, label in enumerate(self.objectives):
            if label in reached:
                one("objectives", k)
        end = st.outcome
        if end is not None:
            one("outcome", 0)
            one("outcome", 1, float(end.winner == player))
            if end.kind in self.levels:
                one("outcome", 2 + self.levels.index(end.kind))

        # the map: objectives, smoke, grenades, flares, who stands where
        index = self.index
        for label in self.objectives:
            one("map.objective", index[label], 0.5 if label in reached else 1.0)
        smoke: dict[int, float] = {}
        for cloud in st.clouds:
            for h in cloud.hexes:
                i = board.index[h]
                smoke[i] = max(smoke.get(i, 0.0), 1.0 if cloud.state == "smoke" else 0.5)
        for i, x in smoke.items():
            one("map.smoke", i, x)
        self._stacked("map.grenades", [h for h, _ in st.bursts], 2, places, values)
        self._stacked("map.flares", [h for h, _ in st.flares], 1, places, values)
        targets: list[int] = []
        mine: list[int] = []
        known: list[int] = []
        unknown: list[int] = []
        for s in st.soldiers:
            i = s.index
            if status[i] == IN_CUP:
                continue
            if st.aim[i] >= 0:
                targets.append(st.aim[i])
            if st.pos[i] >= 0 and status[i] in ("active", "captured"):
                if s.side != GERMANY:
                    mine.append(st.pos[i])
                else:
                    (known if st.seen[i] else unknown).append(st.pos[i])
        self._stacked("map.targets", targets, 2, places, values)
        self._stacked("map.squad", mine, MOST_STACK, places, values)
        self._stacked("map.known", known, MOST_STACK, places, values)
        self._stacked("map.unknown", unknown, MOST_STACK, places, values)
        if acting >= 0 and st.pos[acting] >= 0:
            one("map.acting", st.pos[acting])
        self._men(st, places, values)
        return st.ground, places, values

    def base(self, key: Hashable) -> list[float]:
        """The terrain planes of a ground (as shells left it), zero elsewhere."""
        if not isinstance(key, Ground):
            return super().base(key)
        blocks: dict[str, list[float]] = {f.name: [0.0] * f.size for f in self.features}
        for name, plane in self._ground([list(entry) for entry in key.listed]).items():
            blocks[f"map.{name}"] = plane
        return [x for f in self.features for x in blocks[f.name]]

    @staticmethod
    def _ones(start: int, found: Iterable[int], places: list[int], values: list[float]) -> None:
        """1 at each of ``found``'s places in the block from ``start``."""
        before = len(places)
        places += [start + k for k in found]
        values += [1.0] * (len(places) - before)

    def _stacked(
        self, block: str, hexes: list[int], most: float, places: list[int], values: list[float]
    ) -> None:
        """``_plane``'s numbers: how many of ``hexes`` are each hex, / ``most`` (at most 1)."""
        plane: dict[int, float] = {}
        for h in hexes:
            plane[h] = min(1.0, plane.get(h, 0.0) + 1 / most)
        start = self.at[block]
        for h, x in plane.items():
            places.append(start + h)
            values.append(x)

    def _men(self, st: CombatState, places: list[int], values: list[float]) -> None:
        """``_soldiers``' numbers: each soldier's blocks, a German's identity once known (a
        view lists every soldier out of the cup: the play-outs ask this for each)."""
        o = len(self.orders)
        order_at = self.order_at
        starts = self._starts
        fixed = self._fixed
        status, pos, seen, aim = st.status, st.pos, st.seen, st.aim
        for s in st.soldiers:
            i = s.index
            state = status[i]
            if state == IN_CUP:
                continue
            n = self.slot[s.key]
            foe = s.side == GERMANY
            known = bool(seen[i]) if foe else True
            mine = fixed.get((id(s), known))
            if mine is None or mine[0] is not s:
                if len(fixed) >= KEEP_FIXED:
                    fixed.clear()
                mine = fixed[(id(s), known)] = (s, *self._printed_numbers(s, n, foe, known))
            places += mine[1]
            values += mine[2]
            place, first, order, morale, wounded, ammo, flags = starts[foe]
            if pos[i] >= 0:
                col, row = self.place[pos[i]]
                k = place + 3 * n
                places.extend((k, k + 1, k + 2))
                values.extend((1.0, col, row))
            if state in STATUSES:
                places.append(first + 4 * n + STATUSES.index(state))
                values.append(1.0)
            if st.order[i] in order_at:
                places.append(order + o * n + order_at[st.order[i]])
                values.append(1.0)
            places.extend((morale + 7 * n + st.morale[i], ammo + 3 * n + st.ammo[i]))
            values.extend((1.0, 1.0))
            wounds = st.wounds[i]
            if wounds:
                k = wounded + 4 * n
                places.extend((k, k + 1, k + 2, k + 3))
                values.extend(scaled(wounds.count(w), MOST_WOUNDS) for w in WOUNDS)
            k = flags + 7 * n
            if st.alert[i] if foe else seen[i]:
                places.append(k)
                values.append(1.0)
            if st.live[i]:
                places.append(k + 1)
                values.append(1.0)
            if aim[i] >= 0:
                places.append(k + 2)
                values.append(1.0)
            blast = st.blast[i]
            if blast in ("near", "far"):
                places.append(k + (3 if blast == "near" else 4))
                values.append(1.0)
            if st.mate[i] >= 0:
                places.append(k + 5)
                values.append(1.0)
            if st.guard[i] >= 0:
                places.append(k + 6)
                values.append(1.0)
            if foe:
                k = self._dirs + 6 * n
                for d in st.dirs[i]:
                    if 1 <= d <= 6:
                        places.append(k + d - 1)
                        values.append(1.0)
            elif st.papers[i] >= 0:
                places.append(self._papers + 6 * n)
                values.append(1.0)

    def _printed_numbers(
        self, s: Soldier, n: int, foe: bool, known: bool
    ) -> tuple[tuple[int, ...], tuple[float, ...]]:
        """What stays of soldier ``s`` (slot ``n``): his team, and what his counter prints
        (a German's once known): worked out once a soldier."""
        at, r = self.at, len(self.roles)
        places: list[int] = []
        values: list[float] = []
        teams = TEAMS_DE if foe else TEAMS_US
        if s.team in teams:
            places.append(at["foes.team" if foe else "squad.team"] + len(teams) * n
                          + teams.index(s.team))  # fmt: skip
            values.append(1.0)
        printed = _printed({"tq": s.tq, "ldr": s.ldr, "ws": s.ws})
        if foe and known:
            places.append(at["foes.known"] + n)
            values.append(1.0)
            k = at["foes.identity"] + (r + 3) * n
            if s.role in self.roles:
                places.append(k + self.roles.index(s.role))
                values.append(1.0)
            places.extend((k + r, k + r + 1, k + r + 2))
            values.extend(printed)
        elif not foe:
            places.append(at["squad.present"] + n)
            values.append(1.0)
            k = at["squad.counter"] + 6 * n
            places.extend(range(k, k + 5))
            values.extend((*printed, float("medic" in s.skills), float("tough" in s.skills)))
        return tuple(places), tuple(values)


def _set(block: list[float], at: int, choices: Sequence[object], value: object) -> None:
    """1 at ``value``'s place among ``choices``, in the part of ``block`` from ``at``."""
    for k, c in enumerate(choices):
        if c == value:
            block[at + k] = 1.0
            return


def _printed(s: Mapping[str, Any]) -> list[float]:
    """A known soldier's printed values: TQ, leadership, weapon skill, each scaled."""
    return [
        scaled(s.get("tq") or 0, MOST_TQ),
        scaled(s.get("ldr") or 0, MOST_LDR),
        scaled(s.get("ws") or 0, MOST_WS),
    ]
