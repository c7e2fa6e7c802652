// The fair review of a hand record without the DOM: the request for POST /review with the
// record, which of its cards the board's play shares, and every verdict in words: each card
// single dummy (what its player could know) beside double dummy (every hand open), every
// call of the auction, the contract, the par. Every figure and verdict is the API's; these functions
// write them as words.js's pieces. Everything comes in as arguments, so that
// tests/web/test_page_js.py runs them under node.

import { points } from "./advice.js";
import { decimal, percent } from "./simulation.js";
import { cardList, signed } from "./words.js";

// The request: the record (its text, or its JSON with another play), and the page's layouts
// and fixed seed, so that the same record is the same answer every time.
export function fairBody(record, singleDummy) {
  return { record, layouts: singleDummy.layouts, seed: singleDummy.seed };
}

// A loaded record (the API's JSON) with the play on the board in place of its own: the same
// deal, auction and contract. Its result is the API's to work out again.
export function withPlay(record, cards) {
  const { result, ...rest } = record;
  return { ...rest, play: cards.join(" ") };
}

// Does the board show the reviewed record's deal and contract? ``view``: deal, dealer,
// declarer, trump, discard (null: none), alone, and the cards of the board's play.
export function sameHand(review, view) {
  const record = review.record;
  const contract = record.contract;
  return Boolean(contract) && record.deal === view.deal && record.dealer === view.dealer &&
    contract.declarer === view.declarer && contract.trump === view.trump &&
    (contract.discard || null) === (view.discard || null) && contract.alone === view.alone;
}

// How many of the review's cards the board's play begins with: a card's verdict depends only
// on what came before it. None when the board shows another deal or contract.
export function sharedCards(review, view) {
  if (!sameHand(review, view)) return 0;
  let n = 0;
  while (n < review.cards.length && n < view.cards.length && review.cards[n].card === view.cards[n]) n += 1;
  return n;
}

function trickCount(n) {
  return `${n} trick${n === 1 ? "" : "s"}`;
}

// --- each card -------------------------------------------------------------------------------

// One card's two verdicts: {verdict (the API's), single, double (null for a forced card)}, each
// a sentence: "single dummy: 1.20 ±0.30 points given away (0.40 tricks; best 10♦) — a mistake"
// beside "double dummy: best". ``mistake``: the least cost in points called a mistake (api/page.py's facts).
export function cardVerdict(card, mistake) {
  if (card.verdict === "forced") {
    return { verdict: card.verdict, single: ["the only card it could play"], double: null };
  }
  const single = ["single dummy: "];
  if (card.points_cost <= 0 && card.cost <= 0) {
    single.push(card.exact ? "best (exact)" : "best");
  } else {
    const cost = card.exact ? decimal(card.points_cost, 2)
      : `${decimal(card.points_cost, 2)} ±${decimal(card.points_stderr, 2)}`;
    single.push(`${cost} points given away (${decimal(card.cost, 2)} tricks; ${card.exact ? "exact; " : ""}best `,
      { card: card.best }, ")");
    if (card.verdict === "mistake") single.push(" — a mistake");
    else if (card.points_cost < mistake) single.push(` — under ${decimal(mistake, 2)} points, not a mistake`);
    else single.push(" — not clear of the sampling error, so not a mistake");
  }
  const dd = card.double_dummy;
  const double = ["double dummy: "];
  if (!dd.cost) {
    double.push("best");
  } else {
    double.push(`${trickCount(dd.cost)} given away (best `, ...cardList(dd.best), ")");
    if (card.verdict === "double dummy only") double.push(" — only with every hand open: not a mistake");
  }
  return { verdict: card.verdict, single, double };
}

// --- the bid, trump and discard -------------------------------------------------------------------

const HAND_WORDS = { 5: "five", 6: "six", 7: "seven" };

// A Euchre call of the API ("order up", "name H", "name C alone") in words.
export function callName(call, dealer) {
  const alone = call.endsWith(" alone");
  const bare = alone ? call.slice(0, -" alone".length) : call;
  const words = bare === "order up" ? [dealer ? "pick it up" : "order it up"]
    : bare.startsWith("name ") ? ["name ", { trump: bare.slice(5) }] : [bare];
  return alone ? [...words, " alone"] : words;
}

// Every call of the auction judged from its caller's seat: one line each, "2. E pass: -4.10;
// best 5: +1.20 (5.30 ±0.40 points given away) — a mistake". ``dealer``: the dealer's seat.
export function callVerdicts(review) {
  const dealer = review.record.dealer;
  return review.calls.map((call) => {
    const words = [`${call.number}. ${call.seat} `, ...callName(call.call, call.seat === dealer),
      `: ${points(call.expected)}`];
    if (call.best === call.call || call.cost <= 0) return { call, words: [...words, " — the best call."] };
    return { call, words: [...words, "; best ", ...callName(call.best, call.seat === dealer),
      `: ${points(call.expected + call.cost)} (${decimal(call.cost, 2)} ±${decimal(call.stderr, 2)} points given ` +
      `away) — ${call.mistake ? "a mistake" : "not a mistake"}.`] };
  });
}

// Why a decision is a mistake: a layout it was judged on where it did worst, and the shares.
export function whyWords(why, made, best) {
  const hands = Object.entries(why.hands).map(([seat, cards]) => `${seat} ${cards}`).join(", ");
  return [`For example, with ${hands}: `, ...made, ` ${signed(why.made.points)} points, `, ...best,
    ` ${signed(why.best.points)}; `, ...best, ` is the better on ${percent(why.best_better)} of the layouts, `,
    ...made, ` on ${percent(why.made_better)}.`];
}

function choiceWords(choice, declarerChooses, partners) {
  const discard = choice.discard ? [{ card: choice.discard }] : [];
  if (!declarerChooses) return ["discard ", ...discard];
  const form = partners ? [choice.alone ? " alone" : " with the partner"] : [];
  return [{ trump: choice.trump }, ...(discard.length ? [", discard ", ...discard] : []), ...form];
}

// The trump and discard (the Euchre dealer's discard) from the chooser's seat; null: nobody
// took the widow or upcard.
export function choiceVerdict(review, game) {
  const choice = review.choice;
  if (!choice) return null;
  const own = game.exchanger === "declarer";
  const cards = HAND_WORDS[game.handSize + 1];
  const partners = Boolean(game.partners);
  const line = [own ? `The contract, knowing only ${choice.seat}'s ${cards} cards: `
    : `The dealer's discard, knowing only ${choice.seat}'s ${cards} cards: `,
  ...choiceWords(choice.chosen, own, partners), `: ${points(choice.points)} points expected ` +
    `(${decimal(choice.mean, 2)} tricks)`];
  const same = choice.chosen.trump === choice.best.trump && choice.chosen.discard === choice.best.discard &&
    choice.chosen.alone === choice.best.alone;
  if (same || choice.cost <= 0) return [...line, " — the best choice."];
  return [...line, "; best ", ...choiceWords(choice.best, own, partners), `: ${points(choice.best_points)} ` +
    `(${decimal(choice.cost, 2)} ±${decimal(choice.stderr, 2)} points given away) — ` +
    `${choice.mistake ? "a mistake" : "not a mistake"}.`];
}

// --- the hand ---------------------------------------------------------------------------------------

// The par, every hand open: "Par, every hand open: N bids 6 alone in ♣ clubs, 6 tricks: score
// N-S +12, E-W 0."
export function parWords(review) {
  if (!review.par) return ["Par, every hand open: not known (the record does not know the dealer's discard)."];
  const par = review.par.contract;
  if (!par) return ["Par, every hand open: nobody declares (the hand is dealt again)."];
  const how = par.bid ? ` bids ${par.bid}${par.alone ? " alone" : ""} in ` : ` makes${par.alone ? " alone" : ""} `;
  return [`Par, every hand open: ${par.declarer}${how}`, { trump: par.trump },
    ...(par.discard ? [", discard ", { card: par.discard }] : []),
    `, ${trickCount(par.tricks)}: score ${scoreWords(par.score)}.`];
}

// A hand's points by who scores them, the declaring side (or the maker) first: "N-S +12, E-W 0".
function scoreWords(score) {
  return Object.entries(score).map(([name, p]) => `${name} ${signed(p)}`).join(", ");
}

// Each player's totals as the panel writes them.
export function playerRows(review) {
  return Object.entries(review.players).map(([seat, p]) => ({
    seat, cards: String(p.cards), mistakes: String(p.mistakes), play: decimal(p.play_points, 2),
    contract: decimal(p.bidding_points, 2), open: String(p.double_dummy_given_away),
  }));
}
