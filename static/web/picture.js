// dlock's run as a picture file (an animated SVG, a GIF or PNGs) or as
// slides. The page loads this script the first time a reader asks for one
// (the loader's static/loader/pictures.js), with the run's query and the
// page's words. The picture encoder, which runs in a worker
// (picture-worker.js, picture.wasm), draws each step with the code that
// draws the page and puts the steps together as SVG; for a GIF or PNGs
// this rasters each step's SVG in turn (an image of it drawn on a
// canvas), and the encoder encodes the pixels. The page stays responsive
// meanwhile; the file is then downloaded.
"use strict";
(function () {
  const here = document.currentScript ? document.currentScript.src : location.href;
  let worker = null;
  let waiting = null; // the request the worker is answering: {resolve, reject}
  let progress = () => {};

  const encoder = () => {
    if (worker) return worker;
    worker = new Worker(new URL("picture-worker.js", here));
    worker.onmessage = (e) => {
      const m = e.data;
      if (m.kind === "progress") {
        progress(m.done);
        return;
      }
      const w = waiting;
      waiting = null;
      if (!w) return;
      if (m.kind === "failed") w.reject(new Error(m.message));
      else w.resolve(m);
    };
    worker.onerror = (e) => {
      e.preventDefault();
      worker = null;
      if (waiting) waiting.reject(new Error(e.message || "the picture encoder could not start"));
      waiting = null;
    };
    return worker;
  };

  // ask sends the worker a request that it answers (draw, slides, gif,
  // zip), one at a time.
  let queue = Promise.resolve();
  const ask = (msg) => {
    const answer = queue.then(() => new Promise((resolve, reject) => {
      waiting = { resolve, reject };
      encoder().postMessage(msg);
    }));
    queue = answer.catch(() => {});
    return answer;
  };

  // raster draws the SVG svg on a canvas, scale times its size.
  const raster = async (svg, scale) => {
    const img = new Image();
    img.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(svg);
    await img.decode();
    const canvas = document.createElement("canvas");
    canvas.width = Math.round(img.naturalWidth * scale);
    canvas.height = Math.round(img.naturalHeight * scale);
    canvas.getContext("2d").drawImage(img, 0, 0, canvas.width, canvas.height);
    return canvas;
  };

  // A task of its own for each step: a key pressed meanwhile is answered.
  const yieldToPage = () => new Promise((resolve) => setTimeout(resolve, 0));

  // The loader's (static/loader/pictures.js).
  const save = dlockSave;

  let busy = false;

  // dlockPicture makes the file of kind "svg" (every step, animated),
  // "gif" (each step at its size, held for its delay, looping) or "png"
  // (each step at twice its size, one PNG a step, in a zip) of the run
  // that run names ({query, strategy, lang, words}: ui.PictureParts draws
  // it in the worker, with the page's style sheet and palette) and
  // downloads it. told(done, all) is told as each step is rastered, then
  // encoded (twice as many as the steps in all). It resolves with the
  // file's name and size in bytes; one file at a time.
  window.dlockPicture = async (kind, run, told) => {
    if (busy) throw new Error("a picture is being made");
    busy = true;
    try {
      // The page's style sheet, as the page carries it, and its palette
      // (static/loader/head.js), light by default.
      const css = [...document.querySelectorAll("head style")].map((s) => s.textContent).join("\n");
      const dark = document.documentElement.dataset.theme === "dark";
      const composed = await ask({ kind: "draw", ...run, css, dark, animated: kind === "svg", file: kind });
      const name = composed.name;
      if (kind === "svg") {
        const bytes = new TextEncoder().encode(composed.svgs[0]);
        save(bytes, "image/svg+xml;charset=utf-8", name);
        told(1, 1);
        return { name, size: bytes.length };
      }
      const n = composed.svgs.length;
      let done = 0;
      progress = (k) => told(n + k, 2 * n);
      told(0, 2 * n);
      // The PNGs in a folder named for the run.
      const folder = name.replace(/(-steps)?\.zip$/, "");
      const w = encoder();
      w.postMessage({ kind: "reset" });
      for (let i = 0; i < n; i++) {
        await yieldToPage();
        if (kind === "gif") {
          const canvas = await raster(composed.svgs[i], 1);
          const pixels = new Uint8Array(canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height).data.buffer);
          w.postMessage({ kind: "frame", pixels, width: canvas.width, height: canvas.height, delay: composed.delays[i] }, [pixels.buffer]);
        } else {
          const canvas = await raster(composed.svgs[i], 2);
          const blob = await new Promise((resolve) => canvas.toBlob(resolve, "image/png"));
          const bytes = new Uint8Array(await blob.arrayBuffer());
          const k = String(i + 1).padStart(String(n).length, "0");
          w.postMessage({ kind: "file", name: folder + "/step-" + k + ".png", bytes }, [bytes.buffer]);
        }
        told(++done, 2 * n);
      }
      const file = await ask({ kind: kind === "gif" ? "gif" : "zip" });
      save(file.bytes, kind === "gif" ? "image/gif" : "application/zip", name);
      return { name, size: file.bytes.length };
    } finally {
      busy = false;
      progress = () => {};
    }
  };

  // dlockSlidesHTML resolves with the run that run names as slides, in
  // HTML (ui.SlidesHTML, drawn in the worker).
  window.dlockSlidesHTML = async (run) => (await ask({ kind: "slides", ...run })).html;
})();
