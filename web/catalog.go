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

// catalog holds every word the page shows, in Japanese and English. The
// scenarios' texts are in notes.go, in the same map.
var catalog = map[string]text{
	// Page and frame.
	"page.title":       {"dlock — 分散ロックとフェンシングトークン", "dlock — distributed locks and fencing tokens"},
	"page.description": {"リースとフェンシングトークンで守る分散ロックを、章の Go コードそのままでブラウザで動かすデモ。", "An interactive demo of distributed locks with leases and fencing tokens, running the chapter's Go code in the browser."},
	"demo.kicker":      {"デモ", "Demo"},
	"demo.title":       {"distributed-lock(リース + フェンシング)", "distributed-lock (lease + fencing)"},
	"legend": {
		"リースがあれば、持ち主がクラッシュしてもロックはいずれ戻ってくる。けれども GC 停止から覚めた古い持ち主は、まだ自分がロックを持っていると信じている。その出遅れた書き込みを止められるのは、トークンを検査する資源だけだ。",
		"A lease gives the lock back even when its holder crashes. But an old holder waking from a GC pause still believes it holds the lock. Only a resource that checks the token can stop its late write.",
	},
	"keys.help.compare": {
		"キー操作: ← → で両方の列を 1 手ずつ、Home / End で最初と最後",
		"Keys: ← → step both columns, Home / End jump to the first and last step",
	},
	"keys.help": {
		"キー操作: ← → で 1 手ずつ、Home / End で最初と最後、F でフェンシングの有無を切り替え",
		"Keys: ← → step, Home / End jump to the first and last step, F toggles fencing",
	},

	// Views and pickers.
	"views.label":     {"表示の切り替え", "Views"},
	"view.demo":       {"1 つの実行", "One run"},
	"view.compare":    {"並べて比較", "Side by side"},
	"view.matrix":     {"方式 × シナリオ表", "Strategy matrix"},
	"picker.scenario": {"シナリオ", "Scenario"},
	"picker.strategy": {"方式", "Strategy"},
	"picker.versus":   {"比べる方式", "Compare with"},

	// Strategies: the rows of the chapter's table.
	"strategy.no-ttl":              {"単純ロック(TTL 無し)", "Plain lock (no TTL)"},
	"strategy.lease":               {"リースロック(TTL)", "Lease lock (TTL)"},
	"strategy.lease-fencing":       {"リース + フェンシング", "Lease + fencing"},
	"strategy.consensus":           {"合意ベース + フェンシング", "Consensus + fencing"},
	"strategy.no-ttl.about":        {"期限なし、資源は検査しない", "no expiry; the resource checks nothing"},
	"strategy.lease.about":         {"期限で自動失効、資源は検査しない", "expires with time; the resource checks nothing"},
	"strategy.lease-fencing.about": {"資源がトークンを検査、サービスは 1 台(再起動でカウンタを失う)", "the resource checks tokens; one service node (a restart loses the counter)"},
	"strategy.consensus.about":     {"資源がトークンを検査、サービスは Raft/Paxos で複製", "the resource checks tokens; the service is replicated by Raft/Paxos"},

	// The matrix.
	"matrix.intro": {
		"章の比較表を、表に書くのではなく計算した。各セルは、そのシナリオをその方式で最後まで再生した結果。セルを開くと、その実行を 1 手ずつ見られる。",
		"The chapter's comparison table, computed rather than written: each cell is the result of replaying that scenario to its end under that strategy. Open a cell to step through that run.",
	},
	"matrix.caption": {"方式ごとの結果(行: 方式、列: シナリオ)", "Outcome per strategy (rows: strategies, columns: scenarios)"},
	"matrix.corner":  {"方式 / シナリオ", "Strategy / scenario"},
	"matrix.cell":    {"%s: %s、%s", "%s: %s under %s"},
	"matrix.legend": {
		"✓ 安全: 古い持ち主の書き込みは資源を壊さなかった。✗ 破壊: 新しい持ち主の値が古い書き込みで上書きされた。⊘ 行き詰まり: クラッシュした持ち主がロックを永遠に持ったまま。",
		"✓ safe: no late write damaged the resource. ✗ corrupted: an old holder's write overwrote a newer holder's value. ⊘ stuck: a crashed holder keeps the lock forever.",
	},
	"verdict.safe":      {"✓ 安全", "✓ safe"},
	"verdict.corrupted": {"✗ 破壊", "✗ corrupted"},
	"verdict.stuck":     {"⊘ 行き詰まり", "⊘ stuck"},

	// Badge.
	"badge.step":      {"step %d", "step %d"},
	"badge.protected": {"✓ 資源は守られた", "✓ Resource protected"},
	"badge.destroyed": {"✗ 資源が破壊された", "✗ Resource destroyed"},
	"badge.stuck":     {"⊘ ロックが行き詰まった", "⊘ Lock stuck"},

	// Controls.
	"fencing":     {"フェンシング", "Fencing"},
	"fencing.on":  {"有", "On"},
	"fencing.off": {"無", "Off"},
	"advance":     {"1手すすめる", "Advance one step"},
	"nav.label":   {"ステップの移動", "Step navigation"},
	"nav.first":   {"最初へ", "First"},
	"nav.prev":    {"前のステップ", "Previous step"},
	"nav.next":    {"次のステップ", "Next step"},
	"nav.last":    {"最後へ", "Last"},
	"nav.counter": {"ステップ %d / %d", "Step %d of %d"},
	"lang.switch": {"English", "日本語"},

	// Lock service card.
	"lock.title":      {"ロックサービス", "Lock service"},
	"lock.replicated": {"合意で複製", "replicated"},
	"lock.holder":     {"持ち主", "Holder"},
	"lock.free":       {"(空き)", "(free)"},
	"lock.token":      {"発行トークン", "Issued token"},
	"lock.none":       {"—", "—"},
	"lock.lease":      {"リース", "Lease"},
	"lock.expiry":     {"失効 t=", "expires t="},
	"lock.never":      {"なし", "never"},
	"lock.now":        {"現在 t=", "now t="},
	"lock.restarts":   {"再起動", "Restarts"},

	// Resource card.
	"resource.title":    {"資源", "Resource"},
	"resource.fenced":   {"フェンシング有", "fenced"},
	"resource.unfenced": {"フェンシング無", "unfenced"},
	"resource.value":    {"現在の値", "Current value"},
	"resource.empty":    {"(空)", "(empty)"},
	"resource.maxToken": {"maxToken", "maxToken"},
	"resource.rejected": {"拒否した書き込み", "Rejected writes"},

	// The network.
	"network.title":   {"ネットワーク(配送待ち)", "Network (in flight)"},
	"network.empty":   {"(配送待ちのメッセージなし)", "(no message in flight)"},
	"network.write":   {"%s: %s → 資源 Write(token %d, %q)、t=%d に送信", "%s: %s → resource Write(token %d, %q), sent at t=%d"},
	"network.grant":   {"%s: ロックサービス → %s 返事「token %d を許可」、t=%d に送信", "%s: lock service → %s reply \"granted, token %d\", sent at t=%d"},
	"network.refusal": {"%s: ロックサービス → %s 返事「拒否」、t=%d に送信", "%s: lock service → %s reply \"refused\", sent at t=%d"},

	// Clients' own views.
	"clients.title":        {"それぞれのクライアントの認識", "What each client believes"},
	"client.idle":          {"○ 待機中", "○ idle"},
	"client.running":       {"▶ 実行中", "▶ running"},
	"client.paused":        {"‖ 停止中(GC)", "‖ paused (GC)"},
	"client.crashed":       {"✗ クラッシュ", "✗ crashed"},
	"client.holds":         {"token %d を持っているつもり", "believes it holds token %d"},
	"client.holds.until":   {"token %d を持っているつもり(自分の計算では t=%d まで)", "believes it holds token %d (until t=%d by its own reckoning)"},
	"client.holds.forever": {"token %d を持っているつもり(期限なし)", "believes it holds token %d (no expiry)"},
	"client.holdsNone":     {"ロックを持っていない", "holds no lock"},
	"client.outdated":      {"ロックサービスの記録とは食い違っている", "the lock service says otherwise"},

	// The action line.
	"action.label":                {"このステップの操作", "This step's action"},
	"action.initial":              {"初期状態", "Initial state"},
	"action.acquire":              {"Acquire → token %d", "Acquire → token %d"},
	"action.acquire.refused":      {"Acquire → 拒否(保持中)", "Acquire → refused (held)"},
	"action.acquire.held":         {"Acquire → token %d(返事は遅延中)", "Acquire → token %d (reply delayed)"},
	"action.acquire.held-refused": {"Acquire → 拒否(返事は遅延中)", "Acquire → refused (reply delayed)"},
	"action.renew":                {"Renew → 失効 t=%d", "Renew → expires t=%d"},
	"action.renew.never":          {"Renew → 期限なしのまま", "Renew → still no expiry"},
	"action.renew.refused":        {"Renew → 拒否", "Renew → refused"},
	"action.release":              {"Release", "Release"},
	"action.release.refused":      {"Release → 持ち主ではない", "Release → not the holder"},
	"action.write":                {"Write(token %d, %q)", "Write(token %d, %q)"},
	"action.write.held":           {"Write(token %d, %q) → 送信、遅延中", "Write(token %d, %q) → sent, delayed"},
	"action.write.skipped":        {"Write → 送らない(ロック無し)", "Write → not sent (no lock)"},
	"action.check.valid":          {"リース確認 → 有効(t=%d < %d)", "Check lease → valid (t=%d < %d)"},
	"action.check.forever":        {"リース確認 → 有効(期限なし)", "Check lease → valid (no expiry)"},
	"action.check.expired":        {"リース確認 → 失効を検知", "Check lease → expired"},
	"action.check.none":           {"リース確認 → ロック無し", "Check lease → no lock"},
	"action.pause":                {"GC 停止(%d tick)", "GC pause (%d ticks)"},
	"action.pause.expires":        {"GC 停止 → リース失効", "GC pause → lease expires"},
	"action.resume":               {"再開", "Resume"},
	"action.crash":                {"クラッシュ", "Crash"},
	"action.tick":                 {"時間経過 +%d", "Time passes +%d"},
	"action.tick.expires":         {"時間経過 +%d → リース失効", "Time passes +%d → lease expires"},
	"action.deliver.write":        {"ネットワーク → Write(token %d, %q) 到着", "Network delivers Write(token %d, %q)"},
	"action.deliver.grant":        {"ネットワーク → 返事「token %d を許可」到着", "Network delivers the reply \"granted, token %d\""},
	"action.deliver.refused":      {"ネットワーク → 返事「拒否」到着", "Network delivers the reply \"refused\""},
	"action.deliver.nothing":      {"ネットワーク → 届くものなし", "Network: nothing to deliver"},
	"action.restart.kept":         {"ロックサービス再起動 → 状態を保持", "Lock service restarts → state kept"},
	"action.restart.lost":         {"ロックサービス再起動 → 状態を失う", "Lock service restarts → state lost"},
	"result.accepted":             {"受理", "accepted"},
	"result.stale":                {"受理 — フェンシング有なら拒否されていた", "accepted — fencing would have refused it"},
	"result.destroys":             {"受理 — 新しい持ち主の値を破壊", "accepted — destroys a newer holder's data"},
	"result.rejected":             {"フェンス落ち(拒否)", "fenced off (rejected)"},
	"result.noToken":              {"拒否(トークン無し)", "rejected (no token)"},
	"result.refused":              {"拒否", "refused"},
	"result.held":                 {"遅延中", "delayed"},
	"result.skipped":              {"送らない", "not sent"},
	"result.valid":                {"有効", "valid"},
	"result.expired":              {"失効", "expired"},
	"result.stuck":                {"ロックは永遠に空かない", "the lock will never be free"},
	"result.lost":                 {"カウンタ消失", "counter lost"},
	"result.dropped":              {"受け取り手がいない", "nobody to receive it"},

	// The timeline.
	"timeline.title":          {"タイムライン: %s(%s)", "Timeline: %s (%s)"},
	"timeline.desc":           {"左から右へ時間が進む。上の %d 本がクライアント、その下がロックサービス(リースの期間を帯で表示)と資源。t=%d から t=%d まで、%d 個の出来事。現在はステップ %d で、それより後は薄く表示。", "Time runs from left to right. The top %d lanes are the clients; below them, the lock service (leases as bars) and the resource. From t=%d to t=%d, %d events. The current step is %d; later ones are greyed out."},
	"timeline.lock":           {"ロック", "lock"},
	"timeline.paused":         {"%s は GC で停止中", "%s is paused (GC)"},
	"timeline.crashed":        {"%s はクラッシュした", "%s has crashed"},
	"timeline.lease":          {"%s のリース(token %d): t=%d から t=%d まで、%s", "%s's lease (token %d): from t=%d to t=%d, %s"},
	"timeline.lease.open":     {"%s のリース(token %d): t=%d から、最後まで有効", "%s's lease (token %d): from t=%d, in force to the end"},
	"timeline.ended.expired":  {"期限切れ", "expired"},
	"timeline.ended.released": {"解放", "released"},
	"timeline.ended.lost":     {"再起動で消失", "lost in a restart"},
	"timeline.transcript":     {"出来事の一覧(表)", "Events as a table"},
	"transcript.step":         {"ステップ", "Step"},
	"transcript.time":         {"時刻", "Time"},
	"transcript.who":          {"誰が", "Who"},
	"transcript.action":       {"操作", "Action"},
	"transcript.result":       {"結果", "Result"},

	// Announcements for screen readers.
	"announce":             {"ステップ %d / %d、%s。%s。%s", "Step %d of %d, %s. %s. %s"},
	"announce.fencing.on":  {"フェンシング有", "fencing on"},
	"announce.fencing.off": {"フェンシング無", "fencing off"},

	// Updates and embedding.
	"update.available":   {"新しいバージョンが届きました。再読み込みすると切り替わります。", "A new version has arrived. Reload to switch to it."},
	"update.reload":      {"再読み込み", "Reload"},
	"embed.title":        {"このデモを埋め込む", "Embed this demo"},
	"embed.about":        {"いま表示している状態のまま、ほかのページに iframe で埋め込めます。高さは自動で合います。", "Embed the demo, in the state shown now, in another page with an iframe. Its height follows the demo."},
	"embed.copy":         {"埋め込みコードをコピー", "Copy embed code"},
	"embed.copied":       {"コピーしました。", "Copied."},
	"embed.selected":     {"選択しました。Ctrl+C でコピーしてください。", "Selected: press Ctrl+C to copy."},
	"embed.iframe-title": {"分散ロックのデモ(フェンシングトークン)", "Distributed lock demo (fencing tokens)"},

	// The loader (static/app.js), before the app is live.
	"loader.loading": {"読み込み中 {progress}%", "Loading {progress}%"},
	"loader.failed":  {"デモを起動できませんでした。再読み込みしてみてください。", "The demo could not start. Try reloading the page."},
	"loader.sandbox": {
		"このデモは、sandbox 属性付きの iframe の中では起動できません。埋め込む側で sandbox に allow-same-origin を加えてください。",
		"The demo cannot start in this sandboxed iframe. Add allow-same-origin to the iframe's sandbox attribute.",
	},

	// Notices about the URL.
	"notice.bad":     {"URL のパラメータ %s=%q は使えないため、既定の表示にしています。", "The URL parameter %s=%q is not valid, so the default is shown."},
	"notice.dismiss": {"お知らせを閉じる", "Dismiss notice"},
}
