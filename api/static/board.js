// The table seen from above: N at the top, S at the bottom, W left, E right, the trick in
// the middle, and a banner with the contract and the tricks won. In play, the seat to move
// has its legal cards raised, each with its value; once trump is known every hand shows its
// trumps first, the bowers (and the Joker) among them.

import {
  cardElement, cardGroups, cardText, cardWords, game, sortCards, trumpText, verb,
} from "./cards.js";
import { callsMade } from "./hands.js";

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

// A hand, sorted for ``trump`` (null: the deck's order), with a gap between suits.
function handRow(cards, trump, decorate) {
  const row = document.createElement("div");
  row.className = "hand";
  const groups = cardGroups(trump);
  let last = null;
  for (const card of sortCards(cards, trump)) {
    const el = decorate(card);
    if (last !== null && groups.get(card) !== last) el.classList.add("new-suit");
    if (trump && groups.get(card) === 0) el.classList.add("trump");
    last = groups.get(card);
    row.append(el);
  }
  if (!cards.length) {
    const none = document.createElement("span");
    none.className = "hint";
    none.textContent = "no cards left";
    row.append(none);
  }
  return row;
}

function roleTags(seat, view) {
  const tags = [];
  if (seat === view.dealer) tags.push("dealer");
  if (seat === view.declarer) tags.push(game().exchanger === "dealer" ? "maker" : "declarer");
  return tags;
}

// A seat that holds no hand in this game (E and W in Two-handed Euchre): an empty place.
function absent(area) {
  area.className = "seat-area absent";
  area.replaceChildren();
}

// Before a contract: the hands as dealt, and the widow or upcard face up in the middle.
export function renderDeal(board, deal, dealer, declarer) {
  board.querySelector("#banner").hidden = true;
  for (const area of board.querySelectorAll(".seat-area")) {
    const seat = area.dataset.seat;
    if (!game().seats.includes(seat)) {
      absent(area);
      continue;
    }
    area.className = "seat-area";
    area.replaceChildren(seatLabel(seat, roleTags(seat, { dealer, declarer })),
      handRow(deal.hands[seat], null, (card) => cardElement(card)));
  }
  const trick = board.querySelector("#trick");
  trick.replaceChildren();
  const extra = document.createElement("div");
  extra.className = "extra-card";
  extra.dataset.role = game().extraCard;
  extra.append(`${game().extraCard} `, cardElement(deal.extra));
  trick.append(extra);
}

// A position in the play. ``view``: hands (seat -> cards held now), playing (seats),
// dealer, declarer, trump, discard (null when nobody took the upcard), exchanger (the seat
// that took the widow or upcard, or null), extra (the widow or upcard), toMove (null when
// over), choices (card -> {total, cost}), trick ([{seat, card}] of the trick being played),
// lastTrick ({cards, winner} or null), side (the declaring side's name), other (the other
// side's), taken and lost (tricks won by each), alone, defender (a lone defender or null),
// calls (Railroad: the API's "best" and "defender_best" made, "JK for 9C"), onPlay(card).
export function renderPosition(board, view) {
  renderBanner(board.querySelector("#banner"), view);
  for (const area of board.querySelectorAll(".seat-area")) {
    const seat = area.dataset.seat;
    if (!game().seats.includes(seat)) {
      absent(area);
      continue;
    }
    const tags = roleTags(seat, view);
    const idle = !view.playing.includes(seat);
    if (idle) tags.push("sits out");
    const moving = seat === view.toMove;
    if (moving) tags.push("to play");
    area.className = "seat-area" + (moving ? " moving" : "") + (idle ? " idle" : "");
    const row = handRow(view.hands[seat], view.trump, (card) => {
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
      el.title = `${cardWords(card)}: ${view.side} ${verb("take", "takes")} ${choice.total} after it; ${effect}`;
      el.addEventListener("click", () => view.onPlay(card));
      return el;
    });
    area.replaceChildren(seatLabel(seat, tags), row);
    if (seat === view.exchanger) {
      const note = document.createElement("div");
      note.className = "discard-note";
      if (game().exchanger === "dealer") note.append("took up ", cardText(view.extra), " · ");
      note.append("discarded ", cardText(view.discard));
      area.append(note);
    }
  }
  renderTrick(board.querySelector("#trick"), view);
}

// The banner across the top of the table: the contract, and the tricks each side has won.
function renderBanner(banner, view) {
  banner.hidden = false;
  const contract = document.createElement("div");
  contract.className = "banner-contract";
  const who = document.createElement("strong");
  who.textContent = view.declarer;
  const role = game().exchanger === "dealer" ? "makes" : "declares";
  contract.append(who, ` ${role} `, trumpText(view.trump));
  if (view.alone) contract.append(" alone");
  if (view.defender) contract.append(` against ${view.defender} alone`);
  if (game().exchanger === "declarer") {
    contract.append(" · discard ", cardText(view.discard));
  } else if (view.exchanger) {
    contract.append(` · ${view.exchanger} took up `, cardText(view.extra), ", discarded ", cardText(view.discard));
  } else {
    contract.append(" · upcard ", cardText(view.extra), " turned down");
  }
  // Railroad: each lone player's call for the partner's best card
  for (const { caller, partner, passed, away } of callsMade(game(), view, view.calls)) {
    contract.append(` · ${partner} passed `, cardText(passed), `, ${caller} put away `, cardText(away));
  }
  const tricks = document.createElement("div");
  tricks.className = "banner-tricks";
  tricks.dataset.taken = String(view.taken);
  tricks.dataset.lost = String(view.lost);
  tricks.append("tricks ");
  for (const [name, count, cls] of [[view.side, view.taken, "ours"], [view.other, view.lost, "theirs"]]) {
    const score = document.createElement("span");
    score.className = `banner-score ${cls}`;
    const number = document.createElement("b");
    number.textContent = String(count);
    score.append(`${name} `, number);
    tricks.append(score);
  }
  banner.replaceChildren(contract, tricks);
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
