// Record a hand at the table, by taps only: the game and table rules, the dealer, the upcard,
// each call, the declarer's trump, the widow and discard (or "not seen"), then each card in
// the order played. The server says at every step whose turn it is and what that seat may
// do (POST record/step), so only legal calls and cards a seat may still hold are offered.
// Every tap is kept in the browser, with the hands already recorded tonight: a reload loses
// nothing. The night downloads as a record file that `hasen session` reads, or as EGN, and
// opens as its report, each hand reviewed by the server in turn.

import { post } from "./api.js";
import { FACTS, cardElement, suitName, suitSymbol } from "./cards.js";
import { cardLabel } from "./words.js";

const KEY = "hasen.recorder";  // localStorage: the table, the hand being recorded, the night
const NOT_SEEN = null;         // a widow or discard the table did not see

const $ = (selector) => document.querySelector(selector);

function saved() {
  const first = FACTS.defaultGame;
  const fresh = { game: first, deck: FACTS.games[first].defaultDeck, rules: {}, dealer: FACTS.games[first].decks[
    FACTS.games[first].defaultDeck].seats[0], taps: [], night: [] };
  let data = null;
  try {
    data = JSON.parse(localStorage.getItem(KEY) || "null");
  } catch (err) { /* a damaged entry starts afresh */ }
  if (!data || typeof data !== "object" || !Array.isArray(data.taps) || !Array.isArray(data.night)) return fresh;
  const game = FACTS.games[data.game];
  // a hand of a game this page does not have starts afresh; the night's records are kept
  return game && game.decks[data.deck] ? data : { ...fresh, night: data.night };
}

// The request for the hand tapped so far: each tap is [what, value] in the order made.
export function stepBody(data) {
  const body = { variant: data.game, deck: Number(data.deck), dealer: data.dealer, auction: [], play: [] };
  if (Object.keys(data.rules).length) body.settings = { ...data.rules };
  for (const [what, value] of data.taps) {
    if (what === "call") body.auction.push(value);
    else if (what === "card") body.play.push(value);
    else if (what === "trump") Object.assign(body, value);  // {trump, alone}
    else body[what] = value;  // upcard, joker, widow, discard
  }
  return body;
}

// Words for a setting and its value: "all pass: stick the dealer", "defenders score: yes".
function words(text) {
  if (typeof text === "boolean") return text ? "yes" : "no";
  return String(text).replaceAll("_", " ");
}

const PROMPTS = {
  upcard: () => "The upcard (the card turned up):",
  auction: (seat) => `${seat} to call:`,
  joker: () => "Everyone passed: who holds the Joker?",
  trump: (seat) => `${seat} won the auction: which trump?`,
  widow: (seat) => `The widow ${seat} took, if the table saw it:`,
  discard: (seat) => `${seat}'s discard, if the table saw it:`,
  play: (seat) => `${seat} to play:`,
};

export class Recorder {
  constructor(onReview) {
    this.onReview = onReview;  // shows a record in the page's reviews
    this.data = saved();
    this.step = null;
    this.tapping = false;  // a tap's step asked for and not yet answered: a second tap waits for it
    this.asked = 0;  // numbers each step asked for, so that a late answer cannot show over a newer one
    $("#rec-undo").addEventListener("click", () => this.tap(null, this.step));
    $("#rec-restart").addEventListener("click", () => this.restart());
    $("#rec-next").addEventListener("click", () => this.nextHand());
    $("#rec-egn").addEventListener("click", () => this.egn());
    $("#rec-report").addEventListener("click", () => this.report());
    $("#rec-review").addEventListener("click", () => { if (this.step && this.step.record) this.onReview(this.step.record); });
    $("#rec-game").addEventListener("change", (event) => this.setGame(event.target.value));
    // another dealer or rules: the hand started again is another hand, which Undo cannot bring back
    $("#rec-dealer").addEventListener("change", (event) => {
      Object.assign(this.data, { dealer: event.target.value, wiped: null });
      this.refresh();
    });
    // a reload at the table opens the recorder where it was
    const box = $("#recorder");
    // a link to a record opens on that record's review, the recorder folded away above it
    box.open = Boolean(this.data.open) && !new URLSearchParams(location.search).has("record");
    box.addEventListener("toggle", () => { this.data.open = box.open; this.save(); });
    // another tab of this page changed the night: this one goes on from it, never over it
    window.addEventListener("storage", (event) => {
      if (event.key !== KEY) return;
      this.data = saved();
      this.step = null;  // this tab's choices were of its hand as it was: none is taken now
      box.open = Boolean(this.data.open);
      this.refresh({ store: false });
    });
    this.fillGames();
    this.refresh();
  }

  facts() {
    return FACTS.games[this.data.game].decks[this.data.deck];
  }

  save() {
    try {
      localStorage.setItem(KEY, JSON.stringify(this.data));
    } catch (err) {
      this.error(`The browser would not keep the night (${err.message}): download it now.`);
    }
  }

  fillGames() {
    const select = $("#rec-game");
    select.replaceChildren();
    for (const [name, game] of Object.entries(FACTS.games)) {
      for (const deck of game.deckSizes) {
        const option = new Option(game.deckSizes.length > 1 ? `${game.title}, ${deck} cards` : game.title,
          `${name}/${deck}`);
        select.append(option);
      }
    }
  }

  setGame(value) {
    const [game, deck] = value.split("/");
    // another game is another hand: the hand recorded last stays as it is in tonight's hands
    Object.assign(this.data, { game, deck, rules: {}, taps: [], handId: null, wiped: null });
    if (!this.facts().seats.includes(this.data.dealer)) this.data.dealer = this.facts().seats[0];
    this.refresh();
  }

  // The table's rules: a choice for each setting of the game, the default first.
  renderRules() {
    const box = $("#rec-rules");
    box.replaceChildren();
    for (const [name, values] of Object.entries(this.facts().settings)) {
      const label = document.createElement("label");
      const select = document.createElement("select");
      select.dataset.setting = name;
      values.forEach((value, index) => select.append(new Option(words(value), String(index))));
      const chosen = name in this.data.rules ? values.indexOf(this.data.rules[name]) : 0;
      select.value = String(Math.max(chosen, 0));
      select.disabled = this.data.taps.length > 0;
      select.addEventListener("change", () => {
        const value = values[Number(select.value)];
        if (Number(select.value) === 0) delete this.data.rules[name];
        else this.data.rules[name] = value;
        this.data.wiped = null;  // the hand started again was under the rules before
        this.refresh();
      });
      label.append(`${words(name)} `, select);
      box.append(label);
    }
  }

  // The hand started again: its taps are kept aside until the next tap, so that Undo brings
  // back a hand wiped by a slip of the finger.
  restart() {
    if (!this.data.taps.length || this.tapping) return;
    this.data.wiped = this.data.taps;
    this.data.taps = [];
    this.step = null;
    this.refresh();
  }

  // Undo (null) or one more tap, made on the step on view (``from``); then ask the server for
  // the next step. A tap on a step already left (a second tap of a double tap, before the
  // next step is on view) is not taken. Undo on a hand just started again brings it back.
  tap(entry, from) {
    if (this.tapping || from !== this.step) return;
    this.tapping = true;
    this.step = null;
    if (entry === null && !this.data.taps.length && this.data.wiped) this.data.taps = this.data.wiped;
    else if (entry === null) this.data.taps.pop();
    else this.data.taps.push(entry);
    delete this.data.wiped;
    this.refresh({ retract: entry !== null }).finally(() => { this.tapping = false; });
  }

  error(message) {
    const box = $("#rec-error");
    box.hidden = !message;
    box.textContent = message;
  }

  // ``retract``: a tap the server refuses is taken back (a tap just made); ``store``: keep
  // the night in the browser first (not when it comes from another tab).
  async refresh({ retract = false, store = true } = {}) {
    if (store) this.save();
    $("#rec-game").value = `${this.data.game}/${this.data.deck}`;
    const dealer = $("#rec-dealer");
    dealer.replaceChildren(...this.facts().seats.map((seat) => new Option(seat, seat)));
    dealer.value = this.data.dealer;
    const started = this.data.taps.length > 0;
    $("#rec-game").disabled = dealer.disabled = started;
    $("#rec-undo").disabled = !started && !(this.data.wiped && this.data.wiped.length);
    this.renderRules();
    this.renderNight();
    let step;
    const asked = ++this.asked;
    try {
      step = await post("record/step", stepBody(this.data));
      if (asked !== this.asked) return undefined;
    } catch (err) {
      if (asked !== this.asked) return undefined;
      if (!(err.status >= 400 && err.status < 500)) {
        // no answer (the table's Wi-Fi, the server stopped): every tap is kept, to be checked
        // once the server answers again
        this.offline(err.message);
        return undefined;
      }
      if (started && retract) {
        // the last tap was refused: it is taken back, and the message says why
        const message = `Not recorded: ${err.message}`;
        this.data.taps.pop();
        this.save();
        return this.refresh().then((step) => { if (step) this.error(message); return step; });
      }
      // the hand kept in the browser is refused as a whole (a page older or newer than the
      // server): nothing is taken back unasked
      this.error(`The hand so far is refused: ${err.message}. Undo the last taps, or start the hand again.`);
      $("#rec-choices").replaceChildren();
      $("#rec-not-recorded").hidden = true;
      return undefined;
    }
    this.error("");
    this.step = step;
    this.renderSoFar();
    this.renderStep(step);
    return step;
  }

  // The server did not answer: the taps so far are kept in the browser, and the next step is
  // asked for again when the player says so (no choice is offered that was not checked).
  offline(why) {
    this.step = null;
    const stop = /[.?!]$/.test(why) ? "" : ".";
    this.error(`Kept in this browser, not yet checked: ${why}${stop} Tap "Try again" once it answers.`);
    $("#rec-prompt").textContent = "Waiting for the server:";
    $("#rec-done").hidden = true;
    const retry = document.createElement("button");
    retry.type = "button";
    retry.textContent = "Try again";
    retry.addEventListener("click", () => this.refresh());
    $("#rec-choices").replaceChildren(retry);
    $("#rec-not-recorded").hidden = true;
  }

  // The hand so far in words: the auction, then the tricks.
  renderSoFar() {
    const body = stepBody(this.data);
    const parts = [];
    if (body.upcard) parts.push(`upcard ${cardLabel(body.upcard, FACTS)}`);
    if (body.auction.length) parts.push(`calls: ${body.auction.join(", ")}`);
    if (body.trump) parts.push(`trump ${suitSymbol(body.trump)}${body.alone ? " alone" : ""}`);
    // the server's tricks, each card with who played it: "E AH, S 9H, W JH, N KS | N JC"
    const tricks = (this.step && this.step.tricks) || [];
    const played = ([seat, card]) => `${seat} ${cardLabel(card, FACTS)}`;  // "E A♥": the seat, then its card
    if (tricks.length) parts.push(`play: ${tricks.map((t) => t.map(played).join(", ")).join(" | ")}`);
    // a hand of tonight's started again: what is tapped now takes its place, and the page says so
    const again = this.data.night.findIndex((hand) => hand.id === this.data.handId);
    if (again >= 0 && this.step && this.step.stage !== "done") {
      parts.unshift(`recording hand ${again + 1} of tonight's again, to replace it`);
    }
    $("#rec-so-far").textContent = parts.join(" · ") || "Nothing recorded yet.";
  }

  renderStep(step) {
    const choices = $("#rec-choices");
    choices.replaceChildren();
    $("#rec-done").hidden = step.stage !== "done";
    $("#rec-review").hidden = $("#rec-record").hidden = !step.record;
    $("#rec-prompt").textContent = step.stage === "done"
      ? (step.record ? "The hand is recorded and added to tonight's hands." : `${step.said}.`)
      : PROMPTS[step.stage](step.seat);
    const button = (label, entry, title = "") => {
      const el = document.createElement("button");
      el.type = "button";
      el.textContent = label;
      if (title) el.title = title;
      el.addEventListener("click", () => this.tap(entry, step));
      choices.append(el);
      return el;
    };
    // a call the recorder cannot follow is shown greyed out, with why (Railroad's calls for best)
    const notRecorded = step.not_recorded || [];
    const note = $("#rec-not-recorded");
    note.hidden = !notRecorded.length;
    note.textContent = notRecorded.length ? `Greyed out: ${step.not_recorded_why}.` : "";
    if (step.stage === "auction") {
      for (const call of step.calls) {
        const el = button(call, ["call", call]);
        el.disabled = notRecorded.includes(call);
      }
    }
    if (step.stage === "joker") for (const seat of step.seats) button(seat, ["joker", seat]);
    if (step.stage === "trump") {
      for (const alone of step.alone) {
        for (const suit of step.trumps) {
          const el = button(`${suitSymbol(suit)}${alone ? " alone" : ""}`, ["trump", { trump: suit, alone }],
            `${suitName(suit)}${alone ? ", alone" : ""}`);
          el.dataset.trump = suit;
          el.dataset.alone = String(alone);
        }
      }
    }
    if (step.cards) {
      let suit = null;
      for (const card of step.cards) {
        // a suit's cards start a row (the Joker stays with the last suit): a suit split over
        // two rows is read as two
        if (suit !== null && card !== "JK" && card.slice(-1) !== suit) {
          const rowBreak = document.createElement("span");
          rowBreak.className = "rec-suit-break";
          choices.append(rowBreak);
        }
        if (card !== "JK") suit = card.slice(-1);
        const el = cardElement(card, { button: true });
        el.addEventListener("click", () => this.tap([step.stage === "play" ? "card" : step.stage, card], step));
        choices.append(el);
      }
    }
    if (step.not_known) button("not seen", [step.stage, NOT_SEEN]).classList.add("not-seen");
    if (step.stage === "done" && step.record) this.finish(step);
  }

  // A hand done: its record joins the night once (the last tap may be undone and redone).
  finish(step) {
    $("#rec-record").textContent = step.record;
    const night = this.data.night;
    const id = this.data.handId;
    const at = night.findIndex((hand) => hand.id === id);
    if (at >= 0) night[at].record = step.record;
    else {
      this.data.handId = `${Date.now()}`;
      night.push({ id: this.data.handId, record: step.record });
    }
    this.save();
    this.renderNight();
  }

  nextHand() {
    if (!this.step || this.step.stage !== "done") return;  // a second tap: the next hand is begun already
    this.step = null;
    $("#rec-done").hidden = true;
    const seats = this.facts().seats;
    this.data.dealer = seats[(seats.indexOf(this.data.dealer) + 1) % seats.length];
    Object.assign(this.data, { taps: [], handId: null, wiped: null });
    this.refresh();
  }

  // Tonight's hands, each with its review, and the night as a file.
  renderNight() {
    const list = $("#rec-night");
    list.replaceChildren();
    this.data.night.forEach((hand, index) => {
      const item = document.createElement("li");
      const fields = Object.fromEntries(hand.record.split("\n").map((line) => line.split(/: (.*)/s)));
      const summary = `${FACTS.games[fields.variant] ? FACTS.games[fields.variant].title : fields.variant}, `
        + `${fields.dealer} dealt: ${fields.contract || "passed out"}`;
      item.append(`${summary} `);
      const review = document.createElement("button");
      review.type = "button";
      review.textContent = "Review";
      review.addEventListener("click", () => this.onReview(hand.record));
      const remove = document.createElement("button");
      remove.type = "button";
      remove.textContent = "Remove";
      remove.addEventListener("click", () => {
        // no undo brings a hand back: asked first, so that a double tap cannot take two
        if (!window.confirm(`Remove hand ${index + 1} (${summary}) from tonight's hands?`)) return;
        this.data.night.splice(index, 1);
        this.save();
        this.renderNight();
      });
      item.append(review, " ", remove);
      list.append(item);
    });
    const link = $("#rec-download");
    link.hidden = $("#rec-egn").hidden = $("#rec-report").hidden = this.data.night.length === 0;
    link.href = `data:text/plain;charset=utf-8,${encodeURIComponent(nightText(this.data.night))}`;
    $("#rec-egn-file").hidden = $("#rec-report-file").hidden = true;  // made again from the night as it is now
  }

  // Tonight's report, as hasen session writes it: each hand reviewed in turn (the server keeps
  // them), then the report, opened in a tab of its own.
  async report() {
    const records = nightText(this.data.night);
    const layouts = FACTS.singleDummy.layouts;
    const status = $("#rec-report-status");
    this.error("");  // an earlier message (a refused EGN file, say) is not this report's
    try {
      const plan = await post("night", { records });
      const todo = plan.hands.map((hand, index) => ({ hand, index })).filter(({ hand }) => hand.reviewable);
      for (const [done, { index }] of todo.entries()) {
        status.textContent = `Reviewing hand ${done + 1} of ${todo.length}…`;
        await post("night/review", { records, hand: index, layouts });
      }
      status.textContent = "Writing the report…";
      const answer = await post("night/report", { records, layouts });
      const file = $("#rec-report-file");
      if (file.href.startsWith("blob:")) URL.revokeObjectURL(file.href);
      file.href = URL.createObjectURL(new Blob([answer.html], { type: "text/html" }));
      file.hidden = false;
      status.textContent = `${answer.hands} hands reviewed, over ${layouts} layouts a decision.`;
      this.error("");
      file.click();
    } catch (err) {
      status.textContent = "";
      this.error(`No report: ${err.message}`);
    }
  }

  // The night as EGN, written by the server (Euchre games only), saved as a file.
  async egn() {
    let answer;
    try {
      answer = await post("egn", { records: nightText(this.data.night) });
    } catch (err) {
      this.error(`No EGN file: ${err.message}`);
      return;
    }
    this.error("");
    const file = $("#rec-egn-file");
    file.href = `data:application/json;charset=utf-8,${encodeURIComponent(answer.egn)}`;
    file.hidden = false;
    file.click();
  }
}

// The night as a record file: each hand's record, numbered, a blank line between.
export function nightText(night) {
  return night.map((hand, index) => `id: ${index + 1}\n${hand.record}\n`).join("\n");
}
