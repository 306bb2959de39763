package state

// Lang is a language the demo speaks.
type Lang string

// The languages, Japanese (the book's) first: it is the default.
const (
	Japanese Lang = "ja"
	English  Lang = "en"
)

// Langs lists the languages in the order a switcher offers them.
var Langs = []Lang{Japanese, English}
