// What the page says in its own words, without the DOM: the API's messages with the command
// line's and the API's way of choosing a game or deck put as the page's controls; the seats
// of a shared link read as the notation reads them; a hand record's result for people; cards
// and trumps in running text. Everything comes in as arguments, so that
// tests/web/test_page_js.py runs these under node.

// --- cards in running text -----------------------------------------------------------------
// A sentence with cards in it is a list of pieces: strings, {card: "TD"}, {trump: "C"} and
// {suit: "C"}. The page draws them coloured (cards.js); as plain text a card is "10♦", a
// trump "♣ clubs", a suit "♣".

const RANK_LABELS = { T: "10" };  // people read "10"; the notation writes "T"

export function rankLabel(rank) {
  return RANK_LABELS[rank] || rank;
}

// "10♦", "K♠", or the Joker's "JK".
export function cardLabel(card, facts) {
  if (card === facts.joker) return card;
  return rankLabel(card[0]) + facts.suitSymbols[facts.suits.indexOf(card[1])];
}

// "♣ clubs".
export function trumpLabel(suit, facts) {
  return `${suitLabel(suit, facts)} ${facts.suitNames[facts.suits.indexOf(suit)]}`;
}

export function suitLabel(suit, facts) {
  return facts.suitSymbols[facts.suits.indexOf(suit)];
}

// The pieces of a sentence as the text the page shows.
export function plainText(pieces, facts) {
  return pieces.map((piece) => {
    if (typeof piece === "string") return piece;
    if (piece.card !== undefined) return cardLabel(piece.card, facts);
    return piece.trump !== undefined ? trumpLabel(piece.trump, facts) : suitLabel(piece.suit, facts);
  }).join("");
}

// Cards joined with "or": [{card: "AD"}, " or ", {card: "TD"}].
export function cardList(cards, joiner = " or ") {
  return cards.flatMap((card, i) => (i ? [joiner, { card }] : [{ card }]));
}

// A score or a number of points with its sign: "+6", "−6", "0".
export function signed(n) {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0";
}

// The deal notation's hints name an option ("pass --variant euchre, or "variant" in the
// API", "--deck 32", "(--discard, "discard")"): the page has a Game and a Deck control instead,
// and names only the games it offers.
export function pageMessage(message, facts) {
  const title = (name) => (facts.games[name] ? facts.games[name].title : name);
  return message
    .replace(/ \((\d+)-card hands in (\d+) fields fit ([a-z0-9]+(?: or [a-z0-9]+)*): pass [^)]*\)/,
      (_, size, fields, names) => {
        const games = names.split(" or ").filter((name) => facts.games[name]).map(title);
        return ` (${size}-card hands in ${fields} fields fit ${games.join(" or ")}: ` +
          `choose ${games.length > 1 ? "one" : "it"} under Game)`;
      })
    .replace(/ \(it is in the (\d+)-card deck: --deck \d+\)/, " (it is in the $1-card deck: choose $1 cards under Deck)")
    .replace(/ \(--[a-z-]+(?:, "[a-z_]+")?\)/g, "")
    .replace(/ \(--[a-z-]+ [A-Za-z0-9]+\)/g, "");
}

// A seat of a link as the notation reads it, in either case ("w" is W); null when the link
// names none; an Error naming the parameter when it is not a seat of the game.
export function linkSeat(value, name, game, title) {
  if (value === null || value === undefined || value.trim() === "") return null;
  const seat = value.trim().toUpperCase();
  if (game.seats.includes(seat)) return seat;
  const seats = game.seats.length === 2 ? game.seats.join(" or ") : `${game.seats.slice(0, -1).join(", ")} or ` +
    game.seats[game.seats.length - 1];
  throw new Error(`The link's ${name} '${value}' is not a seat of ${title}: ${seats}.`);
}

// A link's yes-or-no parameter: "1" (or "true"), "0" (or "false"), or absent.
export function linkFlag(value, name) {
  if (value === null || value === undefined || value === "") return false;
  const word = value.trim().toLowerCase();
  if (word === "1" || word === "true") return true;
  if (word === "0" || word === "false") return false;
  throw new Error(`The link's ${name} '${value}' is not 1 or 0.`);
}

// A hand record's result (the API's JSON) in words: "N-S took 3 tricks: made · score N-S +1,
// E-W 0" (with three players each one's score, the maker's first), or "Everyone passed: the
// hand is dealt again"; null while the hand is not over.
export function resultWords(result) {
  if (!result) return null;
  const names = Object.keys(result.score);
  if (result.redeal) return "Nobody declared: the hand is dealt again · no score";
  const ours = result.declarers;
  const theirs = names.filter((name) => name !== ours);
  const taken = result.tricks[ours];
  const outcome = result.made ? "made" : `down ${result.down}`;
  const scores = [ours, ...theirs].map((name) => `${name} ${signed(result.score[name])}`);
  return `${ours} took ${taken} trick${taken === 1 ? "" : "s"}: ${outcome} · score ${scores.join(", ")}`;
}

// Where a record stands when it is not over, in words (``toCall``: whose call it is, or null).
export function recordState(record, toCall) {
  if (record.result) return null;
  if (toCall) return `The auction goes on: ${toCall} to call. No contract yet.`;
  if (!record.contract) return "The auction is over; the record gives no contract yet.";
  const cards = record.play ? record.play.split(/[\s|]+/).filter(Boolean).length : 0;
  return `The record stops after ${cards} card${cards === 1 ? "" : "s"} of the play: no result yet.`;
}
