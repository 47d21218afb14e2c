// The service worker (served at /sw.js so its scope is the whole app): the static
// files from a cache, and the last seen game pages for viewing offline. It never
// touches a POST, and never passes an old page off as current: a page served from
// the cache is marked, and net.js shows the offline banner over greyed numbers.
// companion/web/net.py fills in the static files' versioned addresses (?v=<content hash>)
// and names the cache after them: a new version of any file is a new worker and a new cache.
"use strict";
var STATIC_FILES = [];
var STATIC_CACHE = "companion-static-dev";
var PAGE_CACHE = "companion-pages-v1";
var PAGES_KEPT = 6;

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(STATIC_CACHE).then(function (cache) { return cache.addAll(STATIC_FILES); })
    .then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) { return name !== STATIC_CACHE && name !== PAGE_CACHE; })
      .map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }));
});

function isGamePage(url) { return /^\/[gv]\/[A-Za-z0-9_-]+$/.test(url.pathname); }

function fromNetwork(request) {
  return fetch(request).then(function (response) {
    if (response.ok) {
      var copy = response.clone();
      caches.open(STATIC_CACHE).then(function (cache) { cache.put(request, copy); });
    }
    return response;
  });
}

// A versioned address never changes what it holds: the cache first. An unversioned one:
// the network first (a new version shows at once), the cache when it cannot be reached.
function staticFile(request, url) {
  if (url.searchParams.has("v")) {
    return caches.match(request).then(function (found) { return found || fromNetwork(request); });
  }
  return fromNetwork(request).catch(function () {
    return caches.match(request).then(function (found) { return found || Response.error(); });
  });
}

function keepPage(request, response) {
  return response.clone().text().then(function (html) {
    // The kept copy says it is a copy: the page opens with the offline banner, numbers greyed.
    var marked = html.replace("<body", "<body data-offline-copy");
    return caches.open(PAGE_CACHE).then(function (cache) {
      return cache.delete(request.url)   // put again at the end: the oldest pages go first
        .then(function () {
          return cache.put(request.url, new Response(marked, {headers: {"Content-Type": "text/html; charset=utf-8"}}));
        })
        .then(function () { return cache.keys(); })
        .then(function (keys) {
          return Promise.all(keys.slice(0, Math.max(0, keys.length - PAGES_KEPT)).map(function (key) {
            return cache.delete(key);
          }));
        });
    });
  });
}

// A game page: always the network when it answers; the kept copy only when it cannot.
function gamePage(event) {
  return fetch(event.request).then(function (response) {
    if (response.ok) event.waitUntil(keepPage(event.request, response));
    return response;
  }).catch(function () {
    return caches.open(PAGE_CACHE).then(function (cache) { return cache.match(event.request.url); })
      .then(function (found) { return found || Response.error(); });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;   // a change always goes to the server, never to a cache
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate" && isGamePage(url)) { event.respondWith(gamePage(event)); return; }
  if (url.pathname.indexOf("/static/") === 0) { event.respondWith(staticFile(request, url)); return; }
  // Everything else (polls, fragments, exports) goes to the network untouched.
});
