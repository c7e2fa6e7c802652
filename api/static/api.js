// Calls to the JSON API. A 4xx or 503 answer carries {"error": "..."}: that message is
// what the page shows, word for word. While a call is on its way the page is busy (the play
// waits for it), except for a call made in the ``background``: one whose answer goes to a
// panel of its own (the single-dummy view), which says that it is loading.

import { FACTS } from "./cards.js";

let busy = 0;

function setBusy(delta) {
  busy += delta;
  // the browser test waits on this attribute before it reads the page
  document.body.dataset.busy = String(busy);
  document.body.classList.toggle("busy", busy > 0);
}

// ``status``: the answer's HTTP status, 0 where the server did not answer at all
export class ApiError extends Error {
  constructor(message, status = 0) {
    super(message);
    this.status = status;
  }
}

export async function post(endpoint, body, { background = false } = {}) {
  if (!background) setBusy(1);
  try {
    let response;
    try {
      response = await fetch(`${FACTS.api}/${endpoint}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
    } catch (err) {
      throw new ApiError(`the server did not answer (${err.message}); is hasen serve running?`);
    }
    let answer;
    try {
      answer = await response.json();
    } catch (err) {
      throw new ApiError(`the server answered ${response.status} without JSON`, response.status);
    }
    if (!response.ok) throw new ApiError(answer.error || `the server answered ${response.status}`, response.status);
    return answer;
  } finally {
    if (!background) setBusy(-1);
  }
}
