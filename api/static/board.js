// The table seen from above: N at the top, S at the bottom, W left, E right, the trick in
// the middle. In play, the seat to move has its legal cards raised, each with its value.

import { FACTS, cardElement, cardText, cardWords, nextSeat, sortCards } from "./cards.js";

function seatLabel(seat, tags) {
  const label = document.createElement("div");
  label.className = "seat-label";
  const name = document.createElement("strong");
  name.textContent = seat;
  label.append(name);
  for (const tag of tags) {
    const span = document.createElement("span");
    span.className = `tag tag-${tag.replace(/\s+/g, "-")}`;
    span.textContent = tag;
    label.append(span);
  }
  return label;
}

function handRow(cards, decorate) {
  const row = document.createElement("div");
  row.className = "hand";
  for (const card of sortCards(cards)) row.append(decorate(card));
  if (!cards.length) {
    const none = document.createElement("span");
    none.className = "hint";
    none.textContent = "no cards left";
    row.append(none);
  }
  return row;
}

// Before a contract: the four hands as dealt, and the widow face up in the middle.
export function renderDeal(board, deal, dealer, declarer) {
  for (const area of board.querySelectorAll(".seat-area")) {
    const seat = area.dataset.seat;
    const tags = [];
    if (seat === dealer) tags.push("dealer");
    if (seat === declarer) tags.push("declarer");
    area.className = "seat-area";
    area.replaceChildren(seatLabel(seat, tags), handRow(deal.hands[seat], (card) => cardElement(card)));
  }
  const trick = board.querySelector("#trick");
  trick.replaceChildren();
  const widow = document.createElement("div");
  widow.className = "widow";
  widow.append("widow ", cardElement(deal.widow));
  trick.append(widow);
}

// A position in the play. ``view``: hands (seat -> cards held now), playing (seats),
// dealer, declarer, discard, toMove (null when over), choices (card -> {total, cost}),
// trick ([{seat, card}] of the trick being played), lastTrick ({cards, winner} or null),
// side (the declaring side's name), onPlay(card).
export function renderPosition(board, view) {
  for (const area of board.querySelectorAll(".seat-area")) {
    const seat = area.dataset.seat;
    const tags = [];
    if (seat === view.dealer) tags.push("dealer");
    if (seat === view.declarer) tags.push("declarer");
    const idle = !view.playing.includes(seat);
    if (idle) tags.push("sits out");
    const moving = seat === view.toMove;
    if (moving) tags.push("to play");
    area.className = "seat-area" + (moving ? " moving" : "") + (idle ? " idle" : "");
    const row = handRow(view.hands[seat], (card) => {
      const choice = moving ? view.choices[card] : undefined;
      if (!choice) {
        const el = cardElement(card);
        if (moving) el.classList.add("not-legal");
        return el;
      }
      const el = cardElement(card, { button: true });
      el.classList.add("legal", choice.cost ? "costly" : "best");
      el.dataset.total = String(choice.total);
      el.dataset.cost = String(choice.cost);
      const badge = document.createElement("span");
      badge.className = "badge " + (choice.cost ? "costly" : "best");
      badge.textContent = String(choice.total);
      el.append(badge);
      const effect = choice.cost ? `gives ${choice.cost} trick${choice.cost > 1 ? "s" : ""} away` : "a best card";
      el.title = `${cardWords(card)}: ${view.side} take ${choice.total} after it; ${effect}`;
      el.addEventListener("click", () => view.onPlay(card));
      return el;
    });
    area.replaceChildren(seatLabel(seat, tags), row);
    if (seat === view.declarer) {
      const note = document.createElement("div");
      note.className = "discard-note";
      note.append("discarded ", cardText(view.discard));
      area.append(note);
    }
  }
  renderTrick(board.querySelector("#trick"), view);
}

function renderTrick(area, view) {
  area.replaceChildren();
  const shown = view.trick.length ? view.trick : view.lastTrick ? view.lastTrick.cards : [];
  const table = document.createElement("div");
  table.className = "trick-cards" + (view.trick.length ? "" : " done");
  for (const { seat, card } of shown) {
    const el = cardElement(card);
    el.classList.add(`at-${seat}`);
    if (!view.trick.length && view.lastTrick.winner === seat) el.classList.add("winner");
    table.append(el);
  }
  area.append(table);
  if (!view.trick.length && view.lastTrick) {
    const caption = document.createElement("div");
    caption.className = "trick-caption";
    caption.textContent = `trick ${view.lastTrick.number} won by ${view.lastTrick.winner}`;
    area.append(caption);
  }
}

// The declaring side's name ("N-S"): the declarer and the seat opposite, in seat order.
export function sideName(declarer) {
  return [declarer, nextSeat(declarer, 2)]
    .sort((a, b) => FACTS.seats.indexOf(a) - FACTS.seats.indexOf(b)).join("-");
}
