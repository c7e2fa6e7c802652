// An answer shown in a panel of its own and asked for in the background, so that the table
// and the play never wait for it: the single-dummy view, the bid advice, the fair review.
// Each request is asked for once (an answer on view or on its way is kept; a failed one is
// asked again); a late answer for a request no longer wanted is dropped. The panel is drawn
// by ``render`` at each change, and says by its status what it shows.

import { post } from "./api.js";

export class Background {
  constructor(endpoint, render) {
    this.endpoint = endpoint;
    this.render = render;
    this.forget();
  }

  forget() {
    Object.assign(this, { key: null, body: null, answer: null, error: null });
  }

  // "idle" (nothing asked), "loading", "done" or "error".
  get status() {
    return !this.key ? "idle" : this.error ? "error" : this.answer ? "done" : "loading";
  }

  // Ask for ``body`` unless it is the answer on view or on its way (``again``: ask anyway).
  async load(body, again = false) {
    const key = JSON.stringify(body);
    if (key === this.key && !again && !this.error) return;
    Object.assign(this, { key, body, answer: null, error: null });
    this.render();
    try {
      const answer = await post(this.endpoint, body, { background: true });
      if (this.key === key) this.answer = answer;
    } catch (err) {
      if (this.key === key) this.error = err.message;
    }
    if (this.key === key) this.render();
  }

  // Nothing to show: an answer still on its way is dropped.
  clear() {
    this.forget();
    this.render();
  }
}
