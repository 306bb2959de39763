// dlock's service worker: offline support for the static site and the local
// server. It replaces go-app's default worker, which precaches the page as
// "/prefix" while browsers ask for "/prefix/", and downloads app.wasm a
// second time on a first visit.
"use strict";

const cacheName = {{.Cache}};
const listed = {{.ResourcesToCache}};
// The site's root as browsers request it, with its trailing slash.
const root = new URL(self.registration.scope).pathname;
const isWasm = (path) => path.endsWith("/web/app.wasm");
// app.wasm is left out: the page caches the copy it downloads itself. So
// are the style sheets go-app lists: the page carries its sheet inline.
const precache = Array.from(new Set(
  listed.filter((p) => !isWasm(p) && !p.endsWith(".css")).map((p) => (p === "" || p + "/" === root ? root : p)),
));

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(cacheName);
    // An update takes its files from the network, not the browser's HTTP
    // cache: a host that lets files be cached for a while (GitHub Pages:
    // ten minutes) would hand the new version the old one's files, under
    // the same names. A first install takes what the page that registered
    // it has just loaded, where the HTTP cache may still give it: the page
    // itself above all, so a first visit does not fetch it twice.
    const first = !self.registration.active;
    await cache.addAll(precache.map((path) => new Request(path, { cache: first ? "default" : "reload" })));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key !== cacheName) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  if (request.mode === "navigate") {
    event.respondWith(page(request));
    return;
  }
  event.respondWith(resource(request));
});

// The page: the network first (the server prerenders the URL's state and a
// new version is picked up), the cached copy of the site's root offline.
async function page(request) {
  try {
    return await fetch(request);
  } catch (err) {
    const cache = await caches.open(cacheName);
    const cached = (await cache.match(request, { ignoreSearch: true })) || (await cache.match(root));
    if (cached) return cached;
    throw err;
  }
}

// Everything else: the cache first; app.wasm, a run's frames that were not
// precached (static/loader), the words of a language the reader switched
// to, and the picture encoder (loaded when a reader first asks for a
// picture or slides: static/web/picture.js) are cached when they pass by.
// What is not cached yet is revalidated with the host (by its ETag), so a
// copy of the old version left in the browser's HTTP cache is not taken.
async function resource(request) {
  const cache = await caches.open(cacheName);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request, { cache: "no-cache" });
  const path = new URL(request.url).pathname;
  if (response.ok && (isWasm(path) || path.includes("/web/frames/") || path.includes("/web/words/") || path.includes("/web/picture"))) {
    await cache.put(request, response.clone());
  }
  return response;
}
