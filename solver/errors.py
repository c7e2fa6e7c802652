"""The errors the solver raises for bad input: all are ``ValueError`` subclasses."""


class HasenError(ValueError):
    """Base of every input error; the message names the bad token and where it stands."""


class NotationError(HasenError):
    """A card, hand, seat or deal string that does not follow the notation."""


class InvalidDealError(HasenError):
    """A deal that parses but cannot be dealt (wrong counts, duplicates, missing cards)."""


class IllegalPlayError(HasenError):
    """A card that cannot be played at that point (not held, revoke, wrong count)."""
