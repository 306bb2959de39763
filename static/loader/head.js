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
(function () {
  "use strict";
  const root = document.documentElement;
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
