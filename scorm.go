//go:build !wasm

package main

import (
	"archive/zip"
	"fmt"
	"html"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"dlock/web/server"
	"dlock/web/state"
	"dlock/web/words"
)

// A SCORM 1.2 package of the course, for a school's learning management
// system (Moodle, Canvas, Blackboard): the static site, built to work
// under whatever path the LMS serves it from (server.Relative), its
// manifest (imsmanifest.xml) and its launch page (course.html), which
// opens the course view. The page reports the course's predict score and
// status to the LMS (static/loader/lms.js).

// scormLaunch is the package's launch page: the course, in its language.
const scormLaunch = "course.html"

// writeSCORM writes the SCORM 1.2 package of the course to file: in lang,
// passed at mastery percent or more (0: no mastery score; the course is
// then completed, not passed or failed).
func writeSCORM(file, static string, lang state.Lang, mastery int) error {
	if !slices.Contains(state.Langs, lang) {
		return fmt.Errorf("the course's language %q: want ja or en", lang)
	}
	if mastery < 0 || mastery > 100 {
		return fmt.Errorf("the mastery score %d: want 0 to 100", mastery)
	}
	dir, err := os.MkdirTemp("", "dlock-scorm-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	if err := writePages(dir, server.Relative, static, ""); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, scormLaunch), []byte(scormLaunchPage(lang)), 0o644); err != nil {
		return err
	}
	var files []string
	err = filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			rel, _ := filepath.Rel(dir, path)
			files = append(files, filepath.ToSlash(rel))
		}
		return err
	})
	if err != nil {
		return err
	}
	slices.Sort(files)
	out, err := os.Create(file)
	if err != nil {
		return err
	}
	z := zip.NewWriter(out)
	fail := func(err error) error {
		z.Close()
		out.Close()
		os.Remove(file)
		return err
	}
	w, err := z.Create("imsmanifest.xml")
	if err != nil {
		return fail(err)
	}
	if _, err := w.Write([]byte(scormManifest(lang, mastery, files))); err != nil {
		return fail(err)
	}
	for _, name := range files {
		b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
		if err != nil {
			return fail(err)
		}
		w, err := z.Create(name)
		if err != nil {
			return fail(err)
		}
		if _, err := w.Write(b); err != nil {
			return fail(err)
		}
	}
	if err := z.Close(); err != nil {
		return fail(err)
	}
	if err := out.Close(); err != nil {
		os.Remove(file)
		return err
	}
	fmt.Printf("dlock: wrote the course as a SCORM 1.2 package to %s (%d files)\n", file, len(files)+1)
	return nil
}

// scormLaunchPage opens the course view in lang: the manifest's launch
// names a file, not an address with a query, which not every LMS keeps.
func scormLaunchPage(lang state.Lang) string {
	to := "index.html?view=course&lang=" + string(lang)
	title := html.EscapeString(words.T(lang, "course.title"))
	return `<!doctype html>
<html lang="` + string(lang) + `">
<meta charset="utf-8">
<meta http-equiv="refresh" content="0; url=` + html.EscapeString(to) + `">
<title>` + title + `</title>
<p><a href="` + html.EscapeString(to) + `">` + title + `</a></p>
</html>
`
}

// scormManifest is the package's imsmanifest.xml: one organization, whose
// one item is the course, a SCO launched at scormLaunch, with its mastery
// score (none for 0), and every file of the package.
func scormManifest(lang state.Lang, mastery int, files []string) string {
	esc := html.EscapeString
	var b strings.Builder
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="dlock-course" version="1.0"
  xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>1.2</schemaversion>
  </metadata>
  <organizations default="dlock">
    <organization identifier="dlock">
      <title>` + esc(words.T(lang, "page.title")) + `</title>
      <item identifier="course" identifierref="course-sco" isvisible="true">
        <title>` + esc(words.T(lang, "course.title")) + `</title>
`)
	if mastery > 0 {
		b.WriteString(`        <adlcp:masteryscore>` + strconv.Itoa(mastery) + `</adlcp:masteryscore>
`)
	}
	b.WriteString(`      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="course-sco" type="webcontent" adlcp:scormtype="sco" href="` + scormLaunch + `">
`)
	for _, f := range files {
		b.WriteString(`      <file href="` + esc(f) + `"/>
`)
	}
	b.WriteString(`    </resource>
  </resources>
</manifest>
`)
	return b.String()
}
