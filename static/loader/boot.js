// dlock's loader, part 3 of 3: the boot. The server serves this file after
// the stepper (stepper.js) and the step path's hands (steps.js) as /app.js,
// its placeholders filled. It replaces
// the app.js go-app generates and keeps its contract with go-app's Go side
// (goappGetenv, goappNav, goappOnUpdate, ...), and it does what go-app's does
// not:
//   - it fetches app.wasm once and leaves it in the offline cache itself, so
//     the service worker never downloads it a second time;
//   - it fetches the page's words in its language beside app.wasm (app.wasm
//     carries none), and the other language's when the app asks;
//   - its progress bar counts against the uncompressed size, so it is right
//     when the host compresses app.wasm;
//   - it registers the service worker unless ?sw=off, and carries on without
//     one where registration is refused (a sandboxed iframe), and never
//     makes app.wasm wait for the registration;
//   - it gives go-app an in-memory storage where the page may not have one;
//   - when the app cannot start, it says why and what would fix it, on the
//     page and to an embedding page.
// The words come from the page's catalogue (web/words/catalog.go), put here
// by the server that writes this file.

var goappNav = function () {};
var goappUpdatedBeforeWasmLoaded = false;
var goappOnUpdate = function () { goappUpdatedBeforeWasmLoaded = true; };
var goappAppInstallChangedBeforeWasmLoaded = false;
var goappOnAppInstallChange = function () { goappAppInstallChangedBeforeWasmLoaded = true; };

const goappEnv = {{.Env}};
const dlockWasm = {{.Wasm}};
const dlockWorker = {{.Worker}};
const dlockWords = {{.Words}};
const dlockCache = {{.Cache}};
const dlockCatalogue = {{.Catalogue}};
let goappServiceWorkerRegistration;
// A site built to work under any path (a SCORM package, which a learning
// management system serves from a directory of its own: web/server's
// Relative) names its files relatively, and its root is the page itself:
// the app routes the page's own path as the site's root.
if (goappEnv.GOAPP_ROOT_PREFIX === ".") goappEnv.GOAPP_ROOT_PREFIX = location.pathname;

function goappGetenv(k) { return goappEnv[k]; }
function goappTryUpdate() { if (goappServiceWorkerRegistration) goappServiceWorkerRegistration.update(); }
function goappIsAppInstallable() { return false; }
function goappIsAppleBrowser() { return false; }
function goappKeepBodyClean() {
  const body = document.body;
  const count = body.children.length;
  const obs = new MutationObserver(() => {
    while (body.children.length > count) body.removeChild(body.lastChild);
  });
  obs.observe(body, { childList: true });
  return () => obs.disconnect();
}

// dlockWordsOf fetches the page's words in lang, once: the catalogue, one
// file a language, which app.wasm does not carry (web/ui/words_load.go
// reads it from here). A fetch that failed is tried again when next asked.
const dlockWordsFetched = new Map();
function dlockWordsOf(lang) {
  let got = dlockWordsFetched.get(lang);
  if (!got) {
    const url = dlockCatalogue[lang];
    got = url
      ? fetch(url).then((r) => {
          if (!r.ok) throw new Error("HTTP " + r.status + " for " + url);
          return r.text();
        })
      : Promise.reject(new Error("no words in " + lang));
    got.catch(() => dlockWordsFetched.delete(lang));
    dlockWordsFetched.set(lang, got);
  }
  return got;
}

function dlockSay(key, progress) {
  const lang = document.documentElement.lang === "en" ? "en" : "ja";
  return dlockWords[lang][key].replace("{progress}", String(progress));
}

// A sandboxed page without allow-same-origin has no storage: reading
// localStorage throws, and so would go-app. Give it one that forgets.
function dlockEnsureStorage() {
  for (const name of ["localStorage", "sessionStorage"]) {
    try {
      window[name].length;
    } catch (err) {
      const items = new Map();
      const storage = {
        get length() { return items.size; },
        key(i) { return Array.from(items.keys())[i] ?? null; },
        getItem(k) { return items.has(String(k)) ? items.get(String(k)) : null; },
        setItem(k, v) { items.set(String(k), String(v)); },
        removeItem(k) { items.delete(String(k)); },
        clear() { items.clear(); },
      };
      Object.defineProperty(window, name, { value: storage, configurable: true });
    }
  }
}

// The service worker gives offline support. It is optional: ?sw=off skips
// it, and a page that may not have one works without. In a sandbox without
// allow-same-origin even reading navigator.serviceWorker throws.
function dlockWorkers() {
  try {
    return "serviceWorker" in navigator ? navigator.serviceWorker : null;
  } catch (err) {
    return null;
  }
}
const dlockHadController = !!(dlockWorkers() && dlockWorkers().controller);
// A new version has taken over from the one this page was loaded by: the
// new worker activates at once and claims the page. The browser may start
// that update itself as the page is navigated to, before this script
// registers anything, so the page listens for the change of controller,
// which comes however the update started.
if (dlockHadController) {
  dlockWorkers().addEventListener("controllerchange", () => goappOnUpdate());
}

async function dlockServiceWorker() {
  // ?sw=off, or a site under any path, which has none.
  if (new URLSearchParams(location.search).get("sw") === "off" || !dlockWorker) return "off";
  const workers = dlockWorkers();
  if (!workers) return "unavailable";
  try {
    const reg = await workers.register(dlockWorker);
    goappServiceWorkerRegistration = reg;
    // A registration that exists already is not checked for a new version
    // by register(), and the browser's own check on navigation is not
    // certain to run: ask for one on every load of a controlled page.
    if (dlockHadController) reg.update().catch(() => {});
    return "on";
  } catch (err) {
    console.info("dlock: no service worker here, so no offline support:", err.message);
    return "refused";
  }
}

function dlockFail(err) {
  const sandboxed = window.origin === "null";
  const waiting = document.documentElement.classList.contains("dlock-waiting");
  const message = dlockSay(sandboxed ? "sandbox" : "failed") + (sandboxed ? "" : " (" + err.message + ")") +
    (waiting ? " " + dlockSay("waiting") : "");
  const label = document.getElementById("app-wasm-loader-label");
  const loader = document.getElementById("app-wasm-loader");
  if (loader) loader.classList.add("dlock-failed");
  if (label) {
    label.setAttribute("role", "alert");
    label.textContent = message;
  }
  const bar = document.getElementById("dlock-progress");
  if (bar) bar.remove();
  if (window.parent !== window) window.parent.postMessage({ type: "dlock:error", message: message }, "*");
  console.warn("dlock: the app could not start:", err);
}

async function dlockStart() {
  dlockEnsureStorage();
  const worker = dlockServiceWorker();
  const loader = document.getElementById("app-wasm-loader");
  const label = document.getElementById("app-wasm-loader-label");
  const bar = document.createElement("progress");
  bar.id = "dlock-progress";
  bar.max = 100;
  bar.value = 0;
  bar.setAttribute("aria-labelledby", "app-wasm-loader-label");
  if (loader) loader.appendChild(bar);
  // The bar moves when the percentage does, not on every chunk: each move
  // is work on the main thread, which the page needs to answer keys.
  let shown = -1;
  const show = (progress) => {
    if (progress === shown) return;
    shown = progress;
    bar.value = progress;
    bar.dataset.value = String(progress);
    if (label) label.textContent = dlockSay("loading", progress);
  };
  show(0);

  try {
    // Whether a service worker sees this request is decided now: one that
    // takes control later (on a first visit) never sees it.
    const seen = !!(dlockWorkers() && dlockWorkers().controller);
    // The page's words, in its language, come beside app.wasm.
    const lang = dlockRead(location.search).fields.lang;
    const words = dlockWordsOf(lang);
    words.catch(() => {});
    // The page's head preloads app.wasm; this fetch picks that download up.
    const response = await fetch(dlockWasm.url);
    if (!response.ok) throw new Error("HTTP " + response.status + " for " + dlockWasm.url);
    // Keep a copy for offline use when no service worker saw the request,
    // once the worker is registered; compiling does not wait for that. The
    // book's run in the page's language, embedded or not, is kept too (the
    // worker precaches no run: it would keep every language's).
    if ("caches" in window) {
      const copy = seen ? null : response.clone();
      worker.then((state) => {
        if (state !== "on") return;
        const fields = dlockRead(location.search).fields;
        caches.open(dlockCache).then((c) => {
          if (copy) c.put(dlockWasm.url, copy).catch(() => {});
          words.then((text) => c.put(dlockCatalogue[lang], new Response(text, { headers: { "Content-Type": "application/json; charset=utf-8" } }))).catch(() => {});
          // A file the stepper has fetched is kept from its copy, once all
          // of it has arrived; another is fetched for the cache.
          for (const path of dlockFrames.offline[fields.lang + "/" + fields.embed] || []) {
            const loaded = dlockLoaded.get(path);
            if (!loaded) {
              c.add(path).catch(() => {});
              continue;
            }
            loaded.then((text) => {
              if (text !== null) c.put(path, new Response(text, { headers: { "Content-Type": "text/html; charset=utf-8" } }));
            }).catch(() => {});
          }
        }).catch(() => {});
      });
    }
    // Count the bytes of the body as the browser hands them over, after any
    // decompression, against the size of app.wasm itself.
    let loaded = 0;
    const reader = response.body.getReader();
    const counted = new ReadableStream({
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) {
          show(100);
          controller.close();
          return;
        }
        loaded += value.byteLength;
        show(Math.min(99, Math.floor((loaded * 100) / dlockWasm.size)));
        controller.enqueue(value);
      },
    });
    performance.mark("dlock:wasm-response");
    const go = new Go();
    const result = await WebAssembly.instantiateStreaming(
      new Response(counted, { headers: { "Content-Type": "application/wasm" } }),
      go.importObject,
    );
    performance.mark("dlock:wasm-compiled");
    // Instantiating ends a task of its own: the page answers a key pressed
    // meanwhile before Go's start-up takes the thread.
    await new Promise((resolve) => setTimeout(resolve, 0));
    await words;
    go.run(result.instance);
    if (loader) loader.remove();
  } catch (err) {
    dlockFail(err);
  }
}

// dlockPostHeight tells an embedding page how tall the page is, now and
// whenever that changes: postMessage({type: "dlock:resize", height}). It
// says it again when the embedding page asks ({type: "dlock:measure"}):
// reading the size lays the page out even where the browser draws nothing.
function dlockPostHeight() {
  if (window.parent === window) return;
  let last = 0;
  const post = () => {
    const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
    if (height === last || !(height > 0)) return;
    last = height;
    window.parent.postMessage({ type: "dlock:resize", height: height }, "*");
  };
  if (window.ResizeObserver) new ResizeObserver(post).observe(document.documentElement);
  addEventListener("message", (e) => {
    if (e.source !== window.parent || !e.data || e.data.type !== "dlock:measure") return;
    last = 0;
    post();
  });
  post();
}
dlockPostHeight();

// The page answers keys first; compiling app.wasm, which the head's preload
// is downloading meanwhile, waits for that (and never more than a second).
// An embed in a page (one demo among others, which its reader may never
// touch) fetches app.wasm only when its reader acts, if the stepper answers
// meanwhile; where it does not (an address no frame holds), or where the
// address holds a value only the app can say is wrong, at once. (A
// sandbox whose host refuses its fetches gets no frames: it starts, and
// says why it cannot, at once.) An embed's
// address opened on its own loads as any page does.
const dlockEnhanced = dlockEnhance();
const dlockOpened = dlockRead(location.search).fields;
if (dlockOpened.embed && !dlockOpened.bad && window.parent !== window) {
  const asks = ["keydown", "pointerdown"];
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const type of asks) removeEventListener(type, start, true);
    dlockStart();
  };
  for (const type of asks) addEventListener(type, start, true);
  dlockEnhanced.then((answering) => answering || start(), start);

} else {
  Promise.race([dlockEnhanced, new Promise((resolve) => setTimeout(resolve, 1000))]).then(dlockStart, dlockStart);
}
