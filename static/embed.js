// dlock's embed helper. Include it once in a page, or once for a whole
// documentation site (VitePress's head, Docusaurus's scripts, a Hugo
// shortcode, a plain <script> tag), and every iframe of the demo
//   - keeps the demo's height as it changes: the demo posts
//     {type: "dlock:resize", height} to its parent, and this sizes the
//     iframe that posted it; when the window is resized it asks every demo
//     again ({type: "dlock:measure"}), since a demo off screen is not drawn
//     and would not notice its new width until scrolled to;
//   - wears the page's theme: this tells every demo the page's theme
//     ({type: "dlock:theme", theme, scheme}) when it asks, and again when
//     the page's changes. The theme is read as documentation generators set
//     it: a class dark on the root or the body (VitePress), data-theme
//     (Docusaurus, many Hugo themes), else the root's color-scheme. scheme
//     is the color-scheme the page uses for the iframe, which the demo
//     takes so that the browser keeps the iframe transparent. A demo whose
//     address says theme=light or theme=dark keeps that.
// It trusts only iframes of the site this file was loaded from. Without
// it, the iframe still shows the demo, at the height the snippet gives it,
// in the theme its address names or the reader's system's.
(function () {
  "use strict";
  if (window.dlockEmbed) return; // included twice: the first one listens
  const script = document.currentScript;
  const origin = script && script.src ? new URL(script.src, location.href).origin : "";
  window.dlockEmbed = { origin: origin };
  // An iframe sandboxed without allow-same-origin has an opaque origin, so
  // its messages come from "null"; it is still the demo if its address is
  // the demo's site.
  const fromDemo = (frame, messageOrigin) => {
    let src;
    try {
      src = new URL(frame.src, location.href).origin;
    } catch (err) {
      return false;
    }
    if (src !== origin) return false;
    if (messageOrigin === origin) return true;
    return messageOrigin === "null" && frame.sandbox && !frame.sandbox.contains("allow-same-origin");
  };
  const frames = () => Array.prototype.filter.call(document.getElementsByTagName("iframe"), (frame) => {
    try {
      return new URL(frame.src, location.href).origin === origin;
    } catch (err) {
      return false;
    }
  });
  const prefersDark = () => !!(window.matchMedia && matchMedia("(prefers-color-scheme: dark)").matches);
  // scheme reads a color-scheme as the browser uses it: dark or light.
  const scheme = (value) => {
    const words = String(value || "").split(/\s+/);
    const dark = words.includes("dark"), light = words.includes("light");
    if (dark && light) return prefersDark() ? "dark" : "light";
    return dark ? "dark" : "light";
  };
  const theme = () => {
    for (const el of [document.documentElement, document.body]) {
      if (!el) continue;
      if (el.classList.contains("dark")) return "dark";
      const named = el.getAttribute("data-theme");
      if (named === "dark" || named === "light") return named;
    }
    return scheme(getComputedStyle(document.documentElement).colorScheme);
  };
  const tell = (frame) => {
    if (!frame.contentWindow) return;
    const message = { type: "dlock:theme", theme: theme(), scheme: scheme(getComputedStyle(frame).colorScheme) };
    // "*": a sandboxed demo's origin is opaque, and the theme is no secret.
    frame.contentWindow.postMessage(message, "*");
  };
  let told = "";
  const tellAll = () => {
    const now = theme() + "/" + frames().map((f) => scheme(getComputedStyle(f).colorScheme)).join(",");
    if (now === told) return;
    told = now;
    frames().forEach(tell);
  };
  const watch = new MutationObserver(tellAll);
  const observe = (el) => el && watch.observe(el, { attributes: true, attributeFilter: ["class", "data-theme", "style"] });
  observe(document.documentElement);
  if (document.body) observe(document.body);
  else addEventListener("DOMContentLoaded", () => observe(document.body));
  if (window.matchMedia) matchMedia("(prefers-color-scheme: dark)").addEventListener("change", tellAll);

  let measuring = 0;
  addEventListener("resize", () => {
    clearTimeout(measuring);
    measuring = setTimeout(() => {
      for (const frame of frames()) {
        if (frame.contentWindow) frame.contentWindow.postMessage({ type: "dlock:measure" }, "*");
      }
    }, 100);
  });

  addEventListener("message", (e) => {
    const d = e.data;
    if (!origin || !d) return;
    for (const frame of document.getElementsByTagName("iframe")) {
      if (frame.contentWindow !== e.source || !fromDemo(frame, e.origin)) continue;
      if (d.type === "dlock:theme?") {
        tell(frame);
      } else if (d.type === "dlock:resize" && typeof d.height === "number" && d.height > 0) {
        const height = String(Math.ceil(d.height));
        // The attribute for a page that reads it, the style for one whose
        // style sheet sets iframes' height.
        frame.setAttribute("height", height);
        frame.style.height = height + "px";
      }
    }
  });
})();
