// dlock's picture encoder, in a worker of its own so that the page stays
// responsive while it works: it runs picture.wasm (wasm/picture), the
// standard library's GIF and zip writers, which the page loads only when a
// reader asks for a run as a GIF or as PNGs (static/web/picture.js). Each
// message goes to the encoder once it has started; it answers with
// progress, then the file or why it failed.
"use strict";

importScripts("../wasm_exec.js");

const started = (async () => {
  const go = new Go();
  const response = await fetch("picture.wasm");
  if (!response.ok) throw new Error("picture.wasm: HTTP " + response.status);
  // The bytes, whatever type the host says they are.
  const result = await WebAssembly.instantiate(await response.arrayBuffer(), go.importObject);
  // The encoder's main sets dlockEncode, then waits for messages.
  go.run(result.instance);
})();

onmessage = (e) => {
  started.then(
    () => dlockEncode(e.data),
    (err) => postMessage({ kind: "failed", message: String(err && err.message || err) }),
  );
};
