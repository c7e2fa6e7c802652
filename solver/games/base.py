"""A family of games: its table, how a contract is judged, its auction, and their text.

The analyses (``hasen.analysis``) are the same machinery for every game; a ``Game`` gives
them what is the family's own (``Family``, which its folder's module ``family`` implements)
and says its answers in words. Each family is a folder of ``hasen.games``
(``hasen.games.euchre``, with its own table, an answer of its own, in ``table``); its
``Game`` subclass is ``GAME`` of the folder's module ``game``, its auction and scoring are
its module ``rules``, its own table settings its module ``settings``, and its variants, in
``hasen.core.variants``, name it by their ``family``: nothing else registers a family.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

from ..analysis.answer import Answer
from ..analysis.family import Family
from ..analysis.table import solve_plan
from ..core.deal import Deal
from ..core.run import DEFAULT_RUN, Checkpoint, Progress, Run, no_checkpoint
from ..core.settings import Settings
from ..core.variants import VARIANTS, Variant
from ..play.state import Contract, PlayState
from ..search import Searcher, thread_searcher

# the analyses and texts of bidding, positions and reviews are imported when first asked
# for, so that a command needs only its own (``hasen table`` starts the faster)
if TYPE_CHECKING:
    from ..analysis.advice import BidAdvice, CallAdvice
    from ..analysis.bidding import Advice, BidAnalysis
    from ..analysis.knowledge import Context, Knowledge
    from ..analysis.position import PositionAnalysis
    from ..analysis.review import PlayReview


class Example(NamedTuple):
    """A built-in deal (``--example``): the deal, who deals, and the declarer (maker) the
    review page shows first."""

    deal: str
    dealer: str
    declarer: str


class Game(Family):
    """One family: Hasenpfeffer, or Euchre (two- and four-handed).

    >>> from hasen.games import GAMES
    >>> GAMES["euchre"].variants[0].label
    'euchre2 (24 cards)'
    """

    family: ClassVar[str]  # the ``Variant.family`` of its variants
    examples: ClassVar[dict[str, Example]] = {}  # by variant name: a deal whose cards every deck of it has

    @property
    def variants(self) -> list[Variant]:
        """Its variants, each deck of each, the default deck first."""
        return [v for decks in VARIANTS.values() for v in decks.values() if v.family == self.family]

    # --- the table ----------------------------------------------------------------------------

    def table(
        self,
        deal: Deal,
        declarer: str | int | None = None,
        alone: bool = False,
        defender: str | int | None = None,
        settings: Settings | None = None,
        progress: Progress | None = None,
        searcher: Searcher | None = None,
    ) -> Answer:
        """Every declarer's (or one's) tricks for every choice the game gives; ``settings``:
        the table rules, by default the deal's (so in every method here)."""
        plan = self.plan_table(deal, declarer=declarer, alone=alone, defender=defender, settings=settings)
        return solve_plan(plan, searcher or thread_searcher(), progress)

    # plan_table, contract_table, par, advice and scores, what the analyses take (``Family``):
    # each family's own, in its folder's module ``family``

    # --- the analyses every game has ----------------------------------------------------------

    def solve(
        self, state: PlayState, searcher: Searcher | None = None, checkpoint: Checkpoint | None = None
    ) -> PositionAnalysis:
        from ..analysis.position import analyze_position

        return analyze_position(state, searcher, checkpoint or no_checkpoint)

    def review(
        self,
        deal: Deal,
        contract: Contract,
        record: str,
        settings: Settings | None = None,
        searcher: Searcher | None = None,
        checkpoint: Checkpoint | None = None,
    ) -> PlayReview:
        from ..analysis.review import review_play

        return review_play(
            deal,
            contract,
            record,
            self,
            settings=deal.settings if settings is None else settings,
            searcher=searcher,
            checkpoint=checkpoint or no_checkpoint,
        )

    def advise(
        self,
        knowledge: Knowledge,
        settings: Settings,
        context: Context,
        alone: bool | None,
        layouts: int,
        seed: int,
        choice_layouts: int,
        run: Run = DEFAULT_RUN,
    ) -> BidAdvice | CallAdvice:
        """What the seat should bid or call knowing only its own cards (single dummy), at
        its turn in the auction of ``context`` (``hasen.analysis.advice.Context``), its
        layouts solved on ``run``'s threads or through its mapper."""
        run.only("advise", "threads", "mapper", "progress")
        return self.adviser()(
            knowledge,
            self,
            layouts,
            seed,
            settings,
            alone,
            choice_layouts,
            run.threads,
            run.mapper,
            run.progress,
            context,
        )

    @abstractmethod
    def adviser(self) -> Callable[..., BidAdvice | CallAdvice]:
        """The family's single-dummy advice (``hasen.analysis.advice``), imported when asked for."""

    def bid(
        self,
        deal: Deal,
        settings: Settings | None = None,
        searcher: Searcher | None = None,
        checkpoint: Checkpoint | None = None,
    ) -> BidAnalysis:
        from ..analysis.bidding import analyze_bidding

        return analyze_bidding(deal, self, deal.settings if settings is None else settings, searcher, checkpoint)

    # --- text -------------------------------------------------------------------------------

    @abstractmethod
    def format_table(self, analysis: Any) -> str:
        """The table as the CLI prints it."""

    @abstractmethod
    def table_html(self, analysis: Any) -> str:
        """The table as HTML, for notebooks."""

    @abstractmethod
    def advice_lines(self, seat: int, advice: Advice) -> list[str]:
        """One seat's advice as lines of text."""

    @abstractmethod
    def contract_head(self, state: PlayState, exchange: bool = True) -> str:
        """``N declares clubs, discard KH``: the contract in words (with who exchanged what)."""

    @abstractmethod
    def contract_line(self, review: PlayReview) -> str:
        """The chosen contract against the best one, for the review."""

    def format_bidding(self, analysis: BidAnalysis) -> str:
        from ..text.bidding import format_bidding

        return format_bidding(analysis, {seat: self.advice_lines(seat, a) for seat, a in analysis.advice.items()})

    def format_position(self, result: PositionAnalysis) -> str:
        from ..text.position import format_position

        return format_position(result, self.contract_head(result.state))

    def format_review(self, review: PlayReview) -> str:
        from ..text.review import format_review

        return format_review(review, self.contract_head(review.start, exchange=False), self.contract_line(review))

    def __repr__(self) -> str:
        return f"<Game {self.family}: {', '.join(sorted({v.name for v in self.variants}))}>"
