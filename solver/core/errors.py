"""The errors the solver raises for bad input: all are ``ValueError`` subclasses.

Each names ``hasen`` as its module, where users import it from, so that a traceback says
``hasen.NotationError`` rather than the module that happens to define it (and pickles name
it there too).
"""


class HasenError(ValueError):
    """Base of every input error; the message names the bad token and where it stands.

    >>> import hasen
    >>> hasen.Deal("N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 KS", dealer="X")
    Traceback (most recent call last):
    ...
    hasen.NotationError: dealer: not a seat: 'X' (expected one of N, E, S, W)
    """

    __module__ = "hasen"


class NotationError(HasenError):
    """A card, hand, seat or deal string that does not follow the notation.

    >>> import hasen
    >>> hasen.Card("1H")
    Traceback (most recent call last):
    ...
    hasen.NotationError: card: not a card: '1H' (expected rank then suit, like 'AS' or 'TH', or 'JK')
    """

    __module__ = "hasen"


class InvalidDealError(HasenError):
    """A deal that parses but cannot be dealt (wrong counts, duplicates, missing cards).

    >>> import hasen
    >>> hasen.Deal("N:A.K..AQJ* A.AQ.AKT. T9.T9.9.T QJ.J.QJ.9 KS")
    Traceback (most recent call last):
    ...
    hasen.InvalidDealError: deal: AS is in both N's and E's hands
    """

    __module__ = "hasen"


class IllegalPlayError(HasenError):
    """A card that cannot be played at that point (not held, revoke, wrong count).

    >>> import hasen
    >>> deal = hasen.Deal("N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 KS", dealer="W")
    >>> hasen.solve(deal, "N", "C", "KH", played="JC AH")
    Traceback (most recent call last):
    ...
    hasen.IllegalPlayError: play: trick 1, E must follow C (led JC) with KC, not AH
    """

    __module__ = "hasen"


class DeadlineExceeded(TimeoutError):
    """An analysis stopped at the end of its ``timeout`` (in seconds), unfinished.

    >>> import hasen
    >>> hasen.bid("N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 KS", run=hasen.Run(timeout=0))
    Traceback (most recent call last):
    ...
    hasen.DeadlineExceeded: the analysis ran past its deadline
    """

    __module__ = "hasen"


class IllegalCallError(HasenError):
    """A call the auction does not allow at that point (out of turn, too low, after the end).

    >>> import hasen
    >>> hasen.Record.parse("deal: W:QJ.J.QJ.9 A.K..AQJ* .AQ.AKT.K T9.T9.9.T KS; auction: N 4, E 3")
    Traceback (most recent call last):
    ...
    hasen.IllegalCallError: record: auction: call 2, 'E 3': a bid must be higher than N's 4
    """

    __module__ = "hasen"


QUOTE_LIMIT = 60  # characters of the user's input a message quotes


def quoted(value: object) -> str:
    """The input for a message, as ``repr`` shows it, shortened when long so that one bad
    token never floods a terminal or a log."""
    text = repr(value)
    if len(text) <= QUOTE_LIMIT:
        return text
    return f"{text[:QUOTE_LIMIT]}... ({len(str(value))} characters)"


def shortened(text: str) -> str:
    """``text`` itself when short, else its start and its length."""
    return text if len(text) <= QUOTE_LIMIT else f"{text[:QUOTE_LIMIT]}... ({len(text)} characters)"
