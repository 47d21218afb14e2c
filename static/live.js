// Live updates (web-routes.md, "Live updates"): a game page listens to its game's stream
// (the live region's data-stream, /g/<t>/stream or /v/<t>/stream, beside its /poll). A game's page asks for
// its regions (?regions=1): each newer revision then comes as this phone's fresh live region, which
// app.js morphs in around whatever a player has open or is typing. Where it cannot (a change of this
// phone's own on its way, a count being typed) or when only a revision comes, the page fetches the
// region through the poll it already has. After an answer that changed this phone's session (a seat
// chosen: the server says so), the stream is opened again with the new cookie. It is opened again
// too when the phone wakes or comes back online, or when it drops; the template's slow poll stays as
// the fallback for networks that break streams.
// A stream the server refuses because too many are open (503: companion.web.live's caps) makes
// the page poll every POLL_SECONDS instead, with a line saying why, until a stream opens again.
// Also: on a plain-http page, one dismissible note that the secure mode (--https) brings
// the wake lock and the share sheet.
(function () {
  "use strict";
  var script = document.currentScript;
  var BEHIND_RETRY_MS = 1000;        // still behind (a form open, or the fetch failed): ask again
  var REOPEN_MS = [1000, 3000, 10000, 30000];
  var NOTE_KEY = "companion.secureNoteSeen";

  var source = null, latest = -1, behindTimer = null, reopenTimer = null, failures = 0;
  var busyTimer = null, busyNote = null;

  function region() { return document.getElementById("live"); }
  function pollPath(live) { return (live.getAttribute("hx-get") || "").split("?")[0]; }
  function shown(live) { return Number(live.dataset.revision); }

  // The same request the region's own poll makes (app.js adds ?rev=): 204 or the fresh region.
  function ask(live) {
    htmx.ajax("GET", pollPath(live), {source: live, target: live, swap: "outerHTML"});
  }

  function catchUp(always) {
    clearTimeout(behindTimer);
    behindTimer = null;
    var live = region();
    if (!live || !window.htmx) return;
    if (latest > shown(live)) {
      ask(live);
      behindTimer = setTimeout(catchUp, BEHIND_RETRY_MS);
    } else if (always) {
      ask(live);   // a new connection: one cheap question also tells net.js the server is back
    }
  }

  function close() {
    clearTimeout(reopenTimer);
    reopenTimer = null;
    if (source) { source.close(); source = null; }
  }

  // The stream was refused for want of room (EventSource cannot read the status: a HEAD can):
  // poll often meanwhile, and say so once, above the live region.
  function askWhy(address) {
    if (!window.fetch) return;
    fetch(address, {method: "HEAD", cache: "no-store", credentials: "same-origin"}).then(function (answer) {
      if (answer.status === 503) busy(); else notBusy();
    }).catch(function () { /* offline: net.js says so */ });
  }

  function busy() {
    var live = region();
    if (!live) return;
    if (!busyNote) {
      busyNote = document.createElement("p");
      busyNote.className = "stream-note muted";
      busyNote.setAttribute("role", "status");
      busyNote.textContent = script.dataset.busyNote;
      live.parentNode.insertBefore(busyNote, live);   // outside the region: a morph leaves it be
    }
    if (!busyTimer) busyTimer = setInterval(function () { catchUp(true); }, Number(script.dataset.busyPollMs) || 2000);
  }

  function notBusy() {
    clearInterval(busyTimer);
    busyTimer = null;
    if (busyNote) { busyNote.remove(); busyNote = null; }
  }

  function open() {
    close();
    var live = region();
    if (!live || !window.EventSource || !live.dataset.stream) return;
    // The game's stream address, as the template wrote it; a game's page asks for its regions (the
    // region its /poll answers; the final score page's region is its notice alone, fetched as before).
    var regions = /\/poll$/.test(pollPath(live));
    source = new EventSource(live.dataset.stream + (regions ? (live.dataset.stream.indexOf("?") === -1 ? "?" : "&") + "regions=1" : ""));
    var first = true;   // every connection (the browser's own reconnections too) starts with the current revision
    source.addEventListener("open", function () { first = true; });
    source.addEventListener("revision", function (event) {
      failures = 0;
      notBusy();
      var revision = JSON.parse(event.data).revision;
      if (revision > latest) latest = revision;
      catchUp(first);
      first = false;
    });
    source.addEventListener("region", function (event) {
      failures = 0;
      notBusy();
      var found = /data-revision="(\d+)"/.exec(event.data), revision = found ? Number(found[1]) : -1;
      if (revision > latest) latest = revision;
      first = false;
      if (window.companionTakeRegion) window.companionTakeRegion(event.data);
      catchUp(false);   // not taken (or not there yet): asked for through the poll, as for a revision
    });
    source.addEventListener("error", function () {
      // CONNECTING: the browser reconnects by itself. CLOSED (an answer that is not a stream):
      // try again later, less and less often; the fallback poll carries on meanwhile.
      if (!source || source.readyState !== EventSource.CLOSED) return;
      var wait = REOPEN_MS[Math.min(failures, REOPEN_MS.length - 1)];
      failures += 1;
      source = null;
      askWhy(live.dataset.stream);
      reopenTimer = setTimeout(open, wait);
    });
  }

  function secureNote() {
    if (window.isSecureContext || !region() || !script) return;
    try { if (localStorage.getItem(NOTE_KEY)) return; } catch (e) { return; }
    var note = document.createElement("div");
    note.className = "card secure-note";
    note.setAttribute("role", "note");
    var text = document.createElement("p");
    text.textContent = script.dataset.secureNote;
    var button = document.createElement("button");
    button.type = "button";
    button.textContent = script.dataset.secureNoteDismiss;
    button.addEventListener("click", function () {
      try { localStorage.setItem(NOTE_KEY, "1"); } catch (e) { /* shown again next time: harmless */ }
      note.remove();
    });
    note.append(text, button);
    // At the end of the page, below the game: nothing the player is looking at moves.
    (document.querySelector("main") || document.body).appendChild(note);
  }

  document.addEventListener("DOMContentLoaded", function () {
    secureNote();
    if (!script || script.dataset.stream !== "on") return;   // --dev: no streams, the page polls
    open();
    document.addEventListener("visibilitychange", function () {
      // A sleeping phone holds no connection; awake, it reconnects and hears the current revision first.
      if (document.visibilityState === "visible") open(); else { close(); notBusy(); }
    });
    window.addEventListener("online", open);
    document.addEventListener("htmx:afterRequest", function (event) {
      var xhr = event.detail.xhr;
      if (source && xhr && xhr.getResponseHeader("X-Stream-Again")) open();
    });
    window.addEventListener("pagehide", close);
    window.addEventListener("pageshow", function (event) { if (event.persisted) open(); });   // back from the cache
  });
})();
