package ui

import (
	"slices"
	"testing"

	"dlock/web/state"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// playPage is a page for play alone: the chapter's run, stepped by play's
// own command, with predict mode's question open or not. steps records the
// commands play made.
type playPage struct {
	runs   *state.Runs
	s      state.Settings
	asking bool
	steps  []state.Command
}

func newPlayPage() *playPage {
	return &playPage{runs: state.NewRuns(), s: state.Defaults()}
}

func (pg *playPage) playback() *playback {
	return &playback{
		at: func() (state.Settings, int, bool) { return pg.s, pg.s.Total(pg.runs), pg.asking },
		step: func(ctx app.Context, cmd state.Command) {
			pg.steps = append(pg.steps, cmd)
			pg.s = pg.s.Do(pg.runs, cmd)
		},
		guard: func(where string, f func()) { f() },
	}
}

// Play steps the run one step a tick until the last, where it stops; a
// start at the last step begins again from the first.
func TestPlayStepsToTheLastStepAndStops(t *testing.T) {
	pg := newPlayPage()
	p := pg.playback()
	p.toggle(noCtx)
	if !p.playing {
		t.Fatal("the play button does not start play")
	}
	for range 10 {
		p.tick(noCtx)
	}
	if pg.s.Step != 7 || p.playing {
		t.Errorf("after ten ticks play is at step %d, playing %t; want 7, stopped", pg.s.Step, p.playing)
	}
	if want := slices.Repeat([]state.Command{state.CmdNext}, 6); !slices.Equal(pg.steps, want) {
		t.Errorf("play made %v, want six steps forward", pg.steps)
	}
	pg.steps = nil
	p.toggle(noCtx)
	if !p.playing || pg.s.Step != 1 || !slices.Equal(pg.steps, []state.Command{state.CmdFirst}) {
		t.Errorf("started at the last step, play is at step %d (made %v), playing %t", pg.s.Step, pg.steps, p.playing)
	}
	p.toggle(noCtx)
	if p.playing {
		t.Error("the play button does not pause play")
	}
	p.tick(noCtx)
	if pg.s.Step != 1 {
		t.Errorf("a tick after the pause stepped to %d", pg.s.Step)
	}
}

// Play stops at predict mode's question, and does not start where there
// is nothing to play.
func TestPlayStopsAtAQuestionAndNeedsSteps(t *testing.T) {
	pg := newPlayPage()
	p := pg.playback()
	p.toggle(noCtx)
	pg.asking = true
	p.tick(noCtx)
	if p.playing {
		t.Error("play goes on with a question open")
	}
	for _, v := range []state.View{state.ViewMatrix, state.ViewSearch, state.ViewCourse} {
		pg.s.View = v
		if p.canPlay() {
			t.Errorf("the %s view can play", v)
		}
		p.toggle(noCtx)
		if p.playing {
			t.Errorf("play starts in the %s view", v)
		}
	}
}

// A change play did not make pauses it where it moves the run: a step,
// another run, another view; play's own step, and a change that leaves
// the run where it is (the language), do not.
func TestPlayPausesForAChangeOfAnotherCause(t *testing.T) {
	pg := newPlayPage()
	was := pg.s
	for _, c := range []struct {
		name  string
		edit  func(s state.Settings) state.Settings
		by    cause
		pause bool
	}{
		{"play's own step", func(s state.Settings) state.Settings { s.Step++; return s }, byPlay, false},
		{"a step key", func(s state.Settings) state.Settings { s.Step++; return s }, byCommand, true},
		{"a timeline mark", func(s state.Settings) state.Settings { s.Step = 5; return s }, byMark, true},
		{"another row", func(s state.Settings) state.Settings { s.Strategy = "lease"; return s }, byLink, true},
		{"another view", func(s state.Settings) state.Settings { s.View = state.ViewMatrix; return s }, byLink, true},
		{"the language", func(s state.Settings) state.Settings { s.Lang = state.English; return s }, byCommand, false},
		{"the pace", func(s state.Settings) state.Settings { s.Pace = 200; return s }, byLink, false},
	} {
		p := pg.playback()
		p.playing = true
		p.follow(noCtx, was, c.edit(was), c.by)
		if p.playing == c.pause {
			t.Errorf("%s: playing %t, want %t", c.name, p.playing, !c.pause)
		}
	}
}
