package core

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// maxExported is the most exported top-level names core may have. core's
// documentation is to read as the chapter: the lock service, the resource,
// the clients, the strategies, the scenarios, Replay, frames and verdicts,
// with the search and free play's script beside them. What the page or the
// lab builds on it lives in packages of its own (core/course,
// core/recording, core/timeline).
const maxExported = 170

// TestCoreIsTheChapter counts core's exported top-level names, as its
// source declares them: functions without a receiver, types, constants and
// variables, each name of a group counted (go doc -short folds a group into
// one line). Methods and fields are not counted: they are read with their
// type.
func TestCoreIsTheChapter(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	perFile := map[string][]string{}
	total := 0
	fset := token.NewFileSet()
	for _, path := range files {
		if strings.HasSuffix(path, "_test.go") {
			continue
		}
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(fset, path, src, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		names := exportedNames(f)
		perFile[path] = names
		total += len(names)
	}
	if total == 0 {
		t.Fatalf("no exported name found in %d files: is the test run in core's directory?", len(files))
	}
	if total > maxExported {
		var lines []string
		for path, names := range perFile {
			lines = append(lines, fmt.Sprintf("%4d %s: %s", len(names), path, strings.Join(names, " ")))
		}
		sort.Sort(sort.Reverse(sort.StringSlice(lines)))
		t.Errorf("core exports %d top-level names, at most %d: move what the chapter does not need into a package of its own, or unexport what nothing outside core uses\n%s",
			total, maxExported, strings.Join(lines, "\n"))
	}
	t.Logf("core exports %d top-level names (at most %d)", total, maxExported)
}

// exportedNames are the exported top-level names f declares.
func exportedNames(f *ast.File) []string {
	var names []string
	add := func(id *ast.Ident) {
		if id.IsExported() {
			names = append(names, id.Name)
		}
	}
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Recv == nil {
				add(d.Name)
			}
		case *ast.GenDecl:
			for _, s := range d.Specs {
				switch s := s.(type) {
				case *ast.TypeSpec:
					add(s.Name)
				case *ast.ValueSpec:
					for _, n := range s.Names {
						add(n)
					}
				}
			}
		}
	}
	return names
}
