// Command minimal is the smallest go-app page there is, built with the same
// go-app as dlock: make bench loads it beside dlock, in the same run, as
// the floor a go-app page cannot go below. Natively it writes its static
// site (go run ./e2e/minimal DIR); for the browser it runs the page.
package main

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// hello marks itself live when mounted, as dlock's page does, so both are
// timed the same way.
type hello struct {
	app.Compo
	live bool
}

func (h *hello) OnMount(ctx app.Context) { h.live = true }

func (h *hello) Render() app.UI {
	phase := "static"
	if h.live {
		phase = "live"
	}
	return app.Main().DataSet("testid", "app").DataSet("phase", phase).Body(app.H1().Text("hello"))
}

func routes() { app.Route("/", func() app.Composer { return &hello{} }) }
