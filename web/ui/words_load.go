package ui

import (
	"errors"

	"dlock/web/state"
	"dlock/web/words"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// The page's words are not in app.wasm: the server serves the catalogue
// one language a file (web/server, Site.Words), the loader fetches the
// page's language with app.wasm (static/loader/boot.js, dlockWordsOf),
// and the page loads the other language when the reader switches to it
// (Demo.set). On the server every language is in the catalogue already.

// wordsOf tells done once the catalogue has the words of l, fetching them
// through the loader if it has not, or why it could not. done is called
// from the browser's callback, outside the app's loop: it dispatches what
// it changes.
func wordsOf(l state.Lang, done func(error)) {
	if words.Has(l) {
		done(nil)
		return
	}
	get := app.Window().Get("dlockWordsOf")
	if !get.Truthy() {
		done(errors.New("the page has no loader to fetch its words"))
		return
	}
	var onText, onError app.Func
	finish := func(err error) {
		onText.Release()
		onError.Release()
		done(err)
	}
	onText = app.FuncOf(func(_ app.Value, args []app.Value) any {
		finish(words.Load(l, []byte(args[0].String())))
		return nil
	})
	onError = app.FuncOf(func(_ app.Value, args []app.Value) any {
		finish(errors.New(args[0].Call("toString").String()))
		return nil
	})
	get.Invoke(string(l)).Call("then", onText, onError)
}

// LoadWords loads the words of the language the page's address asks for,
// before the app starts: it blocks until they are in, or says why they
// are not. It reports ok when the page has words in some language to
// start with (the loader's stepper may have switched the language after
// it fetched the words of the first).
func LoadWords(runs *state.Runs) (ok bool, err error) {
	s, _ := state.ParseSettings(runs, app.Window().URL().Query())
	done := make(chan error, 1)
	wordsOf(s.Lang, func(err error) { done <- err })
	err = <-done
	for _, l := range state.Langs {
		ok = ok || words.Has(l)
	}
	return ok, err
}

// loadedLang is l if the catalogue has its words, else a language it has.
func loadedLang(l state.Lang) state.Lang {
	if words.Has(l) {
		return l
	}
	for _, other := range state.Langs {
		if words.Has(other) {
			return other
		}
	}
	return l
}
