package ui

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

func TestElWritesItsSpec(t *testing.T) {
	for spec, want := range map[string]string{
		"div":                           `<div></div>`,
		"p.shows":                       `<p class="shows"></p>`,
		"button.btn.primary":            `<button class="btn primary"></button>`,
		"select#search-goal":            `<select id="search-goal"></select>`,
		"a.view-link#go data-testid=go": `<a class="view-link" data-testid="go" id="go"></a>`,
		"th scope=col":                  `<th scope="col"></th>`,
		"button.btn type=button data-testid=search-start aria-disabled=true": `<button aria-disabled="true" class="btn" data-testid="search-start" type="button"></button>`,
	} {
		if got := sortedAttrs(app.HTMLString(el(spec))); got != want {
			t.Errorf("el(%q) = %s, want %s", spec, got, want)
		}
	}
	if got, want := app.HTMLString(elText("p.shows", "A <b>")), `<p class="shows">A &lt;b&gt;</p>`; got != want {
		t.Errorf("elText = %s, want %s", got, want)
	}
	if got, want := app.HTMLString(elBody("ul.list", elText("li", "a"), elText("li", "b"))), `<ul class="list"><li>a</li><li>b</li></ul>`; got != want {
		t.Errorf("elBody = %s, want %s", got, want)
	}
	if got, want := sortedAttrs(app.HTMLString(svg("circle.dot cx cy r=4", 10, -3))), `<circle class="dot" cx="10" cy="-3" r="4"></circle>`; got != want {
		t.Errorf("svg = %s, want %s", got, want)
	}
	// What is set on it afterwards adds to it, as on any element.
	got := sortedAttrs(app.HTMLString(el("button.btn data-testid=x").Class("primary").Attr("title", "t")))
	if want := `<button class="btn primary" data-testid="x" title="t"></button>`; got != want {
		t.Errorf("el then setters = %s, want %s", got, want)
	}
}

var attrRe = regexp.MustCompile(`\s[a-z-]+="[^"]*"`)

// sortedAttrs writes an element's attributes in name order (go-app writes
// them in its map's order).
func sortedAttrs(html string) string {
	attrs := attrRe.FindAllString(html, -1)
	rest := attrRe.ReplaceAllString(html, "")
	for i := 1; i < len(attrs); i++ {
		for j := i; j > 0 && attrs[j] < attrs[j-1]; j-- {
			attrs[j], attrs[j-1] = attrs[j-1], attrs[j]
		}
	}
	tag, after, _ := strings.Cut(rest, ">")
	return tag + strings.Join(attrs, "") + ">" + after
}

var (
	specHead = regexp.MustCompile(`^[a-z][a-z0-9]*(\.[a-z][a-z0-9-]*)*(#[a-z][a-z0-9-]*)?$`)
	specAttr = regexp.MustCompile(`^[a-z][a-z-]*=[^\s"=]+$`)
	specName = regexp.MustCompile(`^[a-z][a-z0-9-]*$`)
)

// Every spec in the package's source (el's, elText's, elBody's and svg's) is a tag, classes, an id, then
// name=value pairs, each once: what el reads, and nothing it would misread.
func TestEverySpecIsWellFormed(t *testing.T) {
	files, _ := filepath.Glob("*.go")
	fset := token.NewFileSet()
	n := 0
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") || f == "el.go" {
			continue
		}
		file, err := parser.ParseFile(fset, f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(file, func(node ast.Node) bool {
			call, ok := node.(*ast.CallExpr)
			if !ok {
				return true
			}
			if id, ok := call.Fun.(*ast.Ident); !ok || id.Name != "el" && id.Name != "elText" && id.Name != "elBody" && id.Name != "svg" {
				return true
			}
			isSVG := call.Fun.(*ast.Ident).Name == "svg"
			lit, ok := call.Args[0].(*ast.BasicLit)
			if !ok {
				t.Errorf("%s: el's spec is not a literal", fset.Position(call.Pos()))
				return true
			}
			spec, _ := strconv.Unquote(lit.Value)
			n++
			head, rest, _ := strings.Cut(spec, " ")
			if !specHead.MatchString(head) {
				t.Errorf("%s: %q: the tag, classes and id are not tag.class#id", fset.Position(call.Pos()), spec)
			}
			seen := map[string]bool{}
			bare := 0
			for _, kv := range strings.Split(rest, " ") {
				if rest == "" {
					break
				}
				name, _, fixed := strings.Cut(kv, "=")
				switch {
				case isSVG && !fixed && specName.MatchString(kv):
					bare++ // takes the next number
				case !specAttr.MatchString(kv), seen[name], name == "class", name == "id":
					t.Errorf("%s: %q: %q is not one name=value", fset.Position(call.Pos()), spec, kv)
				}
				seen[name] = true
			}
			if isSVG && call.Ellipsis == token.NoPos && bare != len(call.Args)-1 {
				t.Errorf("%s: %q names %d attributes without a value for %d numbers", fset.Position(call.Pos()), spec, bare, len(call.Args)-1)
			}
			return true
		})
	}
	if n < 250 {
		t.Fatalf("read %d specs; the package draws with several hundred", n)
	}
}
