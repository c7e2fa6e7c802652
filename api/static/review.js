// The review page: a deal of any game of the family, its table, a contract, and the play
// stepped through card by card; beside the table, single dummy, the declarer's bid and its
// choice of trump and discard; for a hand record, every decision judged fairly, from the
// seat of the player who made it. Everything shown comes from the API; the page's state
// lives in its URL (variant, deck, deal, dealer, declarer, alone, defender, the lead
// settings, trump, discard, play, at; or a hand record and at), so a link restores it. An
// error shows beside the control it is about.

import { adviceBody } from "./advice.js";
import { renderAdvice } from "./advicepanel.js";
import { post } from "./api.js";
import { Background } from "./background.js";
import { renderDeal, renderPosition } from "./board.js";
import { DealBuilder } from "./builder.js";
import {
  FACTS, deckSize, game, gameName, otherSide, parseCanonicalDeal, sideName, suitName, suitSymbol, useGame, verb,
} from "./cards.js";
import { fairBody, sameHand, sharedCards, withPlay } from "./fair.js";
import { renderFair } from "./fairpanel.js";
import { renderGraph } from "./graph.js";
import { Recorder } from "./recorder.js";
import { dealerChoice, entryCalls, exchanger, randomDeal, startingHands } from "./hands.js";
import { bestText, renderHeatmap } from "./heatmap.js";
import { simulateBody } from "./simulation.js";
import { renderSingleDummy } from "./singledummy.js";
import { renderLog, renderSummary } from "./summary.js";
import { linkFlag, linkSeat, pageMessage, recordState, resultWords } from "./words.js";

const $ = (selector) => document.querySelector(selector);

const state = {
  deal: null,       // the API's canonical deal string
  typed: null,      // the deal field's text it was read from
  parsed: null,     // its hands by seat and the widow or upcard
  dealer: null,
  declarer: null,   // the declarer, or in Euchre the maker
  alone: false,
  defender: null,   // an opponent who plays alone against the lone declarer (from a record or a link)
  settings: {},     // the play settings of the table, where not the defaults (from a record or a link)
  loaded: null,     // the API's answer for the hand record loaded, or null
  table: null,      // the declarer's table
  trump: null,
  discard: null,    // the discard (the dealer's in Euchre; null when nobody takes the upcard)
  calls: {},        // Railroad: each lone player's call for best, as the API's "best" and "defender_best"
  record: [],       // every card of the play known: played, and ahead after stepping back
  at: 0,            // how many of them are played in the position shown
  review: null,     // the API's review of the whole record
  solve: null,      // the API's analysis of the position shown
};

let shown = 0;  // numbers each position request, so that a late answer cannot overwrite a newer one
// in panels of their own, loaded in the background: the declarer's choice single dummy and its
// bid advice, for the deal and declarer on view; the fair review of the hand record loaded
const single = new Background("simulate", () => renderSingle());
const advice = new Background("bid", () => renderAdviceView());
const fair = new Background("review", () => {
  renderFairView();
  if (state.solve && state.review) renderReview();  // the verdicts go into the trick log and the graph
});
let builder;
let boxed = null;  // the review whose record the record box shows

// --- errors -----------------------------------------------------------------------------

// Each control has its error box beside it: the deal form, the record box, the played-hand
// box, the play; "#error" at the top is for a link as a whole. A message is the API's, in the
// page's words, and is brought into view.
const ERROR_BOXES = ["#error", "#deal-error", "#record-error", "#paste-error", "#play-error", "#advice-error"];

function showError(message, where = "#error") {
  for (const id of ERROR_BOXES) if (id !== where) clearError(id);
  const box = $(where);
  box.textContent = pageMessage(message, FACTS);
  box.hidden = false;
  const { top, bottom } = box.getBoundingClientRect();
  if (top < 0 || bottom > window.innerHeight) box.scrollIntoView({ block: "center" });
}

function clearError(where) {
  $(where).hidden = true;
  $(where).textContent = "";
}

function clearErrors() {
  for (const id of ERROR_BOXES) clearError(id);
}

// --- the game ---------------------------------------------------------------------------------

const NUMBERS = { 2: "Two", 4: "Four", 5: "five", 6: "six" };

// Play ``name`` with ``deck`` cards: the form's seats, labels and hints follow the game.
function applyGame(name, deck) {
  useGame(name, deck);
  const decks = FACTS.games[name].deckSizes;
  $("#variant").value = name;
  $("#deck").replaceChildren(...decks.map((size) => new Option(`${size} cards`, size)));
  $("#deck").value = deckSize();
  $("#deck-label").hidden = decks.length < 2;
  for (const id of ["#dealer", "#declarer"]) {
    const select = $(id);
    const before = select.value;
    select.replaceChildren();
    if (id === "#dealer") select.append(new Option("first seat of the deal", ""));
    for (const seat of game().seats) select.append(new Option(seat, seat));
    select.value = game().seats.includes(before) ? before : id === "#dealer" ? "" : game().seats[0];
  }
  $("#declarer-label").textContent = game().exchanger === "dealer" ? "Maker" : "Declarer";
  $("#advice-score").placeholder = game().sideNames.map((_, i) => [8, 5, 7][i]).join("-");  // a score for each scorer
  $("#alone").disabled = !game().partners;
  if (!game().partners) $("#alone").checked = false;
  $("#alone-label").title = game().partners ? "" : game().seats.length === 3
    ? "the maker always plays alone against the other two: there is no call to go alone"
    : "nobody plays alone in a game without partners";
  const example = FACTS.games[name].example;
  $("#example").disabled = !example;
  $("#example").title = example ? "The built-in example deal" : `No built-in example for ${FACTS.games[name].title}`;
  $("#deal-input").placeholder = example ? example.deal : dealPattern();
  $("#deal-hint").replaceChildren(...dealHint());
  applyAdviceGame();
  $("#builder-hint").textContent = "Pick a seat, then tap the cards it holds. " + (game().extraOptional
    ? `The card no seat holds is the ${game().extraCard}.`
    : `Then pick the ${game().extraCard}; the cards nobody holds are the stock.`);
  builder.reset();
}

// "N:<N> <S> <upcard>": the form of a deal of the game, for the empty deal field.
function dealPattern() {
  return `${game().seats[0]}:${game().seats.map((s) => `<${s}>`).join(" ")} <${game().extraCard}>`;
}

function dealHint() {
  const g = game();
  const count = NUMBERS[g.seats.length] || String(g.seats.length);
  const parts = [`${count} hands of ${NUMBERS[g.handSize] || g.handSize} in dotted form (spades.hearts.diamonds.clubs`];
  const code = document.createElement("code");
  code.textContent = "*";
  if (g.deck.includes(FACTS.joker)) parts.push(", ", code, " for the Joker");
  const order = g.seats.length === FACTS.seats.length ? "clockwise from the first seat"
    : `${g.seats.join("'s and ")}'s, from the first seat`;
  parts.push(`), ${order}, then the ${g.extraCard}` + (g.extraOptional ? " card, which may be left out." : "."));
  return parts;
}

// --- the URL ------------------------------------------------------------------------------

function writeUrl() {
  const params = new URLSearchParams();
  if (followsRecord()) {
    // the hand record says it all, its game too; the position on view is where in its play
    params.set("record", state.loaded.line);
    if (state.trump && state.at < state.record.length) params.set("at", String(state.at));
    return replaceUrl(params);
  }
  if (gameName() !== FACTS.defaultGame) params.set("variant", gameName());
  if (deckSize() !== FACTS.games[gameName()].defaultDeck) params.set("deck", deckSize());
  if (state.deal) {
    params.set("deal", state.deal);
    params.set("dealer", state.dealer);
    params.set("declarer", state.declarer);
    if (state.alone) params.set("alone", "1");
    if (state.defender) params.set("defender", state.defender);
    for (const [name, value] of Object.entries(state.settings)) params.set(name, value);
  }
  if (state.trump) {
    params.set("trump", state.trump);
    if (state.discard) params.set("discard", state.discard);
    for (const [key, call] of Object.entries(state.calls)) params.set(key, call);
    if (state.record.length) params.set("play", state.record.join(" "));
    if (state.at < state.record.length) params.set("at", String(state.at));
  }
  return replaceUrl(params);
}

function replaceUrl(params) {
  const url = `${location.pathname}?${params}`;
  if (url !== location.pathname + location.search) history.replaceState(null, "", url);
}

function readUrl() {
  const params = new URLSearchParams(location.search);
  return {
    variant: params.get("variant"),
    deck: params.get("deck"),
    deal: params.get("deal"),
    dealer: params.get("dealer") || "",
    declarer: params.get("declarer") || "",
    alone: params.get("alone"),
    defender: params.get("defender"),
    first_lead: params.get("first_lead"),
    lone_lead: params.get("lone_lead"),
    call_for_best: params.get("call_for_best"),
    joker_upcard: params.get("joker_upcard"),
    record: params.get("record"),
    trump: params.get("trump"),
    discard: params.get("discard"),
    best: params.get("best"),
    defender_best: params.get("defender_best"),
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
    alone: $("#alone").checked && game().partners,
  };
}

function setForm(input) {
  $("#deal-input").value = input.deal || "";
  $("#dealer").value = game().seats.includes(input.dealer) ? input.dealer : "";
  $("#declarer").value = game().seats.includes(input.declarer) ? input.declarer : game().seats[0];
  $("#alone").checked = input.alone && game().partners;
}

function gameBody() {
  return { variant: gameName(), deck: Number(deckSize()) };
}

// What a table, solve or review request says beside the deal and contract: the lone defender
// and the play settings, when a record or a link gives them.
function extrasBody() {
  return { ...(state.defender ? { defender: state.defender } : {}), ...state.settings };
}

// The table for the form's deal; true when it is shown. The contract, and the lone defender
// and lead settings of a record or a link, are kept only when asked; errors go to ``errorAt``.
async function showTable({ keepContract = false, keepExtras = keepContract, errorAt = "#deal-error" } = {}) {
  const input = formInput();
  if (!input.deal) {
    showError("deal: empty; paste a deal, build one, or press New random deal", errorAt);
    return false;
  }
  if (!keepExtras) Object.assign(state, { defender: null, settings: {} });
  const body = { deal: input.deal, declarer: input.declarer, alone: input.alone, ...gameBody(), ...extrasBody() };
  if (input.dealer) body.dealer = input.dealer;
  let answer;
  try {
    answer = await post("table", body);
  } catch (err) {
    showError(err.message, errorAt);
    return false;
  }
  clearError(errorAt);
  clearError("#error");
  Object.assign(state, {
    deal: answer.deal, typed: input.deal, parsed: parseCanonicalDeal(answer.deal), dealer: answer.dealer,
    declarer: input.declarer, alone: input.alone, table: answer.declarers[input.declarer],
  });
  $("#dealer").value = answer.dealer;
  if (!keepContract) {
    Object.assign(state, { trump: null, discard: null, calls: {}, record: [], at: 0, review: null, solve: null });
  }
  builder.load(state.parsed);
  // not waited for: the panels say they are loading, the table goes on view now
  loadSingleDummy();
  loadAdvice();
  renderTable();
  if (!state.trump) showDealOnly();
  writeUrl();
  return true;
}

function renderTable() {
  const role = game().exchanger === "dealer" ? "makes trump" : "declares";
  const extra = game().exchanger === "dealer" ? `, the upcard is ${state.parsed.extra}` : "";
  $("#table-hint").textContent = `${state.declarer} ${role}${state.alone ? " alone" : ""}; ` +
    `${state.dealer} deals${extra}. Tap a cell to play that contract.`;
  const selected = state.trump ? { trump: state.trump, discard: state.discard } : null;
  renderHeatmap($("#heatmap"), state.table, selected, chooseContract);
  $("#table-best").textContent = bestText(state.table);
  renderSingle();
}

// --- beside the table: single dummy ---------------------------------------------------------

// The declarer's choices knowing only its own cards, for the deal, declarer and form of play
// on view: asked for once (an answer already on view or on its way is kept), in the
// background, so that the play never waits for it.
function loadSingleDummy(again = false) {
  return single.load(simulateBody(state, { ...gameBody(), ...state.settings }, FACTS.singleDummy), again);
}

function renderSingle() {
  renderSingleDummy($("#single"), {
    status: single.status, declarer: single.body ? single.body.seat : null, layouts: FACTS.singleDummy.layouts,
    answer: single.answer, error: single.error, alone: single.body ? single.body.form === "alone" : false,
    table: state.table, contract: state.trump ? { trump: state.trump, discard: state.discard } : null,
    onRetry: () => loadSingleDummy(true),
  });
}

// The declarer's bid advice knowing only its own cards (in Euchre the upcard too), by the
// table's settings: a loaded record's, scoring and bidding too, while the deal is its own.
function loadAdvice(again = false) {
  const loaded = state.loaded;
  const settings = loaded && loaded.record.deal === state.deal && loaded.record.dealer === state.dealer
    ? loaded.record.settings : state.settings;
  fillAdviceForm();
  return advice.load({ ...adviceBody(state, gameBody(), settings, FACTS.singleDummy), ...scoreBody() }, again);
}

// --- the bid advice from one seat's cards alone (the form in the advice panel) -----------------

const takesUpcard = () => game().exchanger === "dealer";  // Euchre: the bidder sees the upcard

function applyAdviceGame() {
  for (const id of ["#advice-seat", "#advice-dealer"]) {
    const select = $(id);
    const before = select.value;
    select.replaceChildren(...game().seats.map((seat) => new Option(seat, seat)));
    select.value = game().seats.includes(before) ? before : game().seats[0];
  }
  $("#advice-upcard-label").hidden = !takesUpcard();
}

// The declarer's own cards, once a deal's table is shown: the form says what the advice knew.
function fillAdviceForm() {
  if (!state.parsed) return;
  $("#advice-seat").value = state.declarer;
  $("#advice-hand").value = state.parsed.hands[state.declarer].join(" ");
  $("#advice-dealer").value = state.dealer;
  $("#advice-upcard").value = takesUpcard() ? state.parsed.extra : "";
}

// The score before the hand, as typed (the API checks it and names a bad one).
function scoreBody() {
  const score = $("#advice-score").value.trim();
  return score ? { score } : {};
}

function loadOwnAdvice() {
  const hand = $("#advice-hand").value.trim();
  const upcard = $("#advice-upcard").value.trim();
  if (!hand) return showError("the seat's cards: empty; type them, like AS KH AC QC JC JK", "#advice-error");
  if (takesUpcard() && !upcard) return showError("upcard: empty; type the card turned up, like TC", "#advice-error");
  clearError("#advice-error");
  const body = {
    seat: $("#advice-seat").value, hand, dealer: $("#advice-dealer").value, ...(takesUpcard() ? { upcard } : {}),
    ...gameBody(), ...scoreBody(), layouts: FACTS.singleDummy.layouts, seed: FACTS.singleDummy.seed,
  };
  return advice.load(body, true);
}

function renderAdviceView() {
  renderAdvice($("#advice"), {
    status: advice.status, declarer: advice.body ? advice.body.seat : null, layouts: FACTS.singleDummy.layouts,
    answer: advice.answer, error: advice.error, onRetry: () => loadAdvice(true),
  });
}

// --- the fair review of a hand record ---------------------------------------------------------

// The loaded record reviewed from each player's seat (its own play; ``board``: the play on the
// board instead, under the record's auction and contract).
function loadFair(board = false) {
  const loaded = state.loaded;
  if (!loaded || !loaded.record.contract) {
    fair.clear();
    return Promise.resolve();
  }
  const record = board ? withPlay(loaded.record, state.record) : loaded.line;
  return fair.load({ ...fairBody(record, FACTS.singleDummy), ...scoreBody() });
}

function boardView() {
  return { deal: state.deal, dealer: state.dealer, declarer: state.declarer, trump: state.trump,
    discard: state.discard, alone: state.alone, cards: state.record };
}

// The fair review's cards that the board's play begins with, for the log and the graph.
function fairCards() {
  if (!fair.answer || !state.trump) return [];
  return fair.answer.cards.slice(0, sharedCards(fair.answer, boardView()));
}

function renderFairView() {
  const view = boardView();
  renderFair($("#fair"), {
    status: fair.status, answer: fair.answer, error: fair.error, layouts: FACTS.singleDummy.layouts,
    ofBoard: Boolean(fair.body && typeof fair.body.record !== "string"), onRetry: () => fair.load(fair.body, true),
    shared: fairCards().length, boardCards: state.record,
    sameContract: Boolean(fair.answer && state.trump && sameHand(fair.answer, view)),
    onReviewBoard: () => loadFair(true), onJump: jumpTo,
  });
}

function showDealOnly() {
  renderDeal($("#board"), state.parsed, state.dealer, state.declarer);
  noPlay("Pick a contract in the table (step 2) to start the play.");
}

// No contract yet: nothing to step through or review.
function noPlay(status) {
  $("#status").textContent = status;
  for (const id of ["#go-start", "#go-back", "#go-forward", "#go-end"]) $(id).disabled = true;
  $("#log").replaceChildren();
  $("#graph").hidden = true;
  $("#summary").innerHTML = '<p class="hint">Pick a contract; the play is judged as it goes.</p>';
}

// No deal: the page as it opens, for the game chosen.
function clearDeal() {
  Object.assign(state, { deal: null, typed: null, parsed: null, table: null, trump: null, discard: null, calls: {},
    record: [], at: 0, review: null, solve: null, defender: null, settings: {}, loaded: null });
  renderRecordSummary();
  shown += 1;  // an answer still on its way is for the deal that went
  for (const panel of [single, advice, fair]) panel.clear();
  clearErrors();
  $("#heatmap").replaceChildren();
  $("#table-best").textContent = "";
  $("#table-hint").textContent = "Show a deal's table first.";
  $("#banner").hidden = true;
  for (const area of document.querySelectorAll(".seat-area")) {
    area.className = "seat-area" + (game().seats.includes(area.dataset.seat) ? "" : " absent");
    area.replaceChildren();
  }
  $("#trick").innerHTML = '<p class="board-hint">The hands appear here once a deal is shown.</p>';
  noPlay("Show a deal, then pick a contract in the table to start the play.");
}

// ``calls``: in Railroad, the calls for best the table makes in that trump.
async function chooseContract(trump, discard, calls = {}) {
  Object.assign(state, { trump, discard, calls, record: [], at: 0, review: null });
  renderTable();
  await showPosition();
}

// --- step 3: the play ---------------------------------------------------------------------

function contractBody() {
  const body = {
    deal: state.deal, dealer: state.dealer, declarer: state.declarer, trump: state.trump,
    alone: state.alone, ...gameBody(), ...extrasBody(), ...state.calls,
  };
  if (state.discard) body.discard = state.discard;
  return body;
}

// Ask for the review of the whole record (when it changed) and the position at ``at``.
async function showPosition(errorAt = "#play-error") {
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
    if (ticket === shown) showError(err.message, errorAt);
    return false;
  }
  clearError(errorAt);
  clearError("#play-error");
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
  renderRecordSummary();
  writeUrl();
  return true;
}

function renderPlay() {
  const { review, solve, at } = state;
  const side = sideName(state.declarer);
  const playing = Object.keys(review.players);
  const played = review.cards.slice(0, at);
  const contract = { declarer: state.declarer, dealer: state.dealer, discard: state.discard, defender: state.defender };
  const hands = startingHands(state.parsed, game(), contract, state.calls);
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
    hands, playing, dealer: state.dealer, declarer: state.declarer, trump: state.trump, discard: state.discard,
    exchanger: exchanger(game(), contract), extra: state.parsed.extra, alone: state.alone, defender: state.defender,
    calls: state.calls,
    toMove: solve.to_move, choices, trick, lastTrick, side, other: otherSide(state.declarer),
    taken: solve.taken, lost: solve.tricks_played - solve.taken, onPlay: playCard,
  });
  $("#status").replaceChildren(statusText(solve, side));
  renderReview();
  $("#go-start").disabled = $("#go-back").disabled = at === 0;
  $("#go-forward").disabled = $("#go-end").disabled = solve.to_move === null;
}

// The trick log, the review panel and the graph of the record, with the fair review's verdicts
// of the cards the board's play shares with it; and the fair review panel.
function renderReview() {
  const { review, at } = state;
  const side = sideName(state.declarer);
  const judged = fairCards();
  renderLog($("#log"), review, at, side, jumpTo, judged);
  renderSummary($("#summary"), review, at, side, jumpTo, game().exchanger === "dealer" ? trumpEntry() : null);
  $("#graph").hidden = false;
  renderGraph($("#graph"), review, at, state.declarer, side, jumpTo, judged);
  renderFairView();
}

// Euchre: the chosen trump in the maker's table, its tricks and the dealer's best discard (or null).
function trumpEntry() {
  const row = state.table.tricks[state.trump];
  return typeof row === "object" ? { value: row.value, discard: dealerChoice(row) } : { value: row, discard: null };
}

function statusText(solve, side) {
  const span = document.createElement("span");
  if (solve.to_move === null) {
    span.textContent = `The hand is over: ${side} took ${solve.taken} trick${solve.taken === 1 ? "" : "s"}.`;
    return span;
  }
  span.dataset.total = String(solve.total);
  span.textContent = `Trick ${solve.tricks_played + 1} · ${solve.to_move} to play · ${side} ${verb("have", "has")} ` +
    `${solve.taken} trick${solve.taken === 1 ? "" : "s"} and ${verb("take", "takes")} ${solve.total} ` +
    "with best play. Tap a raised card to play it.";
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
    showError("contract: pick a contract in the table first (step 2)", "#paste-error");
    return;
  }
  let review;
  try {
    review = await post("review", { ...contractBody(), play: $("#paste-input").value });
  } catch (err) {
    showError(err.message, "#paste-error");
    return;
  }
  clearError("#paste-error");
  Object.assign(state, { review, record: review.cards.map((c) => c.card), at: review.cards.length });
  await showPosition("#paste-error");
}

// --- a hand record ------------------------------------------------------------------------

// A hand record, checked by the API: its game, deal, contract and play fill the page, shown
// at its last card (or ``at``), and its result is said beside it. True when it is on view.
async function loadRecord(text, at = null) {
  $("#record-box").open = true;
  let answer;
  try {
    answer = await post("record", { record: text });
  } catch (err) {
    showError(err.message, "#record-error");
    state.loaded = null;  // the summary of a record loaded before would read as this one's
    renderRecordSummary();
    return false;
  }
  const record = answer.record;
  const contract = record.contract;
  applyGame(record.variant, String(record.deck));
  clearDeal();
  setForm({ deal: record.deal, dealer: record.dealer, declarer: contract ? contract.declarer : "",
            alone: Boolean(contract && contract.alone) });
  $("#record-input").value = answer.text;
  Object.assign(state, {
    defender: contract ? contract.defender : null, settings: answer.play_settings,
    trump: contract ? contract.trump : null, discard: contract ? recordDiscard(answer) : null,
    calls: contract ? entryCalls(contract) : {},
    loaded: answer,  // its settings go with the bid advice that the table asks for
  });
  if (!(await showTable({ keepContract: Boolean(contract), keepExtras: true, errorAt: "#record-error" }))) {
    state.loaded = null;
    renderRecordSummary();
    return false;
  }
  loadFair();  // not waited for: the panel says it is loading, the play goes on view now
  if (!contract) {
    renderRecordSummary();
    writeUrl();
    return true;
  }
  const cards = record.play.split(/[\s|]+/).filter(Boolean);
  let review = null;
  if (cards.length) {
    try {
      review = await post("review", { ...contractBody(), play: record.play });
    } catch (err) {
      showError(err.message, "#record-error");
      return false;
    }
  }
  const shownAt = at === null ? cards.length : at;
  if (!Number.isInteger(shownAt) || shownAt < 0 || shownAt > cards.length) {
    showError(`The link's at '${at}' is not a whole number from 0 to ${cards.length}.`);
    return false;
  }
  Object.assign(state, { record: cards, at: shownAt, review });
  clearError("#record-error");
  return showPosition("#record-error");
}

// The discard a loaded record's play is replayed with: its own, or where the table did not see
// it, the card its play shows was put away (the API's play_discard).
function recordDiscard(loaded) {
  return loaded.record.contract.discard || loaded.play_discard;
}

// Does the page show the loaded record's own deal, contract and play?
function followsRecord() {
  const loaded = state.loaded;
  if (!loaded || state.deal !== loaded.record.deal || state.dealer !== loaded.record.dealer) return false;
  const contract = loaded.record.contract;
  if (!contract) return !state.trump;
  const cards = loaded.record.play.split(/[\s|]+/).filter(Boolean);
  return state.declarer === contract.declarer && state.trump === contract.trump &&
    (state.discard || null) === recordDiscard(loaded) && state.alone === contract.alone &&
    state.record.join(" ") === cards.join(" ");
}

// The loaded record beside its box: the auction, the contract, and how the hand came out.
function renderRecordSummary() {
  const box = $("#record-summary");
  const loaded = state.loaded;
  box.hidden = !loaded;
  box.replaceChildren();
  if (!loaded) return;
  const record = loaded.record;
  const line = (label, text, className = "") => {
    const p = document.createElement("p");
    p.className = className;
    const strong = document.createElement("strong");
    strong.textContent = `${label}: `;
    p.append(strong, text);
    box.append(p);
    return p;
  };
  line("Auction", record.auction.length ? record.auction.map((c) => `${c.seat} ${c.call}`).join(", ") : "no call");
  if (record.contract) line("Contract", contractWords(record.contract));
  const words = resultWords(record.result);
  const result = line("Result", words || recordState(record, loaded.to_call), "record-result");
  if (record.result) {
    result.dataset.redeal = String(record.result.redeal);
    if (!record.result.redeal) {
      result.dataset.made = String(record.result.made);
      result.dataset.down = String(record.result.down);
      result.dataset.score = JSON.stringify(record.result.score);
      result.classList.add(record.result.made ? "made" : "down");
    }
  }
  if (!followsRecord()) {
    const note = document.createElement("p");
    note.className = "hint";
    note.textContent = "The board now shows another contract or play than the record's.";
    box.append(note);
  }
}

function contractWords(contract) {
  const role = contract.bid ? `bids ${contract.bid}, ` : "makes ";
  let words = `${contract.declarer} ${role}${suitSymbol(contract.trump)} ${suitName(contract.trump)}`;
  if (contract.alone) words += " alone";
  if (contract.defender) words += ` against ${contract.defender} alone`;
  if (contract.discard) words += `, discard ${contract.discard}`;
  if (contract.best) words += `, calling for best: ${contract.best}`;
  if (contract.defender_best) words += `, ${contract.defender} calling for best: ${contract.defender_best}`;
  return words;
}

async function loadTypedRecord(event) {
  event.preventDefault();
  const text = $("#record-input").value;
  if (!text.trim()) {
    showError("record: empty; paste a hand record, or press Example", "#record-error");
    return;
  }
  await loadRecord(text);
}

// A random deal of the game and deck chosen, shown at once.
async function newRandomDeal() {
  const { deal } = randomDeal(game(), FACTS);
  $("#deal-input").value = deal;
  $("#dealer").value = "";  // the dealer is the deal's first seat, itself chosen at random
  await showTable();
}

// --- start -----------------------------------------------------------------------------------

function fillSelects() {
  for (const [name, facts] of Object.entries(FACTS.games)) $("#variant").append(new Option(facts.title, name));
}

// Another game or deck: its form, and no deal unless the deal field holds one typed for it.
function changeGame(name, deck) {
  const typed = $("#deal-input").value.trim();
  applyGame(name, deck);
  if (state.deal && (typed === state.deal || typed === state.typed)) $("#deal-input").value = "";
  clearDeal();
  writeUrl();
}

async function restore() {
  const saved = readUrl();
  if (saved.record !== null) {
    // a hand record: it names its own game, deal, contract and play
    $("#record-input").value = saved.record;
    await loadRecord(saved.record, saved.at === null ? null : Number(saved.at));
    return;
  }
  const name = (saved.variant || FACTS.defaultGame).trim().toLowerCase();
  if (!useGame(name, saved.deck === null ? null : saved.deck.trim())) {
    // not a game or deck the page knows: the API says what is wrong, in its own words
    applyGame(FACTS.defaultGame);
    const body = { deal: saved.deal || "" };
    for (const key of ["variant", "deck"]) if (saved[key] !== null) body[key] = saved[key];
    try {
      await post("table", body);
    } catch (err) {
      showError(err.message);
    }
    return;
  }
  applyGame(gameName(), deckSize());
  // the seats as the notation reads them, in either case; a seat the game has not is said so,
  // never replaced by another
  let link;
  const title = FACTS.games[gameName()].title;
  try {
    link = {
      dealer: linkSeat(saved.dealer, "dealer", game(), title),
      declarer: linkSeat(saved.declarer, "declarer", game(), title),
      defender: linkSeat(saved.defender, "defender", game(), title),
      alone: linkFlag(saved.alone, "alone"),
    };
  } catch (err) {
    setForm({ deal: saved.deal || "", dealer: "", declarer: "", alone: false });
    clearDeal();
    showError(err.message);
    return;
  }
  // an empty page: the dealer defaults as in the notation, to the deal's first seat
  setForm(saved.deal ? { deal: saved.deal, dealer: link.dealer || "", declarer: link.declarer || "", alone: link.alone }
    : { deal: "", dealer: "", declarer: "", alone: false });
  clearDeal();
  if (!saved.deal) return;
  const settings = {};
  for (const key of ["first_lead", "lone_lead", "joker_upcard"]) if (saved[key] !== null) settings[key] = saved[key];
  if (saved.call_for_best !== null) {
    try {
      settings.call_for_best = linkFlag(saved.call_for_best, "call_for_best");
    } catch (err) {
      showError(err.message);
      return;
    }
  }
  Object.assign(state, { defender: link.defender, settings });
  const contract = saved.trump && (saved.discard || game().exchanger === "dealer");
  if (contract) {
    Object.assign(state, { trump: saved.trump.trim().toUpperCase(), discard: saved.discard ? saved.discard : null,
      calls: entryCalls({ best: saved.best, defender_best: saved.defender_best }) });
  }
  if (!(await showTable({ keepContract: Boolean(contract), keepExtras: true })) || !contract) return;
  // the record's length, for the check of ``at``; the record itself goes to the API as
  // given, so that a misplaced '|' in a link is reported like any other error in it
  const count = saved.play.split(/[\s|]+/).filter(Boolean).length;
  const at = saved.at === null ? count : Number(saved.at);
  if (!Number.isInteger(at) || at < 0 || at > count) {
    showError(`The link's at '${saved.at}' is not a whole number from 0 to ${count}.`);
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
    failed = $("#play-error").textContent;
  }
  // a record that cannot be played: its error stays on view beside the played-hand box, which
  // gets the record as given, and the play starts from the first card
  Object.assign(state, { record: [], at: 0, review: null });
  if (await showPosition()) showError(failed, "#paste-error");
  $("#paste-input").value = saved.play;
}

function wire() {
  $("#deal-form").addEventListener("submit", (event) => { event.preventDefault(); showTable(); });
  $("#example").addEventListener("click", () => {
    const example = FACTS.games[gameName()].example;
    if (!example) return;
    setForm({ ...example, alone: false });
    showTable();
  });
  $("#random").addEventListener("click", newRandomDeal);
  $("#advice-form").addEventListener("submit", (event) => { event.preventDefault(); loadOwnAdvice(); });
  $("#variant").addEventListener("change", () => changeGame($("#variant").value));
  $("#deck").addEventListener("change", () => changeGame(gameName(), $("#deck").value));
  for (const id of ["#dealer", "#declarer", "#alone"]) {
    $(id).addEventListener("change", () => { if (state.deal) showTable(); });
  }
  $("#open-record").addEventListener("click", (event) => {
    event.preventDefault();
    $("#record-box").open = true;
    $("#record-input").focus();
  });
  $("#open-builder").addEventListener("click", (event) => {
    event.preventDefault();
    $("#builder").open = true;
    $("#builder").scrollIntoView({ behavior: "smooth" });
  });
  $("#paste-form").addEventListener("submit", reviewPasted);
  // a hand recorded at the table goes to the reviews like a record pasted in
  new Recorder(async (text) => { if (await loadRecord(text)) $("#fair").scrollIntoView({ behavior: "smooth" }); });
  $("#record-form").addEventListener("submit", loadTypedRecord);
  $("#record-example").addEventListener("click", () => {
    $("#record-input").value = FACTS.games[gameName()].exampleRecord;
    loadRecord($("#record-input").value);
  });
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

// the graph is drawn at the width it is shown at
let resizing = 0;
window.addEventListener("resize", () => {
  cancelAnimationFrame(resizing);
  resizing = requestAnimationFrame(() => {
    if (state.review && !$("#graph").hidden) {
      renderGraph($("#graph"), state.review, state.at, state.declarer, sideName(state.declarer), jumpTo, fairCards());
    }
  });
});

fillSelects();
wire();
renderSingle();
renderAdviceView();
renderFairView();
document.body.dataset.busy = "0";
restore().finally(() => { document.body.dataset.ready = "1"; });
