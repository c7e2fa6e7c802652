// Cards as the page shows them, and the game being played. The facts (seats, suits, every
// game's decks, hands and seats, the hand order for each trump) come from the server,
// written once in the solver (api/page.py).

import { handOrder, parseDeal, sortHand } from "./hands.js";
import { cardLabel, rankLabel } from "./words.js";

export const FACTS = JSON.parse(document.getElementById("facts").textContent);

const JOKER = FACTS.joker;

// --- the game being played ---------------------------------------------------------------

let current = { name: FACTS.defaultGame, deck: FACTS.games[FACTS.defaultGame].defaultDeck };

// Play ``name`` with ``deck`` cards (default: its first deck); false if there is no such game.
export function useGame(name, deck) {
  const game = FACTS.games[name];
  if (!game) return false;
  const size = deck || game.defaultDeck;
  if (!game.decks[size]) return false;
  current = { name, deck: size };
  return true;
}

export function gameName() {
  return current.name;
}

export function deckSize() {
  return current.deck;
}

// One deck of the game being played: api/page.py's variant_facts.
export function game() {
  return FACTS.games[current.name].decks[current.deck];
}

export function parseCanonicalDeal(text) {
  return parseDeal(text, game(), FACTS);
}

// Cards in the deck's (canonical) order, or in the hand order for ``trump``.
export function sortCards(cards, trump = null) {
  return sortHand(cards, handOrder(game(), FACTS, trump).order);
}

// The suit group of each card (``trump`` as for sortCards): the hands leave a gap between groups.
export function cardGroups(trump = null) {
  return handOrder(game(), FACTS, trump).group;
}

// --- cards --------------------------------------------------------------------------------

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
    const rank = rankLabel(card[0]);
    el.classList.add(isRed(card) ? "red" : "black");
    el.innerHTML = `<span class="rank">${rank}</span><span class="pip">${suitSymbol(card[1])}</span>`;
  }
  el.setAttribute("aria-label", cardWords(card));
  return el;
}

export function cardWords(card) {
  if (card === JOKER) return "Joker";
  return `${rankLabel(card[0])} of ${suitName(card[1])}`;
}

// A card name with a coloured suit symbol, for running text.
export function cardText(card) {
  const el = document.createElement("span");
  el.className = "card-text";
  if (card === JOKER) {
    el.textContent = "JK";
    el.classList.add("joker");
  } else {
    el.textContent = cardLabel(card, FACTS);
    el.classList.add(isRed(card) ? "red" : "black");
  }
  return el;
}

// A trump as its symbol and name: "♣ clubs".
export function trumpText(suit) {
  const el = document.createElement("span");
  el.className = `trump-text suit-${suit}`;
  el.textContent = `${suitSymbol(suit)} ${suitName(suit)}`;
  return el;
}

// A suit's symbol alone, coloured: "♣".
export function suitText(suit) {
  const el = document.createElement("span");
  el.className = `trump-text suit-${suit}`;
  el.textContent = suitSymbol(suit);
  el.title = suitName(suit);
  return el;
}

// A sentence of words.js's pieces: its cards, trumps and suits drawn coloured.
export function piecesNode(pieces) {
  const fragment = document.createDocumentFragment();
  for (const piece of pieces) {
    if (typeof piece === "string") fragment.append(piece);
    else if (piece.card !== undefined) fragment.append(cardText(piece.card));
    else fragment.append(piece.trump !== undefined ? trumpText(piece.trump) : suitText(piece.suit));
  }
  return fragment;
}

export function nextSeat(seat, step = 1) {
  const seats = FACTS.seats;
  return seats[(seats.indexOf(seat) + step + seats.length) % seats.length];
}

// A side's name ("N-S", or "S" in a game without partners) with a verb agreeing with it.
export function sideName(seat) {
  return game().sides[seat];
}

// The side against ``seat``'s: with three players each for themselves, the other two together.
export function otherSide(seat) {
  return game().against[seat];
}

export function verb(plural, singular) {
  return game().partners ? plural : singular;
}
