// dlock's head: the first script of the page, written into its <head> (the
// page's policy allows it by its hash), run before anything is drawn. It
// reads what the embed's address asks of its look, which no frame of the
// loader carries (a frame looks the same in every theme and size):
//   - theme=light|dark sets the palette and the page's color-scheme;
//     auto (or none) follows the embedding page when embed.js tells it
//     ({type: "dlock:theme", theme, scheme}), and the reader's system
//     otherwise. The page's color-scheme then equals the one the host page
//     uses for the iframe, so the browser keeps the iframe's canvas
//     transparent.
//   - controls=min marks the compact embed (the style sheet draws it).
//   - app.wasm starts downloading now, except in an embed in a page, which
//     waits until its reader acts (boot.js).
//   - on the static site, whose one page is the default view's, an address
//     without a query (that view) preloads the frames its first keys are
//     answered from, which the server's page names in its own head.
//   - the root follows the view the page shows (followView).
(function () {
  "use strict";
  const root = document.documentElement;
  // followView gives the root the classes of what the page shows that the
  // style sheet sizes or paints from the root: dlock-present (the projector
  // view's type grows with the screen, in rem), dlock-compare (two runs
  // side by side there, a size smaller) and dlock-embed (the host's
  // background shows through). They follow the app's element (main.dlock)
  // as the server drew it, as the loader swaps in another address's frame,
  // and as the app draws it. The style sheet reads them rather than asking
  // the root whether it holds such an element (html:has(...)): asked that
  // way, every node a step adds or removes anywhere in the page has the
  // browser style the root, the body and the run's parts again.
  let watched = null;
  const followView = () => {
    const main = document.body && document.body.querySelector(":scope > main.dlock");
    const has = (c) => !!main && main.classList.contains(c);
    root.classList.toggle("dlock-present", has("present"));
    root.classList.toggle("dlock-compare", has("view-compare"));
    root.classList.toggle("dlock-embed", has("embed"));
    if (document.body) view.observe(document.body, { childList: true });
    if (main && main !== watched) {
      watched = main;
      view.observe(main, { attributes: true, attributeFilter: ["class"] });
    }
  };
  const view = new MutationObserver(followView);
  view.observe(root, { childList: true });
  const q = new URLSearchParams(location.search);
  const theme = q.get("theme");
  // An embed in a page waits for its reader to act before it downloads
  // app.wasm (boot.js); opened on its own, it is a page like any other.
  const embed = (q.get("embed") === "1" || q.get("embed") === "true") && window.parent !== window;
  if (q.get("controls") === "min") root.classList.add("dlock-min");
  if (theme === "light" || theme === "dark") {
    root.dataset.theme = theme;
    root.style.colorScheme = theme;
  } else {
    // The reader's system, until the embedding page says otherwise.
    let told = false;
    const dark = window.matchMedia ? matchMedia("(prefers-color-scheme: dark)") : null;
    const follow = () => {
      if (!told) root.dataset.theme = dark && dark.matches ? "dark" : "light";
    };
    follow();
    if (dark) dark.addEventListener("change", follow);
    if (window.parent !== window) {
      addEventListener("message", (e) => {
        const d = e.data;
        if (e.source !== window.parent || !d || d.type !== "dlock:theme") return;
        if (d.theme === "light" || d.theme === "dark") {
          told = true;
          root.dataset.theme = d.theme;
        }
        if (d.scheme === "light" || d.scheme === "dark") root.style.colorScheme = d.scheme;
      });
      // embed.js answers with the host's theme, and says it again whenever
      // the host's changes.
      window.parent.postMessage({ type: "dlock:theme?" }, "*");
    }
  }
  const preload = (href, type, priority) => {
    const link = document.createElement("link");
    link.rel = "preload";
    link.as = "fetch";
    link.type = type;
    link.crossOrigin = "anonymous";
    link.fetchPriority = priority;
    link.href = href;
    document.head.appendChild(link);
  };
  // The frames first: the stepper (the loader, which runs once the page
  // is parsed) answers keys from them, long before app.wasm has arrived.
  // Otherwise it would only start their download then, a round trip and
  // their bytes after the page's own, sharing the link with app.wasm.
  if (location.search === "" && !document.head.querySelector('link[rel="preload"][href*="/web/frames/"]')) {
    preload({{.DrawnFrames}}, "text/html", "high");
  }
  if (!embed) preload({{.WasmURL}}, "application/wasm", "low");
})();
