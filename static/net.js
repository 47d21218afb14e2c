// Phones on bad Wi-Fi (issue 9): every change carries an id made here, kept across
// retries, so the server applies a tap once however often it arrives; a banner says
// when the server cannot be reached and the numbers are greyed as not current; the
// service worker keeps the last seen page for offline viewing; "Keep screen on".
(function () {
  "use strict";
  var RETRY_MS = [1000, 2000, 4000, 8000, 15000];
  var pendingIds = new WeakMap();   // element -> the id of its tap until the server answers
  var retry = null;                 // the one tap waiting for the server: {verb, path, values, target, swap, id, tries}
  var retryTimer = null;

  // The page's words for what this file says (base.html's #net-words); English if a page has none.
  function say(key, english) {
    var words = document.getElementById("net-words");
    return (words && words.dataset[key]) || english;
  }

  function newId() {
    var bytes = new Uint8Array(16);   // crypto.randomUUID needs https; this works on a LAN address too
    crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
  }

  // -- the banner and the greyed numbers ------------------------------------------------

  function banner() {
    var found = document.getElementById("net-banner");
    if (found) return found;
    found = document.createElement("p");
    found.id = "net-banner";
    found.className = "net-banner";
    found.setAttribute("role", "alert");
    found.hidden = true;
    var bar = document.querySelector("header.bar");
    if (bar) bar.insertAdjacentElement("afterend", found); else document.body.prepend(found);
    return found;
  }

  function markStale(stale) {
    var live = document.getElementById("live");
    if (live) live.classList.toggle("net-stale", stale);
  }

  function offline(text) {
    var shown = banner();
    shown.textContent = text || (retry
      ? say("offlineKept", "No connection to the game server. Your tap is kept and will be sent when it is back.")
      : say("offlineStale", "No connection to the game server. The numbers below may not be current."));
    shown.hidden = false;
    markStale(true);
  }

  function online() {
    if (retry) return;   // the kept tap still has to go through first
    banner().hidden = true;
    markStale(false);
    delete document.body.dataset.offlineCopy;
  }

  // -- request ids and retries ------------------------------------------------------------

  document.addEventListener("htmx:configRequest", function (event) {
    var detail = event.detail;
    if (detail.verb === "get") return;
    var id = detail.headers["X-Request-Id"] || pendingIds.get(detail.elt) || newId();
    pendingIds.set(detail.elt, id);
    detail.headers["X-Request-Id"] = id;
  });

  function plainValues(formData) {
    var values = {};
    if (!formData) return values;
    formData.forEach(function (value, name) {
      if (!(name in values)) values[name] = value;
      else values[name] = [].concat(values[name], value);
    });
    return values;
  }

  function keepForRetry(detail) {
    var config = detail.requestConfig || {};
    var id = (config.headers || {})["X-Request-Id"];
    if (!id || (config.verb || "get") === "get") return;
    if (retry && retry.id === id) return;
    var target = detail.target && detail.target.id ? "#" + detail.target.id : "#live";
    var swapFrom = detail.elt && detail.elt.closest ? detail.elt.closest("[hx-swap]") : null;
    retry = {verb: config.verb, path: config.path, values: plainValues(config.formData), target: target,
             swap: swapFrom ? swapFrom.getAttribute("hx-swap") : htmx.config.defaultSwapStyle, id: id, tries: 0,
             elt: detail.elt};   // the control tapped: its id is done with once the retry is answered
    scheduleRetry();
  }

  function scheduleRetry() {
    if (!retry || retryTimer) return;
    var wait = RETRY_MS[Math.min(retry.tries, RETRY_MS.length - 1)];
    retryTimer = setTimeout(sendRetry, wait);
  }

  function sendRetry() {
    retryTimer = null;
    if (!retry) return;
    retry.tries += 1;
    htmx.ajax(retry.verb.toUpperCase(), retry.path, {
      target: retry.target, swap: retry.swap, values: retry.values,
      headers: {"X-Request-Id": retry.id},
    });
  }

  var SERVER_TRIES = 3;   // a server that answers 5xx to the same tap again and again will not heal by waiting

  function failed(detail) {
    var id = ((detail.requestConfig || {}).headers || {})["X-Request-Id"];
    var status = detail.xhr ? detail.xhr.status : 0;
    if (status >= 500 && retry && id === retry.id && retry.tries >= SERVER_TRIES) {
      clearTimeout(retryTimer); retryTimer = null; retry = null;
      offline(say("tapProblem", "The game server had a problem with that tap. Reload the page to see the game as it is now."));
      return;
    }
    if (retry && id === retry.id) scheduleRetry();   // a retry that failed again: wait longer
    else keepForRetry(detail);
    offline(status >= 500 ? say("serverProblem", "The game server had a problem. Your tap is kept and will be sent again.") : null);
  }

  document.addEventListener("htmx:sendError", function (event) { failed(event.detail); });
  document.addEventListener("htmx:timeout", function (event) { failed(event.detail); });
  document.addEventListener("htmx:afterRequest", function (event) {
    var detail = event.detail;
    var status = detail.xhr ? detail.xhr.status : 0;
    if (status === 0) return;                          // sendError or timeout said so already
    if (status >= 500) { failed(detail); return; }    // the server is there but failing: try again later
    // Any answer below 500 is definite: the tap was applied (or refused, with nothing stored).
    pendingIds.delete(detail.elt);
    var id = ((detail.requestConfig || {}).headers || {})["X-Request-Id"];
    if (retry && id === retry.id) {
      // A morphing swap keeps the tapped control's element: its next tap must get a new id.
      pendingIds.delete(retry.elt);
      retry = null;
    }
    if (retry && !retryTimer) return;                  // the kept tap is on its way already
    if (retry) { clearTimeout(retryTimer); retryTimer = null; sendRetry(); return; }   // server is back: send it now
    online();
  });
  window.addEventListener("online", function () {
    if (retry) { clearTimeout(retryTimer); retryTimer = null; sendRetry(); }
  });
  window.addEventListener("offline", function () { offline(); });

  document.addEventListener("DOMContentLoaded", function () {
    if (window.htmx) htmx.config.timeout = 10000;   // a tap that hangs is a tap to retry, not a frozen button
    if (document.body.dataset.offlineCopy !== undefined) {
      offline(say("offlineCopy", "You are offline: this is the game as it was last seen here, not the current game."));
    }
  });

  // While a player fills in a form, polls are not sent at all (CSP forbids the
  // hx-trigger filter that did this: it is evaluated as script).
  document.addEventListener("htmx:beforeRequest", function (event) {
    var path = (event.detail.requestConfig || {}).path || "";
    var editing = typeof window.companionEditing === "function" && window.companionEditing();
    if (editing && path.indexOf("/poll") !== -1) event.preventDefault();
  });

  // Revisions only grow: an answer that left before a newer one arrived (a slow
  // poll overtaken by a tap's answer) never puts older numbers back on screen.
  document.addEventListener("htmx:beforeSwap", function (event) {
    var live = document.getElementById("live");
    if (!live || event.detail.target !== live) return;
    var found = /data-revision="(\d+)"/.exec(event.detail.serverResponse || "");
    if (found && Number(found[1]) < Number(live.dataset.revision)) event.detail.shouldSwap = false;
  });

  // A plain form post (no htmx) carries its id in a hidden field: a double tap sends the same one.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!(form instanceof HTMLFormElement) || (form.method || "").toLowerCase() !== "post") return;
    if (form.hasAttribute("hx-post") || form.querySelector("input[name=request_id]")) return;
    var field = document.createElement("input");
    field.type = "hidden";
    field.name = "request_id";
    field.value = newId();
    form.appendChild(field);
  }, true);

  // -- installable, and the last seen page offline -----------------------------------------

  if ("serviceWorker" in navigator && window.isSecureContext) {
    window.addEventListener("load", function () {
      navigator.serviceWorker.register("/sw.js").catch(function () { /* the app works without it */ });
    });
  }

  // -- "Keep screen on" for the person keeping score ------------------------------------------

  document.addEventListener("DOMContentLoaded", function () {
    var live = document.getElementById("live");
    if (!("wakeLock" in navigator) || !live) return;
    // Beside the live region, not in it: a poll's swap would take the button away.
    var row = document.createElement("p");
    row.className = "row wake-row";
    live.insertAdjacentElement("beforebegin", row);
    var lock = null;
    var wanted = false;
    var button = document.createElement("button");
    button.type = "button";
    button.className = "wake-lock";
    button.textContent = say("keepScreenOn", "Keep screen on");
    button.setAttribute("aria-pressed", "false");
    row.appendChild(button);

    function show() {
      button.setAttribute("aria-pressed", lock ? "true" : "false");
      button.textContent = lock ? say("screenStaysOn", "Screen stays on") : say("keepScreenOn", "Keep screen on");
    }
    function acquire() {
      return navigator.wakeLock.request("screen").then(function (sentinel) {
        lock = sentinel;
        sentinel.addEventListener("release", function () { lock = null; show(); });
        show();
      }).catch(function () { lock = null; wanted = false; show(); });
    }
    button.addEventListener("click", function () {
      wanted = !lock;
      if (lock) lock.release(); else acquire();
    });
    // The browser drops the lock when the page is hidden: take it again on return.
    document.addEventListener("visibilitychange", function () {
      if (wanted && !lock && document.visibilityState === "visible") acquire();
    });
  });
})();
