package web

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// Routes registers the page. The server's main and the browser's main both
// call it, so they agree on what every path renders.
func Routes() {
	app.Route("/", func() app.Composer { return &Demo{} })
}
