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

// While a player fills in a form, polls leave the page alone (their answer would
// wipe the form); the answer to the form itself brings everything up to date.
(function () {
  function editing() { return document.querySelector("#live [data-editing]") !== null; }
  window.companionEditing = editing;
  document.addEventListener("htmx:beforeSwap", function (event) {
    var path = (event.detail.pathInfo && event.detail.pathInfo.requestPath) || "";
    if (path.indexOf("/poll") !== -1 && editing()) event.detail.shouldSwap = false;
  });
})();
