//go:build !wasm

package app

import "regexp"

// routePattern matches a path against a route's regular expression.
type routePattern interface {
	MatchString(string) bool
}

func compileRoutePattern(pattern string) routePattern {
	return regexp.MustCompile(pattern)
}
