package ui

import (
	"strconv"

	"dlock/core"
	"dlock/web/state"
	"dlock/web/words"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// picture is what a picture of r's step draws in HTML: the run's title,
// the step counter and the badge, then the cards, the messages held up
// (where the run holds any), the clients' beliefs and the action, each
// drawn as the page draws it.
func (r runView) picture() app.UI {
	total := len(r.frames)
	return elBody("div.picture-body",
		elBody("div.picture-head",
			elText("h1", pictureTitle(r.s.Lang, r.sc, r.st)),
			elBody("div.picture-end",
				el("span.picture-counter data-testid=picture-counter").DataSet("value", r.s.Step).
					Text(strconv.Itoa(r.s.Step)+" / "+strconv.Itoa(total)),
				badge(r.steps, "badge-pic", r.frames, false),
			),
		),
		r.cards(),
		r.network(),
		r.clients(),
		r.actionLine(),
	)
}

// pictureTitle names the run a picture shows, as the page's title does:
// its row, and its scenario unless it is the chapter's (a free-play run is
// named as free play).
func pictureTitle(l state.Lang, sc core.Scenario, st core.Strategy) string {
	row := words.T(l, "title.strategy."+string(st))
	if sc.ID == core.GCPauseID {
		return words.T(l, "demo.title", row)
	}
	return words.T(l, "demo.title.scenario", row, words.T(l, sc.Title))
}
