// Any game's score pad: while a player types in a box, an update from another phone only fills the
// boxes nobody is typing in (static/pad.js); the totals above are taken from that update too, so
// they never wait for the player to leave the box.
(function () {
  document.addEventListener("htmx:beforeSwap", function (event) {
    var path = (event.detail.pathInfo && event.detail.pathInfo.requestPath) || "";
    if (path.indexOf("/poll") === -1 || event.detail.shouldSwap) return;   // swapped whole: nothing to do
    var mine = document.getElementById("sp-totals");
    if (!mine) return;
    var page = document.createElement("template");
    page.innerHTML = event.detail.serverResponse || "";
    var fresh = page.content.getElementById("sp-totals");
    if (fresh) mine.innerHTML = fresh.innerHTML;
  });
})();
