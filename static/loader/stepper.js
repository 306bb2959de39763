// dlock's loader, part 1 of 3: the stepper before the app. The server
// serves it first in /app.js, then the step path's hands (steps.js) and the
// boot (boot.js), its placeholders filled. It knows no model and no rule of
// the page: it shows the frames the server prerendered with the app's own
// components, by rules the server computed from the same Go
// (web/server/loader.go).
"use strict";

const dlockFrames = {{.Frames}};
const dlockRules = {{.Rules}};
// dlockLoaded: each frames file the stepper fetched while no service worker
// saw it (a first visit), by path: a promise of its text once all of it
// has arrived (null if it failed). The page keeps some offline (boot.js)
// without fetching them again.
const dlockLoaded = new Map();

// Progressive enhancement of the one-run view: every scenario under every
// row, in either language, embedded or not. The server wrote every frame
// of each run, one file per run with the run's states in its head
// (web/server/frames.go), and the rules this reads an address by
// (dlockRules, web/server/loader.go): this shows the frame for the state
// the reader asks for, answers keys by the states' own next states, and
// keeps the address as the app would write it. It holds no rule of the
// page.

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
// the address asks for a state the frames do not hold (another view). A
// value the app refuses keeps its default, as in the app, which then says
// so. A group read under a field (the step, under the scenario) takes the
// sets of that field's value.
function dlockEnhancedState(search) {
  const read = dlockRead(search);
  return read.framed ? dlockRules.fields.map((f) => String(read.fields[f])).join("/") : null;
}
// dlockRead reads every group of the address: the fields they set, and
// whether the frames hold the state (framed). Where they do not, the
// fields are still those of the groups that set some (its language).
function dlockRead(search) {
  const q = dlockParams(search);
  const fields = { ...dlockRules.defaults };
  let framed = true;
  for (const group of dlockRules.groups) {
    const key = JSON.stringify(group.params.map((name) => {
      const values = q.get(name);
      if (!values) return null;
      return group.spellings[name] && group.spellings[name].includes(values[0]) ? values[0] : group.other;
    }));
    const all = group.given ? group.bySet[fields[group.given]] : group.sets;
    const sets = all && all[key];
    if (sets === null || sets === undefined) framed = false;
    else Object.assign(fields, sets);
  }
  return { fields, framed };
}
// dlockFramesFile is where the frames of the state id are.
function dlockFramesFile(id) {
  const v = id.split("/");
  let path = dlockRules.file;
  dlockRules.fields.forEach((f, i) => {
    const value = f === "embed" ? (v[i] === "true" ? dlockRules.embedDir : "") : v[i];
    path = path.replace("{" + f + "}", value);
  });
  return dlockFrames.prefix + path;
}
// dlockQuery is the address the app writes for a state (its query, from
// its run's states): its own parameters set, every other one kept, in the
// order Go's url.Values.Encode gives.
function dlockQuery(search, query) {
  const q = new URLSearchParams(search);
  for (const name of dlockRules.params) q.delete(name);
  for (const [name, value] of query) q.append(name, value);
  q.sort();
  return "?" + q.toString();
}
// dlockFramesReader reads a frames file (web/server/frames.go) as it
// streams in. The function it returns takes the next piece of the text
// and gives what that completed: the file's head once ({title, states}),
// and each frame, whole, as the server drew it ([id, html] in frames). A
// file holds a run's states, then its frames, each a <template
// data-frame> block, from step 1; the first is written whole, each later
// one (data-from) as its changes from the one before, which this puts
// back together (dlockFrameFrom). A frame that cannot be put together is
// left out, and so is every later one, which would rest on it.
function dlockFramesReader() {
  let text = "";
  let head = true;
  let before = null; // the frame before: its id and tokens
  const open = /^<template data-frame="([^"]*)"(?: data-from="([^"]*)")?>\n/;
  return (piece) => {
    text += piece;
    const got = { head: null, frames: [] };
    if (head) {
      const at = text.indexOf("<template");
      if (at < 0) return got;
      head = false;
      const doc = new DOMParser().parseFromString(text.slice(0, at), "text/html");
      got.head = { title: doc.title, states: JSON.parse(doc.getElementById("dlock-states").textContent) };
      text = text.slice(at);
    }
    for (let end = text.indexOf("</template>"); end >= 0; end = text.indexOf("</template>")) {
      const block = text.slice(text.indexOf("<template"), end);
      text = text.slice(end + "</template>".length);
      const m = open.exec(block);
      if (!m) continue;
      const body = block.slice(m[0].length, block.endsWith("\n") ? -1 : undefined);
      let tokens = null;
      if (m[2] === undefined) tokens = dlockFrameTokens(body);
      else if (before && before.id === m[2]) tokens = dlockFrameFrom(body, before.tokens);
      before = tokens && { id: m[1], tokens };
      if (tokens) got.frames.push([m[1], tokens.join("")]);
    }
    return got;
  };
}
// dlockFrameTokens splits a frame's HTML as the server does (frameTokens
// in web/server/frames.go): before each "<", quote, space, "&" and ">".
function dlockFrameTokens(html) {
  return html === "" ? [] : html.split(/(?=[<" &>])/);
}
// dlockFrameFrom puts a frame written as its changes from the frame before
// back together, as tokens: a copy, <!--=S,N-->, stands for the frame
// before's tokens S to S+N-1; the text between copies is the frame's own
// tokens. null if a copy reaches past the frame before.
function dlockFrameFrom(body, before) {
  const tokens = [];
  const parts = body.split(/<!--=(\d+),(\d+)-->/);
  for (let i = 0; i < parts.length; i += 3) {
    for (const token of dlockFrameTokens(parts[i])) tokens.push(token);
    if (i + 2 >= parts.length) break;
    const from = +parts[i + 1], to = from + +parts[i + 2];
    if (to > before.length) return null;
    for (let k = from; k < to; k++) tokens.push(before[k]);
  }
  return tokens;
}

// dlockKeepKeys: a page whose state no frame holds (predict mode, the
// projector view, a pace, two rows at once, the other views) waits for the
// app. Where the server drew it for its address (not the static site's one
// page, which says it is loading), the reader sees it and may press the
// step keys meanwhile: they are kept, and the app does them, in order, as
// it starts, so the page ends where the same keys pressed after the app
// would have taken it. What had focus, and which details were open, the
// app gives back once mounted, as after the stepper.
function dlockKeepKeys(opened) {
  if (document.documentElement.classList.contains("dlock-waiting")) return;
  const pending = [];
  const onKey = (e) => {
    const command = dlockKeyCommand(e);
    if (!command) return;
    e.preventDefault();
    pending.push(command);
  };
  document.addEventListener("keydown", onKey);
  window.dlockHandover = () => {
    document.removeEventListener("keydown", onKey);
    return dlockHandoverOf(opened, false, pending, "");
  };
}

// dlockKeyCommand is the command of a keydown the page answers (the step
// keys, without Ctrl, Alt or Meta, outside a text field), or undefined.
function dlockKeyCommand(e) {
  if (e.ctrlKey || e.altKey || e.metaKey) return undefined;
  const t = e.target;
  if (t && (t.isContentEditable || dlockRules.textFields.includes(t.tagName))) return undefined;
  return dlockRules.keys[e.key];
}

// dlockHandoverOf is what window.dlockHandover() hands the app as it
// starts, written once for every loader that hands over (the stepper,
// and the keys kept where no frame is): the app reads it as one Go type
// (ui.Handover, web/ui/handover.go), whose fields these are. opened: the
// address the page was opened at; shown: whether the page shows the frame
// of the state it is at; commands: the commands the reader asked for that
// the loader had not done; click: a control only the app works, pressed
// last; and what dlockKept notes.
function dlockHandoverOf(opened, shown, commands, click) {
  return JSON.stringify({ ...dlockKept(), opened: opened, shown: shown, commands: commands, click: click });
}

// dlockKept is what the app gives back once mounted: the data-testid of
// the control in the page that had focus, and the classes of the open
// details.
function dlockKept() {
  const main = document.querySelector('main[data-testid="app"]');
  const focus = document.activeElement && main && main.contains(document.activeElement) ? document.activeElement.dataset.testid || "" : "";
  const open = main ? [...main.querySelectorAll("details[open]")].map((d) => d.className) : [];
  return { focus: focus, open: open };
}

// dlockEnhance starts stepping through the frames, and returns a promise
// that settles once the page answers keys, with true (or with a falsy
// value once it will not before the app).
function dlockEnhance() {
  const opened = location.search;
  let state = dlockEnhancedState(opened); // the id of the state the page is at
  const drawn = dlockRules.fields.map((f) => String(dlockRules.defaults[f])).join("/");
  // The state whose frame the page shows: the page's own (the static
  // site's is the default view's), then each frame shown. It lags state
  // while a frame is on its way.
  let shown = dlockFrames.static ? drawn : state;
  if (dlockFrames.static && state !== drawn) {
    // The static site's page is the default view, drawn once for every
    // address. Another state must not show it: the page says, in the
    // language asked for, that it is loading, until its frame arrives or
    // the app draws the view.
    document.documentElement.lang = dlockRead(opened).fields.lang;
    document.documentElement.classList.add("dlock-waiting");
    const label = document.getElementById("app-wasm-loader-label");
    if (label) label.textContent = dlockSay("loading", 0);
  }
  if (!state) dlockKeepKeys(opened);
  if (!state || !window.fetch || !window.DOMParser || !window.TextDecoder) return Promise.resolve();
  const files = {}; // a frames file's path → its frames, as they arrive
  let stopped = false; // the app has taken over
  let current = null; // the states of the run shown
  const later = (fn) => (window.requestIdleCallback ? requestIdleCallback(fn) : setTimeout(fn, 20));
  // A file is read as it streams in (dlockFramesReader), so the first key
  // is answered once its frame has arrived, not the whole file; a frame is
  // parsed when it is first shown (parsing all of them at once takes tens
  // of ms of the main thread), the rest while the browser is idle.
  const openFrames = (path, priority) => {
    const blocks = new Map(); // "3" → the HTML of its frame
    const parsed = new Map(); // the same → its <template>, parsed
    const waiting = new Map(); // the same → who waits for it
    const parse = (html) => new DOMParser().parseFromString(html, "text/html");
    const read = dlockFramesReader();
    let ended = false;
    let named, unnamed;
    // head settles with the file's title and its states.
    const title = new Promise((resolve, reject) => { named = resolve; unnamed = reject; });
    title.catch(() => {});
    let head = true;
    const get = (id) => {
      if (!parsed.has(id) && blocks.has(id)) parsed.set(id, parse("<!doctype html><body><template>" + blocks.get(id) + "</template>").querySelector("template"));
      return parsed.get(id) ?? null;
    };
    const take = (piece) => {
      let got;
      try {
        got = read(piece);
      } catch (err) {
        if (head) unnamed(err);
        head = false;
        return;
      }
      if (got.head) {
        head = false;
        named(got.head);
      }
      for (const [id, html] of got.frames) {
        blocks.set(id, html.replaceAll(dlockFrames.origin, location.origin));
        for (const resolve of waiting.get(id) || []) resolve(get(id));
        waiting.delete(id);
      }
    };
    const finish = (err) => {
      ended = true;
      if (head) unnamed(err || new Error("no frames in " + path));
      for (const list of waiting.values()) for (const resolve of list) resolve(null);
      waiting.clear();
    };
    // The page's head preloads the file the address asks for.
    // (In a sandbox without allow-same-origin, reading it throws: no
    // worker there, and no cache either.)
    let unseen = true;
    try {
      unseen = !(navigator.serviceWorker && navigator.serviceWorker.controller);
    } catch (err) {
      unseen = false;
    }
    let raw = "";
    let loaded;
    if (unseen) dlockLoaded.set(path, new Promise((resolve) => { loaded = resolve; }));
    fetch(path, { priority }).then(async (r) => {
      if (!r.ok) throw new Error("HTTP " + r.status);
      if (!r.body || !r.body.getReader || !window.TextDecoder) {
        const text = await r.text();
        if (unseen) raw = text;
        take(text);
        return;
      }
      const reader = r.body.getReader();
      const decoder = new TextDecoder();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        const chunk = decoder.decode(value, { stream: true });
        if (unseen) raw += chunk;
        take(chunk);
      }
      const rest = decoder.decode();
      if (unseen) raw += rest;
      take(rest);
    }).then(() => {
      if (loaded) loaded(raw);
      finish();
    }, (err) => {
      if (loaded) loaded(null);
      finish(err);
    });
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
  const framesOf = (id, priority) => {
    const path = dlockFramesFile(id);
    files[path] ??= openFrames(path, priority || "high");
    return files[path];
  };
  // frameOf settles with the file's head and the frame of the state id, or
  // null where the run has no such state (a step past its end).
  const frameOf = (id, set) => set.title.then((head) => {
    const s = head.states[id];
    return s ? set.frame(s.frame).then((frame) => [head, frame]) : [head, null];
  });
  let answering = false;
  let urlDue = false;

  const writeURL = () => {
    if (!urlDue) return;
    urlDue = false;
    history.replaceState(history.state, "", location.pathname + dlockQuery(location.search, current[state].query) + location.hash);
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
    document.documentElement.classList.remove("dlock-waiting");
    if (focused) next.querySelector('[data-testid="' + focused + '"]')?.focus();
    document.documentElement.lang = next.lang;
    document.title = title;
    return true;
  };

  // moving is the state being opened in another run's file: its states
  // are not known until that file's head has arrived, so the commands
  // given meanwhile wait in pending, in order.
  let moving = null;
  let movingBy = null; // the command that began the move
  const pending = [];
  const moved = () => {
    moving = null;
    while (!moving && pending.length > 0) go(pending.shift());
  };
  const go = (command) => {
    if (moving) {
      pending.push(command);
      return;
    }
    const to = current[state].next[command];
    if (!to || to === state) return;
    // The state changes at once (the app takes over from it); the frame
    // shows when it has arrived, unless a later key has moved on.
    const set = framesOf(to);
    if (current[to]) {
      state = to;
      scheduleURL();
      frameOf(to, set).then(([head, frame]) => {
        if (stopped || state !== to) return;
        if (show(frame, head.title)) shown = to;
        set.warm();
      }, () => {});
      return;
    }
    // Another run (fencing switched) or language: once its states are in.
    moving = to;
    movingBy = command;
    frameOf(to, set).then(([head, frame]) => {
      if (!stopped && frame) {
        current = head.states;
        state = to;
        scheduleURL();
        if (show(frame, head.title)) shown = to;
        set.warm();
      }
      moved();
    }, moved);
  };
  // A key pressed before the page's own frame has arrived waits in
  // pending too: it is done once the stepper answers, or by the app if
  // that takes over first.
  const onKey = (e) => {
    const command = dlockKeyCommand(e);
    if (!command) return;
    e.preventDefault();
    onKeyCommand();
    if (!answering) {
      pending.push(command);
      return;
    }
    go(command);
  };
  // clicked: a control only the app works (play), pressed since the last
  // command the stepper did; the app presses it once it runs.
  let clicked = "";
  const onClick = (e) => {
    const el = e.target.closest && e.target.closest("[data-testid]");
    // A press another part of the loader answered (a picture) is not the
    // app's to press again.
    if (!answering || !el || e.defaultPrevented) return;
    const command = dlockRules.buttons[el.dataset.testid];
    if (!command) {
      if (el.tagName === "BUTTON") clicked = el.dataset.testid;
      return;
    }
    clicked = "";
    e.preventDefault();
    go(command);
  };
  const onKeyCommand = () => {
    clicked = "";
  };

  // The app calls this as it starts: from then on the keys are its own.
  window.dlockHandover = () => {
    stopped = true;
    document.removeEventListener("keydown", onKey);
    document.removeEventListener("click", onClick);
    writeURL();
    // shown: the page shows the frame of the state it is at, which the
    // app may then keep on screen while it mounts (Demo.held). commands:
    // what the reader asked for that the loader had not done yet (a move
    // to another run's frames, and the keys after it), which the app does.
    const commands = moving ? [movingBy, ...pending] : [...pending];
    // click: a control only the app works, pressed last, which the app
    // then presses.
    return dlockHandoverOf(opened, shown === state, commands, clicked);
  };

  document.addEventListener("keydown", onKey);
  const first = framesOf(state);
  return frameOf(state, first).then(([head, frame]) => {
    if (stopped) return;
    current = head.states;
    if (!show(frame, head.title)) throw new Error("no frame for " + state);
    shown = state;
    answering = true;
    document.documentElement.classList.add("dlock-enhanced");
    performance.mark("dlock:enhanced");
    document.addEventListener("click", onClick);
    moved(); // the keys pressed before the frame arrived
    first.warm();
    // The other language, for its switch: read when the browser is idle.
    later(() => stopped || !current[state].next.lang || framesOf(current[state].next.lang, "low"));
    return true;
  }).catch((err) => console.info("dlock: stepping before the app is not available:", err.message));
}
