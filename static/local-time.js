// <time datetime="...Z" data-local-time>: the server writes UTC; show it in this phone's own
// time zone and clock (12 or 24 hours, as the phone is set), in the page's language.
(function () {
  document.querySelectorAll("time[data-local-time]").forEach(function (element) {
    var moment = new Date(element.getAttribute("datetime"));
    if (isNaN(moment.getTime())) return;
    var lang = document.documentElement.lang || [];
    element.textContent = moment.toLocaleTimeString(lang, { hour: "numeric", minute: "2-digit" });
    element.title = moment.toLocaleString(lang);
  });
})();
