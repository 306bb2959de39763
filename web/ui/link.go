package ui

import (
	"net/url"
	"strings"

	"dlock/web/state"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// pageLink is all a component may ask of the page: new settings, a
// command, play, an answer to predict mode's question, and a guard that
// turns a panic in its handlers into the crash view. The page makes one
// when it starts and hands the same one to every component, so a
// component's fields compare equal from one render to the next and go-app
// leaves it alone when nothing it shows has changed.
type pageLink struct {
	// change gives the page's settings to edit and makes what it returns
	// the page's state.
	change func(ctx app.Context, edit func(state.Settings) state.Settings)
	// guard runs f; a panic in it becomes the crash view.
	guard func(where string, f func())
	// press carries out a command, as its key does; play starts or pauses
	// play; answer answers predict mode's question with a choice.
	press  func(ctx app.Context, cmd state.Command)
	play   func(ctx app.Context)
	answer func(ctx app.Context, choice string)
	// embed is the embed box on the page, which lends it its code for a
	// step the step path draws (steps.go); nil where there is none.
	embed *embedBox
}

// Command is the handler of a control bound to cmd: it does what cmd's key
// does.
func (l *pageLink) Command(cmd state.Command) app.EventHandler {
	return l.Safe("command", func(ctx app.Context, e app.Event) {
		if l != nil && l.press != nil {
			l.press(ctx, cmd)
		}
	})
}

// Play starts or pauses play (the play button).
func (l *pageLink) Play(ctx app.Context, e app.Event) {
	if l != nil && l.play != nil {
		l.guard("play", func() { l.play(ctx) })
	}
}

// Answer is the handler of predict mode's choice: it answers the question
// open with it.
func (l *pageLink) Answer(choice string) app.EventHandler {
	return l.Safe("quiz", func(ctx app.Context, e app.Event) {
		if l != nil && l.answer != nil {
			l.answer(ctx, choice)
		}
	})
}

// embedBox is the embed box on the page, or nil.
func (l *pageLink) embedBox() *embedBox {
	if l == nil {
		return nil
	}
	return l.embed
}

// Change makes edit(current settings) the page's settings. A nil link (a
// component drawn outside a page) changes nothing.
func (l *pageLink) Change(ctx app.Context, edit func(state.Settings) state.Settings) {
	if l != nil {
		l.change(ctx, edit)
	}
}

// Guard runs f; a panic in it becomes the crash view.
func (l *pageLink) Guard(where string, f func()) {
	if l == nil {
		f()
		return
	}
	l.guard(where, f)
}

// Safe is h, guarded: a panic in it becomes the crash view.
func (l *pageLink) Safe(where string, h app.EventHandler) app.EventHandler {
	if l == nil {
		return h
	}
	return func(ctx app.Context, e app.Event) { l.guard(where, func() { h(ctx, e) }) }
}

// hrefOf is a link to the page at path in settings s.
func hrefOf(path string, s state.Settings) string {
	return path + "?" + s.Query(nil).Encode()
}

// place is where the page is, for links to it in other settings: its path
// keeps the site's prefix, its origin makes a link whole for the embed
// code and a crash's report.
type place struct {
	path   string // the page's path
	origin string // the page's origin ("" while prerendering)
}

// read takes the path and the origin of u, the page's address.
func (p *place) read(u *url.URL) {
	if p.path = u.Path; p.path == "" {
		p.path = "/"
	}
	if u.Host != "" && u.Scheme != "" {
		p.origin = u.Scheme + "://" + u.Host
	}
}

// url is the whole address of the page in settings s.
func (p place) url(s state.Settings) string { return p.origin + hrefOf(p.path, s) }

// beside is the whole address of the site's file name, in the page's
// directory.
func (p place) beside(name string) string {
	return p.origin + p.path[:strings.LastIndexByte(p.path, '/')+1] + name
}
