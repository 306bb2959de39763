package web

import (
	"strconv"

	"dlock/core"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// view draws one frame under one set of settings. It only words and lays
// out what core computed.
type view struct {
	s        Settings
	f        core.Frame
	total    int
	scenario core.Scenario
}

func (v view) t(key string, args ...any) string { return T(v.s.Lang, key, args...) }

func (v view) header(onLang app.EventHandler) app.UI {
	other := English
	if v.s.Lang == English {
		other = Japanese
	}
	return app.Header().Class("frame-head").Body(
		app.Div().Body(
			app.P().Class("kicker").Text(v.t("demo.kicker")),
			app.H1().ID("demo-title").Text(v.t("demo.title")),
		),
		app.Div().Class("head-end").Body(
			app.Span().
				Class("badge", "badge-"+string(v.f.Outcome)).
				DataSet("testid", "outcome-badge").
				DataSet("value", string(v.f.Outcome)).
				Text(badgeText(v.s.Lang, v.f)),
			app.Button().
				Type("button").
				Class("lang-switch").
				DataSet("testid", "lang-switch").
				DataSet("value", string(v.s.Lang)).
				Lang(string(other)).
				Text(v.t("lang.switch")).
				OnClick(onLang),
		),
	)
}

func (v view) toolbar(on func(Command) app.EventHandler) app.UI {
	return app.Div().Class("toolbar").Body(
		app.Button().
			Type("button").
			Class("switch").
			Role("switch").
			DataSet("testid", "fencing-switch").
			DataSet("value", onOff(v.s.Fencing)).
			Aria("checked", v.s.Fencing).
			Aria("labelledby", "fencing-label").
			Aria("keyshortcuts", "F").
			OnClick(on(CmdToggleFencing)).
			Body(
				app.Span().ID("fencing-label").Class("switch-label").Text(v.t("fencing")),
				app.Span().Class("switch-track").Aria("hidden", "true").Body(
					app.Span().Class("seg", segClass(v.s.Fencing)).Text(v.t("fencing.on")),
					app.Span().Class("seg", segClass(!v.s.Fencing)).Text(v.t("fencing.off")),
				),
			),
		v.button("btn-advance", "primary", v.t("advance"), "", "", CmdNext, on),
	)
}

func segClass(active bool) string {
	if active {
		return "seg-active"
	}
	return "seg-idle"
}

// button is a control bound to a command; it is aria-disabled (and keeps
// focus) where the command cannot move.
func (v view) button(testid, class, text, label, keys string, cmd Command, on func(Command) app.EventHandler) app.HTMLButton {
	b := app.Button().
		Type("button").
		Class("btn", class).
		DataSet("testid", testid).
		Aria("disabled", !v.s.Can(cmd, v.total)).
		OnClick(on(cmd)).
		Text(text)
	if label != "" {
		b = b.Aria("label", label)
	}
	if keys != "" {
		b = b.Aria("keyshortcuts", keys)
	}
	return b
}

func (v view) lockCard() app.UI {
	lock := v.f.Lock
	holder := lock.Holder
	if holder == "" {
		holder = v.t("lock.free")
	}
	token := v.t("lock.none")
	if lock.Token != 0 {
		token = strconv.FormatInt(lock.Token, 10)
	}
	return app.Section().Class("card").Aria("labelledby", "lock-title").Body(
		app.H2().ID("lock-title").Text(v.t("lock.title")),
		app.Dl().Body(
			app.Dt().Text(v.t("lock.holder")),
			app.Dd().DataSet("testid", "lock-holder").DataSet("value", orNone(lock.Holder)).Text(holder),
			app.Dt().Text(v.t("lock.token")),
			app.Dd().DataSet("testid", "lock-token").DataSet("value", tokenOrNone(lock.Token)).Text(token),
			app.Dt().Text(v.t("lock.lease")),
			app.Dd().Body(
				app.Text(v.t("lock.expiry")),
				app.Span().DataSet("testid", "lock-expiry").DataSet("value", lock.Expiry).Text(lock.Expiry),
				app.Text(" / "+v.t("lock.now")),
				app.Span().DataSet("testid", "lock-now").DataSet("value", v.f.Clock).Text(v.f.Clock),
			),
		),
	)
}

func (v view) resourceCard() app.UI {
	r := v.f.Resource
	data := r.Data
	if data == "" {
		data = v.t("resource.empty")
	}
	fenceTag := v.t("resource.unfenced")
	if r.Fenced {
		fenceTag = v.t("resource.fenced")
	}
	rejectedClass := "count"
	if r.Rejected > 0 {
		rejectedClass = "count count-alert"
	}
	return app.Section().Class("card").Aria("labelledby", "resource-title").Body(
		app.H2().ID("resource-title").Body(
			app.Text(v.t("resource.title")+" "),
			app.Code().Text(r.Name),
			app.Span().Class("tag", "tag-"+onOff(r.Fenced)).Text(fenceTag),
		),
		app.P().Class("value-label").Text(v.t("resource.value")),
		app.P().
			Class("value").
			DataSet("testid", "resource-data").
			DataSet("value", orNone(r.Data)).
			Text(data),
		app.Dl().Body(
			app.Dt().Text(v.t("resource.maxToken")),
			app.Dd().DataSet("testid", "resource-max-token").DataSet("value", r.MaxToken).Text(r.MaxToken),
			app.Dt().Text(v.t("resource.rejected")),
			app.Dd().Class(rejectedClass).DataSet("testid", "resource-rejected").DataSet("value", r.Rejected).Text(r.Rejected),
		),
	)
}

func (v view) clients() app.UI {
	return app.Section().Class("clients").Aria("labelledby", "clients-title").Body(
		app.H2().ID("clients-title").Class("clients-title").Text(v.t("clients.title")),
		app.Ul().Body(
			app.Range(v.f.Clients).Slice(func(i int) app.UI {
				c := v.f.Clients[i]
				belief := v.t("client.holdsNone")
				if c.Token != 0 {
					belief = v.t("client.holds", c.Token)
				}
				outdated := v.f.Outdated(c.Name)
				return app.Li().Class("client", "client-"+string(c.State)).Body(
					app.Span().Class("chip").Text(c.Name),
					app.Span().
						Class("client-state").
						DataSet("testid", "client-"+c.Name+"-state").
						DataSet("value", string(c.State)).
						Text(clientStateText(v.s.Lang, c.State)),
					app.Span().
						Class("client-token").
						DataSet("testid", "client-"+c.Name+"-token").
						DataSet("value", tokenOrNone(c.Token)).
						Text(belief),
					app.If(outdated, func() app.UI {
						return app.Span().
							Class("client-outdated").
							DataSet("testid", "client-"+c.Name+"-outdated").
							Text("⚠ " + v.t("client.outdated"))
					}),
				)
			}),
		),
	)
}

func (v view) actionLine() app.UI {
	ev := v.f.Event
	result, words := writeResult(v.s.Lang, ev.Write)
	kind := string(ev.Write)
	if kind == "" {
		kind = none
	}
	return app.Div().
		Class("action", "action-"+kind).
		Aria("label", v.t("action.label")).
		Role("group").
		Body(
			app.Span().
				Class("chip").
				DataSet("testid", "action-actor").
				DataSet("value", orNone(ev.Client)).
				Text(ev.Client),
			app.Code().Class("action-label").Text(actionText(v.s.Lang, v.f)),
			app.Span().
				Class("tag", "tag-"+kind).
				DataSet("testid", "action-result").
				DataSet("value", result).
				Text(words),
		)
}

func (v view) stepper(on func(Command) app.EventHandler) app.UI {
	return app.Nav().Class("stepper").Aria("label", v.t("nav.label")).Body(
		v.button("btn-first", "", v.t("nav.first"), "", "Home", CmdFirst, on),
		v.button("btn-prev", "", "◀", v.t("nav.prev"), "ArrowLeft", CmdPrev, on),
		app.Span().
			Class("counter").
			DataSet("testid", "step-counter").
			DataSet("value", v.s.Step).
			DataSet("total", v.total).
			Aria("label", v.t("nav.counter", v.s.Step, v.total)).
			Role("status").
			Text(strconv.Itoa(v.s.Step)+" / "+strconv.Itoa(v.total)),
		v.button("btn-next", "", "▶", v.t("nav.next"), "ArrowRight", CmdNext, on),
		v.button("btn-last", "", v.t("nav.last"), "", "End", CmdLast, on),
	)
}
