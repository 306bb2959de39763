// Package encode writes the steps of a run's picture, as the browser
// rastered them, as files: one animated GIF (GIF), or PNGs in a zip (Zip),
// with the standard library's image/gif and archive/zip. Only the picture
// encoder (wasm/picture, picture.wasm) links it, which the page loads when
// a reader asks for such a file; app.wasm carries none of it.
package encode
