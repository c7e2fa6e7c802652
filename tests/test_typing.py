"""What a user's type checker sees of the installed package: ``mypy
--strict`` on a small user script, run in a folder of its own against whatever ``hasen``
this interpreter imports (the wheel in CI, the editable install here). The script that
uses the API as documented passes, with concrete types; each line of the script that
misuses it is an error."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # a mypy run of its own

DEAL = '"N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 KS"'

ACCEPTED = f"""\
from typing import reveal_type

import hasen

deal = hasen.Deal({DEAL}, dealer="W", settings={{"first_lead": "declarer"}})
table = hasen.analyze(deal)
reveal_type(table)
print(table.tables["N"].best, table.tables["N"].best_tricks)
if isinstance(table, hasen.TableAnalysis):
    cell: int = table.tables["N"].tricks["S"]["AS"]
hands: tuple[hasen.CardSet, ...] = deal.hands
legal: hasen.CardSet = hasen.position(deal, "N", "C", "KH", played="JC").legal()
cost: int = hasen.review(deal, "N", hasen.Suit("C"), "KH", played="AS KC 9S QS").cards[0].cost
contract: hasen.Contract = hasen.position(deal, "N", "C", "KH").contract
total: int = hasen.solve(deal, contract, played="JC").total
choices = hasen.solve(deal, hasen.Seat("N"), "C", hasen.Card("KH")).choices
reveal_type(choices)
north = reveal_type(hasen.bid(deal).advice["N"])
if isinstance(north, hasen.HasenpfefferAdvice):
    highest: str | None = north.with_partner.highest_bid
euchre = hasen.Deal("N:..KQT9.9 T9.AKQ.. AS", variant="euchre2", deck=24)
many = reveal_type(hasen.analyze_many([deal, euchre], run=hasen.Run(threads=2)))
north_view = hasen.SeatView("N", hand="A.K..AQJ*", extra="KS", dealer="W", variant="hasenpfeffer",
                            settings={{"bidding": "pepper"}})
sim = hasen.simulate(north_view, layouts=4)
reveal_type(sim)
# values by name as dict keys and in sets; a CardSet's operators are set operations
by_card: dict[hasen.Card, int] = {{hasen.Card("KH"): 1}}
assert by_card[hasen.Card("kh")] == 1 and hasen.Seat("N") in {{hasen.Seat(0)}}
assert hasen.Seat("N") != hasen.Suit("S") and hasen.Card("KH").name == "KH"
left: hasen.CardSet = deal.hand("N") - hasen.CardSet("KH") | hasen.Card("KS")
assert {{left: "hand"}}[hasen.CardSet("AS KS AC QC JC JK")] == "hand"
best: hasen.BestChoice = table.tables["N"].best
# a card's suit and rank, a seat's partner and left, every seat, a CardSet as a set
suit: hasen.Suit | None = hasen.Card("JD").suit
rank: str | None = hasen.Card("JD").rank
partner: hasen.Seat = hasen.Seat("N").partner.left
seats: list[hasen.Seat] = list(hasen.Seat)
assert hasen.CardSet(["AS", "KH"]) <= deal.hand("N") and hasen.Card("9D") | hasen.Card("AS") > hasen.CardSet("AS")
assert len(deal.hand("N").trumps("C")) == 4 and deal.hand("N").isdisjoint(deal.hand("E"))
trump, discard, tricks = best
# 500 deals' tables in one frame, and rows that dump as names
frame = hasen.to_frame(hasen.analyze_each((hasen.random_deal(seed=i) for i in range(500)), run=hasen.Run(threads=2)))
assert len(frame) == 500 * 4 * 4 * 7 and set(frame["declarer"]) == {{"N", "E", "S", "W"}}
import json
assert json.loads(json.dumps(next(hasen.rows_of(table))))["declarer"] == "N"
# the annotations resolve at run time too: every public function's and every public class's methods'
import inspect
import typing
resolved = 0
for name in hasen.__all__:
    value = getattr(hasen, name)
    members = [value] if inspect.isfunction(value) else [
        getattr(m, "fget", None) or getattr(m, "__func__", m) for m in vars(value).values()] if inspect.isclass(value) \
        else []
    for member in members:
        if inspect.isfunction(member):
            typing.get_type_hints(member)
            resolved += 1
assert resolved > 150, resolved
assert inspect.signature(hasen.analyze, eval_str=True).return_annotation == hasen.TableAnalysis | hasen.EuchreAnalysis
"""

# each line an error of its own, with what the error must say
REJECTED = [
    ("hasen.Deal(123)", 'Argument 1 to "Deal" has incompatible type "int"'),
    ("hasen.analyze(123)", 'Argument 1 to "analyze" has incompatible type "int"'),
    ("hasen.analyze(deal, declarer=5)", 'Argument "declarer" to "analyze" has incompatible type "Literal[5]"'),
    ("hasen.analyze(deal, nonsense=True)", 'Unexpected keyword argument "nonsense" for "analyze"'),
    ("hasen.analyze(deal, dealer='W')", 'Unexpected keyword argument "dealer" for "analyze"'),
    (f"hasen.Deal({DEAL}, dealer='X')", 'Argument "dealer" to "Deal" has incompatible type'),
    (f"hasen.Deal({DEAL}, variant='bridge')", 'Argument "variant" to "Deal" has incompatible type'),
    (f"hasen.Deal({DEAL}, deck=52)", 'Argument "deck" to "Deal" has incompatible type'),
    (f"hasen.Deal({DEAL}, settings={{'first_leed': 'declarer'}})", 'Argument "settings" to "Deal" has incompatible'),
    (f"hasen.Deal({DEAL}, settings={{'first_lead': 'declarerr'}})", 'Argument "settings" to "Deal" has incompatible'),
    ("hasen.solve(deal, 'N', 'Z', 'KH')", 'Argument 3 to "solve" has incompatible type'),
    ("hasen.analyze_many([deal], run=hasen.Run(threads='2'))", 'Argument "threads" to "Run" has incompatible type'),
    ("hasen.analyze_many([deal], threads=2)", 'Unexpected keyword argument "threads" for "analyze_many"'),
    ("hasen.analyze(deal).tables['N'].tricks", 'has no attribute "tricks"'),
    ("hasen.bid(deal).advice['N'].with_partner", 'has no attribute "with_partner"'),
    ("hasen.simulate(hasen.SeatView.in_deal(deal, 'N'), layouts='many')", 'Argument "layouts" to "simulate" has'),
    ("hasen.simulate(deal, layouts=4)", 'Argument 1 to "simulate" has incompatible type "Deal"'),
    ("deal.dealer = hasen.Seat('N')", 'Property "dealer" defined in "Deal" is read-only'),
]


@pytest.fixture(scope="module")
def mypy_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One mypy cache for the module: the second run reads the package's types from it."""
    return tmp_path_factory.mktemp("mypy_cache")


def mypy(folder: Path, mypy_cache: Path, *scripts: str) -> str:
    """``mypy --strict`` of the scripts, from ``folder`` (none of the repository's settings)."""
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "mypy",
            "--strict",
            "--no-error-summary",
            "--cache-dir",
            str(mypy_cache),
            *scripts,
        ],
        cwd=folder,
        capture_output=True,
        text=True,
    )
    assert "error: Cannot find implementation or library stub" not in done.stdout, done.stdout
    return done.stdout


def test_the_documented_use_passes_with_concrete_types(tmp_path: Path, mypy_cache: Path) -> None:
    (tmp_path / "ok.py").write_text(ACCEPTED)
    out = mypy(tmp_path, mypy_cache, "ok.py")
    assert " error: " not in out, out
    revealed = [line for line in out.splitlines() if "Revealed type is" in line]
    assert len(revealed) == 5, out
    assert not any("Any" in line for line in revealed), out
    assert "TableAnalysis | hasen.games.euchre.table.EuchreAnalysis" in revealed[0]
    assert "HasenpfefferAdvice | hasen.analysis.bidding.EuchreAdvice" in revealed[2]
    # and it runs: the script is the API as it is
    subprocess.run([sys.executable, "ok.py"], cwd=tmp_path, check=True, capture_output=True)


def test_each_misuse_is_an_error(tmp_path: Path, mypy_cache: Path) -> None:
    head = f"import hasen\n\ndeal = hasen.Deal({DEAL})\n"
    lines = [line for line, _ in REJECTED]
    (tmp_path / "bad.py").write_text(head + "\n".join(lines) + "\n")
    out = mypy(tmp_path, mypy_cache, "bad.py").splitlines()
    first = head.count("\n") + 1
    for number, (line, wanted) in enumerate(REJECTED, first):
        errors = [e for e in out if e.startswith(f"bad.py:{number}: error:")]
        assert any(wanted in e for e in errors), f"line {number}, {line}: {errors or 'accepted'}"
    assert not [e for e in out if e.startswith(f"bad.py:{first - 1}:")], "the deal itself is fine"
