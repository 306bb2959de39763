// Command bookpage is the book's published demo drawn by go-app: the
// layout and style sheet of a Vue 3 replica of that demo (one run of seven
// frames, the fencing switch, the lock service's and the resource's cards,
// the step's action and note, the stepping buttons), with dlock's model
// (core replays the chapter's scenario) and dlock's words. make bench steps
// it beside dlock in the same run, as the floor of a step in a go-app page
// of the book's size: what is left of a live step once dlock's own page
// (its timeline, transcript, views, links, live region, predict mode) is
// taken away. Natively it writes its static site (go run ./e2e/bookpage
// DIR); for the browser it runs the page.
package main

import (
	"strconv"

	"dlock/core"
	"dlock/web/state"
	"dlock/web/words"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// book is the page: the two runs (lease alone, and with fencing), which is
// shown, and its step, 1-based.
type book struct {
	app.Compo
	runs    [2][]core.Frame // [0] lease alone, [1] with fencing
	fencing bool
	step    int
	live    bool
	keydown app.Func
}

func (p *book) OnInit() {
	p.fencing, p.step = true, 1
	sc, _ := core.ScenarioByID(core.GCPauseID)
	for i, st := range []core.Strategy{core.Lease, core.LeaseFencing} {
		frames, err := core.Replay(sc, st)
		if err != nil {
			panic(err) // the chapter's scenario replays under both rows (core's tests)
		}
		p.runs[i] = frames
	}
}

// OnMount listens to the keys at the window, as the replica does (dlock's
// page listens at the document), with a listener of its own whose key is
// done in a dispatch to the page, as dlock's is.
func (p *book) OnMount(ctx app.Context) {
	p.live = true
	p.keydown = app.FuncOf(func(this app.Value, args []app.Value) any {
		e := args[0]
		if e.Get("ctrlKey").Bool() || e.Get("altKey").Bool() || e.Get("metaKey").Bool() {
			return nil
		}
		key := e.Get("key").String()
		switch key {
		case "ArrowRight", "ArrowLeft", "Home", "End":
			e.Call("preventDefault")
			ctx.Dispatch(func(ctx app.Context) { p.onKey(key) })
		}
		return nil
	})
	app.Window().Call("addEventListener", "keydown", p.keydown)
}

func (p *book) OnDismount() {
	app.Window().Call("removeEventListener", "keydown", p.keydown)
	p.keydown.Release()
}

// row is the strategy of the run shown.
func (p *book) row() core.Strategy {
	if p.fencing {
		return core.LeaseFencing
	}
	return core.Lease
}

func (p *book) frames() []core.Frame {
	if p.fencing {
		return p.runs[1]
	}
	return p.runs[0]
}

func (p *book) onKey(key string) {
	switch key {
	case "ArrowRight":
		p.goTo(p.step + 1)
	case "ArrowLeft":
		p.goTo(p.step - 1)
	case "Home":
		p.goTo(1)
	case "End":
		p.goTo(len(p.frames()))
	}
}

func (p *book) goTo(n int) { p.step = min(len(p.frames()), max(1, n)) }

// setFencing switches the row, starting over at frame 1 as the published
// demo does.
func (p *book) setFencing(on bool) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		if p.fencing != on {
			p.fencing, p.step = on, 1
		}
	}
}

// The stepping buttons' handlers: each reads the step when clicked (go-app
// keeps the handler it mounted first when a new one has the same code).
func (p *book) first(ctx app.Context, e app.Event) { p.goTo(1) }
func (p *book) prev(ctx app.Context, e app.Event)  { p.goTo(p.step - 1) }
func (p *book) next(ctx app.Context, e app.Event)  { p.goTo(p.step + 1) }
func (p *book) last(ctx app.Context, e app.Event)  { p.goTo(len(p.frames())) }

func (p *book) Render() app.UI {
	const l = state.Japanese
	frames := p.frames()
	f := frames[p.step-1]
	total := len(frames)
	atEnd := p.step == total
	badge, badgeClass := words.BadgeText(l, "running", p.step, total), ""
	if atEnd {
		if f.Verdict == core.Corrupted {
			badge, badgeClass = words.BadgeText(l, "destroyed", p.step, total), "bad"
		} else {
			badge, badgeClass = words.BadgeText(l, "protected", p.step, total), "good"
		}
	}
	phase := "static"
	if p.live {
		phase = "live"
	}
	res := core.ResourceView{}
	if len(f.Resources) > 0 {
		res = f.Resources[0]
	}
	holder, token := "(空き)", "—"
	if f.Lock.Holder != "" {
		holder, token = f.Lock.Holder, strconv.FormatInt(f.Lock.Token, 10)
		if f.Lock.Token == 0 {
			token = "—"
		}
	}
	value := res.Data
	if value == "" {
		value = "(空)"
	}
	tag, tagClass := "無", "off"
	if p.fencing {
		tag, tagClass = "有", "on"
	}
	// A write the resource applied (a late one too: core calls it stale)
	// or refused.
	result := ""
	if f.Event.Kind == core.ActWrite {
		switch f.Event.Result {
		case core.ResultAccepted, core.ResultStale:
			result = "accepted"
		case core.ResultRejected:
			result = "rejected"
		}
	}
	return app.Div().Class("demo").DataSet("testid", "app").DataSet("phase", phase).Body(
		app.Header().Class("head").Body(
			app.Div().Body(
				app.Div().Class("kicker").Text(words.T(l, "demo.kicker")),
				app.H1().Class("title").Text(words.T(l, "title.strategy."+string(p.row()))),
			),
			app.Span().Class("badge "+badgeClass).Text(badge),
		),
		app.Div().Class("toprow").Body(
			app.Div().Class("switch").Attr("role", "group").Aria("label", "フェンシング").Body(
				app.Span().Class("switch-label").Text("フェンシング"),
				app.Button().Type("button").Class(onClass(p.fencing)).Aria("pressed", p.fencing).Text("有").OnClick(p.setFencing(true)),
				app.Button().Type("button").Class(onClass(!p.fencing)).Aria("pressed", !p.fencing).Text("無").OnClick(p.setFencing(false)),
			),
			button(atEnd, p.next).Class("primary").Text("1手すすめる"),
		),
		app.Div().Class("cards").Body(
			app.Section().Class("card").Body(
				app.H2().Text("ロックサービス"),
				app.Dl().Body(
					app.Dt().Text("持ち主"), app.Dd().Text(holder),
					app.Dt().Text("発行トークン"), app.Dd().Class("mono").Text(token),
					app.Dt().Text("リース"), app.Dd().Class("mono").Text("失効 t="+strconv.Itoa(f.Lock.Expiry)+" / 現在 t="+strconv.Itoa(f.Clock)),
				),
			),
			app.Section().Class("card").Body(
				app.H2().Body(app.Text("資源 "+res.Name+" "), app.Span().Class("tag "+tagClass).Text(tag)),
				app.Div().Class("value mono").Text(value),
				app.Dl().Body(
					app.Dt().Text("maxToken"), app.Dd().Class("mono").Text(strconv.FormatInt(res.MaxToken, 10)),
					app.Dt().Text("拒否した書き込み"), app.Dd().Class("mono "+alertClass(res.Rejected)).Text(strconv.Itoa(res.Rejected)),
				),
			),
		),
		app.Div().Class("action "+result).Body(
			app.If(f.Event.Client != "", func() app.UI { return app.Span().Class("chip").Text(f.Event.Client) }),
			app.Code().Text(words.ActionText(l, f)),
			app.If(result == "accepted", func() app.UI { return app.Span().Class("res ok").Text("受理") }).
				ElseIf(result == "rejected", func() app.UI { return app.Span().Class("res ng").Text("フェンス落ち(拒否)") }),
		),
		app.P().Class("note").Text(words.Note(l, frames, p.step)),
		app.Footer().Class("footer").Body(
			button(p.step == 1, p.first).Text("最初へ"),
			button(p.step == 1, p.prev).Aria("label", "前へ").Text("◀"),
			app.Span().Class("counter").DataSet("testid", "step-counter").DataSet("value", p.step).DataSet("total", total).
				Text(strconv.Itoa(p.step)+" / "+strconv.Itoa(total)),
			button(atEnd, p.next).Aria("label", "次へ").Text("▶"),
			button(atEnd, p.last).Text("最後へ"),
		),
		app.P().Class("legend").Text(words.T(l, "legend")),
	)
}

// button is a button that does h, disabled where it cannot (the attribute
// written only then: the server writes a false one as disabled="false",
// which a browser reads as disabled).
func button(disabled bool, h app.EventHandler) app.HTMLButton {
	b := app.Button().Type("button").OnClick(h)
	if disabled {
		b = b.Disabled(true)
	}
	return b
}

func onClass(on bool) string {
	if on {
		return "on"
	}
	return ""
}

func alertClass(rejected int) string {
	if rejected > 0 {
		return "alert"
	}
	return ""
}

func routes() { app.Route("/", func() app.Composer { return &book{} }) }
