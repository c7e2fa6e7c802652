// The declarer's trump x discard table as a heat map: darker is more tricks; every best
// cell carries a star; a click on a cell picks that contract.

import { FACTS, cardText, suitName, suitSymbol } from "./cards.js";

function shade(tricks) {
  const share = tricks / FACTS.handSize;
  // pale for few tricks, deep green for all of them
  return { background: `hsl(152, 48%, ${96 - share * 62}%)`, dark: share > 0.55 };
}

export function renderHeatmap(container, table, selected, onPick) {
  container.replaceChildren();
  const discards = Object.keys(table.tricks[FACTS.suits[0]]);
  const ties = new Set(table.ties.map(([trump, discard]) => `${trump}-${discard}`));
  const grid = document.createElement("table");
  grid.className = "heatmap";
  const caption = document.createElement("caption");
  caption.textContent = "Tricks for each trump (rows) and discard (columns)";
  grid.append(caption);

  const head = grid.createTHead().insertRow();
  const corner = document.createElement("th");
  corner.innerHTML = "trump ↓<br>discard →";
  corner.className = "corner";
  head.append(corner);
  for (const discard of discards) {
    const th = document.createElement("th");
    th.scope = "col";
    th.append(cardText(discard));
    head.append(th);
  }

  const body = grid.createTBody();
  for (const trump of FACTS.suits) {
    const row = body.insertRow();
    const th = document.createElement("th");
    th.scope = "row";
    th.className = `trump-label suit-${trump}`;
    th.textContent = suitSymbol(trump);
    th.title = suitName(trump);
    row.append(th);
    for (const discard of discards) {
      const tricks = table.tricks[trump][discard];
      const td = row.insertCell();
      const button = document.createElement("button");
      button.type = "button";
      button.className = "cell";
      button.dataset.trump = trump;
      button.dataset.discard = discard;
      button.dataset.tricks = String(tricks);
      const { background, dark } = shade(tricks);
      button.style.background = background;
      if (dark) button.classList.add("dark");
      const best = ties.has(`${trump}-${discard}`);
      if (best) button.classList.add("best");
      if (selected && selected.trump === trump && selected.discard === discard) button.classList.add("selected");
      button.textContent = String(tricks);
      button.title = `${suitName(trump)}, discard ${discard}: ${tricks} tricks${best ? " (best)" : ""}`;
      button.addEventListener("click", () => onPick(trump, discard));
      td.append(button);
    }
  }
  container.append(grid);
}
