package words

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"dlock/web/state"
)

// Lang is a language of the catalogue: the page's setting (state.Lang).
type Lang = state.Lang

// The languages, Japanese (the book's) first: it is the default.
const (
	Japanese = state.Japanese
	English  = state.English
)

// text is one message in every language.
type text struct{ ja, en string }

func (t text) in(l Lang) string {
	if l == English {
		return t.en
	}
	return t.ja
}

// missing marks a key the catalogue does not have, so it shows on the page
// and in tests instead of silently vanishing.
const missing = "⟦missing:%s⟧"

// T returns the message for key in lang, formatted with args as by
// fmt.Sprintf.
func T(lang Lang, key string, args ...any) string { return unmarked(marked(lang, key, args...)) }

// marked is T's message with its judgement marked: a note's words mark,
// between ⟪ and ⟫, what judges the run (its verdict, or what a step means
// for the data), which predict mode holds back until the reader has
// predicted the verdict (HeldNote). T drops the marks; withheld drops what
// they mark too.
func marked(lang Lang, key string, args ...any) string {
	m, ok := catalog[key]
	if !ok {
		return fmt.Sprintf(missing, key)
	}
	if len(args) == 0 {
		return m.in(lang)
	}
	return fmt.Sprintf(m.in(lang), args...)
}

// The marks of a judgement in a message (marked).
const (
	judgeFrom = "⟪"
	judgeTo   = "⟫"
)

// unmarked is s without the marks of its judgement.
func unmarked(s string) string {
	if !strings.Contains(s, judgeFrom) {
		return s
	}
	return strings.ReplaceAll(strings.ReplaceAll(s, judgeFrom, ""), judgeTo, "")
}

// withheld is s without its judgement, marks and all.
func withheld(s string) string {
	for {
		from := strings.Index(s, judgeFrom)
		if from < 0 {
			return s
		}
		to := strings.Index(s[from:], judgeTo)
		if to < 0 {
			return s[:from]
		}
		s = s[:from] + s[from+to+len(judgeTo):]
	}
}

// Keys returns every key of the catalogue, sorted.
func Keys() []string {
	keys := make([]string, 0, len(catalog))
	for k := range catalog {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// hasKey reports whether the catalogue has key.
func hasKey(key string) bool {
	_, ok := catalog[key]
	return ok
}

// catalog holds every word the page shows, in Japanese and English: on
// the server, every part of the one catalogue, joined as the package
// starts (catalogue_server.go); in the browser, the languages the page
// has loaded so far (Load), each from the server's copy (Catalogue).
var catalog = map[string]text{}

// loaded are the languages catalog has.
var loaded = map[Lang]bool{}

// Has reports whether the catalogue has the words of l: on the server,
// always; in the browser, once they are loaded.
func Has(l Lang) bool { return loaded[l] }

// Load adds the words of l to the catalogue, from the JSON object of key
// and message that the server's Catalogue(l) is.
func Load(l Lang, raw []byte) error {
	var in map[string]string
	if err := json.Unmarshal(raw, &in); err != nil {
		return fmt.Errorf("the words in %s: %w", l, err)
	}
	if len(in) == 0 {
		return fmt.Errorf("the words in %s: none", l)
	}
	for k, v := range in {
		t := catalog[k]
		if l == English {
			t.en = v
		} else {
			t.ja = v
		}
		catalog[k] = t
	}
	loaded[l] = true
	return nil
}

// join adds part to the catalogue.
func join(part map[string]text) {
	for k, v := range part {
		if _, dup := catalog[k]; dup {
			panic("catalogue key defined twice: " + k)
		}
		catalog[k] = v
	}
}
