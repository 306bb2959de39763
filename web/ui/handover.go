package ui

import (
	"encoding/json"
	"net/url"
	"strings"

	"dlock/web/state"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// handover is what the loader's stepping through prerendered frames
// (static app.js, dlockHandover) leaves the app, and what the app spends
// of it: the loader writes the address of the step it reached, which the
// page then reads, and says what had focus and which details were open,
// which the mounted page gives back, so the reader sees no jump and loses
// no key. Mounting in parts (mount.go) notes the same again before each
// part it mounts, and gives it back after.
type handover struct {
	focus string   // the data-testid of the control that had focus
	open  []string // the classes of the details that were open
	// opened is the address the page was opened at, until the first
	// navigation: the notice about the URL is about that one.
	opened *string
	shown  bool // the page showed the frame of the state it was at
	// commands: what the reader asked the loader for that it had not
	// done, which the first navigation does.
	commands []state.Command
	// click: the control the reader pressed that only the app works
	// (play, in an embed whose app.wasm that press sent for), which the
	// app presses once every part of the page is its own.
	click string
}

// Handover is what the loader hands the app as it starts: the JSON that
// window.dlockHandover() returns, which the loader writes in one place
// (dlockHandoverOf, static/loader/stepper.js; a test holds the two to the
// same fields).
type Handover struct {
	// Focus is the data-testid of the control that had focus; Open, the
	// classes of the details that were open.
	Focus string   `json:"focus"`
	Open  []string `json:"open"`
	// Opened is the address the page was opened at.
	Opened string `json:"opened"`
	// Shown: the page shows the frame of the state the address is at.
	Shown bool `json:"shown"`
	// Commands are what the reader asked for that the loader had not
	// done, by name (state.CommandNamed): a move to another run's frames
	// still on its way, and the keys after it.
	Commands []string `json:"commands"`
	// Click is a control only the app works, pressed last (its
	// data-testid).
	Click string `json:"click"`
}

// take ends the loader's stepping, if it was stepping, and keeps what it
// says.
func (h *handover) take() {
	handover := app.Window().Get("dlockHandover")
	if !handover.Truthy() {
		return
	}
	var was Handover
	if err := json.Unmarshal([]byte(handover.Invoke().String()), &was); err == nil {
		h.focus, h.open, h.opened, h.shown = was.Focus, was.Open, &was.Opened, was.Shown
		if testID(was.Click) {
			h.click = was.Click
		}
		for _, name := range was.Commands {
			if cmd := state.CommandNamed(name); cmd != state.CmdNone {
				h.commands = append(h.commands, cmd)
			}
		}
	}
}

// opening is the query of the address the page was opened at, until the
// first navigation (the loader may have stepped on and written another);
// ok is false without a handover, and after it.
func (h *handover) opening() (q url.Values, ok bool) {
	if h.opened == nil {
		return nil, false
	}
	q, _ = url.ParseQuery(strings.TrimPrefix(*h.opened, "?"))
	return q, true
}

// navigated is told of a navigation, which reads the address the loader
// left, of the state the loader had reached: the address the page was
// opened at is no longer the one read, and what the loader had not done
// yet follows, each command by do, once.
func (h *handover) navigated(do func(state.Command)) {
	h.opened = nil
	for _, cmd := range h.commands {
		do(cmd)
	}
	h.commands = nil
}

// restore gives back what the reader had before the app ran (or before a
// part was mounted): the open details, the focus, and, once no part is
// held (holding false), the press the app owes.
func (h *handover) restore(holding bool) {
	doc := app.Window().Get("document")
	for _, class := range h.open {
		sel := "main details." + strings.Join(strings.Fields(class), ".")
		if el := doc.Call("querySelector", sel); el.Truthy() {
			el.Set("open", true)
		}
	}
	if h.focus != "" {
		focusTestID(h.focus)
	}
	h.focus, h.open = "", nil
	if id := h.click; id != "" && !holding {
		h.click = ""
		afterBrowser(0, func() {
			if el := doc.Call("querySelector", `main [data-testid="`+id+`"]`); el.Truthy() {
				el.Call("click")
			}
		})
	}
}

// note notes what the reader has in the page, which restore gives back:
// the control with focus, and which details are open.
func (h *handover) note() {
	doc := app.Window().Get("document")
	main := doc.Call("querySelector", `main[data-testid="app"]`)
	if !main.Truthy() {
		return
	}
	if active := doc.Get("activeElement"); active.Truthy() && main.Call("contains", active).Bool() {
		if id := active.Get("dataset").Get("testid"); id.Truthy() {
			h.focus = id.String()
		}
	}
	open := main.Call("querySelectorAll", "details[open]")
	h.open = nil
	for i := range open.Length() {
		h.open = append(h.open, open.Index(i).Get("className").String())
	}
}

// testID reports whether id is spelled as the page's data-testid values
// are: lower-case letters, digits and hyphens.
func testID(id string) bool {
	for _, r := range id {
		if (r < 'a' || r > 'z') && (r < '0' || r > '9') && r != '-' {
			return false
		}
	}
	return id != ""
}
