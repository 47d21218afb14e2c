// The share page: Copy puts a game's address on the clipboard (navigator.clipboard, or
// the older select-and-copy where that is missing or refused); Share opens the phone's
// own share sheet where the browser offers one.
(function () {
  // the words come from the page (data-copied, data-selected), in its language
  function say(card, which) {
    var status = card.querySelector("[data-copy-status]");
    status.textContent = status.dataset[which] || "";
  }

  function fallbackCopy(input) {
    input.focus();
    input.select();
    input.setSelectionRange(0, input.value.length);
    try { return document.execCommand("copy"); } catch (e) { return false; }
  }

  document.querySelectorAll("[data-share]").forEach(function (card) {
    var input = card.querySelector("[data-share-url]");
    var share = card.querySelector("[data-share-sheet]");
    if (navigator.share) share.hidden = false;

    card.querySelector("[data-copy]").addEventListener("click", function () {
      var done = function () { say(card, "copied"); };
      var manual = function () { say(card, fallbackCopy(input) ? "copied" : "selected"); };
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(input.value).then(done, manual);
      } else {
        manual();
      }
    });

    share.addEventListener("click", function () {
      navigator.share({ title: share.dataset.shareTitle, url: input.value }).catch(function () {
        /* the player closed the share sheet: nothing to do */
      });
    });
  });
})();
