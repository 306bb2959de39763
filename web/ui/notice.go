package ui

import (
	"dlock/core"
	"dlock/web/state"
	"dlock/web/words"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// notices are what the page says above its view: the parameters of the
// opening URL it could not use (until the reader dismisses them), and
// that a new version has been installed, with a reload, and that the
// other language's words could not be loaded.
type notices struct {
	bad    []state.BadParam // parameters of the opening URL that could not be used
	update bool             // a new version has been installed: offer a reload
	words  bool             // the other language's words could not be loaded
}

// slot draws the notices in language l: reload reloads the page, dismiss
// hides the URL's notice. The slot stays when they go: go-app matches
// children by position, and a vanishing child would rebuild (and unfocus)
// everything after it.
func (n notices) slot(l state.Lang, reload, dismiss app.EventHandler) app.UI {
	return elBody("div.notice-slot",
		app.If(n.update, func() app.UI { return updatePrompt(l, reload) }),
		app.If(len(n.bad) > 0, func() app.UI { return urlNotice(l, n.bad, dismiss) }),
		app.If(n.words, func() app.UI {
			return elText("p.notice role=alert data-testid=words-notice", words.T(l, "notice.words"))
		}),
	)
}

func updatePrompt(l state.Lang, reload app.EventHandler) app.UI {
	return elBody("div.notice.update role=status data-testid=update-prompt",
		elText("p", words.T(l, "update.available")),
		el("button.btn.primary type=button data-testid=update-reload").Text(words.T(l, "update.reload")).OnClick(reload),
	)
}

func urlNotice(l state.Lang, bad []state.BadParam, dismiss app.EventHandler) app.UI {
	return el("div.notice role=status data-testid=url-notice").
		DataSet("value", bad[0].Name).
		Body(
			elBody("ul",
				app.Range(bad).Slice(func(i int) app.UI {
					text := words.T(l, "notice.bad", bad[i].Name, bad[i].Value)
					if bad[i].Name == state.ParamScript {
						_, err := core.ParseScript(bad[i].Value)
						text = words.T(l, "notice.script", scriptProblem(l, err))
					}
					return el("li").DataSet("param", bad[i].Name).Text(text)
				}),
			),
			el("button.notice-dismiss type=button data-testid=url-notice-dismiss").
				Aria("label", words.T(l, "notice.dismiss")).
				Text("×").
				OnClick(dismiss),
		)
}
