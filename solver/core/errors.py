"""The errors the solver raises for bad input: all are ``ValueError`` subclasses."""


class HasenError(ValueError):
    """Base of every input error; the message names the bad token and where it stands."""


class NotationError(HasenError):
    """A card, hand, seat or deal string that does not follow the notation."""


class InvalidDealError(HasenError):
    """A deal that parses but cannot be dealt (wrong counts, duplicates, missing cards)."""


class IllegalPlayError(HasenError):
    """A card that cannot be played at that point (not held, revoke, wrong count)."""


QUOTE_LIMIT = 60  # characters of the user's input a message quotes


def quoted(value: object) -> str:
    """The input for a message, as ``repr`` shows it, shortened when long so that one bad
    token never floods a terminal or a log."""
    text = repr(value)
    if len(text) <= QUOTE_LIMIT:
        return text
    return f"{text[:QUOTE_LIMIT]}... ({len(str(value))} characters)"
