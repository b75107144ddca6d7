// Koma's service worker: it keeps a copy of the web app in the browser, so that the app
// starts without a network after the first visit, and replaces that copy when a new build
// is deployed.
//
// build/web.sh writes it into the build with BUILD set to a hash of the build's files. A
// new build therefore changes this script, which the browser checks on every visit; the new
// worker then fetches the new files into a cache of its own name and, once it takes over,
// deletes the caches of older builds. A visit that starts before the new files are cached
// runs the old build whole, never a mix of the two.
const BUILD = "__KOMA_BUILD__";
const CACHE = "koma-" + BUILD;

// What the page loads, relative to this script. "./" is the page itself as a visitor
// reaches it, by the folder's address.
const FILES = [
  "./",
  "index.html",
  "wasm_exec.js",
  "koma.wasm",
  "manifest.webmanifest",
  "favicon.png",
  "icon-192.png",
  "icon-512.png",
  "icon-maskable-192.png",
  "icon-maskable-512.png",
];

// store fetches one file, revalidating any copy in the browser's HTTP cache so that a new
// build never caches an old file, and keeps a plain copy of it. The server may have sent
// the file gzipped (koma.wasm.gz for koma.wasm): the body read here is already decoded, so
// the copy drops the encoding headers that no longer describe it, and says its decoded
// size for the page's progress bar.
async function store(cache, name) {
  const resp = await fetch(new Request(name, { cache: "no-cache" }));
  if (!resp.ok) throw new Error(`${name}: HTTP ${resp.status}`);
  const body = await resp.blob();
  const headers = new Headers({ "X-Decoded-Length": String(body.size) });
  const type = resp.headers.get("Content-Type");
  if (type) headers.set("Content-Type", type);
  await cache.put(name, new Response(body, { status: 200, headers }));
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // One file at a time: koma.wasm is large, and the page may still be starting.
    for (const name of FILES) await store(cache, name);
    // A new build takes over at once; pages already running keep the build they loaded.
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("koma-") && name !== CACHE) await caches.delete(name);
    }
    // Control the page that registered this worker, so that it works offline from its
    // first visit on.
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const req = event.request;
  if (req.method !== "GET" || new URL(req.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    let hit = await cache.match(req, { ignoreSearch: true });
    // Any address inside the app's folder opens the page, as the server would.
    if (!hit && req.mode === "navigate") hit = await cache.match("./");
    return hit || fetch(req);
  })());
});
