//go:build !wasm

package main

import (
	"archive/zip"
	"encoding/xml"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"dlock/core"
	"dlock/web/state"
	"dlock/web/words"
)

// scormManifestXML is what a learning management system reads of
// imsmanifest.xml.
type scormManifestXML struct {
	XMLName       xml.Name `xml:"manifest"`
	SchemaVersion string   `xml:"metadata>schemaversion"`
	Organizations struct {
		Default string `xml:"default,attr"`
		List    []struct {
			ID    string `xml:"identifier,attr"`
			Items []struct {
				Ref     string `xml:"identifierref,attr"`
				Title   string `xml:"title"`
				Mastery string `xml:"masteryscore"`
			} `xml:"item"`
		} `xml:"organization"`
	} `xml:"organizations"`
	Resources []struct {
		ID        string `xml:"identifier,attr"`
		ScormType string `xml:"scormtype,attr"`
		Href      string `xml:"href,attr"`
		Files     []struct {
			Href string `xml:"href,attr"`
		} `xml:"file"`
	} `xml:"resources>resource"`
}

// readSCORM reads the package file: its manifest and its files' contents.
func readSCORM(t *testing.T, file string) (scormManifestXML, map[string]string) {
	t.Helper()
	z, err := zip.OpenReader(file)
	if err != nil {
		t.Fatal(err)
	}
	defer z.Close()
	files := map[string]string{}
	for _, f := range z.File {
		r, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(r)
		r.Close()
		if err != nil {
			t.Fatal(err)
		}
		files[f.Name] = string(b)
	}
	var m scormManifestXML
	if err := xml.Unmarshal([]byte(files["imsmanifest.xml"]), &m); err != nil {
		t.Fatalf("imsmanifest.xml: %v", err)
	}
	return m, files
}

// make scorm's package: imsmanifest.xml at the zip's root, SCORM 1.2, one
// organization whose item is the course, a SCO launched at a page of the
// package that opens the course in the package's language, with the
// mastery score asked for (none for 0), every other file of the zip listed
// in the resource; and the site in it names its files relatively, with no
// service worker, so that it works under whatever path the LMS gives it.
func TestWriteSCORMPackagesTheCourse(t *testing.T) {
	routesOnce.Do(routes)
	static := writeStatic(t, map[string]string{"app.wasm": "\x00asm", "wasm_exec.js": "// toolchain", "dlock.css": ":root{--accent:#123;--bg:#fff}"})
	for _, c := range []struct {
		lang    state.Lang
		mastery int
		want    string
	}{{state.English, 80, "80"}, {state.Japanese, 0, ""}} {
		file := filepath.Join(t.TempDir(), "course.zip")
		if err := writeSCORM(file, static, c.lang, c.mastery); err != nil {
			t.Fatal(err)
		}
		m, files := readSCORM(t, file)
		if m.SchemaVersion != "1.2" || len(m.Organizations.List) != 1 || m.Organizations.Default != m.Organizations.List[0].ID {
			t.Fatalf("%s: the manifest's version and organizations: %+v", c.lang, m)
		}
		items := m.Organizations.List[0].Items
		if len(items) != 1 || len(m.Resources) != 1 || items[0].Ref != m.Resources[0].ID {
			t.Fatalf("%s: the manifest's items and resources: %+v", c.lang, m)
		}
		if items[0].Title != words.T(c.lang, "course.title") || items[0].Mastery != c.want {
			t.Errorf("%s: the course's item is %q at a mastery score of %q, want %q", c.lang, items[0].Title, items[0].Mastery, c.want)
		}
		sco := m.Resources[0]
		if sco.ScormType != "sco" {
			t.Errorf("%s: the course's resource is a %q, want a sco", c.lang, sco.ScormType)
		}
		launch, ok := files[sco.Href]
		if !ok || !strings.Contains(launch, "index.html?view=course&amp;lang="+string(c.lang)) {
			t.Errorf("%s: the launch page %s opens %q", c.lang, sco.Href, launch)
		}
		var listed []string
		for _, f := range sco.Files {
			listed = append(listed, f.Href)
		}
		var zipped []string
		for name := range files {
			if name != "imsmanifest.xml" {
				zipped = append(zipped, name)
			}
		}
		slices.Sort(listed)
		slices.Sort(zipped)
		if !slices.Equal(listed, zipped) {
			t.Errorf("%s: the resource lists %d files, the zip holds %d others", c.lang, len(listed), len(zipped))
		}
		for _, name := range []string{"index.html", "app.js", "web/app.wasm", "web/dlock.css"} {
			if _, ok := files[name]; !ok {
				t.Errorf("%s: the package lacks %s", c.lang, name)
			}
		}
		js := files["app.js"]
		if !strings.Contains(js, `"url":"./web/app.wasm"`) && !strings.Contains(js, `"url":"web/app.wasm"`) {
			t.Errorf("%s: app.js does not name app.wasm relatively", c.lang)
		}
		if !strings.Contains(js, `"GOAPP_ROOT_PREFIX":"."`) || !strings.Contains(js, "const dlockWorker = null") {
			t.Errorf("%s: app.js is not the loader of a site under any path, without a worker", c.lang)
		}
		if !strings.Contains(js, `const dlockLessons = ["`+core.GCPauseID+`",`) {
			t.Errorf("%s: app.js does not name the course's lessons, which it reports to the LMS", c.lang)
		}
		if strings.Contains(files["index.html"], `src="/`) || strings.Contains(files["index.html"], `href="/`) {
			t.Errorf("%s: index.html names a file from the server's root", c.lang)
		}
	}
}

// A language or a mastery score make scorm cannot package is refused with
// the reason, and no file is written.
func TestWriteSCORMRefusesBadInput(t *testing.T) {
	routesOnce.Do(routes)
	static := writeStatic(t, map[string]string{"app.wasm": "\x00asm", "wasm_exec.js": "// toolchain"})
	for _, c := range []struct {
		lang    state.Lang
		mastery int
		want    string
	}{{"fr", 80, "language"}, {state.English, 101, "mastery"}, {state.English, -1, "mastery"}} {
		file := filepath.Join(t.TempDir(), "course.zip")
		err := writeSCORM(file, static, c.lang, c.mastery)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s at %d: error %v, want one naming the %s", c.lang, c.mastery, err, c.want)
		}
		if _, err := os.Stat(file); !os.IsNotExist(err) {
			t.Errorf("%s at %d: a file was written", c.lang, c.mastery)
		}
	}
}
