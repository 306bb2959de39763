package words

// failoverWords are the words of replication and failover: the replica
// and the failover on the lock service's card, the action lines, result
// tags and generated notes of the sync and failover steps, and their place
// on the timeline. Part of the one catalogue.
var failoverWords = map[string]text{
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
		"簡略化: レプリカは 1 つで、sync のステップでだけプライマリに追いつく。フェイルオーバーに時間はかからない(Sentinel なら 1〜2 秒)。",
		"Simplified: one replica, which catches up with the primary only at a sync step; a failover takes no time (with Sentinel, a second or two).",
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
	"real.why.no-failover": {"レプリカの同期かフェイルオーバーがある。lab はそれを再現しない。", "The lock service's replica is synced, or the service fails over, which the lab does not stage."},

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
