// The declarer's table as a heat map: darker is more tricks; every best cell carries a star;
// a click on a cell picks that contract. Hasenpfeffer: one row per trump, one column per
// discard. Euchre: one row per trump with the makers' tricks; where the dealer takes the
// upcard, the tricks after each of the dealer's discards too.

import { FACTS, cardText, game, suitName, suitSymbol } from "./cards.js";
import { dealerChoice, discardsOf, entryCalls } from "./hands.js";

function shade(tricks) {
  const share = tricks / game().handSize;
  // pale for few tricks, deep green for all of them
  return { background: `hsl(152, 48%, ${96 - share * 62}%)`, dark: share > 0.55 };
}

// One cell: ``column`` is the discard it shows ("value": a Euchre trump's own tricks);
// ``pick`` the contract a click plays.
function cell(tricks, pick, column, title, flags) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "cell";
  button.dataset.trump = pick.trump;
  button.dataset.discard = pick.discard || "";
  button.dataset.column = column;
  button.dataset.tricks = String(tricks);
  const { background, dark } = shade(tricks);
  button.style.background = background;
  if (dark) button.classList.add("dark");
  for (const [name, on] of Object.entries(flags)) if (on) button.classList.add(name);
  button.textContent = String(tricks);
  button.title = title;
  return button;
}

function trumpHeader(row, trump) {
  const th = document.createElement("th");
  th.scope = "row";
  th.className = `trump-label suit-${trump}`;
  th.textContent = suitSymbol(trump);
  th.title = suitName(trump);
  row.append(th);
}

function headCell(row, content, className = "") {
  const th = document.createElement("th");
  th.scope = "col";
  th.className = className;
  th.append(content);
  row.append(th);
  return th;
}

export function renderHeatmap(container, table, selected, onPick) {
  container.replaceChildren();
  const grid = document.createElement("table");
  grid.className = "heatmap";
  if (game().exchanger === "dealer") {
    euchreGrid(grid, table, selected, onPick);
  } else {
    declarerGrid(grid, table, selected, onPick);
  }
  container.append(grid);
}

function declarerGrid(grid, table, selected, onPick) {
  const discards = Object.keys(table.tricks[FACTS.suits[0]]);
  const ties = new Set(table.ties.map(([trump, discard]) => `${trump}-${discard}`));
  const caption = document.createElement("caption");
  caption.textContent = "Tricks for each trump (rows) and discard (columns)";
  grid.append(caption);

  const head = grid.createTHead().insertRow();
  const corner = headCell(head, "", "corner");
  corner.innerHTML = "trump ↓<br>discard →";
  for (const discard of discards) headCell(head, cardText(discard));

  const body = grid.createTBody();
  for (const trump of FACTS.suits) {
    const row = body.insertRow();
    trumpHeader(row, trump);
    for (const discard of discards) {
      const tricks = table.tricks[trump][discard];
      const best = ties.has(`${trump}-${discard}`);
      const button = cell(tricks, { trump, discard }, discard,
        `${suitName(trump)}, discard ${discard}: ${tricks} tricks${best ? " (best)" : ""}`,
        { best, selected: selected && selected.trump === trump && selected.discard === discard });
      button.addEventListener("click", () => onPick(trump, discard));
      row.insertCell().append(button);
    }
  }
}

// Euchre: a trump's entry is the makers' tricks, or, where the dealer takes the upcard, the
// tricks after each discard and the dealer's choice as ``value``.
function euchreGrid(grid, table, selected, onPick) {
  const ties = new Set(table.ties.map(([trump]) => trump));  // [trump, the dealer's discard] pairs
  const exchange = FACTS.suits.split("").find((t) => discardsOf(table.tricks[t]).length);
  const discards = exchange ? discardsOf(table.tricks[exchange]) : [];
  const caption = document.createElement("caption");
  caption.textContent = `${game().seats.length === 3 ? "The maker's" : "The makers'"} tricks for each trump` +
    (discards.length ? "; where the dealer takes the upcard, after each of the dealer's discards" : "");
  grid.append(caption);

  grid.classList.add("euchre");
  const thead = grid.createTHead();
  const head = thead.insertRow();
  headCell(head, "trump", "corner").rowSpan = discards.length ? 2 : 1;
  headCell(head, "tricks", "value-head").rowSpan = discards.length ? 2 : 1;
  if (discards.length) {
    headCell(head, "after the dealer's discard", "corner discards-head").colSpan = discards.length;
    const cards = thead.insertRow();
    for (const discard of discards) headCell(cards, cardText(discard));
  }

  const body = grid.createTBody();
  for (const trump of FACTS.suits) {
    const row = body.insertRow();
    trumpHeader(row, trump);
    const entry = table.tricks[trump];
    const best = ties.has(trump);
    const taking = discardsOf(entry).length > 0;
    const value = typeof entry === "object" ? entry.value : entry;
    const calls = entryCalls(entry);  // Railroad: the calls made after the dealer's own discard
    const choice = taking ? dealerChoice(entry) : null;
    const picked = selected && selected.trump === trump;
    const valueCell = cell(value, { trump, discard: choice }, "value",
      `${suitName(trump)}: ${value} tricks${taking ? `, the dealer discarding ${choice}` : ""}${best ? " (best)" : ""}`,
      { best, value: true, selected: picked && (selected.discard || null) === choice });
    valueCell.addEventListener("click", () => onPick(trump, choice, calls));
    row.insertCell().append(valueCell);
    discards.forEach((discard, i) => {
      const td = row.insertCell();
      if (!i) td.className = "first-discard";
      if (!taking) return;
      const tricks = entry[discard];
      // Railroad: the table's calls for best are those after the dealer's own discard, so
      // another discard's cell is shown but not played (its own calls are not in the table)
      const playable = !Object.keys(calls).length || discard === choice;
      const button = cell(tricks, { trump, discard }, discard,
        `${suitName(trump)}, the dealer discarding ${discard}: ${tricks} tricks` +
        (discard === choice ? " (the dealer's choice)" : "") +
        (playable ? "" : "; to play it, the calls for best after this discard would be needed"),
        { choice: discard === choice, selected: picked && selected.discard === discard });
      if (playable) button.addEventListener("click", () => onPick(trump, discard, calls));
      else button.disabled = true;
      td.append(button);
    });
  }
}

// The best contract in words, under the map.
export function bestText(table) {
  const best = table.best;
  const words = `Best: ${suitSymbol(best.trump)} ${suitName(best.trump)}`;
  if (game().exchanger === "declarer") return `${words}, discard ${best.discard}: ${best.tricks} tricks`;
  return `${words}${best.discard ? `, the dealer discarding ${best.discard}` : ""}: ${best.tricks} tricks`;
}
