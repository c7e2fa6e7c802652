"""A whole hand as it was played: the deal, the auction, the contract and the play, with its
result once the play is over (docs/notation.md, "Hand records").

A ``Record`` is read strictly from text (a block of ``field: value`` lines, or the same
fields on one line between semicolons) or from JSON, and written back in one canonical
form. Nothing is re-implemented here: the auction is checked by ``hasen.rules.auction``,
the contract and the play by ``PlayState``, and the score by ``hasen.rules.scoring``. A
record may stop anywhere: in the auction, before the contract, or during the play.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any, NamedTuple

from ..core import strict_json
from ..core.cards import SUIT_NAMES, SUITS, CardId, card_name, cards_of, mask_of, parse_card
from ..core.deal import Deal, read_deal
from ..core.errors import HasenError, IllegalCallError, NotationError, quoted
from ..core.names import Card, Seat, Suit
from ..core.older import keeps_older_form
from ..core.record_text import (
    FIELD_SEPARATOR,
    FIELDS,
    FORBIDDEN_IN_NAMES,
    MAX_NAME,
    NO_DEAL,
    RecordText,
    hidden,
    read_id,
    split_records,
)
from ..core.seats import SEATS, parse_seat, partner_of
from ..core.settings import DEFAULT_SETTINGS, Settings, checked_settings, setting_value
from ..core.variants import Variant, variant_for
from ..play.from_play import UNKNOWN_PARTS, PlayedContract, deal_from_play, holders
from ..play.state import (
    BestCard,
    Contract,
    PlayState,
    best_json,
    exchange_discard,
    exchanging_seat,
    nobody_takes,
    parse_play_record,
    replay,
)
from ..rules.auction import (
    AuctionEnd,
    AuctionRules,
    AuctionState,
    Call,
    auction_for,
)
from ..rules.scoring import Bid, falls_below_zero, hand_score, named_points, parse_bid, tricks_needed
from ..rules.seating import playing_seats
from .inputs import coerce_best

# the fields of a record, in the order they are written


# --- results ---------------------------------------------------------------------------------

REDEAL_WORDS = "redeal"


class HandResult(NamedTuple):
    """How a hand came out: dealt again (nobody declared), or the tricks each side took, the
    tricks the declaring side needed and the score of each side by the game's scoring."""

    variant: Variant
    redeal: bool
    side: int | None = None  # the declaring side (0: N-S, or the first player)
    tricks: tuple[int, int] = (0, 0)  # the declaring side's, the defenders'
    needed: int = 0
    score: tuple[int, int] = (0, 0)  # the declaring side's points, the defenders' (with three players, each's)
    declarer: int | None = None  # who declared: three players' sides are named from it

    @property
    def made(self) -> bool:
        return not self.redeal and self.tricks[0] >= self.needed

    @property
    def down(self) -> int:
        """By how many tricks the declaring side failed (0 when it made)."""
        return 0 if self.redeal else max(self.needed - self.tricks[0], 0)

    def names(self) -> tuple[str, str]:
        """The declaring side's name and the defenders'."""
        names = self.variant.side_names if self.declarer is None else self.variant.sides_of(self.declarer)
        side = self.side or 0
        return names[side], names[1 - side]

    def points(self) -> dict[str, int]:
        """Each side's points by name, the declaring side's first (``named_points``); none
        for a hand dealt again."""
        if self.redeal or self.declarer is None:
            return dict.fromkeys(self.variant.score_names, 0)
        return named_points(self.variant, self.declarer, self.score)

    def text(self) -> str:
        """``N-S 5 tricks, made (N-S +5, E-W 0)``, or ``redeal``."""
        if self.redeal:
            return REDEAL_WORDS
        ours, _ = self.names()
        outcome = "made" if self.made else f"down {self.down}"
        points = ", ".join(f"{name} {_signed(p)}" for name, p in self.points().items())
        return f"{ours} {self.tricks[0]} trick{'' if self.tricks[0] == 1 else 's'}, {outcome} ({points})"

    def to_json(self) -> dict[str, Any]:
        if self.redeal:
            return {"redeal": True, "score": self.points()}
        ours, theirs = self.names()
        return {
            "redeal": False,
            "declarers": ours,
            "tricks": {ours: self.tricks[0], theirs: self.tricks[1]},
            "needed": self.needed,
            "made": self.made,
            "down": self.down,
            "score": self.points(),
        }


def _signed(points: int) -> str:
    return f"{points:+d}" if points else "0"


def _words(unknown: str | Iterable[str] | None) -> list[str]:
    """The parts a record says it does not know, as given (``discard, partner`` or a list)."""
    if unknown is None:
        return []
    return [w.strip() for w in unknown.split(",")] if isinstance(unknown, str) else list(unknown)


def _play_text(play: str | Iterable[Any]) -> str:
    return (
        play if isinstance(play, str) else " ".join(card_name(Card(c)) if isinstance(c, int) else str(c) for c in play)
    )


# --- the record ------------------------------------------------------------------------------


def _settings_older(
    init: Callable[..., None], args: tuple[Any, ...], kwargs: dict[str, Any], old: dict[str, Any]
) -> None:
    """A ``Record`` of the older form, its ``settings=`` beside the deal: the deal with them."""
    import inspect  # the older form's path only

    call = inspect.signature(init).bind_partial(*args, **kwargs).arguments
    if isinstance(call.get("deal"), Deal):
        call["deal"] = with_settings(call["deal"], old["settings"])
    init(**call)


class Record:
    """One hand: ``Record(deal, auction="E pass, S pass, W pass, N order up", contract="N,
    trump S, discard KH", play="...")``, or ``Record.parse(text)`` / ``Record.from_json(data)``.
    Each part is checked against the rules as it is given; ``str()`` is the canonical block
    of lines, ``line()`` the same on one line, ``to_json()`` the JSON form.

    >>> record = Record.parse("variant: euchre2; dealer: N; deal: N:9.Q9.J.T T..T.AJ9 9D; "
    ...                       "auction: S pass, N pass, S name C")
    >>> record.contract is None, record.to_call, record.auction_end.trump
    (True, None, 3)
    """

    __slots__ = (
        "deal",
        "settings",
        "rules",
        "calls",
        "auction_state",
        "contract",
        "state",
        "id",
        "players",
        "score",
        "unknown",
    )

    @keeps_older_form(
        "Record", ("settings",), "give the settings to the Deal: deal.replace(settings=...)", _settings_older
    )
    def __init__(
        self,
        deal: Deal,
        *,
        auction: str | Iterable[tuple[Any, Any]] = (),
        contract: str | Mapping[str, Any] | ContractSpec | None = None,
        play: str | Iterable[Any] = (),
        id: str | int | None = None,
        players: str | Mapping[Any, str] | None = None,
        score: str | Mapping[str, int] | Iterable[int] | None = None,
        unknown: str | Iterable[str] | None = None,
    ) -> None:
        if not isinstance(deal, Deal):
            raise NotationError(f"deal: expected a Deal, got {quoted(deal)} (Record.parse reads a record's text)")
        # the deal carries the record's settings, as every deal carries its own
        self.deal = deal
        self.settings = deal.settings
        self.rules: AuctionRules = auction_for(deal, self.settings)
        self.id = read_id(id)
        self.players = _players(players, deal.variant)
        self.score: tuple[int, ...] | None = read_score(score, deal.variant, self.settings)
        calls = parse_auction(auction, self.rules) if isinstance(auction, str) else _call_pairs(auction, self.rules)
        self.calls: tuple[tuple[Seat, Call], ...] = ()
        self.auction_state: AuctionState = self.rules.start()
        for number, (seat, call) in enumerate(calls, 1):
            self._call(number, seat, call)
        self.contract: Contract | None = None
        self.state: PlayState | None = None
        if contract is not None:
            try:
                spec = contract_spec(contract, deal.variant, self.settings)
            except HasenError as exc:
                if str(exc).startswith("contract:"):
                    raise
                raise type(exc)(f"contract: {exc}") from None
            if spec.discard is None and "discard" in _words(unknown):
                spec = spec._replace(discard=self._stand_in_discard(spec, play))
            self.state = self._settle(spec)
            self.contract = self.state.contract
        self._play(play)
        self.unknown = self._unknown(unknown)

    # --- building ------------------------------------------------------------------------------

    def _stand_in_discard(self, spec: ContractSpec, play: str | Iterable[Any]) -> CardId | None:
        """The stand-in for a discard the record does not know and does not write (its JSON
        form): the card of the taker's hand and the upcard or widow that the taker did not
        play; None where the play does not show it (the contract is then refused)."""
        cards = [c for group in parse_play_record(_play_text(play)) for c in group]
        played = PlayedContract(
            spec.declarer, spec.trump, spec.alone, spec.defender, None, spec.best, spec.defender_best
        )
        try:
            seats = playing_seats(self.variant, spec.declarer, spec.alone, spec.defender)
            taker = exchanging_seat(self.deal, spec.trump, spec.declarer, seats, self.settings)
            by_seat = holders(self.variant, self.settings, self.deal.dealer, played, cards)
        except HasenError:
            return None
        if taker is None or len(by_seat[taker]) != self.variant.hand_size:
            return None
        left = (int(self.deal.hands[taker]) | 1 << self.deal.extra) & ~mask_of(by_seat[taker])
        call = spec.best if taker == spec.declarer else spec.defender_best if taker == spec.defender else None
        if call is not None:  # a caller for best also put a card away (and played the one passed)
            left &= ~(1 << call.discard)
        return next(iter(cards_of(left))) if left.bit_count() == 1 else None

    def _unknown(self, given: str | Iterable[str] | None) -> tuple[str, ...]:
        """What the record does not know, checked: an unknown discard needs a dealer who took
        the upcard, an unknown partner a lone declarer with a partner."""
        words = _words(given)
        for word in words:
            if word not in UNKNOWN_PARTS:
                raise NotationError(f"unknown: {quoted(word)} (expected some of {', '.join(UNKNOWN_PARTS)})")
        if "discard" in words and (self.state is None or exchange_discard(self.state) is None):
            raise NotationError("unknown: discard: nobody discarded in this hand (no dealer took the upcard)")
        if "widow" in words and (self.contract is None or self.variant.seen_extra() is not None):
            raise NotationError("unknown: widow: only a Hasenpfeffer declarer takes a widow, once the auction is over")
        if "partner" in words and (self.contract is None or not self.contract.alone):
            raise NotationError("unknown: partner: nobody played alone in this hand, so every hand played")
        if "defender partner" in words and (self.contract is None or self.contract.lone_defender is None):
            raise NotationError("unknown: defender partner: no defender played alone in this hand")
        return tuple(part for part in UNKNOWN_PARTS if part in words)

    def _call(self, number: int, seat: int, call: Call) -> None:
        where = f"auction: call {number}, {quoted(SEATS[seat] + ' ' + call.words(self.settings))}"
        if self.rules.to_call(self.auction_state) is None:
            raise IllegalCallError(f"{where}: the auction is over: {self._ending()}")
        reason = self.rules.refusal(self.auction_state, seat, call)
        if reason is not None:
            raise IllegalCallError(f"{where}: {reason}")
        self.calls += ((Seat(seat), call),)
        self.auction_state = self.rules.after(self.auction_state, call)

    def _ending(self) -> str:
        """How the auction ended, for messages."""
        end = self.auction_end
        assert end is not None
        if end.redeal:
            return self.rules.redeal_reason()
        assert end.declarer is not None
        seat = SEATS[end.declarer]
        if end.forced:
            assert end.bid is not None
            return f"everyone passed, so {seat}, who holds the Joker, declares {end.bid.name(self.settings)}"
        if end.bid is not None:
            return f"{seat} won it with {end.bid.name(self.settings)}"
        return f"{seat} made trump with {self.calls[-1][1].words(self.settings)!r}"

    def _settle(self, spec: ContractSpec) -> PlayState:
        """The play of the contract given, if it is the one the auction ended in and the deal
        can play it; else why not."""
        end = self.auction_end
        if end is None:
            raise IllegalCallError(f"contract: the auction is not over: it is {SEATS[self.to_call or 0]}'s call")
        if end.redeal:
            raise IllegalCallError(f"contract: there is none: {self._ending()}")
        assert end.declarer is not None
        if spec.declarer != end.declarer:
            raise IllegalCallError(
                f"contract: {SEATS[end.declarer]} declares, not {SEATS[spec.declarer]}: {self._ending()}"
            )
        variant = self.deal.variant
        if end.bid is not None:
            if spec.bid is None:
                raise NotationError(
                    f"contract: the bid is missing: '{SEATS[end.declarer]} {end.bid.name(self.settings)}, trump ...'"
                )
            if spec.bid != end.bid:
                raise IllegalCallError(
                    f"contract: {SEATS[end.declarer]}'s bid is {end.bid.name(self.settings)}, "
                    f"not {spec.bid.name(self.settings)}: {self._ending()}"
                )
        elif spec.bid is not None:
            raise NotationError(
                f"contract: {variant.name} has no bid: the makers need {tricks_needed(variant, None)} "
                "tricks (write the maker, the trump and the discard)"
            )
        if end.trump is not None and spec.trump != end.trump:
            raise IllegalCallError(
                f"contract: trump is {SUIT_NAMES[end.trump]}, not {SUIT_NAMES[spec.trump]}: {self._ending()}"
            )
        if spec.alone not in variant.forms:
            raise IllegalCallError(f"contract: alone: {variant.never_alone}")
        if end.alone is not None and spec.alone != end.alone:
            form = "alone" if end.alone else "with the partner"
            raise IllegalCallError(f"contract: {SEATS[end.declarer]} plays {form}: {self._ending()}")
        try:
            seats = playing_seats(variant, spec.declarer, spec.alone, spec.defender)
        except HasenError as exc:
            raise type(exc)(f"contract: {exc}") from None
        taker = exchanging_seat(self.deal, spec.trump, spec.declarer, seats, self.settings)
        extra = card_name(self.deal.extra)
        if taker is None:
            if spec.discard is not None:
                why = nobody_takes(self.deal, spec.trump, seats, self.settings)
                raise NotationError(
                    f"contract: nobody takes the upcard {extra} ({why}), so there is no "
                    f"discard, not {card_name(spec.discard)}"
                )
            discard: CardId = self.deal.extra
        elif spec.discard is None:
            raise NotationError(
                f"contract: the {variant.exchanger} {SEATS[taker]} takes the {variant.extra_card} {extra} and "
                "discards: add 'discard <card>'"
            )
        else:
            discard = spec.discard
        contract = Contract(
            spec.declarer, spec.trump, discard, spec.alone, spec.defender, spec.best, spec.defender_best
        )
        try:
            return PlayState(self.deal, contract, self.settings)  # which checks it against the deal
        except HasenError as exc:
            raise type(exc)(f"contract: {exc}") from None

    def _play(self, play: str | Iterable[Any]) -> None:
        text = _play_text(play)
        if not text.strip():
            return
        if self.state is None:
            missing = "the auction is not over" if self.auction_end is None else "no contract is given"
            if self.auction_end is not None and self.auction_end.redeal:
                missing = "nobody declares: " + self.rules.redeal_reason()
            raise NotationError(f"play: cards are played only once the contract is known, and {missing}")
        replay(self.state, text)

    # --- what the record holds -------------------------------------------------------------------

    @property
    def variant(self) -> Variant:
        return self.deal.variant

    @property
    def to_call(self) -> Seat | None:
        """Whose call it is; None once the auction is over."""
        seat = self.rules.to_call(self.auction_state)
        return None if seat is None else Seat(seat)

    @property
    def auction_end(self) -> AuctionEnd | None:
        """How the auction ended; None while it goes on."""
        return self.auction_state.end

    @property
    def bid(self) -> Bid | None:
        """The declarer's bid (Hasenpfeffer); None in Euchre or before the auction ends."""
        end = self.auction_end
        return None if end is None else end.bid

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card played, in order."""
        if self.state is None:
            return ()
        return tuple(Card(c) for _, cards, _ in self.state.tricks for c in cards) + tuple(
            Card(c) for c in self.state.trick
        )

    @property
    def finished(self) -> bool:
        """Is the hand over: dealt again, or every card played?"""
        end = self.auction_end
        return end is not None and (end.redeal or (self.state is not None and self.state.finished))

    @property
    def result(self) -> HandResult | None:
        """The result once the hand is over; None before."""
        if not self.finished:
            return None
        end = self.auction_end
        assert end is not None
        if end.redeal:
            return HandResult(self.variant, True)
        state, contract = self.state, self.contract
        assert state is not None and contract is not None
        side = state.declaring_side
        taken = (state.taken[side], state.taken[1 - side])
        score = hand_score(
            self.variant, self.settings, end.bid, taken[0], contract.alone, contract.lone_defender is not None
        )
        return HandResult(
            self.variant, False, side, taken, tricks_needed(self.variant, end.bid), score, contract.declarer
        )

    # --- writing ---------------------------------------------------------------------------------

    def fields(self) -> list[tuple[str, str]]:
        """The record's fields as written, in order (those with nothing to say left out)."""
        variant = self.variant
        out: list[tuple[str, str]] = []
        if self.id is not None:
            out.append(("id", str(self.id)))
        out.extend((key, str(value)) for key, value in variant.identity().items())
        changed = self.settings.changed()
        if changed:
            out.append(("settings", ", ".join(f"{k}={_setting_text(v)}" for k, v in changed.items())))
        if self.players:
            out.append(("players", ", ".join(f"{seat}={name}" for seat, name in self.players.items())))
        if self.score is not None:
            out.append(("score", "-".join(map(str, self.score))))
        typed_once = self.typed_once
        if self.unknown and not typed_once:
            out.append(("unknown", ", ".join(self.unknown)))
        out.append(("dealer", SEATS[self.deal.dealer]))
        if not typed_once:
            out.append(("deal", self.deal.notation()))
        elif "widow" not in self.unknown:
            out.append((variant.extra_card, card_name(self.deal.extra)))
        if self.calls:
            out.append(("auction", self.auction_text()))
        if self.contract is not None:
            out.append(("contract", self.contract_text()))
        if self.cards:
            out.append(("play", self.play_text()))
        result = self.result
        if result is not None:
            out.append(("result", result.text()))
        return out

    @property
    def typed_once(self) -> bool:
        """Is the record written without its deal (the hands worked out from the play)? So it
        is where the deal would show stand-ins for what the record does not know: the play
        is whole, and every hand it does not show is one the record does not know."""
        if not self.unknown or self.state is None or not self.state.finished:
            return False
        c = self.state.contract
        idle = {
            "partner": partner_of(c.declarer) if c.alone else None,
            "defender partner": None if c.lone_defender is None else partner_of(c.lone_defender),
        }
        return all(
            part in self.unknown for part, seat in idle.items() if seat is not None and seat in self.variant.seats
        )

    @property
    def _discard_hidden(self) -> bool:
        """Is the discard not written? So it is where the record does not know it and its play,
        whole, says where a stand-in would be (a play stopped short needs the stand-in written)."""
        return "discard" in self.unknown and self.state is not None and self.state.finished

    def auction_text(self) -> str:
        return ", ".join(f"{SEATS[seat]} {call.words(self.settings)}" for seat, call in self.calls)

    def contract_text(self) -> str:
        """``N 4, trump C, discard KH, alone, defender E``; in Euchre without the bid, and
        without the discard when nobody takes the upcard."""
        contract = self.contract
        assert contract is not None and self.state is not None
        head = SEATS[contract.declarer]
        if self.bid is not None:
            head += f" {self.bid.name(self.settings)}"
        parts = [head, f"trump {SUITS[contract.trump]}"]
        discard = exchange_discard(self.state)
        if discard is not None and not self._discard_hidden:
            parts.append(f"discard {card_name(discard)}")
        if contract.alone:
            parts.append("alone")
        if contract.lone_defender is not None:
            parts.append(f"defender {SEATS[contract.lone_defender]}")
        if contract.best is not None:
            parts.append(f"best {contract.best.text()}")
        if contract.defender_best is not None:
            parts.append(f"defender best {contract.defender_best.text()}")
        return ", ".join(parts)

    def play_text(self) -> str:
        """The play record in canonical form: `` | `` after every completed trick."""
        state = self.state
        if state is None:
            return ""
        groups = [" ".join(card_name(c) for c in cards) for _, cards, _ in state.tricks]
        if state.trick:
            groups.append(" ".join(card_name(c) for c in state.trick))
        return " | ".join(groups)

    def __str__(self) -> str:
        """The canonical block: one field a line."""
        return "\n".join(f"{key}: {value}" for key, value in self.fields())

    def line(self) -> str:
        """The canonical record on one line, its fields between semicolons."""
        return f"{FIELD_SEPARATOR} ".join(f"{key}: {value}" for key, value in self.fields())

    def __repr__(self) -> str:
        return f"Record.parse({self.line()!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Record) and other.to_json() == self.to_json()

    __hash__ = None  # type: ignore[assignment]

    def to_json(self) -> dict[str, Any]:
        variant, contract = self.variant, self.contract
        data: dict[str, Any] = {
            "id": self.id,
            "variant": variant.name,
            "deck": variant.deck_size,
            "settings": self.settings.applicable(variant),
            "players": dict(self.players),
            "score": None if self.score is None else dict(zip(variant.score_names, self.score)),
            "dealer": SEATS[self.deal.dealer],
            "deal": self.deal.notation(),
            "auction": [{"seat": SEATS[s], "call": c.words(self.settings)} for s, c in self.calls],
            "contract": None,
        }
        if contract is not None:
            assert self.state is not None
            discard = exchange_discard(self.state)
            entry: dict[str, Any] = {"declarer": SEATS[contract.declarer]}
            if self.bid is not None:
                entry["bid"] = self.bid.name(self.settings)
            shown = None if discard is None or self._discard_hidden else card_name(discard)
            entry.update(
                {
                    "trump": SUITS[contract.trump],
                    "discard": shown,
                    "alone": contract.alone,
                    "defender": None if contract.lone_defender is None else SEATS[contract.lone_defender],
                    **best_json(contract, self.variant),
                }
            )
            data["contract"] = entry
        data["play"] = self.play_text()
        if self.unknown:  # only where there is something the record does not know
            data["unknown"] = list(self.unknown)
        result = self.result
        data["result"] = None if result is None else result.to_json()
        return data

    # --- reading ---------------------------------------------------------------------------------

    @classmethod
    def parse(cls, text: str, first_line: int = 1) -> Record:
        """One record from its text: a block of ``field: value`` lines, or one line of fields
        between semicolons. ``first_line``: where the text starts in its file, for messages."""
        if not isinstance(text, str):
            raise NotationError(f"record: expected the record's text, got {type(text).__name__}")
        blocks = split_records(text, first_line)
        if len(blocks) != 1:
            found = f"{len(blocks)} records (records are separated by blank lines)" if blocks else "nothing"
            raise NotationError(f"record: expected one record, found {found}")
        return parse_block(blocks[0])

    @classmethod
    def parse_all(cls, text: str) -> list[Record]:
        """Every record of a text (a file), in order; the first bad one raises, naming its
        line."""
        return [parse_block(block) for block in split_records(text)]

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | str) -> Record:
        """A record from its JSON form (an object, or its text)."""
        if isinstance(data, str):
            try:
                data = strict_json.loads(data)
            except HasenError as exc:
                raise NotationError(f"record: {exc}") from None
        if not isinstance(data, Mapping):
            raise NotationError(f"record: expected a JSON object, got {_json_type(data)}")
        for key in data:
            if key not in FIELDS:
                raise NotationError(f"record: unknown key {quoted(key)} (expected some of {', '.join(FIELDS)})")

        def value(key: str, types: tuple[type, ...], what: str) -> Any:
            got = data.get(key)
            if got is None or (isinstance(got, types) and (bool in types or not isinstance(got, bool))):
                return got
            raise NotationError(f"{key}: expected {what}, got {_json_type(got)}")

        def build() -> Record:
            variant = variant_for(value("variant", (str,), "a string"), value("deck", (int,), "a whole number"))
            settings = _settings(variant, value("settings", (dict,), "an object") or {})
            dealer = value("dealer", (str,), "a string")
            auction = value("auction", (list,), 'a list of calls, each {"seat": ..., "call": ...}') or []
            pairs = []
            for number, call in enumerate(auction, 1):
                if (
                    not isinstance(call, Mapping)
                    or set(call) != {"seat", "call"}
                    or not all(isinstance(v, str) for v in call.values())
                ):
                    raise NotationError(
                        f'auction: call {number}: expected {{"seat": ..., "call": ...}} with '
                        f"two strings, got {quoted(call)}"
                    )
                pairs.append((call["seat"], call["call"]))
            parts = {
                "auction": pairs,
                "id": value("id", (str, int), "a string or a whole number"),
                "players": value("players", (dict,), "an object") or {},
                "score": value("score", (dict,), "an object of each side's score, or null"),
                "unknown": value("unknown", (list,), "a list of the parts not known"),
            }
            contract = value("contract", (dict,), "an object or null")
            play = value("play", (str,), "a string of cards") or ""
            if data.get("deal") is None:
                extra = {name: value(name, (str,), "a card") for name in EXTRA_FIELDS}
                record = played_record(variant, settings, dealer, extra, contract, play, **parts)
            else:
                given = next((name for name in EXTRA_FIELDS if data.get(name) is not None), None)
                if given is not None:
                    raise NotationError(f"{given}: the deal gives the {variant.extra_card} already")
                deal = record_deal(value("deal", (str,), "a string"), dealer, variant, settings)
                record = cls(
                    deal,
                    contract=contract,
                    play=play,
                    **{**parts, "unknown": parts["unknown"] or ()},
                )
            if data.get("result") is not None:
                given = value("result", (dict,), "an object or null")
                _check_result(
                    record,
                    json.dumps(given, sort_keys=True),
                    json.dumps(record.result and record.result.to_json(), sort_keys=True),
                )
            return record

        try:
            return build()
        except HasenError as exc:
            raise type(exc)(f"record: {exc}") from None


# --- the parts of a record -----------------------------------------------------------------------

# the deal notation's hints name the command line's and the API's options; a record has fields
OTHER_GAME_HINT = re.compile(r" \((\d+-card hands in \d+ fields fit ([a-z0-9]+)[^:]*): pass --variant .*\)$")
OTHER_DECK_HINT = re.compile(r" \(it is in the (\d+)-card deck: --deck \d+\)")


def record_deal(text: str, dealer: str | None, variant: Variant, settings: Settings = DEFAULT_SETTINGS) -> Deal:
    """The record's deal, with its table ``settings`` (checked for its game already); a
    message's hint at another game or deck says which field to write."""
    try:
        return read_deal(text, dealer, variant, settings)
    except HasenError as exc:
        message = OTHER_GAME_HINT.sub(r" (\1: write 'variant: \2')", str(exc))
        message = OTHER_DECK_HINT.sub(r" (it is in the \1-card deck: write 'deck: \1')", message)
        raise type(exc)(message) from None


EXTRA_FIELDS = ("upcard", "widow")  # a record without a deal names the card every seat saw, or the widow


def played_record(
    variant: Variant,
    settings: Settings,
    dealer: str | None,
    extra: dict[str, str | None],
    contract: str | Mapping[str, Any] | None,
    play: str | None,
    **parts: Any,
) -> Record:
    """A record typed once: no deal, the hands worked out from the play (``deal_from_play``),
    what it does not show said to be unknown. ``extra``: the ``upcard`` or ``widow`` field
    given, by name; ``parts``: the record's other fields (auction, id, players, score)."""
    if parts.pop("unknown", None) is not None:
        raise NotationError(
            "unknown: a record without a deal says nothing of what it does not know: that is worked out from the play"
        )
    field = variant.extra_card
    other = next((name for name, value in extra.items() if value is not None and name != field), None)
    if other is not None:
        raise NotationError(f"{other}: {variant.name} has no {other} (its card every seat may know is the {field})")
    if dealer is None:
        raise NotationError("dealer: a record without a deal needs its dealer ('dealer: N')")
    if contract is None or not (play or "").strip():
        raise NotationError(NO_DEAL)
    card = extra.get(field)
    if card is None and variant.seen_extra() is not None:
        raise NotationError(f"{field}: a record without a deal needs the {field} ('{field}: 9D'): every player saw it")
    spec = contract_spec(contract, variant, settings)
    cards = [c for group in parse_play_record(play or "") for c in group]
    hand = deal_from_play(
        variant,
        settings,
        parse_seat(dealer, "dealer"),
        None if card is None else parse_card(card, field),
        PlayedContract(
            spec.declarer, spec.trump, spec.alone, spec.defender, spec.discard, spec.best, spec.defender_best
        ),
        cards,
    )
    if hand.discard is not None:  # someone took the upcard or widow: its discard, given, found or a stand-in
        spec = spec._replace(discard=hand.discard)
    deal = with_settings(hand.deal, settings)
    return Record(deal, contract=spec, play=play or "", unknown=hand.unknown, **parts)


JSON_NAMES = {
    str: "a string",
    bool: "a boolean",
    int: "a whole number",
    float: "a number",
    list: "a list",
    dict: "an object",
    type(None): "null",
}


def _json_type(value: object) -> str:
    return JSON_NAMES.get(type(value), type(value).__name__)


def _setting_text(value: object) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def with_settings(deal: Deal, settings: Settings | Mapping[str, object] | None) -> Deal:
    """``deal`` with the table ``settings`` (a ``Settings``, or names and values), checked for its game."""
    if settings is None:
        return deal
    checked = _settings(deal.variant, settings)
    return deal if deal.settings == checked else deal.replace(settings=checked)


def _settings(variant: Variant, settings: Settings | Mapping[str, object] | None) -> Settings:
    if settings is None:
        return Settings()
    if isinstance(settings, Settings):
        settings.check_for(variant)
        return settings
    if not isinstance(settings, Mapping):
        raise NotationError(f"settings: expected names and values, got {quoted(settings)}")
    for name in settings:
        if name not in Settings._fields:
            raise NotationError(
                f"settings: no setting called {quoted(name)} "
                f"(the {variant.name} settings: {', '.join(Settings().applicable(variant))})"
            )
    return checked_settings(variant, dict(settings))


def parse_settings(text: str, variant: Variant) -> Settings:
    """``bidding=pepper, fail_penalty=pepper``: settings by name, the others at their defaults."""
    return _settings(variant, setting_values(text))


def setting_values(text: str) -> dict[str, object]:
    """``bidding=pepper, fail_penalty=pepper``: each setting's value by name, not yet checked
    against a game."""
    values: dict[str, object] = {}
    for item in text.replace(",", " ").split():
        name, equals, raw = item.partition("=")
        name = name.strip().lower()
        if not equals or not raw:
            raise NotationError(f"settings: expected name=value, got {quoted(item)}")
        if name in values:
            raise NotationError(f"settings: {quoted(name)} is given twice")
        values[name] = setting_value(name, raw)
    return values


def score_wanted(variant: Variant) -> tuple[str, str]:
    """How a score of this game is asked for: whose scores they are, and an example."""
    return ("the three players'", "3-5-7") if len(variant.score_names) == 3 else ("the two sides'", "8-5")


def read_score(value: object, variant: Variant, settings: Settings = DEFAULT_SETTINGS) -> tuple[int, ...] | None:
    """The score before the hand: ``8-5`` (the first side's, N-S or N, then the other's;
    with three players ``3-5-7``, N's, E's and S's), ``{"N-S": 8, "E-W": 5}`` or a pair;
    None when not given. A score below 0 is refused where none falls there (``settings``: the
    table's, with the points a game ends at)."""
    if value is None:
        return None
    game_points = settings.game_points
    names = variant.score_names
    what, example = score_wanted(variant)
    if isinstance(value, str):
        match = re.fullmatch(r"\s*(-?\d{1,3})" + r"\s*[-:]\s*(-?\d{1,3})" * (len(names) - 1) + r"\s*", value)
        if not match:
            raise NotationError(
                f"score: expected {what} scores, {names[0]}'s first, like '{example}', got {quoted(value)}"
            )
        scores = tuple(int(p) for p in match.groups())
    elif isinstance(value, Mapping):
        if set(value) != set(names) or not all(isinstance(v, int) and not isinstance(v, bool) for v in value.values()):
            wanted = ", ".join(f'"{n}": ...' for n in names)
            raise NotationError(f"score: expected {{{wanted}}} with whole numbers, got {quoted(value)}")
        scores = tuple(value[n] for n in names)
    else:
        items = list(value) if isinstance(value, Iterable) else []
        if len(items) != len(names) or not all(isinstance(v, int) and not isinstance(v, bool) for v in items):
            raise NotationError(f"score: expected {len(names)} whole numbers, {names[0]}'s first, got {quoted(value)}")
        scores = tuple(items)
    if max(scores) >= game_points or min(scores) <= -1000:
        raise NotationError(
            f"score: {'-'.join(map(str, scores))} is not a score before a hand (a game ends at {game_points})"
        )
    if min(scores) < 0 and not falls_below_zero(variant, settings):
        rules = " at these settings" if "euchred" in settings.applicable(variant) else ""  # maker_loses would
        raise NotationError(f"score: {'-'.join(map(str, scores))}: no score falls below 0 in {variant.name}{rules}")
    return scores


def _players(value: str | Mapping[Any, str] | None, variant: Variant) -> dict[str, str]:
    if value is None:
        return {}
    if isinstance(value, str):
        pairs = []
        for item in value.split(","):
            seat_text, equals, name = item.partition("=")
            if not equals:
                raise NotationError(f"players: expected seat=name, like 'N=Anna', got {quoted(item.strip())}")
            pairs.append((seat_text, name))
    elif isinstance(value, Mapping):
        pairs = list(value.items())
    else:
        raise NotationError(f"players: expected seat=name pairs, got {quoted(value)}")
    players: dict[Seat, str] = {}
    for given, name in pairs:
        seat = Seat(parse_seat(given, "players")) if isinstance(given, str) else Seat(given)
        if seat not in variant.seats:
            raise NotationError(f"players: {seat} holds no hand in {variant.name}")
        if seat in players:
            raise NotationError(f"players: {seat} is named twice")
        if not isinstance(name, str) or not name.strip() or any(c in name for c in FORBIDDEN_IN_NAMES) or hidden(name):
            raise NotationError(
                f"players: {seat}'s name must be a word or words without , ; = or control characters: {quoted(name)}"
            )
        if len(name.strip()) > MAX_NAME:
            raise NotationError(
                f"players: {seat}'s name is {len(name.strip())} characters long, at most {MAX_NAME}: {quoted(name)}"
            )
        other = next((SEATS[s] for s, n in players.items() if n == name.strip()), None)
        if other is not None:  # one player at two seats would be summed as one over both sides
            raise NotationError(f"players: {name.strip()} is named at {other} and {seat}: one player, one seat")
        players[seat] = name.strip()
    return {SEATS[seat]: players[seat] for seat in sorted(players)}


def parse_auction(text: str, rules: AuctionRules) -> list[tuple[int, Call]]:
    """``E pass, S 4, W pass``: each call its seat then its words, between commas."""
    if not isinstance(text, str):
        raise NotationError(f"auction: expected the calls as a string, got {quoted(text)}")
    if not text.strip():
        return []
    calls: list[tuple[int, Call]] = []
    for number, item in enumerate(text.split(","), 1):
        seat_text, _, words = item.strip().partition(" ")
        if not seat_text:
            raise NotationError(f"auction: call {number} is empty: {quoted(text)}")
        calls.append(_one_call(number, seat_text, words, rules))
    return calls


def _call_pairs(pairs: Iterable[tuple[Any, Any]], rules: AuctionRules) -> list[tuple[int, Call]]:
    calls: list[tuple[int, Call]] = []
    for number, pair in enumerate(pairs, 1):
        seat, call = pair
        if isinstance(call, Call):
            calls.append((Seat(seat), call))
            continue
        calls.append(_one_call(number, seat if isinstance(seat, str) else SEATS[Seat(seat)], str(call), rules))
    return calls


def _one_call(number: int, seat_text: str, words: str, rules: AuctionRules) -> tuple[int, Call]:
    where = f"auction: call {number}"
    try:
        seat = parse_seat(seat_text, where)
    except NotationError:
        raise NotationError(
            f"{where}: expected a seat then the call, like 'E pass', got {quoted((seat_text + ' ' + words).strip())}"
        ) from None
    if not words.strip():
        raise NotationError(f"{where}: {SEATS[seat]} makes no call (expected 'pass' or a call after the seat)")
    try:
        return seat, rules.parse_call(words)
    except NotationError as exc:
        raise NotationError(f"{where}, {SEATS[seat]}: {exc}") from None


class ContractSpec(NamedTuple):
    """A contract as written, before it is checked against the auction and the deal."""

    declarer: int
    bid: Bid | None
    trump: int
    discard: CardId | None
    alone: bool
    defender: int | None
    best: BestCard | None = None
    defender_best: BestCard | None = None


def _parse_best(text: str, where: str) -> BestCard:
    """``JH for 9C``: the card the partner passes, and the one the caller puts away."""
    call = coerce_best(text, f"contract: {where}")
    assert call is not None
    return call


def contract_spec(
    contract: str | Mapping[str, Any] | ContractSpec, variant: Variant, settings: Settings
) -> ContractSpec:
    """A contract as written (its text, its JSON form) read, before it is checked against
    the auction and the deal."""
    if isinstance(contract, ContractSpec):
        return contract
    if isinstance(contract, str):
        return _parse_contract_text(contract, variant, settings)
    return _contract_json(contract, variant, settings)


def _parse_contract_text(text: str, variant: Variant, settings: Settings) -> ContractSpec:
    """``N 4, trump C, discard KH, alone, defender E``: the declarer (and the Hasenpfeffer
    bid), then the other parts in any order."""
    parts = [p.strip() for p in text.split(",")]
    if not parts[0]:
        raise NotationError(f"contract: expected the declarer first, like 'N 4, trump C, discard KH': {quoted(text)}")
    seat_text, _, bid_text = parts[0].partition(" ")
    declarer = parse_seat(seat_text, "contract: declarer")
    bid = parse_bid(bid_text, variant, settings) if bid_text.strip() else None
    found: dict[str, Any] = {}
    for part in parts[1:]:
        word, _, rest = part.partition(" ")
        word, rest = word.lower(), rest.strip()
        if word == "defender" and rest.lower().startswith("best "):
            word, rest = "defender best", rest[len("best ") :]
        if word in found:
            raise NotationError(f"contract: {word} is given twice: {quoted(text)}")
        if word == "trump" and rest:
            found[word] = _suit_of(rest)
        elif word == "discard" and rest:
            found[word] = parse_card(rest, "contract: discard")
        elif word == "alone" and not rest:
            found[word] = True
        elif word == "defender" and rest:
            found[word] = parse_seat(rest, "contract: defender")
        elif word in ("best", "defender best") and rest:
            found[word] = _parse_best(rest, word)
        else:
            raise NotationError(
                f"contract: not a part of a contract: {quoted(part)} (expected 'trump <suit>', "
                "'discard <card>', 'alone', 'defender <seat>', 'best <card> for <card>' or "
                "'defender best <card> for <card>')"
            )
    if "trump" not in found:
        raise NotationError(f"contract: trump is missing ('trump <suit>'): {quoted(text)}")
    return ContractSpec(
        declarer,
        bid,
        found["trump"],
        found.get("discard"),
        found.get("alone", False),
        found.get("defender"),
        found.get("best"),
        found.get("defender best"),
    )


def _suit_of(text: str) -> int:
    words = text.strip().lower()
    if words in SUIT_NAMES:
        return SUIT_NAMES.index(words)
    return int(Suit(text))


def _contract_json(data: Mapping[str, Any], variant: Variant, settings: Settings) -> ContractSpec:
    """``{"declarer": "N", "bid": "4", "trump": "C", "discard": "KH", "alone": false, "defender": null}``."""
    if not isinstance(data, Mapping):
        raise NotationError(f"contract: expected an object, got {_json_type(data)}")
    allowed = ("declarer", "bid", "trump", "discard", "alone", "defender", "best", "defender_best")
    for key in data:
        if key not in allowed:
            raise NotationError(f"contract: unknown key {quoted(key)} (expected some of {', '.join(allowed)})")
    for key in ("declarer", "trump"):
        if key not in data:
            raise NotationError(f"contract: {key} is missing")

    def text(key: str) -> str | None:
        value = data.get(key)
        if value is not None and not isinstance(value, str):
            raise NotationError(f"contract: {key}: expected a string or null, got {_json_type(value)}")
        return value

    alone = data.get("alone", False)
    if not isinstance(alone, bool):
        raise NotationError(f"contract: alone: expected true or false, got {_json_type(alone)}")
    bid, discard, defender = text("bid"), text("discard"), text("defender")
    best, defender_best = text("best"), text("defender_best")
    return ContractSpec(
        parse_seat(text("declarer") or "", "contract: declarer"),
        None if bid is None else parse_bid(bid, variant, settings),
        _suit_of(text("trump") or ""),
        None if discard is None else parse_card(discard, "contract: discard"),
        alone,
        None if defender is None else parse_seat(defender, "contract: defender"),
        None if best is None else _parse_best(best, "best"),
        None if defender_best is None else _parse_best(defender_best, "defender_best"),
    )


def _check_result(record: Record, given: str, expected: str) -> None:
    """A result written in the record must be the one its play gives."""
    result = record.result
    if result is None:
        state = record.state
        if record.auction_end is None:
            why = "the auction is not over"
        elif state is None:
            why = "no contract is given"
        else:
            why = f"the play stops in trick {len(state.tricks) + 1}"
        raise NotationError(f"result: the hand is not over ({why}), so it has no result yet")
    if given != expected:
        raise NotationError(f"result: the play gives {result.text()!r}, not {given!r}")


def _normal_result(text: str) -> str:
    return " ".join(text.replace("−", "-").lower().split())


# --- text: splitting into records and fields -----------------------------------------------------


def parse_block(block: RecordText, game: Mapping[str, str | None] | None = None) -> Record:
    """The record a block of fields describes, every field checked; an error names the line
    of the field it is about. ``game``: the fields ``variant``, ``deck`` and ``settings`` of
    the game a record that names no variant is of (its own deck and settings win)."""
    by_key = block.by_key()

    def get(key: str) -> str | None:
        return by_key[key][1] if key in by_key else None

    try:
        if game and "variant" not in by_key:
            variant = variant_for(game.get("variant"), get("deck") or game.get("deck"))
            settings = _settings(
                variant, {**setting_values(game.get("settings") or ""), **setting_values(get("settings") or "")}
            )
        else:
            variant = variant_for(get("variant"), get("deck"))
            settings = parse_settings(get("settings") or "", variant)
        parts: dict[str, Any] = {
            "auction": get("auction") or "",
            "id": read_id(get("id"), written=True),
            "players": get("players"),
            "score": get("score"),
            "unknown": get("unknown"),
        }
        if "deal" in by_key:
            given = next((name for name in EXTRA_FIELDS if name in by_key), None)
            if given is not None:
                raise NotationError(f"{given}: the deal gives the {variant.extra_card} already")
            record = Record(
                record_deal(by_key["deal"][1], get("dealer"), variant, settings),
                contract=get("contract"),
                play=get("play") or "",
                **parts,
            )
        else:
            record = played_record(
                variant,
                settings,
                get("dealer"),
                {name: get(name) for name in EXTRA_FIELDS},
                get("contract"),
                get("play"),
                **parts,
            )
        if "result" in by_key:
            expected = record.result
            _check_result(
                record, _normal_result(by_key["result"][1]), _normal_result("" if expected is None else expected.text())
            )
    except HasenError as exc:
        # the message starts with what it is about: a field's name, or a setting's
        about = str(exc).partition(":")[0]
        if about not in by_key and about in Settings._fields:
            about = "settings"
        line = by_key[about][0] if about in by_key else block.line
        raise type(exc)(f"{block.where(line)}{exc}") from None
    return record
