//go:build !wasm

package server

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"io"
	"io/fs"
	"maps"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"dlock/core"
	"dlock/core/recording"
	"dlock/web/state"
	"dlock/web/words"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Site is the demo built for one path prefix: the go-app handler, and every
// file the server and the static site serve that is computed rather than
// copied from the static directory, each made once.
type Site struct {
	Static  string // the static directory
	Prefix  string // "" for a site at the root, or "/dlock"
	Version string // a hash of every file browsers download
	// Handler prerenders the page and serves go-app's own files (the
	// worker, the manifest).
	Handler *app.Handler
	Runs    *state.Runs // the runs the frames and the loader's rules read
	// AppJS is the loader (static/loader: the stepper, then the boot), its
	// placeholders filled: what /app.js serves.
	AppJS []byte
	// PagesAppJS is the same for the static site, whose one page is the
	// default view, drawn once for every address: the loader hides it
	// under another view until the app draws that view.
	PagesAppJS []byte
	// CSS is go-app's app.css followed by static/web/dlock.css, as the page
	// carries them, HeadJS the script its head carries (headPart, filled),
	// and Policy the Content-Security-Policy that allows exactly that sheet
	// and that script.
	CSS, HeadJS, Policy string
	// frames are the frames files the loader steps through before the app
	// runs (FramesFiles), and drawn the ones drawn so far (Frames).
	frames map[string]FramesFileOf
	// recordings are the drawings of the lab's recordings (Recording).
	recordings map[string]recordingOf
	// words are the catalogue's files, one a language, by path (Words),
	// and wordsPath each language's.
	words     map[string][]byte
	wordsPath map[state.Lang]string
	mu        sync.Mutex
	drawn     map[string][]byte
}

// loaderParts are the loader's sources, in the order /app.js serves them.
var loaderParts = []string{"stepper.js", "steps.js", "boot.js", "pictures.js", "lms.js"}

// headPart is the script the page's head carries (static/loader/head.js):
// the embed's theme and size, before anything is drawn, and app.wasm's
// download outside an embed.
const headPart = "head.js"

// Build reads the static directory and builds the site for prefix ("" or
// a path like "dlock"). It fails, naming the fix, when app.wasm has not
// been built.
func Build(static, prefix string) (*Site, error) {
	version, err := BuildVersion(static)
	if err != nil {
		return nil, err
	}
	wasm, err := os.Stat(filepath.Join(static, "web", "app.wasm"))
	if err != nil {
		return nil, err
	}
	worker, err := os.ReadFile(filepath.Join(static, "app-worker.js"))
	if err != nil {
		return nil, err
	}
	own, err := os.ReadFile(filepath.Join(static, "web", "dlock.css"))
	if err != nil {
		return nil, err
	}
	s := &Site{Static: static, Version: version, Runs: state.NewRuns()}
	// The matrix's frames carry the lab's marks, as the live matrix shows
	// them once it has fetched the same index.
	if index, err := os.ReadFile(filepath.Join(static, "web", "lab", "index.json")); err == nil {
		var all []recording.Recording
		if err := json.Unmarshal(index, &all); err != nil {
			return nil, fmt.Errorf("static/web/lab/index.json: %w", err)
		}
		s.Runs.SetRecordings(all)
	}
	switch p := strings.Trim(prefix, "/"); p {
	case "":
	case Relative:
		s.Prefix = Relative
	default:
		s.Prefix = "/" + p
	}
	theme, background, err := Colours(string(own))
	if err != nil {
		return nil, fmt.Errorf("static/web/dlock.css: %w", err)
	}
	s.Handler = newHandler(s.Prefix, version, theme, background)
	// The page's words, one file a language; the worker keeps both, so
	// that the other language is there offline too.
	s.words, s.wordsPath = map[string][]byte{}, map[state.Lang]string{}
	for _, l := range state.Langs {
		b := words.Catalogue(l)
		sum := sha256.Sum256(b)
		path := fmt.Sprintf("/web/words/%s-%x.json", l, sum[:6])
		s.words[path], s.wordsPath[l] = b, path
		s.Handler.CacheableResources = append(s.Handler.CacheableResources, path)
	}
	// The worker's cache is named here, once, for the worker and the
	// loader; the rest of the template is go-app's to fill.
	s.Handler.ServiceWorkerTemplate = strings.ReplaceAll(string(worker), "{{.Cache}}", strconv.Quote(s.CacheName()))
	// The head's script. Outside an embed it starts the download of
	// app.wasm with the page, not when the loader runs after it (the
	// loader's fetch picks it up, and it yields to the frames, which the
	// page needs first); an embed waits for its reader (boot.js). On the
	// static site, an address without a query is the default view the
	// page is drawn for, whose frames file it preloads (DrawnFrames); the
	// server's page names each address's own in its head.
	head, err := os.ReadFile(filepath.Join(static, "loader", headPart))
	if err != nil {
		return nil, err
	}
	wasmURL, _ := json.Marshal(s.Prefix + "/web/app.wasm")
	d := state.Defaults()
	drawnFrames, _ := json.Marshal(s.Prefix + state.FramesFile(d.Lang, d.Embed, d.View, d.Scenario, d.Strategy))
	s.HeadJS = strings.NewReplacer("{{.WasmURL}}", string(wasmURL), "{{.DrawnFrames}}", string(drawnFrames)).Replace(string(head))
	if strings.Contains(s.HeadJS, "{{.") || strings.Contains(strings.ToLower(s.HeadJS), "</script") {
		return nil, fmt.Errorf("static/loader/%s has a placeholder dlock does not fill, or </script", headPart)
	}
	s.Handler.RawHeaders = append(s.Handler.RawHeaders, "<script>"+s.HeadJS+"</script>")
	s.frames, s.drawn = FramesFiles(s.Runs), map[string][]byte{}
	if s.recordings, err = recordingDrawings(filepath.Join(static, "web", "lab")); err != nil {
		return nil, err
	}
	if s.AppJS, err = s.loader(wasm.Size(), false); err != nil {
		return nil, err
	}
	if s.PagesAppJS, err = s.loader(wasm.Size(), true); err != nil {
		return nil, err
	}
	if s.CSS, err = s.styles(string(own)); err != nil {
		return nil, err
	}
	// go-app writes the sheet into every page it prerenders (StyleText):
	// the first paint waits for no style sheet.
	s.Handler.StyleText = s.CSS
	s.Policy = ContentSecurityPolicy(s.CSS, s.HeadJS)
	return s, nil
}

// SetPublicURL gives the page the site's public address, where it is
// served from (https://owner.github.io/dlock/): its head then names it as
// og:url, and the site's large icon, served under it, as og:image, so a
// link shared in a chat or a post shows the demo. Without it the head
// names neither, for no other absolute address is known. The address must
// be http or https, with a host, and its path must be the site's prefix.
func (s *Site) SetPublicURL(raw string) error {
	u, err := PublicURL(raw, s.Prefix)
	if err != nil {
		return err
	}
	image := u + strings.TrimPrefix(s.Handler.Icon.Large, "/")
	s.Handler.RawHeaders = append(s.Handler.RawHeaders,
		`<meta property="og:url" content="`+html.EscapeString(u)+`">`,
		`<meta property="og:image" content="`+html.EscapeString(image)+`">`)
	return nil
}

// PublicURL reads a site's public address for a site under prefix ("" or
// "/dlock"): it returns it with a trailing slash, or says what is wrong.
func PublicURL(raw, prefix string) (string, error) {
	u, err := url.Parse(raw)
	if err != nil {
		return "", fmt.Errorf("the site's address %q: %v", raw, err)
	}
	if u.Scheme != "https" && u.Scheme != "http" || u.Host == "" || u.User != nil || u.RawQuery != "" || u.Fragment != "" {
		return "", fmt.Errorf("the site's address %q: want http(s)://host/path/, without a query", raw)
	}
	if !strings.HasSuffix(u.Path, "/") {
		u.Path += "/"
	}
	if u.Path != prefix+"/" {
		return "", fmt.Errorf("the site's address %s is served at %s, but the site is built for the prefix %q (make pages PREFIX=%s)",
			u, u.Path, strings.TrimPrefix(prefix, "/"), strings.Trim(u.Path, "/"))
	}
	u.RawPath = ""
	return u.String(), nil
}

// FramesPaths lists every frames file's path under the prefix, sorted.
func (s *Site) FramesPaths() []string { return slices.Sorted(maps.Keys(s.frames)) }

// Frames returns the frames file at path (under the prefix), drawn on its
// first request (RunFrames), or false if there is none.
func (s *Site) Frames(path string) ([]byte, bool) {
	of, ok := s.frames[path]
	if !ok {
		return nil, false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if b, ok := s.drawn[path]; ok {
		return b, true
	}
	b := []byte(RunFrames(s.Runs, s.Prefix, of.Lang, of.Embed, of.View, of.Scenario, of.Strategy, s.Version))
	s.drawn[path] = b
	return b, true
}

// Words returns the catalogue's file at path (in the site), or false if
// there is none: the words of one language, which the page fetches beside
// app.wasm (static/loader/boot.js). Each is named by its content, so a
// browser never takes an old copy for the new.
func (s *Site) Words(path string) ([]byte, bool) {
	b, ok := s.words[path]
	return b, ok
}

// WordsPaths lists the catalogue's files' paths in the site, sorted.
func (s *Site) WordsPaths() []string { return slices.Sorted(maps.Keys(s.words)) }

// lessons are the ids of the course's lessons that a learner answers: one
// a scenario (the course's last lesson, the matrix, asks nothing). Only a
// site under any path (Relative: the SCORM package) reports them to a
// learning management system; for any other, nil: its page looks for no
// LMS, though a page that frames it offers an API.
func (s *Site) lessons() []string {
	if s.Prefix != Relative {
		return nil
	}
	var ids []string
	for _, sc := range s.Runs.Scenarios() {
		ids = append(ids, sc.ID)
	}
	return ids
}

// worker is the service worker's address, or nil for a site that works
// under any path (Relative), which registers none: a learning management
// system's directory is no place for one.
func (s *Site) worker() any {
	if s.Prefix == Relative {
		return nil
	}
	return s.Prefix + "/app-worker.js"
}

// CacheName names the offline cache of this build, which the service
// worker fills and the loader puts app.wasm in.
func (s *Site) CacheName() string { return "dlock-" + s.Version }

// styles is the page's style sheet: go-app's app.css (which its handler
// serves) followed by dlock.css (own), as the page linked them.
func (s *Site) styles(own string) (string, error) {
	var goapp Captured
	s.Handler.ServeHTTP(&goapp, &http.Request{Method: http.MethodGet, URL: mustURL("/app.css"), Header: http.Header{}})
	if goapp.Code != http.StatusOK {
		return "", fmt.Errorf("go-app's app.css: HTTP %d", goapp.Code)
	}
	css := goapp.Body.String() + "\n" + own
	if strings.Contains(strings.ToLower(css), "</style") {
		return "", errors.New("a style sheet may not contain </style")
	}
	return css, nil
}

// loader fills the loader's sources for this build: go-app's environment,
// where app.wasm is and how large it is uncompressed, the service worker,
// the frames files, the rules the stepper reads addresses and keys by, and
// the loader's words from the catalogue.
func (s *Site) loader(wasmSize int64, static bool) ([]byte, error) {
	var tmpl bytes.Buffer
	for _, part := range loaderParts {
		b, err := os.ReadFile(filepath.Join(s.Static, "loader", part))
		if err != nil {
			return nil, err
		}
		tmpl.Write(b)
	}
	root := s.Prefix
	if root == "" {
		root = "/"
	}
	said := map[state.Lang]map[string]string{}
	for _, l := range state.Langs {
		said[l] = map[string]string{}
		for _, k := range []string{"loading", "failed", "sandbox", "waiting"} {
			said[l][k] = words.T(l, "loader."+k)
		}
	}
	// The book's run, fenced or not, which the page keeps for offline use
	// once its service worker is on, in its own language, embedded or not
	// (boot.js); any other run is kept once it has been opened.
	offline := map[string][]string{}
	for _, l := range state.Langs {
		for _, embed := range []bool{false, true} {
			key := string(l) + "/" + strconv.FormatBool(embed)
			for _, fenced := range []bool{true, false} {
				offline[key] = append(offline[key], s.Prefix+state.FramesFile(l, embed, state.ViewDemo, core.GCPauseID, state.BookRow(fenced)))
			}
		}
	}
	frames := map[string]any{"origin": FrameOrigin, "prefix": s.Prefix, "static": static, "offline": offline}
	values := map[string]any{
		"Frames": frames,
		"Env": map[string]string{
			"GOAPP_VERSION":              s.Version,
			"GOAPP_STATIC_RESOURCES_URL": s.Prefix + "/web",
			"GOAPP_ROOT_PREFIX":          root,
			"GOAPP_INTERNAL_URLS":        "null",
		},
		"Wasm":   map[string]any{"url": s.Prefix + "/web/app.wasm", "size": wasmSize},
		"Worker": s.worker(),
		"Words":  said,
		"Rules":  NewLoaderRules(s.Runs),
		"Cache":  s.CacheName(),
		// The course's lessons, by scenario (ui's courseLessons), whose
		// progress the SCORM package's page reports inside a learning
		// management system; null in any other site.
		"Lessons": s.lessons(),
		"Catalogue": map[state.Lang]string{
			state.Japanese: s.Prefix + s.wordsPath[state.Japanese],
			state.English:  s.Prefix + s.wordsPath[state.English],
		},
	}
	out := tmpl.String()
	for name, v := range values {
		j, err := json.Marshal(v)
		if err != nil {
			return nil, err
		}
		out = strings.ReplaceAll(out, "{{."+name+"}}", string(j))
	}
	if strings.Contains(out, "{{.") {
		return nil, fmt.Errorf("static/loader has a placeholder dlock does not fill")
	}
	return []byte(out), nil
}

// ContentSecurityPolicy allows what the page needs and nothing more: its
// own scripts, styles, images and fetches, the one style sheet and the one
// script written into the page (by their hashes), and compiling
// WebAssembly. It does not restrict framing: being embedded is the point.
func ContentSecurityPolicy(css, script string) string {
	hash := func(s string) string {
		sum := sha256.Sum256([]byte(s))
		return "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
	}
	return "default-src 'self'; script-src 'self' " + hash(script) + " 'wasm-unsafe-eval'; " +
		"style-src 'self' " + hash(css) + "; img-src 'self' data:; connect-src 'self'; worker-src 'self'; " +
		"manifest-src 'self'; object-src 'none'; base-uri 'self'; form-action 'none'"
}

// EmbedExamplePolicy is the Content-Security-Policy of the embedding
// example, a host page's own: embed.js from this site and no inline
// script, the iframe's inline style, and the demo in a frame of this site.
// It refuses a page with an inline script: a host that needed one would
// not work in VitePress or MDX.
func EmbedExamplePolicy(page []byte) (string, error) {
	if bytes.Contains(page, []byte("<script>")) || !bytes.Contains(page, []byte(`src="./embed.js"`)) {
		return "", errors.New("embed-example.html: want embed.js, and no inline <script>")
	}
	return "default-src 'self'; script-src 'self'; style-src 'unsafe-inline'; frame-src 'self'; " +
		"object-src 'none'; base-uri 'self'; form-action 'none'", nil
}

// BuildVersion hashes every file browsers download, the assets under
// static/web (app.wasm, the picture encoder picture.wasm and its scripts,
// wasm_exec.js, styles, icons), the loader's sources,
// the service worker's template and embed.js, and the page's words (the
// catalogue the server serves): the version changes exactly when one of
// them does. It fails, naming the fix, when the wasm build is missing.
func BuildVersion(static string) (string, error) {
	dir := filepath.Join(static, "web")
	for _, need := range []string{"app.wasm", "picture.wasm", "wasm_exec.js"} {
		if _, err := os.Stat(filepath.Join(dir, need)); err != nil {
			return "", fmt.Errorf("%s is missing: run `make run` (or `make build`) to build it", filepath.Join(dir, need))
		}
	}
	names := []string{filepath.Join(static, "app-worker.js"), filepath.Join(static, "embed.js")}
	for _, part := range append(slices.Clone(loaderParts), headPart) {
		names = append(names, filepath.Join(static, "loader", part))
	}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			names = append(names, path)
		}
		return err
	})
	if err != nil {
		return "", err
	}
	sort.Strings(names)
	sum := sha256.New()
	for _, name := range names {
		f, err := os.Open(name)
		if err != nil {
			return "", err
		}
		fmt.Fprintf(sum, "%s\x00", filepath.ToSlash(strings.TrimPrefix(name, static)))
		_, err = io.Copy(sum, f)
		f.Close()
		if err != nil {
			return "", err
		}
	}
	// The page's words, which the server serves from its catalogue.
	for _, l := range state.Langs {
		fmt.Fprintf(sum, "words %s\x00", l)
		sum.Write(words.Catalogue(l))
	}
	return hex.EncodeToString(sum.Sum(nil))[:16], nil
}
