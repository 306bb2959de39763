package ui

import (
	"encoding/json"

	"dlock/core"
	"dlock/web/state"
	"dlock/web/words"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// pictureControl offers a timeline's run as a picture, beside the
// timeline's own download: as an animated SVG, a GIF or PNGs in a zip.
// The app draws each step (PictureOf); the page's script, loaded the
// first time a reader asks (static/loader/pictures.js, static/web/
// picture.js), rasters the steps, and the picture encoder, a wasm of its
// own in a worker, encodes them. A progress bar shows how far a GIF or a
// zip has got, and the page answers meanwhile. Before the app runs, it
// says that the picture is being prepared; a press then is the app's once
// it runs (handover.go).
type pictureControl struct {
	app.Compo
	// Run is the page's settings for the run (its view, scenario or
	// script, language), at its first step: a step leaves it alone.
	Run      state.Settings
	Strategy core.Strategy
	Column   string
	Live     bool
	Runs     *state.Runs
	Link     *pageLink

	making      string // "gif" or "png" while it is made
	done, total int
	said        string
}

// pictureKinds are the control's formats, in its order, each a button
// whose data-testid is picture-<kind>.
var pictureKinds = []string{"svg", "gif", "png"}

func (c *pictureControl) t(key string, args ...any) string { return words.T(c.Run.Lang, key, args...) }

func (c *pictureControl) Render() app.UI {
	label := "picture-label-" + c.Column
	said := c.said
	if !c.Live {
		said = c.t("picture.waiting")
	}
	buttons := make([]app.UI, len(pictureKinds))
	for i, kind := range pictureKinds {
		buttons[i] = el("button.btn type=button").DataSet("testid", "picture-"+kind).DataSet("value", kind).
			Aria("disabled", !c.Live || c.making != "").Text(c.t("picture." + kind)).
			OnClick(c.Link.Safe("picture", c.onMake(kind)))
	}
	progress := el("progress.picture-progress data-testid=picture-progress").Attr("max", max(c.total, 1)).Attr("value", c.done).
		Aria("label", c.t("picture.progress"))
	if c.making == "" {
		progress = progress.Attr("hidden", true)
	}
	return el("div.picture-control role=group data-testid=picture-control").DataSet("column", c.Column).
		DataSet("value", orNone(c.making)).Aria("labelledby", label).Body(
		el("span.picture-label").ID(label).Text(c.t("picture.label")),
		elBody("span.picture-kinds", buttons...),
		progress,
		el("span.picture-status role=status data-testid=picture-status").Text(said),
	)
}

// onMake makes the run's picture as kind and has the page download it
// (static/loader/pictures.js), which reports how far it has got.
func (c *pictureControl) onMake(kind string) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		if !c.Live || c.making != "" || !app.IsClient {
			return
		}
		// The page's script adds the page's style sheet and palette.
		p, err := PictureParts(c.Runs, c.Run, c.Strategy, "", false)
		if err != nil {
			c.said = c.t("picture.failed", c.t("picture.kind."+kind), err.Error())
			return
		}
		parts, err := json.Marshal(p)
		if err != nil {
			c.said = c.t("picture.failed", c.t("picture.kind."+kind), err.Error())
			return
		}
		name := pictureFileName(c.Run, c.Strategy, kind)
		n := len(p.Tops)
		c.making, c.done, c.total = kind, 0, 2*n
		if kind == "svg" {
			c.total = 1
		}
		c.said = c.t("picture.making", c.t("picture.kind."+kind), n)
		var report app.Func
		report = app.FuncOf(func(_ app.Value, args []app.Value) any {
			what, n, detail := args[0].String(), args[1].Int(), args[2].String()
			if what != "progress" {
				report.Release()
			}
			ctx.Dispatch(func(ctx app.Context) { c.reported(kind, name, what, n, detail) })
			return nil
		})
		app.Window().Call("dlockMakePicture", kind, string(parts), name, report)
	}
}

// reported is what the page said of the file being made: progress (n
// done), done (n bytes downloaded) or failed (detail says why; "offline":
// the files that make it could not be loaded).
func (c *pictureControl) reported(kind, name, what string, n int, detail string) {
	switch what {
	case "progress":
		c.done = n
		return
	case "done":
		c.said = c.t("picture.saved", name, kilobytes(n))
	default:
		if detail == "offline" {
			detail = c.t("picture.offline")
		}
		c.said = c.t("picture.failed", c.t("picture.kind."+kind), detail)
	}
	c.making, c.done, c.total = "", 0, 0
}

// kilobytes is n bytes in whole kB, at least 1.
func kilobytes(n int) int { return max((n+500)/1000, 1) }

// pictureFileName names a picture of the run of s under st as kind:
// scenario (or "play" for a run of free play), row and language.
func pictureFileName(s state.Settings, st core.Strategy, kind string) string {
	scenario := s.Scenario
	if s.View == state.ViewPlay {
		scenario = "play"
	}
	base := "dlock-" + scenario + "-" + string(st) + "-" + string(s.Lang)
	switch kind {
	case "png":
		return base + "-steps.zip"
	case "gif":
		return base + ".gif"
	}
	return base + ".svg"
}
