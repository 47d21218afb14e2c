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
    document.cookie = "theme=" + next + "; path=/; max-age=31536000; samesite=lax";
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
    if (el.matches("input, textarea")) return el === document.activeElement || el.value !== el.defaultValue;
    return false;
  }

  function keep(el, sender) {
    if (!(el instanceof Element)) return false;
    if (sender && (el === sender || el.contains(sender) || sender.contains(el))) return false;
    return el.matches("[data-editing]") || typing(el);
  }

  function holdsSomething(el, sender) {
    if (!(el instanceof Element)) return false;
    if (keep(el, sender)) return true;
    var inside = el.querySelectorAll("[data-editing], input, select, textarea");
    for (var i = 0; i < inside.length; i++) if (keep(inside[i], sender)) return true;
    return false;
  }

  function morph(target, html, sender) {
    var template = document.createElement("template");
    template.innerHTML = html;
    var fresh = template.content.querySelector("#live");
    if (!fresh) return false;
    Idiomorph.morph(target, fresh, {
      morphStyle: "outerHTML",
      callbacks: {
        beforeNodeMorphed: function (old) { return !keep(old, sender); },
        beforeNodeRemoved: function (old) { return !holdsSomething(old, sender); },
        // A row someone opened stays open (the answer never closes it); it may still open one.
        beforeAttributeUpdated: function (name, el, how) { return !(name === "open" && how === "remove"); }
      }
    });
    htmx.process(live());
    return true;
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
    var sender = fromPoll || !source ? null : (source.closest("[data-editing]") || source.closest("form") || source);
    var answer = detail.serverResponse || detail.xhr.responseText;
    if (fromPoll) {   // an older answer (overtaken by this phone's own change) changes nothing
      var shown = /data-revision="(\d+)"/.exec(answer);
      if (shown && Number(shown[1]) < Number(region.dataset.revision)) { detail.shouldSwap = false; return; }
    }
    if (morph(region, answer, sender)) detail.shouldSwap = false;
  });
})();

// A jump to a player whose row is closed opens it (the CSS keeps the name below the sticky bar).
document.addEventListener("click", function (event) {
  var link = event.target.closest(".seats-nav a[href^='#seat-']");
  if (!link) return;
  var row = document.querySelector(link.getAttribute("href"));
  if (row && row.tagName === "DETAILS") row.open = true;
});
