// The share page: Copy puts a game's address on the clipboard (navigator.clipboard, or
// the older select-and-copy where that is missing or refused); Share opens the phone's
// own share sheet where the browser offers one.
(function () {
  function say(card, text) { card.querySelector("[data-copy-status]").textContent = text; }

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
      var done = function () { say(card, "Copied. Paste it in a message to the other phones."); };
      var manual = function () {
        say(card, fallbackCopy(input) ? "Copied. Paste it in a message to the other phones."
                                      : "Selected: copy it with your phone's menu.");
      };
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
