// The service worker (served as /sw.js). serviceWorker() in vite.config.ts fills in
// BUILD and PRECACHE when the app is built; the dev server registers no worker.

const BUILD = '__BUILD__';
/** The app shell: '/', index.html's assets, the lazily loaded pages, manifest and icons. */
const PRECACHE = __PRECACHE__;
const SHELL_CACHE = `shell-${BUILD}`;
/** The signed-in person's recent and starred foods, for search offline (SPEC 6). */
const PERSONAL_CACHE = 'personal-foods';
const OFFLINE_API = new Set(['/api/v1/foods/recent/', '/api/v1/foods/favorites/']);
const precached = new Set(PRECACHE);

self.addEventListener('install', (event) => {
  // No skipWaiting: a new build waits until every tab of the old one has closed, so a
  // page never changes under the person using it; the next start runs the new one.
  event.waitUntil(caches.open(SHELL_CACHE).then((cache) => cache.addAll(PRECACHE)));
});

self.addEventListener('activate', (event) => {
  // Older shells go once nothing runs them any more (this worker only activates then).
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((key) => key.startsWith('shell-') && key !== SHELL_CACHE).map((key) => caches.delete(key))),
      ),
  );
});

self.addEventListener('message', (event) => {
  // Sent on logout: the next person on this device must not see these foods.
  if (event.data && event.data.type === 'forget-personal-data') event.waitUntil(caches.delete(PERSONAL_CACHE));
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/api/')) {
    // Every other API answer goes straight to the network, never into a cache.
    if (OFFLINE_API.has(url.pathname)) event.respondWith(networkFirst(request));
    return;
  }
  if (request.mode === 'navigate') {
    event.respondWith(page(request));
    return;
  }
  if (precached.has(url.pathname)) event.respondWith(fromShell(url.pathname, request));
});

/** A page load: the server's index.html when it answers (it may be newer), else ours. */
async function page(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const cached = await caches.match('/', { cacheName: SHELL_CACHE });
    if (cached) return cached;
    throw error;
  }
}

/** Hashed assets never change under their name: the shell's copy is the answer. */
async function fromShell(path, request) {
  const cached = await caches.match(path, { cacheName: SHELL_CACHE });
  return cached ?? fetch(request);
}

async function networkFirst(request) {
  const cache = await caches.open(PERSONAL_CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(request, response.clone());
    return response;
  } catch (error) {
    // A refreshed token changes the request's headers, not the list it answers with.
    const cached = await cache.match(request, { ignoreVary: true });
    if (cached) return cached;
    throw error;
  }
}
