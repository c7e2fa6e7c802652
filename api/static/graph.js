// The hand's value card by card: the declaring side's double-dummy tricks before the first
// card and after each card of the record (the review's before and after values), with the
// tricks it has won so far beneath. A costly card is a red point where the line steps down
// (or up, when a defender gives a trick away); with a fair review, a mistake from the
// player's seat is ringed, and a card costly only with every hand open is an amber point.
// A click on a point shows that position.

import { game, verb } from "./cards.js";
import { valueSeries, wonSeries } from "./hands.js";
import { decimal } from "./simulation.js";

const SVG = "http://www.w3.org/2000/svg";
const HEIGHT = 132;
const PAD = { left: 26, right: 10, top: 8, bottom: 20 };

function svg(tag, attrs = {}, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, String(value));
  if (text !== undefined) node.textContent = text;
  return node;
}

// A path through the points that holds each value until the next card: a step per card.
function steps(points) {
  return points.map(([x, y], i) => (i ? `H${x.toFixed(1)}V${y.toFixed(1)}` : `M${x.toFixed(1)},${y.toFixed(1)}`)).join("");
}

// ``review``: the API's review of the whole record; ``at``: the cards played in the position
// on view; ``side``: the declaring side's name; onJump(cards): show the position after that many;
// ``fair``: the fair review's cards that the record begins with, or none.
export function renderGraph(container, review, at, declarer, side, onJump, fair = []) {
  container.replaceChildren();
  const WIDTH = Math.max(320, Math.round(container.clientWidth) || 640);  // drawn at the size shown
  const seats = Object.keys(review.players).length;
  const tricks = game().handSize;
  const total = seats * tricks;
  const series = valueSeries(review);
  const won = wonSeries(review, game(), declarer);
  const x = (cards) => PAD.left + (cards / total) * (WIDTH - PAD.left - PAD.right);
  const y = (value) => PAD.top + (1 - value / tricks) * (HEIGHT - PAD.top - PAD.bottom);

  const head = document.createElement("div");
  head.className = "graph-head";
  const keys = [["value", "with best play"], ["won", "won so far"], ["costly", "costly card"]];
  if (fair.length) keys.push(["sd-mistake", "a mistake, knowing only one's own cards"],
    ["dd-only", "costly only with every hand open"]);
  head.innerHTML = `<span class="graph-title"></span><span class="graph-legend">${keys.map(([key, words]) =>
    `<span class="legend-item"><span class="key ${key}"></span> ${words}</span>`).join(" ")}</span>`;
  head.querySelector(".graph-title").textContent = `${side}'s tricks for the hand, card by card`;

  const chart = svg("svg", { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, class: "graph-svg", role: "img",
    "aria-label": `${side}'s double-dummy tricks after each card` });
  for (let t = 0; t <= tricks; t++) {
    chart.append(svg("line", { x1: PAD.left, x2: WIDTH - PAD.right, y1: y(t), y2: y(t), class: "grid" }));
    chart.append(svg("text", { x: PAD.left - 6, y: y(t) + 4, class: "axis", "text-anchor": "end" }, String(t)));
  }
  for (let t = 0; t < tricks; t++) {
    if (t) chart.append(svg("line", { x1: x(t * seats), x2: x(t * seats), y1: PAD.top, y2: HEIGHT - PAD.bottom,
      class: "trick-line" }));
    chart.append(svg("text", { x: x((t + 0.5) * seats), y: HEIGHT - 6, class: "axis", "text-anchor": "middle" },
      `trick ${t + 1}`));
  }
  const last = series.length - 1;
  chart.append(svg("rect", { x: x(Math.min(at, last)), y: PAD.top, class: "ahead-shade",
    width: Math.max(0, x(last) - x(Math.min(at, last))), height: HEIGHT - PAD.top - PAD.bottom }));
  chart.append(svg("path", { d: steps(won.map((w, i) => [x(i), y(w)])), class: "won-line" }));
  chart.append(svg("path", { d: steps(series.map((p) => [x(p.cards), y(p.value)])), class: "value-line" }));
  chart.append(svg("line", { x1: x(at), x2: x(at), y1: PAD.top - 4, y2: HEIGHT - PAD.bottom, class: "at-line" }));

  for (const point of series) {
    const judged = fair[point.cards - 1];
    const verdict = judged ? judged.verdict : null;
    const cls = ["point", point.cost ? "costly" : "", verdict === "double dummy only" ? "dd-only" : "",
      point.cards === at ? "current" : "", point.cards > at ? "ahead" : ""].filter(Boolean).join(" ");
    const card = review.cards[point.cards - 1];
    const what = card ? `after ${card.seat}'s ${card.card}` : "before the first card";
    const lost = point.cost ? `; ${point.cost} trick${point.cost > 1 ? "s" : ""} given away` : "";
    const fairly = verdict === "mistake"
      ? `; a mistake knowing only ${card.seat}'s cards, ${decimal(judged.cost, 2)} tricks given away on average`
      : verdict === "double dummy only" ? "; only with every hand open: not a mistake" : "";
    const title = `${what}: ${side} ${verb("take", "takes")} ${point.value} with best play${lost}${fairly}`;
    if (verdict === "mistake") {
      const ring = svg("circle", { cx: x(point.cards), cy: y(point.value), r: 9, class: "sd-mistake",
        "data-cards": point.cards });
      ring.append(svg("title", {}, title));
      ring.addEventListener("click", () => onJump(point.cards));
      chart.append(ring);
    }
    const dot = svg("circle", { cx: x(point.cards), cy: y(point.value), r: point.cost ? 5 : 3.5, class: cls,
      "data-cards": point.cards, "data-value": point.value, "data-cost": point.cost });
    if (verdict) dot.dataset.verdict = verdict;
    dot.append(svg("title", {}, title));
    dot.addEventListener("click", () => onJump(point.cards));
    chart.append(dot);
  }
  chart.append(svg("title", {}, "Tap or click a point to see that position"));
  container.append(head, chart);
}
