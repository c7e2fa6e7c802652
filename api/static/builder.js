// Build a deal card by card: pick a seat, click its cards. In Hasenpfeffer the card nobody
// holds is the widow; in Euchre the upcard is picked like a seat's cards, and the cards left
// are the stock. The result is a deal string in the notation, checked by the server like any
// other.

import { FACTS, cardElement, game } from "./cards.js";
import { dealString } from "./hands.js";

export class DealBuilder {
  constructor(root, onUse) {
    this.root = root;
    this.onUse = onUse;
    root.querySelector("#builder-use").addEventListener("click", () => this.onUse(this.dealString()));
    root.querySelector("#builder-clear").addEventListener("click", () => { this.holder = {}; this.render(); });
    this.reset();
  }

  // Empty, for the game being played.
  reset() {
    this.holder = {};  // card -> seat, or the extra card's name ("upcard")
    this.active = game().seats[0];
    this.render();
  }

  // The places cards go: each seat, then the upcard when it must be picked.
  places() {
    const seats = game().seats;
    return game().extraOptional ? seats : [...seats, game().extraCard];
  }

  capacity(place) {
    return game().seats.includes(place) ? game().handSize : 1;
  }

  // Start from a deal already shown (canonical hands by seat and the extra card).
  load(deal) {
    this.holder = {};
    for (const [seat, cards] of Object.entries(deal.hands)) for (const card of cards) this.holder[card] = seat;
    if (!game().extraOptional) this.holder[deal.extra] = game().extraCard;
    this.render();
  }

  held(place) {
    return game().deck.filter((card) => this.holder[card] === place);
  }

  complete() {
    return this.places().every((place) => this.held(place).length === this.capacity(place));
  }

  extra() {
    if (!game().extraOptional) return this.held(game().extraCard)[0];
    return game().deck.find((card) => !this.holder[card]);
  }

  dealString() {
    const hands = {};
    for (const seat of game().seats) hands[seat] = this.held(seat);
    return dealString(game().seats[0], hands, this.extra(), game(), FACTS);
  }

  toggle(card) {
    if (this.holder[card] === this.active) {
      delete this.holder[card];
    } else if (this.held(this.active).length < this.capacity(this.active)) {
      this.holder[card] = this.active;
      if (this.held(this.active).length === this.capacity(this.active)) {
        // on to the next place that still needs cards
        const places = this.places();
        const next = places.map((_, step) => places[(places.indexOf(this.active) + step + 1) % places.length])
          .find((place) => this.held(place).length < this.capacity(place));
        if (next) this.active = next;
      }
    }
    this.render();
  }

  render() {
    const seats = this.root.querySelector("#builder-seats");
    seats.replaceChildren();
    for (const place of this.places()) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "seat-pick" + (place === this.active ? " active" : "");
      button.dataset.place = place;
      button.textContent = `${place} ${this.held(place).length}/${this.capacity(place)}`;
      button.addEventListener("click", () => { this.active = place; this.render(); });
      seats.append(button);
    }
    const deck = this.root.querySelector("#builder-deck");
    deck.replaceChildren();
    // one row per suit, the Joker after the clubs
    for (const suit of FACTS.suits) {
      const row = document.createElement("div");
      row.className = "builder-suit";
      const cards = game().deck.filter((card) => card[1] === suit || (suit === "C" && card === FACTS.joker));
      for (const card of cards) {
        const el = cardElement(card, { button: true });
        const place = this.holder[card];
        if (place) {
          el.classList.add("assigned");
          el.dataset.holder = game().seats.includes(place) ? place : "↑";
        }
        el.addEventListener("click", () => this.toggle(card));
        row.append(el);
      }
      deck.append(row);
    }
    const done = this.complete();
    this.root.querySelector("#builder-use").disabled = !done;
    const left = game().deck.filter((card) => !this.holder[card]).length;
    const extra = game().extraCard;
    let status;
    if (done) {
      status = `${extra}: ${this.extra()}` + (game().extraOptional ? "" : `; ${left} cards left in the stock`);
    } else if (game().extraOptional) {
      status = `${left} cards not dealt yet; the last one left is the ${extra}`;
    } else {
      status = `pick each hand's cards, then the ${extra}; the cards left over are the stock`;
    }
    this.root.querySelector("#builder-status").textContent = status;
  }
}
