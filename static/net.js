// Phones on bad Wi-Fi (issues 9 and 20): every change is a tap with an id made here, so
// the server applies it once however often it arrives. A tap made while the server cannot
// be reached waits in this game's outbox (localStorage: it survives a reload) with what
// its screen showed when it was made (its form, the revision), and the outbox is sent in
// order, one tap at a time, when the server is back; a tap the game refuses by then is
// listed with the game's reason. A banner says when the server cannot be reached and the
// numbers are greyed as not current; the service worker keeps the last seen page for
// offline viewing; "Keep screen on".
(function () {
  "use strict";
  var RETRY_MS = [1000, 2000, 4000, 8000, 15000];
  var SERVER_TRIES = 3;   // a server that answers 5xx to the same tap again and again will not heal by waiting
  var OUTBOX_PREFIX = "companion-outbox:";
  var game = gameAddress(location.pathname);   // the outbox is this game's (its edit address)
  var box = load();      // {waiting: [tap, ...] oldest first, refused: [{label, why}, ...]}
  var sending = null;    // the id of the tap on its way to the server
  var tries = 0;         // failed sends of the oldest waiting tap
  var cutOff = false;    // the last request did not reach the server
  var note = null;       // why, when it is more than "no connection"
  var retryTimer = null;

  // The page's words for what this file says (base.html's #net-words); English if a page has none.
  function say(key, english, values) {
    var words = document.getElementById("net-words");
    var text = (words && words.dataset[key]) || english;
    Object.keys(values || {}).forEach(function (name) { text = text.split("{" + name + "}").join(values[name]); });
    return text;
  }

  function newId() {
    var bytes = new Uint8Array(16);   // crypto.randomUUID needs https; this works on a LAN address too
    crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
  }

  function gameAddress(path) {
    var found = /^\/g\/[A-Za-z0-9_-]+/.exec(path || "");
    return found ? found[0] : null;
  }

  // -- the outbox, kept per game --------------------------------------------------------

  function load() {
    var kept = null;
    try { kept = game && JSON.parse(localStorage.getItem(OUTBOX_PREFIX + game) || "null"); } catch (e) { kept = null; }
    var waiting = (kept && kept.waiting) || [];
    waiting.forEach(function (tap) { tap.held = true; });   // left from before this page: held by definition
    return {waiting: waiting, refused: (kept && kept.refused) || []};
  }

  function save() {
    if (!game) return;
    try {
      if (box.waiting.length || box.refused.length) localStorage.setItem(OUTBOX_PREFIX + game, JSON.stringify(box));
      else localStorage.removeItem(OUTBOX_PREFIX + game);
    } catch (e) { /* storage full or refused: the outbox still lives as long as the page */ }
  }

  function requestIdOf(detail) {
    return ((detail.requestConfig || {}).headers || {})["X-Request-Id"];
  }

  function plainValues(formData) {
    var values = {};
    if (!formData) return values;
    formData.forEach(function (value, name) {
      if (!(name in values)) values[name] = value;
      else values[name] = [].concat(values[name], value);
    });
    return values;
  }

  function words(el) { return ((el && (el.getAttribute("aria-label") || el.textContent)) || "").replace(/\s+/g, " ").trim(); }

  // What the player tapped, in the page's words: "Ann · Virtue plus 1" (a seat's label, then the button's).
  function describe(elt, submitter, place) {
    var control = submitter || elt.querySelector("button[type=submit], button:not([type])") || elt;
    var what = words(control);
    var who = place ? (place.getAttribute("aria-label") || "") : "";   // (a pad game's buttons name the player themselves)
    return who && what.indexOf(who) === -1 ? who + " · " + what : what;
  }

  // A tap as its screen showed it: the form's values (the revision too), taken now, not when it is sent.
  function capture(detail, id) {
    var elt = detail.elt;
    var place = elt.closest ? elt.closest("[id^='seat-'], [id^='player-']") : null;
    var swapFrom = elt.closest ? elt.closest("[hx-swap]") : null;
    var submitter = detail.triggeringEvent && detail.triggeringEvent.submitter;
    var counter = elt.closest ? elt.closest("[data-counter]") : null;
    var step = counter && submitter ? Number(submitter.value) : NaN;
    var counted = isFinite(step);   // a counter's -1 or +1: shown beside its number while it waits
    return {
      id: id, verb: detail.verb, path: detail.path, values: plainValues(detail.formData),
      target: detail.target && detail.target.id ? "#" + detail.target.id : "#live",
      swap: swapFrom ? swapFrom.getAttribute("hx-swap") : htmx.config.defaultSwapStyle,
      label: describe(elt, submitter, place),
      place: place ? place.id : null, held: false, serverErrors: 0,
      counter: counted ? counter.getAttribute("data-counter") : null, step: counted ? step : 0,
    };
  }

  function waitingTap(id) {
    for (var i = 0; i < box.waiting.length; i++) if (box.waiting[i].id === id) return box.waiting[i];
    return null;
  }

  function remove(tap) {
    box.waiting = box.waiting.filter(function (other) { return other.id !== tap.id; });
  }

  // The reason a refused tap's answer gives (the message next to the control, or the page's).
  function reasonIn(html) {
    var page = document.createElement("template");
    page.innerHTML = html || "";
    var found = [];
    page.content.querySelectorAll(".message.bad, .error, #error p").forEach(function (el) {
      var text = words(el);
      if (text && found.indexOf(text) === -1) found.push(text);
    });
    return found.join(" ") || say("refusedNoReason", "The game did not take it.");
  }

  // -- what the player sees: the banner, greyed numbers, "3 waiting", refused taps -----------

  function banner() {
    var found = document.getElementById("net-banner");
    if (found) return found;
    found = document.createElement("p");
    found.id = "net-banner";
    found.className = "net-banner";
    found.setAttribute("role", "alert");
    found.hidden = true;
    document.body.appendChild(found);
    return found;
  }

  function markStale(stale) {
    var live = document.getElementById("live");
    if (!live) return;
    live.classList.toggle("net-stale", stale);
    live.setAttribute("data-not-current", say("notCurrent", "Not current"));
  }

  function showWaiting() {
    document.querySelectorAll("[data-net-waiting], [data-net-pending]").forEach(function (badge) { badge.remove(); });
    var bySeat = {}, byCounter = {};
    box.waiting.forEach(function (tap) {
      if (!tap.place || !tap.held) return;
      bySeat[tap.place] = (bySeat[tap.place] || 0) + 1;
      if (tap.counter) {
        var key = tap.place + "\n" + tap.counter;
        byCounter[key] = (byCounter[key] || 0) + tap.step;
      }
    });
    // Three taps on Virtue + made offline show "+3" beside the number the server last gave: a player
    // sees them taken (and does not tap again), and the number itself stays the game's.
    Object.keys(byCounter).forEach(function (key) {
      var parts = key.split("\n"), total = byCounter[key];
      var seat = document.getElementById(parts[0]);
      var value = seat && total && seat.querySelector('[data-counter="' + parts[1] + '"] .value');
      if (!value) return;
      var pending = document.createElement("span");
      pending.className = "net-pending";
      pending.setAttribute("data-net-pending", "");
      pending.textContent = (total > 0 ? "+" : "\u2212") + Math.abs(total);
      value.appendChild(pending);
    });
    Object.keys(bySeat).forEach(function (place) {
      var seat = document.getElementById(place);
      var heading = seat && seat.querySelector("h2, h3, summary");
      if (!heading) return;
      var badge = document.createElement("span");
      badge.className = "chip net-waiting";
      badge.setAttribute("data-net-waiting", "");
      badge.textContent = say("waiting", "{count} waiting", {count: bySeat[place]});
      heading.appendChild(badge);
    });
  }

  // Refused taps stay listed (in #net-refused, an alert region) until the player dismisses them.
  function showRefused() {
    var list = document.getElementById("net-refused");
    if (!list) return;
    var lines = list.querySelectorAll("[data-refused]");
    if (!box.refused.length) { list.textContent = ""; return; }
    if (lines.length === box.refused.length) return;
    var dismiss = list.querySelector("[data-refused-dismiss]");
    if (!dismiss) {
      dismiss = document.createElement("button");
      dismiss.type = "button";
      dismiss.setAttribute("data-refused-dismiss", "");
      dismiss.textContent = say("dismiss", "OK");
      list.appendChild(dismiss);
    }
    box.refused.slice(lines.length).forEach(function (refusal) {
      var line = document.createElement("p");
      line.setAttribute("data-refused", "");
      line.textContent = say("refused", "Not done: {tap}. {why}", {tap: refusal.label, why: refusal.why});
      list.insertBefore(line, dismiss);
    });
  }

  // Over plain http on a network address the service worker cannot register: a reload (or any other
  // page) cannot open while the server is out of reach, but this page keeps working and keeps the taps.
  function cannotReopen() {
    return !window.isSecureContext && (cutOff || !navigator.onLine) && document.body.dataset.offlineCopy === undefined;
  }

  function show() {
    var count = box.waiting.length;
    var shown = banner();
    if (cutOff || !navigator.onLine) {
      var waiting = count ? say("waiting", "{count} waiting", {count: count}) : "";
      shown.textContent = note ? (note + (waiting ? " " + waiting : ""))
        : count ? say("offlineKept", "No connection to the game server. {count} waiting: they are sent in order when it is back.", {count: count})
        : say("offlineStale", "No connection to the game server. The numbers below may not be current.");
      if (cannotReopen()) shown.textContent += " " + say("keepOpen", "Keep this page open: on plain http it cannot be reloaded until the connection is back.");
      shown.hidden = false;
      markStale(true);
    } else if (box.waiting.some(function (tap) { return tap.held; })) {
      shown.textContent = say("sending", "Sending the taps made offline: {count} waiting.", {count: count});
      shown.hidden = false;
    } else if (document.body.dataset.offlineCopy === undefined) {
      shown.hidden = true;
      markStale(false);
    }
    showWaiting();
    showRefused();
  }

  // note: what the banner says instead of plain "no connection" (a kept copy, a server error)
  function wentOffline(text) {
    cutOff = true;
    note = text || null;
    show();
  }

  function backOnline() {
    cutOff = false;
    note = null;
    delete document.body.dataset.offlineCopy;
    show();
  }

  // -- sending: one tap at a time, oldest first ----------------------------------------------

  document.addEventListener("htmx:configRequest", function (event) {
    var detail = event.detail;
    if (detail.verb === "get") return;
    if (detail.headers["X-Request-Id"]) return;   // a waiting tap, sent again from the outbox with its id
    var id = newId();
    detail.headers["X-Request-Id"] = id;
    if (!game || gameAddress(detail.path) !== game) return;   // not this game's change: sent as it is
    var tap = capture(detail, id);
    box.waiting.push(tap);
    // Nothing before it: htmx sends it now, from the control that was tapped (a failed poll
    // does not stop a tap from trying: if the tap fails too, it waits like the others).
    if (box.waiting.length === 1 && !sending && navigator.onLine) {
      sending = id;
      save();
      return;
    }
    event.preventDefault();   // it waits its turn behind the taps before it
    tap.held = cutOff || !navigator.onLine;   // (a quick second tap online only waits for the first's answer)
    save();
    show();
    if (!retryTimer) sendNext();   // unless the one before it is waiting out its back-off
  });

  function sendNext() {
    if (sending || !box.waiting.length || !navigator.onLine || !window.htmx) return;
    var tap = box.waiting[0];
    var target = document.querySelector(tap.target) || document.getElementById("live");
    if (!target) return;   // a page without the game (its history, say): the tap waits for the table page
    clearTimeout(retryTimer);
    retryTimer = null;
    sending = tap.id;
    htmx.ajax(tap.verb.toUpperCase(), tap.path, {
      target: "#" + target.id, swap: tap.swap, values: tap.values, headers: {"X-Request-Id": tap.id},
    });
  }

  function retryLater() {
    if (retryTimer || !box.waiting.length) return;
    var wait = RETRY_MS[Math.min(Math.max(tries - 1, 0), RETRY_MS.length - 1)];
    retryTimer = setTimeout(function () { retryTimer = null; sendNext(); }, wait);
  }

  // The tap on its way got no answer (no connection, a timeout) or a server error: it stays first in line.
  function failed(detail) {
    var id = requestIdOf(detail);
    var status = detail.xhr ? detail.xhr.status : 0;
    var tap = id && id === sending ? waitingTap(id) : null;
    if (id === sending) sending = null;
    if (!tap) { wentOffline(); return; }
    tap.held = true;
    tries += 1;
    if (status >= 500) {
      tap.serverErrors += 1;
      if (tap.serverErrors >= SERVER_TRIES) {
        remove(tap);
        tries = 0;
        box.refused.push({label: tap.label, why: say("tapProblem", "The game server had a problem with that tap.")});
      }
    }
    save();
    wentOffline(status >= 500 ? say("serverProblem", "The game server had a problem. Your taps are kept and will be sent again.") : null);
    retryLater();
  }

  // An answer below 500 is definite: the tap was applied, or refused with nothing stored.
  function answered(detail, status) {
    var tap = waitingTap(requestIdOf(detail));
    sending = null;
    tries = 0;
    if (tap) {
      remove(tap);
      if (status >= 400 && tap.held) box.refused.push({label: tap.label, why: reasonIn(detail.xhr.responseText)});
      if (status < 300) caughtUp(tap, detail.xhr.responseText);
      save();
    }
  }

  // The revision an answer's live region shows, null for an answer without one.
  function revisionIn(html) {
    var found = /data-revision="(\d+)"/.exec(html || "");
    return found ? Number(found[1]) : null;
  }

  // The taps made on the same screen as one just applied, when that tap was the game's only
  // change since (its answer is the next revision), were not made on an older game: they go
  // with the new revision, so the game does not say another phone changed it too. Not an
  // Undo or Redo (it names the change it takes back) nor a form that says what it saw.
  function caughtUp(tap, html) {
    var answered = revisionIn(html);
    var before = tap.values && tap.values.rev;
    if (answered === null || before === undefined || answered !== Number(before) + 1) return;
    box.waiting.forEach(function (next) {
      var values = next.values || {};
      var says = Object.keys(values).some(function (name) { return name === "mark" || name.indexOf("seen") === 0; });
      if (String(values.rev) === String(before) && !says) values.rev = String(answered);
    });
  }

  document.addEventListener("htmx:sendError", function (event) { failed(event.detail); });
  document.addEventListener("htmx:timeout", function (event) { failed(event.detail); });
  document.addEventListener("htmx:sendAbort", function (event) { failed(event.detail); });
  document.addEventListener("htmx:afterRequest", function (event) {
    var detail = event.detail;
    var status = detail.xhr ? detail.xhr.status : 0;
    if (status === 0) return;                          // sendError or timeout said so already
    if (status >= 500) { failed(detail); return; }    // the server is there but failing: try again later
    if (sending && requestIdOf(detail) === sending) answered(detail, status);
    cutOff = false;                                    // the server answered: it can be reached
    note = null;
    if (box.waiting.length && !sending) sendNext();    // the next tap waiting, or the first since it came back
    if (document.body.dataset.offlineCopy !== undefined && !box.waiting.length) backOnline(); else show();
  });
  // A morph redraws the seats' headings: put "3 waiting" back.
  document.addEventListener("htmx:afterSettle", function () { if (box.waiting.length) showWaiting(); });
  window.addEventListener("online", function () { show(); sendNext(); });
  // A reload (a pull-down, a tap on the address bar) while it cannot work: the browser asks first, so a
  // Wi-Fi gap never leaves the phone on its error page with the game gone from the screen.
  window.addEventListener("beforeunload", function (event) {
    if (!cannotReopen()) return;
    event.preventDefault();
    event.returnValue = "";
  });
  window.addEventListener("offline", function () { show(); });
  // Another tab of this game changed the outbox (sent a tap, or took one): follow it.
  window.addEventListener("storage", function (event) {
    if (event.key === OUTBOX_PREFIX + game) { box = load(); show(); }
  });

  document.addEventListener("click", function (event) {
    if (!event.target.closest("[data-refused-dismiss]")) return;
    box.refused = [];
    save();
    showRefused();
  });

  document.addEventListener("DOMContentLoaded", function () {
    if (window.htmx) htmx.config.timeout = 10000;   // a tap that hangs is a tap to retry, not a frozen button
    if (document.body.dataset.offlineCopy !== undefined) {
      wentOffline(say("offlineCopy", "You are offline: this is the game as it was last seen here, not the current game."));
    } else {
      show();
    }
    sendNext();   // taps left waiting when the page was closed or reloaded
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
    var answered = revisionIn(event.detail.serverResponse);
    if (answered !== null && answered < Number(live.dataset.revision)) event.detail.shouldSwap = false;
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
    // Beside the live region, not in it (a poll's swap would take the button away), and
    // after it: put in above, it would push the game down once the page has shown it.
    var row = document.createElement("p");
    row.className = "row wake-row";
    live.insertAdjacentElement("afterend", row);
    var lock = null;
    var wanted = false;
    var button = document.createElement("button");
    button.type = "button";
    button.className = "wake-lock";
    button.textContent = say("keepScreenOn", "Keep screen on");
    button.setAttribute("aria-pressed", "false");
    row.appendChild(button);

    function showLock() {
      button.setAttribute("aria-pressed", lock ? "true" : "false");
      button.textContent = lock ? say("screenStaysOn", "Screen stays on") : say("keepScreenOn", "Keep screen on");
    }
    function acquire() {
      return navigator.wakeLock.request("screen").then(function (sentinel) {
        lock = sentinel;
        sentinel.addEventListener("release", function () { lock = null; showLock(); });
        showLock();
      }).catch(function () { lock = null; wanted = false; showLock(); });
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
