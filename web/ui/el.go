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
	return elIn("", spec, nil)
}

// svg is an SVG element (in svgNS) written as el's, where a name without a
// value takes the next of nums: svg("circle.dot cx cy r=4", x, y) is a
// circle at x, y.
func svg(spec string, nums ...int) app.HTMLElem {
	return elIn(svgNS, spec, nums)
}

func elIn(ns, spec string, nums []int) app.HTMLElem {
	head, rest, _ := strings.Cut(spec, " ")
	end := strings.IndexAny(head, ".#")
	if end < 0 {
		end = len(head)
	}
	e := app.Elem(head[:end])
	if ns != "" {
		e = e.XMLNS(ns)
	}
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
		k, v, fixed := strings.Cut(kv, "=")
		switch {
		case fixed:
			e = e.Attr(k, v)
		case len(nums) > 0:
			e = e.Attr(k, nums[0])
			nums = nums[1:]
		}
	}
	return e
}

// elText is el(spec).Text(text), finished: an element whose one child is
// text, the most common element there is. It is an app.UI, as a child is,
// so that the conversion from app.HTMLElem, a call of its own in
// WebAssembly, is written once, here, not at each of its uses.
func elText(spec, text string) app.UI {
	return el(spec).Text(text)
}

// elBody is el(spec).Body(kids...), finished, as elText is.
func elBody(spec string, kids ...app.UI) app.UI {
	return el(spec).Body(kids...)
}

// columns is a table's head: one row of column headers, named by heads.
func columns(heads ...string) app.UI {
	cells := make([]app.UI, len(heads))
	for i, h := range heads {
		cells[i] = elText("th scope=col", h)
	}
	return elBody("thead", elBody("tr", cells...))
}
