// Build a deal card by card: pick a seat, click its cards; the card nobody holds is the
// widow. The result is a deal string in the notation, checked by the server like any other.

import { FACTS, cardElement, dottedHand, nextSeat } from "./cards.js";

export class DealBuilder {
  constructor(root, onUse) {
    this.root = root;
    this.onUse = onUse;
    this.holder = {};  // card -> seat
    this.active = FACTS.seats[0];
    root.querySelector("#builder-use").addEventListener("click", () => this.onUse(this.dealString()));
    root.querySelector("#builder-clear").addEventListener("click", () => { this.holder = {}; this.render(); });
    this.render();
  }

  // Start from a deal already shown (canonical hands by seat).
  load(hands) {
    this.holder = {};
    for (const [seat, cards] of Object.entries(hands)) for (const card of cards) this.holder[card] = seat;
    this.render();
  }

  held(seat) {
    return FACTS.deck.filter((card) => this.holder[card] === seat);
  }

  complete() {
    return FACTS.seats.split("").every((seat) => this.held(seat).length === FACTS.handSize);
  }

  dealString() {
    const hands = FACTS.seats.split("").map((seat) => dottedHand(this.held(seat)));
    const widow = FACTS.deck.filter((card) => !this.holder[card]);
    return `${FACTS.seats[0]}:${hands.join(" ")} ${widow.join(" ")}`.trim();
  }

  toggle(card) {
    if (this.holder[card] === this.active) {
      delete this.holder[card];
    } else if (this.held(this.active).length < FACTS.handSize) {
      this.holder[card] = this.active;
      if (this.held(this.active).length === FACTS.handSize) {
        // on to the next seat that still needs cards
        for (let step = 1; step < FACTS.seats.length; step++) {
          const seat = nextSeat(this.active, step);
          if (this.held(seat).length < FACTS.handSize) { this.active = seat; break; }
        }
      }
    }
    this.render();
  }

  render() {
    const seats = this.root.querySelector("#builder-seats");
    seats.replaceChildren();
    for (const seat of FACTS.seats) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "seat-pick" + (seat === this.active ? " active" : "");
      button.textContent = `${seat} ${this.held(seat).length}/${FACTS.handSize}`;
      button.addEventListener("click", () => { this.active = seat; this.render(); });
      seats.append(button);
    }
    const deck = this.root.querySelector("#builder-deck");
    deck.replaceChildren();
    for (const card of FACTS.deck) {
      const el = cardElement(card, { button: true });
      const seat = this.holder[card];
      if (seat) {
        el.classList.add("assigned");
        el.dataset.holder = seat;
      }
      el.addEventListener("click", () => this.toggle(card));
      deck.append(el);
    }
    const done = this.complete();
    this.root.querySelector("#builder-use").disabled = !done;
    const left = FACTS.deck.filter((card) => !this.holder[card]).length;
    this.root.querySelector("#builder-status").textContent = done
      ? `widow: ${FACTS.deck.find((card) => !this.holder[card])}`
      : `${left} cards not dealt yet; the last one left is the widow`;
  }
}
