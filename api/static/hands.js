// What the page works out from the API's answers and the server's facts, without the DOM:
// the hands of a canonical deal, the hands at the first lead, how a hand is sorted, a random
// deal, the review as a series of values. Everything comes in as arguments (``game``: one
// deck of one game, as api/page.py describes it; ``facts``: the page's facts), so that
// tests/web/test_page_js.py runs these functions under node.

// A hand in dotted form (spades.hearts.diamonds.clubs, "*" the Joker) as card names.
export function handCards(dotted, facts) {
  const cards = [];
  dotted.replace("*", "").split(".").forEach((ranks, i) => {
    for (const rank of ranks) cards.push(rank + facts.suits[i]);
  });
  if (dotted.includes("*")) cards.push(facts.joker);
  return cards;
}

// The API's canonical deal, "<seat>:<hand> ... <extra card>": one hand for each seat of the
// game, clockwise from the first (the dealer), then the widow or upcard.
export function parseDeal(text, game, facts) {
  const [first, rest] = text.split(":");
  const fields = rest.trim().split(/\s+/);
  const seats = game.seats;
  const start = seats.indexOf(first);
  if (start < 0 || fields.length !== seats.length + 1) throw new Error(`not a ${game.label} deal: ${text}`);
  const hands = {};
  for (let i = 0; i < seats.length; i++) hands[seats[(start + i) % seats.length]] = handCards(fields[i], facts);
  return { hands, extra: fields[seats.length] };
}

// Who took the widow or upcard: the declarer in Hasenpfeffer; in Euchre the dealer, when the
// API's answer has a discard (the dealer took the upcard); else nobody (null).
export function exchanger(game, contract) {
  if (contract.discard === null || contract.discard === undefined) return null;
  return game.exchanger === "declarer" ? contract.declarer : contract.dealer;
}

// The hands at the first lead: the exchanger adds the widow or upcard and puts the discard
// away; then in Railroad each lone player's call for best (``calls``: the API's "best" and
// "defender_best", "JK for 9C"), the partner's card passed and one put away. ``contract``:
// declarer, dealer, the discard and the lone defender in canonical form (the API's).
export function startingHands(parsed, game, contract, calls = {}) {
  const hands = {};
  for (const [seat, cards] of Object.entries(parsed.hands)) hands[seat] = [...cards];
  const seat = exchanger(game, contract);
  if (seat !== null) {
    const own = hands[seat];
    own.push(parsed.extra);
    move(own, contract.discard, null, seat);
  }
  for (const { caller, partner, passed, away } of callsMade(game, contract, calls)) {
    move(hands[partner], passed, hands[caller], partner);
    move(hands[caller], away, null, caller);
  }
  return hands;
}

// Each call for best made, in the order made (the lone declarer's, then a lone defender's):
// {caller, partner (who passed), passed, away (the card the caller put away)}.
export function callsMade(game, contract, calls = {}) {
  const made = [];
  for (const [key, caller] of [["best", contract.declarer], ["defender_best", contract.defender]]) {
    if (!calls[key] || !caller) continue;
    const [passed, away] = calls[key].split(" for ");
    made.push({ caller, partner: game.seats[(game.seats.indexOf(caller) + 2) % game.seats.length], passed, away });
  }
  return made;
}

// Take ``card`` out of ``from`` (``seat``'s cards) and into ``to`` (null: put away).
function move(from, card, to, seat) {
  const at = from.indexOf(card);
  if (at < 0) throw new Error(`${card} is not among ${seat}'s ${from.join(" ")}`);
  from.splice(at, 1);
  if (to) to.push(card);
}

// Cards sorted by ``order`` (every card name, in the order shown): the deck's canonical order
// before trump is known, the hand order for the trump (api/page.py's hand_order) after.
export function sortHand(cards, order) {
  const rank = new Map(order.map((card, i) => [card, i]));
  return [...cards].sort((a, b) => rank.get(a) - rank.get(b));
}

// The card order for a trump (null: the deck's own), flat, and the group (suit) of each card.
export function handOrder(game, facts, trump) {
  if (!trump) return { order: game.deck, group: new Map(game.deck.map((c) => [c, suitGroup(c, facts)])) };
  const groups = facts.handOrder[trump];
  const group = new Map();
  groups.forEach((cards, i) => { for (const card of cards) group.set(card, i); });
  return { order: groups.flat(), group };
}

function suitGroup(card, facts) {
  return card === facts.joker ? facts.suits.length : facts.suits.indexOf(card[1]);
}

// A hand in dotted form, ranks in the deck's order.
export function dottedHand(cards, game, facts) {
  const held = new Set(cards);
  const sections = facts.suits.split("").map((suit) =>
    game.deck.filter((c) => held.has(c) && c !== facts.joker && c[1] === suit).map((c) => c[0]).join(""));
  return sections.join(".") + (held.has(facts.joker) ? "*" : "");
}

// A deal string from hands by seat, starting with ``first``.
export function dealString(first, hands, extra, game, facts) {
  const seats = game.seats;
  const start = seats.indexOf(first);
  const fields = seats.map((_, i) => dottedHand(hands[seats[(start + i) % seats.length]], game, facts));
  return `${first}:${fields.join(" ")}${extra ? " " + extra : ""}`;
}

// A random deal of the game: the deck shuffled, a hand for each seat, the next card the widow
// or upcard, and a random dealer. ``random``: a function like Math.random.
export function randomDeal(game, facts, random = Math.random) {
  const deck = [...game.deck];
  for (let i = deck.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [deck[i], deck[j]] = [deck[j], deck[i]];
  }
  const hands = {};
  game.seats.forEach((seat, i) => { hands[seat] = deck.slice(i * game.handSize, (i + 1) * game.handSize); });
  const dealer = game.seats[Math.floor(random() * game.seats.length)];
  return { deal: dealString(dealer, hands, deck[game.seats.length * game.handSize], game, facts), dealer };
}

// The review as a series: the declaring side's double-dummy tricks for the hand before the
// first card and after each card ({cards, value, cost}: ``cards`` played; ``cost`` of the last).
export function valueSeries(review) {
  if (!review.cards.length) return [{ cards: 0, value: review.total, cost: 0 }];
  return [{ cards: 0, value: review.cards[0].before, cost: 0 },
    ...review.cards.map((card, i) => ({ cards: i + 1, value: card.after, cost: card.cost }))];
}

// The tricks the declaring side has won after each card of the review (0 before the first).
export function wonSeries(review, game, declarer) {
  const side = game.sides[declarer];
  const won = [0];
  let taken = 0;
  review.cards.forEach((card, i) => {
    const next = review.cards[i + 1];
    const done = review.tricks[card.trick - 1];
    if (done && (!next || next.trick !== card.trick) && game.sides[done.winner] === side) taken += 1;
    won.push(taken);
  });
  return won;
}

// In a Euchre table, a trump where the dealer takes the upcard has the makers' tricks after
// each of the dealer's discards and the dealer's choice as ``value``: the discard the dealer
// makes is the first in canonical order that gives it (docs/rules.md).
export function dealerChoice(entry) {
  return discardsOf(entry).find((card) => entry[card] === entry.value);
}

// The dealer's discards a Euchre table's entry gives the tricks after (none: nobody takes the
// upcard); its other keys are the value and, in Railroad, the calls for best.
export function discardsOf(entry) {
  return typeof entry === "object" ? Object.keys(entry).filter((key) => !ENTRY_KEYS.includes(key)) : [];
}

const CALL_KEYS = ["best", "defender_best"];  // the API's keys of the calls for best
const ENTRY_KEYS = ["value", ...CALL_KEYS];

// The calls for best a Railroad entry makes (the API's keys), none elsewhere.
export function entryCalls(entry) {
  const calls = {};
  for (const key of CALL_KEYS) if (typeof entry === "object" && entry[key]) calls[key] = entry[key];
  return calls;
}
