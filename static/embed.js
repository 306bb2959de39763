// dlock's embed helper. Include it once in a page, or once for a whole
// documentation site (VitePress's head, Docusaurus's scripts, a Hugo
// shortcode, a plain <script> tag), and every iframe of the demo keeps the
// demo's height as it changes. The demo posts {type: "dlock:resize",
// height} to its parent; this sizes the iframe that posted it. It trusts
// only iframes of the site this file was loaded from. Without it, the
// iframe still shows the demo, at the height the snippet gives it.
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
  addEventListener("message", (e) => {
    const d = e.data;
    if (!origin || !d || d.type !== "dlock:resize" || typeof d.height !== "number" || !(d.height > 0)) return;
    for (const frame of document.getElementsByTagName("iframe")) {
      if (frame.contentWindow !== e.source || !fromDemo(frame, e.origin)) continue;
      const height = String(Math.ceil(d.height));
      // The attribute for a page that reads it, the style for one whose
      // style sheet sets iframes' height.
      frame.setAttribute("height", height);
      frame.style.height = height + "px";
    }
  });
})();
