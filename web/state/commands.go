package state

// Command is something the reader asks for, by button or by key.
type Command int

// Commands.
const (
	CmdNone Command = iota
	CmdFirst
	CmdPrev
	CmdNext
	CmdLast
	CmdToggleFencing
	CmdToggleLang // the language: the header's switch
)

// String names the command, as the loader's rules do (static/loader).
func (c Command) String() string {
	switch c {
	case CmdFirst:
		return "first"
	case CmdPrev:
		return "prev"
	case CmdNext:
		return "next"
	case CmdLast:
		return "last"
	case CmdToggleFencing:
		return "fencing"
	case CmdToggleLang:
		return "lang"
	}
	return "none"
}

// CommandNamed is the command String names name; CmdNone for any other.
func CommandNamed(name string) Command {
	for _, c := range Commands {
		if c.String() == name {
			return c
		}
	}
	return CmdNone
}

// Commands lists every command a button or a key can give.
var Commands = []Command{CmdFirst, CmdPrev, CmdNext, CmdLast, CmdToggleFencing, CmdToggleLang}

// KeyCommands maps a KeyboardEvent.key to its command: → and ← step, Home
// and End jump, F toggles fencing. The app and the loader both read it.
var KeyCommands = map[string]Command{
	"ArrowRight": CmdNext, "Right": CmdNext,
	"ArrowLeft": CmdPrev, "Left": CmdPrev,
	"Home": CmdFirst, "End": CmdLast,
	"f": CmdToggleFencing, "F": CmdToggleFencing,
}

// CommandForKey maps a KeyboardEvent.key to a command (KeyCommands); other
// keys give CmdNone.
func CommandForKey(key string) Command { return KeyCommands[key] }

// Do returns the settings after cmd. The language switch works in every
// view. A move past either end leaves the step where it is; in the compare
// view (and free play beside a second row) the one step moves both
// columns. Switching fencing keeps the step, so the same moment can be
// compared in both modes; it flips whether the resource checks tokens and
// keeps the rest of the row (consensus and consensus-unfenced, lease-fencing
// and lease); a plain lock and Redlock have no such other row, and there it
// changes nothing (Strategy.CanFence). It changes nothing either where two
// rows are shown at once. The matrix and the search have no steps: there
// only the language switch acts.
func (s Settings) Do(c *Runs, cmd Command) Settings {
	if cmd == CmdToggleLang {
		if s.Lang == Japanese {
			s.Lang = English
		} else {
			s.Lang = Japanese
		}
		return s
	}
	if s.View == ViewMatrix || s.View == ViewSearch || s.View == ViewCourse {
		return s
	}
	total := s.Total(c)
	switch cmd {
	case CmdFirst:
		s.Step = 1
	case CmdPrev:
		if s.Step > 1 {
			s.Step--
		}
	case CmdNext:
		if s.Step < total {
			s.Step++
		}
	case CmdLast:
		s.Step = total
	case CmdToggleFencing:
		if s.View != ViewDemo && !(s.View == ViewPlay && s.Versus == "") {
			break
		}
		s.Strategy = s.Strategy.WithFencing(!s.Strategy.Fenced())
	}
	return s
}

// Can reports whether cmd would change s: the controls that cannot move are
// disabled.
func (s Settings) Can(c *Runs, cmd Command) bool {
	return s.Do(c, cmd) != s
}
