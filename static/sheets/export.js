// The final score page's export links (templates/sheets/_export_links.html):
// the print button, and the reasons printed open in browsers that cannot open
// closed <details> from the print stylesheet (print.css does it in Chromium).
(function () {
  "use strict";
  if (window.companionSheetsExport) return;   // the include may appear twice on a page
  window.companionSheetsExport = true;

  document.addEventListener("click", function (event) {
    if (event.target.closest("[data-print-page]")) window.print();
  });

  var openedForPrint = [];
  window.addEventListener("beforeprint", function () {
    openedForPrint = Array.prototype.filter.call(document.querySelectorAll("details:not([open])"), function (details) {
      details.open = true;
      return true;
    });
  });
  window.addEventListener("afterprint", function () {
    openedForPrint.forEach(function (details) { details.open = false; });
    openedForPrint = [];
  });
})();
