"""A night of Hasenpfeffer records that makes several games to 10, with each hand's points
written out by the scoring of docs/variants.md: for the session's tests and the report's."""

from __future__ import annotations

from pathlib import Path

DEAL = "dealer: W\ndeal: N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 KS"
PLAY = "play: JC KC TC 9C | AS AD 9S QS | JK AH 9D JS | AC KD 9H JD | KS QH TS JH | QC TD TH QD"
SIX_MADE = f"{DEAL}\nauction: N 6, E pass, S pass, W pass\ncontract: N 6, trump C, discard KH\n{PLAY}"  # N-S +6
# N bids 6 in spades and loses a trick to W's right bower: N-S lose the 6 bid
SIX_DOWN = (
    f"{DEAL}\nauction: N 6, E pass, S pass, W pass\ncontract: N 6, trump S, discard KH\n"
    "play: JK TD 9S QS | JC KD TS JS | QD KS AD 9D | AS AH TH JD | AC KC TC 9C | QC QH 9H JH"
)
PASSED = f"{DEAL}\nauction: N pass, E pass, S pass, W pass"
UNFINISHED = f"{DEAL}\nauction: N 6, E pass, S pass, W pass\ncontract: N 6, trump C, discard KH\nplay: JC KC TC 9C"
PLAYERS = "players: N=Anna, E=Ben, S=Cleo, W=Dan"

# (record, N-S points, E-W points) in the order of the night
NIGHT = [
    (SIX_MADE, 6, 0),
    (SIX_DOWN, -6, 0),
    (PASSED, 0, 0),
    (SIX_MADE, 6, 0),
    (SIX_MADE, 6, 0),  # 12-0: game 1
    (SIX_MADE, 6, 0),  # game 2 at 0-0
    (f"score: 3-8\n{SIX_DOWN}", -6, 0),  # its own score
    (UNFINISHED, None, None),  # the score is lost
    (SIX_MADE, 6, 0),  # no score
    (f"score: 0-0\n{SIX_MADE}", 6, 0),
]  # a new game


def write_night(folder: Path) -> Path:
    path = folder / "night.txt"
    path.write_text(
        "\n\n".join(f"id: {i}\n{PLAYERS}\n{record}" for i, (record, _, _) in enumerate(NIGHT, 1)) + "\n",
        encoding="utf-8",
    )
    return path


# a night of mixed games for the session's files: a Euchre hand, two of Hasenpfeffer, and one
# refused; and the layouts its reviews use
MIXED_PLAYERS = "players: N=Anna, E=Bob, S=Cara, W=Dan"
MIXED_NIGHT = [
    f"id: one\n{MIXED_PLAYERS}\nvariant: euchre\ndealer: N\ndeal: N:A.K..AQJ .AQ.AT.K T9.T9.9. QJ.J.Q.9 KS\n"
    "auction: E pass, S pass, W pass, N order up\ncontract: N, trump S, discard KH\n"
    "play: AH 9H JH KS | JC TD 9S JS | QD AS AD 9D | AC KC TH 9C | QC QH TS QS",
    f"id: two\n{MIXED_PLAYERS}\ndealer: W\ndeal: N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 KS\n"
    "auction: N 4, E pass, S pass, W pass\ncontract: N 4, trump S, discard AS\n"
    "play: KH AH TH JH | AD 9D QD JK | KS",
    "id: three\ndealer: W\ndeal: N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 KS\n"
    "auction: N 6, E pass, S pass, W pass\ncontract: N 6, trump C, discard KH\n"
    "play: JC KC TC 9C | AS AD 9S QS | JK AH 9D JS | AC KD 9H JD | KS QH TS JH | QC TD TH QD",
    "id: bad\ndealer: W\ndeal: N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 KS\nauction: N 7",
]
LAYOUTS = ["--layouts", "8", "--seed", "2"]


def night(folder: Path, hands: list[str] = MIXED_NIGHT) -> Path:
    """The records ``hands`` as a night's file in ``folder``."""
    path = folder / "night.txt"
    path.write_text("\n\n".join(hands) + "\n", encoding="utf-8")
    return path
