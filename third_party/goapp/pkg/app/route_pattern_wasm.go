//go:build wasm

package app

// routePattern matches a path against a route's regular expression. In the
// browser it is the browser's own RegExp, so that the WebAssembly build does
// not link Go's regexp package.
type routePattern interface {
	MatchString(string) bool
}

type jsRoutePattern struct {
	re Value
}

func compileRoutePattern(pattern string) routePattern {
	return jsRoutePattern{re: Window().Get("RegExp").New(pattern)}
}

func (p jsRoutePattern) MatchString(path string) bool {
	return p.re.Call("test", path).Bool()
}
