// The score page's "Share the result": the phone's own share sheet where the browser has one
// (navigator.share), else the text and link on the clipboard, else selected for a manual copy.
// The words come from the page (data-copied, data-selected), in its language.
(function () {
  document.querySelectorAll("[data-share-result]").forEach(function (box) {
    if (box.dataset.bound) return;   // the script comes again with a refreshed live region
    box.dataset.bound = "1";
    var button = box.querySelector("button");
    var status = box.querySelector("[role=status]");
    var field = box.querySelector("textarea");
    var text = box.dataset.text, url = box.dataset.url;
    var whole = url ? text + "\n" + url : text;
    button.hidden = false;

    function manual() {
      field.value = whole;
      field.hidden = false;
      field.focus();
      field.select();
      var copied = false;
      try { copied = document.execCommand("copy"); } catch (e) { copied = false; }
      status.textContent = copied ? box.dataset.copied : box.dataset.selected;
    }

    button.addEventListener("click", function () {
      if (navigator.share) {
        var shared = url ? { text: text, url: url } : { text: text };
        navigator.share(shared).catch(function () { /* closed the share sheet: nothing to do */ });
      } else if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(whole).then(function () { status.textContent = box.dataset.copied; }, manual);
      } else {
        manual();
      }
    });
  });
})();
