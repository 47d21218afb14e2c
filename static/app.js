// The dark-mode switch: auto (follow the system) -> dark -> light -> auto.
// The choice lives in a cookie so the server renders the page in it (no flash).
(function () {
  var order = ["auto", "dark", "light"];
  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-theme-switch]");
    if (!button) return;
    var root = document.documentElement;
    var next = order[(order.indexOf(root.dataset.theme || "auto") + 1) % order.length];
    root.dataset.theme = next;
    document.cookie = "theme=" + next + "; path=/; max-age=31536000; samesite=lax" +
      (location.protocol === "https:" ? "; secure" : "");
    button.querySelector("[data-theme-name]").textContent = button.getAttribute("data-label-" + next) || next;
  });
})();

// Many phones, nothing typed is lost. Every answer for the live region (a poll, or this
// phone's own change) is morphed into the page (idiomorph) instead of replacing it, and
// the morph leaves alone whatever a player is in the middle of: an open form or panel
// ([data-editing]), the focused field, a half-typed number, an opened row. Only the form
// that sent the change is redrawn from the answer.
(function () {
  function live() { return document.getElementById("live"); }

  // A box typed in since it was focused ([data-typed]) is the player's: it keeps what they typed. A box
  // only focused (tapped into, nothing typed yet) takes another phone's change like any other.
  document.addEventListener("focusin", function (event) {
    if (event.target instanceof Element) event.target.removeAttribute("data-typed");
  }, true);
  document.addEventListener("input", function (event) {
    if (event.isTrusted && event.target instanceof Element) event.target.setAttribute("data-typed", "");
  }, true);

  function typing(el) {
    if (!(el instanceof Element)) return false;
    if (el.matches("input[type=hidden]")) return false;
    if (el.matches("input[type=radio], input[type=checkbox]")) return el.checked !== el.defaultChecked;
    if (el.matches("select")) {
      if (el === document.activeElement) return true;
      // A select with no option marked selected shows its first one: that is not a choice made here.
      var defaults = Array.prototype.filter.call(el.options, function (o) { return o.defaultSelected; });
      if (!defaults.length && !el.multiple && el.options.length) defaults = [el.options[0]];
      return Array.prototype.some.call(el.options, function (o) { return o.selected !== (defaults.indexOf(o) !== -1); });
    }
    if (el.matches("input, textarea")) {
      return el.value !== el.defaultValue || (el === document.activeElement && el.hasAttribute("data-typed"));
    }
    return false;
  }

  function fromSender(el, sender) {
    return !!sender && (el === sender || el.contains(sender) || sender.contains(el));
  }

  function keep(el, sender) {
    // A pad row being edited is merged cell by cell by static/pad.js (a cell's number and what
    // its page showed go together): the morph must not bring one up to date without the other.
    return worked(el, sender) || searchedFor(el, sender)
      || (el instanceof Element && !fromSender(el, sender) && !!el.closest("[data-pad-editing]"));
  }

  // A list of cards a search box fills (its hx-target) shows what the letters typed there found: while
  // the box holds them, the list is the player's too (a card question is on every phone's region, and
  // the morph would put the whole list back under the letters).
  function searchedFor(el, sender) {
    if (!(el instanceof Element) || !el.id || !el.matches(".pick-cards") || fromSender(el, sender)) return false;
    var search = document.querySelector('[hx-target="#' + CSS.escape(el.id) + '"]');
    return !!search && typing(search);
  }

  // Something this phone made that a closing would lose: an open panel, a choice or a number typed (a
  // pad box only focused holds nothing: it is not told "what was open was closed").
  function worked(el, sender) {
    if (!(el instanceof Element) || fromSender(el, sender)) return false;
    return el.matches("[data-editing]") || typing(el);
  }

  function holdsSomething(el, sender) {
    if (!(el instanceof Element)) return false;
    if (worked(el, sender)) return true;
    var inside = el.querySelectorAll("[data-editing], input, select, textarea");
    for (var i = 0; i < inside.length; i++) if (worked(inside[i], sender)) return true;
    return false;
  }

  function morph(target, html, sender, own) {
    var template = document.createElement("template");
    template.innerHTML = html;
    var fresh = template.content.querySelector("#live");
    if (!fresh) return false;
    var turn = phaseTurn(target, fresh);
    // (the phone that ended or reopened the game knows why its boxes closed: only the others are told)
    var closing = turn && !own && holdsSomething(target, sender);
    Idiomorph.morph(target, fresh, {
      morphStyle: "outerHTML",
      callbacks: {
        beforeNodeMorphed: function (old) { return !!turn || !keep(old, sender); },
        beforeNodeRemoved: function (old) { return !!turn || !holdsSomething(old, sender); },
        // A row someone opened stays open (the answer never closes it); it may still open one.
        beforeAttributeUpdated: function (name, el, how) { return !!turn || !(name === "open" && how === "remove"); }
      }
    });
    htmx.process(live());
    if (turn) sayWhyClosed(closing ? turn : null);
    return true;
  }

  // The game ended (its count began, or its final score) or was reopened: whatever this phone had open
  // (a count, a form, a number half typed) belongs to the game as it was, so the morph keeps none of it.
  // "ended", "reopened", or null when the game is still where it was.
  function phaseTurn(shown, fresh) {
    var was = shown.dataset.phase, now = fresh.dataset.phase, over = ["counting", "finished"];
    if (!was || !now || was === now || (over.indexOf(was) === -1 && over.indexOf(now) === -1)) return null;
    return now === "finished" || (now === "counting" && was !== "finished") ? "ended" : "reopened";
  }

  // One line above the game saying why what was open closed; gone at the next turn of the game.
  function sayWhyClosed(turn) {
    var region = live(), line = document.getElementById("closed-note");
    if (line) line.remove();
    if (!turn || !region) return;
    line = document.createElement("p");
    line.id = "closed-note";
    line.className = "message closed-note";
    line.setAttribute("role", "status");
    region.parentNode.insertBefore(line, region);
    line.scrollIntoView({block: "nearest"});   // what the player was at is gone: the line says why, where they look
    // Filled once it is on the page: a status region's first words are said only if it was there before them.
    requestAnimationFrame(function () { line.textContent = region.dataset[turn === "ended" ? "closedEnded" : "closedReopened"]; });
  }

  // Polls ask for the revision this page shows now (it changes with every morph).
  document.addEventListener("htmx:configRequest", function (event) {
    var region = live();
    if (region && event.detail.elt === region) {
      event.detail.path = event.detail.path.split("?")[0] + "?rev=" + encodeURIComponent(region.dataset.revision);
    }
  });

  // A card's "Record…" list goes back to its first choice once the form it opened is done (recorded
  // or cancelled): a changed select is kept by the morph, so the old choice would stay for the next move.
  function resetRecordList(moveForm) {
    var slot = moveForm.parentElement;
    var list = slot && slot.id ? document.querySelector('form.more[hx-target="#' + slot.id + '"]') : null;
    if (list) list.reset();
  }

  document.addEventListener("htmx:beforeSwap", function (event) {
    var detail = event.detail, region = live();
    var elt = detail.requestConfig && detail.requestConfig.elt;
    var moveForm = elt && elt.closest ? elt.closest(".move-form") : null;
    if (moveForm && detail.shouldSwap && detail.xhr && detail.xhr.status < 400) resetRecordList(moveForm);   // (a refusal reopens it)
    if (!detail.shouldSwap || !region || !detail.target || detail.target.id !== "live" || !window.Idiomorph) return;
    var source = detail.requestConfig && detail.requestConfig.elt;
    var fromPoll = source === region;
    // What sent this change is done: its panel (or form) is redrawn from the answer.
    // (A tap sent again from the offline outbox comes from the page itself: nothing to redraw but the region.)
    var sender = fromPoll || !source || source === document.body ? null
      : (source.closest("[data-editing]") || source.closest("form") || source);
    var answer = detail.serverResponse || detail.xhr.responseText;
    // A refresh that lands while this phone's own change is on its way is left out: it would redraw the
    // form that sent the change, whose answer (as new, or newer) then reaches no one; that answer redraws all.
    if (fromPoll && ownChanges > 0) { detail.shouldSwap = false; return; }
    if (fromPoll) {   // an answer no newer than the page (overtaken by this phone's own change) changes nothing:
      // morphed in, it would wipe the result under the control this phone just tapped
      var shown = /data-revision="(\d+)"/.exec(answer);
      if (shown && Number(shown[1]) <= Number(region.dataset.revision)) { detail.shouldSwap = false; return; }
    }
    // Marked: a newer revision from a poll (not one answered while this phone's own change is on its way).
    var newer = /data-revision="(\d+)"/.exec(answer);
    var before = fromPoll && !ownChanges && newer && Number(newer[1]) > Number(region.dataset.revision) ? seatWords() : null;
    if (morph(region, answer, sender, !fromPoll)) detail.shouldSwap = false;
    if (!fromPoll) { unmark(); announce(answer); }   // another phone's mark is stale once this phone changes the game
    else if (before) markChange(before);
  });

  // Another phone's change as its stream brought it (static/live.js): this phone's fresh region, taken
  // as a poll's answer is. Not taken (false: the page asks through the poll instead) while a change of
  // this phone's own is on its way, or while a count is being typed (static/pad.js merges that cell by cell).
  window.companionTakeRegion = function (html) {
    var region = live();
    if (!region || !window.Idiomorph || ownChanges > 0 || region.querySelector("[data-pad-editing]")) return false;
    var newer = /data-revision="(\d+)"/.exec(html);
    if (!newer || Number(newer[1]) <= Number(region.dataset.revision)) return false;   // nothing newer to show
    var before = seatWords();
    if (!morph(region, html, null, false)) return false;
    markChange(before);
    return true;
  };

  // A change from another phone is marked for a moment: the seats whose numbers or cards changed
  // are outlined, and one line says what changed (the newest change, or the one just undone or redone, in the
  // page's language). The line floats over the page: nothing this phone is doing moves.
  var MARK_MS = 4000, markTimer = null, ownChanges = 0;

  // This phone's own changes in flight (a tap, a form, Undo, a tap sent again from the outbox).
  document.addEventListener("htmx:beforeRequest", function (event) {
    var region = live(), detail = event.detail;
    if (region && detail.target && detail.target.id === "live" && detail.elt !== region
        && (detail.requestConfig ? detail.requestConfig.verb : "post") !== "get") {
      ownChanges += 1;
      detail.xhr.companionOwn = true;
    }
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    if (event.detail.xhr && event.detail.xhr.companionOwn) ownChanges = Math.max(0, ownChanges - 1);
  });

  function seatWords() {
    var words = {};
    document.querySelectorAll("#live .player[id^='seat-']").forEach(function (seat) {
      var values = seat.querySelectorAll(".value, .big, .chip, .seat-counts");
      words[seat.id] = Array.prototype.map.call(values, function (el) { return el.textContent.trim(); }).join("|");
    });
    return words;
  }

  function markChange(before) {
    var region = live(), after = seatWords(), changed = [];
    Object.keys(after).forEach(function (id) { if (id in before && before[id] !== after[id]) changed.push(id); });
    var text = region && region.dataset.lastChange;
    if (!changed.length && !text) return;
    unmark();
    changed.forEach(function (id) { document.getElementById(id).classList.add("changed-now"); });
    var note = document.getElementById("change-note");
    if (note && text) {
      note.textContent = text;
      note.hidden = false;
    }
    if (text) say(text);
    markTimer = setTimeout(unmark, MARK_MS);
  }

  function unmark() {
    clearTimeout(markTimer);
    document.querySelectorAll(".changed-now").forEach(function (el) { el.classList.remove("changed-now"); });
    var note = document.getElementById("change-note");
    if (note) { note.hidden = true; note.textContent = ""; }
  }

  // The notes after this phone's change (a refusal's message is an alert of its own), said by a live region that was on the
  // page before them (text that arrives with its own region is missed by screen readers).
  function announce(answer) {
    var template = document.createElement("template");
    template.innerHTML = answer;
    var parts = template.content.querySelectorAll("#live .notes li");
    say(Array.prototype.map.call(parts, function (el) { return el.textContent.trim(); }).join(" "));
    // On the whole table the result floats for a few seconds (app.css): a new one in the same place shows afresh.
    document.querySelectorAll("#live .at-a-glance .result").forEach(function (result) {
      result.getAnimations().forEach(function (animation) { animation.currentTime = 0; animation.play(); });
    });
  }

  function say(text) {   // said once things are quiet (the block below)
    document.dispatchEvent(new CustomEvent("companion:say", {detail: text}));
  }
})();

// One announcement per change (issue 35): what this phone's change or another phone's says goes to
// the page's one live region (#announce) through a "companion:say" event. Changes that come fast (four
// taps in 300 ms) are said once, the newest, after a short quiet; the same sentence is never said twice
// in a row, and a screen reader is never kept waiting past MAX_WAIT_MS while the changes keep coming.
(function () {
  var QUIET_MS = 500, MAX_WAIT_MS = 2000;
  var waiting = null, timer = null, since = 0, lastSaid = "";

  function sayNow() {
    clearTimeout(timer);
    timer = null;
    var region = document.getElementById("announce"), text = waiting;
    waiting = null;
    if (!region || !text || text === lastSaid) return;
    lastSaid = text;
    region.textContent = text;
  }

  document.addEventListener("companion:say", function (event) {
    var text = (event.detail || "").trim();
    if (!text) return;
    if (waiting === null) since = Date.now();
    waiting = text;
    clearTimeout(timer);
    timer = setTimeout(sayNow, Math.max(0, Math.min(QUIET_MS, since + MAX_WAIT_MS - Date.now())));
  });
})();

// Where keyboard and screen-reader focus goes (issues 20 and 35). A panel (Build, Hire, Craft, a card's
// questions, Capture, Cathedral +1, a "Record…" form, the bot's turn) opens where focus goes: into it, on its
// first control, and a screen reader says the panel's heading (its name) on the way in. Escape or Cancel closes it; closed
// (or its move made), focus goes back to the button that opened it (or the seat's heading). After choosing
// this phone's seat, focus goes to that seat's board. A question left waiting ([id^='pending-'], drawn in the
// live region on every phone) counts as a panel opened by what asked it ([data-opens]: Cathedral +1, or the
// card tapped in the Build panel, whose own opener was Build): focus goes to its heading (a field focused
// there would hold it on this phone after another phone answered it). Never left on the page itself, 11 Tab stops from where
// the player was, and never under the sticky header. Only this phone's own requests move focus: a change
// from another phone (a poll) never takes it from what this phone has open or is typing.
(function () {
  var SLOTS = ".panel, [id^='more-'], #bot-turn, [id^='pending-']";   // where panels open (one per seat, the bot's turn)
  var OPEN = ".pick-panel, .move-form, .bot-turn";  // an open panel in its slot
  var CONTROLS = "input:not([type=hidden]):not(:disabled), select:not(:disabled), textarea:not(:disabled), "
    + "button:not(:disabled), a[href], summary";
  var openers = {};   // slot id -> the button that opened its panel

  // How far down the page's sticky bars reach (the header, a game's totals under it: data-sticky): 0 where they
  // scroll away with the page (a short screen). The CSS keeps what is scrolled to below it (--covered-top).
  function coveredTop() {
    var bottom = 0;
    document.querySelectorAll("header.bar, [data-sticky]").forEach(function (bar) {
      var style = getComputedStyle(bar), box = bar.getBoundingClientRect();
      if (style.position === "sticky" && Math.abs(box.top - (parseFloat(style.top) || 0)) < 1) bottom = Math.max(bottom, box.bottom);
    });
    return bottom;
  }

  // Where what floats at the foot of the screen begins (a rematch's notice, the connection banner).
  function coveredBottom() {
    var top = innerHeight;
    document.querySelectorAll(".rematch-notice, .net-banner").forEach(function (note) {
      var box = note.getBoundingClientRect();
      if (box.height && getComputedStyle(note).position === "fixed") top = Math.min(top, box.top);
    });
    return top;
  }

  function measureHeader() {
    var bar = document.querySelector("header.bar");
    var covers = bar && getComputedStyle(bar).position === "sticky" ? bar.getBoundingClientRect().height : 0;
    document.documentElement.style.setProperty("--covered-top", Math.ceil(covers) + "px");
  }
  if (window.ResizeObserver) {
    document.addEventListener("DOMContentLoaded", function () {
      var bar = document.querySelector("header.bar");
      if (bar) new ResizeObserver(measureHeader).observe(bar);
    });
  }
  window.addEventListener("resize", measureHeader);

  // Drawn where it is whatever the scroll (the header, "Keep screen on" on a tablet, a set-up's Start
  // button at the foot of the screen): scrolling the page would not move it.
  function pinned(el) {
    for (var at = el; at && at !== document.body; at = at.parentElement) {
      var position = getComputedStyle(at).position;
      if (position === "fixed" || position === "sticky") return true;
    }
    return false;
  }

  // The focused control wholly in sight: below the sticky bars, above the foot of the screen and what floats there.
  function reveal(el) {
    if (!(el instanceof Element) || el === document.body || pinned(el)) return;
    var box = el.getBoundingClientRect(), top = coveredTop() + 8, bottom = coveredBottom() - 8;
    if (!box.height) return;
    if (box.top < top) window.scrollBy(0, box.top - top);
    else if (box.bottom > bottom) window.scrollBy(0, Math.min(box.bottom - bottom, box.top - top));
  }
  // Tab, or a tap on a field: the browser scrolls the control into view, but not out from under the header.
  // (A tapped button shows no focus ring, and is left where the finger found it.)
  document.addEventListener("focusin", function (event) {
    var el = event.target;
    requestAnimationFrame(function () { if (el === document.activeElement && el.matches(":focus-visible")) reveal(el); });
  });

  function focusOn(el) {
    if (!el.matches(CONTROLS)) el.setAttribute("tabindex", "-1");
    el.focus({preventScroll: true});
    // A search box drawn again with what was typed in it (the bot's card search): typing goes on at its end.
    if (el.matches("input[type=search], input[type=text]")) el.setSelectionRange(el.value.length, el.value.length);
    reveal(el);
  }

  function firstControl(panel) {
    var controls = panel.querySelectorAll(CONTROLS);
    for (var i = 0; i < controls.length; i++) if (controls[i].checkVisibility()) return controls[i];
    return panel.querySelector("h2, h3") || panel;
  }

  // The button that opened a slot's panel: itself, or the one drawn in its place with the same words
  // (the answer redrew it: the bot's turn button after the turn).
  function openerAgain(slotId) {
    var opener = openers[slotId], found = null;
    if (!opener || opener.isConnected) return opener;
    document.querySelectorAll('[hx-target="#' + slotId + '"]').forEach(function (el) {
      var control = el.matches("form") ? el.querySelector("button") : el;
      if (!found && control && control.textContent.trim() === opener.textContent.trim() && control.checkVisibility()) found = control;
    });
    return found;
  }

  // Where focus goes when the button that opened a panel is gone: the seat's heading, or for the bot's
  // turn what the bot just did (the page says "do what it says in the panel below").
  function seatHeading(slotId) {
    if (slotId === "bot-turn") return document.querySelector("#bot-panel .bot-last h3") || document.querySelector("#bot-panel > h2");
    var seat = document.getElementById("seat-" + slotId.replace(/^(panel|more|pending)-/, ""));
    return seat && seat.querySelector("h2, summary");
  }

  function seatChosen() {   // the seat chosen (or the question again, after "change")
    return document.querySelector("#seat-choice h2") || document.querySelector("#live .player.mine > h2")
      || document.querySelector("#live .player > h2");
  }

  // The plan rides on the request's xhr: a poll answered meanwhile does not disturb it.
  document.addEventListener("htmx:beforeRequest", function (event) {
    var elt = event.detail.elt, target = event.detail.target, xhr = event.detail.xhr;
    if (!(elt instanceof Element) || !xhr) return;
    var asks = elt.closest("[data-opens]"), slot = elt.closest(SLOTS);
    if (asks) {   // a question that will wait in the live region: back to what opened its asker, or the asker
      openers[asks.dataset.opens] = slot && openers[slot.id] ? openers[slot.id]
        : elt.matches("form") ? elt.querySelector("button") || elt : elt;
      xhr.companionFocus = {asked: asks.dataset.opens, slot: asks.dataset.opens, from: elt};
    } else if (target && target.matches && target.matches(SLOTS) && !target.contains(elt)) {
      // A form that opens one (the "Record…" list): its button is what to come back to.
      openers[target.id] = elt.matches("form") ? elt.querySelector("button") || elt : elt;
      xhr.companionFocus = {slot: target.id, from: elt};
    } else if (elt.closest("#seat-choice") || elt.matches("a[href*='/seat']")) {
      xhr.companionFocus = {seatChoice: true};
    } else if (elt.closest(SLOTS)) {
      xhr.companionFocus = {slot: elt.closest(SLOTS).id};
    } else if (target && target.id === "live" && elt !== target) {   // a tap of this phone's on the game
      var seat = elt.closest(".player");
      xhr.companionFocus = {seat: seat ? seat.id : null};
    }
  });

  document.addEventListener("htmx:afterRequest", function (event) {
    var plan = event.detail.xhr && event.detail.xhr.companionFocus;
    if (!plan) return;
    var focused = document.activeElement, lost = !focused || focused === document.body || !focused.isConnected;
    if (plan.seatChoice) {
      var place = lost && seatChosen();
      if (place) focusOn(place);
      return;
    }
    if (!plan.slot) {   // the tapped control is gone (Final turn done, End the game now): its seat, or the count
      var seat = plan.seat && document.getElementById(plan.seat);
      place = lost && (document.querySelector("#end-count > h2") || (seat && seat.querySelector("h2, summary")));
      if (place) focusOn(place);
      return;
    }
    var slot = document.getElementById(plan.slot), open = slot && (slot.matches(OPEN) ? slot : slot.querySelector(OPEN));
    var still = lost || (plan.from && plan.from.isConnected && plan.from.contains(focused));
    if (open && plan.asked) {   // the question just asked, waiting on every phone: its heading
      if (still) focusOn(open.querySelector("h3") || open);
      return;
    }
    if (open) {   // opened (focus still where it opened), or a card's question in place of its list: into it
      if (still) focusOn(firstControl(open));
      return;
    }
    if (!lost && !(slot && slot.contains(focused))) return;
    place = openerAgain(plan.slot) || seatHeading(plan.slot);
    if (place) focusOn(place);
  });

  // A question that opens in place of the button asked ("Show the final score", a finished game's Undo):
  // focus goes into it, as into a panel, rather than back to the start of the page.
  document.addEventListener("htmx:load", function (event) {
    var loaded = event.target;   // (the question, or the place it stands in: #final-score-ask)
    if (!(loaded instanceof Element)) return;
    var question = loaded.matches(".final-confirm") ? loaded : loaded.querySelector(":scope > .final-confirm");
    if (!question) return;
    var focused = document.activeElement;
    if (!focused || focused === document.body || !focused.isConnected) focusOn(firstControl(question));
  });

  // Escape closes the open panel focus is in, as its Cancel does (focus then goes back, above).
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Escape" || event.defaultPrevented || !(event.target instanceof Element)) return;
    var panel = event.target.closest(OPEN), cancel = panel && panel.querySelector("[data-cancel]");
    if (!cancel) return;
    event.preventDefault();
    cancel.click();
  });
})();

// A jump to a player whose row is closed opens it (the CSS keeps the name below the sticky bar).
document.addEventListener("click", function (event) {
  var link = event.target.closest(".seats-nav a[href^='#seat-']");
  if (!link) return;
  var row = document.querySelector(link.getAttribute("href"));
  if (row && row.tagName === "DETAILS") row.open = true;
});

// The whole table after this tablet's own change. Its side column scrolls inside itself, the live score at
// its top: after a change made further down it (the Tax Stand, the Black Market) it goes back to the top, so
// the score the change moved is in view (a refusal stays, its reason beside the form). What a table-wide
// change did floats at the foot of the screen like a board's (app.css): a new one shows afresh.
document.addEventListener("htmx:afterRequest", function (event) {
  var elt = event.detail.elt, xhr = event.detail.xhr;
  if (!(elt instanceof Element) || !document.querySelector("#live .whole-table") || !xhr || xhr.status >= 400) return;
  document.querySelectorAll("#live > .notes").forEach(function (notes) {
    notes.getAnimations().forEach(function (animation) { animation.currentTime = 0; animation.play(); });
  });
  var column = elt.closest(".whole-table .side-column");
  if (column && column.querySelector(".live-score") && column.scrollHeight > column.clientHeight) column.scrollTop = 0;
});

// A new game's form opened from a group: choosing who sits at a seat writes their name there and
// gives the seat their usual colour at once (the seat that had it takes this one's), as the server
// does on submit (groups.fill_from_roster) for a phone without script.
document.addEventListener("change", function (event) {
  var select = event.target.closest("select[data-seat-regular]");
  if (!select) return;
  var seat = select.closest(".seat") || select.parentElement.parentElement;
  var name = seat.querySelector("input[name$='name'], input[name='first'], input[name='second']");
  var option = select.selectedOptions[0];
  if (name && option && option.value) name.value = option.value;
  var colour = seat.querySelector("select[name$='-colour']"), wanted = option && option.dataset.colour;
  if (!colour || !wanted || colour.value === wanted) return;
  var holder = Array.prototype.find.call(document.querySelectorAll("select[name$='-colour']"), function (other) {
    return other !== colour && other.value === wanted;
  });
  if (holder) holder.value = colour.value;
  colour.value = wanted;
});
