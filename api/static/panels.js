// What a panel loaded in the background shows while its answer is on its way, and when the
// server could not give it: a moving bar, or the server's message with a button to ask again.

export function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

// "Dealing ... layouts ...", over a bar that sweeps until the answer comes.
export function loadingNote(text) {
  const loading = el("div", "sd-loading");
  loading.setAttribute("role", "status");
  loading.append(el("p", "hint", text), el("div", "sd-progress"));
  return loading;
}

// The message, and a button (``retryId``) that asks again.
export function failureNote(text, retryId, onRetry) {
  const box = el("div", "sd-error");
  box.setAttribute("role", "alert");
  box.append(el("p", "sd-error-text", text));
  const retry = el("button", "", "Try again");
  retry.type = "button";
  retry.id = retryId;
  retry.addEventListener("click", onRetry);
  box.append(retry);
  return box;
}
