
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
async function dlockWordsIn(key, ...args) {
  const lang = document.documentElement.lang || "ja";
  let words = {};
  try {
    words = JSON.parse(await dlockWordsOf(lang));
  } catch (err) {}
  const m = words[key] || key;
  let i = 0;
  return m.replace(/%[sd]/g, () => String(args[i++]));
}

// A press of one of a picture control's buttons makes that file: the
// control shows what is made (data-value), how far it has got (its bar)
// and then what came of it (its status), its buttons waiting meanwhile.
// Elements are found afresh at each change: the app, once it runs, draws
// the control anew.
document.addEventListener("click", (e) => {
  const button = e.target.closest && e.target.closest('.picture-control button[data-value]');
  if (!button) return;
  e.preventDefault();
  const control = button.closest(".picture-control");
  const column = control.dataset.column;
  if (control.dataset.value !== "none") return;
  const kind = button.dataset.value;
  const find = () => document.querySelector('.picture-control[data-column="' + column + '"]');
  const show = (making, done, all, said) => {
    const c = find();
    if (!c) return;
    c.dataset.value = making || "none";
    c.querySelectorAll("button[data-value]").forEach((b) => b.setAttribute("aria-disabled", making ? "true" : "false"));
    const bar = c.querySelector(".picture-progress");
    bar.hidden = !making || all === 0;
    bar.max = Math.max(all, 1);
    bar.value = done;
    if (said !== null) c.querySelector(".picture-status").textContent = said;
  };
  (async () => {
    const name = await dlockWordsIn("picture.kind." + kind);
    show(kind, 0, 0, await dlockWordsIn("picture.preparing", name));
    try {
      const run = await dlockRunOf(control.dataset.run, control.dataset.strategy);
      await dlockPictureReady();
      let steps = 0;
      const made = await window.dlockPicture(kind, run, (done, all) => {
        if (!steps && all > 1) {
          steps = all / 2;
          dlockWordsIn("picture.making", name, steps).then((said) => show(kind, done, all, said));
        }
        show(kind, done, all, null);
      });
      show("", 0, 0, await dlockWordsIn("picture.saved", made.name, Math.max(Math.round(made.size / 1000), 1)));
    } catch (err) {
      let why = String((err && err.message) || err);
      if (why === "offline") why = await dlockWordsIn("picture.offline");
      show("", 0, 0, await dlockWordsIn("picture.failed", name, why));
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
// again. The projector view's "Print as slides" has the app put
// print=slides in the address, and the slides print once drawn.
let dlockSlidesDrawn = "";
let dlockSlidesPrint = false;
async function dlockSlidesFollow() {
  const params = new URLSearchParams(location.search);
  if (params.get("print") !== "slides") return;
  params.delete("step");
  const key = params.toString() + "&lang=" + document.documentElement.lang;
  if (key !== dlockSlidesDrawn) {
    dlockSlidesDrawn = key;
    await dlockPictureReady();
    const html = await window.dlockSlidesHTML(await dlockRunOf(location.search, ""));
    if (key !== dlockSlidesDrawn) return; // a later run's slides are coming
    let host = document.querySelector("body > .slides-host");
    if (!host) {
      host = document.createElement("div");
      host.className = "slides-host";
      document.body.appendChild(host);
    }
    host.innerHTML = html;
    // A view of more than one run has no slides: printing gives the page.
    document.documentElement.classList.toggle("print-slides", html !== "");
  }
  if (dlockSlidesPrint && document.querySelector(".slides-host .slides")) {
    dlockSlidesPrint = false;
    window.print();
  }
}
document.addEventListener("click", (e) => {
  const button = e.target.closest && e.target.closest('[data-testid="print-slides"]');
  if (!button || button.getAttribute("aria-disabled") === "true") return;
  dlockSlidesPrint = true;
  dlockSlidesFollow().catch((err) => console.info("dlock: the slides could not be drawn:", err.message));
}, true);
(() => {
  const follow = () => dlockSlidesFollow().catch((err) => {
    dlockSlidesDrawn = "";
    console.info("dlock: the slides could not be drawn:", err.message);
  });
  // The address changes by history.replaceState, which only the
  // Navigation API tells of; a browser without it is told by the history's
  // own methods.
  if (window.navigation) {
    navigation.addEventListener("currententrychange", follow);
  } else {
    for (const name of ["replaceState", "pushState"]) {
      const own = history[name];
      history[name] = function (...args) {
        const out = own.apply(this, args);
        follow();
        return out;
      };
    }
  }
  addEventListener("popstate", follow);
  follow();
})();
