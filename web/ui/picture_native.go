//go:build !wasm

package ui

import (
	"dlock/core"
	"dlock/web/picture"
	"dlock/web/state"
)

// PictureOf is the picture of the run of s under st (PictureParts), put
// together natively: the README's picture, make pages', the tests'.
func PictureOf(runs *state.Runs, s state.Settings, st core.Strategy, css string, dark bool) (*picture.Picture, error) {
	parts, err := PictureParts(runs, s, st, css, dark)
	if err != nil {
		return nil, err
	}
	return picture.Compose(parts)
}
