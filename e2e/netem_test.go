//go:build !js

package e2e

import (
	"context"
	"fmt"
	"strings"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// emulateNetwork slows (or cuts) the link of the browser in ctx, for the
// page's requests and, with serviceWorker, its service worker's too. The
// command's parameters changed between Chromium releases: 156 takes
// Network.emulateNetworkConditionsByRule with offline inside each rule and
// emulateOfflineServiceWorker beside them; 148 and 150 refuse those fields
// (Invalid parameters, -32602) and take offline beside the rules; every
// release takes the deprecated Network.emulateNetworkConditions, one
// condition for the page. Each form is tried in that order, and the first
// the browser accepts is used; if none is, the error says so in one line,
// with what each form was answered.
func emulateNetwork(ctx context.Context, c network.Conditions, serviceWorker bool) error {
	if _, err := chromedp.Call(ctx, network.Enable, network.EnableParams{}); err != nil {
		return fmt.Errorf("network emulation: Network.enable: %w", err)
	}
	var sw *bool
	if serviceWorker {
		sw = &serviceWorker
	}
	_, current := chromedp.Call(ctx, network.EmulateNetworkConditionsByRule, network.EmulateNetworkConditionsByRuleParams{
		EmulateOfflineServiceWorker: sw, MatchedNetworkConditions: []*network.Conditions{&c},
	})
	if current == nil {
		return nil
	}
	type rule struct {
		URLPattern         string  `json:"urlPattern"`
		Latency            float64 `json:"latency"`
		DownloadThroughput float64 `json:"downloadThroughput"`
		UploadThroughput   float64 `json:"uploadThroughput"`
	}
	byRule := cdp.Command[map[string]any, cdp.Empty]{Method: network.CommandEmulateNetworkConditionsByRule}
	_, older := chromedp.Call(ctx, byRule, map[string]any{
		"offline":                  c.Offline,
		"matchedNetworkConditions": []rule{{Latency: c.Latency, DownloadThroughput: c.DownloadThroughput, UploadThroughput: c.UploadThroughput}},
	})
	if older == nil {
		return nil
	}
	deprecated := cdp.Command[map[string]any, cdp.Empty]{Method: "Network.emulateNetworkConditions"}
	_, oldest := chromedp.Call(ctx, deprecated, map[string]any{
		"offline": c.Offline, "latency": c.Latency, "downloadThroughput": c.DownloadThroughput, "uploadThroughput": c.UploadThroughput,
	})
	if oldest == nil {
		return nil
	}
	return fmt.Errorf("this Chromium cannot emulate the network: emulateNetworkConditionsByRule said %q, its older form %q, emulateNetworkConditions %q",
		oneLine(current), oneLine(older), oneLine(oldest))
}

func oneLine(err error) string { return strings.ReplaceAll(err.Error(), "\n", " ") }
