package web

import (
	"net/url"
	"strconv"
)

// URL query parameters; their names are part of the page's contract.
const (
	ParamStep    = "step"
	ParamFencing = "fencing"
	ParamLang    = "lang"
)

// Settings is the whole state of the page. The screen is a function of it,
// and the URL query carries it, so a link reproduces what its sender saw.
type Settings struct {
	Step    int  // 1-based frame number
	Fencing bool // the resource checks tokens
	Lang    Lang
}

// Defaults is the view of a URL without parameters: the first step of the
// chapter's scenario, fenced, in Japanese.
func Defaults() Settings {
	return Settings{Step: 1, Fencing: true, Lang: Japanese}
}

// BadParam is a query parameter whose value could not be used.
type BadParam struct {
	Name  string
	Value string
}

// ParseSettings reads the page's parameters from q for a scenario of steps
// frames. Every parameter that is present but invalid keeps its default and
// is reported, in the order step, fencing, lang. Other parameters are
// ignored.
func ParseSettings(q url.Values, steps int) (Settings, []BadParam) {
	s := Defaults()
	var bad []BadParam
	if v, ok := first(q, ParamStep); ok {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > steps {
			bad = append(bad, BadParam{ParamStep, v})
		} else {
			s.Step = n
		}
	}
	if v, ok := first(q, ParamFencing); ok {
		switch v {
		case "on":
			s.Fencing = true
		case "off":
			s.Fencing = false
		default:
			bad = append(bad, BadParam{ParamFencing, v})
		}
	}
	if v, ok := first(q, ParamLang); ok {
		switch l := Lang(v); l {
		case Japanese, English:
			s.Lang = l
		default:
			bad = append(bad, BadParam{ParamLang, v})
		}
	}
	return s, bad
}

func first(q url.Values, name string) (string, bool) {
	vs, ok := q[name]
	if !ok || len(vs) == 0 {
		return "", false
	}
	return vs[0], true
}

// Query returns q with s's parameters set (replacing any earlier values);
// other parameters are kept. q is not modified.
func (s Settings) Query(q url.Values) url.Values {
	out := make(url.Values, len(q)+3)
	for k, v := range q {
		out[k] = append([]string(nil), v...)
	}
	out.Set(ParamStep, strconv.Itoa(s.Step))
	out.Set(ParamFencing, onOff(s.Fencing))
	out.Set(ParamLang, string(s.Lang))
	return out
}

func onOff(b bool) string {
	if b {
		return "on"
	}
	return "off"
}
