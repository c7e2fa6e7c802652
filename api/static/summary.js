// The play log (trick by trick, costly cards marked; with a fair review, each card's verdict
// single dummy beside its verdict double dummy) and the review summary: the contract against
// the best, each player's cards and tricks given away.

import { cardText, game, suitName, suitSymbol, verb } from "./cards.js";
import { verdictLine } from "./fairpanel.js";

function lostText(cost) {
  return `${cost} trick${cost > 1 ? "s" : ""} given away`;
}

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

// ``review``: the API's review of the whole record; ``at``: cards played in the position
// shown (later ones are ahead of it); onJump(index): show the position before card index.
// ``fair``: the fair review's cards that the record begins with (fairpanel.js), or none.
export function renderLog(container, review, at, side, onJump, fair = []) {
  container.replaceChildren();
  if (!review.cards.length) {
    container.append(el("p", "hint", "No cards played yet: tap a raised card, or Forward for a best card."));
    return;
  }
  const table = el("table", "log-table");
  const head = table.createTHead().insertRow();
  for (const title of ["trick", "lead", "cards (tap one to go back to it)", "won by", side]) {
    head.append(el("th", "", title));
  }
  const body = table.createTBody();
  const byTrick = new Map();
  review.cards.forEach((card, index) => {
    if (!byTrick.has(card.trick)) byTrick.set(card.trick, []);
    byTrick.get(card.trick).push({ ...card, index });
  });
  for (const [number, cards] of byTrick) {
    const row = body.insertRow();
    if (cards[0].index >= at) row.className = "ahead";  // not played yet in the position shown
    row.append(el("td", "num", String(number)), el("td", "", cards[0].seat));
    const cell = row.insertCell();
    cell.className = "log-cards";
    for (const card of cards) {
      const button = el("button", "log-card");
      button.type = "button";
      button.dataset.index = String(card.index);
      button.dataset.card = card.card;
      button.dataset.cost = String(card.cost);
      if (card.cost) button.classList.add("costly");
      const judged = fair[card.index];
      if (judged) {
        button.dataset.verdict = judged.verdict;
        if (judged.verdict === "mistake") button.classList.add("sd-mistake");
      }
      if (card.index >= at) button.classList.add("ahead");
      if (card.index === at - 1) button.classList.add("current");
      button.append(el("span", "log-seat", card.seat), cardText(card.card));
      if (card.cost) button.append(el("sup", "cost", `−${card.cost}`));
      button.title = `${card.seat} played ${card.card}: ${side} ${card.before} → ${card.after}` +
        (card.cost ? ` (${lostText(card.cost)})` : "") + ". Click: the position before it.";
      button.addEventListener("click", () => onJump(card.index));
      cell.append(button);
    }
    const done = review.tricks[number - 1];
    row.append(el("td", "", done ? done.winner : "–"), el("td", "num", String(cards[cards.length - 1].after)));
    const judged = cards.filter((card) => fair[card.index]);
    if (judged.length) body.append(verdictRow(judged, fair, at, onJump));
  }
  container.append(table);
}

// Under a trick, each of its cards judged twice: what its player could know, and every hand open.
function verdictRow(cards, fair, at, onJump) {
  const row = document.createElement("tr");
  row.className = "log-verdicts" + (cards[0].index >= at ? " ahead" : "");
  const cell = row.insertCell();
  cell.colSpan = 5;
  const list = el("ul", "verdict-list");
  for (const card of cards) {
    const judged = fair[card.index];
    const item = el("li", `verdict-${judged.verdict.replace(/ /g, "-")}`);
    item.dataset.index = String(card.index);
    item.dataset.card = card.card;
    item.dataset.verdict = judged.verdict;
    const who = el("button", "link verdict-card");
    who.type = "button";
    who.append(`${card.seat} `, cardText(card.card));
    who.title = "Click: the position before it";
    who.addEventListener("click", () => onJump(card.index));
    item.append(who, ": ", verdictLine(judged));
    list.append(item);
  }
  cell.append(list);
  return row;
}

// The summary is of the whole record, not of the position on view (``at`` of its cards):
// it says so, and says where the board stands in it when that is not at the end.
// ``entry``: in Euchre, the chosen trump in the maker's table (see euchreVerdict).
export function renderSummary(container, review, at, side, onJump, entry) {
  container.replaceChildren();
  container.append(game().exchanger === "dealer" ? euchreVerdict(review, entry, side) : declarerVerdict(review));
  const contract = review.contract;
  const played = review.cards.length;
  const cards = `${played} card${played === 1 ? "" : "s"}`;
  const result = el("p", "result");
  result.dataset.cards = String(played);
  if (!played) {
    result.textContent = `The played record: no cards yet; ${side} ${verb("take", "takes")} ${review.total} ` +
      "with best play.";
  } else if (review.complete) {
    result.textContent = `The played record, all ${cards}: ${side} took ${review.taken} tricks ` +
      `(the contract was worth ${contract.tricks}).`;
  } else {
    result.textContent = `The played record: ${cards}; ${side} ${verb("take", "takes")} ${review.total} ` +
      "with best play after its last card.";
  }
  container.append(result);
  if (!played) return;
  if (at < played) {
    const position = at ? `after ${at} of these ${cards}` : "before the first of them";
    const where = el("p", "hint on-view", `The board shows the position ${position}; ` +
      `the counts below are for all ${played}.`);
    where.dataset.at = String(at);
    container.append(where);
  }

  const table = el("table", "players");
  const head = table.createTHead().insertRow();
  for (const title of ["player", "cards", "costly", "tricks lost"]) head.append(el("th", "", title));
  const body = table.createTBody();
  for (const [seat, p] of Object.entries(review.players)) {
    const row = body.insertRow();
    row.dataset.seat = seat;
    if (p.tricks_lost) row.className = "costly";
    for (const value of [seat, p.cards, p.costly, p.tricks_lost]) row.append(el("td", "", String(value)));
  }
  container.append(table);

  const costly = review.cards.map((card, index) => ({ ...card, index })).filter((card) => card.cost);
  if (!costly.length) {
    container.append(el("p", "hint", "No card gave a trick away."));
    return;
  }
  const list = el("ul", "costly-list");
  for (const card of costly) {
    const item = el("li");
    const link = el("button", "link");
    link.type = "button";
    link.addEventListener("click", () => onJump(card.index));
    link.append(`trick ${card.trick}, ${card.seat} `, cardText(card.card));
    const best = card.choices.filter((c) => c.cost === 0).flatMap((c) => c.cards);
    item.append(link, `: ${side} ${card.before} → ${card.after}, ${lostText(card.cost)}; best: `);
    best.forEach((b, i) => item.append(...(i ? [" ", cardText(b)] : [cardText(b)])));
    list.append(item);
  }
  container.append(list);
}

// Hasenpfeffer: the declarer's trump and discard against the best cell of the table.
function declarerVerdict(review) {
  const contract = review.contract;
  const chosen = el("p", "verdict " + (contract.cost ? "costly" : "best"));
  chosen.append(`${suitSymbol(review.trump)} ${suitName(review.trump)}, discard `, cardText(review.discard),
    `: ${contract.tricks} tricks double-dummy`);
  if (contract.cost) {
    chosen.append(`; best: ${suitSymbol(contract.best.trump)} ${suitName(contract.best.trump)}, discard `,
      cardText(contract.best.discard), `, ${contract.best.tricks} tricks (${lostText(contract.cost)}).`);
  } else {
    chosen.append(" — the best choice.");
  }
  return chosen;
}

// Euchre: the maker's trump against the best trump, each with the dealer's best discard; then
// the dealer's discard, if the dealer took the upcard, against the dealer's best. ``entry``:
// the chosen trump in the maker's table ({value, discard}: the dealer's best discard, or null).
function euchreVerdict(review, entry, side) {
  const contract = review.contract;
  const box = el("div", "verdict-box");
  const chosen = el("p", "verdict " + (contract.cost ? "costly" : "best"));
  chosen.append(`${review.declarer} makes ${suitSymbol(review.trump)} ${suitName(review.trump)}: ` +
    `${entry.value} tricks double-dummy${entry.discard ? " with the dealer's best discard" : ""}`);
  if (contract.cost) {
    chosen.append(`; best: ${suitSymbol(contract.best.trump)} ${suitName(contract.best.trump)}, ` +
      `${contract.best.tricks} tricks (${lostText(contract.cost)} by the choice of trump).`);
  } else {
    chosen.append(" — the best trump.");
  }
  box.append(chosen);
  if (review.discard) {
    const dealt = el("p", "verdict " + (contract.discard_cost ? "costly" : "best"));
    dealt.append(`${review.dealer}, the dealer, took up the upcard and discarded `, cardText(review.discard),
      `: ${side} ${verb("take", "takes")} ${contract.tricks} double-dummy`);
    if (contract.discard_cost && entry.discard) {
      dealt.append(` (${lostText(contract.discard_cost)} by the discard; best: `, cardText(entry.discard), ").");
    } else {
      dealt.append(" — the dealer's best discard.");
    }
    box.append(dealt);
  }
  return box;
}
