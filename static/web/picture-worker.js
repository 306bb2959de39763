// dlock's picture encoder, in a worker of its own so that the page stays
// responsive while it works: it runs picture.wasm (wasm/picture), which
// draws a run with the page's own code and encodes it (the standard
// library's GIF and zip writers), and which the page loads only when a
// reader asks for a picture or slides (static/web/picture.js). Each
// message goes to the encoder once it has started; it answers with
// progress, then what was asked or why it failed.
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

// A request the encoder cannot take (it failed to start, or has ended)
// is answered as failed, so the page does not wait for it.
const failed = (err) => postMessage({ kind: "failed", message: String((err && err.message) || err) });
onmessage = (e) => {
  started.then(() => {
    try {
      dlockEncode(e.data);
    } catch (err) {
      failed(err);
    }
  }, failed);
};
