package ui

import (
	"strconv"
	"strings"

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
	link   *pageLink         // what the run's controls may ask of the page
	steps  *stepped          // what a step changes, noted as it is drawn (steps.go)
	// judges: the notes say what judges the run; predict mode holds that
	// back until the verdict is predicted (words.HeldNote).
	judges bool
}

// at is r at the step of s, whose other settings are r's.
func (r runView) at(s state.Settings) runView {
	r.s, r.f = s, r.frames[s.Step-1]
	return r
}

func (r runView) t(key string, args ...any) string { return words.T(r.s.Lang, key, args...) }

// cards are the lock service's card and the resources': an island a
// step fills (steps.go).
func (r runView) cards() app.UI {
	return part(r.held, "cards-"+r.id, func() app.UI {
		return r.steps.island("cards-"+r.id, el("div.cards").DataSet("mount", "cards-"+r.id), func(s state.Settings) []app.UI {
			at := r.at(s)
			return []app.UI{at.lockCard(), at.resourceCards()}
		})
	})
}

// note explains the run's current step (see words.Note), without what
// judges the run where r does not judge (words.HeldNote).
func (r runView) note() string {
	if !r.judges {
		return words.HeldNote(r.s.Lang, r.frames, r.f.Step)
	}
	return words.Note(r.s.Lang, r.frames, r.f.Step)
}

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
	// The replica and the failover are drawn where the run syncs the
	// replica or fails over; the token twice wherever it happens.
	replicas := r.sc.Replicates()
	twice := r.f.TokenTwice()
	heading := el("h2").ID(title).Body(
		app.Text(r.t("lock.title")),
		el("span.tag.tag-service data-testid=lock-kind").DataSet("value", string(kind)).Text(r.t("lock.kind."+string(kind))),
	)
	if lock.Lockless {
		// Nothing to hold, grant or expire: the card says so, and no more.
		return el("section.card").Aria("labelledby", r.labelledBy(title)).Body(
			heading,
			elText("p.muted data-testid=lock-none", r.t("lock.none.about")),
		)
	}
	return el("section.card").Aria("labelledby", r.labelledBy(title)).Body(
		heading,
		elBody("dl",
			elText("dt", r.t(holderLabel(lock))),
			el("dd data-testid=lock-holder").DataSet("value", orNone(lock.Holder)).Text(holder),
			elText("dt", r.t("lock.token")),
			el("dd data-testid=lock-token").DataSet("value", tokenOrNone(lock.Token)).Body(
				app.Text(token),
				app.If(!lock.Tokens, func() app.UI { return elText("span.muted", " "+r.t("lock.no-tokens")) }),
				app.If(replicas && r.st.Replica() && lock.Tokens, func() app.UI {
					return el("span.muted.nowrap data-testid=lock-counter").DataSet("value", lock.Issued).Text(" · " + r.t("lock.counter", lock.Issued))
				}),
			),
			// The same token held twice, the card's loudest line: a row
			// of its own, under the token it is about.
			app.If(len(twice) > 0, func() app.UI {
				return el("dd.token-twice data-testid=lock-token-twice").DataSet("value", strings.Join(twice, " ")).
					Text(r.t("lock.token.twice", strings.Join(twice, ", "), lock.Token))
			}),
			app.If(len(lock.Nodes) == 1, r.leaseLine),
			app.If(replicas && lock.Replica != nil, r.replicaLine),
			app.If(replicas && lock.FailedOver, r.failoverLine),
			app.If(lock.Restarts > 0, func() app.UI {
				return elBody("div.dl-row",
					elText("dt", r.t("lock.restarts")),
					el("dd data-testid=lock-restarts").DataSet("value", lock.Restarts).Text(lock.Restarts),
				)
			}),
		),
		app.If(len(lock.Nodes) > 1, r.nodeTable),
		app.If(kind == core.Replicated, func() app.UI {
			return elText("p.muted.simplifies data-testid=lock-simplifies", r.t("lock.simplifies.replicated"))
		}).ElseIf(replicas && r.st.Replica(), func() app.UI {
			return elText("p.muted.simplifies data-testid=lock-simplifies", r.t("lock.simplifies.replica"))
		}),
	)
}

// replicaLine is the asynchronous replica, as of its last sync: what it
// copied, and whether the primary has changed since (a failover would
// lose that).
func (r runView) replicaLine() app.UI {
	lock := r.f.Lock
	rep := lock.Replica
	label := r.t("lock.replica")
	if len(lock.Nodes) > 1 {
		label = r.t("lock.replica.node", rep.Node)
	}
	copied := r.t("lock.replica.free")
	switch {
	case rep.Holder != "" && rep.Expiry == core.Never:
		copied = r.t("lock.replica.forever", holderToken(rep.Holder, rep.Token))
	case rep.Holder != "":
		copied = r.t("lock.replica.holder", holderToken(rep.Holder, rep.Token), rep.Expiry)
	}
	if lock.Tokens {
		copied += r.t("lock.replica.counter", rep.Issued)
	}
	state, class := "current", "replica-current"
	if rep.Behind {
		state, class = "behind", "replica-behind"
	}
	return elBody("div.dl-row",
		elText("dt", label),
		el("dd data-testid=lock-replica").DataSet("value", state).DataSet("holder", orNone(rep.Holder)).Body(
			app.Text(r.t("lock.replica.copy", rep.SyncedAt, copied)+" "),
			el("span").Class(class).Text(r.t("lock.replica."+state)),
		),
	)
}

// failoverLine says the service has failed over, and what took over.
func (r runView) failoverLine() app.UI {
	lock := r.f.Lock
	what := r.t("lock.failover.promoted")
	switch {
	case lock.Durable:
		what = r.t("lock.failover.leader")
	case len(lock.Nodes) > 1:
		what = r.t("lock.failover.node", r.st.FaultyNode())
	}
	return elBody("div.dl-row.failover-row",
		elText("dt", r.t("lock.failover")),
		el("dd data-testid=lock-failover").Text(what),
	)
}

// holderToken is a holder with its token, as the timeline writes a lease
// (A·1), or the holder alone without a token.
func holderToken(holder string, token int64) string {
	if token == 0 {
		return holder
	}
	return holder + "·" + strconv.FormatInt(token, 10)
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
	return elBody("div.dl-row",
		elText("dt", r.t("lock.lease")),
		// Each half keeps its words together; a narrow card breaks the line
		// after the slash, not inside "now t=10".
		elBody("dd",
			elBody("span.nowrap",
				app.Text(expiryLabel),
				el("span data-testid=lock-expiry").DataSet("value", expiryValue).Text(expiry),
			),
			app.Text(" / "),
			elBody("span.nowrap",
				app.Text(r.t("lock.now")),
				el("span data-testid=lock-now").DataSet("value", lock.Now).Text(lock.Now),
			),
			app.If(lock.Now != r.f.Clock, func() app.UI {
				return el("span.clock-skew data-testid=clients-now").DataSet("value", r.f.Clock).
					Text(" " + r.t("lock.clients-now", r.f.Clock))
			}),
		),
	)
}

// nodeTable shows Redlock's nodes, each with its own clock.
func (r runView) nodeTable() app.UI {
	nodes := r.f.Lock.Nodes
	return el("table.nodes data-testid=lock-nodes").DataSet("value", len(nodes)).Body(
		elText("caption", r.t("nodes.caption", r.f.Clock)),
		columns(r.t("nodes.node"), r.t("nodes.clock"), r.t("nodes.holder"), r.t("nodes.expiry")),
		elBody("tbody", app.Range(nodes).Slice(func(i int) app.UI {
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
			return elBody("tr",
				elText("th scope=row", strconv.Itoa(i+1)),
				el("td").DataSet("testid", id+"-clock").DataSet("value", n.Clock).Text("t="+strconv.Itoa(n.Clock)),
				el("td").DataSet("testid", id+"-holder").DataSet("value", orNone(n.Holder)).Text(holder),
				elText("td", expiry),
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
	case res.Versioned && res.Atomic:
		check = "versioned"
	case res.Versioned:
		check = "versioned-split"
	}
	// What the resource checks a write against: its maxToken, or its
	// version.
	fence, fenceHook, fenceValue := "resource.maxToken", "resource-max-token", res.MaxToken
	if res.Versioned {
		fence, fenceHook, fenceValue = "resource.version", "resource-version", res.Version
	}
	rejectedClass := "count"
	if res.Rejected > 0 {
		rejectedClass = "count count-alert"
	}
	title := "resource-title-" + r.id + suffix
	return el("section.card").Aria("labelledby", r.labelledBy(title)).DataSet("testid", "resource-card"+suffix).DataSet("value", check).Body(
		el("h2").ID(title).Body(
			app.Text(r.t("resource.title")+" "),
			elText("code", res.Name),
			el("span").Class("tag", "tag-"+state.OnOff(res.Fenced || res.Versioned)).Text(r.t("resource."+check)),
		),
		elText("p.value-label", r.t("resource.value")),
		el("p.value").
			DataSet("testid", "resource-data"+suffix).
			DataSet("value", orNone(res.Data)).
			Text(data),
		elBody("dl",
			elText("dt", r.t(fence)),
			el("dd").DataSet("testid", fenceHook+suffix).DataSet("value", fenceValue).Text(fenceValue),
			elText("dt", r.t("resource.rejected")),
			el("dd").Class(rejectedClass).DataSet("testid", "resource-rejected"+suffix).DataSet("value", res.Rejected).Text(res.Rejected),
		),
	)
}

// network lists the messages in flight, for scenarios that hold some: an
// island a step fills.
func (r runView) network() app.UI {
	if !r.sc.HoldsMessages() {
		return el("div.network-slot")
	}
	return r.steps.island("network-"+r.id, el("div.network-slot"), func(s state.Settings) []app.UI {
		return []app.UI{r.at(s).messages()}
	})
}

// messages is the network's card: the messages in flight at r's step.
func (r runView) messages() app.UI {
	msgs := r.f.Network
	return el("section.network data-testid=network").
		DataSet("value", len(msgs)).
		Aria("labelledby", r.labelledBy("network-title-"+r.id)).
		Body(
			el("h2").ID("network-title-"+r.id).Text(r.t("network.title")),
			app.If(len(msgs) == 0, func() app.UI { return elText("p.muted", r.t("network.empty")) }).
				Else(func() app.UI {
					return elBody("ul", app.Range(msgs).Slice(func(i int) app.UI {
						return el("li data-testid=network-message").
							DataSet("value", msgs[i].ID).
							Text(words.MessageText(r.s.Lang, r.f, msgs[i]))
					}))
				}),
		)
}

// clients are what each client believes: an island a step fills.
func (r runView) clients() app.UI {
	host := el("section.clients").Aria("labelledby", r.labelledBy("clients-title-"+r.id))
	return r.steps.island("clients-"+r.id, host, func(s state.Settings) []app.UI { return r.at(s).beliefs() })
}

// beliefs are the clients' heading and each client's state and belief at
// r's step.
func (r runView) beliefs() []app.UI {
	return []app.UI{
		el("h2").ID("clients-title-" + r.id).Class("clients-title").Text(r.t("clients.title")),
		elBody("ul",
			app.Range(r.f.Clients).Slice(func(i int) app.UI {
				c := r.f.Clients[i]
				return el("li").Class("client", "client-"+string(c.State)).Body(
					elText("span.chip", c.Name),
					el("span.client-state").
						DataSet("testid", "client-"+c.Name+"-state").
						DataSet("value", string(c.State)).
						Text(words.ClientStateText(r.s.Lang, c.State)),
					el("span.client-token").
						DataSet("testid", "client-"+c.Name+"-token").
						DataSet("value", tokenOrNone(c.Token)).
						DataSet("grant", c.Grant).
						Text(words.BeliefText(r.s.Lang, r.f, c)),
					app.If(c.Discipline == core.FromReply, func() app.UI {
						return el("span.client-discipline").
							DataSet("testid", "client-"+c.Name+"-discipline").
							DataSet("value", string(c.Discipline)).
							Text(r.t("client.discipline." + string(c.Discipline)))
					}),
					app.If(r.f.Outdated(c.Name), func() app.UI {
						return el("span.client-outdated").
							DataSet("testid", "client-"+c.Name+"-outdated").
							Text("⚠ " + r.t("client.outdated"))
					}),
				)
			}),
		),
	}
}

// actionLine is what the step did: an island a step fills, whose class
// says its result.
func (r runView) actionLine() app.UI {
	host := el("div").Aria("label", r.t("action.label")).Role("group")
	host = r.steps.attr(host, "action-"+r.id, "class", func(s state.Settings) string {
		kind, _ := actionParts(s.Lang, r.at(s).f, "", "")
		return "action action-" + kind
	})
	return r.steps.island("action-"+r.id, host, func(s state.Settings) []app.UI {
		_, parts := actionParts(s.Lang, r.at(s).f, "action-actor", "action-result")
		return parts
	})
}

// noteLine is the note that explains the step: a patch of its text.
func (r runView) noteLine() app.UI {
	return r.steps.text(el("p.note data-testid=step-note"), "note-"+r.id, func(s state.Settings) string { return r.at(s).note() })
}

// actionParts are what a step's action line shows: who acted, what it did
// and its result's tag, under the hooks given; and the class of its
// result.
func actionParts(l state.Lang, f core.Frame, actor, result string) (string, []app.UI) {
	ev := f.Event
	kind := string(ev.Result)
	if kind == "" {
		kind = none
	}
	return kind, []app.UI{
		el("span.chip").DataSet("testid", actor).DataSet("value", orNone(ev.Client)).Text(ev.Client),
		elText("code.action-label", words.ActionText(l, f)),
		el("span").Class("tag", "tag-"+kind).DataSet("testid", result).DataSet("value", resultValue(ev)).
			Text(words.ResultWords(l, ev)),
	}
}
