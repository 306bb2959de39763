//go:build !js

package e2e

import (
	"archive/zip"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"dlock/core"
	"dlock/core/course"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// lmsPlayer is a learning management system's player for the tests: the
// SCORM 1.2 API as scorm-again implements it (e2e/package.json), loaded
// with the learner's data the page's address carries after #, every call
// the course makes to it recorded in window.calls, and the package's
// launch page in a frame.
const lmsPlayer = `<!doctype html>
<meta charset="utf-8">
<title>LMS</title>
<script src="scorm12.js"></script>
<script>
window.calls = [];
const api = new Scorm12API({ autocommit: false, logLevel: 5 });
const learner = decodeURIComponent(location.hash.slice(1));
if (learner) api.loadFromJSON(JSON.parse(learner));
for (const name of ["LMSInitialize", "LMSCommit", "LMSFinish"]) api.on(name, () => calls.push([name]));
api.on("LMSSetValue.cmi.*", (element, value) => calls.push(["LMSSetValue", element, String(value)]));
window.API = api;
</script>
<iframe id="sco" src="pluginfile.php/12/mod_scorm/content/1/course.html" width="1000" height="800" title="course"></iframe>
`

// scormPackage is the package make scorm writes, in English with a
// mastery score of 80, written once for the tests that need it.
var scormPackage = sync.OnceValues(func() (string, error) {
	pkg := filepath.Join(tmpRoot, "dlock-scorm.zip")
	if out, err := exec.Command(serverBin, "-static", filepath.Join(repoRoot, "static"), "-scorm", pkg, "-mastery", "80", "-scorm-lang", "en").CombinedOutput(); err != nil {
		return "", fmt.Errorf("writing the SCORM package: %v\n%s", err, out)
	}
	return pkg, nil
})

// scormHost unzips the package make scorm writes where an LMS serves it,
// under a deep path of its own (Moodle's), each file by its own name (as
// Moodle does: index.html is not sent to its directory's address), and
// serves it beside lmsPlayer.
func scormHost(t *testing.T) *httptest.Server {
	t.Helper()
	pkg, err := scormPackage()
	if err != nil {
		t.Fatal(err)
	}
	z, err := zip.OpenReader(pkg)
	if err != nil {
		t.Fatal(err)
	}
	defer z.Close()
	content := filepath.Join(t.TempDir(), "content")
	for _, f := range z.File {
		path := filepath.Join(content, filepath.FromSlash(f.Name))
		if !strings.HasPrefix(path, content+string(filepath.Separator)) {
			t.Fatalf("the package holds %s, outside its directory", f.Name)
		}
		os.MkdirAll(filepath.Dir(path), 0o755)
		r, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(r)
		r.Close()
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	api, err := os.ReadFile(filepath.Join(repoRoot, "e2e", "node_modules", "scorm-again", "dist", "scorm12.min.js"))
	if err != nil {
		t.Fatalf("scorm-again (cd e2e && npm ci): %v", err)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/lms/player.html", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		io.WriteString(w, lmsPlayer)
	})
	mux.HandleFunc("/lms/scorm12.js", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
		w.Write(api)
	})
	const at = "/lms/pluginfile.php/12/mod_scorm/content/1/"
	mux.HandleFunc(at, func(w http.ResponseWriter, r *http.Request) {
		f, err := os.Open(filepath.Join(content, filepath.FromSlash(strings.TrimPrefix(r.URL.Path, at))))
		if err != nil {
			http.NotFound(w, r)
			return
		}
		defer f.Close()
		st, err := f.Stat()
		if err != nil || st.IsDir() {
			http.NotFound(w, r)
			return
		}
		http.ServeContent(w, r, st.Name(), st.ModTime(), f)
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv
}

// lmsCall is one call the course made to the LMS's API.
type lmsCall []string

// lmsCalls are the calls the course has made so far.
func lmsCalls(tb *tab) []lmsCall {
	tb.t.Helper()
	var calls []lmsCall
	if err := json.Unmarshal(eval[json.RawMessage](tb, `window.calls`), &calls); err != nil {
		tb.t.Fatal(err)
	}
	return calls
}

// lastSet is the last value the course set element to, or "".
func lastSet(calls []lmsCall, element string) string {
	v := ""
	for _, c := range calls {
		if len(c) == 3 && c[0] == "LMSSetValue" && c[1] == element {
			v = c[2]
		}
	}
	return v
}

// inCourse evaluates expr in the course's frame.
func inCourse[T any](tb *tab, expr string) T {
	tb.t.Helper()
	return eval[T](tb, inFrame(expr))
}

// inFrame is expr evaluated in the course's frame: its window, document and
// localStorage.
func inFrame(expr string) string {
	return `((window) => ((window, document, localStorage) => ` + expr + `)(window, window.document, window.localStorage))(document.getElementById("sco").contentWindow)`
}

// answerLesson opens the course's lesson id in the frame and walks it in
// predict mode to its verdict with the keyboard, as a learner does:
// Enter on the lesson's link, then End to the step's question and 1 for
// its first choice, until the verdict is answered.
func answerLesson(tb *tab, id string) {
	tb.t.Helper()
	wait := func(expr string) {
		tb.t.Helper()
		_, err := chromedp.Run(tb.ctx, chromedp.Poll[chromedp.Void](`(() => { try { return `+inFrame("!!("+expr+")")+`; } catch (e) { return false; } })()`, chromedp.WithPollingTimeout(waitLimit)))
		if err != nil {
			tb.t.Fatalf("lesson %s: waiting for %s: %v\nthe course's frame: %s", id, expr, err,
				inCourse[string](tb, `window.location.href + " " + JSON.stringify(document.querySelector('[data-testid="app"]')?.dataset) + ": " + document.body.innerText.slice(0, 2000)`))
		}
	}
	open := `document.querySelector('[data-testid="course-lesson"][data-value="` + id + `"] [data-testid="course-open"]')`
	wait(`document.querySelector('[data-testid="app"]')?.dataset.phase === "live" && ` + open)
	if !inCourse[bool](tb, `(`+open+`.focus(), document.activeElement === `+open+`)`) {
		tb.t.Fatalf("lesson %s: its link takes no focus", id)
	}
	tb.key(kb.Enter)
	wait(`document.querySelector('[data-testid="app"]')?.dataset.phase === "live" && document.querySelector('[data-testid="app"]').dataset.view === "demo" && document.querySelector('[data-testid="quiz-switch"]')?.dataset.value === "on"`)
	inCourse[bool](tb, `(window.focus(), true)`)
	for i := 0; ; i++ {
		if i > 20 {
			tb.t.Fatalf("lesson %s: the verdict was never asked", id)
		}
		tb.key(kb.End)
		wait(`document.querySelector('[data-testid="quiz-question"]')`)
		ask := inCourse[string](tb, `document.querySelector('[data-testid="quiz-question"]').dataset.ask`)
		tb.key("1")
		wait(`!document.querySelector('[data-testid="quiz-question"]') && document.querySelector('[data-testid="quiz-feedback"]')`)
		if ask == string(course.AskVerdict) {
			break
		}
	}
}

// progressIn is the course's progress in the frame's storage: the answers
// right and asked in its lessons done, and how many are done.
func progressIn(tb *tab) (right, asked, done int) {
	tb.t.Helper()
	var p struct {
		Lessons map[string]struct{ Right, Asked int } `json:"lessons"`
	}
	if err := json.Unmarshal([]byte(inCourse[string](tb, `localStorage.getItem("dlock-course") || "{}"`)), &p); err != nil {
		tb.t.Fatal(err)
	}
	for _, s := range p.Lessons {
		right, asked, done = right+s.Right, asked+s.Asked, done+1
	}
	return right, asked, done
}

// The course, uploaded as the SCORM package make scorm writes, reports to
// the LMS through the API the LMS's frame offers (scorm-again's): it
// initializes and says it is incomplete; each lesson answered sends the
// score (the answers right of those asked, in percent, from 0 to 100), the
// status and the progress, and commits them; a learner who comes back
// with the progress the LMS kept (suspend_data) and answers the last
// lesson completes the course, passed at the manifest's mastery score;
// and when the course's page goes, it says why and finishes.
func TestScormCourseReportsToTheLMS(t *testing.T) {
	t.Parallel()
	srv := scormHost(t)

	// A first visit.
	tb := newIsolatedTab(t)
	tb.do(chromedp.Navigate(srv.URL + "/lms/player.html"))
	answerLesson(tb, "gc-pause")
	right, asked, done := progressIn(tb)
	if done != 1 || asked == 0 {
		t.Fatalf("after one lesson the progress is %d done, %d of %d right", done, right, asked)
	}
	raw := fmt.Sprint(int(math.Round(100 * float64(right) / float64(asked))))
	tb.waitJS(`window.calls.some(c => c[1] === "cmi.core.score.raw")`)
	calls := lmsCalls(tb)
	if len(calls) == 0 || calls[0][0] != "LMSInitialize" {
		t.Fatalf("the course's first call is not LMSInitialize: %v", calls)
	}
	for element, want := range map[string]string{"cmi.core.score.raw": raw, "cmi.core.score.min": "0", "cmi.core.score.max": "100", "cmi.core.lesson_status": "incomplete"} {
		if got := lastSet(calls, element); got != want {
			t.Errorf("after one lesson %s = %q, want %q (calls %v)", element, got, want, calls)
		}
	}
	if s := lastSet(calls, "cmi.suspend_data"); !strings.Contains(s, `"gc-pause"`) {
		t.Errorf("the progress sent is %q", s)
	}
	if c := calls[len(calls)-1]; c[0] != "LMSCommit" {
		t.Errorf("the course did not commit what it set: its last call is %v", c)
	}

	// The learner comes back on another computer: the LMS has kept every
	// lesson but the chapter's, each answered right.
	kept := map[string]map[string]int{}
	for _, sc := range core.Scenarios() {
		if sc.ID != core.GCPauseID {
			kept[sc.ID] = map[string]int{"right": 4, "asked": 4}
		}
	}
	suspend, _ := json.Marshal(map[string]any{"lessons": kept})
	learner, _ := json.Marshal(map[string]any{"core": map[string]any{"student_id": "s1", "student_name": "Learner, A"},
		"student_data": map[string]any{"mastery_score": "80"}, "suspend_data": string(suspend)})
	tb = newIsolatedTab(t)
	tb.do(chromedp.Navigate(srv.URL + "/lms/player.html#" + url.PathEscape(string(learner))))
	answerLesson(tb, "gc-pause")
	right, asked, done = progressIn(tb)
	if done != len(core.Scenarios()) {
		t.Fatalf("with what the LMS kept, %d lessons are done of %d", done, len(core.Scenarios()))
	}
	score := int(math.Round(100 * float64(right) / float64(asked)))
	status := "passed"
	if score < 80 {
		status = "failed"
	}
	tb.waitJS(`window.calls.some(c => c[1] === "cmi.core.lesson_status" && c[2] !== "incomplete")`)
	calls = lmsCalls(tb)
	if got := lastSet(calls, "cmi.core.score.raw"); got != fmt.Sprint(score) {
		t.Errorf("the whole course's score = %q, want %d (%d of %d right)", got, score, right, asked)
	}
	if got := lastSet(calls, "cmi.core.lesson_status"); got != status {
		t.Errorf("the whole course's status = %q, want %q at a score of %d", got, status, score)
	}
	// The course's page goes (the LMS closes its frame).
	eval[bool](tb, `(document.getElementById("sco").remove(), true)`)
	calls = lmsCalls(tb)
	if c := calls[len(calls)-1]; c[0] != "LMSFinish" || lastSet(calls, "cmi.core.exit") != "" {
		t.Errorf("when its page goes the course's last calls are %v, want LMSFinish after cmi.core.exit \"\"", calls[max(len(calls)-3, 0):])
	}
}

// Outside an LMS the package's course is the course as the site shows it:
// nothing of the LMS shows and nothing is sent (the page finds no API,
// and calls nothing).
func TestScormPackageWorksOutsideAnLMS(t *testing.T) {
	t.Parallel()
	srv := scormHost(t)
	tb := newIsolatedTab(t)
	tb.open(srv.URL + "/lms/pluginfile.php/12/mod_scorm/content/1/course.html")
	if got := eval[string](tb, `document.querySelector('[data-testid="app"]').dataset.view`); got != "course" {
		t.Errorf("the launch page opens the %s view", got)
	}
	if n := eval[int](tb, `document.querySelectorAll('[data-testid="course-lesson"]').length`); n != len(core.Scenarios())+1 {
		t.Errorf("the course has %d lessons", n)
	}
}
