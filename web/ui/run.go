package ui

import (
	"strconv"

	"dlock/core"
	"dlock/web/state"
	"dlock/web/words"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// runView draws one run at one frame: the demo view has one, the compare
// view two. id tells them apart in element ids.
type runView struct {
	s      state.Settings
	sc     core.Scenario
	st     core.Strategy
	f      core.Frame
	frames []core.Frame
	id     string
	runs   *state.Runs
	held   map[string]string // the parts still as the loader drew them (mount.go)
}

func (r runView) t(key string, args ...any) string { return words.T(r.s.Lang, key, args...) }

// cards are the lock service's card and the resources'.
func (r runView) cards() app.UI {
	return part(r.held, "cards-"+r.id, func() app.UI {
		return app.Elem("div").Class("cards").DataSet("mount", "cards-"+r.id).Body(r.lockCard(), r.resourceCards())
	})
}

// note explains the run's current step (see words.Note).
func (r runView) note() string { return words.Note(r.s.Lang, r.frames, r.f.Step) }

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
	title := "lock-title-" + r.id
	kind := r.st.Design().Service
	return app.Elem("section").Class("card").Aria("labelledby", r.labelledBy(title)).Body(
		app.H2().ID(title).Body(
			app.Text(r.t("lock.title")),
			app.Elem("span").Class("tag", "tag-service").DataSet("testid", "lock-kind").DataSet("value", string(kind)).Text(r.t("lock.kind."+string(kind))),
		),
		app.Elem("dl").Body(
			app.Elem("dt").Text(r.t(holderLabel(lock))),
			app.Elem("dd").DataSet("testid", "lock-holder").DataSet("value", orNone(lock.Holder)).Text(holder),
			app.Elem("dt").Text(r.t("lock.token")),
			app.Elem("dd").DataSet("testid", "lock-token").DataSet("value", tokenOrNone(lock.Token)).Body(
				app.Text(token),
				app.If(!lock.Tokens, func() app.UI { return app.Elem("span").Class("muted").Text(" " + r.t("lock.no-tokens")) }),
			),
			app.If(len(lock.Nodes) == 1, r.leaseLine),
			app.If(lock.Restarts > 0, func() app.UI {
				return app.Elem("div").Class("dl-row").Body(
					app.Elem("dt").Text(r.t("lock.restarts")),
					app.Elem("dd").DataSet("testid", "lock-restarts").DataSet("value", lock.Restarts).Text(lock.Restarts),
				)
			}),
		),
		app.If(len(lock.Nodes) > 1, r.nodeTable),
		app.If(kind == core.Replicated, func() app.UI {
			return app.Elem("p").Class("muted", "simplifies").DataSet("testid", "lock-simplifies").Text(r.t("lock.simplifies.replicated"))
		}),
	)
}

func holderLabel(lock core.LockView) string {
	if len(lock.Nodes) > 1 {
		return "lock.holder.majority"
	}
	return "lock.holder"
}

// leaseLine is the lease of a single node (or replicated service): when it
// ends and what its clock says, and the clients' clock when that differs.
func (r runView) leaseLine() app.UI {
	lock := r.f.Lock
	expiry, expiryValue := strconv.Itoa(lock.Expiry), strconv.Itoa(lock.Expiry)
	expiryLabel := r.t("lock.expiry")
	switch {
	case lock.Expiry == core.Never:
		expiry, expiryValue = r.t("lock.never"), "never"
	case lock.Expiry == 0:
		// No lease has been granted (or the service forgot it): a lease
		// lasts at least one tick from a clock at 0 or more, so none ends
		// at 0.
		expiryLabel, expiry = "", r.t("lock.no-lease")
	}
	return app.Elem("div").Class("dl-row").Body(
		app.Elem("dt").Text(r.t("lock.lease")),
		// Each half keeps its words together; a narrow card breaks the line
		// after the slash, not inside "now t=10".
		app.Elem("dd").Body(
			app.Elem("span").Class("nowrap").Body(
				app.Text(expiryLabel),
				app.Elem("span").DataSet("testid", "lock-expiry").DataSet("value", expiryValue).Text(expiry),
			),
			app.Text(" / "),
			app.Elem("span").Class("nowrap").Body(
				app.Text(r.t("lock.now")),
				app.Elem("span").DataSet("testid", "lock-now").DataSet("value", lock.Now).Text(lock.Now),
			),
			app.If(lock.Now != r.f.Clock, func() app.UI {
				return app.Elem("span").Class("clock-skew").DataSet("testid", "clients-now").DataSet("value", r.f.Clock).
					Text(" " + r.t("lock.clients-now", r.f.Clock))
			}),
		),
	)
}

// nodeTable shows Redlock's nodes, each with its own clock.
func (r runView) nodeTable() app.UI {
	nodes := r.f.Lock.Nodes
	return app.Elem("table").Class("nodes").DataSet("testid", "lock-nodes").DataSet("value", len(nodes)).Body(
		app.Elem("caption").Text(r.t("nodes.caption", r.f.Clock)),
		app.Elem("thead").Body(app.Elem("tr").Body(
			app.Elem("th").Attr("scope", "col").Text(r.t("nodes.node")),
			app.Elem("th").Attr("scope", "col").Text(r.t("nodes.clock")),
			app.Elem("th").Attr("scope", "col").Text(r.t("nodes.holder")),
			app.Elem("th").Attr("scope", "col").Text(r.t("nodes.expiry")),
		)),
		app.Elem("tbody").Body(app.Range(nodes).Slice(func(i int) app.UI {
			n := nodes[i]
			id := "lock-node-" + strconv.Itoa(i+1)
			holder := n.Holder
			if holder == "" {
				holder = r.t("lock.free")
			}
			expiry := "—"
			if n.Expiry != 0 {
				expiry = "t=" + strconv.Itoa(n.Expiry)
			}
			return app.Elem("tr").Body(
				app.Elem("th").Attr("scope", "row").Text(i+1),
				app.Elem("td").DataSet("testid", id+"-clock").DataSet("value", n.Clock).Text("t="+strconv.Itoa(n.Clock)),
				app.Elem("td").DataSet("testid", id+"-holder").DataSet("value", orNone(n.Holder)).Text(holder),
				app.Elem("td").Text(expiry),
			)
		})),
	)
}

// resourceCards draws one card per resource. The first resource's hooks
// keep the book's names (resource-data, ...); the others' end in their
// resource's name (resource-data-row-43, ...).
func (r runView) resourceCards() app.UI {
	return app.Range(r.f.Resources).Slice(func(i int) app.UI {
		suffix := ""
		if i > 0 {
			suffix = "-" + r.f.Resources[i].Name
		}
		return r.resourceCard(r.f.Resources[i], suffix)
	})
}

func (r runView) resourceCard(res core.ResourceView, suffix string) app.UI {
	data := res.Data
	if data == "" {
		data = r.t("resource.empty")
	}
	check := "unfenced"
	switch {
	case res.Fenced && res.Atomic:
		check = "fenced"
	case res.Fenced:
		check = "check-then-apply"
	}
	rejectedClass := "count"
	if res.Rejected > 0 {
		rejectedClass = "count count-alert"
	}
	title := "resource-title-" + r.id + suffix
	return app.Elem("section").Class("card").Aria("labelledby", r.labelledBy(title)).DataSet("testid", "resource-card"+suffix).DataSet("value", check).Body(
		app.H2().ID(title).Body(
			app.Text(r.t("resource.title")+" "),
			app.Elem("code").Text(res.Name),
			app.Elem("span").Class("tag", "tag-"+state.OnOff(res.Fenced)).Text(r.t("resource."+check)),
		),
		app.Elem("p").Class("value-label").Text(r.t("resource.value")),
		app.Elem("p").
			Class("value").
			DataSet("testid", "resource-data"+suffix).
			DataSet("value", orNone(res.Data)).
			Text(data),
		app.Elem("dl").Body(
			app.Elem("dt").Text(r.t("resource.maxToken")),
			app.Elem("dd").DataSet("testid", "resource-max-token"+suffix).DataSet("value", res.MaxToken).Text(res.MaxToken),
			app.Elem("dt").Text(r.t("resource.rejected")),
			app.Elem("dd").Class(rejectedClass).DataSet("testid", "resource-rejected"+suffix).DataSet("value", res.Rejected).Text(res.Rejected),
		),
	)
}

// network lists the messages in flight, for scenarios that hold some.
func (r runView) network() app.UI {
	if !r.sc.HoldsMessages() {
		return app.Elem("div").Class("network-slot")
	}
	msgs := r.f.Network
	return app.Elem("div").Class("network-slot").Body(
		app.Elem("section").
			Class("network").
			DataSet("testid", "network").
			DataSet("value", len(msgs)).
			Aria("labelledby", r.labelledBy("network-title-"+r.id)).
			Body(
				app.H2().ID("network-title-"+r.id).Text(r.t("network.title")),
				app.If(len(msgs) == 0, func() app.UI { return app.Elem("p").Class("muted").Text(r.t("network.empty")) }).
					Else(func() app.UI {
						return app.Elem("ul").Body(app.Range(msgs).Slice(func(i int) app.UI {
							return app.Elem("li").
								DataSet("testid", "network-message").
								DataSet("value", msgs[i].ID).
								Text(words.MessageText(r.s.Lang, msgs[i]))
						}))
					}),
			),
	)
}

func (r runView) clients() app.UI {
	return app.Elem("section").Class("clients").Aria("labelledby", r.labelledBy("clients-title-"+r.id)).Body(
		app.H2().ID("clients-title-"+r.id).Class("clients-title").Text(r.t("clients.title")),
		app.Elem("ul").Body(
			app.Range(r.f.Clients).Slice(func(i int) app.UI {
				c := r.f.Clients[i]
				return app.Elem("li").Class("client", "client-"+string(c.State)).Body(
					app.Elem("span").Class("chip").Text(c.Name),
					app.Elem("span").
						Class("client-state").
						DataSet("testid", "client-"+c.Name+"-state").
						DataSet("value", string(c.State)).
						Text(words.ClientStateText(r.s.Lang, c.State)),
					app.Elem("span").
						Class("client-token").
						DataSet("testid", "client-"+c.Name+"-token").
						DataSet("value", tokenOrNone(c.Token)).
						DataSet("grant", c.Grant).
						Text(words.BeliefText(r.s.Lang, c)),
					app.If(c.Discipline == core.FromReply, func() app.UI {
						return app.Elem("span").
							Class("client-discipline").
							DataSet("testid", "client-"+c.Name+"-discipline").
							DataSet("value", string(c.Discipline)).
							Text(r.t("client.discipline." + string(c.Discipline)))
					}),
					app.If(r.f.Outdated(c.Name), func() app.UI {
						return app.Elem("span").
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
	said := words.ResultWords(r.s.Lang, ev)
	kind := string(ev.Result)
	if kind == "" {
		kind = none
	}
	return app.Elem("div").
		Class("action", "action-"+kind).
		Aria("label", r.t("action.label")).
		Role("group").
		Body(
			app.Elem("span").
				Class("chip").
				DataSet("testid", "action-actor").
				DataSet("value", orNone(ev.Client)).
				Text(ev.Client),
			app.Elem("code").Class("action-label").Text(words.ActionText(r.s.Lang, r.f)),
			app.Elem("span").
				Class("tag", "tag-"+kind).
				DataSet("testid", "action-result").
				DataSet("value", result).
				Text(said),
		)
}
