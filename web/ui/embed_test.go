package ui

import (
	"html"
	"testing"
)

func TestEscapeHTMLIsHTMLsEscapeString(t *testing.T) {
	for _, s := range []string{"", "plain", `<iframe src="a?b=1&c='2'">`, "日本語 & <b>", "&amp; already", "\x00\xff"} {
		if got, want := escapeHTML(s), html.EscapeString(s); got != want {
			t.Errorf("escapeHTML(%q) = %q, html.EscapeString gives %q", s, got, want)
		}
	}
}
