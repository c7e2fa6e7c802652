// The review page: a deal, its trump x discard table, a contract, and the play stepped
// through card by card. Everything shown comes from the API; the page's state lives in
// its URL (deal, dealer, declarer, alone, trump, discard, play, at), so a link restores it.

import { post } from "./api.js";
import { DealBuilder } from "./builder.js";
import { renderDeal, renderPosition, sideName } from "./board.js";
import { FACTS, parseCanonicalDeal } from "./cards.js";
import { renderHeatmap } from "./heatmap.js";
import { renderLog, renderSummary } from "./summary.js";

const $ = (selector) => document.querySelector(selector);

const state = {
  deal: null,       // the API's canonical deal string
  parsed: null,     // its hands by seat and the widow
  dealer: null,
  declarer: null,
  alone: false,
  table: null,      // the declarer's trump x discard table
  trump: null,
  discard: null,
  record: [],       // every card of the play known: played, and ahead after stepping back
  at: 0,            // how many of them are played in the position shown
  review: null,     // the API's review of the whole record
  solve: null,      // the API's analysis of the position shown
};

let shown = 0;  // numbers each position request, so that a late answer cannot overwrite a newer one
let builder;
let boxed = null;  // the review whose record the record box shows

// --- errors -----------------------------------------------------------------------------

function showError(message) {
  const box = $("#error");
  box.textContent = message;
  box.hidden = false;
}

function clearError() {
  $("#error").hidden = true;
  $("#error").textContent = "";
}

// --- the URL ------------------------------------------------------------------------------

function writeUrl() {
  const params = new URLSearchParams();
  if (state.deal) {
    params.set("deal", state.deal);
    params.set("dealer", state.dealer);
    params.set("declarer", state.declarer);
    if (state.alone) params.set("alone", "1");
  }
  if (state.trump) {
    params.set("trump", state.trump);
    params.set("discard", state.discard);
    if (state.record.length) params.set("play", state.record.join(" "));
    if (state.at < state.record.length) params.set("at", String(state.at));
  }
  const url = `${location.pathname}?${params}`;
  if (url !== location.pathname + location.search) history.replaceState(null, "", url);
}

function readUrl() {
  const params = new URLSearchParams(location.search);
  return {
    deal: params.get("deal"),
    dealer: params.get("dealer") || "",
    declarer: params.get("declarer") || FACTS.example.declarer,
    alone: params.get("alone") === "1",
    trump: params.get("trump"),
    discard: params.get("discard"),
    play: params.get("play") || "",
    at: params.get("at"),
  };
}

// --- step 1 and 2: the deal and its table -------------------------------------------------

function formInput() {
  return {
    deal: $("#deal-input").value.trim(),
    dealer: $("#dealer").value,
    declarer: $("#declarer").value,
    alone: $("#alone").checked,
  };
}

function setForm(input) {
  $("#deal-input").value = input.deal || "";
  $("#dealer").value = input.dealer || "";
  $("#declarer").value = input.declarer;
  $("#alone").checked = input.alone;
}

// The table for the form's deal; true when it is shown. The contract is kept only when asked.
async function showTable(keepContract = false) {
  const input = formInput();
  if (!input.deal) {
    showError("deal: empty; paste a deal, build one, or press Example");
    return false;
  }
  const body = { deal: input.deal, declarer: input.declarer, alone: input.alone };
  if (input.dealer) body.dealer = input.dealer;
  let answer;
  try {
    answer = await post("table", body);
  } catch (err) {
    showError(err.message);
    return false;
  }
  clearError();
  Object.assign(state, {
    deal: answer.deal, parsed: parseCanonicalDeal(answer.deal), dealer: answer.dealer,
    declarer: input.declarer, alone: input.alone, table: answer.declarers[input.declarer],
  });
  $("#dealer").value = answer.dealer;
  if (!keepContract) Object.assign(state, { trump: null, discard: null, record: [], at: 0, review: null, solve: null });
  builder.load(state.parsed.hands);
  renderTable();
  if (!state.trump) showDealOnly();
  writeUrl();
  return true;
}

function renderTable() {
  $("#table-hint").textContent = `${state.declarer} declares${state.alone ? " alone" : ""}; ` +
    `${state.dealer} deals. Click a cell to play that contract.`;
  const selected = state.trump ? { trump: state.trump, discard: state.discard } : null;
  renderHeatmap($("#heatmap"), state.table, selected, chooseContract);
  const best = state.table.best;
  $("#table-best").textContent = `Best: ${FACTS.suitSymbols[FACTS.suits.indexOf(best.trump)]} ` +
    `${FACTS.suitNames[FACTS.suits.indexOf(best.trump)]}, discard ${best.discard}: ${best.tricks} tricks`;
}

function showDealOnly() {
  renderDeal($("#board"), state.parsed, state.dealer, state.declarer);
  $("#status").textContent = "Pick a contract in the table (step 2) to start the play.";
  for (const id of ["#go-start", "#go-back", "#go-forward", "#go-end"]) $(id).disabled = true;
  $("#log").replaceChildren();
  $("#summary").innerHTML = '<p class="hint">Pick a contract; the play is judged as it goes.</p>';
}

async function chooseContract(trump, discard) {
  Object.assign(state, { trump, discard, record: [], at: 0, review: null });
  renderTable();
  await showPosition();
}

// --- step 3: the play ---------------------------------------------------------------------

function contractBody() {
  return {
    deal: state.deal, dealer: state.dealer, declarer: state.declarer,
    trump: state.trump, discard: state.discard, alone: state.alone,
  };
}

// Ask for the review of the whole record (when it changed) and the position at ``at``.
async function showPosition() {
  const ticket = ++shown;
  const played = state.record.slice(0, state.at).join(" ");
  try {
    const [review, solve] = await Promise.all([
      state.review ? state.review : post("review", { ...contractBody(), play: state.record.join(" ") }),
      post("solve", { ...contractBody(), played }),
    ]);
    if (ticket !== shown) return false;
    state.review = review;
    state.solve = solve;
  } catch (err) {
    if (ticket === shown) showError(err.message);
    return false;
  }
  clearError();
  if (boxed !== state.review) {
    // the record box holds the record under review, in the API's canonical form
    $("#paste-input").value = state.review.played;
    boxed = state.review;
  }
  // the contract as the API reads it: a link may spell a card or suit another way ("K♥", "*")
  const { trump, discard } = state.solve;
  if (trump !== state.trump || discard !== state.discard) {
    Object.assign(state, { trump, discard });
    renderTable();
  }
  renderPlay();
  writeUrl();
  return true;
}

function initialHands() {
  const hands = {};
  for (const [seat, cards] of Object.entries(state.parsed.hands)) hands[seat] = [...cards];
  const own = hands[state.declarer];
  own.push(state.parsed.widow);
  const at = own.indexOf(state.discard);
  if (at < 0) throw new Error(`discard: ${state.discard} is not among ${own.join(" ")}`);
  own.splice(at, 1);
  return hands;
}

function renderPlay() {
  const { review, solve, at } = state;
  const side = sideName(state.declarer);
  const playing = Object.keys(review.players);
  const played = review.cards.slice(0, at);
  const hands = initialHands();
  const gone = new Set(played.map((p) => p.card));
  for (const seat of Object.keys(hands)) {
    // the idle partner's cards stay on view, greyed, for the record
    if (playing.includes(seat)) hands[seat] = hands[seat].filter((c) => !gone.has(c));
  }
  const choices = {};
  for (const choice of solve.choices) {
    for (const card of choice.cards) choices[card] = { total: choice.total, cost: choice.cost };
  }
  const trick = played.slice(played.length - solve.trick.length).map(({ seat, card }) => ({ seat, card }));
  let lastTrick = null;
  if (!trick.length && solve.tricks_played) {
    const number = solve.tricks_played;
    lastTrick = {
      number,
      winner: review.tricks[number - 1].winner,
      cards: played.filter((c) => c.trick === number).map(({ seat, card }) => ({ seat, card })),
    };
  }
  renderPosition($("#board"), {
    hands, playing, dealer: state.dealer, declarer: state.declarer, discard: state.discard,
    toMove: solve.to_move, choices, trick, lastTrick, side, onPlay: playCard,
  });
  $("#status").replaceChildren(statusText(solve, side));
  renderLog($("#log"), review, at, side, jumpTo);
  renderSummary($("#summary"), review, at, side, jumpTo);
  $("#go-start").disabled = $("#go-back").disabled = at === 0;
  $("#go-forward").disabled = $("#go-end").disabled = solve.to_move === null;
}

function statusText(solve, side) {
  const span = document.createElement("span");
  if (solve.to_move === null) {
    span.textContent = `The hand is over: ${side} took ${solve.taken} tricks.`;
    return span;
  }
  span.dataset.total = String(solve.total);
  span.textContent = `Trick ${solve.tricks_played + 1} · ${solve.to_move} to play · ${side} have ` +
    `${solve.taken} trick${solve.taken === 1 ? "" : "s"} and take ${solve.total} with best play. ` +
    "Click a raised card to play it.";
  return span;
}

// While an answer is on its way the cards on view are the previous position's: a second
// click would play from the wrong place, so steps wait until the page has settled.
function settling() {
  return document.body.dataset.busy !== "0";
}

async function playCard(card) {
  if (settling()) return;
  if (state.record[state.at] !== card) {
    state.record = [...state.record.slice(0, state.at), card];
    state.review = null;  // a new record: review it again
  }
  state.at += 1;
  await showPosition();
}

async function jumpTo(index) {
  if (settling()) return;
  state.at = index;
  await showPosition();
}

function bestLine() {
  return state.solve.best_line.split(/[\s|]+/).filter(Boolean);
}

async function forward() {
  if (!state.solve || state.solve.to_move === null) return;
  await playCard(state.at < state.record.length ? state.record[state.at] : bestLine()[0]);
}

async function toEnd() {
  if (settling() || !state.solve || state.solve.to_move === null) return;
  if (state.at < state.record.length) {
    state.at = state.record.length;
  } else {
    state.record = [...state.record, ...bestLine()];
    state.at = state.record.length;
    state.review = null;
  }
  await showPosition();
}

// A played hand pasted in: reviewed as a whole, then shown from its last card.
async function reviewPasted(event) {
  event.preventDefault();
  if (!state.trump) {
    showError("contract: pick a trump and discard in the table first (step 2)");
    return;
  }
  let review;
  try {
    review = await post("review", { ...contractBody(), play: $("#paste-input").value });
  } catch (err) {
    showError(err.message);
    return;
  }
  Object.assign(state, { review, record: review.cards.map((c) => c.card), at: review.cards.length });
  await showPosition();
}

// --- start -----------------------------------------------------------------------------------

function fillSelects() {
  const dealer = $("#dealer");
  dealer.append(new Option("first seat of the deal", ""));
  for (const seat of FACTS.seats) {
    dealer.append(new Option(seat, seat));
    $("#declarer").append(new Option(seat, seat));
  }
}

async function restore() {
  const saved = readUrl();
  // an empty page: the dealer defaults as in the notation, to the deal's first seat
  setForm(saved.deal ? saved : { deal: "", dealer: "", declarer: FACTS.example.declarer, alone: false });
  if (!saved.deal) return;
  const contract = saved.trump && saved.discard;
  if (contract) Object.assign(state, { trump: saved.trump.toUpperCase(), discard: saved.discard.toUpperCase() });
  if (!(await showTable(Boolean(contract))) || !contract) return;
  // the record's length, for the check of ``at``; the record itself goes to the API as
  // given, so that a misplaced '|' in a link is reported like any other error in it
  const count = saved.play.split(/[\s|]+/).filter(Boolean).length;
  const at = saved.at === null ? count : Number(saved.at);
  if (!Number.isInteger(at) || at < 0 || at > count) {
    showError(`at: expected a whole number from 0 to ${count}, not '${saved.at}'`);
    $("#paste-input").value = saved.play;
    return;
  }
  let review = null;
  let failed = null;
  if (count) {
    try {
      review = await post("review", { ...contractBody(), play: saved.play });
    } catch (err) {
      failed = err.message;
    }
  }
  if (!failed) {
    Object.assign(state, { record: review ? review.cards.map((c) => c.card) : [], at, review });
    if (await showPosition()) return;
    failed = $("#error").textContent;
  }
  // a record that cannot be played: its error stays on view, the record goes to the paste
  // box as given, and the play starts from the first card
  Object.assign(state, { record: [], at: 0, review: null });
  if (await showPosition()) showError(failed);
  $("#paste-input").value = saved.play;
}

function wire() {
  $("#deal-form").addEventListener("submit", (event) => { event.preventDefault(); showTable(); });
  $("#example").addEventListener("click", () => { setForm({ ...FACTS.example, alone: false }); showTable(); });
  for (const id of ["#dealer", "#declarer", "#alone"]) {
    $(id).addEventListener("change", () => { if (state.deal) showTable(); });
  }
  $("#open-builder").addEventListener("click", (event) => {
    event.preventDefault();
    $("#builder").open = true;
    $("#builder").scrollIntoView({ behavior: "smooth" });
  });
  $("#paste-form").addEventListener("submit", reviewPasted);
  $("#go-start").addEventListener("click", () => jumpTo(0));
  $("#go-back").addEventListener("click", () => { if (state.at > 0) jumpTo(state.at - 1); });
  $("#go-forward").addEventListener("click", forward);
  $("#go-end").addEventListener("click", toEnd);
  document.addEventListener("keydown", (event) => {
    if (!state.solve || event.target.closest("input, textarea, select")) return;
    const keys = { ArrowLeft: () => state.at > 0 && jumpTo(state.at - 1), ArrowRight: forward,
                   Home: () => jumpTo(0), End: toEnd };
    if (keys[event.key]) { event.preventDefault(); keys[event.key](); }
  });
  builder = new DealBuilder($("#builder"), (deal) => {
    $("#deal-input").value = deal;
    $("#dealer").value = "";
    showTable();
  });
}

fillSelects();
wire();
document.body.dataset.busy = "0";
restore().finally(() => { document.body.dataset.ready = "1"; });
