package web

// The scenarios' words: titles, what each one shows, and the note of every
// step, with the variants the scenarios name for other strategies. They are
// part of the one catalogue.
func init() {
	for k, v := range notes {
		if _, dup := catalog[k]; dup {
			panic("catalogue key defined twice: " + k)
		}
		catalog[k] = v
	}
}

var notes = map[string]text{
	// Shared by several scenarios.
	"note.start": {"まだ誰もロックを持っていない。資源 row-42 は空。", "Nobody holds the lock yet. Resource row-42 is empty."},
	"note.a-acquires": {
		"A がロックを取得する。token 1 が発行され、リースは t=10 まで有効。",
		"A takes the lock. Token 1 is issued and the lease is valid until t=10.",
	},
	"note.a-acquires.no-ttl": {
		"A がロックを取得し、token 1 が発行される。TTL が無いので、A が手放すまでロックは A のもの。",
		"A takes the lock and token 1 is issued. There is no TTL: the lock is A's until A releases it.",
	},
	"note.a-writes": {
		"A が token 1 を添えて書き込む。資源は受理し、maxToken が 1 になる。",
		"A writes with token 1. The resource accepts it and maxToken becomes 1.",
	},
	"note.b-acquires": {
		"リースが切れたので、B がロックを取得して token 2 を得る。",
		"The lease has expired, so B takes the lock and gets token 2.",
	},
	"note.b-refused": {
		"B がロックを求めるが、A が持ったままなので拒否される。",
		"B asks for the lock, but A still holds it, so B is refused.",
	},
	"note.b-writes": {
		"B が token 2 で書き込む。maxToken が 2 になる。",
		"B writes with token 2. maxToken becomes 2.",
	},
	"note.b-skips": {
		"B はロックを持っていないので、書き込まない。",
		"B does not hold the lock, so it does not write.",
	},
	"note.a-crashes.stuck": {
		"A がロックを持ったままクラッシュする。TTL が無いので、このロックはもう二度と空かない。",
		"A crashes while holding the lock. Without a TTL this lock will never be free again.",
	},
	"note.still-crashed-holder": {
		"時間が進んでも、ロックはクラッシュした A のもののまま。",
		"Time passes, and the lock still belongs to the crashed A.",
	},
	"note.b-refused-forever": {
		"B がロックを求めるが拒否される。持ち主の A はもういないのに、誰も解放できない。",
		"B asks for the lock and is refused. Its holder A is gone, yet nobody can release it.",
	},

	// gc-pause: the chapter's story.
	"gc-pause.title": {"GC 停止(章の筋書き)", "GC pause (the chapter's story)"},
	"gc-pause.shows": {
		"GC で止まった古い持ち主は、リースが切れても持っているつもりのまま書き込む。止められるのは資源のトークン検査だけ。",
		"An old holder frozen by GC still believes it holds the lock after its lease has expired, and writes. Only the resource's token check stops it.",
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
	"gc-pause.a-pauses": {
		"A が GC で止まっている間に時間が進み、t=10 でリースが失効する。止まっている A はそれに気づかず、まだ token 1 を持っているつもりでいる。",
		"A stops in a GC pause. Time passes and its lease expires at t=10. A, stopped, does not notice: it still believes it holds token 1.",
	},
	"gc-pause.a-pauses.no-ttl": {
		"A が GC で止まり、時間が 10 進む。TTL が無いのでロックは A のまま。ほかのクライアントは待つしかない。",
		"A stops in a GC pause and 10 ticks pass. Without a TTL the lock stays A's; every other client must wait.",
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
	"gc-pause.a-writes-late.holder": {
		"A が再開して書き込む。A はまだ本当に持ち主なので受理される。ただし A が止まっている間、ほかの誰も先へ進めなかった。",
		"A resumes and writes. A really is still the holder, so the write is accepted; but while A was stopped, nobody else could make progress.",
	},

	// check-then-write.
	"check-then-write.title": {"確認してから書く", "Check, then write"},
	"check-then-write.shows": {
		"書き込む直前にリースを確かめても、確認と書き込みの間に止まれば意味がない。クライアント側の確認では守れず、資源側の検査だけが守る。",
		"Checking the lease just before writing does not help if the client stops between the check and the write. A client-side check cannot protect the data; only the resource's check can.",
	},
	"check-then-write.start": {
		"まだ誰もロックを持っていない。A は慎重なクライアントで、書く前に必ずリースを確認する。",
		"Nobody holds the lock yet. A is a careful client: it always checks its lease before it writes.",
	},
	"check-then-write.a-works": {
		"A が仕事をしているうちに 4 tick 過ぎる(t=4)。",
		"A does some work; 4 ticks pass (t=4).",
	},
	"check-then-write.a-checks": {
		"書き込む前に A が自分のリースを確認する。t=4 < 10 なので有効。A は安心して書き込みに進む。",
		"Before writing, A checks its lease: t=4 < 10, so it is valid. A goes on to write.",
	},
	"check-then-write.a-checks.no-ttl": {
		"書き込む前に A がロックを確認する。TTL が無いので、A の認識ではずっと有効。",
		"Before writing, A checks its lock. Without a TTL it stays valid for as long as A likes.",
	},
	"check-then-write.a-pauses": {
		"確認の直後、書き込む前に A が GC で止まる。その間に t=12 となり、リースは t=10 で失効。A は確認を済ませたつもりでいる。",
		"Right after the check, before the write, A stops in a GC pause. Time reaches t=12; the lease expired at t=10. A thinks it has just checked.",
	},
	"check-then-write.a-pauses.no-ttl": {
		"確認の直後に A が GC で止まる。TTL が無いので、ロックは A のまま。",
		"Right after the check, A stops in a GC pause. Without a TTL the lock stays A's.",
	},
	"check-then-write.a-writes": {
		"A が再開し、token 1 で書き込む。",
		"A resumes and writes with token 1.",
	},
	"check-then-write.a-writes.refused": {
		"A が再開し、さっきの確認を信じて token 1 で書き込む。1 < 2 なので資源が拒否する。守ったのは A の確認ではなく資源の検査だ。",
		"A resumes and, trusting its earlier check, writes with token 1. Since 1 < 2 the resource refuses it: the resource's check saved the data, not A's.",
	},
	"check-then-write.a-writes.destroys": {
		"A が再開し、さっきの確認を信じて token 1 で書き込む。資源はトークンを見ないので、B の値が上書きされる。確認は役に立たなかった。",
		"A resumes and, trusting its earlier check, writes with token 1. The resource does not check tokens, so B's value is overwritten. The check did not help.",
	},
	"check-then-write.a-writes.holder": {
		"A が再開して書き込む。TTL が無いので A はまだ持ち主で、書き込みは受理される。",
		"A resumes and writes. Without a TTL A is still the holder, so the write is accepted.",
	},

	// delayed-write.
	"delayed-write.title": {"遅れて届く書き込み", "Delayed write"},
	"delayed-write.shows": {
		"リースが有効なうちに送った書き込みでも、ネットワークで遅れれば次の持ち主の後に届く。送った時に正しくても、届いた時に正しいとは限らない。",
		"A write sent while the lease was valid can still arrive after the next holder's write. Right when sent is not right when it arrives.",
	},
	"delayed-write.start": {
		"まだ誰もロックを持っていない。A と資源の間のネットワークは、ときどき大きく遅れる。",
		"Nobody holds the lock yet. The network between A and the resource sometimes holds messages up for a long time.",
	},
	"delayed-write.a-sends": {
		"A が token 1 で書き込みを送る。リースは有効だが、メッセージはネットワークで足止めされる。",
		"A sends a write with token 1 while its lease is valid, but the message is held up in the network.",
	},
	"delayed-write.time-passes": {
		"時間が t=10 まで進み、A のリースが失効する。A の書き込みはまだ届いていない。",
		"Time reaches t=10 and A's lease expires. A's write has still not arrived.",
	},
	"delayed-write.time-passes.no-ttl": {
		"時間が t=10 まで進む。TTL が無いのでロックは A のまま。書き込みはまだ届かない。",
		"Time reaches t=10. Without a TTL the lock is still A's. The write has still not arrived.",
	},
	"delayed-write.arrives": {
		"ネットワークが A の書き込みを届ける。",
		"The network delivers A's write.",
	},
	"delayed-write.arrives.refused": {
		"ようやく A の書き込みが届く。token 1 < maxToken 2 なので資源が拒否し、B の値は守られる。",
		"A's write finally arrives. Token 1 < maxToken 2, so the resource refuses it and B's value is safe.",
	},
	"delayed-write.arrives.destroys": {
		"ようやく A の書き込みが届く。資源はトークンを見ないので受理し、B の新しい値が古い値で上書きされる。",
		"A's write finally arrives. The resource does not check tokens, so it accepts it and B's newer value is overwritten with an older one.",
	},
	"delayed-write.arrives.holder": {
		"ようやく A の書き込みが届く。A はまだ持ち主なので受理される。",
		"A's write finally arrives. A is still the holder, so it is accepted.",
	},

	// slow-grant.
	"slow-grant.title": {"遅れて届く許可", "Slow grant"},
	"slow-grant.shows": {
		"取得の返事が、許可されたリースの失効後に届く。A は受け取った時点から数えるので、自分の確認では有効に見える。",
		"The reply to A's acquire arrives after the lease it grants has expired. A counts its lease from when the reply arrived, so its own check says the lease is valid.",
	},
	"slow-grant.start": {
		"まだ誰もロックを持っていない。ロックサービスから A への返事は、ときどき大きく遅れる。",
		"Nobody holds the lock yet. Replies from the lock service to A are sometimes badly delayed.",
	},
	"slow-grant.a-asks": {
		"A がロックを求める。サービスは token 1 を発行してリースを t=10 までとするが、返事はネットワークで足止めされる。A はまだ何も知らない。",
		"A asks for the lock. The service issues token 1 with a lease until t=10, but the reply is held up in the network: A knows nothing yet.",
	},
	"slow-grant.a-asks.no-ttl": {
		"A がロックを求める。サービスは token 1 で許可する(TTL 無し)が、返事はネットワークで足止めされる。",
		"A asks for the lock. The service grants it with token 1 (no TTL), but the reply is held up in the network.",
	},
	"slow-grant.time-passes": {
		"t=10 になり、A が一度も使わないうちに、そのリースが失効する。",
		"Time reaches t=10. A's lease expires before A has even heard of it.",
	},
	"slow-grant.time-passes.no-ttl": {
		"t=10 になる。TTL が無いので、ロックは返事を待っている A のもの。",
		"Time reaches t=10. Without a TTL the lock remains A's, while A waits for the reply.",
	},
	"slow-grant.more-time": {"さらに 2 tick 過ぎる(t=12)。", "Two more ticks pass (t=12)."},
	"slow-grant.reply-arrives": {
		"t=12、ようやく A に返事が届く。A は今から 10 tick、t=22 までリースがあると考える。実際のリースは t=10 で切れている。",
		"At t=12 the reply finally reaches A. A reckons its lease runs for 10 ticks from now, until t=22. The real lease ended at t=10.",
	},
	"slow-grant.reply-arrives.no-ttl": {
		"t=12、ようやく A に返事が届く。TTL が無いので、A は本当に持ち主だ。",
		"At t=12 the reply finally reaches A. Without a TTL, A really is the holder.",
	},
	"slow-grant.a-checks": {
		"書き込む前に A がリースを確認する。自分の計算では t=22 まで有効なので、確認は通る。",
		"Before writing, A checks its lease. By its own reckoning it is valid until t=22, so the check passes.",
	},
	"slow-grant.a-checks.no-ttl": {
		"書き込む前に A がロックを確認する。TTL が無いので有効。",
		"Before writing, A checks its lock. Without a TTL it is valid.",
	},
	"slow-grant.a-writes": {
		"A が token 1 で書き込む。",
		"A writes with token 1.",
	},
	"slow-grant.a-writes.refused": {
		"A が token 1 で書き込む。1 < 2 なので資源が拒否する。遅れて届いた許可も、資源の検査が止める。",
		"A writes with token 1. Since 1 < 2, the resource refuses it: even a late grant is caught by the resource's check.",
	},
	"slow-grant.a-writes.destroys": {
		"A が token 1 で書き込む。資源はトークンを見ないので、B の値が上書きされる。",
		"A writes with token 1. The resource does not check tokens, so B's value is overwritten.",
	},
	"slow-grant.a-writes.holder": {
		"A が書き込み、受理される。A は本当に持ち主だ。",
		"A writes and the write is accepted: A really is the holder.",
	},

	// crash-no-ttl.
	"crash-no-ttl.title": {"持ち主のクラッシュ", "The holder crashes"},
	"crash-no-ttl.shows": {
		"持ち主がロックを持ったまま落ちると、TTL の無いロックは二度と誰も取れない。リースなら失効後に次の持ち主が取れる。",
		"When the holder crashes while holding the lock, a lock without TTL can never be taken again. With a lease, the next holder takes it after expiry.",
	},
	"crash-no-ttl.a-crashes": {
		"A がロックを持ったままクラッシュする。手放す者はいないが、リースはいずれ切れる。",
		"A crashes while holding the lock. Nobody will release it, but the lease will run out.",
	},
	"crash-no-ttl.time-passes": {
		"時間が t=10 まで進み、A のリースが失効する。ロックは空いた。",
		"Time reaches t=10 and A's lease expires: the lock is free again.",
	},

	// heartbeat.
	"heartbeat.title": {"ハートビート", "Heartbeat"},
	"heartbeat.shows": {
		"持ち主が期限内に更新し続ける限り、ロックもトークンもそのまま。更新が止まればリースが切れ、次の持ち主が次のトークンを得る。",
		"As long as the holder renews in time, the lock and its token stay the same. When renewals stop, the lease runs out and the next holder gets the next token.",
	},
	"heartbeat.start": {
		"まだ誰もロックを持っていない。A は 6 tick ごとにリースを更新する。",
		"Nobody holds the lock yet. A renews its lease every 6 ticks.",
	},
	"heartbeat.a-writes": {
		"A が token 1 で書き込む(A-1)。",
		"A writes with token 1 (A-1).",
	},
	"heartbeat.time-passes": {"6 tick 過ぎる(t=6)。", "Six ticks pass (t=6)."},
	"heartbeat.a-renews": {
		"A がリースを更新する。失効は t=16 に延び、トークンは 1 のまま(同じ保持の延長だから)。",
		"A renews its lease: the expiry moves to t=16 and the token stays 1, because it is the same tenure, extended.",
	},
	"heartbeat.renew.no-ttl": {
		"A が更新を送るが、TTL の無いロックには延ばす期限がない。",
		"A sends a renewal, but a lock without TTL has no deadline to extend.",
	},
	"heartbeat.time-passes-again": {"さらに 6 tick(t=12)。", "Six more ticks (t=12)."},
	"heartbeat.a-renews-again": {
		"A がもう一度更新する。失効は t=22 へ延び、トークンはやはり 1。",
		"A renews again: the expiry moves to t=22, and the token is still 1.",
	},
	"heartbeat.a-writes-again": {
		"A が同じ token 1 のまま書き込む(A-2)。同じ保持なので受理される。",
		"A writes again with the same token 1 (A-2): same tenure, so it is accepted.",
	},
	"heartbeat.a-crashes": {
		"A がクラッシュし、更新が止まる。",
		"A crashes, and its renewals stop.",
	},
	"heartbeat.lease-runs-out": {
		"更新が無いまま t=22 に達し、リースが失効する。",
		"With no renewals, time reaches t=22 and the lease expires.",
	},
	"heartbeat.b-acquires": {
		"B がロックを取得し、次のトークン 2 を得る。",
		"B takes the lock and gets the next token, 2.",
	},

	// counter-reset.
	"counter-reset.title": {"カウンタのリセット", "Counter reset"},
	"counter-reset.shows": {
		"ロックサービスが再起動してトークンのカウンタを失うと、同じ番号をもう一度発行する。等しいトークンは資源の検査をすり抜ける。合意で複製されたカウンタは増え続ける。",
		"When the lock service restarts and loses its token counter, it issues the same number again, and an equal token passes the resource's check. A counter replicated by consensus keeps increasing.",
	},
	"counter-reset.a-pauses": {
		"A が GC で止まり、t=10 でリースが失効する。A は token 1 を持っているつもり。",
		"A stops in a GC pause and its lease expires at t=10. A believes it holds token 1.",
	},
	"counter-reset.a-pauses.no-ttl": {
		"A が GC で止まる。TTL が無いので、ロックは A のまま。",
		"A stops in a GC pause. Without a TTL the lock stays A's.",
	},
	"counter-reset.restart": {
		"ロックサービスが再起動する。1 台構成なので、持ち主もトークンのカウンタも失われ、次の番号は 1 に戻る。",
		"The lock service restarts. It runs on one node, so it loses the holder and its token counter: the next token will be 1 again.",
	},
	"counter-reset.restart.kept": {
		"ロックサービスが再起動する。状態は合意で複製されているので、カウンタは失われない。",
		"The lock service restarts. Its state is replicated by consensus, so the counter survives.",
	},
	"counter-reset.b-acquires": {
		"B がロックを取得し、token 1 を得る——A と同じ番号だ。",
		"B takes the lock and gets token 1: the same number as A's.",
	},
	"counter-reset.b-acquires.consensus": {
		"B がロックを取得し、token 2 を得る。カウンタは増え続けている。",
		"B takes the lock and gets token 2: the counter kept increasing.",
	},
	"counter-reset.b-writes": {
		"B が token 1 で書き込み、受理される。",
		"B writes with token 1, and the write is accepted.",
	},
	"counter-reset.b-writes.fenced": {
		"B が token 1 で書き込む。maxToken と等しいので受理される(同じ保持の書き込みは通す決まり)。",
		"B writes with token 1. It equals maxToken, so it is accepted (writes of one tenure must pass).",
	},
	"counter-reset.b-writes.consensus": {
		"B が token 2 で書き込む。maxToken が 2 になる。",
		"B writes with token 2. maxToken becomes 2.",
	},
	"counter-reset.a-writes-late": {
		"A が再開し、token 1 で書き込む。",
		"A resumes and writes with token 1.",
	},
	"counter-reset.a-writes-late.refused": {
		"A が再開し、token 1 で書き込もうとする。1 < 2 なので拒否される。複製されたカウンタが守った。",
		"A resumes and tries to write with token 1. Since 1 < 2 it is refused: the replicated counter saved the data.",
	},
	"counter-reset.a-writes-late.destroys": {
		"A が再開し、token 1 で書き込む。資源はトークンを見ないので、B の値が上書きされる。",
		"A resumes and writes with token 1. The resource does not check tokens, so B's value is overwritten.",
	},
	"counter-reset.a-writes-late.destroys-fenced": {
		"A が再開し、token 1 で書き込む。maxToken も 1 なので資源は受理してしまい、B の値が上書きされる。番号が繰り返されると、フェンシングは古い持ち主を見分けられない(A の番号の方が大きければ、今度は正直な B が拒否されていた)。",
		"A resumes and writes with token 1. maxToken is 1 too, so the resource accepts it and B's value is overwritten. Once tokens repeat, fencing cannot tell the old holder from the new (had A's token been larger, the honest B would have been refused instead).",
	},
}
