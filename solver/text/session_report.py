"""A session's report as one self-contained HTML file, to open from a disk or mail to the
club: the games of the night with a graph of the chance of winning through each, a line per
hand, the players' figures (sums over the night) with a chart, and the night's three
costliest mistakes with their deals. The charts are drawn by matplotlib as inline SVG. The
page reads on a phone (375 px: tables become one card per row) and on a desk."""

from __future__ import annotations

import html
import io
from collections.abc import Sequence
from importlib.util import find_spec
from typing import Any
from urllib.parse import urlencode

from ..analysis.fair import MISTAKE_POINTS
from ..analysis.session import GameLine, HandLine, Mistake, Session
from ..core.deal import diagram
from ..core.seats import SEATS
from ..core.variants import CUTTHROAT_PLAYERS
from ..notation.record import Record
from .words import OWN_POINTS, score_text, sides_text

REPORT_EXTRA = "pip install 'hasen[report]'"  # matplotlib draws the charts
NARROW = "40em"  # below this width a table shows each row as a card of labelled lines

STYLE = f"""
body {{ font-family: system-ui, sans-serif; margin: 1.5em auto; max-width: 72em; padding: 0 1em; color: #222;
       line-height: 1.4; }}
h1 {{ font-size: 1.6em; }} h2 {{ margin-top: 2em; }}
table {{ border-collapse: collapse; margin: 1em 0; }}
th, td {{ padding: 0.3em 0.6em; border-bottom: 1px solid #ddd; text-align: right; vertical-align: top; }}
th {{ background: #f4f4f4; }}
th:first-child, td:first-child, td.words, th.words {{ text-align: left; }}
tr:target {{ background: #fff4c2; }}
figure {{ margin: 1.5em 0; }}
svg {{ max-width: 100%; height: auto; }}
pre {{ font-size: 0.8em; overflow-x: auto; background: #f8f8f8; padding: 0.5em; max-width: 100%; }}
p.note {{ color: #555; font-size: 0.9em; }}
.mistake {{ border-left: 4px solid #c33; padding-left: 0.8em; margin: 1.5em 0; }}
@media (max-width: {NARROW}) {{
  table, thead, tbody, tr, th, td {{ display: block; }}
  thead {{ position: absolute; left: -9999px; }}
  tr {{ border: 1px solid #ddd; margin: 0.6em 0; padding: 0.3em; }}
  td {{ border: none; text-align: left; padding: 0.15em 0.3em; }}
  td::before {{ content: attr(data-label) ": "; font-weight: 600; }}
  td[data-label=""]::before {{ content: ""; }}
}}
"""

# how an earlier report is known, so that only a report is ever replaced (hasen.cli.targets)
REPORT_MARK = '<meta name="generator" content="hasen session">'


def require_matplotlib() -> None:
    """Refuse at once (before a night's reviews, not after) when matplotlib is not installed."""
    if find_spec("matplotlib") is None:
        from ..core.errors import HasenError

        raise HasenError(f"the HTML report draws its charts with matplotlib: {REPORT_EXTRA}")


def pyplot() -> Any:
    """matplotlib's pyplot on a backend that needs no screen, with SVG output that is the same
    for the same figures (no random ids, no date)."""
    require_matplotlib()
    import matplotlib

    matplotlib.use("Agg")
    matplotlib.rcParams["svg.hashsalt"] = "hasen"
    matplotlib.rcParams["text.parse_math"] = False  # a name like $x$ is a name, not mathematics
    import matplotlib.pyplot as plt

    return plt


def svg(figure: Any) -> str:
    out = io.StringIO()
    figure.savefig(out, format="svg", bbox_inches="tight", metadata={"Date": None})
    text = out.getvalue()
    return text[text.index("<svg") :]


def game_words(session: Session, game: GameLine) -> str:
    """``game 1: N-S (Anna, Cleo) won 11-7 in 9 hands``."""
    hands = f"{len(game.hands)} hand{'s' * (len(game.hands) != 1)}"
    start = "" if game.started == (0, 0) else f" (from {score_text(*game.started)})"
    if game.final is None:
        return f"game {game.number}{start}: the score is lost after {hands}"
    if game.winner is None:
        return f"game {game.number}{start}: not finished, {score_text(*game.final)} after {hands}"
    players = session.side_players.get((game.number, game.winner), [])
    side = f"{game.winner} ({', '.join(players)})" if players and players != [game.winner] else game.winner
    won = "shared the win at" if " and " in game.winner else "won"  # two defenders tied on a euchre
    return f"game {game.number}{start}: {side} {won} {score_text(*sorted(game.final, reverse=True))} in {hands}"


SWING = 25.0  # percentage points of the chance of winning: a hand that moved it this much swung the game


def swings(chances: list[float], most: int = 3) -> list[tuple[int, float]]:
    """The hands (numbered from 1) whose play moved the first side's chance by ``SWING`` or
    more, the largest first (at most ``most``), each with the change."""
    moves = [(i + 1, after - before) for i, (before, after) in enumerate(zip(chances, chances[1:]))]
    return sorted((m for m in moves if abs(m[1]) >= SWING), key=lambda m: -abs(m[1]))[:most]


def chance_chart(session: Session, game: GameLine) -> str:
    """The first side's chance of winning before each hand of the game, and at its end (the
    other side's is the rest, on the right-hand scale), each side's lead in its colour and the
    hands that swung the game marked: the game's story, as a chess game's analysis graph
    tells it."""
    plt = pyplot()
    sides = session.sides_of(game.hands[0])
    first = sides[0]
    xs = list(range(1, len(game.hands) + 1))
    ended = game.final is not None and game.winner is not None
    if ended:
        xs.append(len(game.hands) + 1)
    figure, axes = plt.subplots(figsize=(4.8, 2.6))  # its text readable at a phone's 375 px, as at a desk
    if "chances" in (game.hands[0].game or {}):  # three players: a line each
        winners = (game.winner or "").split(" and ")
        for i, (name, colour) in enumerate(zip(sides, ("#4a7ab5", "#c0504d", "#6a9a3a"))):
            ys = [100 * (hand.game or {})["chances"][i] for hand in game.hands]
            if ended:
                ys.append(100.0 / len(winners) if name in winners else 0.0)
            axes.plot(xs, ys, color=colour, marker="o", markersize=4, label=name)
        axes.legend(loc="upper left", fontsize="small")
        axes.axhline(100 / 3, color="#bbb", linewidth=1, linestyle="--")
        axes.set_ylabel("wins (%)")
        axes.set_title(f"Game {game.number}: each player's chance of winning the game")
    else:
        second = sides[1]
        ys = [100 * (hand.game or {}).get("chance", 0.5) for hand in game.hands]
        if ended:
            ys.append(100.0 if game.winner == first else 0.0)
        axes.axhline(50, color="#bbb", linewidth=1, linestyle="--")
        # each side's share of the chance in its colour: the first's above the half, the other's under
        axes.fill_between(
            xs, ys, 50, where=[y >= 50 for y in ys], interpolate=True, color="#4a7ab5", alpha=0.2, linewidth=0
        )
        axes.fill_between(
            xs, ys, 50, where=[y <= 50 for y in ys], interpolate=True, color="#c0504d", alpha=0.2, linewidth=0
        )
        axes.plot(xs, ys, color="#555", marker="o", markersize=4)
        axes.set_ylabel(f"{first} wins (%)", color="#4a7ab5")
        axes.secondary_yaxis("right", functions=(lambda y: 100 - y, lambda y: 100 - y)).set_ylabel(
            f"{second} wins (%)", color="#c0504d"
        )
        axes.set_title(f"Game {game.number}: who was winning")
        for x, swing in swings(ys):  # the hands that swung the game, by how much, inside the frame
            axes.annotate(
                f"hand {x}: {first if swing > 0 else second} +{abs(swing):.0f}",
                xy=(x + 1, ys[x]),
                xytext=(0, 8 if ys[x] < 80 else -14),
                textcoords="offset points",
                ha="right",
                color="#222",
            )
    axes.set_ylim(0, 100)
    axes.set_xlim(0.7, max(xs) + 0.3)
    labels = [str(x) for x in range(1, len(game.hands) + 1)] + (["end"] if len(xs) > len(game.hands) else [])
    axes.set_xticks(xs, labels)
    axes.set_xlabel("before hand (of this game)")
    chart = svg(figure)
    plt.close(figure)
    return chart


def players_chart(session: Session) -> str:
    """Per player, the points given away over the night (bidding and play stacked), each bar
    labelled with its sum; the legend above the bars."""
    plt = pyplot()
    players = sorted(session.players.values(), key=lambda p: p.name)
    names = [p.name for p in players]
    # as wide as the games' charts: drawn to a phone's width, its text stays as readable
    figure, axes = plt.subplots(figsize=(4.8, 0.5 * len(players) + 1.8))
    bidding = [p.bidding_points for p in players]
    play = [p.play_points for p in players]
    axes.barh(names, bidding, color="#d98c3f", label="in the bidding and the contract")
    axes.barh(names, play, left=bidding, color="#4a7ab5", label="in the play")
    for y, (b, p) in enumerate(zip(bidding, play)):
        axes.text(b + p, y, f" {b + p:.1f}", va="center")
    axes.invert_yaxis()
    axes.set_xlim(0, max([b + p for b, p in zip(bidding, play)] + [1.0]) * 1.18)
    axes.set_xlabel("expected points given away, summed over the night")
    axes.legend(loc="lower left", bbox_to_anchor=(0, 1.0), ncols=1, frameon=False)
    chart = svg(figure)
    plt.close(figure)
    return chart


def cell(value: object, label: str, words: bool = False) -> str:
    kind = ' class="words"' if words else ""
    return f'<td data-label="{html.escape(label)}"{kind}>{html.escape(str(value))}</td>'


def table(labels: list[str], rows: list[str], words: tuple[int, ...] = ()) -> str:
    kind = ' class="words"'
    head = "".join(f"<th{kind if i in words else ''}>{html.escape(h)}</th>" for i, h in enumerate(labels))
    return f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"


def anchor(hand_id: str) -> str:
    return "hand-" + "".join(c if c.isalnum() or c in "-_" else "_" for c in hand_id)


def score_words(session: Session, hand: HandLine, score: Sequence[int]) -> str:
    """``N-S 6, E-W -5``: a score of the hand's game where a bare ``6--5`` would puzzle."""
    return sides_text(session.sides_of(hand), score)


def review_link(page: str | None, hand: HandLine) -> str:
    """The hand's id, a link to its review on the review page at ``page`` where one is given:
    the deal on view before the first card (at the end of the play, every hand is empty)."""
    if page is None or hand.record is None:
        return f'<td data-label="record">{html.escape(hand.id)}</td>'
    href = f"{page}?{urlencode({'record': Record.from_json(hand.record).line(), 'at': 0})}"
    return (
        f'<td data-label="record"><a href="{html.escape(href)}" title="its review on the review page">'
        f"{html.escape(hand.id)}</a></td>"
    )


def hand_row(session: Session, hand: HandLine, page: str | None = None) -> str:
    place = hand.game
    sides = session.sides_of(hand)
    points = "" if not hand.points else ", ".join(f"{name} {hand.points.get(name, 0):+d}" for name in sides)
    after = "" if place is None or place["after"] is None else score_words(session, hand, place["after"])
    return (
        f'<tr id="{anchor(hand.id)}">'
        + cell("" if place is None else place["hand"], "hand")
        + review_link(page, hand)
        + cell(hand.dealer or "", "dealer")
        + cell(hand.contract, "contract", True)
        + cell(hand.outcome, "result", True)
        + cell(points, "points", True)
        + cell(after, "score after", True)
        + "</tr>"
    )


HAND_LABELS = ["hand", "record", "dealer", "contract", "result", "points", "score after"]
WORDS = (3, 4, 5, 6)  # the columns of words, set to the left


def players_table(session: Session) -> str:
    scored = session.partly_scored()
    labels = ["player", "hands", "mistakes", "points given away: bidding (sum)", "points given away: play (sum)"]
    labels += (
        ["chance of the game given away: bidding (per game)", "chance of the game given away: play (per game)"]
        if scored
        else []
    )
    labels += ["tricks given away, every hand open (sum)", "declared", "made", "set"]
    rows = []
    for p in sorted(session.players.values(), key=lambda p: p.name):
        values: list[object] = [p.name, p.hands, p.mistakes, f"{p.bidding_points:.2f}", f"{p.play_points:.2f}"]
        per_game = session.win_per_game(p)
        if scored:
            values += [
                "" if per_game is None else f"{100 * per_game[1]:.1f}%",
                "" if per_game is None else f"{100 * per_game[0]:.1f}%",
            ]
        values += [p.double_dummy_given_away, p.declared, p.made, p.set]
        rows.append("<tr>" + "".join(cell(v, label) for v, label in zip(values, labels)) + "</tr>")
    return table(labels, rows)


def mistake_block(session: Session, rank: int, mistake: Mistake) -> str:
    hand = next(h for h in session.hands if h.id == mistake.hand)
    place = hand.game
    # the hand's place in its game, as the hands' table numbers it; the record by its id
    game = (
        ""
        if place is None
        else f" (game {place['number']}, hand {place['hand']}, at {score_words(session, hand, place['score'])})"
    )
    record = Record.from_json(mistake.record)
    variant = record.variant
    whose = variant.score_names[variant.scorer_of(SEATS.index(mistake.seat))]
    chance = (
        "" if mistake.win is None else (f", and {100 * mistake.win:.0f} in 100 of {whose}'s chance of winning the game")
    )
    who = mistake.player if mistake.player == mistake.seat else f"{mistake.player} ({mistake.seat})"
    sentence = (
        f"{who} {mistake.what}; {mistake.better} was better. It gave away "
        f"{mistake.points:.2f} points on average{chance}. The hand: {hand.contract}, {hand.outcome}."
    )
    return (
        f'<div class="mistake"><h3>{rank}. {html.escape(who)}, '
        f'<a href="#{anchor(hand.id)}">record {html.escape(hand.id)}</a>{html.escape(game)}</h3>'
        f"<p>{html.escape(sentence)}</p><pre>{html.escape(deal_shown(record))}</pre></div>"
    )


def deal_shown(record: Record) -> str:
    """The deal as the record knows it: a widow the table did not see is said so, never shown
    as the card that stands in for it."""
    text = diagram(record.deal, compact=True)  # a phone's width
    if "widow" not in record.unknown:
        return text
    lines = text.splitlines()
    extra = record.variant.extra_card
    return "\n".join(f"{extra}: not seen" if line.startswith(f"{extra}: ") else line for line in lines)


def session_html(session: Session, title: str, layouts: int, errors: int, page: str | None = None) -> str:
    """The report: the games, the hands, the players' figures and the worst mistakes; each
    hand linked to its review on the review page at ``page``, where given."""
    reviewed = len(session.reviewed)
    skipped = f" {errors} record{'s' * (errors != 1)} could not be reviewed (see the JSON lines)." if errors else ""
    games = session.games()
    parts = [f"<p>{reviewed} hand{'s' * (reviewed != 1)} reviewed.{skipped}</p>"]
    if games:
        parts.append("<ul>" + "".join(f"<li>{html.escape(game_words(session, g))}</li>" for g in games) + "</ul>")
    how = (
        (
            "<p>Points given away are summed over the night. The chance of winning the game given away is per "
            "game: each game's decisions added up, then the mean over the games the player sat in (each decision's "
            "measured from the score it was made at).</p>"
        )
        if session.partly_scored()
        else ""
    )
    parts.append("<h2>The players</h2>" + how + players_table(session) + f"<figure>{players_chart(session)}</figure>")
    worst = session.worst()
    if worst:
        measure = "the chance of winning the game" if session.scored() else "the points"
        parts.append(f"<h2>The night's costliest mistakes</h2><p>By {html.escape(measure)} they gave away.</p>")
        parts += [mistake_block(session, rank, m) for rank, m in enumerate(worst, 1)]
    for game in games:
        words = game_words(session, game)
        parts.append(
            f"<h2>{html.escape(words[0].upper() + words[1:])}</h2>"
            f"<figure>{chance_chart(session, game)}</figure>"
            + table(HAND_LABELS, [hand_row(session, h, page) for h in game.hands], WORDS)
        )
    outside = [h for h in session.hands if h.game is None]
    if outside:
        parts.append(
            "<h2>Hands outside any game</h2><p>The score was lost before them (a hand whose result is "
            "not known), and no record gave it again.</p>"
            + table(HAND_LABELS, [hand_row(session, h, page) for h in outside], WORDS)
        )
    three = len(session.sides) == CUTTHROAT_PLAYERS
    whose = "its player" if three else "its side"
    reckoned = f" (its {OWN_POINTS})" if three else ""
    notes = f"""<p class="note">Each decision is judged from the seat of the player who made it, knowing only
what that player could know then, over {layouts} random layouts of the other cards (single dummy): every call
of the auction, the contract and each card, by the points of the hand {whose} can expect against the best
choice{reckoned}, and, where the score is known, by {whose} chance of winning the game (to 10) against the best
choice, in percentage points. The players' points and tricks are sums over the night, their chance of the
game given away a mean per game. A mistake gives away at least
{MISTAKE_POINTS:.2f} points, clear of twice its standard error. The tricks given away with every hand open
(double dummy) are counted apart. The chance of winning before a hand is read from the game's odds table
for the score ({", ".join(session.sides)}) and the dealer.</p>"""
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">{REPORT_MARK}<title>{html.escape(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><style>{STYLE}</style></head>
<body>
<h1>{html.escape(title)}</h1>
{"".join(parts)}
{notes}
</body></html>
"""
