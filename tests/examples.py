"""The example deals the tests share. conftest.py hands them out as fixtures; the constants
are here for what a fixture cannot reach (parametrize lists and other module-level values)."""

from __future__ import annotations

from dataclasses import dataclass

# Hasenpfeffer, the example deal (W deals; N holds the Joker): N's best contract is
# clubs, discarding KH, for all six tricks, and HASENPFEFFER_LINE is that hand played out.
HASENPFEFFER_DEAL = "N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 KS"
HASENPFEFFER_DEALER = "W"
HASENPFEFFER_LINE = "JC KC TC 9C | AS AD 9S QS | JK AH 9D JS | AC KD 9H JD | KS QH TS JH | QC TD TH QD"
# Hasenpfeffer again: N holds the six top spades
TOP_SPADES_DEAL = "N:AKQJ...J* .AKQJT.9. T9..AKQJ. ..T.AKQT9 9H"
# Two-handed Euchre (euchre2): N and S, N deals; the upcard AS
EUCHRE2_DEAL = "N:..KQT9.9 T9.AKQ.. AS"
# four-hand Euchre: N deals; the upcard KS, so spades is the first-round suit
EUCHRE_DEAL = "N:A.K..AQJ .AQ.AT.K T9.T9.9. QJ.J.Q.9 KS"
# Three-Handed Euchre (euchre3): N, E and S, N deals; the upcard AD
EUCHRE3_DEAL = "N:T9.9.KJ. J..Q.QT9 Q.KT.T.A AD"


@dataclass(frozen=True)
class Example:
    """A deal as the CLI and the API take it: the deal string, the dealer, the variant's name."""

    deal: str
    dealer: str
    variant: str


HASENPFEFFER = Example(HASENPFEFFER_DEAL, HASENPFEFFER_DEALER, "hasenpfeffer")
EUCHRE2 = Example(EUCHRE2_DEAL, "N", "euchre2")
EUCHRE = Example(EUCHRE_DEAL, "N", "euchre")
EUCHRE3 = Example(EUCHRE3_DEAL, "N", "euchre3")
