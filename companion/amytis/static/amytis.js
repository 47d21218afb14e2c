// The Amytis pad: while a player types a number (a Project card, the score track),
// polls leave the pad alone (net.js asks companionEditing(), which looks for
// [data-editing] inside #live); the answer to their own form refreshes it.
(function () {
  function mark(event) {
    var input = event.target;
    if (!input.matches || !input.matches(".amytis-pad input[type=number]")) return;
    if (event.type === "focusin") input.dataset.editing = "";
    else delete input.dataset.editing;
  }
  document.addEventListener("focusin", mark);
  document.addEventListener("focusout", mark);
})();
