/*
 * The demo's service worker: the page works with no network after its first visit. Every file
 * of the build is fetched once at install (the list is written in at build time, see
 * vite.config.ts), so the engine worker, each game's wasm core and the code split from the page
 * are there before they are first asked for. The built files have hashed names and never change,
 * so they are served from the cache; the page itself (index.html) is asked of the network first,
 * so that a new build is seen as soon as the network is back.
 */
const FILES = self.__PRECACHE__;
const CACHE = `throngs-demo-${self.__VERSION__}`;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(['./', ...FILES]))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('throngs-demo-') && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(
      fetch(request)
        .then((response) => {
          const copy = response.clone();
          if (response.ok) void caches.open(CACHE).then((cache) => cache.put('./', copy));
          return response;
        })
        .catch(() => caches.match('./', { ignoreSearch: true, ignoreVary: true })),
    );
    return;
  }
  // ignoreVary: the server may answer `Vary: Origin`, and module scripts are asked for with an
  // Origin that the install's requests did not carry.
  event.respondWith(caches.match(request, { ignoreVary: true }).then((hit) => hit ?? fetch(request)));
});
