"""A session's report as one self-contained HTML file: the players' figures and two charts
(drawn by matplotlib as inline SVG), to open from a disk or mail to the club."""

from __future__ import annotations

import html
import io
from importlib.util import find_spec
from typing import Any

from ..analysis.fair import MISTAKE_POINTS
from ..analysis.session import Session

REPORT_EXTRA = "pip install 'hasen[report]'"  # matplotlib draws the charts

STYLE = """
body { font-family: system-ui, sans-serif; margin: 1.5em auto; max-width: 60em; padding: 0 1em; color: #222; }
table { border-collapse: collapse; margin: 1em 0; }
th, td { padding: 0.3em 0.7em; border-bottom: 1px solid #ddd; text-align: right; }
th:first-child, td:first-child { text-align: left; }
figure { margin: 1.5em 0; }
svg { max-width: 100%; height: auto; }
p.note { color: #555; font-size: 0.9em; }
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
    return text[text.index("<svg"):]


def given_away_chart(session: Session) -> str:
    """Tricks given away per player per hand: a group of bars for each hand."""
    plt = pyplot()
    names = list(session.players)
    hands = session.hands
    figure, axes = plt.subplots(figsize=(max(6.0, 0.5 * len(hands) + 2), 3.6))
    width = 0.8 / max(len(names), 1)
    for i, name in enumerate(names):
        xs = [h + (i - (len(names) - 1) / 2) * width for h in range(len(hands))]
        axes.bar(xs, [hand.given_away.get(name, 0.0) for hand in hands], width, label=name)
    axes.set_xticks(range(len(hands)), [hand.id for hand in hands], rotation=90 if len(hands) > 12 else 0)
    axes.set_xlabel("hand")
    axes.set_ylabel("points given away (expected)")
    axes.set_title("Points given away, single dummy, per player and hand")
    axes.legend(fontsize="small", ncols=min(len(names), 4), loc="upper center", bbox_to_anchor=(0.5, -0.22))
    chart = svg(figure)
    plt.close(figure)
    return chart


def bid_chart(session: Session) -> str:
    """Bid against result: the tricks the declaring side needed and took, one mark per hand
    (larger where several hands fall on the same point)."""
    plt = pyplot()
    points: dict[tuple[int, int], int] = {}
    for hand in session.hands:
        if hand.needed is not None and hand.taken is not None:
            points[(hand.needed, hand.taken)] = points.get((hand.needed, hand.taken), 0) + 1
    figure, axes = plt.subplots(figsize=(4.5, 4.2))
    top = max([max(p) for p in points] + [6])
    axes.plot([0, top], [0, top], color="#999", linewidth=1, label="taken = needed")
    for made in (True, False):
        chosen = [(p, n) for p, n in points.items() if (p[1] >= p[0]) == made]
        if chosen:
            axes.scatter([p[0] for p, _ in chosen], [p[1] for p, _ in chosen], s=[40 + 40 * n for _, n in chosen],
                         label="made" if made else "down", alpha=0.8)
    axes.set_xlabel("tricks needed (the bid)")
    axes.set_ylabel("tricks taken")
    axes.set_xlim(-0.5, top + 0.5)
    axes.set_ylim(-0.5, top + 0.5)
    axes.set_title("Bid against result")
    axes.legend(fontsize="small")
    chart = svg(figure)
    plt.close(figure)
    return chart


def session_html(session: Session, title: str, layouts: int, errors: int) -> str:
    """The report: the per-player table, the charts, and what the figures mean."""
    rows = []
    for p in sorted(session.players.values(), key=lambda p: p.name):
        rows.append("<tr>" + "".join(f"<td>{html.escape(str(v))}</td>" for v in (
            p.name, p.hands, p.cards, p.mistakes, f"{p.play_points:.2f}", f"{p.bidding_points:.2f}",
            p.double_dummy_given_away, p.declared, p.made, p.set)) + "</tr>")
    head = "".join(f"<th>{h}</th>" for h in ("player", "hands", "cards", "mistakes", "points given away in the play "
                                             "(sum)", "in the bidding (sum)", "tricks given away, every hand open",
                                             "declared", "made", "set"))
    skipped = f" {errors} record{'s' * (errors != 1)} could not be reviewed (see the JSON lines)." if errors else ""
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">{REPORT_MARK}<title>{html.escape(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><style>{STYLE}</style></head>
<body>
<h1>{html.escape(title)}</h1>
<p>{len(session.hands)} hand{'s' * (len(session.hands) != 1)} reviewed.{skipped}</p>
<table><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>
<p class="note">Each decision is judged from the seat of the player who made it, knowing only what that
player could know then, over {layouts} random layouts of the other cards (single dummy): every call of the
auction, the contract and each card, by the points of the hand its side can expect against the best
choice. The points are sums over the hands. A mistake gives away at least {MISTAKE_POINTS:.2f} points,
clear of twice its standard error. The tricks given away with every hand open (double dummy) are counted
apart.</p>
<figure>{given_away_chart(session)}</figure>
<figure>{bid_chart(session)}</figure>
</body></html>
"""
