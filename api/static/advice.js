// The bid advice without the DOM: the request for POST /bid with the seat (single dummy: the
// declarer's own cards, in Euchre the upcard too), and the answer in words: the advice first
// (the highest bid worth making, or the call of each round), what the seat knew and over how
// many layouts, then each bid's or call's figures. Every figure is the API's; these functions
// pick them out and write them as words.js's pieces. Everything comes in as arguments, so
// that tests/web/test_page_js.py runs them under node.

import { decimal, percent } from "./simulation.js";

// The request: the deal (the API uses only the seat's hand, and in Euchre the upcard), the
// declarer as the seat, both forms of play, the table's settings (a record's scoring too), and
// the page's layouts and fixed seed, so that the same view is the same answer every time.
export function adviceBody(view, gameBody, tableSettings, singleDummy) {
  return {
    deal: view.deal, dealer: view.dealer, seat: view.declarer, ...gameBody, ...tableSettings,
    layouts: singleDummy.layouts, seed: singleDummy.seed,
  };
}

const FORM_LABELS = { with_partner: "With the partner", alone: "Alone" };

export function points(value) {
  return decimal(value, 2, true);
}

// --- Hasenpfeffer: every bid, with the partner and alone ---------------------------------------

// The form's advice: the highest bid worth making (with the other form's expected score at
// that bid, to compare), or pass.
export function formLine(answer, name, partners) {
  const form = answer.forms[name];
  const label = partners ? FORM_LABELS[name] : "Advice";
  const worth = form.bids.find((b) => b.bid === form.worth);
  if (!worth) {
    const best = form.bids.reduce((top, b) => (b.expected > top.expected ? b : top));
    return [`${label}: pass; no bid scores above 0 on average (the best, ${best.bid}, expects ` +
      `${points(best.expected)})`];
  }
  const line = [`${label}: worth bidding up to ${worth.bid} (`, { trump: worth.trump },
    ` most often): ${worth.bid} makes ${percent(worth.make)} of the time, expected ${points(worth.expected)} points`];
  const otherName = Object.keys(answer.forms).find((n) => n !== name);
  if (otherName) {
    const there = answer.forms[otherName].bids.find((b) => b.bid === worth.bid);
    line.push(` (${FORM_LABELS[otherName].toLowerCase()}: ${points(there.expected)})`);
  }
  return line;
}

// The trumps chosen for a bid, most often first: [{suit: "C"}, " 96%, ", {suit: "H"}, " 4%"].
export function trumpShares(bid) {
  const shares = Object.entries(bid.trumps).sort((a, b) => b[1] - a[1]);
  return shares.flatMap(([suit, share], i) => [...(i ? [", "] : []), { suit }, ` ${percent(share)}`]);
}

// One row per bid of a form, as the panel writes it.
export function bidFigures(form) {
  return form.bids.map((b) => ({
    bid: b.bid, worth: b.bid === form.worth, make: percent(b.make),
    expected: points(b.expected), stderr: `±${decimal(b.stderr, 2)}`, tricks: decimal(b.mean_tricks, 2),
    trumps: trumpShares(b),
  }));
}

// --- Euchre: every call of both rounds -----------------------------------------------------------

// "order it up", "pick it up, discarding 9♠" (the dealer), "name ♥ hearts", each "alone" or not.
export function callWords(call, dealer) {
  const words = call.call === "order up" ? [dealer ? "pick it up" : "order it up"] : ["name ", { trump: call.trump }];
  if (call.alone) words.push(" alone");
  if (call.discard) words.push(", discarding ", { card: call.discard });
  return words;
}

// A round's advice: its best call (the dealer stuck with the last call says so), or pass.
export function roundLine(answer, round) {
  const calls = answer.calls.filter((c) => c.round === round);
  const title = round === 1 ? "First round" : "Second round";
  const dealer = answer.seat === answer.dealer;
  const pick = answer.best[String(round)];
  const best = pick && calls.find((c) => c.call === pick.call && c.alone === pick.alone);
  if (!best) {
    const top = calls.reduce((a, c) => (c.expected > a.expected ? c : a));
    return [`${title}: pass (the best call, `, ...callWords(top, dealer), `, expects ${points(top.expected)})`];
  }
  const must = best.expected <= 0 ? " (the dealer must call)" : "";
  return [`${title}: `, ...callWords(best, dealer), `${must}; it makes ${percent(best.make)} of the time, ` +
    `expected ${points(best.expected)} points`];
}

// One row per call, as the panel writes it; ``best``: the round's advice.
export function callFigures(answer) {
  const dealer = answer.seat === answer.dealer;
  return answer.calls.map((c) => {
    const pick = answer.best[String(c.round)];
    return {
      round: c.round, call: callWords(c, dealer), best: Boolean(pick && pick.call === c.call && pick.alone === c.alone),
      make: percent(c.make), march: percent(c.march), euchred: percent(c.euchred),
      expected: points(c.expected), stderr: `±${decimal(c.stderr, 2)}`,
    };
  });
}

// --- at the table: every option, the auction played out ----------------------------------------

// An option as a player says it: "pass", "bid up to 5 alone", "order it up", "name ♥ hearts",
// and a Euchre first-round pass with the seat's own second-round call.
export function optionWords(action, answer, partners) {
  if (answer.forms) {
    if (action.call === "pass") return ["pass"];
    const bid = action.alone ? action.call.slice(0, -" alone".length) : action.call;
    return [`bid up to ${bid}${partners ? (action.alone ? " alone" : " with the partner") : ""}`];
  }
  const dealer = answer.seat === answer.dealer;
  if (action.call === "pass") {
    if (!answer.second_round) return ["pass"];
    if (answer.second_round === "pass") return ["pass (pass again in the second round)"];
    return ["pass (then ", ...eventWords(answer.second_round, dealer), " in the second round)"];
  }
  return eventWords(action.call, dealer);
}

function eventWords(call, dealer) {
  const alone = call.endsWith(" alone");
  const bare = alone ? call.slice(0, -" alone".length) : call;
  const words = bare === "order up" ? [dealer ? "pick it up" : "order it up"] : ["name ", { trump: bare.slice(5) }];
  return alone ? [...words, " alone"] : words;
}

// The option worth most at the table (the first listed of equals), and passing's value:
// "bid up to 5 with the partner: expected +1.38 points for N-S; passing: −1.27 (E-W then make
// the hand 51% of the time)". Null without the model of the other players.
export function tableLine(answer, game) {
  if (!answer.actions || !answer.actions.length) return null;
  const close = closeCalls(answer);
  if (close.length > 1) return closeLine(answer, game, close);
  if (answer.score) return scoreLine(answer, game);
  const best = answer.actions.reduce((top, a) => (a.expected > top.expected ? a : top));
  const passing = answer.actions.find((a) => a.call === "pass");
  const ours = game.sides[answer.seat];
  const theirs = game.against[answer.seat];
  const words = optionWords(best, answer, game.partners);
  const first = typeof words[0] === "string" ? words[0][0].toUpperCase() + words[0].slice(1) : words[0];
  const line = [first, ...words.slice(1), `: expected ${points(best.expected)} points for ${ours}`];
  if (passing && passing !== best && passing.expected !== best.expected) {
    line.push(`; passing: ${points(passing.expected)} (${theirs.replace(" and ", " or ")} then ` +
      `make${game.partners ? "" : "s"} the hand ${percent(passing.theirs_make)} of the time)`);
  }
  return [...line, "."];
}

// The options within the sampling error of the best (the best first): none of them advice.
export function closeCalls(answer) {
  return (answer.close_calls || []).map((call) => answer.actions.find((a) => a.call === call)).filter(Boolean);
}

// "Bid up to 4 with the partner or pass: a close call (expected −1.50 and −2.02 points for N-S;
// the difference is within the sampling error)", as `hasen bid --seat` says it.
function closeLine(answer, game, close) {
  const ours = game.sides[answer.seat];
  const listed = (items, last) => (items.length === 1 ? items
    : [...items.slice(0, -1).flatMap((item, i) => (i ? [", ", ...item] : item)), ` ${last} `, ...items.at(-1)]);
  const what = listed(close.map((a) => optionWords(a, answer, game.partners)), "or");
  const first = typeof what[0] === "string" ? what[0][0].toUpperCase() + what[0].slice(1) : what[0];
  const wins = game.partners ? "win" : "wins";
  const detail = answer.score
    ? `${ours} ${wins} the game ${listed(close.map((a) => [percent(a.win)]), "and").join("")} of the time`
    : `expected ${listed(close.map((a) => [points(a.expected)]), "and").join("")} points for ${ours}`;
  const start = answer.score ? [`At ${scoreText(...answer.score)} (${scoreNames(answer, game)}): `, ...what]
    : [first, ...what.slice(1)];
  return [...start, `: a close call (${detail}; the difference is within the sampling error).`];
}

function scoreNames(answer, game) {
  return game.sideNames.map((name, i) => `${name} ${answer.score[i]}`).join(", ");
}

// With the score: the option that gives the side the best chance of winning the game, and the
// best by points where it is another, as `hasen bid --score` says it: "At 9-0 (N-S 9, E-W 0):
// bid up to 5 with the partner: N-S win the game 98% of the time (expected +5.31 points); by
// points alone bid up to 5 alone would be best (+7.66, winning 93%)."
function scoreLine(answer, game) {
  const find = (call) => answer.actions.find((a) => a.call === call);
  const best = find(answer.advice);
  const byPoints = find(answer.advice_by_points);
  const ours = game.sides[answer.seat];
  const words = optionWords(best, answer, game.partners);
  const line = [`At ${scoreText(...answer.score)} (${scoreNames(answer, game)}): `, ...words,
    `: ${ours} win${game.partners ? "" : "s"} the game ${percent(best.win)} of the time ` +
    `(expected ${points(best.expected)} points)`];
  if (byPoints && byPoints !== best) {
    line.push("; by points alone ", ...optionWords(byPoints, answer, game.partners),
      ` would be best (${points(byPoints.expected)}, winning ${percent(byPoints.win)})`);
  }
  return [...line, "."];
}

// "8-5" ("3-5-7" with three players), or "12 to -4" where a score is below 0.
export function scoreText(...scores) {
  return scores.join(Math.min(...scores) < 0 ? " to " : "-");
}

// One row per option, as the panel writes it; with the score, the side's chance of winning the game.
export function actionRows(answer, game) {
  return (answer.actions || []).map((a) => ({
    option: optionWords(a, answer, game.partners), expected: points(a.expected), stderr: `±${decimal(a.stderr, 2)}`,
    ours: percent(a.ours), oursMake: percent(a.ours_make), theirsMake: percent(a.theirs_make),
    best: closeCalls(answer).length > 1 ? closeCalls(answer).includes(a) : a.call === answer.advice,
    ...(a.win === undefined ? {} : { win: percent(a.win), winStderr: `±${decimal(100 * a.win_stderr, 1)}%` }),
  }));
}

// --- both ----------------------------------------------------------------------------------------

// The advice in a line or two: each form's (Hasenpfeffer), or each round's call (Euchre).
export function adviceLines(answer, game) {
  if (answer.forms) return Object.keys(answer.forms).map((name) => formLine(answer, name, game.partners));
  if (answer.nothing_to_decide) return [[`Nothing to decide: ${answer.nothing_to_decide}.`]];
  return [...new Set(answer.calls.map((c) => c.round))].map((round) => roundLine(answer, round));
}

function count(text) {
  return text ? text.split(/\s+/).filter(Boolean).length : 0;
}

const NUMBER_WORDS = { 5: "five", 6: "six", 7: "seven" };

// What the seat knew, and what was dealt at random over how many layouts: "Knowing only N's
// six cards and who deals (W): the widow and the other 18 cards are dealt at random ...".
export function adviceBasis(answer, game) {
  const held = count(answer.hand);
  const known = Object.entries(answer.known || {}).filter(([, cards]) => count(cards));
  const told = known.reduce((n, [, cards]) => n + count(cards), 0);
  const upcard = answer.upcard || null;
  const unseen = game.deck.length - held - (upcard ? 1 : 0) - told;
  const seen = [`Knowing only ${answer.seat}'s ${NUMBER_WORDS[held] || held} cards`];
  if (upcard) seen.push(", the upcard ", { card: upcard });
  for (const [seat, cards] of known) {
    seen.push(`, that ${seat} holds `, ...cards.split(/\s+/).flatMap((card, i) => (i ? [" ", { card }] : [{ card }])));
  }
  seen.push(` and who deals (${answer.dealer}): `);
  const rest = upcard ? `the other ${unseen} cards are` : `the ${game.extraCard} and the other ${unseen - 1} cards are`;
  const others = answer.model
    ? " After each option the auction goes on by the model of the other players (how a player bids knowing only " +
      "its own cards), and the contract it ends in is played out."
    : " What the other players bid is not used: every layout counts the same.";
  const lines = [[...seen, `${rest} dealt at random over ${answer.layouts} layouts (seed ${answer.seed}), each ` +
    `played out double dummy (every hand open, best play).${others}`]];
  if (answer.forms) {
    lines.push([`Trump and discard are chosen after the ${game.extraCard} is taken, on up to ` +
      `${answer.choice_layouts} other layouts for each card it can be (the choices plainly behind are dropped as ` +
      `the layouts come), so that the choice never sees the layout it is scored on.`]);
  } else if (answer.calls && answer.calls.some((c) => c.discard)) {
    lines.push([`The dealer's discard is chosen on up to ${answer.choice_layouts} other layouts (the discards ` +
      `plainly behind are dropped as the layouts come).`]);
  }
  return lines;
}
