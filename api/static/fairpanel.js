// The fair review panel: a hand record judged decision by decision from the seat of the
// player who made it (single dummy), beside the verdicts with every hand open (double dummy),
// from POST /review with the record. It says how the hand came out (made or down, the score)
// and the par, judges every call and the contract, and totals each player's mistakes and
// points given away; each card's two verdicts go into the trick log (verdictLine), the
// mistakes onto the graph. Every figure and verdict is the API's (fair.js writes them).

import { FACTS, cardText, game, piecesNode } from "./cards.js";
import { callName, callVerdicts, cardVerdict, choiceVerdict, parWords, playerRows, whyWords } from "./fair.js";
import { el, failureNote, loadingNote } from "./panels.js";
import { decimal } from "./simulation.js";
import { pageMessage, recordState, resultWords } from "./words.js";

function line(className, pieces) {
  const p = el("p", className);
  p.append(piecesNode(pieces));
  return p;
}

// One card's verdicts, as the trick log shows them under its trick.
export function verdictLine(card) {
  const words = cardVerdict(card, FACTS.mistake);
  const item = el("span", "fair-verdict");
  const single = el("span", "sd-verdict");
  single.append(piecesNode(words.single));
  item.append(single);
  if (words.double) {
    const double = el("span", "dd-verdict");
    double.append(piecesNode(words.double));
    item.append(" · ", double);
  }
  return item;
}

// ``view``: {status: "idle" | "loading" | "done" | "error", answer, error, onRetry, layouts
// (asked for), ofBoard (the review is of a play on the board, not the record's own), shared
// (how many of its cards the board's play begins with), boardCards (the cards of the board's
// play), sameContract (the board shows the record's deal and contract), onReviewBoard (review
// the board's play instead), onJump(index)}.
export function renderFair(container, view) {
  container.dataset.state = view.status;
  const body = container.querySelector("#fair-body");
  body.replaceChildren();
  if (view.status === "idle") {
    body.append(el("p", "hint", "Paste a hand record under the deal: each decision of the hand is then judged " +
      "from the seat of the player who made it, beside the verdict with every hand open."));
    return;
  }
  if (view.status === "loading") {
    body.append(loadingNote(`Judging every decision from its player's seat: ${view.layouts} random layouts of the ` +
      "cards each player could not see, every legal card played out on each… (a second or two)"));
    return;
  }
  if (view.status === "error") {
    body.append(failureNote(`The fair review could not be computed: ${pageMessage(view.error, FACTS)}`,
      "fair-retry", view.onRetry));
    return;
  }
  try {
    renderAnswer(body, view);
  } catch (err) {
    container.dataset.state = "error";
    body.replaceChildren(el("p", "sd-error-text", `The fair review could not be shown: ${err.message}`));
  }
}

function renderAnswer(body, view) {
  const review = view.answer;
  const g = game();
  const result = review.result;
  const outcome = line("fair-result", [resultWords(result) || recordState(review.record, null)]);
  if (result && !result.redeal) {
    outcome.classList.add(result.made ? "made" : "down");
    Object.assign(outcome.dataset, { made: String(result.made), down: String(result.down),
      score: JSON.stringify(result.score) });
  }
  if (view.ofBoard) {
    body.append(el("p", "hint fair-of-board", "This review is of the play on the board, under the record's " +
      "auction and contract; load the record again to review its own play."));
  }
  body.append(outcome, line("fair-par", parWords(review)));
  for (const why of review.not_judged || []) body.append(line("fair-not-judged", [`Not judged: ${why}.`]));

  const calls = el("div", "fair-calls");
  calls.append(el("p", "hint", `Each call, knowing only its caller's cards: the points ${g.cutthroat ? "its caller" :
    "its side"} can expect (${g.pointsLess}) when the auction then goes on by the model of the other players.`));
  for (const { call, words } of callVerdicts(review)) {
    const p = line("verdict fair-call", words);
    p.dataset.mistake = String(call.mistake);
    if (call.mistake) {
      p.classList.add("costly");
      const dealer = call.seat === review.record.dealer;
      calls.append(p, line("hint fair-why", whyWords(call.why, callName(call.call, dealer),
        callName(call.best, dealer))));
    } else {
      calls.append(p);
    }
  }
  body.append(calls);
  const words = choiceVerdict(review, g);
  if (words) {
    const choice = line("verdict fair-choice", words);
    choice.dataset.mistake = String(review.choice.mistake);
    if (review.choice.mistake) choice.classList.add("costly");
    body.append(choice);
  }
  body.append(el("p", "hint fair-basis", `Single dummy: each decision judged knowing only what its player could ` +
    `know then (its own cards, the cards played and by whom, the suits each player has shown out of, the ` +
    `contract; ${g.exchanger === "declarer" ? "the declarer its widow and discard too" : "the upcard, and the " +
      "dealer who took it its discard too"}), over ${review.layouts} random layouts of the rest ` +
    `(seed ${review.seed}${review.uniform ? "" : ", agreeing with the auction"}), in the points of the hand ` +
    `${g.cutthroat ? "its player" : "its side"} can expect (${g.pointsLess}). A mistake gives away at least ` +
    `${decimal(FACTS.mistake, 2)} points, clear of twice its ` +
    "sampling error. Double dummy: every hand open, best play, in tricks. Each card's two verdicts are in the " +
    "trick log; the graph rings the mistakes."));

  body.append(playersTable(review));
  body.append(...notable(review, view));
  if (view.shared < view.boardCards.length || !view.sameContract) body.append(boardNote(review, view));
}

function playersTable(review) {
  const table = el("table", "fair-players");
  table.append(el("caption", "", "Points given away, knowing only one's own cards: in the play, and in the " +
    "auction and contract; and tricks given away in the play with every hand open."));
  const head = table.createTHead().insertRow();
  for (const title of ["player", "cards", "mistakes", "in the play", "in the bidding", "tricks, every hand open"]) {
    head.append(el("th", "", title));
  }
  const body = table.createTBody();
  for (const row of playerRows(review)) {
    const tr = body.insertRow();
    tr.dataset.seat = row.seat;
    if (row.mistakes !== "0") tr.className = "costly";
    for (const field of ["seat", "cards", "mistakes", "play", "contract", "open"]) {
      const td = el("td", "", row[field]);
      td.dataset.field = field;
      tr.append(td);
    }
  }
  return table;
}

// The mistakes, and the cards that cost tricks only with every hand open: click one to go there.
function notable(review, view) {
  const out = [];
  const lists = [["mistake", "Mistakes, knowing only one's own cards: "],
    ["double dummy only", "Cost tricks only with every hand open (not mistakes): "]];
  for (const [verdict, title] of lists) {
    const cards = review.cards.map((card, index) => ({ ...card, index })).filter((c) => c.verdict === verdict);
    if (!cards.length) continue;
    const p = el("p", `fair-list ${verdict === "mistake" ? "fair-mistakes" : "fair-dd-only"}`, title);
    cards.forEach((card, i) => {
      const link = el("button", "link");
      link.type = "button";
      link.dataset.index = String(card.index);
      link.append(`trick ${card.trick}, ${card.seat} `, cardText(card.card));
      if (card.index < view.shared) link.addEventListener("click", () => view.onJump(card.index));
      else link.disabled = true;
      p.append(...(i ? ["; ", link] : [link]));
      if (verdict === "mistake") p.append(` (${decimal(card.points_cost, 2)} points)`);
    });
    p.append(".");
    out.push(p);
    if (verdict === "mistake") {
      for (const card of cards.filter((c) => c.why)) {
        out.push(line("hint fair-why", [`Trick ${card.trick}, ${card.seat} `, { card: card.card }, ": ",
          ...whyWords(card.why, [{ card: card.card }], [{ card: card.best }])]));
      }
    }
  }
  if (!review.cards.some((c) => c.verdict === "mistake")) {
    out.push(el("p", "hint fair-list", "No card of the play was a mistake from its player's seat."));
  }
  return out;
}

// The board has moved away from the reviewed play (or contract): say so, and offer to review
// the board's play when the contract is still the record's.
function boardNote(review, view) {
  const box = el("div", "fair-board");
  const count = review.cards.length;
  const shared = view.sameContract ? view.shared : 0;
  box.append(el("p", "hint", view.sameContract
    ? `The board's play is not the record's: this review is of the record's ${count} card${count === 1 ? "" : "s"}; ` +
      `the trick log shows the verdicts of the first ${shared}, which the two plays share.`
    : "The board shows another contract than the record's: this review is of the record's."));
  if (view.sameContract && view.boardCards.length) {
    const button = el("button", "", "Review the play on the board");
    button.type = "button";
    button.id = "fair-board";
    button.addEventListener("click", view.onReviewBoard);
    box.append(button);
  }
  return box;
}
