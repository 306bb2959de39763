package web

import (
	"strconv"

	"dlock/core"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// runView draws one run at one frame: the demo view has one, the compare
// view two. id tells them apart in element ids.
type runView struct {
	s      Settings
	sc     core.Scenario
	st     core.Strategy
	f      core.Frame
	frames []core.Frame
	id     string
}

func (r runView) t(key string, args ...any) string { return T(r.s.Lang, key, args...) }

// labelledBy names a part of the run by its heading, and in the compare
// view also by its column's heading, so the two columns' regions have
// different names.
func (r runView) labelledBy(heading string) string {
	if r.id == "run" {
		return heading
	}
	return heading + " column-" + r.id
}

func (r runView) lockCard() app.UI {
	lock := r.f.Lock
	holder := lock.Holder
	if holder == "" {
		holder = r.t("lock.free")
	}
	token := r.t("lock.none")
	if lock.Token != 0 {
		token = strconv.FormatInt(lock.Token, 10)
	}
	expiry, expiryValue := strconv.Itoa(lock.Expiry), strconv.Itoa(lock.Expiry)
	if lock.Expiry == core.Never {
		expiry, expiryValue = r.t("lock.never"), "never"
	}
	title := "lock-title-" + r.id
	return app.Section().Class("card").Aria("labelledby", r.labelledBy(title)).Body(
		app.H2().ID(title).Body(
			app.Text(r.t("lock.title")),
			app.If(lock.Durable, func() app.UI { return app.Span().Class("tag", "tag-on").Text(r.t("lock.replicated")) }),
		),
		app.Dl().Body(
			app.Dt().Text(r.t("lock.holder")),
			app.Dd().DataSet("testid", "lock-holder").DataSet("value", orNone(lock.Holder)).Text(holder),
			app.Dt().Text(r.t("lock.token")),
			app.Dd().DataSet("testid", "lock-token").DataSet("value", tokenOrNone(lock.Token)).Text(token),
			app.Dt().Text(r.t("lock.lease")),
			app.Dd().Body(
				app.Text(r.t("lock.expiry")),
				app.Span().DataSet("testid", "lock-expiry").DataSet("value", expiryValue).Text(expiry),
				app.Text(" / "+r.t("lock.now")),
				app.Span().DataSet("testid", "lock-now").DataSet("value", r.f.Clock).Text(r.f.Clock),
			),
			app.If(lock.Restarts > 0, func() app.UI {
				return app.Div().Class("dl-row").Body(
					app.Dt().Text(r.t("lock.restarts")),
					app.Dd().DataSet("testid", "lock-restarts").DataSet("value", lock.Restarts).Text(lock.Restarts),
				)
			}),
		),
	)
}

func (r runView) resourceCard() app.UI {
	res := r.f.Resource
	data := res.Data
	if data == "" {
		data = r.t("resource.empty")
	}
	fenceTag := r.t("resource.unfenced")
	if res.Fenced {
		fenceTag = r.t("resource.fenced")
	}
	rejectedClass := "count"
	if res.Rejected > 0 {
		rejectedClass = "count count-alert"
	}
	title := "resource-title-" + r.id
	return app.Section().Class("card").Aria("labelledby", r.labelledBy(title)).Body(
		app.H2().ID(title).Body(
			app.Text(r.t("resource.title")+" "),
			app.Code().Text(res.Name),
			app.Span().Class("tag", "tag-"+onOff(res.Fenced)).Text(fenceTag),
		),
		app.P().Class("value-label").Text(r.t("resource.value")),
		app.P().
			Class("value").
			DataSet("testid", "resource-data").
			DataSet("value", orNone(res.Data)).
			Text(data),
		app.Dl().Body(
			app.Dt().Text(r.t("resource.maxToken")),
			app.Dd().DataSet("testid", "resource-max-token").DataSet("value", res.MaxToken).Text(res.MaxToken),
			app.Dt().Text(r.t("resource.rejected")),
			app.Dd().Class(rejectedClass).DataSet("testid", "resource-rejected").DataSet("value", res.Rejected).Text(res.Rejected),
		),
	)
}

// network lists the messages in flight, for scenarios that hold some.
func (r runView) network() app.UI {
	if !r.sc.HoldsMessages() {
		return app.Div().Class("network-slot")
	}
	msgs := r.f.Network
	return app.Div().Class("network-slot").Body(
		app.Section().
			Class("network").
			DataSet("testid", "network").
			DataSet("value", len(msgs)).
			Aria("labelledby", r.labelledBy("network-title-"+r.id)).
			Body(
				app.H2().ID("network-title-"+r.id).Text(r.t("network.title")),
				app.If(len(msgs) == 0, func() app.UI { return app.P().Class("muted").Text(r.t("network.empty")) }).
					Else(func() app.UI {
						return app.Ul().Body(app.Range(msgs).Slice(func(i int) app.UI {
							return app.Li().
								DataSet("testid", "network-message").
								DataSet("value", msgs[i].ID).
								Text(messageText(r.s.Lang, msgs[i]))
						}))
					}),
			),
	)
}

func (r runView) clients() app.UI {
	return app.Section().Class("clients").Aria("labelledby", r.labelledBy("clients-title-"+r.id)).Body(
		app.H2().ID("clients-title-"+r.id).Class("clients-title").Text(r.t("clients.title")),
		app.Ul().Body(
			app.Range(r.f.Clients).Slice(func(i int) app.UI {
				c := r.f.Clients[i]
				return app.Li().Class("client", "client-"+string(c.State)).Body(
					app.Span().Class("chip").Text(c.Name),
					app.Span().
						Class("client-state").
						DataSet("testid", "client-"+c.Name+"-state").
						DataSet("value", string(c.State)).
						Text(clientStateText(r.s.Lang, c.State)),
					app.Span().
						Class("client-token").
						DataSet("testid", "client-"+c.Name+"-token").
						DataSet("value", tokenOrNone(c.Token)).
						Text(beliefText(r.s.Lang, c)),
					app.If(r.f.Outdated(c.Name), func() app.UI {
						return app.Span().
							Class("client-outdated").
							DataSet("testid", "client-"+c.Name+"-outdated").
							Text("⚠ " + r.t("client.outdated"))
					}),
				)
			}),
		),
	)
}

func (r runView) actionLine() app.UI {
	ev := r.f.Event
	result := resultValue(ev)
	words := resultWords(r.s.Lang, ev)
	kind := ev.Result
	if kind == "" {
		kind = none
	}
	return app.Div().
		Class("action", "action-"+kind).
		Aria("label", r.t("action.label")).
		Role("group").
		Body(
			app.Span().
				Class("chip").
				DataSet("testid", "action-actor").
				DataSet("value", orNone(ev.Client)).
				Text(ev.Client),
			app.Code().Class("action-label").Text(actionText(r.s.Lang, r.f)),
			app.Span().
				Class("tag", "tag-"+kind).
				DataSet("testid", "action-result").
				DataSet("value", result).
				Text(words),
		)
}
