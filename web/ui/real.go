package ui

import (
	"encoding/json"
	"fmt"
	"strings"

	"dlock/core"
	"dlock/web/state"
	"dlock/web/words"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// The run replayed on real software: the lab (lab/, make lab) writes one
// recording per cell (core.Recording) into static/web/lab, which the page
// fetches when the reader opens the panel. None of it is in app.wasm.

// labFile is where the recording of a cell is served, under the site.
func labFile(path, name string) string {
	return strings.TrimSuffix(path, "/") + "/web/lab/" + name
}

// fetchText fetches url in the browser and hands its text, or what went
// wrong, to done on the page's goroutine.
func fetchText(ctx app.Context, url string, done func(text string, err error)) {
	if !app.IsClient {
		return
	}
	var onResponse, onText, onError app.Func
	finish := func(text string, err error) {
		onResponse.Release()
		onText.Release()
		onError.Release()
		ctx.Dispatch(func(app.Context) { done(text, err) })
	}
	onError = app.FuncOf(func(this app.Value, args []app.Value) any {
		finish("", fmt.Errorf("%s", args[0].Call("toString").String()))
		return nil
	})
	onText = app.FuncOf(func(this app.Value, args []app.Value) any {
		finish(args[0].String(), nil)
		return nil
	})
	onResponse = app.FuncOf(func(this app.Value, args []app.Value) any {
		res := args[0]
		if !res.Get("ok").Bool() {
			finish("", fmt.Errorf("HTTP %d", res.Get("status").Int()))
			return nil
		}
		res.Call("text").Call("then", onText, onError)
		return nil
	})
	app.Window().Call("fetch", url).Call("then", onResponse, onError)
}

// realPanel shows the recording of the run shown, when opened.
type realPanel struct {
	app.Compo
	Scenario string
	Strategy core.Strategy
	Lang     state.Lang
	Path     string // the page's path, under which the recordings are served
	Link     *pageLink

	open    bool
	loaded  string // the cell whose recording is shown, or being fetched
	rec     *core.Recording
	problem string
}

func (c *realPanel) t(key string, args ...any) string { return words.T(c.Lang, key, args...) }

func (c *realPanel) cell() string { return c.Scenario + "." + string(c.Strategy) }

// OnUpdate fetches the recording of the new run, if the panel is open.
func (c *realPanel) OnUpdate(ctx app.Context) {
	if c.open && c.loaded != c.cell() {
		c.fetch(ctx)
	}
}

func (c *realPanel) onToggle(ctx app.Context, e app.Event) {
	c.open = ctx.JSSrc().Get("open").Bool()
	if c.open && c.loaded != c.cell() {
		c.fetch(ctx)
	}
}

func (c *realPanel) fetch(ctx app.Context) {
	cell := c.cell()
	c.loaded, c.rec, c.problem = cell, nil, ""
	fetchText(ctx, labFile(c.Path, cell+".json"), func(text string, err error) {
		if c.loaded != cell {
			return // the reader has moved on
		}
		if err == nil {
			var rec core.Recording
			if err = json.Unmarshal([]byte(text), &rec); err == nil {
				c.rec = &rec
				return
			}
		}
		c.problem = err.Error()
	})
}

func (c *realPanel) Render() app.UI {
	return app.Details().Class("real").DataSet("testid", "real-panel").OnToggle(c.Link.Safe("real", c.onToggle)).Body(
		app.Summary().Text(c.t("real.title")),
		app.If(c.open, c.body),
	)
}

func (c *realPanel) body() app.UI {
	rec := c.rec
	switch {
	case c.problem != "":
		return app.P().Role("alert").Text(c.t("real.failed", c.problem))
	case rec == nil:
		return app.P().Role("status").Text(c.t("real.loading"))
	case rec.Why != "":
		return app.Div().Body(
			app.P().DataSet("testid", "real-trace").DataSet("value", "not-replayed").
				Text(c.t("real.not-replayed", c.t("real.why."+string(rec.Why)))),
		)
	}
	agrees, agreeKey := "no", "real.agrees.no"
	if rec.Agrees() {
		agrees, agreeKey = "yes", "real.agrees.yes"
	}
	resource := "real.resource.plain"
	if c.Strategy.Fenced() {
		resource = "real.resource.fenced"
	}
	return app.Div().Body(
		app.P().Class("muted").Text(c.t("real.about")),
		app.P().Body(
			app.Span().DataSet("testid", "real-trace").DataSet("value", string(rec.Verdict)).
				Text(c.t("real.verdict", c.t("verdict."+string(rec.Verdict)), c.t("verdict."+string(rec.Model)))),
			app.Text(" — "),
			app.Span().DataSet("testid", "real-agrees").DataSet("value", agrees).Text(c.t(agreeKey)),
		),
		app.P().Text(c.t("real.service."+string(c.Strategy))+" "+c.t(resource)),
		app.Div().Class("real-scroll").TabIndex(0).Role("region").Aria("label", c.t("real.calls")).Body(
			app.Table().Class("real-calls").Body(
				app.Caption().Text(c.t("real.calls")),
				app.THead().Body(app.Tr().Body(
					app.Th().Scope("col").Text(c.t("real.col.ms")),
					app.Th().Scope("col").Text(c.t("real.col.client")),
					app.Th().Scope("col").Text(c.t("real.col.call")),
					app.Th().Scope("col").Text(c.t("real.col.result")),
				)),
				app.TBody().Body(app.Range(rec.Calls).Slice(func(i int) app.UI {
					call := rec.Calls[i]
					return app.Tr().DataSet("testid", "real-call").Body(
						app.Td().Class("num").Text(call.MS),
						app.Td().Text(orDash(call.Client)),
						app.Td().Body(app.Code().Text(call.Call)),
						app.Td().Text(call.Result),
					)
				})),
			),
		),
		app.P().Class("muted").Text(c.t("real.raw")),
	)
}

func orDash(s string) string {
	if s == "" {
		return "–"
	}
	return s
}
