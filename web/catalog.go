package web

import (
	"fmt"
	"sort"
)

// Lang is a language the demo speaks.
type Lang string

// The languages, Japanese (the book's) first: it is the default.
const (
	Japanese Lang = "ja"
	English  Lang = "en"
)

// Langs lists the languages in the order a switcher offers them.
var Langs = []Lang{Japanese, English}

// text is one message in every language.
type text struct{ ja, en string }

func (t text) in(l Lang) string {
	if l == English {
		return t.en
	}
	return t.ja
}

// missing marks a key the catalogue does not have, so it shows on the page
// and in tests instead of silently vanishing.
const missing = "⟦missing:%s⟧"

// T returns the message for key in lang, formatted with args as by
// fmt.Sprintf.
func T(lang Lang, key string, args ...any) string {
	m, ok := catalog[key]
	if !ok {
		return fmt.Sprintf(missing, key)
	}
	if len(args) == 0 {
		return m.in(lang)
	}
	return fmt.Sprintf(m.in(lang), args...)
}

// Keys returns every key of the catalogue, sorted.
func Keys() []string {
	keys := make([]string, 0, len(catalog))
	for k := range catalog {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// HasKey reports whether the catalogue has key.
func HasKey(key string) bool {
	_, ok := catalog[key]
	return ok
}

// catalog holds every word the page shows, in Japanese and English.
var catalog = map[string]text{
	// Page and frame.
	"page.title":       {"dlock — 分散ロックとフェンシングトークン", "dlock — distributed locks and fencing tokens"},
	"page.description": {"リースとフェンシングトークンで守る分散ロックを、章の Go コードそのままでブラウザで動かすデモ。", "An interactive demo of distributed locks with leases and fencing tokens, running the chapter's Go code in the browser."},
	"demo.kicker":      {"デモ", "Demo"},
	"demo.title":       {"distributed-lock(リース + フェンシング)", "distributed-lock (lease + fencing)"},
	"demo.label":       {"分散ロックのデモ", "Distributed lock demo"},
	"legend": {
		"リースがあれば、持ち主がクラッシュしてもロックはいずれ戻ってくる。けれども GC 停止から覚めた古い持ち主は、まだ自分がロックを持っていると信じている。その出遅れた書き込みを止められるのは、トークンを検査する資源だけだ。",
		"A lease gives the lock back even when its holder crashes. But an old holder waking from a GC pause still believes it holds the lock. Only a resource that checks the token can stop its late write.",
	},
	"keys.help": {
		"キー操作: ← → で 1 手ずつ、Home / End で最初と最後、F でフェンシングの有無を切り替え",
		"Keys: ← → step, Home / End jump to the first and last step, F toggles fencing",
	},

	// Badge.
	"badge.step":      {"step %d", "step %d"},
	"badge.protected": {"✓ 資源は守られた", "✓ Resource protected"},
	"badge.destroyed": {"✗ 資源が破壊された", "✗ Resource destroyed"},

	// Controls.
	"fencing":         {"フェンシング", "Fencing"},
	"fencing.on":      {"有", "On"},
	"fencing.off":     {"無", "Off"},
	"advance":         {"1手すすめる", "Advance one step"},
	"nav.label":       {"ステップの移動", "Step navigation"},
	"nav.first":       {"最初へ", "First"},
	"nav.prev":        {"前のステップ", "Previous step"},
	"nav.next":        {"次のステップ", "Next step"},
	"nav.last":        {"最後へ", "Last"},
	"nav.counter":     {"ステップ %d / %d", "Step %d of %d"},
	"lang.switch":     {"English", "日本語"},
	"lang.switch.tag": {"en", "ja"},

	// Lock service card.
	"lock.title":  {"ロックサービス", "Lock service"},
	"lock.holder": {"持ち主", "Holder"},
	"lock.free":   {"(空き)", "(free)"},
	"lock.token":  {"発行トークン", "Issued token"},
	"lock.none":   {"—", "—"},
	"lock.lease":  {"リース", "Lease"},
	"lock.expiry": {"失効 t=", "expires t="},
	"lock.now":    {"現在 t=", "now t="},

	// Resource card.
	"resource.title":    {"資源", "Resource"},
	"resource.fenced":   {"フェンシング有", "fenced"},
	"resource.unfenced": {"フェンシング無", "unfenced"},
	"resource.value":    {"現在の値", "Current value"},
	"resource.empty":    {"(空)", "(empty)"},
	"resource.maxToken": {"maxToken", "maxToken"},
	"resource.rejected": {"拒否した書き込み", "Rejected writes"},

	// Clients' own views.
	"clients.title":    {"それぞれのクライアントの認識", "What each client believes"},
	"client.idle":      {"○ 待機中", "○ idle"},
	"client.running":   {"▶ 実行中", "▶ running"},
	"client.paused":    {"‖ 停止中(GC)", "‖ paused (GC)"},
	"client.crashed":   {"✗ クラッシュ", "✗ crashed"},
	"client.holds":     {"token %d を持っているつもり", "believes it holds token %d"},
	"client.holdsNone": {"ロックを持っていない", "holds no lock"},
	"client.outdated":  {"ロックサービスの記録とは食い違っている", "the lock service says otherwise"},

	// The action line.
	"action.label":         {"このステップの操作", "This step's action"},
	"action.initial":       {"初期状態", "Initial state"},
	"action.acquire":       {"Acquire → token %d", "Acquire → token %d"},
	"action.acquire.held":  {"Acquire → 拒否(保持中)", "Acquire → refused (held)"},
	"action.renew":         {"Renew → 失効 t=%d", "Renew → expires t=%d"},
	"action.renew.refused": {"Renew → 拒否", "Renew → refused"},
	"action.release":       {"Release", "Release"},
	"action.write":         {"Write(token %d, %q)", "Write(token %d, %q)"},
	"action.pause":         {"GC 停止(%d tick)", "GC pause (%d ticks)"},
	"action.pause.expires": {"GC 停止 → リース失効", "GC pause → lease expires"},
	"action.resume":        {"再開", "Resume"},
	"action.crash":         {"クラッシュ", "Crash"},
	"action.tick":          {"時間経過 +%d", "Time passes +%d"},
	"result.accepted":      {"受理", "accepted"},
	"result.stale":         {"受理 — フェンシング有なら拒否されていた", "accepted — fencing would have refused it"},
	"result.rejected":      {"フェンス落ち(拒否)", "fenced off (rejected)"},
	"result.noToken":       {"拒否(トークン無し)", "rejected (no token)"},

	// Announcements for screen readers.
	"announce": {"ステップ %d / %d、フェンシング%s。%s。%s", "Step %d of %d, fencing %s. %s. %s"},

	// Notices about the URL.
	"notice.bad":     {"URL のパラメータ %s=%q は使えないため、既定の表示にしています。", "The URL parameter %s=%q is not valid, so the default is shown."},
	"notice.dismiss": {"お知らせを閉じる", "Dismiss notice"},

	// The chapter's scenario.
	"gc-pause.start": {
		"まだ誰もロックを持っていない。資源 row-42 は空のまま。",
		"Nobody holds the lock yet. Resource row-42 is empty.",
	},
	"gc-pause.a-acquires": {
		"A がロックを取得する。token 1 が発行され、リースは t=10 まで有効。",
		"A takes the lock. Token 1 is issued and the lease is valid until t=10.",
	},
	"gc-pause.a-writes": {
		"A が token 1 を添えて書き込む。資源は受理し、maxToken が 1 になる。",
		"A writes with token 1. The resource accepts it and maxToken becomes 1.",
	},
	"gc-pause.a-pauses": {
		"A が GC で止まっている間に時間が進み、t=10 でリースが失効する。止まっている A はそれに気づかず、まだ token 1 を持っているつもりでいる。",
		"A stops in a GC pause. Time passes and its lease expires at t=10. A, stopped, does not notice: it still believes it holds token 1.",
	},
	"gc-pause.b-acquires": {
		"リースが切れたので、B がロックを取得して token 2 を得る。A もまだ持っているつもり——二重取得の芽だ。",
		"The lease has expired, so B takes the lock and gets token 2. A still believes it holds it too: the seed of a double grant.",
	},
	"gc-pause.b-writes": {
		"B が token 2 で書き込む。maxToken が 2 になる。",
		"B writes with token 2. maxToken becomes 2.",
	},
	"gc-pause.a-writes-late": {
		"A が再開し、古い token 1 のまま書き込む。",
		"A resumes and writes with its old token 1.",
	},
	"gc-pause.a-writes-late.refused": {
		"A が再開し、古い token 1 のまま書き込もうとする。1 < 2 なので資源が拒否し、B の値は守られる。",
		"A resumes and tries to write with its old token 1. Since 1 < 2 the resource refuses it, and B's value is safe.",
	},
	"gc-pause.a-writes-late.destroys": {
		"A が再開し、古い token 1 のまま書き込む。資源はトークンを見ないので受理してしまい、B の値が上書きされて壊れる。",
		"A resumes and writes with its old token 1. The resource does not check tokens, so it accepts the write and B's value is overwritten.",
	},
}
