//go:build !wasm

package main

import (
	"crypto/sha256"
	"encoding/base64"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"dlock/web/server"
	"dlock/web/state"
	"dlock/web/ui"
	"dlock/web/words"
)

var routesOnce sync.Once

// routes registers the page, as main does.
func routes() { ui.Routes(state.NewRuns()) }

func TestListenAddrPrefersFlagThenPORT(t *testing.T) {
	cases := []struct{ flag, port, want string }{
		{"", "", "localhost:8000"},
		{"", "9000", "localhost:9000"},
		{":7000", "9000", ":7000"},
		{"127.0.0.1:0", "", "127.0.0.1:0"},
	}
	for _, c := range cases {
		if got := listenAddr(c.flag, c.port); got != c.want {
			t.Errorf("listenAddr(%q, %q) = %q, want %q", c.flag, c.port, got, c.want)
		}
	}
}

func TestSiteURLNamesLoopbackAsLocalhost(t *testing.T) {
	cases := map[string]string{
		"127.0.0.1:8000": "http://localhost:8000/",
		"[::1]:8000":     "http://localhost:8000/",
		"[::]:8000":      "http://localhost:8000/",
		"10.1.2.3:80":    "http://10.1.2.3:80/",
	}
	for addr, want := range cases {
		tcp, err := net.ResolveTCPAddr("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		if got := siteURL(tcp); got != want {
			t.Errorf("siteURL(%s) = %s, want %s", addr, got, want)
		}
	}
}

// writeStatic makes a static directory with the real loader and worker
// templates and the given files under web/.
func writeStatic(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for _, name := range []string{"loader/stepper.js", "loader/steps.js", "loader/boot.js", "loader/pictures.js", "loader/lms.js", "loader/head.js", "app-worker.js", "embed.js", "embed-example.html"} {
		b, err := os.ReadFile(filepath.Join("static", name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// Every build has its picture encoder beside app.wasm.
	if _, ok := files["picture.wasm"]; !ok && files["app.wasm"] != "" {
		files["picture.wasm"] = "\x00asm picture"
	}
	for name, body := range files {
		p := filepath.Join(dir, "web", name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestBuildVersionFollowsTheFilesBrowsersDownload(t *testing.T) {
	a := writeStatic(t, map[string]string{"app.wasm": "one", "wasm_exec.js": "js", "dlock.css": ":root{--accent:#123;--bg:#fff}"})
	b := writeStatic(t, map[string]string{"app.wasm": "one", "wasm_exec.js": "js", "dlock.css": ":root{--accent:#123;--bg:#fff}"})
	c := writeStatic(t, map[string]string{"app.wasm": "two", "wasm_exec.js": "js", "dlock.css": ":root{--accent:#123;--bg:#fff}"})
	d := writeStatic(t, map[string]string{"app.wasm": "one", "wasm_exec.js": "js", "dlock.css": ":root{--accent:#124;--bg:#fff}"})
	va, err := server.BuildVersion(a)
	if err != nil {
		t.Fatal(err)
	}
	vb, _ := server.BuildVersion(b)
	vc, _ := server.BuildVersion(c)
	vd, _ := server.BuildVersion(d)
	if va != vb || va == vc || va == vd || len(va) != 16 {
		t.Errorf("versions: same files %s %s, new wasm %s, new css %s", va, vb, vc, vd)
	}
	e := writeStatic(t, map[string]string{"app.wasm": "one", "picture.wasm": "another encoder", "wasm_exec.js": "js", "dlock.css": ":root{--accent:#123;--bg:#fff}"})
	if ve, _ := server.BuildVersion(e); ve == va {
		t.Error("a new picture encoder keeps the version")
	}
}

func TestBuildVersionNamesTheMissingBuild(t *testing.T) {
	static := writeStatic(t, map[string]string{"app.wasm": "w", "wasm_exec.js": "js"})
	os.Remove(filepath.Join(static, "web", "picture.wasm"))
	if _, err := server.BuildVersion(static); err == nil || !strings.Contains(err.Error(), "picture.wasm is missing") {
		t.Errorf("without the picture encoder: err = %v", err)
	}
	_, err := server.BuildVersion(writeStatic(t, map[string]string{"wasm_exec.js": "js"}))
	if err == nil || !strings.Contains(err.Error(), "app.wasm is missing") {
		t.Fatalf("err = %v", err)
	}
}

func TestWritePagesRefusesANonEmptyDirectory(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "keep.txt"), []byte("x"), 0o644)
	err := writePages(dir, "dlock", writeStatic(t, map[string]string{"app.wasm": "w", "wasm_exec.js": "js"}), "")
	if err == nil || !strings.Contains(err.Error(), "not empty") {
		t.Fatalf("err = %v", err)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "keep.txt")); string(b) != "x" {
		t.Fatal("writePages touched the directory")
	}
}

// testServer is the local server over a static directory with a fake
// app.wasm.
func testServer(t *testing.T) (http.Handler, string) {
	t.Helper()
	static := writeStatic(t, map[string]string{
		"app.wasm": "\x00asm\x01\x00\x00\x00 fake", "wasm_exec.js": "// wasm_exec", "dlock.css": ":root{--accent:#123;--bg:#fff}",
	})
	h, err := newServer(static, "")
	if err != nil {
		t.Fatal(err)
	}
	return h, static
}

func do(h http.Handler, method, target string) *httptest.ResponseRecorder {
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(method, target, nil))
	return rec
}

func TestServerSecurityHeaders(t *testing.T) {
	routesOnce.Do(routes)
	h, _ := testServer(t)
	// The page's one inline script, as the browser hashes it.
	inline := regexp.MustCompile(`(?s)<script>(.*?)</script>`).FindAllStringSubmatch(do(h, "GET", "/").Body.String(), -1)
	if len(inline) != 1 || !strings.Contains(inline[0][1], "dataset.theme") {
		t.Fatalf("the page has %d inline scripts, want 1, the head's", len(inline))
	}
	sum := sha256.Sum256([]byte(inline[0][1]))
	headHash := "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
	for _, path := range []string{"/", "/?step=7&fencing=off", "/app.js", "/app-worker.js", "/wasm_exec.js", "/web/app.wasm", "/web/dlock.css", "/manifest.webmanifest"} {
		rec := do(h, "GET", path)
		if rec.Code != 200 {
			t.Errorf("GET %s = %d", path, rec.Code)
			continue
		}
		hd := rec.Header()
		csp := hd.Get("Content-Security-Policy")
		// Scripts: the site's own files, the head's one inline script by
		// its hash (static/loader/head.js, nothing else inline) and wasm.
		if !strings.Contains(csp, "script-src 'self' "+headHash+" 'wasm-unsafe-eval'") || strings.Contains(csp, "unsafe-inline") ||
			strings.Contains(csp, "frame-ancestors") || !strings.Contains(csp, "default-src 'self'") {
			t.Errorf("GET %s: CSP %q", path, csp)
		}
		if hd.Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("GET %s: no nosniff", path)
		}
		if hd.Get("X-Frame-Options") != "" {
			t.Errorf("GET %s forbids framing", path)
		}
		if cc := hd.Get("Cache-Control"); cc != "no-cache" {
			t.Errorf("GET %s: Cache-Control %q, want no-cache (revalidate every load)", path, cc)
		}
	}
	if ct := do(h, "GET", "/web/app.wasm").Header().Get("Content-Type"); ct != "application/wasm" {
		t.Errorf("app.wasm served as %q", ct)
	}
	if ct := do(h, "GET", "/app-worker.js").Header().Get("Content-Type"); !strings.Contains(ct, "javascript") {
		t.Errorf("app-worker.js served as %q", ct)
	}
}

func TestServerRefusesPathTraversal(t *testing.T) {
	routesOnce.Do(routes)
	h, _ := testServer(t)
	for _, target := range []string{
		"/web/../serve.go", "/web/%2e%2e/serve.go", "/web/%2E%2E/serve.go", "/web/..%2fserve.go",
		"/web/%2e%2e%2fserve.go", "/web/.%2e/serve.go", "/web/..%5cserve.go", "/web/..\\serve.go",
		"/../go.mod", "/web/..", "/web/%00/app.wasm",
	} {
		rec := do(h, "GET", target)
		if rec.Code != 404 || strings.Contains(rec.Body.String(), "package main") {
			t.Errorf("GET %s = %d, want 404", target, rec.Code)
		}
	}
	if rec := do(h, "GET", "/web/"); rec.Code != 404 {
		t.Errorf("GET /web/ = %d, want 404 (no listing)", rec.Code)
	}
}

func TestServerAnswersHEADAndRefusesOtherMethods(t *testing.T) {
	routesOnce.Do(routes)
	h, _ := testServer(t)
	for _, path := range []string{"/", "/web/app.wasm", "/app.js", "/wasm_exec.js", "/app-worker.js"} {
		get, head := do(h, "GET", path), do(h, "HEAD", path)
		if head.Code != 200 || head.Body.Len() != 0 {
			t.Errorf("HEAD %s = %d with %d body bytes", path, head.Code, head.Body.Len())
		}
		if head.Header().Get("Content-Length") != strconv.Itoa(get.Body.Len()) {
			t.Errorf("HEAD %s Content-Length %q, GET body %d", path, head.Header().Get("Content-Length"), get.Body.Len())
		}
	}
	for _, m := range []string{"POST", "PUT", "DELETE"} {
		if rec := do(h, m, "/"); rec.Code != 405 || rec.Header().Get("Allow") != "GET, HEAD" {
			t.Errorf("%s / = %d, Allow %q", m, rec.Code, rec.Header().Get("Allow"))
		}
	}
}

func TestServerServesDlocksLoader(t *testing.T) {
	routesOnce.Do(routes)
	h, static := testServer(t)
	body := do(h, "GET", "/app.js").Body.String()
	version, _ := server.BuildVersion(static)
	for _, want := range []string{`"GOAPP_VERSION":"` + version + `"`, `"url":"/web/app.wasm"`, `"size":13`, `"/app-worker.js"`, words.T(state.English, "loader.sandbox")} {
		if !strings.Contains(body, want) {
			t.Errorf("app.js lacks %s", want)
		}
	}
	if strings.Contains(body, "{{.") {
		t.Error("app.js has an unfilled placeholder")
	}
	// The worker and the loader name one cache, this version's.
	worker := do(h, "GET", "/app-worker.js").Body.String()
	cache := `"dlock-` + version + `"`
	if !strings.Contains(worker, "const cacheName = "+cache+";") || strings.Contains(worker, "{{.") {
		t.Errorf("app-worker.js is not dlock's worker for this version")
	}
	if !strings.Contains(body, "const dlockCache = "+cache+";") {
		t.Error("the loader does not name the worker's cache")
	}
	// The browser's chrome takes its colours from dlock.css.
	// go-app writes a tag's attributes in no fixed order: look inside it.
	page := do(h, "GET", "/").Body.String()
	if meta := regexp.MustCompile(`<meta[^>]*name="theme-color"[^>]*>`).FindString(page); !strings.Contains(meta, `content="#123"`) {
		t.Errorf("the page's theme colour is not dlock.css's --accent: %q", meta)
	}
}

func TestPrerenderedARIAStatesHaveValues(t *testing.T) {
	routesOnce.Do(routes)
	h, _ := testServer(t)
	page := do(h, "GET", "/?step=7").Body.String()
	if m := regexp.MustCompile(`\saria-[a-z]+[\s/>]`).FindString(page); m != "" {
		t.Errorf("a bare ARIA attribute is left: %q", m)
	}
	if !strings.Contains(page, `aria-checked="true"`) || !strings.Contains(page, `aria-disabled="true"`) {
		t.Error("the switch's and the disabled buttons' states are not written out")
	}
}

// The server's page names the frames of the run its address opens, for
// their download to start with the page's; the static site's one page,
// drawn once for every address, names none, since a preload of the run
// it is drawn for would be wasted on every other address: its head's
// script asks for them only where the address has no query, and so is
// that run's (e2e's TestAVisitFetchesOnlyTheFramesItShows).
func TestOnlyTheServedPagePreloadsItsRunsFrames(t *testing.T) {
	// The page as main registers it, which writePages registers again
	// for the static site (here and in an earlier test).
	routes()
	t.Cleanup(routes)
	framesPreloaded := func(page string) (hrefs []string) {
		for _, link := range regexp.MustCompile(`<link [^>]*>`).FindAllString(page, -1) {
			if href := regexp.MustCompile(`href="([^"]*/web/frames/[^"]*)"`).FindStringSubmatch(link); href != nil && strings.Contains(link, `rel="preload"`) {
				hrefs = append(hrefs, href[1])
			}
		}
		return hrefs
	}
	h, static := testServer(t)
	if got := framesPreloaded(do(h, "GET", "/?scenario=heartbeat&strategy=lease").Body.String()); !slices.Equal(got, []string{"/web/frames/ja/demo/heartbeat.lease.html"}) {
		t.Errorf("the served page preloads the frames %q, want its run's", got)
	}
	dir := t.TempDir()
	if err := writePages(dir, "dlock", static, ""); err != nil {
		t.Fatal(err)
	}
	index, err := os.ReadFile(filepath.Join(dir, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	if got := framesPreloaded(string(index)); got != nil {
		t.Errorf("the static site's page preloads the frames %q", got)
	}
	if want := `"/dlock/web/frames/ja/demo/gc-pause.lease-fencing.html"`; !strings.Contains(string(index), want) {
		t.Errorf("the static site's head script does not name the frames of the view its page is drawn for, %s", want)
	}
}

func TestWritePagesForAPrefix(t *testing.T) {
	routesOnce.Do(routes)
	static := writeStatic(t, map[string]string{"app.wasm": "\x00asm", "wasm_exec.js": "// toolchain", "dlock.css": ":root{--accent:#123;--bg:#fff}"})
	dir := t.TempDir()
	if err := writePages(dir, "dlock", static, ""); err != nil {
		t.Fatal(err)
	}
	read := func(name string) string {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	if js := read("app.js"); !strings.Contains(js, `"url":"/dlock/web/app.wasm"`) || !strings.Contains(js, `"GOAPP_ROOT_PREFIX":"/dlock"`) {
		t.Error("dist/app.js does not point under /dlock")
	}
	// Only the SCORM package's page reports to a learning management
	// system (make scorm): this one looks for none.
	if js := read("app.js"); !strings.Contains(js, "const dlockLessons = null;") {
		t.Error("dist/app.js names the course's lessons to report to an LMS")
	}
	index := read("index.html")
	for _, want := range []string{`http-equiv="Content-Security-Policy"`, `src="/dlock/app.js"`} {
		if !strings.Contains(index, want) {
			t.Errorf("index.html lacks %s", want)
		}
	}
	meta := regexp.MustCompile(`<meta http-equiv="Content-Security-Policy" content="([^"]*)">`).FindStringSubmatch(index)
	if meta == nil {
		t.Fatal("index.html has no policy")
	}
	checkInlineStyle(t, "index.html", index, meta[1], ":root{--accent:#123;--bg:#fff}")
	if read("web/dlock.css") != ":root{--accent:#123;--bg:#fff}" {
		t.Error("web/dlock.css is not copied as it is")
	}
	if regexp.MustCompile(`\saria-[a-z]+[\s/>]`).MatchString(index) {
		t.Error("index.html has a bare ARIA attribute")
	}
	if read("wasm_exec.js") != "// toolchain" || read(".nojekyll") != "" || !strings.Contains(read("embed-example.html"), `src="./embed.js"`) {
		t.Error("wasm_exec.js, .nojekyll or the embedding example is wrong")
	}
	if embed, _ := os.ReadFile(filepath.Join("static", "embed.js")); read("embed.js") != string(embed) {
		t.Error("embed.js is not copied as it is")
	}
	// The chapter's run as pictures, at stable addresses, in both
	// languages, drawn with the site's style sheet.
	pictures, err := server.ChapterPictures(static)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"gc-pause.en.svg", "gc-pause.ja.svg"} {
		if got := read("pictures/" + name); got != string(pictures[name]) || !strings.Contains(got, "--accent:#123") {
			t.Errorf("pictures/%s is not the chapter's run drawn with the site's style sheet", name)
		}
	}
	if w := read("app-worker.js"); !strings.Contains(w, `"/dlock/app.js"`) {
		t.Error("the worker does not precache the prefixed files")
	}
	// Its public address unknown, the page names none: no og:url, no
	// og:image, nothing that is "https://" and a path.
	for _, bad := range []string{"og:url", "og:image", "twitter:image", `"https://"`, "https:///"} {
		if strings.Contains(index, bad) {
			t.Errorf("index.html, written without its address, has %s", bad)
		}
	}
}

// Given the site's public address, the page names it as og:url, and the
// large icon, which the site serves under it, as og:image; the address
// must be where the prefix is.
func TestWritePagesNamesItsPublicAddress(t *testing.T) {
	routesOnce.Do(routes)
	static := writeStatic(t, map[string]string{"app.wasm": "\x00asm", "wasm_exec.js": "// toolchain", "dlock.css": ":root{--accent:#123;--bg:#fff}", "icon-512.png": "png"})
	for _, c := range []struct{ prefix, url, want string }{
		{"dlock", "https://owner.github.io/dlock", "https://owner.github.io/dlock/"},
		{"", "http://demo.example:8080/", "http://demo.example:8080/"},
	} {
		dir := t.TempDir()
		if err := writePages(dir, c.prefix, static, c.url); err != nil {
			t.Fatalf("%s: %v", c.url, err)
		}
		index, err := os.ReadFile(filepath.Join(dir, "index.html"))
		if err != nil {
			t.Fatal(err)
		}
		og := map[string]string{}
		for _, m := range regexp.MustCompile(`<meta property="(og:[a-z]+)" content="([^"]*)">`).FindAllStringSubmatch(string(index), -1) {
			if _, twice := og[m[1]]; twice {
				t.Errorf("%s: %s twice", c.url, m[1])
			}
			og[m[1]] = m[2]
		}
		if og["og:url"] != c.want || og["og:image"] != c.want+"web/icon-512.png" {
			t.Errorf("%s: og:url %q, og:image %q", c.url, og["og:url"], og["og:image"])
		}
		// The image is a file of the site, where the address says.
		if _, err := os.Stat(filepath.Join(dir, filepath.FromSlash(strings.TrimPrefix(og["og:image"], c.want)))); err != nil {
			t.Errorf("%s: og:image names no file of the site: %v", c.url, err)
		}
		if strings.Contains(string(index), "https:///") {
			t.Errorf("%s: index.html has https:///", c.url)
		}
	}
	for _, c := range []struct{ prefix, url, says string }{
		{"dlock", "https://owner.github.io/", "PREFIX="},
		{"", "https://owner.github.io/dlock/", "PREFIX=dlock"},
		{"dlock", "owner.github.io/dlock/", "http(s)://"},
		{"dlock", "https:///dlock/", "http(s)://"},
		{"dlock", "ftp://owner.github.io/dlock/", "http(s)://"},
		{"dlock", "https://owner.github.io/dlock/?x=1", "without a query"},
	} {
		err := writePages(t.TempDir(), c.prefix, static, c.url)
		if err == nil || !strings.Contains(err.Error(), c.says) {
			t.Errorf("prefix %q, %s: err = %v, want it to say %s", c.prefix, c.url, err, c.says)
		}
	}
}

// The local server names no address it does not know: the one it listens
// on may not be the one it is reached at. Told its address, it names it.
func TestServerNamesOnlyTheAddressItIsTold(t *testing.T) {
	routesOnce.Do(routes)
	h, static := testServer(t)
	page := do(h, http.MethodGet, "/?lang=en").Body.String()
	for _, bad := range []string{"og:url", "og:image", `"https://"`, "https:///"} {
		if strings.Contains(page, bad) {
			t.Errorf("the page has %s", bad)
		}
	}
	told, err := newServer(static, "https://dlock.example/")
	if err != nil {
		t.Fatal(err)
	}
	page = do(told, http.MethodGet, "/").Body.String()
	for _, want := range []string{`<meta property="og:url" content="https://dlock.example/">`, `<meta property="og:image" content="https://dlock.example/web/icon-512.png">`} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %s", want)
		}
	}
}

// workflowRuns returns the shell commands of a GitHub Actions workflow's
// "run:" steps, one string per step (a block keeps its lines).
func workflowRuns(t *testing.T, path string) (runs []string, uses []string) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(b), "\n")
	for i := 0; i < len(lines); i++ {
		trimmed := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(lines[i]), "- "))
		if strings.HasPrefix(trimmed, "uses:") {
			uses = append(uses, strings.TrimSpace(strings.TrimPrefix(trimmed, "uses:")))
		}
		if !strings.HasPrefix(trimmed, "run:") {
			continue
		}
		value := strings.TrimSpace(strings.TrimPrefix(trimmed, "run:"))
		if value != "|" {
			runs = append(runs, value)
			continue
		}
		indent := len(lines[i]) - len(strings.TrimLeft(lines[i], " "))
		var block []string
		for i+1 < len(lines) {
			next := lines[i+1]
			if strings.TrimSpace(next) != "" && len(next)-len(strings.TrimLeft(next, " ")) <= indent {
				break
			}
			block = append(block, strings.TrimSpace(next))
			i++
		}
		runs = append(runs, strings.TrimSpace(strings.Join(block, "\n")))
	}
	return runs, uses
}

// workflowJobs splits a workflow into its jobs: name → the job's lines.
func workflowJobs(t *testing.T, path string) map[string]string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	jobs := map[string]string{}
	in, name := false, ""
	for _, line := range strings.Split(string(b), "\n") {
		switch {
		case line == "jobs:":
			in = true
		case in && strings.HasPrefix(line, "  ") && !strings.HasPrefix(line, "   ") && strings.HasSuffix(line, ":"):
			name = strings.TrimSuffix(strings.TrimSpace(line), ":")
		case in && name != "":
			jobs[name] += line + "\n"
		}
	}
	return jobs
}

func TestPagesWorkflowRunsTheMakefile(t *testing.T) {
	runs, uses := workflowRuns(t, filepath.Join(".github", "workflows", "pages.yml"))
	makefile, err := os.ReadFile("Makefile")
	if err != nil {
		t.Fatal(err)
	}
	target := regexp.MustCompile(`(?m)^([a-z]+):`)
	targets := map[string]bool{}
	for _, m := range target.FindAllStringSubmatch(string(makefile), -1) {
		targets[m[1]] = true
	}
	makeCall := regexp.MustCompile(`\bmake ([a-z]+)\b`)
	calls := 0
	for _, run := range runs {
		for _, line := range strings.Split(run, "\n") {
			for _, m := range makeCall.FindAllStringSubmatch(line, -1) {
				calls++
				if !targets[m[1]] {
					t.Errorf("the workflow runs make %s, which the Makefile does not have", m[1])
				}
				if m[1] != "pages" {
					t.Errorf("the workflow builds with make %s, not make pages", m[1])
				}
			}
			if strings.Contains(line, "go build") || strings.Contains(line, "go run") {
				t.Errorf("the workflow builds by itself instead of through the Makefile: %s", line)
			}
		}
	}
	if calls == 0 {
		t.Fatal("the workflow never runs make pages")
	}
	want := map[string]bool{"actions/upload-pages-artifact": false, "actions/deploy-pages": false, "actions/configure-pages": false}
	for _, u := range uses {
		name := strings.SplitN(u, "@", 2)[0]
		if _, ok := want[name]; ok {
			want[name] = true
		}
	}
	for name, found := range want {
		if !found {
			t.Errorf("the workflow does not use the official %s", name)
		}
	}
	if b, _ := os.ReadFile(filepath.Join(".github", "workflows", "pages.yml")); !strings.Contains(string(b), "path: dist") {
		t.Error("the workflow does not upload dist/, where make pages writes the site")
	}
}

// The site is built only after the tests CI runs have passed, and deployed
// only after it is built.
func TestPagesWorkflowDeploysOnlyWhatPassedTheTests(t *testing.T) {
	jobs := workflowJobs(t, filepath.Join(".github", "workflows", "pages.yml"))
	test, build, deploy := jobs["test"], jobs["build"], jobs["deploy"]
	if !strings.Contains(test, "run: bash .ci/run") {
		t.Errorf("the test job does not run .ci/run:\n%s", test)
	}
	if !strings.Contains(build, "needs: test") || !strings.Contains(build, "make pages") {
		t.Errorf("the build job does not wait for the tests:\n%s", build)
	}
	if !strings.Contains(deploy, "needs: build") {
		t.Errorf("the deploy job does not wait for the build:\n%s", deploy)
	}
	ci, err := os.ReadFile(filepath.Join(".ci", "run"))
	if err != nil || !strings.Contains(string(ci), "make test") {
		t.Errorf(".ci/run does not run make test (%v)", err)
	}
}

// The site is built for the address GitHub Pages gives it, which the
// page names for links shared.
func TestPagesWorkflowGivesTheSiteItsAddress(t *testing.T) {
	build := workflowJobs(t, filepath.Join(".github", "workflows", "pages.yml"))["build"]
	if !regexp.MustCompile(`uses: actions/configure-pages@\S+\n\s+id: pages\n`).MatchString(build) {
		t.Errorf("the build job does not name configure-pages' step pages:\n%s", build)
	}
	if !strings.Contains(build, "SITE_URL: ${{ steps.pages.outputs.base_url }}") {
		t.Errorf("the build job does not take the site's address from configure-pages:\n%s", build)
	}
	runs, _ := workflowRuns(t, filepath.Join(".github", "workflows", "pages.yml"))
	for _, run := range runs {
		for _, line := range strings.Split(run, "\n") {
			if strings.Contains(line, "make pages") && !strings.Contains(line, `URL="$SITE_URL"`) {
				t.Errorf("make pages without the site's address: %s", line)
			}
		}
	}
}

func TestPullRequestsAreTestedNotDeployed(t *testing.T) {
	path := filepath.Join(".github", "workflows", "test.yml")
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	runs, uses := workflowRuns(t, path)
	if !strings.Contains(string(b), "pull_request") || !slices.Contains(runs, "bash .ci/run") {
		t.Errorf("test.yml does not run .ci/run on pull requests: runs %v", runs)
	}
	for _, u := range uses {
		if strings.Contains(u, "pages") {
			t.Errorf("test.yml uses %s: it must not deploy", u)
		}
	}
}

// Every job of every workflow has a timeout of its own: a hung browser or
// server would otherwise hold a runner for GitHub's six hours.
func TestEveryWorkflowJobHasATimeout(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(".github", "workflows", "*.yml"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no workflows found (%v)", err)
	}
	timeout := regexp.MustCompile(`(?m)^    timeout-minutes: [1-9][0-9]*$`)
	for _, f := range files {
		jobs := workflowJobs(t, f)
		if len(jobs) == 0 {
			t.Errorf("%s: no jobs found", f)
		}
		for name, job := range jobs {
			if !timeout.MatchString(job) {
				t.Errorf("%s: the job %s has no timeout-minutes of its own", f, name)
			}
		}
	}
}

// The mutants are applied on a schedule, through the Makefile's target.
func TestMutantsRunOnASchedule(t *testing.T) {
	path := filepath.Join(".github", "workflows", "mutants.yml")
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	runs, _ := workflowRuns(t, path)
	if !regexp.MustCompile(`(?m)^  schedule:\n    - cron: `).Match(b) || !slices.Contains(runs, "make mutants") {
		t.Errorf("mutants.yml does not run make mutants on a schedule: runs %v", runs)
	}
	makefile, err := os.ReadFile("Makefile")
	if err != nil || !regexp.MustCompile(`(?m)^mutants:`).Match(makefile) {
		t.Errorf("the Makefile has no mutants target (%v)", err)
	}
}

// checkInlineStyle checks that a page carries its style sheets in one
// <style> (go-app's, then dlock.css, which is own), links none, and that its
// policy allows exactly that sheet by its hash and nothing inline besides.
func checkInlineStyle(t *testing.T, name, page, policy, own string) {
	t.Helper()
	if strings.Contains(page, `rel="stylesheet"`) {
		t.Errorf("%s still links a style sheet", name)
	}
	if n := strings.Count(page, "<style>"); n != 1 {
		t.Fatalf("%s has %d <style> elements, want 1", name, n)
	}
	css := page[strings.Index(page, "<style>")+len("<style>") : strings.Index(page, "</style>")]
	if !strings.Contains(css, ".goapp-app-info") || !strings.HasSuffix(css, "\n"+own) {
		t.Errorf("%s: the <style> is not go-app's sheet followed by dlock.css: %q", name, css)
	}
	sum := sha256.Sum256([]byte(css))
	hash := "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
	if !strings.Contains(policy, "style-src 'self' "+hash+";") {
		t.Errorf("%s: the policy %q does not allow the page's <style> (%s)", name, policy, hash)
	}
	if strings.Contains(policy, "unsafe-inline") {
		t.Errorf("%s: the policy allows anything inline: %q", name, policy)
	}
}

// The local server writes the style sheets into every page it prerenders,
// and sends a policy that allows exactly them.
func TestServerWritesTheStylesIntoThePage(t *testing.T) {
	routesOnce.Do(routes)
	h, _ := testServer(t)
	for _, path := range []string{"/", "/?view=matrix&lang=en"} {
		rec := do(h, "GET", path)
		checkInlineStyle(t, path, rec.Body.String(), rec.Header().Get("Content-Security-Policy"), ":root{--accent:#123;--bg:#fff}")
	}
}
