//go:build !wasm

package words

// scenarioWords are the scenarios' own words: each one's title, the line
// saying what it teaches, the note of its first frame, and the few step
// notes where the story needs words of its own (every other note is
// generated from the event: see eventNote). A "shows" line is read under
// every row of the matrix, so it says under which rows what it describes
// happens.
var scenarioWords = map[string]text{
	// gc-pause: the chapter's story, in the book's words.
	"gc-pause.title": {"GC 停止(章の筋書き)", "GC pause (the chapter's story)"},
	"gc-pause.shows": {
		"リースのあるロックでは、GC で止まった古い持ち主は、リースが切れても持っているつもりのまま書き込む。止められるのは資源の検査だけ。トークンの検査か、ロックの無い楽観ロックなら version の検査だ。",
		"With a lease, an old holder frozen by GC still believes it holds the lock after its lease has expired, and writes. Only the resource's check stops it: of a token, or, with no lock at all (the optimistic lock), of a version.",
	},
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
	"gc-pause.a-writes.unfenced": {
		"A が token 1 を添えて書き込む。資源は受理する(トークンは見ない)。",
		"A writes with token 1. The resource accepts it (it does not look at tokens).",
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
	"gc-pause.b-writes.unfenced": {
		"B が token 2 で書き込む。資源は受理する。",
		"B writes with token 2. The resource accepts it.",
	},
	"gc-pause.a-writes-late.refused": {
		"A が再開し、古い token 1 のまま書き込もうとする。1 < 2 なので資源が拒否する。⟪B の値は守られる。⟫",
		"A resumes and tries to write with its old token 1. Since 1 < 2 the resource refuses it⟪, and B's value is safe⟫.",
	},
	"gc-pause.a-writes-late.destroys": {
		"A が再開し、古い token 1 のまま書き込む。資源はトークンを見ないので受理してしまい、B の値が上書きされて壊れる。",
		"A resumes and writes with its old token 1. The resource does not check tokens, so it accepts the write and B's value is overwritten.",
	},

	"check-then-write.title": {"確認してから書く", "Check, then write"},
	"check-then-write.shows": {
		"書き込む直前にリースを確かめても、確認と書き込みの間に止まれば意味がない。リースのあるロックでは、クライアント側の確認では守れない。データを守れるのは資源側の検査だけだ。",
		"Checking the lease just before writing does not help if the client stops between the check and the write. With a lease, a client-side check cannot protect the data; only the resource's check can.",
	},
	"check-then-write.start": {
		"まだ誰もロックを持っていない。A は、書く前に自分の時計でリースを確かめるクライアントだ。",
		"Nobody holds the lock yet. A is a checking client: it always checks its lease before it writes.",
	},
	"check-then-write.a-pauses": {
		"確認の直後、書き込む前に A が GC で止まる。時刻は t=12 まで進み、リースは t=10 で切れている。A は確認を済ませたつもりでいる。",
		"Right after the check, before the write, A stops in a GC pause. Time reaches t=12; the lease ran out at t=10. A thinks it has just checked.",
	},

	"delayed-write.title": {"遅れて届く書き込み", "Delayed write"},
	"delayed-write.shows": {
		"ロックを持っている間に送った書き込みでも、ネットワークで遅れれば、次の持ち主の書き込みより後に届きうる。ロックを手放しても送った書き込みは取り消せないので、TTL の無いロックでも壊れる。止められるのは資源の検査(トークン、または version の検査)だけ。",
		"A write sent while the client held the lock can still arrive after the next holder's write. Releasing the lock does not call a write back, so even a lock without TTL is corrupted. Only the resource's check, of a token or of a version, can refuse it.",
	},
	"delayed-write.start": {
		"まだ誰もロックを持っていない。A と資源の間のネットワークは、ときどき大きく遅れる。",
		"Nobody holds the lock yet. The network between A and the resource sometimes holds messages up for a long time.",
	},
	"delayed-write.a-gives-up": {
		"A の書き込み要求はタイムアウトする。届いたかどうか分からないまま、A はあきらめてロックを手放す。書き込みはまだネットワークの中にある。",
		"A's write request times out. Unable to tell whether it arrived, A gives up and releases the lock. The write is still in the network.",
	},

	"slow-grant.title": {"遅れて届く取得の返事", "Slow grant"},
	"slow-grant.shows": {
		"リースのあるロックで、取得の返事が、貸したリースの失効後に届く。A は返事が届いた時点からリースを数えるクライアントなので、自分の確認では有効に見える。つまり A は守るべき規則を破っている。規則を守るクライアントは要求を送った時点から数え(Redlock の手順や Chubby のクライアントのように)、このリースはもう切れていたと分かる。Redlock の行では A もその手順に従い、最初の要求を送った時点から有効期間を数えるので、遅すぎた返事を使わない。",
		"With a lease, the reply to A's acquire arrives after the lease it grants has expired. A counts its lease from when the reply arrived, so its own check says the lease is valid: A breaks the rule. A client that keeps the rule counts from when it sent the request, as Redlock's algorithm and Chubby's clients do, and would know this lease had already ended. Under Redlock, A follows the algorithm, counting its validity from its first request, and does not use the late reply.",
	},
	"slow-grant.start": {
		"まだ誰もロックを持っていない。ロックサービスから A への返事は、ときどき大きく遅れる。A はリースを返事の届いた時点から数える。",
		"Nobody holds the lock yet. Replies from the lock service to A are sometimes badly delayed, and A counts its lease from when a reply arrives.",
	},

	"slow-grant.start.no-ttl": {
		"まだ誰もロックを持っていない。ロックサービスから A への返事は、ときどき大きく遅れる。TTL が無いので、数えるべきリースは無い。",
		"Nobody holds the lock yet. Replies from the lock service to A are sometimes badly delayed. Without a TTL there is no lease to count.",
	},
	"slow-grant.start.redlock": {
		"まだ誰もロックを持っていない。ロックサービスから A への返事は、ときどき大きく遅れる。A は Redlock の手順に従い、有効期間を最初の要求を送った時点から数える。",
		"Nobody holds the lock yet. Replies from the lock service to A are sometimes badly delayed. A follows Redlock's algorithm: it counts its validity from when it sent its first request.",
	},

	"crash-no-ttl.title": {"持ち主のクラッシュ", "The holder crashes"},
	"crash-no-ttl.shows": {
		"持ち主がロックを持ったまま落ちると、TTL の無いロックは二度と誰も取れない。リースなら失効後に次の持ち主が取れる。",
		"When the holder crashes while holding the lock, a lock without TTL can never be taken again. With a lease, the next holder takes it after expiry.",
	},
	"crash-no-ttl.start": {
		"まだ誰もロックを持っていない。資源 row-42 は空。",
		"Nobody holds the lock yet. Resource row-42 is empty.",
	},

	"heartbeat.title": {"ハートビート", "Heartbeat"},
	"heartbeat.shows": {
		"持ち主が期限内に更新し続ける限り、ロックはその持ち主のまま(トークンのある方式ではトークンも同じまま)。更新が止まればリースが切れ、次のクライアントが取れる。TTL が無ければ、クラッシュした持ち主が永遠に持ち続ける。ロックの無い楽観ロックでは、更新は何もしない。B は A が動いている間に読み、A の書き込みはその後に届く(危うい)。A がクラッシュした後、B は読み直してから書く。",
		"As long as the holder renews in time, the lock stays its own (and, where there are tokens, so does its token). When renewals stop, the lease runs out and the next client can take the lock. Without a TTL, a crashed holder keeps it forever. Without any lock (the optimistic lock), renewals do nothing: B reads while A runs, A's write lands after B's read (at risk), and after A's crash B reads again before it writes.",
	},
	"heartbeat.start": {
		"まだ誰もロックを持っていない。A は 6 tick ごとにリースを更新する。",
		"Nobody holds the lock yet. A renews its lease every 6 ticks.",
	},

	"heartbeat-pause.title": {"ハートビートも止める GC", "A pause stops the heartbeat"},
	"heartbeat-pause.shows": {
		"更新でリースを保てるのは、持ち主が動いている間だけ。GC の停止はハートビートも止めるので、リースのあるロックではリースが切れ、B が取り、A は持っているつもりのまま目覚める。更新の間隔を縮めれば危険な時間帯は短くなるが、なくなりはしない。",
		"Renewals keep a lease alive only while the holder runs. A GC pause stops the heartbeat too: with a lease, the lease runs out, B takes the lock, and A wakes up believing it still holds it. Renewing more often shortens the window; it cannot close it.",
	},
	"heartbeat-pause.start": {
		"まだ誰もロックを持っていない。A は 6 tick ごとにリースを更新する。",
		"Nobody holds the lock yet. A renews its lease every 6 ticks.",
	},
	"heartbeat-pause.a-pauses": {
		"A が GC で止まる。ハートビートも一緒に止まり、12 tick 過ぎる(t=18)。更新が無いので、A のリースは t=16 で切れる。止まっている A は気づかない。",
		"A stops in a GC pause, and its heartbeat stops with it. 12 ticks pass (t=18); with no renewal, A's lease runs out at t=16. A, stopped, does not notice.",
	},

	"counter-reset.title": {"カウンタのリセット", "Counter reset"},
	"counter-reset.shows": {
		"このモデルの 1 台構成のノードは、トークンのカウンタをメモリにだけ持つ。再起動でカウンタを失うと同じ番号をもう一度発行し、フェンシングは古い持ち主と新しい持ち主を見分けられない。発行の前にカウンタをディスクへ書く 1 台のノードや、合意で複製されたサービスなら増え続ける。非同期に複製されたストアは、フェイルオーバーでカウンタを失いうる。ここでは再起動は A のリースが切れた後なので、再起動後に最長のリースが切れるまで待っても何も変わらない。その待ちで防げるのは持ち主の重複で、番号の再利用を防げるのは、再起動を越えて残るカウンタだけだ。楽観ロックには、データとは別のカウンタが無い。version は行の中にある。",
		"This model's single node keeps its token counter in memory only. When a restart loses it, it issues the same number again, and fencing cannot tell the old holder from the new. A single node that writes its counter to disk before each grant keeps tokens increasing, and so does a service replicated by consensus; an asynchronously replicated store can lose the counter on failover. Here the restart comes after A's lease has ended, so waiting out the longest lease after it would change nothing: that wait prevents two holders, but only a counter that survives restarts prevents reused tokens. The optimistic lock keeps no counter apart from the data: its version is in the row.",
	},
	"counter-reset.start": {
		"まだ誰もロックを持っていない。資源 row-42 は空。",
		"Nobody holds the lock yet. Resource row-42 is empty.",
	},

	"restart-during-lease.title": {"リース中の再起動", "Restart during a lease"},
	"restart-during-lease.shows": {
		"A のロックが有効な間にロックサービスが再起動する。誰も止まらない。状態をメモリにだけ持つノードは A のロックを忘れ、すぐに B へ貸す。二重取得が起き、カウンタも失われて番号が重なる。Redlock では、A がノード 1〜3 を取った後にノード 3 が永続化無しで再起動して A を忘れ、B がノード 3〜5 で過半数を得る(Redlock の仕様が挙げる例)。再起動後、最長のリースが切れるまで貸さずに待てば(Redlock の仕様の遅延再起動)、二重取得は防げる。だが番号の再利用を防げるのは、再起動を越えて残るカウンタ(fsync したもの、あるいは合意で複製した状態)だけだ。合意で複製されたサービスでは、ロックは複製されたデータベースにあり、再起動で失われない(Chubby の新しいマスタはロックを引き継ぎ、前のマスタが与えたかもしれない最長のリースまでセッションを延ばす。持ち主を失った後にサーバー側で待つ lock-delay は、これとは別の仕組みだ)。",
		"The lock service restarts while A's lock is in force, and nobody pauses. A node that keeps its state in memory forgets A's lock and grants B at once: two holders, and with the counter lost, equal tokens. Under Redlock it is the algorithm's own example: A holds nodes 1–3, node 3 restarts without persistence and forgets A, and B wins nodes 3–5. Waiting after a restart until the longest lease could have run out (the Redlock page's delayed restart) prevents two holders; only a counter that survives restarts (fsynced, or replicated by consensus) prevents reused tokens. In a service replicated by consensus the locks live in the replicated database, and a restart loses nothing (a new Chubby master keeps the locks and extends sessions to the longest lease the old master may have granted; the server-side wait after a holder is lost is a different mechanism, lock-delay).",
	},
	"restart-during-lease.start": {
		"まだ誰もロックを持っていない。資源 row-42 は空。Redlock では、A にはノード 1〜3 しか、後で B にはノード 3〜5 しか届かない。",
		"Nobody holds the lock yet. Resource row-42 is empty. Under Redlock, A reaches only nodes 1–3, and later B only nodes 3–5.",
	},
	"restart-during-lease.restart.lost": {
		"A のリースが有効な間にロックサービスが再起動する。ノードは状態をメモリにだけ持つので、A のリースもトークンのカウンタも忘れ、すぐに次のクライアントへ貸してしまう。最長のリース(10 tick)が切れるまで貸さずに待てば、二重取得は防げる。だがカウンタを失ったままでは、次のトークンはまた 1 で、使い終えた番号を繰り返す。番号を守れるのは、再起動を越えて残るカウンタだけだ。",
		"The lock service restarts while A's lease is in force. Its node keeps its state in memory only, so it forgets A's lease and the token counter, and will grant the lock at once. Waiting until the longest lease (10 ticks) could have run out before granting again would prevent two holders; but with the counter lost the next token is 1 again, a number already used. Only a counter that survives restarts keeps tokens from repeating.",
	},
	"restart-during-lease.restart.redlock": {
		"ノード 3 が永続化無しで再起動し、A のロックを忘れる。A が持つのはノード 1 と 2 だけになり、過半数は誰のものでもない。A はそれを知らない。Redlock の仕様はこの例を挙げ、対策として、再起動したノードを最長の TTL が過ぎるまでロックの取得に参加させないこと(遅延再起動)、あるいは fsync=always で永続化することを求める。",
		"Node 3 restarts without persistence and forgets A's lock. A now holds only nodes 1 and 2, and no one holds a majority; A does not know. The Redlock page gives this very example, and its remedies: keep a restarted node out for longer than the longest TTL (a delayed restart), or persist with fsync=always.",
	},

	"restore-from-backup.title": {"バックアップからの復元", "Restore from backup"},
	"restore-from-backup.shows": {
		"合意で複製されたロックサービスは、再起動では状態を失わないが、古いバックアップからの復元では失う。ロックが空いているときにサービスのバックアップを取り、A、続いて B がロックを取って(トークン 1 と 2)、B が書く。B は GC で止まり、リースが切れる。サービスをバックアップから復元すると、トークンのカウンタも戻る。A がもう一度ロックを取ってトークン 1 を得るが、資源はすでに 2 を見ている。資源がトークンを検査するなら、今の持ち主 A を拒み(カウンタが戻ったので、行き詰まる)、いちばん大きいトークンを持つ B の遅れた書き込みを受理してしまう。検査しないなら、A の書き込みが適用され、その後 B の遅れた書き込みがそれを上書きする。合意で複製された製品の中でも、トークンは戻りうる。etcd をスナップショットから復元するときに etcdutl snapshot restore の --bump-revision を付けなければ、リビジョンが戻り、ロックキーの CreateRevision も一緒に戻る。ZooKeeper のロックの連番は、親 znode を作り直すと 0 に戻る(だからトークンには連番ではなく czxid を使う)。ZooKeeper の czxid は、バックアップの後にリーダー選出が無ければ、復元後もエポックが進むので戻らない(「実際のソフトウェアで」を参照)。合意の外でも同じで、Redis のプライマリで INCR した値は、非同期複製のフェイルオーバーで失われうる。防ぐには、サービスを再開する前に、発行されたかもしれないどのトークンよりも先へカウンタを進めておく。etcd なら、--bump-revision に、バックアップ以後にありえた書き込みの数より大きな値を与え(etcd の手引きの例では 10 億)、監視を切るために --mark-compacted も付ける。",
		"A lock service replicated by consensus keeps its state through restarts, but not through a restore from an older backup. The service is backed up while the lock is free; A and then B take the lock (tokens 1 and 2), and B writes. B stops in a GC pause and its lease runs out. The service is restored from the backup, and its token counter goes back with it: A takes the lock again and gets token 1, though the resource has already seen 2. Where the resource checks tokens, it refuses the holder in force, A (stuck: the counter went back), and accepts B's late write, whose token is the largest; where it does not, A's write lands and B's late write then overwrites it. Tokens can go back inside a product replicated by consensus: etcd restored from a snapshot without etcdutl snapshot restore --bump-revision goes back in revision, and the lock keys' CreateRevision with it; ZooKeeper's lock sequence numbers start again at 0 when the parent znode is re-created (so the token is the czxid, not the sequence number). ZooKeeper's czxid does not go back in a restore, for the restored ensemble moves to a new epoch, as long as no leader was elected after the backup (see \"On real software\"). Outside consensus, likewise, a Redis primary's INCR can be lost in a failover of its asynchronous replication. The remedy: before the service takes requests again, move the counter past every token that may have been issued. In etcd, give --bump-revision a value larger than the number of writes the lost history may have made (etcd's guide gives a billion), and add --mark-compacted, which ends the watches on that history.",
	},
	"restore-from-backup.start": {
		"まだ誰もロックを持っていない。資源 row-42 は空。ロックサービスはバックアップを取り、そこから復元できる。",
		"Nobody holds the lock yet. Resource row-42 is empty. The lock service can be backed up, and restored from its backup.",
	},

	"clock-jump.title": {"時計の跳躍", "Clock jump"},
	"clock-jump.shows": {
		"誰も止まらない。ロックサービスの時計(Redlock では 1 ノードの時計)が先へ跳ぶ。リースのあるロックでは、その時計で A のリースが切れて B が取るのに、A 自身の時計ではまだ有効だ。Redlock では A はノード 1〜3 に、B はノード 3〜5 に届き、どちらも過半数を得る。リースの安全性は、それを測る時計の正しさを超えない。フェンシングは時計に頼らない。実際の時計の跳躍は数分に及ぶことがある(NTP による時刻の補正、運用者の手作業)。etcd と ZooKeeper はリースを単調時計(モノトニッククロック)で測るので、システム時刻が跳んでも切れない。合意ベースの行でここで跳ぶのは、速く進むリーダーの時計だ(システム時刻が一度に跳んでも、こうはならない)。Redlock は時計のずれの見込み分を有効期間から差し引くが、跳躍はその見込みを超えうる。",
		"Nobody pauses. The lock service's clock (under Redlock, one node's) jumps ahead. With a lease, A's lease runs out by that clock and B takes the lock, while A's own clock says its lease still holds. Under Redlock, A reached nodes 1–3 and B reaches nodes 3–5: each wins a majority. A lease is only as safe as the clocks that measure it; fencing does not depend on clocks. Real clock steps can be minutes (an NTP step, an operator). etcd and ZooKeeper time leases with monotonic clocks, so a step of the system clock does not end them: under the replicated rows, what jumps here is a leader clock that runs fast (a step of the wall clock would not do this). Redlock subtracts an allowance for clock drift from the validity, and a step can exceed it.",
	},
	"clock-jump.start": {
		"まだ誰もロックを持っていない。Redlock では、ネットワークの分断で A にはノード 1〜3 しか、後で B にはノード 3〜5 しか届かない。時刻は論理的な tick で、実際の時計はミリ秒単位でずれ、補正で数分跳ぶこともある。",
		"Nobody holds the lock yet. Under Redlock, a network partition lets A reach only nodes 1–3, and later B only nodes 3–5. Time here is logical ticks; a real clock drifts by milliseconds, and a correction can step it by minutes.",
	},

	"stale-before-new-holder.title": {"新しい持ち主より先に届く遅れた書き込み", "Late write before the new holder's"},
	"stale-before-new-holder.shows": {
		"リースのあるロックで、A の遅れた書き込みが、B がロックを取得した後、B が資源に触れる前に届く。最大のトークンを覚えておくだけの資源は B のトークンをまだ見ていないので、フェンシングがあっても受理する。それでも書き込みはトークン順(A の 1、A の 1、B の 2)に並び、この実行では何も壊れていないので、判定は「破壊」ではなく「危うい」だ。フェンシングが約束するのは資源での順序であって、実時間での排他ではない。B がその前にトークンを示さずに読んでいて、その読み取りをもとに書けば、A の書き込みは失われる(「先に読む」)。トークンがまだ有効かをロックサービスに問い合わせる資源なら、この書き込みも拒否できる(Chubby のシーケンサを Chubby で確かめる、データが etcd にあるなら Txn(If(mutex.IsOwner())) の中で書く)。最大のトークンを覚えるだけの資源には、それができない。ロックの無い楽観ロックでも A の書き込みは届く(その version はまだ行の version だ)。B の書き込みは、A の書き込みが進めた後の古い version を添えているので拒否され、B は読み直すことになる。",
		"With a lease, A's late write lands after B was granted the lock but before B has touched the resource. A resource that only remembers the largest token has not seen B's token, so it accepts the write even with fencing. Yet the writes are in token order (A's 1, A's 1, B's 2), and nothing is destroyed in this run: at risk, not corrupted. Fencing promises order at the resource, not mutual exclusion in real time. Had B read the data without showing its token before that, and written from that read, A's write would be lost (see \"Read first\"). A resource that asks the lock service whether the token is still current would refuse this write too (Chubby's sequencer checked with Chubby; where the data is in etcd, a write inside Txn(If(mutex.IsOwner()))); one that only remembers the largest token cannot. With no lock at all (the optimistic lock), A's write lands too, for its version is still the row's, and B's write, carrying a version A's write has moved past, is refused: B must read again.",
	},
	"stale-before-new-holder.start": {
		"まだ誰もロックを持っていない。資源 row-42 は空。",
		"Nobody holds the lock yet. Resource row-42 is empty.",
	},

	"fenced-read.title": {"先に読む(トークンを示して)", "Read first (showing the token)"},
	"fenced-read.shows": {
		"「新しい持ち主より先に届く遅れた書き込み」と同じ筋書きだが、B は書く前に資源を読み(リード・モディファイ・ライト)、そのときトークンを示す。トークンを検査する資源は以後それより小さいトークンをすべて拒否するので、A の遅れた書き込みは拒否される。検査しない資源は A の書き込みを受理し、B は読み取りをもとに書いてそれを黙って消す: ロストアップデート(更新の消失)で、データは壊れる。トークンを示さない読み取り(peek)なら、検査する資源でも同じことが起きる。楽観ロックでは B の読み取りは version も読むので、その後に届いた A の書き込みのせいで B の書き込みは拒否され、B は読み直す。何も失われない。",
		"The story of \"Late write before the new holder's\", but B reads the resource before it writes (a read-modify-write), showing its token. A resource that checks tokens refuses every smaller token from then on, so A's late write is refused. One that does not check accepts A's write, and B, writing from its read, silently discards it: a lost update, and the data is corrupted. A read that shows no token (a peek) gives the same lost update even where the resource checks tokens. Under the optimistic lock, B's read takes the version too, so A's write, landing after it, makes B's write refused: B reads again, and nothing is lost.",
	},
	"fenced-read.start": {
		"まだ誰もロックを持っていない。B は、ロックを取ったら資源を読み、その値をもとに書く。読むときにトークンを示す。",
		"Nobody holds the lock yet. B, once it has the lock, reads the resource and writes from what it read, showing its token when it reads.",
	},

	"two-resources.title": {"二つの資源", "Two resources"},
	"two-resources.shows": {
		"A は row-42 と row-43 に書く。リースのあるロックで A のリースが切れると、B がロックを取り、row-42 だけに書く。目覚めた A は、今度は row-43 から先に書く。A の古いトークンは、B のトークンを見ていない row-43 では受理され、見た row-42 では拒否される。A は拒否された時点で書くのをやめるが、row-43 はもう書き換わっている。フェンシングは資源ごとの検査で、トランザクションではない。A の更新は中途半端に終わる(row-43 では適用、row-42 では拒否)。row-43 では何も壊れていない(B はそこを読みも書きもしていない)が、二つの行をそろえて更新したいなら、それは資源の側のトランザクションの仕事だ。楽観ロックの version も行ごとにあり、同じように A の row-43 への書き込みは届き、row-42 への書き込みは拒否される。",
		"A writes to row-42 and row-43. With a lease, once A's lease runs out, B takes the lock and writes only row-42. A wakes and writes again, row-43 first: its old token is accepted at row-43, which has not seen B's token, and refused at row-42, which has. A stops at the refusal, but row-43 has already changed. Fencing is a check per resource, not a transaction: A's update is torn, applied at row-43 and refused at row-42. Nothing is destroyed at row-43 (B neither read nor wrote it), but keeping two rows in step is the job of a transaction at the resource. The optimistic lock's version is per row too: A's write to row-43 lands and its write to row-42 is refused, the same tear.",
	},
	"two-resources.start": {
		"まだ誰もロックを持っていない。一つのロックで二つの資源 row-42 と row-43 を守る。",
		"Nobody holds the lock yet. One lock protects two resources, row-42 and row-43.",
	},

	"lock-delay.title": {"ロック遅延", "Lock-delay"},
	"lock-delay.shows": {
		"ロックサービスは Chubby の lock-delay を持つ: 持ち主のリースが手放されずに切れたら、その後 5 tick は誰にも貸さない。前の持ち主がすでに送った要求が、次の持ち主が現れる前に届き終わるのを待つためだ。B は遅延の間は断られるので、A がその間に目覚めて書くなら害は無い。だが A の停止がリースと遅延を合わせたより長いと、B が取って書く。資源がトークンを検査できない場合、A は目覚めてその値を上書きする。遅延は危険な時間帯を短くするが、なくしはしない。資源が検査していれば(フェンシング)、A の書き込みは拒否される。",
		"The lock service keeps Chubby's lock-delay: when a holder's lease lapses without a release, it grants the lock to nobody for 5 more ticks, so that requests the old holder has already sent arrive before anyone else holds the lock. B is turned away during the delay, so A waking and writing within it does no harm. But A's pause lasts longer than lease and delay together, and B takes the lock and writes. Where the resource cannot check tokens, A wakes and overwrites B's value. The delay narrows the window; it does not close it. Where the resource checks tokens (fencing), A's write is refused.",
	},
	"lock-delay.start": {
		"まだ誰もロックを持っていない。ロックサービスは、リースが手放されずに切れた後、5 tick のロック遅延を置く(TTL の無いロックでは何も切れない)。",
		"Nobody holds the lock yet. The lock service keeps a lock-delay of 5 ticks after a lease lapses without a release (without a TTL nothing lapses).",
	},

	"partitioned-holder.title": {"分断された持ち主", "Partitioned holder"},
	"partitioned-holder.shows": {
		"A はロックサービスから分断されるが、資源とはまだ通信できる。更新の要求が届かないまま、サービスの側で A のリースが切れ、B が取って書く。A は t=12 に書く。A 自身の時計でもリースは t=10 に切れているが、A は書く前にそれを確かめない(このモデルのクライアントが確かめるのは check のステップだけだ)。A がロックを失ったと知るのは、知らされたとき(ここでは分断が解けて更新の返事が届く)か、実際のライブラリなら、そのライブラリ自身の知らせによってだ。etcd の Session.Done は、最後に受け取ったキープアライブの返事から TTL を数え、期限を過ぎたかを 1 秒ごとに確かめ、過ぎていれば閉じる。返事が遅れれば、その分だけ遅く閉じる(lab の別のテスト TestSessionDone では、TTL 3 秒で返事を 1 秒遅らせると、サービスの側でリースが切れてから 0.6〜1.6 秒後に閉じた。このシナリオを lab で再生したときにいつ、なぜ閉じたかは「実際のソフトウェアで」に示す)。ZooKeeper のクライアントは、サーバーから何も届かないままセッションタイムアウトの 3 分の 2 が過ぎると、接続が切れたと判断して Disconnected(Curator では SUSPENDED)を受け取る(lab の記録では、セッションタイムアウト 10 秒で、分断の 4.0 秒後。最後の返事から数えれば約 6.7 秒だ)。ふつうはサーバーがセッションを失効させるより前だ。これを受け取ったらロックを失ったものとみなすのが定石だ。素の ZooKeeper クライアントに Expired が届くのは再接続してからで、そのときにはサーバーはもうセッションを終わらせている(Curator 3 以降は、SUSPENDED のままセッションタイムアウトが過ぎると、自分の時計で LOST を出す)。書く前にこうした知らせを確かめるか、自分の時計でリースを確かめるクライアントなら、ここでは書かない。だが確かめてから書くまでの間に止まれば、同じことが起きる(「確認してから書く」)。その隙間を埋められるのは資源の検査だけで、資源が検査していれば A の書き込みは拒否される。",
		"A is cut off from the lock service but can still reach the resource. Its renewal never arrives, its lease lapses at the service, and B takes the lock and writes. A writes at t=12: by its own clock its lease ended at t=10, but A does not check before writing (the model's clients check only at a check step). A learns that it lost the lock when it is told (here, when the partition heals and the renewal's answer arrives), or, in a real library, by the library's own signal. etcd's Session.Done counts the TTL from the last keep-alive reply it received, checks once a second whether that has passed, and if so closes: the later the replies, the later it closes (in a separate lab test, TestSessionDone, with a TTL of 3 s and the replies 1 s late, it closed 0.6 to 1.6 s after the service had ended the lease; when and why it closed in this scenario's own lab run is under \"On real software\"). A ZooKeeper client that has heard nothing from the server for two thirds of its session timeout decides its connection is lost and gets Disconnected (Curator: SUSPENDED); in the lab's recording, with a session of 10 s, that came 4.0 s after the partition began, about 6.7 s after the last reply. It usually comes before the server expires the session, and the established practice is to treat it as losing the lock: a plain ZooKeeper client gets Expired only once it reconnects, when the server has already ended the session (Curator 3 and later post LOST by their own clock once the session timeout has passed while SUSPENDED). A client that checks such a signal, or its lease by its own clock, before writing would not write here; but a pause between its check and its write does the same (\"Check, then write\"). Only the resource's check closes the gap: where the resource checks tokens, A's write is refused.",
	},
	"partitioned-holder.start": {
		"まだ誰もロックを持っていない。A は 6 tick ごとにリースを更新する。A とロックサービスの間のネットワークは分断されうる。",
		"Nobody holds the lock yet. A renews its lease every 6 ticks. The network between A and the lock service can be partitioned.",
	},

	"non-atomic-check.title": {"検査と適用の分離", "Check, then apply (not atomic)"},
	"non-atomic-check.shows": {
		"トークンを検査する方式では、この資源は、トークンの検査と書き込みの適用を別々の段階で行う。A の書き込みは A がロックを持つ間に検査を通るが、適用の前に止まる。リースのあるロックではその間に A のリースが切れ、B が取って書く。その後で A の書き込みが B の値の上に適用される。フェンシングがあっても壊れる。検査は書き込みと不可分でなければならない(compare-and-set、UPDATE … WHERE max_token <= ?、条件付き PUT)。これは実際にもよくある誤りだ: SELECT max_token で確かめてから、FOR UPDATE 無しに、検査の無い UPDATE をする(READ COMMITTED)。version でも同じで、SELECT version の後に WHERE の無い UPDATE をするのは compare-and-set ではなく、楽観ロックも壊れる。",
		"Where the resource checks tokens, it checks the token and applies the write in two separate steps. A's write passes the check while A holds the lock, then stalls before it is applied. With a lease, A's lease runs out meanwhile and B takes the lock and writes; then A's write is applied over B's. Corrupted even with fencing: the check must be atomic with the write (a compare-and-set, UPDATE … WHERE max_token <= ?, a conditional PUT). It is a common real mistake: SELECT max_token, then an UPDATE without a check, at READ COMMITTED without FOR UPDATE. So with a version: SELECT version, then an UPDATE without the WHERE, is no compare-and-set, and the optimistic lock is corrupted too.",
	},

	"same-token-retry.title": {"同じトークンでの再送", "A retry with the same token"},
	"same-token-retry.shows": {
		"A が GC で止まっている間にリースが切れ、B がロックを取る。B の最初の書き込み B-1 はネットワークで足止めされ、B はタイムアウトして同じ書き込みを送り直す。再送は届き、B は続けて B-2 を書く。目覚めた A が古い token 1 で書くと、トークンを検査する資源はそれを拒否する: 持ち主どうしの順序は守られる。そこへ B の最初の書き込みがようやく届き、B-2 を B-1 で上書きする。そのトークン 2 は maxToken と等しく、資源は同じ持ち主が何度も書けるように等しいトークンをわざと受理するので、フェンシングがあっても止まらない。フェンシングが順序づけるのは取得(持ち主の交代)であって、一人の持ち主の書き込みではない。冪等でない書き込みを再送すれば、二度適用されることもある。防ぐには、書き込みごとの連番、冪等キー、バージョンによる compare-and-set を使う。判定はフェンシングの約束を見るので安全になるが、↺ の印がこのずれを示す。楽観ロックでは version がそれを防ぐ。B の最初の書き込みが添える version は、B 自身の後の書き込みが進めた後の古いものなので、拒否される。",
		"While A is stopped in a GC pause its lease runs out, and B takes the lock. B's first write, B-1, is held up in the network; B times out and sends the same write again. The retry arrives, and B goes on to write B-2. A wakes and writes with its old token 1, which a resource that checks tokens refuses: the order between holders holds. Then B's first write arrives at last and overwrites B-2 with B-1. Its token, 2, equals maxToken, and the resource accepts an equal token on purpose, so that one holder can write many times: fencing does not stop it. Fencing orders grants, one holder after another, not one holder's own writes; a retried write that is not idempotent can even apply twice. What prevents that is a sequence number per write, an idempotency key, or a compare-and-set on a version. The verdict looks at fencing's promise, so it is safe; the ↺ mark shows what that promise leaves out. Under the optimistic lock the version does it: B's first write carries a version that B's own later writes have moved past, and is refused.",
	},
	"same-token-retry.start": {
		"まだ誰もロックを持っていない。B と資源の間のネットワークは、ときどき大きく遅れる。",
		"Nobody holds the lock yet. The network between B and the resource sometimes holds messages up for a long time.",
	},
	"same-token-retry.b-times-out": {
		"B が token 2 を添えて B-1 を書き込むが、メッセージはネットワークで足止めされる。返事が来ないので B はタイムアウトし、届いたかどうか分からないまま、同じ書き込みを送り直すことにする。",
		"B writes B-1 with token 2, but the message is held up in the network. No answer comes: B times out and, unable to tell whether the write arrived, decides to send it again.",
	},
	"same-token-retry.b-times-out.no-token": {
		"B が B-1 を書き込むが、メッセージはネットワークで足止めされる。返事が来ないので B はタイムアウトし、届いたかどうか分からないまま、同じ書き込みを送り直すことにする。",
		"B writes B-1, but the message is held up in the network. No answer comes: B times out and, unable to tell whether the write arrived, decides to send it again.",
	},
	"same-token-retry.b-retries.no-token": {
		"B が同じ書き込み B-1 を送り直す。今度はすぐに届き、資源は受理する。最初の書き込みはまだネットワークの中にある。",
		"B sends the same write of B-1 again. This time it arrives at once and the resource accepts it. The first one is still in the network.",
	},
	"same-token-retry.b-retries": {
		"B が同じ書き込み B-1 を token 2 で送り直す。今度はすぐに届き、資源は受理する。最初の書き込みはまだネットワークの中にある。",
		"B sends the same write of B-1 with token 2 again. This time it arrives at once and the resource accepts it. The first one is still in the network.",
	},
	"non-atomic-check.start": {
		"まだ誰もロックを持っていない。トークンを検査する方式では、この資源はトークンを検査してから、別の段階で書き込みを適用する。",
		"Nobody holds the lock yet. Where the resource checks tokens, it checks a token first and applies the write in a separate step.",
	},

	// The optimistic row (no lock service): how each story starts, where
	// a scenario's own start speaks of a lock, and the steps that need
	// words of their own.
	"start.optimistic": {
		"ロックは無い。資源 row-42 は空で、version は 1。",
		"There is no lock. Resource row-42 is empty, at version 1.",
	},
	"check-then-write.start.optimistic": {
		"ロックは無い。資源 row-42 は空で、version は 1。A は書く前に確かめるクライアントだが、確かめるリースが無い。",
		"There is no lock. Resource row-42 is empty, at version 1. A is a checking client, but there is no lease for it to check.",
	},
	"delayed-write.start.optimistic": {
		"ロックは無い。資源 row-42 は空で、version は 1。A と資源の間のネットワークは、ときどき大きく遅れる。",
		"There is no lock. Resource row-42 is empty, at version 1. The network between A and the resource sometimes holds messages up for a long time.",
	},
	"delayed-write.a-gives-up.optimistic": {
		"A の書き込み要求はタイムアウトする。届いたかどうか分からないまま、A はあきらめる(手放すロックは無い)。version 1 を添えた書き込みは、まだネットワークの中にある。",
		"A's write request times out. Unable to tell whether it arrived, A gives up (there is no lock to release). The write, carrying version 1, is still in the network.",
	},
	"slow-grant.start.optimistic": {
		"ロックサービスは無い。A の取得は row-42 の version を読むだけで、資源から A への返事は、ときどき大きく遅れる。リースは無いので、数えるものも無い。",
		"There is no lock service: A's acquire only reads row-42's version, and replies from the resource to A are sometimes badly delayed. There is no lease to count.",
	},
	"heartbeat.start.optimistic": {
		"ロックは無い。資源 row-42 は空で、version は 1。A は 6 tick ごとにリースを更新しようとするが、更新するリースは無い。",
		"There is no lock. Resource row-42 is empty, at version 1. A tries to renew a lease every 6 ticks, but there is no lease to renew.",
	},
	"restore-from-backup.start.optimistic": {
		"ロックは無い。資源 row-42 は空で、version は 1。バックアップを取ったり、そこから復元したりするロックサービスも無い。",
		"There is no lock. Resource row-42 is empty, at version 1, and there is no lock service to back up or restore.",
	},
	"fenced-read.start.optimistic": {
		"ロックは無い。資源 row-42 は空で、version は 1。B は資源を読み(値と version)、その値をもとに書く。",
		"There is no lock. Resource row-42 is empty, at version 1. B reads the resource (its value and version) and writes from what it read.",
	},
	"two-resources.start.optimistic": {
		"ロックは無い。二つの資源 row-42 と row-43 は空で、どちらも version は 1。version は行ごとにある。",
		"There is no lock. Resources row-42 and row-43 are empty, each at version 1: each row has a version of its own.",
	},
	"lock-delay.start.optimistic": {
		"ロックは無い。資源 row-42 は空で、version は 1。ロックサービスが無いので、ロック遅延も無い。",
		"There is no lock. Resource row-42 is empty, at version 1. With no lock service, there is no lock-delay either.",
	},
	"partitioned-holder.start.optimistic": {
		"ロックは無い。資源 row-42 は空で、version は 1。A は 6 tick ごとにリースを更新しようとするが、更新するリースも、分断されうるロックサービスとの通信も無い。",
		"There is no lock. Resource row-42 is empty, at version 1. A tries to renew a lease every 6 ticks, but there is no lease, and no lock service to be cut off from.",
	},
	"non-atomic-check.start.optimistic": {
		"ロックは無い。資源 row-42 は空で、version は 1。この資源は、書き込みの version を一つの段階で検査し(SELECT version)、別の段階で適用する(WHERE の無い UPDATE)。",
		"There is no lock. Resource row-42 is empty, at version 1. It checks a write's version in one step (SELECT version) and applies the write in another (an UPDATE without the WHERE).",
	},
	"same-token-retry.start.optimistic": {
		"ロックは無い。資源 row-42 は空で、version は 1。B と資源の間のネットワークは、ときどき大きく遅れる。",
		"There is no lock. Resource row-42 is empty, at version 1. The network between B and the resource sometimes holds messages up for a long time.",
	},
	"same-token-retry.b-times-out.version": {
		"B が version 1 を添えて B-1 を書き込むが、メッセージはネットワークで足止めされる。返事が来ないので B はタイムアウトし、届いたかどうか分からないまま、同じ書き込みを送り直すことにする。",
		"B writes B-1 with version 1, but the message is held up in the network. No answer comes: B times out and, unable to tell whether the write arrived, decides to send it again.",
	},
	"same-token-retry.b-retries.version": {
		"B が同じ書き込み B-1 を version 1 で送り直す。今度はすぐに届き、行の version は 1 のままなので受理され、version は 2 になる。最初の書き込みはまだネットワークの中にある。",
		"B sends the same write of B-1 with version 1 again. This time it arrives at once; the row is still at version 1, so it is accepted, and the version becomes 2. The first one is still in the network.",
	},
}
