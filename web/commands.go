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

// Do returns the settings after cmd, for a scenario of total frames. A move
// past either end leaves the step where it is. Switching fencing keeps the
// step, so the same moment can be compared in both modes.
func (s Settings) Do(cmd Command, total int) Settings {
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
		s.Fencing = !s.Fencing
	}
	return s
}

// Can reports whether cmd would change s, for a scenario of total frames:
// the controls that cannot move are disabled.
func (s Settings) Can(cmd Command, total int) bool {
	return s.Do(cmd, total) != s
}
