// The single-dummy panel beside the double-dummy table: what the declarer (the maker) should
// choose knowing only its own cards and the widow or upcard, from POST /simulate over random
// layouts of the cards it cannot see. It shows the best choice for the bid the double-dummy
// best makes, the contract on view (the cell picked, else the double-dummy best) against it
// (mean tricks, the chance of making each number of tricks, how often it is the layout's
// double-dummy best), and in Hasenpfeffer the best choice for every bid. Every figure is the
// API's (simulation.js picks them out).

import { cardText, game, suitName, suitSymbol } from "./cards.js";
import { el, failureNote, loadingNote } from "./panels.js";
import {
  bidFor, bidRows, contractChoice, decimal, makeShare, percent, sameChoice, simulatedForm,
} from "./simulation.js";

function choiceKey(choice) {
  return `${choice.trump}-${choice.discard || ""}`;
}

// "♣ clubs, discard K♥", or "♥ hearts" where the seat has no discard to make.
function choiceText(choice) {
  const span = el("span", "sd-choice");
  span.dataset.trump = choice.trump;
  span.dataset.discard = choice.discard || "";
  const trump = el("span", `trump-text suit-${choice.trump}`, `${suitSymbol(choice.trump)} ${suitName(choice.trump)}`);
  span.append(trump);
  if (choice.discard) {
    const discard = el("span", "sd-discard", "discard ");
    discard.append(cardText(choice.discard));
    span.append(", ", discard);
  }
  return span;
}

function figure(tag, className, field, value, text, column) {
  const cell = el(tag, className, text);
  cell.dataset.field = field;
  cell.dataset.value = String(value);
  if (column) cell.dataset.choice = column;
  return cell;
}

// ``view``: {status: "idle" | "loading" | "done" | "error", declarer, layouts (asked for),
// answer, error, alone, table (the declarer's double-dummy table), contract ({trump, discard}
// picked in the table, or null), onRetry}.
export function renderSingleDummy(container, view) {
  container.dataset.state = view.status;
  const title = container.querySelector("#single-title");
  title.textContent = view.declarer ? `Knowing only ${view.declarer}'s cards` : "Knowing only the declarer's cards";
  const body = container.querySelector("#single-body");
  body.replaceChildren();
  if (view.status === "idle") {
    body.append(el("p", "hint", "Show a deal's table first: this panel then gives the declarer's best choice " +
      "knowing only its own cards, single dummy."));
    return;
  }
  if (view.status === "loading") {
    body.append(loadingNote(`Dealing ${view.layouts} random layouts of the cards ${view.declarer} cannot ` +
      "see and solving each double-dummy…"));
    return;
  }
  if (view.status === "error") {
    body.append(failureNote(`The single-dummy view could not be computed: ${view.error}`, "single-retry",
      view.onRetry));
    return;
  }
  try {
    renderAnswer(body, view);
  } catch (err) {
    // an answer the page cannot read: said in the panel, never in the way of the table
    container.dataset.state = "error";
    body.replaceChildren(el("p", "sd-error-text", `The single-dummy view could not be shown: ${err.message}`));
  }
}

function renderAnswer(body, view) {
  const { answer, declarer, table } = view;
  const g = game();
  const form = simulatedForm(answer, view.alone);
  const extra = answer[g.extraCard];
  const basis = el("p", "hint sd-basis");
  basis.dataset.layouts = String(answer.layouts);
  basis.dataset.seed = String(answer.seed);
  const played = view.alone ? `; ${declarer} plays alone` : g.partners ? "; with the partner" : "";
  basis.append(`Single dummy: knowing only ${declarer}'s cards and the ${g.extraCard} `, cardText(extra),
    `, over ${answer.layouts} random layouts of the rest (seed ${answer.seed}), each solved double-dummy${played}.`);
  body.append(basis);

  // the bid the double-dummy best makes, and the best choice for it knowing only these cards
  const bid = bidFor(g.bids, table.best.tricks);
  const rows = bidRows(form, g.bids);
  const best = rows.find((row) => row.bid === bid.name);
  const headline = el("p", "sd-best");
  Object.assign(headline.dataset, {
    bid: bid.name, needs: String(bid.needs), trump: best.choice.trump, discard: best.choice.discard || "",
    make: String(best.make), score: String(best.score),
  });
  headline.append(g.bids.length > 1 ? `Best choice for a bid of ${bid.name}: ` : "Best choice: ", choiceText(best.choice),
    ` — P(make ${bid.needs}) = `, el("strong", "", percent(best.make)));
  body.append(headline);

  // the contract on view against that best choice
  const picked = view.contract;
  const shown = picked ? contractChoice(form, picked.trump, picked.discard)
    : contractChoice(form, table.best.trump, table.best.discard);
  const columns = [{ choice: best.choice, roles: ["best"], label: "best choice" }];
  const role = picked ? "the contract played" : "the double-dummy best";
  if (shown && sameChoice(shown, best.choice)) {
    columns[0].roles.push("contract");
    columns[0].label += `, and ${role}`;
  } else if (shown) {
    columns.push({ choice: shown, roles: ["contract"], label: role });
  }
  body.append(compareTable(columns, bid, g));
  if (picked && !shown) {
    body.append(el("p", "hint", "The contract played is not among the choices simulated."));
  } else if (g.exchanger === "dealer" && shown && !shown.discard && (picked ? picked.discard : table.best.discard)) {
    body.append(el("p", "hint", "The dealer's discard is not the maker's choice: on each layout the dealer " +
      "discards as it would double-dummy."));
  }
  if (rows.length > 1) body.append(bidTable(rows, bid));
}

// One column per choice: its mean tricks, how often it is the layout's double-dummy best, the
// expected points for the bid, and P(make k) for every k.
function compareTable(columns, bid, g) {
  const table = el("table", "sd-compare");
  const head = table.createTHead().insertRow();
  head.append(el("th", "", ""));
  for (const column of columns) {
    const th = el("th", "");
    th.scope = "col";
    th.dataset.choice = choiceKey(column.choice);
    th.dataset.roles = column.roles.join(" ");
    th.append(el("span", "sd-role", column.label), el("br"), choiceText(column.choice));
    head.append(th);
  }
  const body = table.createTBody();
  const row = (label, className, cell) => {
    const tr = body.insertRow();
    if (className) tr.className = className;
    const th = el("th", "", label);
    th.scope = "row";
    tr.append(th);
    for (const column of columns) tr.append(cell(column.choice, choiceKey(column.choice)));
    return tr;
  };
  row("tricks, mean", "", (c, key) => {
    const td = figure("td", "", "mean", c.mean, decimal(c.mean, 2), key);
    const err = figure("span", "sd-stderr", "stderr", c.stderr, ` ±${decimal(c.stderr, 2)}`, key);
    td.append(err);
    return td;
  });
  row("double-dummy best", "", (c, key) => figure("td", "", "dd-best", c.dd_best, percent(c.dd_best), key));
  row(g.bids.length > 1 ? `points, bid ${bid.name}` : "points", "", (c, key) =>
    figure("td", "", "score", c.scores[bid.name], decimal(c.scores[bid.name], 2, true), key));
  const bidTricks = new Set(g.bids.map(([, needs]) => needs));
  for (let k = 1; k <= g.handSize; k++) {
    row(bidTricks.has(k) ? `P(make ${k})` : `P(${k}+ tricks)`, k === bid.needs ? "sd-bid" : "", (c, key) =>
      figure("td", "", `at-least-${k}`, makeShare(c, k), percent(makeShare(c, k)), key));
  }
  const caption = el("caption", "", "Double-dummy best: the share of layouts where no other choice takes more; points: " +
    "expected, net of the defenders'; " +
    `${bidTricks.size < g.handSize ? "P(make k), P(k+ tricks)" : "P(make k)"}: the share of layouts with at least k tricks.`);
  table.append(caption);
  return table;
}

// Hasenpfeffer: the best choice for every bid.
function bidTable(rows, bid) {
  const table = el("table", "sd-bids");
  const head = table.createTHead().insertRow();
  for (const title of ["bid", "best choice", "points", "P(make)"]) head.append(el("th", "", title));
  const body = table.createTBody();
  for (const row of rows) {
    const tr = body.insertRow();
    tr.dataset.bid = row.bid;
    if (row.bid === bid.name) tr.className = "sd-bid";
    const choice = el("td", "");
    choice.dataset.field = "choice";
    choice.dataset.choice = choiceKey(row.choice);
    choice.append(choiceText(row.choice));
    tr.append(el("td", "", row.bid), choice, figure("td", "num", "score", row.score, decimal(row.score, 2, true)),
      figure("td", "num", "make", row.make, percent(row.make)));
  }
  const caption = el("caption", "", "The best choice for each bid: the highest expected points.");
  table.append(caption);
  return table;
}
