// The paper pad and the end count (templates/_pad_row.html): a row saves as soon as a
// number changes, and the answer is merged into the row instead of replacing it, so a
// number being typed (in this row or another) is never lost. While a row is being edited
// (focused, or a number typed and not saved) a poll does not replace the page: its rows'
// untouched cells are brought up to date instead.
(function () {
  document.documentElement.classList.add("pad-js");

  function rowOf(node) { return node && node.closest ? node.closest("[data-pad-row]") : null; }
  function cells(row) { return row.querySelectorAll("[data-cell]"); }
  function parts(cell) {
    return { input: cell.querySelector("input[name^='cell-']"), seen: cell.querySelector("input[name^='seen-']"),
             note: cell.querySelector(".cell-note") };
  }
  function dirty(row) {
    return Array.prototype.some.call(cells(row), function (cell) {
      var p = parts(cell);
      return p.input.value !== p.seen.value;
    });
  }
  function markEditing(row) {
    if (!row) return;
    if (row.contains(document.activeElement) || dirty(row)) row.setAttribute("data-pad-editing", "");
    else row.removeAttribute("data-pad-editing");
  }

  document.addEventListener("focusin", function (event) { markEditing(rowOf(event.target)); });
  document.addEventListener("input", function (event) { markEditing(rowOf(event.target)); });
  document.addEventListener("focusout", function (event) {
    var row = rowOf(event.target);
    setTimeout(function () { markEditing(row); }, 0);   // focus may be moving within the row
  });

  // Big steppers: change the number, then save like a typed change.
  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-step]");
    if (!button || !rowOf(button)) return;
    var input = button.parentNode.querySelector("input");
    var next = (parseInt(input.value, 10) || 0) + parseInt(button.dataset.step, 10);
    input.value = String(Math.max(next, input.min === "" ? next : parseInt(input.min, 10)));
    input.dispatchEvent(new Event("change", { bubbles: true }));
    markEditing(rowOf(button));
  });

  // A number being typed is shared only once it is finished: when the player leaves the field,
  // presses Enter or taps Save (the change event). A row's save that comes due meanwhile (a
  // stepper tapped a moment before) waits for it, so no phone ever sees half a number.
  document.addEventListener("input", function (event) {
    if (event.isTrusted && rowOf(event.target) && event.target.matches("input[name^='cell-']")) {
      event.target.dataset.typing = "";
    }
  });
  document.addEventListener("change", function (event) {
    if (event.target.dataset) delete event.target.dataset.typing;
  }, true);   // before the row's own trigger hears it
  document.addEventListener("htmx:confirm", function (event) {
    var row = event.detail.elt;
    if (!row || !row.matches || !row.matches("[data-pad-row]")) return;
    var typing = row.querySelectorAll("input[data-typing]");
    if (event.detail.triggeringEvent && event.detail.triggeringEvent.type === "submit") {
      Array.prototype.forEach.call(typing, function (input) { delete input.dataset.typing; });   // Save sends it all
    } else if (typing.length) {
      event.preventDefault();   // the field's change (on leaving it) sends the row, this cell included
    }
  });

  // Remember what each cell sent, to know afterwards whether the player typed on since.
  document.addEventListener("htmx:configRequest", function (event) {
    var row = rowOf(event.detail.elt);
    if (!row || event.detail.elt !== row) return;
    Array.prototype.forEach.call(cells(row), function (cell) {
      var p = parts(cell);
      p.input.dataset.sent = p.input.value;
      p.input.dataset.sentSeen = p.seen.value;
    });
  });

  document.addEventListener("htmx:beforeSwap", function (event) {
    var row = event.detail.target;
    if (!row || !row.matches || !row.matches("[data-pad-row]")) return;
    if (event.detail.xhr.getResponseHeader("HX-Refresh")) return;   // the game finished: htmx reloads
    var page = document.createElement("template");
    page.innerHTML = event.detail.serverResponse;
    var fresh = page.content.getElementById(row.id);
    event.detail.shouldSwap = false;
    event.detail.isError = false;
    if (!fresh || !fresh.hasAttribute("data-pad-answer")) {
      // Not the row's own answer (an error page, an expired form): nothing was saved, so
      // keep every number as typed and say why.
      var why = page.content.querySelector(".message, [role=alert], .error, p");
      row.querySelector("[data-row-status]").textContent = why ? why.textContent.trim() : (row.dataset.notSaved || "Not saved: try again.");
      return;
    }
    Array.prototype.forEach.call(cells(fresh), function (freshCell) {
      var cell = row.querySelector("[data-cell='" + freshCell.dataset.cell + "']");
      if (!cell) return;
      var mine = parts(cell), theirs = parts(freshCell);
      var typedSince = mine.input.dataset.sent !== undefined && mine.input.value !== mine.input.dataset.sent;
      if (!typedSince) {
        mine.input.value = theirs.input.value;
        mine.seen.value = theirs.seen.value;
      } else if (mine.input.dataset.sent !== mine.input.dataset.sentSeen) {
        mine.seen.value = theirs.seen.value;   // it was saved (or told of another phone's value)
      }   // else: typed after an untouched send; keep what it saw, so a clash is still caught
      cell.className = freshCell.className;
      mine.note.className = theirs.note.className;
      mine.note.textContent = theirs.note.textContent;
      if (theirs.input.hasAttribute("aria-invalid")) mine.input.setAttribute("aria-invalid", "true");
      else mine.input.removeAttribute("aria-invalid");
    });
    ["[data-row-status]", ".pad-name", "button[type=submit]"].forEach(function (selector) {
      var mine = row.querySelector(selector), theirs = fresh.querySelector(selector);
      if (mine && theirs) mine.innerHTML = theirs.innerHTML;
    });
    var token = fresh.querySelector("input[name=csrf_token]");
    if (token) row.querySelector("input[name=csrf_token]").value = token.value;
    markEditing(row);
  });

  // A poll while a row is being edited: keep the page as it is, and bring the rows'
  // untouched cells up to date from the answer (a cell with a number typed in it keeps it).
  document.addEventListener("htmx:beforeSwap", function (event) {
    var path = (event.detail.pathInfo && event.detail.pathInfo.requestPath) || "";
    var edited = document.querySelectorAll("#live [data-pad-editing]");
    if (path.indexOf("/poll") === -1 || !edited.length) return;
    var page = document.createElement("template");
    page.innerHTML = event.detail.serverResponse;
    var gone = Array.prototype.some.call(edited, function (row) { return !page.content.getElementById(row.id); });
    if (gone) return;   // the row is over (everyone has counted): show the new page
    event.detail.shouldSwap = false;
    Array.prototype.forEach.call(page.content.querySelectorAll("[data-pad-row]"), function (fresh) {
      var row = document.getElementById(fresh.id);
      if (!row) return;
      Array.prototype.forEach.call(cells(fresh), function (freshCell) {
        var cell = row.querySelector("[data-cell='" + freshCell.dataset.cell + "']");
        if (!cell) return;
        var mine = parts(cell), theirs = parts(freshCell);
        // typed and not saved yet, or typed in since the player went into it: keep it (and what it saw, so
        // a number typed there over another phone's is told of the clash when it is saved). A box only
        // focused, nothing typed, takes the other phone's number (static/app.js marks [data-typed]).
        var typedHere = mine.input === document.activeElement && mine.input.hasAttribute("data-typed");
        if (mine.input.value !== mine.seen.value || typedHere) return;
        mine.input.value = theirs.input.value;
        mine.seen.value = theirs.seen.value;
      });
    });
  });
})();
