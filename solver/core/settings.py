"""Table rules that sources disagree on (docs/rules.md): which each game has, their values and
defaults, and the check that refuses a setting a variant does not have. The settings every
family has are here; each family's own are in its folder (``hasen.games.<family>.settings``),
loaded by the family's name."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache, lru_cache
from importlib import import_module
from typing import TYPE_CHECKING, Any, Literal, NamedTuple, Protocol, TypedDict

from .cards import JOKER, SUIT_NAMES
from .errors import NotationError, quoted
from .variants import ALL_VARIANTS, FAMILIES

if TYPE_CHECKING:
    from .variants import Variant


GAME_LENGTHS = (10, 5, 15)  # the points that win a game (game_points): 10 in every game, or a short or a long game
# the settings every family has, with their values, the default first (docs/rules.md): who
# leads the first trick (these), and the points that win the game (GAME_LENGTHS)
LEAD_CHOICES: dict[str, tuple[object, ...]] = {
    "first_lead": ("dealer_left", "declarer"),
    "lone_lead": ("left_of_loner", "dealer_left_skip_idle"),
}


class FamilySettings(Protocol):
    """A family's module ``settings`` (``hasen.games.<family>.settings``): its own settings
    and why a variant of it lacks one."""

    SETTINGS: dict[str, tuple[object, ...]]

    def lacking(self, name: str, variant: Variant) -> str | None: ...


def _family_settings(family: str) -> FamilySettings:
    module: FamilySettings = import_module(f"..games.{family}.settings", __package__)
    return module


FAMILY_SETTINGS = {family: _family_settings(family) for family in FAMILIES}
# the settings each game has, with their values, the default first: its family's own between
# those every family has
GAME_SETTINGS: dict[str, dict[str, tuple[object, ...]]] = {
    family: {**LEAD_CHOICES, **module.SETTINGS, "game_points": GAME_LENGTHS}
    for family, module in FAMILY_SETTINGS.items()
}
LEAD_SETTINGS = tuple(LEAD_CHOICES)  # who leads the first trick
# those that change the play, so the tables too (who takes a turned Joker, when it stands for a suit)
PLAY_SETTINGS = (*LEAD_SETTINGS, "call_for_best", "joker_upcard")
AUCTION_SETTINGS = ("fail_penalty", "defenders_score", "bidding", "all_pass", "euchred", "game_points")
# those that only score a hand played, or the game (game_points: how many points win it)
SCORING_SETTINGS = ("fail_penalty", "defenders_score", "euchred", "game_points")
LONE_SETTINGS = ("lone_lead",)  # meaningless without partners
JOKER_SETTINGS = ("joker_upcard",)  # meaningless without the Joker
# two of Euchre's own, which only some of its variants have (its settings' ``lacking`` says which)
BEST_SETTINGS = ("call_for_best",)  # only the games that call for best (Railroad)
CUTTHROAT_SETTINGS = ("euchred",)  # only three players each for themselves (Three-Handed Euchre)


@cache
def _choices(name: str) -> tuple[object, ...]:
    """Every value the setting takes in any game, in order (worked out once per name: every
    Settings checks every field)."""
    values: list[object] = []
    for settings in GAME_SETTINGS.values():
        values += [v for v in settings.get(name, ()) if v not in values]
    return tuple(values)


class SettingValues(NamedTuple):
    """The settings' names and defaults (the seed's), unchecked; ``Settings`` checks them."""

    first_lead: str = "dealer_left"
    lone_lead: str = "left_of_loner"
    fail_penalty: str = "bid"
    defenders_score: bool = False
    bidding: str = "plain"
    joker_upcard: str = "dealer_names"
    all_pass: str = "redeal"
    call_for_best: bool = True
    euchred: str = "others_score"
    game_points: int = GAME_LENGTHS[0]


class Settings(SettingValues):  # not a dataclass: see tests/cli/test_cli_imports.py
    """Table rules that sources disagree on (see docs/rules.md and GAME_SETTINGS); the defaults
    are the seed's.

    >>> Settings(first_lead="declarer").changed()
    {'first_lead': 'declarer'}
    """

    __slots__ = ()

    if not TYPE_CHECKING:  # type checkers see SettingValues' own signature, fields and defaults

        def __new__(cls, *args, **values):
            return _checked(super().__new__(cls, *args, **values))

        @classmethod
        def _make(cls, values):  # _replace too: through the checks
            return cls(*values)

    def applicable(self, variant: Variant) -> dict[str, object]:
        """The settings the variant's game has, by name, with their values."""
        names = [
            n
            for n in GAME_SETTINGS[variant.family]
            if not (n in LONE_SETTINGS and not variant.partners)
            and not (n in JOKER_SETTINGS and not variant.deck >> JOKER & 1)
            and FAMILY_SETTINGS[variant.family].lacking(n, variant) is None
        ]
        return {n: getattr(self, n) for n in names}

    def check_for(self, variant: Variant, given: Iterable[str] | None = None) -> None:
        """Refuse a setting the variant does not have, rather than ignore it: one of
        ``given`` (the names the user gave), or by default any that is not at its default."""
        _check_for(self, variant, None if given is None else frozenset(given))

    def changed(self) -> dict[str, object]:
        """The settings that differ from the defaults, by name."""
        if self == DEFAULT_SETTINGS:  # most tables: no field to look at
            return {}
        return {
            name: getattr(self, name) for name in self._fields if getattr(self, name) != getattr(DEFAULT_SETTINGS, name)
        }


def _checked(settings: Settings) -> Settings:
    """The settings, if each value is one the rules know."""
    for flag in ("defenders_score", "call_for_best"):
        if not isinstance(getattr(settings, flag), bool):
            raise NotationError(f"{flag}: expected true or false, got {quoted(getattr(settings, flag))}")
    for name in settings._fields:
        allowed = _choices(name)
        value = getattr(settings, name)
        if (
            not isinstance(value, type(allowed[0]))
            or isinstance(value, bool) != isinstance(allowed[0], bool)
            or value not in allowed
        ):  # True is no number of points
            raise NotationError(f"{name}: {shown(value)} is not one of {', '.join(map(written, allowed))}")
    return settings


@lru_cache(maxsize=1024)  # every table checks its settings: most are the same few
def _check_for(settings: Settings, variant: Variant, given: frozenset[str] | None) -> None:
    named = set(settings.changed() if given is None else given)
    applicable = settings.applicable(variant)
    for name in settings._fields:
        value = getattr(settings, name)
        if name not in applicable and name in named:
            if name in LONE_SETTINGS and name in GAME_SETTINGS[variant.family]:
                why = variant.never_alone
            elif name in JOKER_SETTINGS and name in GAME_SETTINGS[variant.family]:
                why = f"{variant.label} has no Joker"
            elif (lacking := FAMILY_SETTINGS[variant.family].lacking(name, variant)) is not None:
                why = lacking
            else:
                why = f"a {' and '.join(games_with(name))} setting, which {variant.name} does not have"
            raise NotationError(f"{name}: {why} (got {shown(value)})")
        if name in applicable and value not in GAME_SETTINGS[variant.family][name]:
            others = [g for g, names in GAME_SETTINGS.items() if value in names.get(name, ())]
            raise NotationError(
                f"{name}: {shown(value)} is a {' and '.join(others)} rule; {variant.name} has "
                f"{', '.join(map(written, GAME_SETTINGS[variant.family][name]))}"
            )


DEFAULT_SETTINGS = Settings()


def games_with(name: str) -> list[str]:
    """The games that have the setting: the one game where only one does (Railroad calls
    for best), else the families."""
    having = list(dict.fromkeys(v.name for v in ALL_VARIANTS if name in DEFAULT_SETTINGS.applicable(v)))
    return having if len(having) == 1 else [g for g, names in GAME_SETTINGS.items() if name in names]


def written(value: object) -> str:
    """A setting's value as the notation writes it (``true``, not Python's ``True``)."""
    return str(value).lower() if isinstance(value, bool) else str(value)


def shown(value: object) -> str:
    """A value given for a setting, in a message: quoted, but a boolean as it is written."""
    return written(value) if isinstance(value, bool) else quoted(value)


def setting_choices(variant: Variant) -> dict[str, tuple[object, ...]]:
    """The settings the variant's game has, by name, each with the values its family gives
    it, the default first."""
    return {name: GAME_SETTINGS[variant.family][name] for name in DEFAULT_SETTINGS.applicable(variant)}


def checked_settings(variant: Variant, values: dict[str, Any]) -> Settings:
    """Settings from the values given by name (the others at their defaults), checked
    against the variant: one it does not have is an error, not ignored."""
    settings = Settings(**values)
    settings.check_for(variant, values)
    return settings


def setting_value(name: str, text: str) -> object:
    """A setting's value written as text (a record's ``settings`` field, a command-line
    option): ``true`` or ``false`` for an on/off setting, a number of points, else the word."""
    known = _choices(name)
    if known and all(isinstance(v, bool) for v in known):
        word = text.lower()
        if word not in ("true", "false"):
            raise NotationError(f"settings: {name} is true or false, not {quoted(text)}")
        return word == "true"
    if known and all(isinstance(v, int) for v in known):
        if not (text.isascii() and text.isdigit()):
            raise NotationError(
                f"{name}: expected a number of points ({', '.join(map(str, known))}), got {quoted(text)}"
            )
        return int(text)
    return text.lower()


def joker_suit(settings: Settings) -> int | None:
    """The suit a turned Joker stands for (``joker_upcard`` naming one: the first round is
    for that suit, and the dealer takes the Joker only when it is trump), or None (the
    dealer names trump at once and takes the Joker whatever the suit, or a redeal)."""
    value = settings.joker_upcard
    return SUIT_NAMES.index(value) if value in SUIT_NAMES else None


class SettingsDict(TypedDict, total=False):
    """The settings by name, as the API's signatures take them (``{"first_lead": "declarer"}``);
    tests/test_public_api.py checks them against GAME_SETTINGS."""

    first_lead: Literal["dealer_left", "declarer"]
    lone_lead: Literal["left_of_loner", "dealer_left_skip_idle"]
    fail_penalty: Literal["bid", "tricks", "pepper"]
    defenders_score: bool
    bidding: Literal["plain", "pepper"]
    joker_upcard: Literal["dealer_names", "redeal", "spades", "hearts", "diamonds", "clubs"]
    all_pass: Literal["redeal", "joker_bids_3", "stick_the_dealer"]
    call_for_best: bool
    euchred: Literal["others_score", "maker_loses"]
    game_points: Literal[10, 5, 15]


SettingsLike = Settings | SettingsDict | None  # what the API takes: Settings, by name, or none


def settings_for(variant: Variant, settings: Settings | Mapping[str, object] | None = None) -> Settings:
    """Table settings as a ``Settings`` or by name (``{"first_lead": "declarer"}``), checked
    against the variant: one it does not have is refused, never ignored."""
    if settings is None:
        return DEFAULT_SETTINGS
    if isinstance(settings, Settings):
        settings.check_for(variant)
        return settings
    if not isinstance(settings, Mapping):
        raise NotationError(f"settings: expected Settings or a mapping of names to values, got {quoted(settings)}")
    unknown = [name for name in settings if name not in Settings._fields]
    if unknown:
        raise NotationError(
            f"settings: no setting called {quoted(unknown[0])} (expected some of {', '.join(Settings._fields)})"
        )
    return checked_settings(variant, dict(settings))
