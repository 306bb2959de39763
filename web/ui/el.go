package ui

import (
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// el is an element and its fixed attributes in one string, written as a CSS
// selector and then HTML's own attributes: "button.btn.primary#go type=button
// data-testid=go" is a button with the classes btn and primary, the id go,
// and two attributes. Values that change are set on what it returns, as on
// any element (Attr, DataSet, Text, Body).
//
// One call and one string in place of a setter call each keeps app.wasm
// small: in WebAssembly every call stores its arguments and checks on its
// return, and dlock draws several hundred elements. TestEverySpecIsWellFormed
// reads every spec in the package's source.
func el(spec string) app.HTMLElem {
	head, rest, _ := strings.Cut(spec, " ")
	end := strings.IndexAny(head, ".#")
	if end < 0 {
		end = len(head)
	}
	e := app.Elem(head[:end])
	if id := strings.IndexByte(head, '#'); id >= 0 {
		e = e.Attr("id", head[id+1:])
		head = head[:id]
	}
	if end < len(head) {
		e = e.Attr("class", strings.ReplaceAll(head[end+1:], ".", " "))
	}
	for rest != "" {
		var kv string
		kv, rest, _ = strings.Cut(rest, " ")
		k, v, _ := strings.Cut(kv, "=")
		e = e.Attr(k, v)
	}
	return e
}
