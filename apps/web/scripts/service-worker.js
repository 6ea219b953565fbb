/* global self, caches */
/**
 * The Viabiliza service worker. scripts/prerender.ts copies it to dist/sw.js with the build's
 * version and precache list in place of the two placeholders below.
 * - install: caches the app shell (index.html, entry script and styles) and the public pages;
 * - page navigations: network first, the cached page (or the shell) when offline;
 * - /assets/* (hashed, immutable): cache first, cached as they are used;
 * - /api/*: never cached, never touched.
 * A new build's worker waits until the page asks it to take over ('Atualizar').
 */
const VERSION = '__SW_VERSION__';
const PRECACHE = JSON.parse('__SW_PRECACHE__');
const CACHE = `viabiliza-${VERSION}`;
const SHELL = '/index.html';

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(PRECACHE)));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('viabiliza-') && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'SKIP_WAITING') self.skipWaiting();
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/') || url.pathname === '/sw.js') return;

  if (request.mode === 'navigate') {
    event.respondWith(
      fetch(request)
        .then((response) => {
          if (response.ok) {
            const copy = response.clone();
            void caches.open(CACHE).then((cache) => cache.put(url.pathname, copy));
          }
          return response;
        })
        .catch(() =>
          caches.match(url.pathname, { cacheName: CACHE }).then((hit) => hit || caches.match(SHELL, { cacheName: CACHE })).then((hit) => hit || Response.error()),
        ),
    );
    return;
  }

  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(
      caches.match(request, { cacheName: CACHE }).then(
        (hit) =>
          hit ||
          fetch(request).then((response) => {
            if (response.ok) {
              const copy = response.clone();
              void caches.open(CACHE).then((cache) => cache.put(request, copy));
            }
            return response;
          }),
      ),
    );
  }
});
