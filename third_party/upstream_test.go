//go:build !wasm

package thirdparty

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// compactHTML is the fork's change most of go-app's failing tests meet.
const compactHTML = "the server writes HTML without indentation or line breaks between elements (node.go); the test expects them"

// upstreamFailures are go-app v10.1.11's tests that fail on the fork, each
// because of a change PATCH.diff makes on purpose (third_party/goapp/README.md
// lists them), with that change. Every one must fail, and no other test may.
var upstreamFailures = map[string]string{
	"TestEngineEncode/encoding_document_succed":                    compactHTML,
	"TestNodeManagerEncode/encode_html_with_single_non_text_child": compactHTML,
	"TestNodeManagerEncode/encode_html_with_multiple_children":     compactHTML,
	"TestNodeManagerEncode/encode_nested_component":                compactHTML,
	"TestNodeManagerEncode/encode_nested_raw":                      compactHTML,
	"TestHandlerServePageWithLocalDir":                             "without Handler.Domain the page's head has no og:image (http.go); the test expects upstream's content=\"https:///web/test.png\", which is no address",
}

// upstreamSkips are the tests go-app skips when not in a browser (its
// testSkipNonWasm, or IsServer): they run only under GOOS=js in a browser,
// which this suite does not (see TestUpstreamSuitePassesOnTheFork).
var upstreamSkips = []string{
	"TestBrowserPage",
	"TestClientLog",
	"TestJSLocalStorage",
	"TestJSSessionStorage",
	"TestStateManagerCleanupExpiredPersistedStates",
	"TestStateManagerSet/set_state_broadcast_a_value",
}

// upstreamCuts are go-app's subtests taken out of the copy before it is
// compiled, each with why: they call what the fork removed, so their file
// would not compile, and nothing is left for them to test.
var upstreamCuts = []struct{ file, test, subtest, why string }{
	{"pkg/app/node_test.go", "TestNodeManagerEncode", "encode indent with no depth",
		"calls nodeManager.encodeIndent, which the fork removed with the indentation (node.go)"},
	{"pkg/app/node_test.go", "TestNodeManagerEncode", "encode indent with depth",
		"calls nodeManager.encodeIndent, which the fork removed with the indentation (node.go)"},
}

// The fork passes go-app v10.1.11's own test suite, but for the tests of
// the changes it makes on purpose (upstreamFailures), and passes its own
// tests (engine_render_test.go: the engine renders when its queue drains).
// The suite is upstream's pkg/app and pkg/errors tests copied over a copy
// of the fork, with upstream's pkg/logs, which one of them imports and the
// fork leaves out, run natively as upstream's CI runs them. Upstream also
// runs them under GOOS=js in a browser (with wasmbrowsertest), which this
// does not: under Node, which has no DOM, go-app's engine stops at its first
// call to the document. The fork's browser-only code is tested under Node
// (crypto_wasm_test.go, make test) and in Chromium by e2e/.
func TestUpstreamSuitePassesOnTheFork(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles go-app's tests over a copy of the fork (a minute or more after the fork changes); make test runs it")
	}
	upstream := upstreamGoApp(t)
	dir := t.TempDir()
	for _, rel := range forkFiles(t) {
		copyFile(t, filepath.Join("goapp", rel), filepath.Join(dir, rel))
	}
	var upstreamTests []string
	for _, pkg := range []string{"pkg/app", "pkg/errors"} {
		files, err := filepath.Glob(filepath.Join(upstream, pkg, "*_test.go"))
		if err != nil || len(files) == 0 {
			t.Fatalf("upstream's %s has no tests (%v)", pkg, err)
		}
		for _, f := range files {
			rel := pkg + "/" + filepath.Base(f)
			if _, err := os.Stat(filepath.Join(dir, rel)); err == nil {
				t.Fatalf("upstream's %s would overwrite the fork's", rel)
			}
			copyFile(t, f, filepath.Join(dir, rel))
			upstreamTests = append(upstreamTests, nativeTests(t, filepath.Join(dir, pkg), filepath.Base(f))...)
		}
	}
	logs, err := filepath.Glob(filepath.Join(upstream, "pkg/logs", "*.go"))
	if err != nil || len(logs) == 0 {
		t.Fatalf("upstream has no pkg/logs (%v)", err)
	}
	for _, f := range logs {
		if !strings.HasSuffix(f, "_test.go") {
			copyFile(t, f, filepath.Join(dir, "pkg/logs", filepath.Base(f)))
		}
	}
	for _, c := range upstreamCuts {
		cutSubtest(t, filepath.Join(dir, c.file), c.test, c.subtest)
	}
	var forkTests []string
	for _, rel := range forkFiles(t) {
		if strings.HasSuffix(rel, "_test.go") {
			forkTests = append(forkTests, nativeTests(t, filepath.Join(dir, filepath.Dir(rel)), filepath.Base(rel))...)
		}
	}
	if !slices.Contains(forkTests, "TestEngineRendersWhenTheQueueDrains") {
		t.Errorf("the fork's own tests, %v, no longer include its engine's", forkTests)
	}

	// -trimpath: the copy's directory, new each time, is then no part of
	// what Go caches, so only what changed is compiled again. Go vet is
	// left to go-app: its findings in go-app's tests are not the fork's
	// behaviour. The suite
	// runs in well under a second: a test that hangs is stopped after a
	// minute, and named, and the whole is stopped before this test's own
	// deadline, so that what it found is reported.
	ctx := context.Background()
	if d, ok := t.Deadline(); ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadline(ctx, d.Add(-15*time.Second))
		defer cancel()
	}
	cmd := exec.CommandContext(ctx, "go", "test", "-trimpath", "-vet=off", "-timeout", "1m", "-json", "./pkg/app", "./pkg/errors")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOOS=", "GOARCH=", "GOFLAGS=")
	out, runErr := cmd.Output()
	results, packages, output := testResults(t, out)

	// A test that started and never ended hung or panicked: the suite
	// stopped there, and what it printed last says why.
	for name, r := range results {
		if r == "run" && !hasSubtestIn(results, name, "run") {
			t.Errorf("%s started and did not end: the suite stopped there\n%s%s", name, output[name], lastLines(output[packageOf(t, out, name)], 30))
		}
	}
	failed := map[string]bool{}
	for name, r := range results {
		if r == "fail" {
			failed[name] = true
		}
	}
	for name, why := range upstreamFailures {
		switch results[name] {
		case "fail":
		case "pass":
			t.Errorf("%s passes now: take it out of upstreamFailures (it failed because %s)", name, why)
		default:
			t.Errorf("%s, an expected failure, did not run (%q)", name, results[name])
		}
	}
	for name := range failed {
		if _, ok := upstreamFailures[name]; ok || slices.Contains(forkTests, name) || hasSubtestIn(results, name, "fail") {
			continue
		}
		t.Errorf("upstream's %s fails on the fork:\n%s", name, output[name])
	}
	for _, name := range forkTests {
		if results[name] != "pass" {
			t.Errorf("the fork's own %s: %q\n%s", name, results[name], output[name])
		}
	}
	// A package fails when one of its tests does; one that fails with
	// none (it did not build) is a failure of its own.
	for pkg, r := range packages {
		if r == "fail" && len(failed) == 0 {
			t.Errorf("%s failed:\n%s", pkg, output[pkg])
		}
	}
	if len(packages) != 2 {
		t.Errorf("go test in the copy reported %v, want pkg/app and pkg/errors\n%s", packages, exitStderr(runErr))
	}
	var skipped, notRun []string
	for name, r := range results {
		if r == "skip" {
			skipped = append(skipped, name)
		}
	}
	slices.Sort(skipped)
	if !slices.Equal(skipped, upstreamSkips) {
		t.Errorf("skipped %v, want upstream's browser-only tests %v", skipped, upstreamSkips)
	}
	for _, name := range upstreamTests {
		if results[name] == "" {
			notRun = append(notRun, name)
		}
	}
	if len(notRun) > 0 {
		t.Errorf("%d of upstream's %d tests did not run: %v", len(notRun), len(upstreamTests), notRun[:min(len(notRun), 5)])
	}
	if t.Failed() && runErr != nil {
		t.Logf("go test in the copy: %v\n%s", runErr, exitStderr(runErr))
	}
	expected := 0
	for name := range upstreamFailures {
		if results[name] == "fail" {
			expected++
		}
	}
	t.Logf("upstream's suite on the fork: %d tests and subtests passed, %d of %d expected failures failed, %d skipped outside a browser",
		count(results, "pass"), expected, len(upstreamFailures), len(skipped))
}

// copyFile copies src to dst, making dst's directory.
func copyFile(t *testing.T, src, dst string) {
	t.Helper()
	b, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dst, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// nativeTests returns the top-level tests of a test file in dir, or none if
// the file is not built natively (a _wasm or //go:build wasm file).
func nativeTests(t *testing.T, dir, name string) []string {
	t.Helper()
	if ok, err := build.Default.MatchFile(dir, name); err != nil {
		t.Fatal(err)
	} else if !ok {
		return nil
	}
	f, err := parser.ParseFile(token.NewFileSet(), filepath.Join(dir, name), nil, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	var tests []string
	for _, d := range f.Decls {
		if fn, ok := d.(*ast.FuncDecl); ok && fn.Recv == nil && strings.HasPrefix(fn.Name.Name, "Test") {
			tests = append(tests, fn.Name.Name)
		}
	}
	return tests
}

// cutSubtest removes from the file the statement t.Run(subtest, …) in
// the body of the function test.
func cutSubtest(t *testing.T, path, test, subtest string) {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, src, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range f.Decls {
		fn, ok := d.(*ast.FuncDecl)
		if !ok || fn.Name.Name != test || fn.Body == nil {
			continue
		}
		for _, stmt := range fn.Body.List {
			call, ok := stmt.(*ast.ExprStmt)
			if !ok {
				continue
			}
			c, ok := call.X.(*ast.CallExpr)
			if !ok || len(c.Args) == 0 {
				continue
			}
			sel, ok := c.Fun.(*ast.SelectorExpr)
			lit, isLit := c.Args[0].(*ast.BasicLit)
			if !ok || sel.Sel.Name != "Run" || !isLit {
				continue
			}
			if name, _ := strconv.Unquote(lit.Value); name == subtest {
				start, end := fset.Position(stmt.Pos()).Offset, fset.Position(stmt.End()).Offset
				out := append(append([]byte{}, src[:start]...), src[end:]...)
				if err := os.WriteFile(path, out, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
		}
	}
	t.Fatalf("%s has no subtest %q in %s to cut", filepath.Base(path), subtest, test)
}

// testResults reads go test -json's events: each test's result (pass,
// fail or skip, or run for one that never ended), each package's, and
// what each printed.
func testResults(t *testing.T, out []byte) (tests, packages, output map[string]string) {
	t.Helper()
	tests, packages, output = map[string]string{}, map[string]string{}, map[string]string{}
	var text = map[string]*strings.Builder{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		var e struct{ Action, Package, Test, Output string }
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			t.Fatalf("go test -json wrote %q: %v", sc.Text(), err)
		}
		name := e.Test
		if name == "" {
			name = e.Package
		}
		if text[name] == nil {
			text[name] = &strings.Builder{}
		}
		switch e.Action {
		case "output", "build-output":
			text[name].WriteString(e.Output)
		case "run":
			tests[name] = "run"
		case "pass", "fail", "skip":
			if e.Test == "" {
				packages[name] = e.Action
			} else {
				tests[name] = e.Action
			}
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	for name, b := range text {
		output[name] = b.String()
	}
	return tests, packages, output
}

// hasSubtestIn says whether a subtest of name has the result r: a test
// fails when one of its subtests does, and has not ended while one runs.
func hasSubtestIn(results map[string]string, name, r string) bool {
	for sub, res := range results {
		if res == r && strings.HasPrefix(sub, name+"/") {
			return true
		}
	}
	return false
}

// packageOf is the package whose test name is, from go test -json's
// events.
func packageOf(t *testing.T, out []byte, name string) string {
	t.Helper()
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		var e struct{ Package, Test string }
		if json.Unmarshal(sc.Bytes(), &e) == nil && e.Test == name {
			return e.Package
		}
	}
	return ""
}

// lastLines is the last n lines of s.
func lastLines(s string, n int) string {
	lines := strings.SplitAfter(s, "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "")
}

func count(results map[string]string, r string) int {
	n := 0
	for _, v := range results {
		if v == r {
			n++
		}
	}
	return n
}

func exitStderr(err error) string {
	if e, ok := err.(*exec.ExitError); ok {
		return string(e.Stderr)
	}
	return ""
}
