//go:build !wasm

package words

// failoverWords are the words of replication and failover: the failover
// scenario's own, the replica and the failover on the lock service's
// card, the action lines, result tags and generated notes of the sync and
// failover steps, and their place on the timeline. Part of the one
// catalogue.
var failoverWords = map[string]text{
	// The scenario.
	// Not "Failover": no scenario's name starts with F, the fencing key,
	// which a focused picker would take as a jump to that name.
	"failover.title": {"フェイルオーバー", "Primary failover"},
	"failover.shows": {
		"A がロックを持っている間に、ロックサービスがフェイルオーバーする。可用性のためにレプリカを付けた Redis(プライマリが落ちると Sentinel がレプリカを昇格させる)は、レプリカに届く前にロックの取得を応答する。複製が非同期だからだ。ここではレプリカが A の取得を写す前にプライマリが落ち、ロックが無く、トークンのカウンタが 0 のままのレプリカが引き継ぐ。B がロックを取って A と同じ token 1 を得て書き込み、自分のリースの中にいる A がもう一度書く。同時に二人の持ち主がいて、どちらも自分のリースの中にいる。誰も止まっていないのに、同じトークンが二度発行され、資源の検査では二人を見分けられない(Redis の分散ロックの文書が「フェイルオーバーに頼る実装では不十分な理由」で挙げる例)。Redlock でフェイルオーバーするのはノード 3 だけなので、A は 5 ノード中 4 ノードを持ち続け、B は拒否される。合意で複製されたサービスは、過半数に書いてから取得を応答するので、新しいリーダーは A の取得を失わず、B は拒否される。ただし新しいリーダーは A のリースを最初からやり直し、選挙タイムアウトも足す(etcd)。ロックは、フェイルオーバーが無かったときより 6 tick 遅れて空く。これがフェイルオーバーで待つ側が払う代償だ(モデルのレプリカは sync のステップでしか追いつかず、この実行に sync は無い。Redis のレプリカの遅れはふつう数ミリ秒だが、上限は無い)。",
		"The lock service fails over while A holds the lock. One Redis with a replica, as people deploy it for availability (Sentinel promotes the replica when the primary fails), acknowledges a grant before its replica has it: replication is asynchronous. Here the primary dies before its replica had A's grant, and the replica takes over with no lock and its token counter at 0. B takes the lock, gets token 1, A's own, and writes; A, inside its own lease, writes again. Two holders at once, each within its lease, nobody paused, and the same token issued twice: the resource's check cannot tell them apart (Redis's page on distributed locks gives this example in \"Why failover-based implementations are not enough\"). Under Redlock only node 3 fails over: A keeps 4 of the 5 nodes, and B is refused. A service replicated by consensus acknowledges a grant only once a majority has it, so a new leader keeps A's grant, and B is refused; but the new leader restarts A's lease in full and adds an election timeout (etcd), so the lock comes free 6 ticks later than it would have: what a failover costs a waiter. (The model's replica catches up only at a sync step, and this run has none; Redis's replica is usually milliseconds behind, but nothing bounds it.)",
	},
	"failover.start": {
		"まだ誰もロックを持っていない。資源 row-42 は空。ロックサービスは、非同期のレプリカを 1 つ持つプライマリだ(可用性のために Sentinel と組み合わせた Redis)。モデルのレプリカは、sync のステップでだけプライマリに追いつく。この実行に sync は無い。",
		"Nobody holds the lock yet. Resource row-42 is empty. The lock service is a primary with one asynchronous replica (Redis with Sentinel, deployed for availability). The model's replica catches up with the primary only at a sync step, and this run has none.",
	},
	"failover.start.redlock": {
		"まだ誰もロックを持っていない。資源 row-42 は空。Redlock の 5 ノードのうち、ノード 3 は非同期のレプリカを持つプライマリだ。モデルのレプリカは sync のステップでだけ追いつき、この実行に sync は無い。",
		"Nobody holds the lock yet. Resource row-42 is empty. Of Redlock's five nodes, node 3 is a primary with an asynchronous replica, which the model brings up to date only at a sync step; this run has none.",
	},
	"failover.start.consensus": {
		"まだ誰もロックを持っていない。資源 row-42 は空。ロックサービスは合意で複製されている(3 つのメンバーのうち 1 つがリーダー)。取得は、メンバーの過半数に書かれてはじめて応答される。",
		"Nobody holds the lock yet. Resource row-42 is empty. The lock service is replicated by consensus: three members, one of them the leader. A grant is acknowledged only once a majority of the members have it.",
	},
	"failover.a-works": {
		"A は仕事を続け、5 tick 過ぎる(t=5)。プライマリは A にすぐ応答したが、レプリカはまだ A の取得を写していない。非同期の複製では、プライマリはレプリカを待たない。A がロックのスクリプトの後に WAIT 1 を送っていれば、A の取得を受け取ったレプリカが 0 台だと知ることができた。",
		"A works on, and 5 ticks pass (t=5). The primary answered A at once, but its replica has not copied A's grant yet: with asynchronous replication the primary does not wait for its replica. Had A sent WAIT 1 after its lock script, it could have learned that 0 replicas have its grant.",
	},
	"failover.a-works.redlock": {
		"A は仕事を続け、5 tick 過ぎる(t=5)。ノード 3 のレプリカは、まだ A のロックを写していない。",
		"A works on, and 5 ticks pass (t=5). Node 3's replica has not copied A's lock yet.",
	},
	"failover.b-acquires": {
		"B が新しいプライマリからロックを取り、token 1 と t=15 までのリースを得る。誰にも知らされていない A は、自分の計算では t=10 まで token 1 を持っているつもりだ。同時に二人の持ち主がいて、どちらも自分のリースの中にいる。誰も止まっていない。",
		"B takes the lock from the new primary: token 1, with a lease until t=15. A, which nobody told, still believes it holds token 1 until t=10 by its own reckoning. Two holders at once, each within its lease, and nobody paused.",
	},
	"failover.b-acquires.fenced": {
		"B が新しいプライマリからロックを取り、token 1 と t=15 までのリースを得る。誰にも知らされていない A は、自分の計算では t=10 まで token 1 を持っているつもりだ。同時に二人の持ち主がいて、どちらも自分のリースの中にいる。誰も止まっていない。しかも二人のトークンは同じ 1 で、row-42 はすでに 1 を見ている。資源の検査には、A の書き込みと B の書き込みを見分けられない。",
		"B takes the lock from the new primary: token 1, with a lease until t=15. A, which nobody told, still believes it holds token 1 until t=10 by its own reckoning. Two holders at once, each within its lease, and nobody paused; and both hold token 1, which row-42 has already seen: its check cannot tell A's writes from B's.",
	},
	"failover.b-acquires.no-ttl": {
		"B が新しいプライマリからロックを取り、token 1 を得る。誰にも知らされていない A は、token 1 を持っているつもりのままだ。同時に二人の持ち主がいて、誰も止まっていない。",
		"B takes the lock from the new primary and gets token 1. A, which nobody told, still believes it holds token 1. Two holders at once, and nobody paused.",
	},
	"failover.lease-ends.consensus": {
		"11 tick 過ぎる(t=16)。新しいリーダーがやり直した A のリースが、ここでようやく切れる。フェイルオーバーが無ければ t=10 で切れていたので、B のようにロックを待つ者は 6 tick 余分に待たされた。新しいリーダーは、リースの残りではなく全体を与え直し、選挙タイムアウトを足すからだ。",
		"11 ticks pass (t=16), and only now does A's lease, restarted by the new leader, run out. Without the failover it would have ended at t=10: whoever waits for the lock, as B does, waits 6 ticks longer, since a new leader grants the whole lease again, not what was left of it, and adds the election timeout.",
	},
	"moral.failover": {
		"複製する前に応答するストアの上のロックは、フェイルオーバーで失われ、トークンのカウンタも一緒に戻る。同じトークンが二度発行されれば、フェンシングは二人の持ち主を見分けられない。WAIT は隙間を狭めるが、閉じはしない。ロックのスクリプトの後に WAIT 1 を送れば、A は自分の取得を受け取ったレプリカが 0 台だと知り、ロックをあきらめられる。Redisson のレプリカ同期の検査(checkLockSyncedSlaves、既定で有効)は、これを代わりに行う。それでも Redis 自身の文書によれば、レプリカが受け取った書き込みでも、フェイルオーバーで失われることがある。合意で複製されたサービスは、応答した取得を一つも失わない。代わりに代償を払うのは待つ側で、新しいリーダーはどのリースも最初からやり直す。",
		"A lock on a store that acknowledges before it replicates is lost in a failover, and its token counter goes back with it: the same token is issued twice, and fencing cannot tell the two holders apart. WAIT narrows the gap; it does not close it. After its lock script, A can send WAIT 1, learn that 0 replicas have its grant, and give the lock up; Redisson's replica-sync check (checkLockSyncedSlaves, on by default) does this for you. Yet by Redis's own documentation a failover can still lose a write its replicas received. A service replicated by consensus loses no grant it acknowledged; waiters pay instead, since a new leader restarts every lease in full.",
	},

	// The lock service's card.
	"lock.replica":           {"レプリカ", "Replica"},
	"lock.replica.node":      {"ノード %d のレプリカ", "Node %d's replica"},
	"lock.replica.copy":      {"t=%[1]d 時点: %[2]s", "as of t=%[1]d: %[2]s"},
	"lock.replica.counter":   {"、カウンタ %d", ", counter %d"},
	"lock.replica.holder":    {"%[1]s が t=%[2]d まで", "%[1]s until t=%[2]d"},
	"lock.replica.forever":   {"%s が無期限", "%s, no expiry"},
	"lock.replica.free":      {"空き", "free"},
	"lock.replica.behind":    {"⚠ 遅れている", "⚠ behind"},
	"lock.replica.current":   {"✓ 追いついている", "✓ up to date"},
	"lock.counter":           {"カウンタ %d", "counter %d"},
	"lock.failover":          {"フェイルオーバー", "Failover"},
	"lock.failover.promoted": {"済み: レプリカが昇格", "done: replica promoted"},
	"lock.failover.node":     {"済み: ノード %d はレプリカが引き継いだ", "done: node %d's replica took over"},
	"lock.failover.leader":   {"済み: 新しいリーダー", "done: new leader"},
	"lock.token.twice":       {"⚠ %[1]s も token %[2]d を持つ", "⚠ %[1]s has token %[2]d too"},
	"lock.simplifies.replica": {
		"簡略化: レプリカは 1 つで、sync のステップでだけプライマリに追いつく。フェイルオーバーに時間はかからない(Sentinel は、少なくとも down-after-milliseconds、既定で 30 秒待ってから昇格させる)。",
		"Simplified: one replica, which catches up with the primary only at a sync step; a failover takes no time (Sentinel promotes the replica only after down-after-milliseconds, 30 s by default).",
	},

	// The action line and its tag.
	"action.sync":                 {"レプリカが同期(カウンタ %d)", "Replica syncs (counter %d)"},
	"action.sync.node":            {"ノード %d のレプリカが同期", "Node %d's replica syncs"},
	"action.sync.consensus":       {"同期 → 何もしない(合意で複製済み)", "Sync → nothing to do (replicated by consensus)"},
	"action.failover":             {"フェイルオーバー → レプリカが昇格(カウンタ %d)", "Failover → replica promoted (counter %d)"},
	"action.failover.node":        {"ノード %d のフェイルオーバー → レプリカが引き継ぐ", "Node %d fails over → its replica takes over"},
	"action.failover.leader":      {"リーダー交代 → リースは t=%d まで", "Leader fails → new leader, lease until t=%d"},
	"action.failover.leader.none": {"リーダー交代", "Leader fails → new leader"},
	"action.no-service.sync":      {"レプリカの同期", "Replica syncs"},
	"action.no-service.failover":  {"フェイルオーバー", "Failover"},
	"result.synced":               {"プライマリと同じになった", "caught up"},
	"result.in-sync":              {"すでに過半数が持っている", "already on a majority"},
	"result.promoted":             {"失ったもの無し", "nothing lost"},
	"result.rolled-back":          {"同期の後の変更を失う", "loses what came after the last sync"},
	"result.leader-changed":       {"何も失わず、リースはやり直し", "nothing lost; leases restart"},

	// Free play.
	"play.verb.sync":         {"sync(レプリカが追いつく)", "sync (replica catches up)"},
	"play.verb.failover":     {"failover(フェイルオーバー)", "failover"},
	"script.err.failed-over": {"フェイルオーバーはもう済んでいて、残るレプリカが無い(1 回の実行で 1 回まで)", "the service has already failed over, and no replica is left (once a run)"},

	// The timeline.
	"timeline.ended.failed-over": {"フェイルオーバーで消失", "lost in a failover"},
	"timeline.would-end":         {"フェイルオーバーが無ければ、%s のリースは t=%d で切れていた", "Without the failover, %s's lease would have ended at t=%d"},
	"timeline.legend.stretched": {
		"縦の点線: フェイルオーバーが無ければリースが切れていた時刻(新しいリーダーがリースを最初からやり直した)",
		"Dotted upright line: where the lease would have ended without the failover (the new leader restarted it in full)",
	},

	// On real software.
	"real.failover":              {"フェイルオーバーの再現と、モデルとの違い: %s", "The failover on real software, and how it differs from the model's: %s"},
	"real.failover.plain-redis":  redisFailover,
	"real.failover.redislock":    redisFailover,
	"real.failover.fenced-redis": redisFailover,
	"real.failover.redsync": {
		"ここではノード 3 にレプリカを 1 つ付け、lab 自身のプロキシを通して複製させる。プロキシは複製の流れを止めておき、sync のステップでだけ、レプリカがプライマリのオフセットに追いつくまで通す。Sentinel(redis-server --sentinel。quorum 1、down-after-milliseconds 500)がノード 3 のプライマリを見張り、クライアントはノード 3 のプライマリを Sentinel に尋ねる(go-redis の NewFailoverClient)。フェイルオーバーでは、lab がノード 3 のプライマリを SIGKILL で落とし、Sentinel がレプリカを昇格させる(+switch-master)。モデルのフェイルオーバーには時間がかからない。Sentinel は、プライマリが down-after-milliseconds(ここでは 500 ms、既定は 30 秒)のあいだ応答しないのを待ってから昇格させるので、ここでは落ちてから昇格まで 1 秒から 2 秒ほどかかった。その間、どのクライアントもノード 3 のプライマリに届かない。",
		"Here node 3 has one replica, which replicates it through the lab's own proxy: the proxy holds the replication stream, and lets it through only at a sync step, until the replica has the primary's offset. A Sentinel (redis-server --sentinel; quorum 1, down-after-milliseconds 500) watches node 3's primary, and the clients ask it for that primary (go-redis's NewFailoverClient). At the failover the lab kills node 3's primary (SIGKILL), and the Sentinel promotes the replica (+switch-master). The model's failover takes no time; the Sentinel waits until the primary has not answered for down-after-milliseconds (500 ms here, 30 s by default) before it promotes the replica: 1 to 2 s after the kill here, during which no client reaches node 3's primary.",
	},
	"real.failover.etcd": {
		"ここでは実行ごとに専用のクラスタを使う。フェイルオーバーでは、lab がリーダーのメンバーを落とし(接続を切り、HardStop で引き継ぎ無しに止める)、残る 2 つのメンバーが 1 秒足らずで新しいリーダーを選ぶ。モデルの新しいリーダーは、リースを全体の長さに選挙タイムアウト 1 tick(1 秒)を足してやり直す。etcd の新しいリーダーは、最初のエントリをコミットしたところで、すべてのリースを TTL 全体に自分の選挙タイムアウトを足してやり直す(lessor.Promote)。lab のクラスタの選挙タイムアウトは 100 ms(ElectionMs。既定は 1 秒)なので、リースはモデルより少し早く切れる。リースのチェックポイントは 5 分ごとなので、数秒のリースは必ず全体からやり直しになる。トレースには、フェイルオーバーの前後でのリースの残り TTL と、リースが切れた時刻が出る。",
		"Here the cluster is the run's own. At the failover the lab kills the leader (its connections dropped, its server stopped by HardStop, with no handover), and the two other members elect a new one within a fraction of a second. The model's new leader restarts the lease at its full length plus an election timeout of one tick (1 s); etcd's, once it has committed its first entry, restarts every lease at its full TTL plus its own election timeout (lessor.Promote), which is 100 ms in the lab's cluster (ElectionMs; 1 s by default), so the lease ends a little earlier than the model's. Leases are checkpointed only every 5 minutes, so a lease of seconds always restarts in full. The trace shows the lease's remaining TTL before and after the failover, and when it ended.",
	},
	"real.failover.zookeeper": {
		"ここでは実行ごとに専用のアンサンブルを使う。フェイルオーバーでは、lab がリーダーのサーバーを kill -9 で落とし、残る 2 台が 1 秒ほどで新しいリーダーを選ぶ。持ち主のセッションは接続を失い(Disconnected)、同じセッションのまま別のサーバーにつなぎ直し、ロックのノードは残る。新しいリーダーは、すべてのセッションを、選ばれた時から数えて、タイムアウト全体で追跡し直す。選挙タイムアウトは足さない。また ZooKeeper のロックはセッションと同じだけ生き、持ち主が動いている限り、ライブラリがタイムアウトの 3 分の 1 ごとのハートビートでセッションを保つ。モデルが、持ち主が動いている間にリースを終わらせても、ZooKeeper ではリースは終わらない(lab がそういう実行を再現するのは、その終わりが最後の手順で、後から確かめる手順が無いときだけだ)。リースが延びる様子は、持ち主が死んでいるときに見える。make lab SCRIPT='A:acquire,A:crash,tick:5,failover,tick:6,B:acquire,tick:6,B:acquire' STRATEGY=consensus SERVICE=zookeeper では、A のセッションは A が死んでから 10 秒ではなく、新しいリーダーが選ばれてから 10 秒で終わる。B は t=11 で拒否され、t=17 でロックを得る。",
		"Here the ensemble is the run's own. At the failover the lab kills the leader (kill -9), and the two other servers elect a new one in about a second; the holder's session loses its connection (Disconnected), reconnects to another server in the same session, and its lock node stays. The new leader tracks every session again with its full timeout, counted from its election, with no election timeout added. And a ZooKeeper lock lives as long as its session, which the library keeps alive, with a heartbeat every third of its timeout, as long as its holder runs: a lease the model ends while its holder runs does not end on ZooKeeper (the lab replays such a run only where that end is its last step, which no later step could observe). The stretch shows where the holder has died: in make lab SCRIPT='A:acquire,A:crash,tick:5,failover,tick:6,B:acquire,tick:6,B:acquire' STRATEGY=consensus SERVICE=zookeeper, A's session ends 10 s after the new leader's election, not 10 s after A died: B is refused at t=11 and gets the lock at t=17.",
	},

	// Generated notes.
	"gen.sync": {
		"プライマリの非同期レプリカが追いつき、いま(t=%[1]d)プライマリにある持ち主、リース、トークンのカウンタ(%[2]d)を写し取る。次の同期までにプライマリが貸したものは、プライマリにしか無い。",
		"The primary's asynchronous replica catches up: it copies the holder, the lease and the token counter (%[2]d) the primary has now, at t=%[1]d. Whatever the primary grants before the next sync is on the primary alone.",
	},
	"gen.sync.node": {
		"ノード %[1]d の非同期レプリカが追いつき、いま(t=%[2]d)ノード %[1]d にあるロックを写し取る。",
		"Node %[1]d's asynchronous replica catches up: it copies the lock node %[1]d has now, at t=%[2]d.",
	},
	"gen.sync.consensus": {
		"合意で複製されたサービスには、追いつくべきレプリカが無い。取得は、メンバーの過半数に書かれてはじめて応答される。",
		"A service replicated by consensus has no replica to catch up: a grant is acknowledged only once a majority of its members have it.",
	},
	"gen.no-service.sync": {
		"ロックサービスが無いので、同期するレプリカも無い。",
		"There is no lock service, and no replica to sync.",
	},
	"gen.no-service.failover": {
		"フェイルオーバーするロックサービスは無い。version はデータと同じ行にあり、データと一緒に動く。",
		"There is no lock service to fail over. The version is in the row with the data, and goes wherever the data goes.",
	},
	"gen.failover": {
		"プライマリが落ち、レプリカがプライマリに昇格する(Redis なら Sentinel が昇格させる)。引き継ぐのは、レプリカが最後の同期(t=%[1]d)で写し取ったものだけだ。",
		"The primary dies, and its replica is promoted in its place (with Redis, by Sentinel). It takes over with only what it copied at its last sync, at t=%[1]d.",
	},
	"gen.failover.kept": {
		"レプリカはプライマリのすべてを持っていたので、失われたものは無い。",
		"The replica had everything the primary had: nothing is lost.",
	},
	"gen.failover.lost-holder": {
		"%[1]s に貸したロックの記録は、その中に無かった。新しいプライマリは %[1]s がロックを持っていることを知らず、次に求めた者にすぐ貸す。%[1]s はそれを知らない。",
		"%[1]s's grant was not among it: the new primary does not know that %[1]s holds the lock, and will grant it to the next to ask. %[1]s does not know.",
	},
	"gen.failover.back-holder": {
		"新しいプライマリでは、%[1]s がロックを持っている(同期の時点のまま)。",
		"On the new primary %[1]s holds the lock, as it did at the sync.",
	},
	"gen.failover.counter": {
		"トークンのカウンタも %[1]d から %[2]d に戻った。次の取得は token %[3]d を得る。すでに発行した番号だ。",
		"The token counter went back too, from %[1]d to %[2]d: the next grant gets token %[3]d, a number already issued.",
	},
	"gen.failover.lost": {
		"最後の同期の後にプライマリで変わったことは失われた。",
		"What changed on the primary after the last sync is lost.",
	},
	"gen.failover.node": {
		"ノード %[1]d が落ち、そのレプリカが引き継ぐ。引き継ぐのは、最後の同期(t=%[2]d)で写し取ったものだけだ。",
		"Node %[1]d dies, and its replica takes its place, with only what it copied at its last sync, at t=%[2]d.",
	},
	"gen.failover.node.lost": {
		"%[1]s のロックはその中に無かった。ノード %[2]d は空いている。%[1]s がまだ持つのは 5 ノード中 %[3]d ノードで、過半数なので、ロックはまだ %[1]s のものだ。",
		"%[1]s's lock was not among it: node %[2]d is free. %[1]s still holds %[3]d of the 5 nodes, a majority: the lock is still %[1]s's.",
	},
	"gen.failover.node.lost.minority": {
		"%[1]s のロックはその中に無かった。ノード %[2]d は空いている。%[1]s が持つのは 5 ノード中 %[3]d ノードになり、過半数は誰のものでもない。%[1]s はそれを知らない。",
		"%[1]s's lock was not among it: node %[2]d is free. %[1]s now holds %[3]d of the 5 nodes, and no one holds a majority. %[1]s does not know.",
	},
	"gen.failover.leader": {
		"リーダーが落ち、残る 2 つのメンバーが新しいリーダーを選ぶ(選挙タイムアウトは %[1]d tick)。取得は過半数に書かれてはじめて応答されるので、応答したものは何も失われない。",
		"The leader dies, and the two other members elect a new one (the election timeout is %[1]d tick). A grant is acknowledged only once a majority has it, so nothing acknowledged is lost.",
	},
	"gen.failover.leader.lease": {
		"だが新しいリーダーには、%[1]s のリースが前のリーダーのもとでどれだけ経ったかがわからない。そこでリースを最初からやり直し、選挙タイムアウトを足す。リースは t=%[2]d ではなく t=%[3]d に切れ、ロックを待つ者は %[4]d tick 余分に待つ。",
		"But the new leader cannot tell how long %[1]s's lease had run under the old one, so it restarts the lease in full and adds the election timeout: it now ends at t=%[3]d, not t=%[2]d, and whoever waits for the lock waits %[4]d ticks longer.",
	},
	"gen.failover.leader.reckoning": {
		"%[1]s 自身の計算では、リースは t=%[2]d までのままだ。",
		"By %[1]s's own reckoning, its lease still ends at t=%[2]d.",
	},
}

// redisFailover is how the lab stages a failover of one Redis server.
var redisFailover = text{
	"ここでは Redis にレプリカを 1 つ付け、lab 自身のプロキシを通して複製させる。プロキシは複製の流れを止めておき、sync のステップでだけ、レプリカがプライマリのオフセットに追いつくまで通す。Sentinel(redis-server --sentinel。quorum 1、down-after-milliseconds 500)がプライマリを見張り、クライアントはプライマリを Sentinel に尋ねる(go-redis の NewFailoverClient)。フェイルオーバーでは、lab がプライマリを SIGKILL で落とし、Sentinel がレプリカを昇格させる(+switch-master)。モデルのフェイルオーバーには時間がかからない。Sentinel は、プライマリが down-after-milliseconds(ここでは 500 ms、既定は 30 秒)のあいだ応答しないのを待ってから昇格させるので、ここでは落ちてから昇格まで 1 秒から 2 秒ほどかかった。その間、どのクライアントもプライマリに届かない。",
	"Here the server has one replica, which replicates it through the lab's own proxy: the proxy holds the replication stream, and lets it through only at a sync step, until the replica has the primary's offset. A Sentinel (redis-server --sentinel; quorum 1, down-after-milliseconds 500) watches the primary, and the clients ask it for the primary (go-redis's NewFailoverClient). At the failover the lab kills the primary (SIGKILL), and the Sentinel promotes the replica (+switch-master). The model's failover takes no time; the Sentinel waits until the primary has not answered for down-after-milliseconds (500 ms here, 30 s by default) before it promotes the replica: 1 to 2 s after the kill here, during which no client reaches a primary.",
}
