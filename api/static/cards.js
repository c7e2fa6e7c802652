// Cards as the page shows them, and the canonical deal string the API answers with.
// The facts (seats, suits, the deck) come from the server, written once in the solver.

export const FACTS = JSON.parse(document.getElementById("facts").textContent);

const JOKER = "JK";
const RANK_LABELS = { T: "10" };  // people read "10"; the notation writes "T"

export function suitOf(card) {
  return card === JOKER ? null : card[1];
}

export function isRed(card) {
  return FACTS.redSuits.includes(suitOf(card));
}

export function suitSymbol(suit) {
  return FACTS.suitSymbols[FACTS.suits.indexOf(suit)];
}

export function suitName(suit) {
  return FACTS.suitNames[FACTS.suits.indexOf(suit)];
}

// A card as a small white card: rank over a big suit symbol, red for hearts and diamonds.
export function cardElement(card, options = {}) {
  const el = document.createElement(options.button ? "button" : "span");
  if (options.button) el.type = "button";
  el.className = "card";
  el.dataset.card = card;
  if (card === JOKER) {
    el.classList.add("joker");
    el.innerHTML = '<span class="rank">JK</span><span class="pip">★</span>';
  } else {
    const rank = RANK_LABELS[card[0]] || card[0];
    el.classList.add(isRed(card) ? "red" : "black");
    el.innerHTML = `<span class="rank">${rank}</span><span class="pip">${suitSymbol(card[1])}</span>`;
  }
  el.setAttribute("aria-label", cardWords(card));
  return el;
}

export function cardWords(card) {
  if (card === JOKER) return "Joker";
  const rank = RANK_LABELS[card[0]] || card[0];
  return `${rank} of ${suitName(card[1])}`;
}

// A card name with a coloured suit symbol, for running text.
export function cardText(card) {
  const el = document.createElement("span");
  el.className = "card-text";
  if (card === JOKER) {
    el.textContent = "JK";
    el.classList.add("joker");
  } else {
    el.textContent = (RANK_LABELS[card[0]] || card[0]) + suitSymbol(card[1]);
    el.classList.add(isRed(card) ? "red" : "black");
  }
  return el;
}

function handCards(dotted) {
  const cards = [];
  const joker = dotted.includes("*");
  dotted.replace("*", "").split(".").forEach((ranks, i) => {
    for (const rank of ranks) cards.push(rank + FACTS.suits[i]);
  });
  if (joker) cards.push(JOKER);
  return cards;
}

// The API's canonical deal: "<seat>:<hand> <hand> <hand> <hand> <widow>", hands clockwise.
export function parseCanonicalDeal(text) {
  const [first, rest] = text.split(":");
  const fields = rest.trim().split(/\s+/);
  const start = FACTS.seats.indexOf(first);
  const hands = {};
  for (let i = 0; i < FACTS.seats.length; i++) {
    hands[FACTS.seats[(start + i) % FACTS.seats.length]] = handCards(fields[i]);
  }
  return { hands, widow: fields[FACTS.seats.length] };
}

// Cards in the deck's (canonical) order.
export function sortCards(cards) {
  return [...cards].sort((a, b) => FACTS.deck.indexOf(a) - FACTS.deck.indexOf(b));
}

// A hand in dotted form, for the deal builder.
export function dottedHand(cards) {
  const bySuit = FACTS.suits.split("").map((suit) =>
    sortCards(cards.filter((c) => suitOf(c) === suit)).map((c) => c[0]).join(""));
  return bySuit.join(".") + (cards.includes(JOKER) ? "*" : "");
}

export function nextSeat(seat, step = 1) {
  const seats = FACTS.seats;
  return seats[(seats.indexOf(seat) + step + seats.length) % seats.length];
}
