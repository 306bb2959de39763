package web

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
)

// CommandForKey maps a KeyboardEvent.key to a command: → and ← step, Home
// and End jump, F toggles fencing. Other keys give CmdNone.
func CommandForKey(key string) Command {
	switch key {
	case "ArrowRight", "Right":
		return CmdNext
	case "ArrowLeft", "Left":
		return CmdPrev
	case "Home":
		return CmdFirst
	case "End":
		return CmdLast
	case "f", "F":
		return CmdToggleFencing
	}
	return CmdNone
}

// Do returns the settings after cmd. A move past either end leaves the step
// where it is. Switching fencing keeps the step, so the same moment can be
// compared in both modes; it flips whether the resource checks tokens and
// keeps the rest of the row (consensus and consensus-unfenced, lease-fencing
// and lease; a plain lock and Redlock have no fenced row and switch to
// lease-fencing). The
// matrix has no steps, and the compare view shows two strategies at once:
// there these commands change nothing.
func (s Settings) Do(cmd Command) Settings {
	if s.View == ViewMatrix || s.View == ViewSearch {
		return s
	}
	total := s.Total()
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
func (s Settings) Can(cmd Command) bool {
	return s.Do(cmd) != s
}
