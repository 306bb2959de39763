package words

import (
	"fmt"
	"sort"

	"dlock/web/state"
)

// Lang is a language of the catalogue: the page's setting (state.Lang).
type Lang = state.Lang

// The languages, Japanese (the book's) first: it is the default.
const (
	Japanese = state.Japanese
	English  = state.English
)

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

// hasKey reports whether the catalogue has key.
func hasKey(key string) bool {
	_, ok := catalog[key]
	return ok
}

// The scenarios' words and the sentences of generated notes live in maps of
// their own and join the one catalogue here.
func init() {
	for _, part := range []map[string]text{scenarioWords, noteWords, playWords, courseWords, failoverWords} {
		join(part)
	}
}

// join adds part to the catalogue.
func join(part map[string]text) {
	for k, v := range part {
		if _, dup := catalog[k]; dup {
			panic("catalogue key defined twice: " + k)
		}
		catalog[k] = v
	}
}

// catalog holds every word the page shows, in Japanese and English.
var catalog = map[string]text{
	// Page and frame.
	"page.title":          {"dlock — 分散ロックとフェンシングトークン", "dlock — distributed locks and fencing tokens"},
	"page.description":    {"リースとフェンシングトークンで守る分散ロックを、章の Go コードをもとにしたモデルでブラウザで動かすデモ。", "An interactive demo of distributed locks with leases and fencing tokens, running a model built from the chapter's Go code in the browser."},
	"demo.kicker":         {"デモ", "Demo"},
	"demo.title":          {"distributed-lock(%s)", "distributed-lock (%s)"},
	"demo.title.scenario": {"distributed-lock(%s)— %s", "distributed-lock (%s) — %s"},
	"title.versus":        {"%s 対 %s", "%s vs %s"},
	// The rows, as the title names them, one title a row in every view.
	// The book's demo is the one-node row: its title keeps the book's
	// words and says so.
	"title.strategy.lease-fencing":      {"リース + フェンシング、1 台", "lease + fencing, one node"},
	"title.strategy.lease":              {"リース、フェンシング無し", "lease, no fencing"},
	"title.strategy.no-ttl":             {"TTL 無しのロック", "lock without TTL"},
	"title.strategy.redlock":            {"Redlock", "Redlock"},
	"title.strategy.consensus-unfenced": {"合意ベース、フェンシング無し", "consensus, no fencing"},
	"title.strategy.consensus":          {"合意ベース + フェンシング", "consensus + fencing"},
	"title.strategy.optimistic":         {"楽観ロック、ロックサービス無し", "optimistic lock, no lock service"},
	"moral.check-then-write": {
		"クライアントがいくら確かめても、確かめてから書くまでの間は守れない。守れるのは、書き込みを受け取る資源の検査だけだ。",
		"However carefully a client checks, nothing guards the gap between its check and its write: only the check of the resource that receives the write does.",
	},
	"moral.delayed-write": {
		"ロックを手放しても、送った書き込みは取り消せない。遅れて届く書き込みを止めるのは、資源の検査だ。",
		"Releasing a lock cannot take back a write already sent: only the resource's check stops it when it arrives late.",
	},
	"moral.slow-grant": {
		"リースは要求を送った時点から数える。返事が届くまでにかかった時間は、リースの残りから引かれる。etcd の Session は、キープアライブの返事を受け取った時点から TTL を数える(この規則を守っていない)。返事が遅れた分だけ、Done は遅く閉じる。",
		"Count a lease from when the request was sent: the time the reply took to arrive comes out of the lease. etcd's own Session does not keep this rule: it counts the TTL from when a keep-alive reply arrives, so its Done closes as much later as the reply was late.",
	},
	"moral.crash-no-ttl": {
		"TTL の無いロックでは、サービスが状態を失わない限り二重取得は起きない。だが持ち主が落ちれば、ロックは二度と使えない。リースはこの問題を解消するが、代わりに、まだ持っていると信じる古い持ち主を生む。",
		"As long as its service keeps its state, a lock without TTL is never granted twice, but a crashed holder keeps it forever. A lease solves that, and in exchange makes old holders who still believe they hold it.",
	},
	"moral.heartbeat": {
		"更新は同じ持ち主の保持を延ばすだけで、トークンは変わらない。更新が止まれば、次の持ち主は新しいトークンを得る。",
		"Renewals extend one holder's tenure without changing its token; when they stop, the next holder gets a new token.",
	},
	"moral.heartbeat-pause": {
		"ハートビートは持ち主が動いている間しか送れない。リースを失ったことをライブラリが知るのも、持ち主が再び動き出してからだ。lab では、etcd の Session、Redis のロックの延長ループ、ZooKeeper のクライアント(Disconnected)のどれもが、A の遅れた書き込みの前後数ミリ秒のうちに知らせた(書き込みとどちらが先になるかは、その場の競争で決まる)。書く前にライブラリに尋ねれば危険な時間帯は縮むが、なくなりはしない。止まっていた持ち主の遅れた書き込みを止めるのは、資源の検査だけだ。",
		"A heartbeat beats only while its holder runs, and its library learns the lease is lost only once the holder runs again. In the lab, etcd's Session, the Redis lock's refresh loop and ZooKeeper's client (Disconnected) each spoke within a few milliseconds of A's late write; which of the two came first is a race, decided afresh in each run. Asking the library before each write narrows the window; it cannot close it. Only the resource's check stops the late write of a holder that was stopped.",
	},
	"moral.counter-reset": {
		"フェンシングトークンが意味を持つのは、再起動を越えて増え続けるときだけだ。",
		"Fencing tokens mean something only if they keep increasing across restarts.",
	},
	"moral.restart-during-lease": {
		"再起動で失われる状態は、持ち主の数もトークンの順序も狂わせる。両方を守るのは、再起動を越えて残る状態だけだ。",
		"State lost in a restart upsets both the number of holders and the order of tokens: only state that survives restarts keeps both.",
	},
	"moral.restore-from-backup": {
		"フェンシングトークンで順序を守れるのは、番号が決して戻らない場合だけだ。バックアップから復元するなら、サービスを再開する前に、発行されたかもしれないどのトークンよりも先へカウンタを進めておく。etcd なら、--bump-revision に、バックアップ以後にありえた書き込みの数より大きな値を与え(etcd の手引きの例では 10 億)、監視を切るために --mark-compacted も付ける。復元で戻るのはカウンタだけではない。バックアップに入っていた取得も戻る。etcd はスナップショットからリースも戻し、新しいリーダーはその期限を数え直すので、ロックが持たれている間に取ったバックアップは、そのときの持ち主にロックを返す。その持ち主のトークンは古いので、トークンを検査する資源は、それより新しいトークンを見ていれば拒む。",
		"Fencing tokens keep order only as long as their numbers never go back: after restoring a backup, move the counter past every token that may have been issued before the service takes requests again. In etcd, give --bump-revision a value larger than the number of writes the lost history may have made (etcd's guide gives a billion), and add --mark-compacted, which ends the watches on that history. A restore brings back more than a counter: the grants in the backup come back too. etcd restores the leases in its snapshot, and its new leader starts their time afresh, so a backup taken while a lock was held gives the lock back to its holder of then. That holder's token is old: a resource that checks tokens refuses it once it has seen a newer one.",
	},
	"moral.clock-jump": {
		"リースの安全性は、それを測る時計の正しさを超えない。トークンの検査は時計に頼らない。時計の進む速さのずれには、リースを短く見積もって備える。クライアントは、リースを要求を送った時点から数えて往復の時間を差し引き、さらに時計の速さの誤差の分だけ短く見積もる(Chubby のクライアントは、返事が途中でかかった時間とマスタの時計の速さについて、控えめに見積もる)。Kubernetes の client-go のリーダー選出は、時刻のずれには耐えるが、どれほど大きな速さのずれにも耐えるわけではないと明記していて、その余裕は LeaseDuration と RenewDeadline の差だ。それでも時計の跳躍は、どの余裕も超えうる。",
		"A lease is no safer than the clock that measures it; a token check does not depend on clocks. Budget for clocks that run at different rates by reckoning the lease short: a client counts it from when it sent the request, which takes out the round trip, and shortens it further by the clocks' possible rate error (Chubby's clients are conservative about the time a reply spent in flight and about how fast the master's clock runs). Kubernetes client-go's leader election says it tolerates arbitrary clock skew but not an arbitrary clock skew rate; its margin is the gap between LeaseDuration and RenewDeadline. A jump can still exceed any margin.",
	},
	"moral.stale-before-new-holder": {
		"フェンシングが約束するのは資源での順序(トークン順)であって、実時間での排他ではない。",
		"Fencing promises order at the resource (token order), not mutual exclusion in real time.",
	},
	"moral.fenced-read": {
		"読んだ値をもとに書くなら、読むときにもトークンを示す。そうすれば、読んでから書くまでの間に古い書き込みは割り込めない。読み取りと書き込みが一つのデータベースのトランザクションの中にあるなら、REPEATABLE READ か SERIALIZABLE がすでにこのロストアップデートを防ぐ(PostgreSQL はその書き込みを 40001 で中止する)。version の列が要るのは、読み取りと書き込みが別々のトランザクションにあるとき(画面のフォーム、キャッシュ、キュー)だ。どちらでも、中止や拒否の後は読み直してからやり直す。同じ書き込みをそのまま送り直しはしない。",
		"If you write from what you read, show the token when you read too: then no older write can land between the read and the write. Where the read and the write are in one database transaction, REPEATABLE READ or SERIALIZABLE already stops this lost update (PostgreSQL aborts the write with 40001); a version column is what protects a read and a write in different transactions (a form, a cache, a queue). Either way, an aborted or refused write is retried by reading again, never by sending the same write again.",
	},
	"moral.same-token-retry": {
		"フェンシングが順序づけるのは持ち主どうし(取得の順)であって、一人の持ち主の書き込みどうしではない。それには、書き込みごとの連番、冪等キー、バージョンによる compare-and-set が要る。",
		"Fencing orders holders, one grant after another, not one holder's own writes: those need a sequence number per write, an idempotency key, or a compare-and-set on a version.",
	},
	"moral.two-resources": {
		"トークンは資源ごとに検査される。二つの資源をそろえて更新するのは、トランザクションの仕事だ。",
		"Tokens are checked per resource: updating two resources together is a transaction's job.",
	},
	"moral.non-atomic-check": {
		"トークンや version の検査は、書き込みと不可分でなければならない。",
		"The check of a token or a version must be atomic with the write.",
	},
	"moral.lock-delay": {
		"ロック遅延は危険な時間帯を短くするが、なくしはしない。なくせるのは資源の検査だけだ。",
		"A lock-delay narrows the window but does not close it: only the resource's check does.",
	},
	"moral.partitioned-holder": {
		"持ち主がロックを失ったと知るのは、知らされたときか、ライブラリ自身の知らせによってだ。どちらも、サービスの側でリースが切れた後になりうる。その間を埋められるのは資源の検査だけだ。",
		"A holder learns that it lost the lock when it is told, or by its library's own signal; both can come after the lease has ended at the service. Only the resource's check covers the gap.",
	},
	"moral.resource": {
		"資源の務め: フェンスの maxToken(楽観ロックなら version)は、データと同じ行に、同じトランザクションで書き、永続させる(再起動や復元、非同期レプリカへのフェイルオーバーで戻れば、古いトークンがまた通る)。トークンを検査できない資源でも、条件付きの書き込み(S3 の If-Match、Cloud Storage の ifGenerationMatch)が使えるなら、楽観ロックと同じ compare-and-set で守れる。冪等キーが防ぐのは同じ書き込みの二重適用だけで、古い持ち主が送った別の書き込みは止められない。一つの資源には、一つのカウンタのトークンを使う。maxToken と比べて意味があるのは、同じカウンタが出したトークンだけだ。etcd のリビジョンや ZooKeeper の zxid はクラスタ全体で一つのカウンタから出るが、ロックごとのカウンタを INCR する Redis ではそうではない。そうしたロック二つで一つの資源を守ったり、ロックのキーを(カウンタごと)別の名前に変えたりすると、比べようのない番号が混ざる。",
		"The resource's duties: keep the fence's maxToken (the optimistic lock's version) durable, in the same row and the same transaction as the data (if a restart, a restore or a failover to an asynchronous replica takes it back, an old token passes again). A resource that cannot check a token can still be protected where it offers a conditional write (S3's If-Match, Cloud Storage's ifGenerationMatch): the optimistic lock's compare-and-set. An idempotency key only stops the same write from applying twice; it cannot stop an old holder's different write. One resource takes its tokens from one counter: maxToken means something only against tokens from the same counter. etcd's revisions and ZooKeeper's zxids come from one counter for the whole cluster; a Redis INCR of a counter per lock does not, and where two such locks guard one resource, or a lock's key is renamed (its counter with it), their numbers cannot be compared.",
	},
	"matrix.moral": {
		"この表で、資源が書き込みと不可分に検査する限り一度も破壊されない組み合わせは二つある。合意で複製したサービスのトークンを資源が検査する組み合わせ(章の「リース + フェンシング」)と、ロックが全く無く、すべての書き込みが version による compare-and-set である組み合わせ(楽観ロック)だ。どちらでも遅れた書き込みは届きうる(危うい)が、順序を乱す書き込みは拒否され、順序どおりにしか適用されないので、どの資源でも新しい書き手の値を壊さない。ただし、フェンシングではトークンを示さずに読んだ者がいれば別だ。資源をまたぐ更新は中途半端に終わりうるし(二つの資源)、一人の持ち主の書き込みどうしの順序はフェンシングでは守られない(同じトークンでの再送)。version はそれも守る。楽観ロックは誰も締め出さないので、重なった書き手は拒否され、読み直してやり直す。その無駄を省くことが、ロックがなお役に立つところだ。",
		"In this table, two combinations are never corrupted wherever the resource checks atomically: a service replicated by consensus whose tokens the resource checks (the chapter's \"lease + fencing\"), and no lock at all, where every write is a compare-and-set on a version (the optimistic lock). In both a late write can still arrive and land (at risk), but a write out of order is refused, so writes apply only in order: at no single resource does a late one destroy a newer writer's value, unless, under fencing, someone read without showing the token. An update that spans resources can still be torn (two resources), and fencing does not keep one holder's own writes in order (a retry with the same token); the version does. The optimistic lock excludes nobody: writers that overlap are refused, and read again and retry; saving that wasted work is what a lock is still good for.",
	},
	"legend": {
		"リースがあれば、持ち主がクラッシュしてもロックはいずれ戻ってくる。けれども GC 停止から再開した古い持ち主は、まだ自分がロックを持っていると信じている。その出遅れた書き込みを止められるのは、トークン(ロックが無ければ version)を検査する資源だけだ。",
		"A lease gives the lock back even when its holder crashes. But an old holder waking from a GC pause still believes it holds the lock. Only a resource that checks the token (or, with no lock at all, a version) can stop its late write.",
	},
	"keys.help.compare": {
		"キー操作: ← → で両方の列を 1 手ずつ、Home / End で最初と最後、Space で再生と一時停止。年表の印は Tab で選び、Enter でその手順を開く",
		"Keys: ← → step both columns, Home / End jump to the first and last step, Space plays and pauses. Tab reaches the timeline's marks; Enter opens a mark's step",
	},
	"keys.help": {
		"キー操作: ← → で 1 手ずつ、Home / End で最初と最後、F でフェンシングの有無を切り替え、Space で再生と一時停止、P で投影表示(Esc で戻る)。年表の印は Tab で選び、Enter でその手順を開く(印の上では ← → で隣の印へ)",
		"Keys: ← → step, Home / End jump to the first and last step, F toggles fencing, Space plays and pauses, P opens the projector view (Esc leaves it). Tab reaches the timeline's marks; Enter opens a mark's step (on a mark, ← → move to its neighbours)",
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
	"strategy.no-ttl":             {"単純ロック(TTL 無し)", "Plain lock (no TTL)"},
	"strategy.lease":              {"リースロック(TTL)", "Lease lock (TTL)"},
	"strategy.redlock":            {"Redlock(5 ノードの過半数)", "Redlock (majority of 5 nodes)"},
	"strategy.lease-fencing":      {"リース + フェンシング(1 台、メモリ上)", "Lease + fencing (one node, in memory)"},
	"strategy.consensus-unfenced": {"合意ベース(フェンシング無し)", "Consensus, no fencing"},
	"strategy.consensus":          {"合意ベース + フェンシング", "Consensus + fencing"},
	// A strategy's name where room is short (the projector's matrix): the
	// full name stays its accessible name and its title.
	"strategy.no-ttl.short":             {"TTL 無し", "No TTL"},
	"strategy.lease.short":              {"リース", "Lease"},
	"strategy.redlock.short":            {"Redlock", "Redlock"},
	"strategy.lease-fencing.short":      {"リース + フェンシング", "Lease + fencing"},
	"strategy.consensus-unfenced.short": {"合意のみ", "Consensus only"},
	"strategy.consensus.short":          {"合意 + フェンシング", "Cons. + fencing"},
	"strategy.optimistic.short":         {"楽観ロック", "Optimistic"},
	"strategy.no-ttl.about":             {"無期限、1 台、資源は検査しない", "no expiry; one node; the resource checks nothing"},
	"strategy.lease.about":              {"リース、1 台、資源は検査しない(素朴な Redis ロック)", "a lease; one node; the resource checks nothing (a naive Redis lock)"},
	"strategy.redlock.about":            {"リース、独立した 5 ノードの過半数、それぞれの時計。持ち主はランダムな値で見分け、トークンは無い。資源は検査しない", "a lease on a majority of 5 independent nodes, each with its own clock; the holder is a random value, there is no token; the resource checks nothing"},
	"strategy.lease-fencing.about": {
		"リース、1 台(カウンタはメモリ上、再起動で失う)、資源がトークンを検査。トークンは、ロックを貸すのと同じ不可分な操作の中で発行する(1 台の Redis なら、SET NX PX と INCR を一つの Lua スクリプトで)。取得の前であれ後であれ、カウンタを別の呼び出しで増やすと、二つの呼び出しの間で止まったクライアントがいたときに、新しい持ち主のほうが古い持ち主より小さいトークンを得ることがある",
		"a lease; one node (its counter in memory, lost on restart); the resource checks tokens. The token is issued in the same atomic operation as the grant (on one Redis server, SET NX PX and INCR in one Lua script): a counter incremented in a call of its own, before or after the grant, can give a newer holder a smaller token than an older holder paused between the two calls",
	},
	"strategy.consensus-unfenced.about": {
		"リース、合意で複製(etcd や ZooKeeper のロックを単独で使う)、資源は検査しない。Jepsen による etcd 3.4.3 の分析(2020 年)は、etcd のロックは非同期なネットワークでは排他を保証しないし、保証しようがないと結論した。etcd 自身も、ロックにはフェンシングトークンかバージョンの検査を組み合わせるよう勧めている。フェンシングの無いリーダー選出も同じだ。Kubernetes の client-go の leaderelection パッケージは、リーダーとして振る舞うクライアントがただ一つであることを保証しないと明記している。リーダーがただ一つでなければ困るシステムは、エポックでフェンシングする(HDFS の QJM では、JournalNode が新しいエポックを約束すると、それより古いエポックの書き手を拒む。Kafka のブローカーは、エポックの古いコントローラからの要求を拒む)",
		"a lease; replicated by consensus (an etcd or ZooKeeper lock used alone); the resource checks nothing. Jepsen's analysis of etcd 3.4.3 (2020) found that etcd's locks do not, and cannot, guarantee mutual exclusion in an asynchronous network; etcd itself advises pairing its locks with fencing tokens or version checks. Leader election without fencing is no different: Kubernetes client-go's leaderelection package says it does not guarantee that only one client is acting as leader. Systems that need a single leader fence by epoch: in HDFS's quorum journal, a JournalNode that has promised a newer epoch refuses a writer with an older one, and Kafka's brokers refuse requests from a controller whose epoch is old",
	},
	"strategy.consensus.about": {
		"リース、合意で複製、資源がトークンを検査。トークンは、Chubby ではロックのシーケンサ、ZooKeeper ではロック znode の czxid、etcd ではロックキーの CreateRevision だ。ZooKeeper の連番(シーケンス番号)はトークンにならない。連番は親 znode のカウンタで、親を消して作り直すと 0 から数え直す(Curator はロックの親をコンテナ znode として作り、空になったコンテナは ZooKeeper が消す)。そのため、しばらくロックが使われずに親が消えた後では、新しい持ち主が、止まっていた古い持ち主より小さい番号を得ることがある。章の言う version(znode の dataVersion)もトークンにならない。ロックのたびに新しい znode を作るので、いつも 0 だ。これらの番号がトークンになるのは、決して戻らず、ロックがその番号の順にしか貸されないからだ(etcd の Mutex も ZooKeeper のロックのレシピも、待ち行列に加わったときに番号を決め、番号がいちばん小さいクライアントに貸す)。バックアップからの復元で履歴が巻き戻れば、この前提も崩れる(「バックアップからの復元」)。別のシステムの番号(データベースの連番など)は、ロックを貸した順序とは何の関係もない",
		"a lease; replicated by consensus; the resource checks tokens. The token is Chubby's lock sequencer, the lock znode's czxid in ZooKeeper, the lock key's CreateRevision in etcd. Not ZooKeeper's sequence number: it is the parent znode's counter, which starts again at 0 when the parent is deleted and made again (Curator makes the lock's parent a container node, which ZooKeeper deletes once it is empty), so after an idle spell a new holder can get a number below a paused old holder's. Nor is the version the chapter names (a znode's dataVersion): each lock makes a new znode, whose version is always 0. What makes these numbers tokens is that they never go back and that the lock is granted only in their order (etcd's Mutex and ZooKeeper's lock recipe fix a waiter's number when it joins the queue, and grant the lock to the smallest); a restore that rolls the service's history back breaks that too (\"Restore from backup\"). A number from another system (a database sequence, say) orders no grant",
	},

	"strategy.optimistic": {"楽観ロック(ロック無し)", "Optimistic lock (no lock)"},
	"strategy.optimistic.about": {
		"ロックサービスは無い。章の最後に挙げた、データベースの楽観ロックだ。資源は行ごとに version を持ち、書き込みは UPDATE … SET v = ?, version = version + 1 WHERE id = ? AND version = ? の 1 文で、書き手が読んだ version がいまもその行の version である場合にだけ当たる。取得は version を読むだけで、誰も締め出さない(この列では、version を読むことを取得と数える)。読んだ後に別の書き込みが入っていれば、更新は 0 行で終わり、書き手は読み直してやり直す。PostgreSQL では、この 1 文はどの分離レベルでも不可分だ。READ COMMITTED では、並行する書き手を待った後に WHERE を評価し直して 0 行になる。REPEATABLE READ と SERIALIZABLE では、同じ競合がシリアライズ失敗(40001)で終わることもある。どちらでも書き込みは適用されない。章の言う通り、version 列は資源側のフェンシングそのもので、トークンを発行するロックサービスが無くても二重更新を防ぐ",
		"no lock service: the database's optimistic lock, the chapter's last point. The resource keeps a version per row, and a write is one statement, UPDATE … SET v = ?, version = version + 1 WHERE id = ? AND version = ?, which takes effect only if the version its writer read is still the row's. An acquire only reads the version and excludes nobody (this column counts that read as the grant). If another write has landed since, the update changes 0 rows, and the writer reads again and retries. On PostgreSQL the statement is atomic at any isolation level: at READ COMMITTED it evaluates its WHERE again after waiting for a concurrent writer, and updates 0 rows; at REPEATABLE READ and SERIALIZABLE the same race can end in a serialization failure (40001) instead; either way the write is not applied. As the chapter says, the version column is fencing at the resource itself: it prevents a double update with no lock service issuing tokens",
	},
	// A row's three choices.
	"design.lease.none":         {"TTL 無し", "no TTL"},
	"design.lease.ttl":          {"TTL", "TTL"},
	"design.service.one-node":   {"1 台", "one node"},
	"design.service.replicated": {"合意で複製", "replicated"},
	"design.service.majority":   {"5 ノードの過半数", "majority of 5"},
	"design.check.unchecked":    {"資源は検査しない", "unchecked"},
	"design.check.checked":      {"資源がトークンを検査", "checks tokens"},
	"design.service.none":       {"ロックサービス無し", "no lock service"},
	"design.check.version":      {"資源が version を検査", "checks a version"},
	"matrix.rows":               {"各行の方式", "The rows"},

	// The matrix.
	"matrix.intro": {
		"章の比較表を、手で書く代わりにモデルで計算した。各列(方式)は、リース(無し / TTL)、ロックサービス(無し / 1 台 / 合意で複製 / Redlock の 5 ノード)、資源(検査しない / トークンを検査 / version を検査)の組み合わせ。各セルは、その行のシナリオをその列の方式で最後まで再生した結果。セルを開くと、結果が決まる手からその実行を 1 手ずつ見られる。章の「リース + フェンシング」にあたるのは合意ベース + フェンシングの列だ(章の LockService は合意が取れている前提)。「リース + フェンシング(1 台、メモリ上)」の列は、その前提を外すと何を失うかを示す。最後の楽観ロックの列にはロックが無い。章が最後に挙げた、資源が version を検査するだけの方式だ。",
		"The chapter's comparison table, computed by the model instead of written by hand. Each column (a strategy) combines a lease (none or a TTL), a lock service (none, one node, replicated by consensus, or Redlock's 5 nodes) and a resource (checks nothing, checks tokens, or checks a version). Each cell is the result of replaying its row's scenario to the end under its column's strategy. Open a cell to step through that run from the step that decides it. The chapter's \"lease + fencing\" is the consensus + fencing column (the chapter's LockService assumes agreement); the \"lease + fencing (one node, in memory)\" column shows what dropping that premise costs. The last column, the optimistic lock, has no lock at all: the chapter's last point, a resource that checks a version and nothing else.",
	},
	"matrix.caption": {"方式ごとの結果(列: 方式、行: シナリオ)。セルを開くと、結果が決まる手からその実行を見られる", "Outcome per strategy (columns: strategies, rows: scenarios). Open a cell to see the run from the step that decides it"},
	"matrix.corner":  {"シナリオ / 方式", "Scenario / strategy"},
	"matrix.cell":    {"%s: %s、%s", "%s: %s under %s"},
	"matrix.legend": {
		"フェンシングが約束するのは、資源での書き込みの順序(トークン順)であって、実時間での排他ではない。判定は資源ごと。✓ 安全: 前の取得のもとでの書き込みが、新しい取得の後に届くことはなく、ロックは使える。△ 危うい: 前の取得のもとでの書き込みが、新しい取得の後に適用されたが、何も壊していない(新しい持ち主はまだ書いておらず、読んだ後に書いてもいない)。新しい持ち主がトークンを示さずに読んでから書けば、それは失われる。✗ 破壊: 新しい持ち主の書き込みの後に、前の取得のもとでの書き込みが適用された(上書き)、あるいは新しい持ち主が読んだ後に前の取得のもとでの書き込みが適用され、新しい持ち主がその読み取りをもとに書いた(ロストアップデート)。トークンの検査を通ったかどうかは問わない。⊘ 行き詰まり: クラッシュした持ち主が TTL の無いロックを永遠に持つ、あるいはカウンタが戻った後(再起動や復元)、資源が今の持ち主を拒む。ロックの無い楽観ロックの列では何も貸されないので、version を読むこと(取得、または読み取り)を取得と数え、同じ定義で判定する。次の書き込みはその読み取りから計算されるからだ。危ういのは、後から読んだ者がいる行に前の読み取りからの書き込みが届いたときで、後から読んだ者が検査の無い書き込みをすれば、それは失われる。誰も何も持たないので、行き詰まりは無い。セルの下の小さな注は、判定に数えないがその実行で起きたことを示す。↺: 一人の持ち主の書き込みが、送った順とは逆に適用された(フェンシングはそれを順序づけない)。",
		"Fencing promises order by token at the resource, not mutual exclusion in real time; each resource is judged on its own. ✓ safe: no write made under an older grant landed after a newer grant, and the lock can be used. △ at risk: a write made under an older grant was applied after a newer grant was issued, but destroyed nothing (the newer holder had not written, nor written after a read); a newer holder that read without showing its token and then wrote would lose it. ✗ corrupted: an older grant's write was applied after the newer holder's write (an overwrite), or after the newer holder read, and the newer holder then wrote from that read (a lost update), whether or not the write passed a token check. ⊘ stuck: a crashed holder keeps a lock without TTL forever, or after the counter went back (a restart or a restore) the resource refuses the holder in force. In the optimistic lock's column nothing is granted, so each read of a version (an acquire, or a read) counts as a grant, since the next write is computed from it, and the same definitions judge the run: at risk is a write from an older read landing after a newer read of its row, which a later reader writing without the check would lose; nothing is held, so nothing is stuck. The small notes under a cell say what happened in its run without counting towards the verdict. ↺: one holder's writes were applied in the reverse of the order it sent them (fencing does not order them).",
	},
	"matrix.simplifies": {
		"このモデルが簡略化していること: 時刻は論理的な tick、ロックは 1 本。合意で複製されたサービスは、再起動しても状態を失わない 1 台として描き、そのフェイルオーバーは、何も失わず、有効なリースを最初から、選挙タイムアウト 1 tick を足してやり直すリーダー交代とする(etcd の場合。ZooKeeper はセッションのタイムアウトを丸ごとやり直す)。1 台のロックサービスには非同期のレプリカが 1 つあり、sync のステップでだけプライマリに追いつく(Redis のレプリカの遅れはふつう数ミリ秒だが、上限は無い)。フェイルオーバーは 1 回の実行で 1 回まで、時間はかからず、写し取ったものだけを持つレプリカにサービスを渡す。クライアントはリースを要求を送った時点から数え(「遅れて届く取得の返事」の A だけは返事の時点から)、自分の認識のまま書く。自分の時計でリースを確かめるのは check のステップだけだ。書く前に自分の時計でリースを確かめるクライアントなら、「分断された持ち主」の A のように、自分のリースが切れた後に書くことはない。それでも、確かめてから書くまでの間に止まれば防げない(「確認してから書く」)。楽観ロックの列のクライアントは、version を読み、それを添えて書くだけだ。拒否されても自分ではやり直さない(読み直すのは筋書きがそうするときだけ)。ネットワークで足止めされた書き込みは、書き手があきらめたもので、その結果を書き手は知らない。version を読むことを取得と数えるのは、判定のためのモデルの数え方だ。",
		"What this model simplifies: time is logical ticks, and there is one lock. A service replicated by consensus is drawn as one node whose state survives restarts, and its failover as a leader change that loses nothing and restarts the lease in force in full, plus an election timeout of one tick (etcd's way; ZooKeeper restarts each session's whole timeout). A lock service on one node has one asynchronous replica, which catches up with its primary only at a sync step (Redis's replica is usually milliseconds behind, but nothing bounds it); a failover, once a run and taking no time, hands the service to the replica with only what it copied. Clients count a lease from when they sent the request (only the A of \"Slow grant\" counts from the reply) and write on what they believe: they look at their own lease clock only at a check step. A client that checks its lease by its own clock before every write would not write past its own lease, as the A of \"Partitioned holder\" does; it is still exposed to a pause between its check and its write (\"Check, then write\"). In the optimistic lock's column, a client reads a version and writes with it, nothing more: refused, it does not retry by itself (it reads again only where the story says so), and a write held up in the network is one its writer gave up waiting for, whose outcome it never learns. Counting a read of a version as a grant is the model's way of numbering, for the verdict.",
	},
	"matrix.purpose": {
		"ロックを使う目的は二つある。効率のため(同じ仕事を二度しないため)なら、まれに二つのクライアントが同時に持っても、仕事が重複するだけで許せる。それには Redis 1 台で足りる。正しさのため(データを壊さないため)なら、ロックサービスだけでは足りず、資源が自分でトークンを検査する必要がある。下の表が正しさの表であるのはそのためだ。この線引きは、フェンシングトークンを示した Martin Kleppmann の「How to do distributed locking」(2016 年)による。同じ記事は、Redlock の安全性が、ネットワークの遅延・プロセスの停止・時計の誤差のすべてに上限があるという前提に立っていることも指摘した。これに対する antirez の反論「Is Redlock safe?」(2016 年)は、リースを単調時計で測ることと、ロックのランダムな値を資源での check-and-set に使うことを提案した。だがランダムな値は何も順序づけない。資源にできるのは、それを知らされた値と比べることだけで、古い持ち主の値と新しい持ち主の値は見分けられない(Redlock の列)。楽観ロックの列は、同じ線引きのもう一方の端だ。そこでは資源の version の検査だけで正しさが守られ、ロックが加えるのは効率だけになる。拒否される書き手、読み直してやり直す仕事が減るのだ。同じ行を書き合うクライアントが少なければロックは要らない。多ければ、ときに二つのクライアントが同時に持つロックでも、その無駄を省いてくれる。正しさは version の検査が守り続ける。",
		"A lock serves one of two purposes. For efficiency (not doing the same work twice), two clients rarely holding it at once only duplicates work, which is tolerable: a single Redis node is enough. For correctness (not corrupting data), the lock service is not enough: the resource must check the tokens itself. That is why the table below is about correctness. The line is the one drawn in \"How to do distributed locking\" (Martin Kleppmann, 2016), which set out fencing tokens and showed that Redlock's safety rests on bounded network delay, bounded process pauses and bounded clock error. The reply, \"Is Redlock safe?\" (antirez, 2016), proposed timing leases with monotonic clocks and using the lock's random value as a check-and-set at the resource; but a random value orders nothing: a resource can only compare it with a value it was told, and cannot tell an older holder's from a newer one's (the Redlock column). The optimistic lock's column is the other end of the same line: there the resource's version check alone keeps the data correct, and all a lock would add is efficiency: fewer writers refused, less work read again and redone. Where few clients write the same rows, no lock is needed; where many do, even a lock that two clients occasionally hold at once saves that wasted work, while the version check goes on guarding correctness.",
	},
	"lock.simplifies.replicated": {
		"簡略化: 合意で複製されたサービスを、再起動しても状態を失わない 1 台として描く。フェイルオーバーは、何も失わず、有効なリースを最初から(選挙タイムアウト 1 tick を足して)やり直すリーダー交代で、時間はかからない。",
		"Simplified: the service replicated by consensus is drawn as one node whose state survives restarts; a failover is a leader change that takes no time, loses nothing, and restarts the lease in force in full, plus an election timeout of one tick.",
	},
	"matrix.harm": {"%s(%s)", "%s (%s)"},
	"matrix.note.reordered": {
		"↺ 同じ持ち主の書き込みが逆順に適用された(判定には数えない)",
		"↺ one holder's own writes applied out of order (not counted in the verdict)",
	},
	"matrix.note.fast-clock": {
		"ここで跳ぶのは、速く進むリーダーの時計だ。システム時刻が跳んでも、こうはならない",
		"here, a leader clock that runs fast; a step of the wall clock would not do this",
	},
	"matrix.note.past-validity": {
		"%s は有効期間を過ぎてロックを使う。Redlock の手順はそれを禁じている",
		"%s uses the lock past its validity, which the algorithm forbids",
	},
	"matrix.harm.part":  {"(%s)", " (%s)"},
	"harm.overwrite":    {"上書き", "overwrite"},
	"harm.lost-update":  {"ロストアップデート", "lost update"},
	"verdict.safe":      {"✓ 安全", "✓ safe"},
	"verdict.at-risk":   {"△ 危うい", "△ at risk"},
	"verdict.corrupted": {"✗ 破壊", "✗ corrupted"},
	"verdict.stuck":     {"⊘ 行き詰まり", "⊘ stuck"},

	// Badge.
	"badge.step":      {"ステップ %d", "step %d"},
	"badge.empty":     {"まだ何も起きていない", "Nothing has happened yet"},
	"badge.protected": {"✓ 資源は守られた", "✓ Resource protected"},
	"badge.destroyed": {"✗ 資源が破壊された", "✗ Resource destroyed"},
	"badge.at-risk":   {"△ 遅れた書き込みが届いた(まだ無害)", "△ At risk: a late write landed (harmless so far)"},
	"badge.stuck":     {"⊘ ロックが使えなくなった", "⊘ Lock stuck"},
	"badge.reordered": {"↺ 同じ持ち主の書き込みが逆順に", "↺ One holder's own writes out of order"},

	// Controls.
	"fencing":     {"フェンシング", "Fencing"},
	"fencing.on":  {"有", "On"},
	"fencing.off": {"無", "Off"},
	"fencing.what": {
		"資源がトークンを検査するかどうかを切り替える(ロックサービスはそのまま)",
		"Switches whether the resource checks tokens (the lock service stays as it is)",
	},
	"fencing.unavailable.redlock": {
		"Redlock はトークンを発行しないので、資源が検査するものが無い(切り替えられない)",
		"Redlock issues no token, so there is nothing for the resource to check (no switch)",
	},
	"fencing.unavailable.optimistic": {
		"ロックサービスが無いのでトークンも無く、資源は version を検査する。章の言う通り、version 列はそれ自体が資源側のフェンシングだ(切り替えられない)",
		"With no lock service there is no token: the resource checks a version, which, as the chapter says, is fencing at the resource itself (no switch)",
	},
	"fencing.unavailable.no-ttl": {
		"章の表には、TTL 無しのロックにフェンシングを組み合わせた行が無い(切り替えられない)",
		"The chapter's table has no row combining a lock without TTL with fencing (no switch)",
	},
	"advance":              {"1手すすめる", "Advance one step"},
	"nav.label":            {"ステップの移動", "Step navigation"},
	"nav.first":            {"最初へ", "First"},
	"nav.prev":             {"前のステップ", "Previous step"},
	"nav.next":             {"次のステップ", "Next step"},
	"nav.last":             {"最後へ", "Last"},
	"playback.start":       {"▶ 再生", "▶ Play"},
	"playback.pause":       {"❚❚ 一時停止", "❚❚ Pause"},
	"playback.pace":        {"速さ", "Pace"},
	"present":              {"投影表示", "Projector view"},
	"present.exit":         {"投影表示を終える(Esc)", "Leave the projector view (Esc)"},
	"handout.title":        {"すべての手順(%s)", "Every step (%s)"},
	"handout.verdict":      {"判定: %s", "Verdict: %s"},
	"handout.title.upto":   {"ステップ %d までの手順(%s)", "The steps up to %d (%s)"},
	"handout.verdict.upto": {"ステップ %d までの判定: %s", "Verdict up to step %d: %s"},
	"nav.counter":          {"ステップ %d / %d", "Step %d of %d"},
	"dock.label":           {"ステップの移動(画面の下)", "Steps (at the foot of the screen)"},
	"lang.switch":          {"English", "日本語"},

	// Lock service card.
	"lock.title":           {"ロックサービス", "Lock service"},
	"lock.kind.one-node":   {"1 台(メモリ上)", "one node, in memory"},
	"lock.kind.replicated": {"合意で複製", "replicated"},
	"lock.kind.majority":   {"独立した 5 ノード", "5 independent nodes"},
	"lock.kind.none":       {"無し", "none"},
	"lock.none.about": {
		"この方式にロックサービスは無い。取得は資源の version を読むだけで、誰もロックを持たず、誰も締め出されない。",
		"This row has no lock service: an acquire only reads the resource's version; nobody holds a lock, and nobody is excluded.",
	},
	"lock.holder":          {"持ち主", "Holder"},
	"lock.holder.majority": {"持ち主(過半数)", "Holder (majority)"},
	"lock.no-tokens":       {"(Redlock はトークンを発行しない)", "(Redlock issues none)"},
	"lock.clients-now":     {"(クライアントの時計は t=%d)", "(clients' clocks: t=%d)"},
	"nodes.caption":        {"Redlock の各ノード(それぞれの時計で。クライアントの時計は t=%d)", "Redlock's nodes, each by its own clock (the clients' clocks read t=%d)"},
	"nodes.node":           {"ノード", "Node"},
	"nodes.clock":          {"時計", "Clock"},
	"nodes.holder":         {"持ち主", "Holder"},
	"nodes.expiry":         {"失効", "Expires"},
	"lock.free":            {"(空き)", "(free)"},
	"lock.token":           {"発行トークン", "Issued token"},
	"lock.none":            {"—", "—"},
	"lock.lease":           {"リース", "Lease"},
	"lock.expiry":          {"失効 t=", "expires t="},
	"lock.no-lease":        {"まだ無い", "none yet"},
	"lock.never":           {"無期限", "never"},
	"lock.now":             {"現在 t=", "now t="},
	"lock.restarts":        {"再起動", "Restarts"},

	// Resource card.
	"resource.title":            {"資源", "Resource"},
	"resource.fenced":           {"フェンシング有", "fenced"},
	"resource.unfenced":         {"フェンシング無", "unfenced"},
	"resource.check-then-apply": {"フェンシング有(検査と適用が別)", "fenced, check then apply"},
	"resource.versioned":        {"version を検査", "checks a version"},
	"resource.versioned-split":  {"version を検査(検査と適用が別)", "checks a version, then applies"},
	"resource.version":          {"version", "version"},
	"resource.value":            {"現在の値", "Current value"},
	"resource.empty":            {"(空)", "(empty)"},
	"resource.maxToken":         {"maxToken", "maxToken"},
	"resource.rejected":         {"拒否した書き込み", "Rejected writes"},

	// The network.
	"network.title":          {"足止めされたメッセージ", "Held up on the way"},
	"network.empty":          {"(足止めされたメッセージ無し)", "(nothing held up)"},
	"network.write":          {"%s: %s → %s Write(token %d, %q)、t=%d に送信", "%s: %s → %s Write(token %d, %q), sent at t=%d"},
	"network.write.no-token": {"%s: %s → %s Write(%q)、t=%d に送信", "%s: %s → %s Write(%q), sent at t=%d"},
	"network.renew":          {"%s: %s → ロックサービス Renew、t=%d に送信(分断で届かない)", "%s: %s → lock service Renew, sent at t=%d (cut off by a partition)"},
	"network.apply":          {"%[1]s: %[2]s の %[3]s への Write(token %[4]d, %[5]q)、t=%[6]d に検査済み、適用待ち", "%[1]s: %[2]s's Write(token %[4]d, %[5]q) to %[3]s, checked at t=%[6]d, waiting to be applied"},
	"network.grant":          {"%s: ロックサービス → %s 返事「ロックが取れた(token %d)」、t=%d の要求への返事", "%s: lock service → %s reply \"granted, token %d\", to the request of t=%d"},
	"network.grant-no-token": {"%s: ノード → %s 返事「ロックが取れた」、t=%d の要求への返事", "%s: nodes → %s reply \"granted\", to the request of t=%d"},
	"network.write.version":  {"%s: %s → %s Write(version %d, %q)、t=%d に送信", "%s: %s → %s Write(version %d, %q), sent at t=%d"},
	"network.apply.version":  {"%[1]s: %[2]s の %[3]s への Write(version %[4]d, %[5]q)、t=%[6]d に検査済み、適用待ち", "%[1]s: %[2]s's Write(version %[4]d, %[5]q) to %[3]s, checked at t=%[6]d, waiting to be applied"},
	"network.versions":       {"%s: 資源 → %s 返事「%s」、t=%d の要求への返事", "%s: resource → %s reply \"%s\", to the request of t=%d"},
	"network.refusal":        {"%s: ロックサービス → %s 返事「拒否」、t=%d の要求への返事", "%s: lock service → %s reply \"refused\", to the request of t=%d"},

	// Clients' own views.
	"clients.title":                {"それぞれのクライアントの認識", "What each client believes"},
	"client.idle":                  {"○ 待機中", "○ idle"},
	"client.running":               {"▶ 実行中", "▶ running"},
	"client.paused":                {"‖ 停止中(GC)", "‖ paused (GC)"},
	"client.crashed":               {"✗ クラッシュ", "✗ crashed"},
	"client.holds":                 {"token %d を持っているつもり", "believes it holds token %d"},
	"client.holds.until":           {"token %d を持っているつもり(自分の計算では t=%d まで)", "believes it holds token %d (until t=%d by its own reckoning)"},
	"client.holds.forever":         {"token %d を持っているつもり(無期限)", "believes it holds token %d (no expiry)"},
	"client.holds-lock.until":      {"ロックを持っているつもり(自分の計算では t=%d まで)", "believes it holds the lock (until t=%d by its own reckoning)"},
	"client.holds-lock.forever":    {"ロックを持っているつもり(無期限)", "believes it holds the lock (no expiry)"},
	"client.holdsNone":             {"ロックを持っていない", "holds no lock"},
	"client.discipline.from-reply": {"リースを返事の届いた時点から数える", "counts its lease from when the reply arrived"},
	"client.versions":              {"%s を添えて書くつもり", "will write with %s"},
	"client.versions.none":         {"まだ version を読んでいない", "has read no version yet"},
	"client.outdated":              {"ロックサービスの記録とは食い違っている", "the lock service says otherwise"},

	// The action line.
	"action.label":                   {"このステップの操作", "This step's action"},
	"action.initial":                 {"初期状態", "Initial state"},
	"action.acquire":                 {"Acquire → token %d", "Acquire → token %d"},
	"action.acquire.no-token":        {"Acquire → 過半数を取得", "Acquire → majority won"},
	"action.acquire.refused":         {"Acquire → 拒否", "Acquire → refused"},
	"action.acquire.held":            {"Acquire → token %d(返事は遅延中)", "Acquire → token %d (reply delayed)"},
	"action.acquire.no-token.held":   {"Acquire → 過半数で取得(返事は遅延中)", "Acquire → majority granted (replies delayed)"},
	"action.acquire.refused.held":    {"Acquire → 拒否(返事は遅延中)", "Acquire → refused (reply delayed)"},
	"action.renew":                   {"Renew → 失効 t=%d", "Renew → expires t=%d"},
	"action.renew.nodes":             {"Renew → %d ノードで更新", "Renew → renewed on %d nodes"},
	"action.renew.never":             {"Renew → 無期限のまま", "Renew → still no expiry"},
	"action.renew.refused":           {"Renew → 拒否", "Renew → refused"},
	"action.renew.held":              {"Renew → 送信、届かない(分断)", "Renew → sent, not arriving (partition)"},
	"action.deliver.renew":           {"到着: Renew → 更新", "Arrives: Renew → renewed"},
	"action.deliver.renew.refused":   {"到着: Renew → 拒否", "Arrives: Renew → refused"},
	"action.deliver.renew.dropped":   {"到着: Renew → 受け取り手がいない", "Arrives: Renew → nobody to tell"},
	"action.renew.skipped":           {"Renew → 送らない(ロック無し)", "Renew → not sent (no lock)"},
	"action.release":                 {"Release", "Release"},
	"action.release.refused":         {"Release → 持ち主ではない", "Release → not the holder"},
	"action.write":                   {"Write(token %d, %q)", "Write(token %d, %q)"},
	"action.write.no-token":          {"Write(%q)", "Write(%q)"},
	"action.write.held":              {"%s → 送信、遅延中", "%s → sent, delayed"},
	"action.write.checked":           {"%s → 検査済み、適用待ち", "%s → checked, not yet applied"},
	"action.write.skipped":           {"Write → 送らない(ロック無し)", "Write → not sent (no lock)"},
	"action.read":                    {"Read(token %d) → %s", "Read(token %d) → %s"},
	"action.read.skipped":            {"Read → 送らない(ロック無し)", "Read → not sent (no lock)"},
	"action.read.no-token":           {"Read → %s", "Read → %s"},
	"action.peek":                    {"Peek(トークン無し) → %s", "Peek (no token) → %s"},
	"action.check.valid":             {"リース確認 → 有効(t=%d < %d)", "Check lease → valid (t=%d < %d)"},
	"action.check.forever":           {"リース確認 → 有効(無期限)", "Check lease → valid (no expiry)"},
	"action.check.expired":           {"リース確認 → 失効を検知", "Check lease → expired"},
	"action.check.none":              {"リース確認 → ロック無し", "Check lease → no lock"},
	"action.pause":                   {"GC 停止(%d tick)", "GC pause (%d ticks)"},
	"action.pause.expires":           {"GC 停止(%d tick)→ リース失効", "GC pause (%d ticks) → lease expires"},
	"action.resume":                  {"再開", "Resume"},
	"action.crash":                   {"クラッシュ", "Crash"},
	"action.tick":                    {"時間経過 +%d", "Time passes +%d"},
	"action.tick.expires":            {"時間経過 +%d → リース失効", "Time passes +%d → lease expires"},
	"action.jump":                    {"サービスの時計 +%d", "Service clock +%d"},
	"action.jump.replicated":         {"リーダーの時計 +%d(速く進む)", "Leader's clock +%d (runs fast)"},
	"action.jump.node":               {"ノード %d の時計 +%d", "Node %d's clock +%d"},
	"action.deliver.write":           {"到着: %s", "Arrives: %s"},
	"action.deliver.apply":           {"適用: %s", "Applied: %s"},
	"action.deliver.grant":           {"到着: 返事「ロックが取れた(token %d)」", "Arrives: reply \"granted, token %d\""},
	"action.deliver.grant-no-token":  {"到着: 返事「ロックが取れた」", "Arrives: reply \"granted\""},
	"action.deliver.refused":         {"到着: 返事「拒否」", "Arrives: reply \"refused\""},
	"action.deliver.nothing":         {"ネットワーク → 届くもの無し", "Network: nothing to deliver"},
	"action.restart.kept":            {"ロックサービス再起動 → 状態を保持", "Lock service restarts → state kept"},
	"action.restart.lost":            {"ロックサービス再起動 → 状態を失う", "Lock service restarts → state lost"},
	"action.restart.node":            {"ノード %d 再起動 → ロックを忘れる", "Node %d restarts → forgets its locks"},
	"action.backup":                  {"ロックサービスのバックアップ", "Lock service backed up"},
	"action.backup.node":             {"ノード %d のバックアップ", "Node %d backed up"},
	"action.restore":                 {"バックアップから復元 → カウンタ %d", "Restored from backup → counter %d"},
	"action.restore.node":            {"ノード %d をバックアップから復元", "Node %d restored from its backup"},
	"result.accepted":                {"受理", "accepted"},
	"result.stale-token":             {"受理 — トークンが maxToken より小さい(フェンシング有なら適用されない)", "accepted — its token is below maxToken (a fenced resource would not apply it)"},
	"result.stale.overwrote":         {"受理 — 新しい持ち主の値を破壊", "accepted — overwrites a newer holder's data"},
	"result.stale.before-new-holder": {"受理 — 遅れた書き込み(新しい持ち主が書く前)", "accepted — a late write, before the new holder's"},
	"result.lost-update":             {"受理 — 読んだ後に届いた書き込みを消す", "accepted — discards a late write it never read"},
	"result.rejected":                {"フェンス落ち(拒否)", "fenced off (rejected)"},
	"result.noToken":                 {"拒否(トークン無し)", "rejected (no token)"},
	"result.refused":                 {"拒否", "refused"},
	"result.held":                    {"遅延中", "delayed"},
	"result.checked":                 {"検査済み、適用待ち", "checked, not applied"},
	"result.skipped":                 {"送らない", "not sent"},
	"result.valid":                   {"有効", "valid"},
	"result.expired":                 {"失効", "expired"},
	"result.stuck":                   {"ロックは永遠に空かない", "the lock will never be free"},
	"result.lost":                    {"状態消失", "state lost"},
	"result.dropped":                 {"受け取り手がいない", "nobody to receive it"},
	"result.late-grant":              {"遅すぎた返事(使わない)", "too late (unused)"},
	"result.reordered":               {"受理 — 同じ持ち主が後に送った書き込みを上書き", "accepted — overwrites the same holder's later write"},
	"result.restored":                {"バックアップの状態に戻る", "back to the backup"},
	"result.reordered.after":         {"受理 — 同じ持ち主がこの後に送った書き込みより遅れて適用", "accepted — applied after the same holder's later write"},

	// The action line and its tags where there is no lock service, and
	// at a resource that checks a version.
	"action.acquire.versions":                {"version を読む → %s", "Read the version → %s"},
	"action.acquire.versions.held":           {"version を読む → (返事は遅延中)", "Read the version → (reply delayed)"},
	"action.version":                         {"version %d", "version %d"},
	"action.read.version":                    {"Read → %s(version %d)", "Read → %s (version %d)"},
	"action.peek.version":                    {"Peek(version 無し) → %s", "Peek (no version) → %s"},
	"action.deliver.versions":                {"到着: 返事「%s」", "Arrives: reply \"%s\""},
	"action.write.version":                   {"Write(version %d, %q)", "Write(version %d, %q)"},
	"action.write.skipped.version":           {"Write → 送らない(version を読んでいない)", "Write → not sent (no version read)"},
	"action.no-service.renew":                {"Renew", "Renew"},
	"action.no-service.release":              {"Release", "Release"},
	"action.no-service.restart":              {"ロックサービス再起動", "Lock service restarts"},
	"action.no-service.backup":               {"ロックサービスのバックアップ", "Lock service backed up"},
	"action.no-service.restore":              {"バックアップから復元", "Restored from backup"},
	"action.no-service.jump":                 {"サービスの時計 +%d", "Service clock +%d"},
	"result.no-service":                      {"何も起きない(ロックサービスが無い)", "nothing happens (no lock service)"},
	"result.stale-version":                   {"受理 — 検査した version はもう古い", "accepted — the version it was checked against is out of date"},
	"result.stale.before-new-holder.version": {"受理 — 後から読んだ者がいる(まだ無害)", "accepted — after a later read (harmless so far)"},
	"result.stale.overwrote.version":         {"受理 — 後から読んだ者の値を破壊", "accepted — overwrites a later reader's data"},
	"result.rejected.version":                {"拒否 — version が違う(0 行を更新)", "refused — version mismatch (0 rows updated)"},
	"versions.one":                           {"%[1]s の version %[2]d", "%[1]s (version %[2]d)"},
	"versions.and":                           {" と ", " and "},
	// The timeline.
	"timeline.title":          {"タイムライン: %s(%s)", "Timeline: %s (%s)"},
	"timeline.desc":           {"左から右へ時間が進む。上の %d 本がクライアント、その下がロックサービス(リースの期間を帯で表示)と資源。t=%d から t=%d まで、%d 個の出来事のうち、現在のステップ %[5]d までを描いている。", "Time runs from left to right. The top %d lanes are the clients; below them, the lock service (leases as bars) and the resource. From t=%d to t=%d, %d events, drawn up to the current step, %[5]d."},
	"timeline.desc.future":    {"左から右へ時間が進む。上の %d 本がクライアント、その下がロックサービス(リースの期間を帯で表示)と資源。t=%d から t=%d まで、%d 個の出来事をすべて描き、現在のステップ %[5]d より後は薄く表示。", "Time runs from left to right. The top %d lanes are the clients; below them, the lock service (leases as bars) and the resource. From t=%d to t=%d, all %d events are drawn; those after the current step, %[5]d, are faded."},
	"timeline.lock":           {"ロック", "lock"},
	"timeline.destroys":       {"%s の値を破壊", "destroys %s's value"},
	"timeline.loses":          {"遅れた書き込みを消す", "loses a late write"},
	"timeline.refused":        {"拒否", "refused"},
	"timeline.pause":          {"GC 停止", "GC pause"},
	"timeline.future":         {"全体を表示", "Show the whole run"},
	"timeline.legend":         {"凡例", "Legend"},
	"timeline.download":       {"タイムラインをダウンロード(SVG)", "Download the timeline (SVG)"},
	"timeline.legend.axis":    {"横軸は時間。目盛りは、その時刻が始まるところ", "The x axis is time; each tick is where its time begins"},
	"timeline.legend.still":   {"軸の濃い区間: 同じ時刻に起きた出来事。その間、時間は進まず、出来事ごとに列を一つずつ取る", "A shaded stretch of the axis: steps at one time. Time stands still there, each step in a column of its own"},
	"timeline.legend.tick":    {"▾+6: 全員の時計が 6 tick 進む", "▾+6: 6 ticks pass on every clock"},
	"timeline.legend.lease":   {"リース: 取得から、今のステップまでに届いたところまで(A·1 は A の token 1)", "Lease: from its grant as far as the step shown has reached (A·1 is A's token 1)"},
	"timeline.legend.known":   {"点線の枠: 有効なリースが、今わかっている限りで切れるところまで(更新で延び、解放や再起動で短くなる)", "Dashed outline: how far the lease in force reaches, as far as is known now (a renewal extends it; a release or a restart cuts it short)"},
	"timeline.legend.pause":   {"GC 停止の間(点線の枠)", "A GC pause, for its whole length (dashed box)"},
	"timeline.legend.crash":   {"クラッシュの後", "After a crash"},
	"timeline.legend.dots":    {"クライアントの出来事: acq 1 は token 1 の取得(acq ✓ はトークン無しの取得、acq ✗ は拒否)、renew は更新(✗ は拒否)、rel は解放、chk ✓ / chk ✗ は自分のリースの確認、w1 は足止めされた書き込み、▶ は再開、✗ はクラッシュ、— はロックを持たないので送らない", "A client's events: acq 1, an acquire granted token 1 (acq ✓ without a token, acq ✗ refused); renew (✗ refused); rel, a release; chk ✓ / chk ✗, a check of its own lease; w1, a write held up on its way; ▶, it resumes; ✗, it crashes; —, not sent (it believes it holds no lock)"},
	"timeline.legend.service": {"ロックの線の出来事: ⟲ は再起動、clock +7 は時計の跳躍、backup と restore はバックアップと復元、sync と failover はレプリカの同期とフェイルオーバー", "On the lock's lane: ⟲, a restart; clock +7, a clock jump; backup and restore; sync and failover, the replica catching up and the service failing over"},
	"timeline.legend.arrows":  {"矢印: メッセージ。送り手から届いた先へ(資源への書き込みと読み取り、クライアントへの取得の返事、ロックへの更新)。途中で止まる矢印はまだ届いていない。∅ は送られなかったメッセージの配達", "Arrow: a message, from its sender to where it arrived (a write or read to a resource, an acquire's reply to its client, a renewal to the lock); one that stops midway is still on its way; ∅, the delivery of a message never sent"},
	"timeline.legend.marks":   {"✓1: token 1 の書き込みを受理。✓1!: 遅れた書き込みを受理。✗1: 拒否", "✓1: write with token 1 accepted. ✓1!: a late write accepted. ✗1: refused"},
	"timeline.legend.climax":  {"✗ 赤: 新しい持ち主の値を壊す書き込み(または遅れた書き込みを消す書き込み)", "✗ in red: the write that destroys a newer holder's value (or loses a late write)"},
	"timeline.legend.current": {"濃い列: 現在のステップ", "Tinted column: the current step"},
	"timeline.legend.later":   {"薄い印: まだ先のステップ(「全体を表示」のときだけ)", "Faded: steps still to come (only with \"Show the whole run\")"},
	"timeline.paused":         {"%s は GC で停止中", "%s is paused (GC)"},
	"timeline.crashed":        {"%s はクラッシュした", "%s has crashed"},
	"timeline.lease":          {"%s のリース(token %d): t=%d から t=%d まで、%s", "%s's lease (token %d): from t=%d to t=%d, %s"},
	"timeline.lease.open":     {"%s のリース(token %d): t=%d から、このステップで有効", "%s's lease (token %d): from t=%d, in force at this step"},
	"timeline.ended.expired":  {"期限切れ", "expired"},
	"timeline.ended.released": {"解放", "released"},
	"timeline.ended.lost":     {"再起動で消失", "lost in a restart"},
	"timeline.ended.restored": {"復元で消失", "forgotten in a restore"},
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
	"update.available":              {"新しいバージョンがあります。再読み込みすると切り替わります。", "A new version is available. Reload to switch to it."},
	"update.reload":                 {"再読み込み", "Reload"},
	"embed.title":                   {"このデモを埋め込む", "Embed this demo"},
	"embed.about":                   {"いま表示している状態のまま、ほかのページに iframe で埋め込めます。このサイトの embed.js を一度読み込めば、iframe の高さがデモに合わせて変わります。", "Embed the demo, in the state shown now, in another page with an iframe. Include this site's embed.js once, and the iframe's height follows the demo."},
	"embed.targets":                 {"埋め込む先", "Where it goes"},
	"embed.target.html":             {"HTML", "HTML"},
	"embed.target.vitepress":        {"VitePress", "VitePress"},
	"embed.target.docusaurus":       {"Docusaurus(MDX)", "Docusaurus (MDX)"},
	"embed.target.mdbook":           {"mdBook", "mdBook"},
	"embed.target.hugo":             {"Hugo", "Hugo"},
	"embed.sizes":                   {"大きさ", "Size"},
	"embed.size.full":               {"すべて", "Full"},
	"embed.size.compact":            {"コンパクト(カードと操作だけ)", "Compact (the cards and the controls)"},
	"embed.themes":                  {"配色", "Theme"},
	"embed.theme.auto":              {"埋め込み先に合わせる", "Follow the host page"},
	"embed.theme.light":             {"ライト", "Light"},
	"embed.theme.dark":              {"ダーク", "Dark"},
	"embed.where.html":              {"ページの HTML に:", "In the page's HTML:"},
	"embed.where.vitepress-config":  {".vitepress/config.mts の defineConfig に、サイトで一度だけ(VitePress はページに書いた <script> を実行しない):", "In .vitepress/config.mts, inside defineConfig, once for the site (VitePress does not run a <script> written in a page):"},
	"embed.where.markdown":          {"Markdown のページに:", "In the Markdown page:"},
	"embed.where.docusaurus-config": {"docusaurus.config.js に、サイトで一度だけ(MDX は中括弧を JSX として読む):", "In docusaurus.config.js, once for the site (MDX reads braces as JSX):"},
	"embed.where.mdx":               {".mdx のページに(style は JSX の書き方):", "In the .mdx page (style written as JSX):"},
	"embed.where.mdbook":            {"Markdown のページに(mdBook は HTML をそのまま出す):", "In the Markdown page (mdBook passes HTML through):"},
	"embed.where.hugo-shortcode":    {"layouts/shortcodes/dlock.html として、サイトで一度だけ(Hugo は既定で Markdown 中の HTML を出さない。embed.js はページに一度だけ入る):", "As layouts/shortcodes/dlock.html, once for the site (by default Hugo leaves out HTML written in Markdown; it includes embed.js once a page):"},
	"embed.where.hugo-page":         {"Markdown のページに(引数はアドレスのパラメータ。height で iframe の高さ):", "In the Markdown page (the parameters are the address's; height sets the iframe's):"},
	"embed.without-script": {
		"embed.js を読み込めないページでも、iframe だけでデモは動く(高さは %d px のまま)。",
		"Where a page cannot include embed.js, the iframe alone still shows the demo (at %d px).",
	},
	"embed.copy":         {"コピー", "Copy"},
	"embed.copied":       {"コピーしました。", "Copied."},
	"embed.selected":     {"選択しました。Ctrl+C でコピーしてください。", "Selected: press Ctrl+C to copy."},
	"embed.iframe-title": {"分散ロックのデモ(フェンシングトークン)", "Distributed lock demo (fencing tokens)"},

	// The loader (static/loader), before the app is live.
	"loader.loading": {"読み込み中 {progress}%", "Loading {progress}%"},
	"loader.failed":  {"デモを起動できませんでした。再読み込みしてみてください。", "The demo could not start. Try reloading the page."},
	"loader.waiting": {"この表示にはアプリが要る。アドレスのこの設定を外した 1 つの実行の表示なら、アプリ無しでも手順を進められる。", "This view needs the app; the one-run view, opened without these settings, steps without it."},
	"loader.sandbox": {
		"このデモは、sandbox 属性付きの iframe の中では起動できません。埋め込む側で sandbox に allow-same-origin を加えてください。",
		"The demo cannot start in this sandboxed iframe. Add allow-same-origin to the iframe's sandbox attribute.",
	},

	// After a panic.
	"crash.title":  {"デモでエラーが起きました。", "The demo ran into an error."},
	"crash.report": {"お手数ですが、このアドレスを添えて報告してください。同じ状態を再現できます。", "Please report it with this address, which reproduces the state it happened in:"},
	"crash.state":  {"状態: シナリオ %s、方式 %s、ステップ %d、表示 %s", "State: scenario %s, strategy %s, step %d, view %s"},
	"crash.reset":  {"既定の表示に戻る", "Back to the default view"},

	// The run replayed on real software (the lab, make lab).
	"real.title":                          {"実際のソフトウェアで", "On real software"},
	"real.about":                          {"この実行を、実際のロックサービス(Redis、etcd または ZooKeeper)と実際の PostgreSQL データベース(資源)で再生した記録だ(make lab)。ロックは実際に使われているライブラリで取る(1 台の Redis は bsm/redislock、Redlock は go-redsync/redsync、etcd は concurrency パッケージ、ZooKeeper は go-zookeeper/zk の上に書いたロックのレシピ)。ここで使う Go の Redis ライブラリは、どれもフェンシングトークンを出さない(Java なら Redisson の RFencedLock や Hazelcast の FencedLock が出す。etcd ではロックのキーの CreateRevision、ZooKeeper ではロックのノードの czxid がトークンになる)。そこで lease-fencing と no-ttl では、lab 自身の Lua スクリプトで、取得とトークンの発行を一つの不可分な操作にしている。クライアントはそれぞれ別のプロセスで、GC 停止はそのプロセスを実際に止め(SIGSTOP)、クラッシュはプロセスを強制終了する(SIGKILL)。クライアントとロックサービスの間には、クライアントごとに TCP のプロキシを置き、止められたメッセージはそこで止める。取得の返事は、その要求を運んだ接続の上で止め、更新は分断(両方向を止める)として止める。止められた書き込みはクライアントの中で止め、届けたときに送る。1 tick は 1 秒。手順ごとに、モデルと同じ結果か(何が起きたか、各クライアントが何を信じているか、資源に何があるか)を比べ、記録はモデルと同じ規則で判定している。楽観ロックの方式にはロックサービスが無い。その実行は PostgreSQL だけで行い、クライアントは行のバージョンを読んで、バージョンの比較と書き込みを 1 文で行う。", "This run, replayed on a real lock service (Redis, etcd or ZooKeeper) and a real PostgreSQL database (the resource) (make lab). The lock is taken with the libraries people use: bsm/redislock on one Redis, go-redsync/redsync for Redlock, etcd's concurrency package, and for ZooKeeper the lock recipe on go-zookeeper/zk. None of the Go Redis libraries used here issues a fencing token (Redisson's RFencedLock and Hazelcast's FencedLock, in Java, do; in etcd the lock key's CreateRevision is the token, in ZooKeeper the lock node's czxid), so lease-fencing and no-ttl use the lab's own Lua script, which grants the lock and issues its token in one atomic step. Each client is a process of its own: a GC pause really stops it (SIGSTOP), a crash really kills it (SIGKILL). Between each client and its lock service is a TCP proxy of its own, where held messages are held: an acquire's answer on the connection that carried its request, a renewal as a partition (both ways held). A held write is kept in the client and sent on delivery. One tick is one second. Every step is compared with the model's (what happened, what each client believes, what each resource holds), and the recording is judged by the model's own rules. The optimistic row has no lock service: its runs are on PostgreSQL alone, where each client reads the rows' versions and compares and writes in one statement."},
	"real.run.on":                         {"%s・%s", "%s · %s"},
	"real.database.postgres-idle-timeout": {"READ COMMITTED、停止したトランザクションを打ち切る", "READ COMMITTED, stalled transactions ended"},
	"real.database.postgres-serializable": {"SERIALIZABLE", "SERIALIZABLE"},
	"real.database.postgres":              {"READ COMMITTED", "READ COMMITTED"},
	"real.loading":                        {"記録を読み込み中…", "Loading the recording…"},
	"real.failed":                         {"記録を読み込めませんでした(%s)。", "The recording could not be loaded (%s)."},
	// The lock services the lab takes its locks on (core.Recording.Backend).
	"real.services":                   {"再生した環境", "Replayed on"},
	"real.backend.plain-redis":        {"Redis", "Redis"},
	"real.backend.redislock":          {"Redis", "Redis"},
	"real.backend.fenced-redis":       {"Redis", "Redis"},
	"real.backend.redsync":            {"Redis × 5", "Redis × 5"},
	"real.backend.etcd":               {"etcd", "etcd"},
	"real.backend.etcd-bump-revision": {"etcd(--bump-revision で復元)", "etcd (restored with --bump-revision)"},
	"real.backend.zookeeper":          {"ZooKeeper", "ZooKeeper"},
	"real.backend.none":               {"ロックサービス無し(PostgreSQL だけ)", "no lock service (PostgreSQL alone)"},
	"real.why.session-kept-alive":     {"ZooKeeper のロックはセッションと同じだけ生き、セッションは、持ち主が動いていてサービスに届く限り、ライブラリが自分で保つ。モデルがここで終わらせるリースは、ZooKeeper では終わらない。", "A ZooKeeper lock lives as long as its session, which the library keeps alive as long as the holder runs and reaches the service: the lease the model ends here cannot end on ZooKeeper."},
	"real.play":                       {"この実行には記録が無い。実際のソフトウェアで再生するには、リポジトリでこのコマンドを実行する:", "This run has no recording. To replay it on real software, run this in the repository:"},
	"real.play.empty":                 {"まだ操作が無い。操作を足すと、実際のソフトウェアで再生するコマンドがここに出る。", "No actions yet: add some, and the command that replays them on real software appears here."},
	"real.play.about":                 {"手順ごとにモデルと比べ、最後に「verdict: 実機の判定 (model: モデルの判定)」と出す。redis-server、PostgreSQL、ZooKeeper(と Java)が要る(Debian: apt-get install redis-server postgresql zookeeper)。それぞれのサーバーは lab が自分で起動する。etcd は埋め込みで動く。", "It compares every step with the model's and ends with “verdict: the real verdict (model: the model's)”. It needs redis-server, PostgreSQL and ZooKeeper, with Java (Debian: apt-get install redis-server postgresql zookeeper); the lab starts each server itself, and etcd runs embedded."},
	"real.copy":                       {"コマンドをコピー", "Copy the command"},
	"real.mark.step":                  {"実機では手順 %d から異なる", "real: differs from step %d"},
	"real.why.jumped-clock":           {"時計の跳躍がある。etcd はリースを単調時計(モノトニッククロック)で測るので、システム時刻が跳んでもリースは動かない(それ自体が教訓だ)。ZooKeeper もセッションの期限を単調時計で測る。Redis はキーの期限をシステム時刻で測る。Redis の時計を動かすには、マシンの時計そのものを進めるか、libfaketime を使うしかない。だが lab は共有のマシンの時計は動かさないし、Debian の Redis(jemalloc)は libfaketime を使うと異常終了する。", "A clock jumps: etcd times its leases with a monotonic clock, which a step of the system clock does not move (itself a lesson), and ZooKeeper times its sessions' expiry with one too. Redis times its keys' expiry by the system clock: moving it would take stepping the machine's own clock, which the lab will not do to a shared machine, or libfaketime, under which Debian's Redis (jemalloc) aborts."},
	"real.why.no-lock-delay":          {"Redis にも etcd にも ZooKeeper にも lock-delay(Chubby の)は無い。リースが終われば、すぐにロックが取れる(Consul のセッションには lock-delay があり、既定は 15 秒)。", "None of Redis, etcd and ZooKeeper has a lock-delay (Chubby's): the lock is granted as soon as the lease has ended (Consul's sessions have one, 15 s by default)."},
	"real.why.call-in-partition":      {"クライアントが、自分の更新が止められている間にロックサービスを呼ぶ。lab は止められた更新を、クライアントとロックサービスの間の分断(両方向)として再現する(ライブラリ自身のキープアライブも止めるため)。そのため、その呼び出しは更新が届けられるまで分断の中で待ってしまう。モデルでは通る。", "The client calls its lock service while a renewal of its own is held. The lab holds a renewal as a partition between the client and its lock service, both ways (so that the library's own keep-alives are held too), so the call would wait in it until the renewal is delivered, where the model lets it through."},
	"real.why.no-restore":             {"ロックサービスのバックアップと復元がある。lab はそれを再現しない。", "The lock service is backed up and restored, which the lab does not stage."},
	"real.not-replayed":               {"この組み合わせは実際のソフトウェアでは再生していない: %s", "Not replayed on real software: %s"},
	"real.mark":                       {"実機で一致", "real: agrees"},
	"real.mark.no":                    {"実機では %s", "real: %s"},
	"real.legend":                     {"「実機で一致」は、その組み合わせを実際の Redis、etcd または ZooKeeper(楽観ロックの方式ではロックサービス無し)と PostgreSQL で再生し(make lab)、すべての手順でモデルと同じ結果になったことを示す(何が起きたか、各クライアントが何を信じているか、資源に何があるか)。印の無い組み合わせは、実機では再生していない(理由は 1 つの実行の表示にある)。", "“real: agrees” marks a cell replayed on a real Redis, etcd or ZooKeeper (none for the optimistic row) and a real PostgreSQL (make lab) with the model's outcome at every step (what happened, what each client believes, what each resource holds). A cell without a mark is not replayed on real software (the one-run view says why)."},

	// Notices about the URL.
	"notice.bad":     {"URL のパラメータ %s=%q は使えないため、既定の表示にしています。", "The URL parameter %s=%q is not valid, so the default is shown."},
	"notice.dismiss": {"お知らせを閉じる", "Dismiss notice"},
	// Predict mode: the questions asked before a step, by what they ask
	// (core.Ask), and their choices (core's machine words; a client's
	// name stands for itself, a verdict's words are the verdict's).
	"quiz.ask.write":            {"%[2]s は %[1]s の書き込みを受け付けるか?", "Will %[2]s accept %[1]s's write?"},
	"quiz.ask.grant":            {"ロックサービスは %s にロックを与えるか?", "Will the lock service grant %s the lock?"},
	"quiz.ask.heard":            {"遅れて届いたロックの返事を、%s はどう受け取るか?", "What will %s make of the lock's answer, arriving late?"},
	"quiz.ask.renew":            {"ロックサービスは %s のリースを更新するか?", "Will the lock service renew %s's lease?"},
	"quiz.ask.check":            {"%s が自分の時計でリースを確かめると、どうなるか?", "What will %s find when it checks its lease by its own clock?"},
	"quiz.ask.holder":           {"このステップの後、ロックサービスによれば、誰がロックを持っているか?", "After this step, who holds the lock, by the lock service?"},
	"quiz.ask.holder.majority":  {"このステップの後、過半数のノードによれば、誰がロックを持っているか?", "After this step, who holds the lock, by a majority of the nodes?"},
	"quiz.ask.verdict":          {"表の凡例の定義で、この実行の判定はどれか?", "By the table's definitions, what is this run's verdict?"},
	"quiz.choice.accepted":      {"受け付ける", "accepts it"},
	"quiz.choice.refused":       {"拒否する", "refuses"},
	"quiz.choice.granted":       {"与える", "grants it"},
	"quiz.choice.renewed":       {"更新する", "renews it"},
	"quiz.choice.valid":         {"まだ有効で、ロックを持っていると信じ続ける", "still valid: it goes on believing it holds the lock"},
	"quiz.choice.expired":       {"切れていて、ロックを持っていないと知る", "expired: it learns it holds the lock no more"},
	"quiz.choice.none":          {"誰も持っていない", "nobody"},
	"quiz.choice.heard.granted": {"ロックを持っていると信じる", "it believes it holds the lock"},
	"quiz.choice.heard.late":    {"与えられたが、自分の時計ではリースがもう切れていると分かり、使わない", "granted, but it knows by its own clock that the lease has already ended, and does not use it"},
	"quiz.choice.heard.refused": {"拒否されたと知る", "it learns it was refused"},
	// Predict mode's control, its question's frame, the feedback and the
	// score.
	"quiz.switch":       {"予想しながら進む", "Predict each step"},
	"quiz.label":        {"予想", "Your prediction"},
	"quiz.keys":         {"クリックか、1〜4 のキーで答える。答えるまで次の手順は表示されない。", "Answer by a click or with the keys 1–4. The step is shown once you answer."},
	"quiz.right":        {"正解: %s", "Right: %s."},
	"quiz.wrong":        {"不正解。正しい答えは「%s」", "Wrong: the answer is “%s”."},
	"quiz.explain":      {"このステップで起きたこと: %s", "What happened: %s"},
	"quiz.score":        {"得点 %d/%d", "Score %d/%d"},
	"quiz.announce":     {"質問: %s 選択肢: %s", "Question: %s Choices: %s"},
	"quiz.choice":       {"%d: %s", "%d: %s"},
	"quiz.hint.verdict": {"最後のステップ。→ を押すと、この実行の判定を予想する。", "The last step. Press → to predict the run's verdict."},
	// The verdict question's definitions, shown beside it (matrix.legend).
	"quiz.verdict.legend": {"判定の定義(表の凡例)", "The verdicts' definitions (the table's legend)"},
	// What the verdict's feedback adds where the run has ↺ (the matrix's
	// note, matrix.note.reordered), whatever the answer: the verdict does
	// not count it.
	"quiz.verdict.reordered": {
		"%s。判定が見るのは、前の取得のもとでの書き込みと新しい取得のもとでの書き込みの順序で、一人の持ち主の書き込みどうしの順序ではない。",
		"%s. The verdict judges the order of an older grant's writes against a newer grant's, not the order of one holder's own writes.",
	},
}
