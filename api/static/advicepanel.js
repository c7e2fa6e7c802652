// The bid advice panel: what the declarer (the Euchre maker) should have bid, or called,
// knowing only its own cards (in Euchre the upcard too), from POST /bid with the seat. The
// advice comes first in a line or two, then what the seat knew and over how many layouts,
// then every bid's (or call's) figures. Every figure is the API's (advice.js writes them).

import { FACTS, game, piecesNode } from "./cards.js";
import { actionRows, adviceBasis, adviceLines, bidFigures, callFigures, tableLine } from "./advice.js";
import { el, failureNote, loadingNote } from "./panels.js";
import { pageMessage } from "./words.js";

function line(className, pieces) {
  const p = el("p", className);
  p.append(piecesNode(pieces));
  return p;
}

// ``view``: {status: "idle" | "loading" | "done" | "error", declarer, layouts (asked for),
// answer, error, onRetry}.
export function renderAdvice(container, view) {
  container.dataset.state = view.status;
  const verb = game().exchanger === "declarer" ? "bid" : "call";
  container.querySelector("#advice-title").textContent = view.declarer
    ? `What ${view.declarer} should ${verb}, knowing only its own cards`
    : `What to ${verb}, knowing only one's own cards`;
  const body = container.querySelector("#advice-body");
  body.replaceChildren();
  if (view.status === "idle") {
    body.append(el("p", "hint", `Show a deal's table first: this panel then says what the declarer should ${verb} ` +
      "knowing only its own cards, before the widow or the other hands are seen."));
    return;
  }
  if (view.status === "loading") {
    body.append(loadingNote(`Dealing ${view.layouts} random layouts of the cards ${view.declarer} cannot see, ` +
      `and playing every ${verb} on each…`));
    return;
  }
  if (view.status === "error") {
    body.append(failureNote(`The bid advice could not be computed: ${pageMessage(view.error, FACTS)}`,
      "advice-retry", view.onRetry));
    return;
  }
  try {
    renderAnswer(body, view.answer);
  } catch (err) {
    // an answer the page cannot read: said in the panel, never in the way of the rest
    container.dataset.state = "error";
    body.replaceChildren(el("p", "sd-error-text", `The bid advice could not be shown: ${err.message}`));
  }
}

function renderAnswer(body, answer) {
  const g = game();
  const advice = el("div", "advice-lines");
  const names = answer.forms ? Object.keys(answer.forms) : null;
  // one answer, said once: with the auction played out, its best option (or a close call)
  // is the advice, and the tables under it give figures, not other advice
  const headline = tableLine(answer, g);
  if (headline) advice.append(line("advice-line advice-headline", headline));
  else {
    adviceLines(answer, g).forEach((pieces, i) => {
      const p = line("advice-line", pieces);
      if (names) p.dataset.form = names[i];
      advice.append(p);
    });
  }
  body.append(advice);
  const basis = el("div", "hint advice-basis");
  basis.dataset.layouts = String(answer.layouts);
  basis.dataset.seed = String(answer.seed);
  basis.dataset.choiceLayouts = String(answer.choice_layouts);
  for (const pieces of adviceBasis(answer, g)) basis.append(line("", pieces));
  body.append(basis);
  const marked = !headline;  // a bid or call marked as the advice only where it is the advice
  const tables = answer.forms ? names.map((name) => bidTable(name, answer.forms[name], g.partners, marked))
    : answer.calls.length ? [callTable(answer, marked)] : [];
  if (answer.actions && answer.actions.length) tables.unshift(actionTable(answer, g));
  for (const table of tables) {
    const scroller = el("div", "advice-scroll");  // a narrow screen scrolls the table, never the page
    scroller.append(table);
    body.append(scroller);
  }
  if (tables.length) {
    body.append(el("p", "hint advice-key", answer.forms
      ? "makes: how often the bid makes; points: the expected score, net of the defenders', and its standard " +
        "error; tricks: the mean; trump chosen: how often each trump is chosen after the widow."
      : "makes: how often the call makes (three tricks or more); all five: takes every trick; points: the " +
        "expected score, net of the defenders', and its standard error."));
  }
}

// Every option at the table: its points for the seat's side, and how often each side plays
// and makes the hand.
function actionTable(answer, g) {
  const table = el("table", "advice-table advice-actions");
  const ours = g.sides[answer.seat];
  const theirs = g.against[answer.seat];
  table.append(el("caption", "", `At the table: each option, the auction played out (points for ${ours}, ` +
    `${g.cutthroat ? g.pointsLess : `less ${theirs}'s`})`));
  const scored = Boolean(answer.score);
  const ending = g.partners ? "" : "s";  // a side, or a player
  head(table, ["option", "points", `${ours} play${ending}`, `${ours} make${ending}`,
    `${theirs.replace(" and ", " or ")} make${ending}`,
    ...(scored ? [`${ours} win${ending} the game`] : [])]);
  const tbody = table.createTBody();
  for (const row of actionRows(answer, g)) {
    const tr = tbody.insertRow();
    if (row.best) tr.className = "worth";
    cell(tr, row.option, "option", "");
    pointsCell(tr, row);
    cell(tr, row.ours, "ours");
    cell(tr, row.oursMake, "ours-make");
    cell(tr, row.theirsMake, "theirs-make");
    if (scored) cell(tr, row.win, "win").append(" ", el("span", "advice-stderr", row.winStderr));
  }
  return table;
}

// The expected points, and their standard error beneath them where the column is narrow.
function pointsCell(row, figures) {
  const td = cell(row, figures.expected, "expected", "num points");
  td.append(" ", el("span", "advice-stderr", figures.stderr));
  return td;
}

function cell(row, text, field, className = "num") {
  const td = el("td", className);
  if (typeof text === "string") td.textContent = text;
  else td.append(piecesNode(text));
  td.dataset.field = field;
  row.append(td);
  return td;
}

function head(table, titles) {
  const row = table.createTHead().insertRow();
  for (const title of titles) row.append(el("th", "", title));
}

// Hasenpfeffer: one form's bids, the highest worth making marked where that is the advice.
function bidTable(name, form, partners, marked) {
  const table = el("table", "advice-table advice-bids");
  table.dataset.form = name;
  table.append(el("caption", "", !partners ? "Every bid" : name === "alone" ? "Every bid, alone"
    : "Every bid, with the partner"));
  head(table, ["bid", "makes", "points", "tricks", "trump chosen"]);
  const tbody = table.createTBody();
  for (const row of bidFigures(form)) {
    const tr = tbody.insertRow();
    tr.dataset.bid = row.bid;
    if (marked && row.worth) tr.className = "worth";
    cell(tr, row.bid, "bid", "");
    cell(tr, row.make, "make");
    pointsCell(tr, row);
    cell(tr, row.tricks, "tricks");
    cell(tr, row.trumps, "trumps", "trumps");
  }
  return table;
}

// Euchre: every call of both rounds, a round under its title, each round's advice marked
// where that is the advice.
function callTable(answer, marked) {
  const table = el("table", "advice-table advice-calls");
  table.append(el("caption", "", "Every call"));
  head(table, ["call", "makes", "all five", "euchred", "points"]);
  const rows = callFigures(answer);
  for (const round of [...new Set(rows.map((row) => row.round))]) {
    const tbody = table.createTBody();
    tbody.dataset.round = String(round);
    const title = el("th", "advice-round", round === 1 ? "First round" : "Second round");
    title.colSpan = 5;
    tbody.insertRow().append(title);
    for (const row of rows.filter((r) => r.round === round)) {
      const tr = tbody.insertRow();
      tr.dataset.round = String(row.round);
      if (marked && row.best) tr.className = "worth";
      cell(tr, row.call, "call", "");
      cell(tr, row.make, "make");
      cell(tr, row.march, "march");
      cell(tr, row.euchred, "euchred");
      pointsCell(tr, row);
    }
  }
  return table;
}
