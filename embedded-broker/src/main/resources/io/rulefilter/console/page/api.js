// The console's API, called as the operator who signed in on this page. The credentials live in this page's memory
// only (no cookie, no storage): another site cannot make the browser send them, and a reload signs out.
let authorization = null;
let signedIn = null;

/** Keeps the credentials for the calls that follow; the next call checks them. */
export function signIn(user, password) {
  const bytes = new TextEncoder().encode(user + ':' + password);
  authorization = 'Basic ' + btoa(String.fromCharCode(...bytes));
  signedIn = user;
}

export function signOut() {
  authorization = null;
  signedIn = null;
}

export function user() {
  return signedIn;
}

/**
 * One API call. Resolves to {ok, status, data}; data is the API's JSON, and on a refusal {error: "…"}, the API's
 * one-line (or caret) reason, which the page shows as it is.
 */
export async function call(method, path, body) {
  const headers = { 'X-Requested-With': 'rulefilter-console' };
  if (authorization) {
    headers.Authorization = authorization;
  }
  const init = { method, headers, cache: 'no-store', credentials: 'omit' };
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch (e) {
    return { ok: false, status: 0, data: { error: 'the console cannot be reached: ' + e.message } };
  }
  let data;
  try {
    data = await response.json();
  } catch (e) {
    data = { error: 'the console answered ' + response.status + ' with something that is not JSON' };
  }
  return { ok: response.ok, status: response.status, data };
}

/** A query string of the non-empty values. */
export function query(values) {
  const parameters = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    if (value !== undefined && value !== null && value !== '') {
      parameters.set(name, value);
    }
  }
  return parameters.toString();
}

/** A change's time as the operator reads it; 0 or absent: never changed. */
export function when(epochMillis) {
  return epochMillis ? new Date(epochMillis).toLocaleString() : '';
}

/** A new element with its text; text is always set as text, never parsed as HTML. */
export function element(tag, text, className) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) {
    node.textContent = String(text);
  }
  if (className) {
    node.className = className;
  }
  return node;
}
