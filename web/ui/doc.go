// Package ui owns the page's go-app components: Demo, the shell that holds
// the settings, and the components it draws (the pickers, free play's
// editor, the search, the embed box, the timeline, the panel of the run on
// real software, the crash page). Components are thin: they lay out what
// core computed and web/words wrote, and ask for new settings through one
// pageLink. They write elements with el, elText, elBody and svg (el.go),
// whose specs keep app.wasm small.
//
// It imports core, web/state, web/words and go-app; never web/server, net/http
// or anything only the server needs (app.wasm links this package).
package ui
