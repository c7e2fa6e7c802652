// The single-dummy view without the DOM: the request for POST /simulate, and which of the
// API's figures the panel shows. Every figure is the API's; these functions only pick them
// out and write them for people. Everything comes in as arguments (``bids``: api/page.py's
// bids of one deck of one game, [name, tricks it needs] lowest first; ``settings``: the
// page's facts' singleDummy), so that tests/web/test_page_js.py runs them under node.

// The request: the deal (the API uses only the declarer's hand and the widow or upcard), the
// declarer as the seat, the one form of play the page shows (alone or with the partner), and
// the page's layouts and fixed seed, so that a view is the same answer every time.
export function simulateBody(view, gameBody, settings) {
  return {
    deal: view.deal, dealer: view.dealer, seat: view.declarer, ...gameBody,
    layouts: settings.layouts, seed: settings.seed, form: view.alone ? "alone" : "partner",
  };
}

// The form of play asked for in the API's answer.
export function simulatedForm(answer, alone) {
  const name = alone ? "alone" : "with_partner";
  const form = answer.forms[name];
  if (!form) throw new Error(`the simulation has no form ${name}: ${Object.keys(answer.forms).join(", ")}`);
  return form;
}

// The bid a number of tricks makes: the highest bid they reach, else the lowest bid.
// ``tricks``: the double-dummy best's, so the view speaks of the bid the table points to.
export function bidFor(bids, tricks) {
  const reached = bids.filter(([, needs]) => needs <= tricks);
  const [name, needs] = reached.length ? reached[reached.length - 1] : bids[0];
  return { name, needs };
}

// A choice of the simulation by its trump and discard (null: the seat has no discard to make).
export function choiceOf(form, trump, discard) {
  return form.choices.find((c) => c.trump === trump && c.discard === (discard || null)) || null;
}

// The simulated choice of a contract of the table. Where the discard is the seat's own (the
// Hasenpfeffer declarer's; the Euchre maker's when it deals and takes the upcard) the choice
// has that discard; otherwise the trump alone is the choice: another dealer's discard is
// made double-dummy on each layout (docs/rules.md). Null if the simulation has no such choice.
export function contractChoice(form, trump, discard) {
  const ofTrump = form.choices.filter((c) => c.trump === trump);
  if (ofTrump.some((c) => c.discard !== null)) return ofTrump.find((c) => c.discard === discard) || null;
  return ofTrump[0] || null;
}

export function sameChoice(a, b) {
  return Boolean(a && b) && a.trump === b.trump && a.discard === b.discard;
}

// The share of layouts where a choice makes a bid: its share with at least the tricks needed.
export function makeShare(choice, needs) {
  return choice.at_least[String(needs)];
}

// Per bid: the API's best choice for it, with its expected score and its share of making it.
export function bidRows(form, bids) {
  return bids.map(([name, needs]) => {
    const best = form.best[name];
    const choice = choiceOf(form, best.trump, best.discard);
    if (!choice) throw new Error(`bid ${name}: the best choice ${best.trump} ${best.discard} is not among the choices`);
    return { bid: name, needs, choice, score: best.score, make: makeShare(choice, needs) };
  });
}

// --- the figures in words --------------------------------------------------------------
// The API writes figures with four decimals; they are rounded here half away from zero on
// those decimals (not on the binary fraction), so 0.955 is 96% and 2.415 is 2.42.

function units(value) {
  return Math.round(Math.abs(value) * 1e4);  // exact: the API's figures have four decimals
}

// ``value`` with ``places`` decimals (at most four); ``sign``: "+" before a positive figure.
export function decimal(value, places, sign = false) {
  const step = 10 ** (4 - places);
  const whole = Math.floor((units(value) + step / 2) / step);
  const text = (whole / 10 ** places).toFixed(places);
  if (!whole) return text;
  return (value < 0 ? "−" : sign ? "+" : "") + text;
}

// A share of layouts as a whole percentage: "96%".
export function percent(share) {
  return `${Math.floor((units(share) + 50) / 100)}%`;
}
