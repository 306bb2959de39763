// dlock's loader. It replaces the app.js go-app generates and keeps its
// contract with go-app's Go side (goappGetenv, goappNav, goappOnUpdate, ...),
// and it does what go-app's does not:
//   - it fetches app.wasm once and leaves it in the offline cache itself, so
//     the service worker never downloads it a second time;
//   - its progress bar counts against the uncompressed size, so it is right
//     when the host compresses app.wasm;
//   - it registers the service worker unless ?sw=off, and carries on without
//     one where registration is refused (a sandboxed iframe), and never
//     makes app.wasm wait for the registration;
//   - it gives go-app an in-memory storage where the page may not have one;
//   - when the app cannot start, it says why and what would fix it, on the
//     page and to an embedding page;
//   - on the default view it steps through frames the server prerendered
//     with the app's own components, before the WebAssembly arrives, and
//     hands the step it reached over to the app (dlockHandover). It knows no
//     model: it only shows the frame drawn for a state.
// The words come from the page's catalogue (web/words/catalog.go), put here by the
// server that writes this file.
"use strict";

var goappNav = function () {};
var goappUpdatedBeforeWasmLoaded = false;
var goappOnUpdate = function () { goappUpdatedBeforeWasmLoaded = true; };
var goappAppInstallChangedBeforeWasmLoaded = false;
var goappOnAppInstallChange = function () { goappAppInstallChangedBeforeWasmLoaded = true; };

const goappEnv = {{.Env}};
const dlockWasm = {{.Wasm}};
const dlockWorker = {{.Worker}};
const dlockWords = {{.Words}};
const dlockFrames = {{.Frames}};
const dlockRules = {{.Rules}};
const dlockCache = {{.Cache}};
let goappServiceWorkerRegistration;

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

async function dlockServiceWorker() {
  if (new URLSearchParams(location.search).get("sw") === "off") return "off";
  const workers = dlockWorkers();
  if (!workers) return "unavailable";
  try {
    const reg = await workers.register(dlockWorker);
    goappServiceWorkerRegistration = reg;
    reg.addEventListener("updatefound", () => {
      const next = reg.installing;
      next.addEventListener("statechange", () => {
        // A new version took over from the one this page was loaded by.
        if (next.state === "activated" && dlockHadController) goappOnUpdate();
      });
    });
    return "on";
  } catch (err) {
    console.info("dlock: no service worker here, so no offline support:", err.message);
    return "refused";
  }
}

function dlockFail(err) {
  const sandboxed = window.origin === "null";
  const message = dlockSay(sandboxed ? "sandbox" : "failed") + (sandboxed ? "" : " (" + err.message + ")");
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
    // The page's head preloads app.wasm; this fetch picks that download up.
    const response = await fetch(dlockWasm.url);
    if (!response.ok) throw new Error("HTTP " + response.status + " for " + dlockWasm.url);
    // Keep a copy for offline use when no service worker saw the request,
    // once the worker is registered; compiling does not wait for that.
    if (!seen && "caches" in window) {
      const copy = response.clone();
      worker.then((state) => {
        if (state === "on") caches.open(dlockCache).then((c) => c.put(dlockWasm.url, copy)).catch(() => {});
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
    go.run(result.instance);
    if (loader) loader.remove();
  } catch (err) {
    dlockFail(err);
  }
}

// Progressive enhancement of the default view: the chapter's scenario, with
// fencing on or off, in either language, embedded or not. The server wrote
// every frame of it (web/server/frames.go), and the rules this reads an
// address and answers keys by (dlockRules, web/server/loader.go): this
// shows the frame for the state the reader asks for and keeps the address
// as the app would write it. It holds no rule of the page.

// dlockParams reads a query as Go's url.ParseQuery does, which the app
// reads it with: pairs split at "&", a pair holding ";" or a malformed
// escape dropped, "+" a space, and bytes that are not UTF-8 kept as
// characters no parameter accepts. It returns each name's values.
function dlockParams(search) {
  const out = new Map();
  const decode = (s) => {
    s = s.replaceAll("+", " ");
    if (/%(?![0-9a-fA-F]{2})/.test(s)) return null;
    const bytes = [];
    for (let i = 0; i < s.length; i++) {
      if (s[i] === "%") {
        bytes.push(parseInt(s.slice(i + 1, i + 3), 16));
        i += 2;
      } else {
        for (const b of new TextEncoder().encode(s[i])) bytes.push(b);
      }
    }
    return new TextDecoder().decode(new Uint8Array(bytes));
  };
  for (const pair of search.replace(/^\?/, "").split("&")) {
    if (pair === "" || pair.includes(";")) continue;
    const at = pair.indexOf("=");
    const name = decode(at < 0 ? pair : pair.slice(0, at));
    const value = decode(at < 0 ? "" : pair.slice(at + 1));
    if (name === null || value === null) continue;
    if (!out.has(name)) out.set(name, []);
    out.get(name).push(value);
  }
  return out;
}
// dlockEnhancedState reads the address: the id of its state, or null when
// the address asks for a state the frames do not hold (another scenario or
// view). A value the app refuses keeps its default, as in the app, which
// then says so.
function dlockEnhancedState(search) {
  const q = dlockParams(search);
  const fields = { ...dlockRules.defaults };
  for (const group of dlockRules.groups) {
    const key = JSON.stringify(group.params.map((name) => {
      const values = q.get(name);
      if (!values) return null;
      return group.spellings[name] && group.spellings[name].includes(values[0]) ? values[0] : group.other;
    }));
    const sets = group.sets[key];
    if (sets === null || sets === undefined) return null;
    Object.assign(fields, sets);
  }
  return dlockRules.fields.map((f) => String(fields[f])).join("/");
}
// dlockQuery is the address the app writes for a state: its own parameters
// set, every other one kept, in the order Go's url.Values.Encode gives.
function dlockQuery(search, id) {
  const q = new URLSearchParams(search);
  for (const name of dlockRules.params) q.delete(name);
  for (const [name, value] of dlockRules.states[id].query) q.append(name, value);
  q.sort();
  return "?" + q.toString();
}
// dlockEnhance starts stepping through the frames, and returns a promise
// that settles once the page answers keys (or will not before the app).
function dlockEnhance() {
  const opened = location.search;
  let state = dlockEnhancedState(opened); // the id of the state shown
  if (!state || !window.fetch || !window.DOMParser || !window.TextDecoder) return Promise.resolve();
  const files = {}; // "ja" or "ja-embed" → its frames, as they arrive
  let stopped = false; // the app has taken over
  const frameOf = (id) => dlockRules.states[id].frame;
  const later = (fn) => (window.requestIdleCallback ? requestIdleCallback(fn) : setTimeout(fn, 20));
  // A file holds 14 frames, each one <template data-frame> block
  // (web/server/frames.go), from step 1 with fencing on. They are taken as
  // the file streams in, so the first key is answered once its frame has
  // arrived, not the whole file (200 KB on a host that does not compress);
  // a frame is parsed when it is first shown (parsing all 14 at once took
  // about 60 ms of the main thread), the rest while the browser is idle.
  const openFrames = (key, priority) => {
    const blocks = new Map(); // "3/on" → the HTML of its <template>
    const parsed = new Map(); // the same → its <template>, parsed
    const waiting = new Map(); // the same → who waits for it
    const parse = (html) => new DOMParser().parseFromString(html, "text/html");
    let ended = false;
    let text = "";
    let named, unnamed;
    const title = new Promise((resolve, reject) => { named = resolve; unnamed = reject; });
    title.catch(() => {});
    let head = true;
    const get = (id) => {
      if (!parsed.has(id) && blocks.has(id)) parsed.set(id, parse("<!doctype html><body>" + blocks.get(id)).querySelector("template"));
      return parsed.get(id) ?? null;
    };
    const take = () => {
      if (head) {
        const at = text.indexOf("<template");
        if (at < 0) return;
        head = false;
        named(parse(text.slice(0, at)).title);
        text = text.slice(at);
      }
      for (let end = text.indexOf("</template>"); end >= 0; end = text.indexOf("</template>")) {
        const block = text.slice(text.indexOf("<template"), end + "</template>".length);
        text = text.slice(end + "</template>".length);
        const m = /^<template data-frame="([^"]*)">/.exec(block);
        if (!m) continue;
        const id = m[1];
        blocks.set(id, block.replaceAll(dlockFrames.origin, location.origin));
        for (const resolve of waiting.get(id) || []) resolve(get(id));
        waiting.delete(id);
      }
    };
    const finish = (err) => {
      ended = true;
      if (head) unnamed(err || new Error("no frames in " + dlockFrames[key]));
      for (const list of waiting.values()) for (const resolve of list) resolve(null);
      waiting.clear();
    };
    // The page's head preloads the file the address asks for.
    fetch(dlockFrames[key], { priority }).then(async (r) => {
      if (!r.ok) throw new Error("HTTP " + r.status);
      if (!r.body || !r.body.getReader || !window.TextDecoder) {
        text = await r.text();
        take();
        return;
      }
      const reader = r.body.getReader();
      const decoder = new TextDecoder();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
        take();
      }
      text += decoder.decode();
      take();
    }).then(() => finish(), finish);
    let warming = false;
    return {
      title,
      // frame settles with the frame once it has arrived, or null if the
      // file ends (or fails) without it.
      frame: (id) => {
        if (blocks.has(id) || ended) return Promise.resolve(get(id));
        return new Promise((resolve) => waiting.set(id, [...(waiting.get(id) || []), resolve]));
      },
      warm: () => {
        if (warming) return;
        warming = true;
        const next = (deadline) => {
          if (stopped) return; // the app has taken over
          for (const id of blocks.keys()) {
            if (deadline && deadline.timeRemaining() < 4) break;
            get(id);
          }
          if (!ended || parsed.size < blocks.size) later(next);
        };
        later(next);
      },
    };
  };
  const framesOf = (key, priority) => {
    files[key] ??= openFrames(key, priority || "high");
    return files[key];
  };
  let answering = false;
  let urlDue = false;

  const writeURL = () => {
    if (!urlDue) return;
    urlDue = false;
    history.replaceState(history.state, "", location.pathname + dlockQuery(location.search, state) + location.hash);
  };
  // The address follows when the browser is idle, as the app's does.
  const scheduleURL = () => {
    if (urlDue) return;
    urlDue = true;
    if (window.requestIdleCallback) requestIdleCallback(writeURL, { timeout: 200 });
    else setTimeout(writeURL, 50);
  };

  // show puts the frame of the state in the page, keeping what the reader
  // did to it: focus, open details, and the live region itself (a new one
  // would not be announced).
  const show = (frame, title) => {
    const main = document.querySelector('main[data-testid="app"]');
    if (!main || !frame) return false;
    const next = frame.content.querySelector("main").cloneNode(true);
    const focused = document.activeElement && main.contains(document.activeElement) ? document.activeElement.dataset.testid : undefined;
    for (const d of main.querySelectorAll("details[open]")) {
      const same = next.querySelector("details." + [...d.classList].join("."));
      if (same) same.open = true;
    }
    const said = main.querySelector('[data-testid="announcer"]');
    const saying = next.querySelector('[data-testid="announcer"]');
    if (said && saying) {
      said.textContent = saying.textContent;
      saying.replaceWith(said);
    }
    main.replaceWith(next);
    if (focused) next.querySelector('[data-testid="' + focused + '"]')?.focus();
    document.documentElement.lang = next.lang;
    document.title = title;
    return true;
  };

  const go = (command) => {
    const to = dlockRules.states[state].next[command];
    if (!to || to === state) return;
    // The state changes at once (the app takes over from it); the frame
    // shows when it has arrived, unless a later key has moved on.
    state = to;
    const want = to;
    const set = framesOf(dlockRules.states[to].file);
    scheduleURL();
    Promise.all([set.title, set.frame(frameOf(to))]).then(([title, frame]) => {
      if (stopped || state !== want) return;
      show(frame, title);
      set.warm();
    }, () => {});
  };
  const onKey = (e) => {
    if (e.ctrlKey || e.altKey || e.metaKey || !answering) return;
    const t = e.target;
    if (t && (t.isContentEditable || dlockRules.textFields.includes(t.tagName))) return;
    const command = dlockRules.keys[e.key];
    if (!command) return;
    e.preventDefault();
    go(command);
  };
  const onClick = (e) => {
    const el = e.target.closest && e.target.closest("[data-testid]");
    if (!answering || !el || !dlockRules.buttons[el.dataset.testid]) return;
    e.preventDefault();
    go(dlockRules.buttons[el.dataset.testid]);
  };

  // The app calls this as it starts: from then on the keys are its own.
  window.dlockHandover = () => {
    stopped = true;
    document.removeEventListener("keydown", onKey);
    document.removeEventListener("click", onClick);
    writeURL();
    const main = document.querySelector('main[data-testid="app"]');
    const focused = document.activeElement && main && main.contains(document.activeElement) ? document.activeElement.dataset.testid || "" : "";
    const open = main ? [...main.querySelectorAll("details[open]")].map((d) => d.className) : [];
    return JSON.stringify({ focus: focused, open: open, opened: opened });
  };

  const first = framesOf(dlockRules.states[state].file);
  return Promise.all([first.title, first.frame(frameOf(state))]).then(([title, frame]) => {
    if (stopped) return;
    if (!show(frame, title)) throw new Error("no frame for " + state);
    answering = true;
    document.documentElement.classList.add("dlock-enhanced");
    performance.mark("dlock:enhanced");
    document.addEventListener("keydown", onKey);
    document.addEventListener("click", onClick);
    first.warm();
    // The other language, for its switch: read when the browser is idle.
    later(() => stopped || framesOf(dlockRules.states[dlockRules.states[state].next.lang].file, "low"));
  }).catch((err) => console.info("dlock: stepping before the app is not available:", err.message));
}

// The page answers keys first; compiling app.wasm, which the head's preload
// is downloading meanwhile, waits for that (and never more than a second).
Promise.race([dlockEnhance(), new Promise((resolve) => setTimeout(resolve, 1000))]).then(dlockStart, dlockStart);
