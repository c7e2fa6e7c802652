"""A night's play: the fair reviews of many hands, summed per player, hand by hand and game
by game.

A player is the name the records give its seat (``players: N=Anna, ...``), or else the seat
itself. For each player over the session: the hands it played, its cards, its mistakes (of
its calls, its contract and its cards, single dummy), the expected points it gave away in
the play and in the auction and contract, the chance of winning the game it gave away in
each (where the score is known), the tricks it gave away in the play with every hand open,
and the contracts it declared, made and was set in: all sums over the hands. Each hand is
kept too (its contract, result, points and the score after it), with its place in the games
of the night (``hasen.analysis.games``), and the night's mistakes, so that the worst can be
shown. The figures are read from the lines ``hasen session`` writes, so that a session can be
summed again from its file.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..core.cards import SUIT_NAMES, SUITS
from ..core.variants import variant_for


@dataclass
class PlayerSession:
    """One player's figures over the hands of a session (every figure a sum)."""

    name: str
    hands: int = 0
    cards: int = 0
    mistakes: int = 0
    play_points: float = 0.0  # expected points given away in the play, single dummy
    bidding_points: float = 0.0  # in the auction and the contract, single dummy
    play_win: float = 0.0  # the chance of winning the game given away in the play (0.05: 5 points in 100)
    bidding_win: float = 0.0  # in the auction and the contract
    double_dummy_given_away: int = 0
    declared: int = 0
    made: int = 0
    set: int = 0


@dataclass(frozen=True)
class Mistake:
    """One decision the review called a mistake, with what the report shows of it."""

    hand: str  # the hand's id
    player: str
    seat: str
    what: str  # in words: "passed at the auction's 3rd call", "chose spades, discard TH", "played AS at trick 2"
    better: str  # what was better, in the same words: "bidding 2", "choosing clubs, discard TH", "playing JK"
    points: float  # expected points given away
    win: float | None  # the chance of winning the game given away, where the score is known
    record: dict[str, Any]  # the hand's record (its JSON), for its diagram


@dataclass
class HandLine:
    """One hand of the session as the report lists it."""

    id: str
    number: int  # its place in the file, from 1
    game: dict[str, Any] | None  # its place in the games (GamePlace.to_json), None if the score is lost
    dealer: str | None = None
    contract: str = ""  # "N 6 in clubs", "E order up alone", "" when not reviewed
    outcome: str = ""  # "made 6 tricks", "down 2", "passed out", "not reviewed: ..."
    points: dict[str, int] = field(default_factory=dict)  # each side's points from the hand
    record: dict[str, Any] | None = None  # the record's JSON, for a link to its review; None when not reviewed
    sides: tuple[str, ...] = ()  # who keeps a score in its game (``Variant.score_names``); () not reviewed


@dataclass(frozen=True)
class GameLine:
    """One game of the night: its hands in order, the score it started and ended at."""

    number: int
    hands: tuple[HandLine, ...]
    started: tuple[int, ...]  # each of the sides' (or three players') scores
    final: tuple[int, ...] | None  # after its last hand (None: that hand's result is not known)
    winner: str | None  # the side's name (or the players', two sharing it), once it reached 10


@dataclass
class Session:
    players: dict[str, PlayerSession] = field(default_factory=dict)
    hands: list[HandLine] = field(default_factory=list)
    mistakes: list[Mistake] = field(default_factory=list)
    # who keeps a score in the game of the last hand reviewed (``Variant.score_names``); each hand
    # keeps its own (a night may change games)
    sides: tuple[str, ...] = ("N-S", "E-W")
    # who sat on each side, game by game (0: the hands whose game is not known)
    side_players: dict[tuple[int, str], list[str]] = field(default_factory=dict)

    @property
    def reviewed(self) -> list[HandLine]:
        return [h for h in self.hands if h.contract]

    def add(self, id: object, review: dict[str, Any], game: dict[str, Any] | None = None) -> None:
        """One hand's review (its JSON), and its place in the games."""
        record = review["record"]
        names = record.get("players", {})
        for seat, totals in review["players"].items():
            name = names.get(seat, seat)
            player = self.players.setdefault(name, PlayerSession(name))
            player.hands += 1
            player.cards += totals["cards"]
            player.mistakes += totals["mistakes"]
            player.play_points += totals["play_points"]
            player.bidding_points += totals["bidding_points"]
            player.play_win += totals.get("play_win", 0.0)
            player.bidding_win += totals.get("bidding_win", 0.0)
            player.double_dummy_given_away += totals["double_dummy_given_away"]
        self.note_sides(record, 0 if game is None else game["number"])
        contract = record["contract"]
        declarer = names.get(contract["declarer"], contract["declarer"])
        self.players.setdefault(declarer, PlayerSession(declarer)).declared += 1
        line = HandLine(
            str(id),
            len(self.hands) + 1,
            game,
            record["dealer"],
            contract_words(record),
            "",
            record=record,
            sides=self.sides,
        )
        result = review.get("result")
        if result is None:
            line.outcome = "the record stops before the end"
        elif not result["redeal"]:
            line.points = dict(result["score"])
            taken = result["tricks"][result["declarers"]]
            line.outcome = f"made, {taken} tricks" if result["made"] else f"down {result['down']}"
            self.players[declarer].made += bool(result["made"])
            self.players[declarer].set += not result["made"]
        self.hands.append(line)
        self.mistakes += mistakes_of(str(id), review)

    def add_passed_out(self, id: object, game: dict[str, Any] | None = None) -> None:
        self.hands.append(HandLine(str(id), len(self.hands) + 1, game, outcome="passed out: dealt again"))

    def add_error(self, id: object, error: str, game: dict[str, Any] | None = None) -> None:
        self.hands.append(HandLine(str(id), len(self.hands) + 1, game, outcome=f"not reviewed: {error}"))

    def sides_of(self, hand: HandLine) -> tuple[str, ...]:
        """Who keeps a score in the hand's game: its own record's, or for a hand not reviewed
        (passed out, or its record in error) a reviewed hand's of the same game."""
        if hand.sides:
            return hand.sides
        number = None if hand.game is None else hand.game["number"]
        same = (h.sides for h in self.hands if h.sides and h.game is not None and h.game["number"] == number)
        return next(same, self.sides)

    def note_sides(self, record: dict[str, Any], game: int) -> None:
        """The sides' names (or the three players') and who sat on each in the game, as the
        records say."""
        sides = variant_for(record["variant"], record["deck"]).score_names
        self.sides = sides
        names = record.get("players", {})
        for side in sides:
            for seat in side.split("-"):
                name = names.get(seat, seat)
                members = self.side_players.setdefault((game, side), [])
                if name not in members:
                    members.append(name)

    def games_of(self, name: str) -> int:
        """How many of the night's games (those whose score is known) the player sat in."""
        return len({game for (game, _), members in self.side_players.items() if game and name in members})

    def win_per_game(self, player: PlayerSession) -> tuple[float, float] | None:
        """The chance of winning the game the player gave away in the play and in the bidding,
        per game it sat in: each game's decisions summed, then the mean over those games.
        None where no game's score is known."""
        games = self.games_of(player.name)
        return None if not games else (player.play_win / games, player.bidding_win / games)

    def games(self) -> list[GameLine]:
        """The night's games in order, each with its hands (hands whose score was lost belong to none)."""
        out: list[GameLine] = []
        by_number: dict[int, list[HandLine]] = {}
        for hand in self.hands:
            if hand.game is not None:
                by_number.setdefault(hand.game["number"], []).append(hand)
        for number, hands in by_number.items():
            first, last = hands[0].game, hands[-1].game
            assert first is not None and last is not None
            final = None if last["after"] is None else tuple(last["after"])
            out.append(GameLine(number, tuple(hands), tuple(first["started"]), final, last["winner"]))
        return out

    def partly_scored(self) -> bool:
        """Is the score known for some reviewed hand (so that its chances given away are figures)?"""
        return any(h.game is not None for h in self.reviewed)

    def scored(self) -> bool:
        """Is the score known for every reviewed hand (so that the chance of winning judges them)?"""
        return bool(self.reviewed) and all(h.game is not None for h in self.reviewed)

    def worst(self, count: int = 3) -> list[Mistake]:
        """The night's costliest mistakes: by the chance of winning the game given away where
        every hand's score is known, else by the points."""
        by_win = self.scored()
        return sorted(self.mistakes, key=lambda m: -((m.win or 0.0) if by_win else m.points))[:count]


def contract_words(record: dict[str, Any]) -> str:
    """``N 6 in clubs, discard KH``; ``E order up alone in spades``."""
    contract = record["contract"]
    bid = f" {contract['bid']}" if contract.get("bid") else ""
    alone = " alone" if contract["alone"] else ""
    discard = f", discard {contract['discard']}" if contract.get("discard") else ""
    return f"{contract['declarer']}{bid}{alone} in {suit_words(contract['trump'])}{discard}"


def mistakes_of(hand: str, review: dict[str, Any]) -> list[Mistake]:
    """The decisions of one reviewed hand called mistakes."""
    record = review["record"]
    names = record.get("players", {})
    out = []

    def add(seat: str, what: str, better: str, decision: dict[str, Any], points: float) -> None:
        out.append(Mistake(hand, names.get(seat, seat), seat, what, better, points, decision.get("win_cost"), record))

    for call in review["calls"]:
        if call["mistake"]:
            add(
                call["seat"],
                f"{call_words(call['call'], past=True)} at the auction's {ordinal(call['number'])} call",
                call_words(call["best"]),
                call,
                call["cost"],
            )
    choice = review.get("choice")
    if choice is not None and choice["mistake"]:
        add(
            choice["seat"],
            f"chose {choice_words(choice['chosen'])}",
            f"choosing {choice_words(choice['best'])}",
            choice,
            choice["cost"],
        )
    for card in review["cards"]:
        if card["mistake"]:
            add(
                card["seat"],
                f"played {card['card']} at trick {card['trick']}",
                f"playing {card['best']}",
                card,
                card["points_cost"],
            )
    return out


def call_words(call: str, past: bool = False) -> str:
    """A call as a player says it: ``bid 4``, ``passed``, ``ordering up alone``, ``named hearts``."""
    alone = " alone" if call.endswith(" alone") else ""
    core = call.removesuffix(" alone")
    if core == "pass":
        words = "passed" if past else "passing"
    elif core == "order up":
        words = "ordered up" if past else "ordering up"
    elif core.startswith("name "):
        words = f"{'named' if past else 'naming'} {suit_words(core[-1])}"
    else:
        words = f"{'bid' if past else 'bidding'} {core}"
    return words + alone


def ordinal(number: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``11th``."""
    suffix = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"


def choice_words(choice: dict[str, Any]) -> str:
    discard = f", discard {choice['discard']}" if choice.get("discard") else ""
    return f"{suit_words(choice['trump'])}{discard}{' alone' if choice['alone'] else ''}"


def suit_words(letter: str) -> str:
    return SUIT_NAMES[SUITS.index(letter)]
