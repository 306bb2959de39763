// Package picture puts a run's picture together: the steps the page draws
// (ui.PictureParts: each step's HTML and timeline, drawn by the code that
// draws the page) as one SVG a step and one SVG that animates them
// (Compose). It imports nothing but a few of the standard library's
// string packages, which app.wasm has already: natively it makes the
// README's picture and make pages'; in the browser it runs in the picture
// encoder (wasm/picture, picture.wasm), which the page loads only when a
// reader asks for a picture, and which draws the parts too: app.wasm
// links none of it.
package picture
