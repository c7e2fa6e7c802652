"""The docs' figures of the chance of winning the game (docs/variants.md, "The game to 10"):

    python -m hasen.text.odds_figures [--heatmap FILE]

prints the Markdown table of the first side's chance at a few scores of each game, the mean
over who deals next, and with ``--heatmap`` draws every score of Hasenpfeffer and of
four-hand Euchre as a heat map (a PNG; matplotlib, ``pip install 'hasen[report]'``).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from ..analysis.odds import lowest, win_chances
from ..core.settings import DEFAULT_SETTINGS
from ..core.variants import Variant, variant_for

TABLE_SCORES = {"hasenpfeffer": (-10, -5, 0, 3, 5, 7, 8, 9), "euchre": (0, 3, 5, 7, 8, 9)}
HEATMAP_LOW = -20  # the heat map's lowest Hasenpfeffer score (the table keeps down to -40)


def mean_chance(variant: Variant, first: int, second: int) -> float:
    table = win_chances(variant)
    return sum(table.chance(first, second, dealer) for dealer in variant.seats) / len(variant.seats)


def markdown(name: str) -> str:
    variant = variant_for(name)
    scores = TABLE_SCORES[name]
    first, second = variant.side_names
    lines = [
        f"| {first} \\ {second} | " + " | ".join(str(s) for s in scores) + " |",
        "| --- | " + " | ".join("---" for _ in scores) + " |",
    ]
    for own in scores:
        lines.append(
            f"| **{own}** | " + " | ".join(f"{100 * mean_chance(variant, own, other):.0f}%" for other in scores) + " |"
        )
    return "\n".join(lines)


def heatmap(path: Path) -> None:
    from .session_report import pyplot

    plt = pyplot()
    figure, panels = plt.subplots(1, 2, figsize=(10, 4.6))
    for axes, name in zip(panels, ("hasenpfeffer", "euchre")):
        variant = variant_for(name)
        low = max(lowest(variant), HEATMAP_LOW)
        target = DEFAULT_SETTINGS.game_points
        scores = list(range(low, target))
        grid = [[mean_chance(variant, a, b) for b in scores] for a in scores]
        image = axes.imshow(
            grid, origin="lower", cmap="RdBu", vmin=0, vmax=1, extent=(low - 0.5, target - 0.5, low - 0.5, target - 0.5)
        )
        first, second = variant.side_names
        axes.set_xlabel(f"{second}'s score")
        axes.set_ylabel(f"{first}'s score")
        axes.set_title(f"{variant.name}: {first}'s chance of winning")
    figure.colorbar(image, ax=panels, label="chance of winning the game (mean over the next dealer)")
    figure.savefig(path, dpi=90, bbox_inches="tight")
    plt.close(figure)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m hasen.text.odds_figures", description=__doc__.split("\n")[0])
    parser.add_argument("--heatmap", type=Path, help="draw the heat map to this PNG")
    args = parser.parse_args(argv)
    for name in TABLE_SCORES:
        print(f"{name}:\n\n{markdown(name)}\n")
    if args.heatmap:
        heatmap(args.heatmap)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
