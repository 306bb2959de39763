
// The run as a picture and as slides, before the app runs as well as
// after: app.wasm only draws the picture control (web/ui/picture_control.go)
// and the projector view's "Print as slides". The script that makes the
// file (web/picture.js) and its encoder, which draws the run with the
// page's own code (picture.wasm, in a worker), are loaded the first time a
// reader asks; each is given the run's query, the column's row, the page's
// language and its words.
document.documentElement.classList.add("dlock-pictures");
let dlockPictureScript = null;
function dlockPictureReady() {
  if (!dlockPictureScript) {
    dlockPictureScript = new Promise((resolve, reject) => {
      const s = document.createElement("script");
      s.src = goappEnv.GOAPP_STATIC_RESOURCES_URL + "/picture.js";
      s.onload = () => (window.dlockPicture ? resolve() : reject(new Error("offline")));
      s.onerror = () => {
        dlockPictureScript = null;
        s.remove();
        reject(new Error("offline"));
      };
      document.head.appendChild(s);
    });
  }
  return dlockPictureScript;
}

// dlockRunOf is the run a picture or the slides are drawn from: query, the
// row (strategy, "" for the query's), and the page's language and words.
async function dlockRunOf(query, strategy) {
  const lang = document.documentElement.lang || "ja";
  return { query, strategy, lang, words: await dlockWordsOf(lang) };
}

// dlockWordsIn is a message of the catalogue in the page's language, its
// %s and %d filled with args in turn (the catalogue's messages here use
// no other verbs).
const dlockWordsParsed = new Map();
async function dlockWordsIn(key, ...args) {
  const lang = document.documentElement.lang || "ja";
  let words = dlockWordsParsed.get(lang);
  if (!words) {
    try {
      words = JSON.parse(await dlockWordsOf(lang));
      dlockWordsParsed.set(lang, words);
    } catch (err) {
      words = {};
    }
  }
  const m = words[key] || key;
  let i = 0;
  return m.replace(/%[sd]/g, () => String(args[i++]));
}

// A press of one of a picture control's buttons makes that file: the
// control shows what is made (data-value), how far it has got (its bar)
// and then what came of it (its status). One picture is made at a time:
// meanwhile every control's buttons wait. The state is the script's, and
// is drawn again on the controls at each change, since the page may draw
// a control anew meanwhile (a step before the app runs, the app's mount).
const dlockPicturing = { making: null, column: "", done: 0, all: 0, said: {} };
function dlockShowPicturing() {
  const p = dlockPicturing;
  document.querySelectorAll(".picture-control").forEach((c) => {
    const mine = p.making && c.dataset.column === p.column;
    c.dataset.value = mine ? p.making : "none";
    c.querySelectorAll("button[data-value]").forEach((b) => b.setAttribute("aria-disabled", p.making ? "true" : "false"));
    const bar = c.querySelector(".picture-progress");
    bar.hidden = !mine || p.all === 0;
    bar.max = Math.max(p.all, 1);
    bar.value = mine ? p.done : 0;
    const status = c.querySelector(".picture-status");
    const said = p.said[c.dataset.column] || "";
    if (status.textContent !== said) status.textContent = said;
  });
}
document.addEventListener("click", (e) => {
  const button = e.target.closest && e.target.closest(".picture-control button[data-value]");
  if (!button) return;
  e.preventDefault();
  const p = dlockPicturing;
  if (p.making) {
    dlockShowPicturing(); // a control drawn anew says so again
    return;
  }
  const control = button.closest(".picture-control");
  const column = control.dataset.column, kind = button.dataset.value;
  const run = control.dataset.run, strategy = control.dataset.strategy;
  Object.assign(p, { making: kind, column, done: 0, all: 0 });
  dlockShowPicturing();
  const say = (said) => {
    p.said[column] = said;
    dlockShowPicturing();
  };
  (async () => {
    const name = await dlockWordsIn("picture.kind." + kind);
    say(await dlockWordsIn("picture.preparing", name));
    try {
      const request = await dlockRunOf(run, strategy);
      await dlockPictureReady();
      const making = {};
      const made = await window.dlockPicture(kind, request, (done, all) => {
        p.done = done;
        p.all = all;
        if (all > 1 && !making[all]) making[all] = dlockWordsIn("picture.making", name, all / 2).then((said) => p.making && say(said));
        dlockShowPicturing();
      });
      await Promise.all(Object.values(making));
      p.making = null;
      say(await dlockWordsIn("picture.saved", made.name, Math.max(Math.round(made.size / 1000), 1)));
    } catch (err) {
      let why = String((err && err.message) || err);
      if (why === "offline") why = await dlockWordsIn("picture.offline");
      p.making = null;
      say(await dlockWordsIn("picture.failed", name, why));
    }
  })();
}, true);

// dlockSave downloads bytes (or text) as a file named name, of type type.
function dlockSave(bytes, type, name) {
  const url = URL.createObjectURL(new Blob([bytes], { type }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

// The timeline's download: a standalone SVG of the drawing at its step,
// named by the page (data-file). The page's style sheet does not travel
// with the file, so every element of a copy gets, inline, the computed
// values of the properties the drawing's style sets (in the page's
// theme); fonts are the page's stacks, which end in a generic family.
const dlockSVGStyled = ["fill", "fill-opacity", "stroke", "stroke-width", "stroke-dasharray", "opacity",
  "font-family", "font-size", "font-weight", "color"];
document.addEventListener("click", (e) => {
  const button = e.target.closest && e.target.closest('[data-testid="timeline-download"]');
  if (!button || button.getAttribute("aria-disabled") === "true") return;
  const src = button.closest('[data-testid="timeline"]')?.querySelector("svg.timeline-svg");
  if (!src) return;
  e.preventDefault();
  const copy = src.cloneNode(true);
  const inline = (orig, el) => {
    const cs = getComputedStyle(orig);
    let style = "";
    for (const p of dlockSVGStyled) {
      const v = cs.getPropertyValue(p);
      if (v) style += p + ":" + v + ";";
    }
    el.setAttribute("style", style);
  };
  inline(src, copy);
  const from = src.querySelectorAll("*"), to = copy.querySelectorAll("*");
  for (let i = 0; i < from.length && i < to.length; i++) inline(from[i], to[i]);
  copy.setAttribute("xmlns", "http://www.w3.org/2000/svg");
  copy.setAttribute("style", copy.getAttribute("style") + "background:" + getComputedStyle(document.body).getPropertyValue("background-color") + ";");
  const text = '<?xml version="1.0" encoding="UTF-8"?>\n' + new XMLSerializer().serializeToString(copy);
  dlockSave(text, "image/svg+xml;charset=utf-8", button.dataset.file);
}, true);

// Slides (print=slides): the run the address names, drawn beside the page
// (ui.SlidesHTML, in the picture encoder), which printing then gives in
// the page's place. They follow the address, which the app writes as its
// settings change: a run already drawn, at whatever step, is not drawn
// again; until another run's are drawn, and where the address no longer
// asks for slides, printing gives the page. The projector view's "Print
// as slides" has the app put print=slides in the address, and the slides
// print once drawn; where they cannot be drawn, the page prints.
let dlockSlidesDrawn = "";
let dlockSlidesPrint = 0; // when "Print as slides" was pressed
function dlockSlidesClear() {
  dlockSlidesDrawn = "";
  document.documentElement.classList.remove("print-slides");
  const host = document.querySelector("body > .slides-host");
  if (host) host.replaceChildren();
}
// The parameters that do not change the run drawn.
const dlockSlidesIgnore = ["step", "present", "future", "quiz", "autoplay", "pace", "theme", "controls", "sw", "print"];
let dlockSlidesDrawing = Promise.resolve();
async function dlockSlidesDraw(key) {
  let html = "";
  try {
    await dlockPictureReady();
    html = await window.dlockSlidesHTML(await dlockRunOf(location.search, ""));
  } catch (err) {
    if (key === dlockSlidesDrawn) dlockSlidesDrawn = "";
    console.info("dlock: the slides could not be drawn:", err.message);
  }
  if (key !== dlockSlidesDrawn) return; // another run's slides are coming
  let host = document.querySelector("body > .slides-host");
  if (!host) {
    host = document.createElement("div");
    host.className = "slides-host";
    document.body.appendChild(host);
  }
  host.innerHTML = html;
  // A view of more than one run, or a run that does not replay, has no
  // slides: printing gives the page.
  document.documentElement.classList.toggle("print-slides", host.querySelector(".slide") !== null);
}
async function dlockSlidesFollow() {
  const params = new URLSearchParams(location.search);
  if (params.get("print") !== "slides") {
    if (dlockSlidesDrawn) dlockSlidesClear();
    return;
  }
  dlockSlidesIgnore.forEach((k) => params.delete(k));
  const key = params.toString() + "&lang=" + document.documentElement.lang;
  if (key !== dlockSlidesDrawn) {
    dlockSlidesClear();
    dlockSlidesDrawn = key;
    dlockSlidesDrawing = dlockSlidesDraw(key);
  }
  await dlockSlidesDrawing;
  // A press is honoured for a while: the app writes the address when the
  // browser is next idle, and the encoder may have to load.
  if (dlockSlidesPrint && performance.now() - dlockSlidesPrint < 20000) {
    dlockSlidesPrint = 0;
    window.print();
  }
}
document.addEventListener("click", (e) => {
  const button = e.target.closest && e.target.closest('[data-testid="print-slides"]');
  if (!button || button.getAttribute("aria-disabled") === "true") return;
  dlockSlidesPrint = performance.now();
  dlockSlidesFollow();
}, true);
(() => {
  // The address changes by history.replaceState, which only the
  // Navigation API tells of; a browser without it is told by the history's
  // own methods.
  if (window.navigation) {
    navigation.addEventListener("currententrychange", dlockSlidesFollow);
  } else {
    for (const name of ["replaceState", "pushState"]) {
      const own = history[name];
      history[name] = function (...args) {
        const out = own.apply(this, args);
        dlockSlidesFollow();
        return out;
      };
    }
  }
  addEventListener("popstate", dlockSlidesFollow);
  dlockSlidesFollow();
})();
