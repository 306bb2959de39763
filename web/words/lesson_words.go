//go:build !wasm

package words

// lessonWords are the words of a lesson walked in predict mode: the
// question each scenario poses (said in place of its story until the
// verdict is predicted), the questions' words for which write is asked,
// the reasons under the feedback (Why), the verdicts' definitions beside
// the verdict question, and the lesson's frame. Part of the one catalogue.
var lessonWords = map[string]text{
	// What each scenario's lesson asks: the set-up and the question, never
	// how the run ends (its "shows" line, the story, follows the verdict).
	"gc-pause.asks": {
		"A はリース付きでロックを取り、長い GC で止まる。目覚めた A が書き込むとき、それを止めるものはあるか?",
		"A takes the lock with a lease and stops in a long GC pause. When it wakes up and writes, does anything stop the write?",
	},
	"check-then-write.asks": {
		"A は書く直前に、自分の時計でリースを確かめる。その確認で、別の持ち主が現れた後に書き込むことを防げるか?",
		"A checks its lease by its own clock just before it writes. Does that check keep it from writing once another holder has come?",
	},
	"delayed-write.asks": {
		"A の書き込みがネットワークで足止めされ、A はあきらめてロックを手放す。その書き込みが最後に届いたとき、何が起きるか?",
		"A's write is held up in the network; A gives up and releases the lock. What happens when the write arrives at last?",
	},
	"slow-grant.asks": {
		"A の取得への返事が大きく遅れて届く。返事が届いたとき、A は何を信じ、ロックサービスは誰に貸しているか?",
		"The reply to A's acquire arrives very late. When it comes, what does A believe, and whom does the lock service hold the lock for?",
	},
	"crash-no-ttl.asks": {
		"持ち主がロックを持ったままクラッシュする。その後、誰かがロックを取れるか。取れるなら、いつか?",
		"The holder crashes while it holds the lock. Can anyone take the lock after that, and if so, when?",
	},
	"heartbeat.asks": {
		"A は 6 tick ごとにリースを更新し、やがてクラッシュする。A が更新している間、そして更新が止まった後、ロックは誰のものか?",
		"A renews its lease every 6 ticks, then crashes. Whose is the lock while A renews, and once the renewals stop?",
	},
	"heartbeat-pause.asks": {
		"A は 6 tick ごとにリースを更新するが、リースより長い GC で止まる。止まっている間も、更新でロックは A のものであり続けるか?",
		"A renews its lease every 6 ticks, then stops in a GC pause longer than the lease. Do the renewals keep the lock A's while it is stopped?",
	},
	"counter-reset.asks": {
		"GC で止まった A のリースが切れた後、ロックサービスが再起動する。サービスは次にどのトークンを発行し、資源は A の書き込みと B の書き込みを見分けられるか?",
		"A's lease runs out during a GC pause, and then the lock service restarts. Which token does the service issue next, and can the resource still tell A's write from B's?",
	},
	"restart-during-lease.asks": {
		"A のリースが有効な間に、ロックサービスが再起動する。誰も止まらない。サービスは、A がロックを持っていることをまだ知っているか?",
		"The lock service restarts while A's lease is in force, and nobody pauses. Does the service still know that A holds the lock?",
	},
	"restore-from-backup.asks": {
		"ロックが空いているときに取ったバックアップから、ロックサービスが復元される。それまでに A と B がそれぞれロックを取り、B は書き込んでいる。サービスが次に発行するのはどのトークンで、資源はそれをどう扱うか?",
		"The lock service is restored from a backup taken while the lock was free; by then A and B have each held the lock, and B has written. Which token does the service issue next, and what does the resource make of it?",
	},
	"clock-jump.asks": {
		"ロックサービスの時計だけが先へ進み、クライアントの時計はそのまま。A のリースがいつ切れるかを決めるのは誰の時計で、A は何を信じているか?",
		"The lock service's clock runs ahead while the clients' clocks do not. Whose clock decides when A's lease ends, and what does A believe?",
	},
	"stale-before-new-holder.asks": {
		"A の遅れた書き込みが、B がロックを取った後、B が資源に触れる前に届く。最大のトークンだけを覚えている資源は、それを拒否できるか?",
		"A's late write arrives after B has taken the lock, but before B has touched the resource. Can a resource that remembers only the largest token refuse it?",
	},
	"fenced-read.asks": {
		"B は資源をトークンを示して読み、読んだ値をもとに書く。その間に A が GC から目覚めて書く。B の読み取りは何を変えるか?",
		"B reads the resource, showing its token, and writes from what it read; in between, A wakes from a GC pause and writes. What does B's read change?",
	},
	"two-resources.asks": {
		"A は一つのロックのもとで二つの行に書き、GC から目覚めて両方にもう一度書く。フェンシングは二つの行を同じように扱うか?",
		"A writes two rows under one lock, then wakes from a GC pause and writes both again. Does fencing treat the two rows alike?",
	},
	"same-token-retry.asks": {
		"B の最初の書き込みがネットワークで足止めされ、B は同じ書き込みを送り直す。後になって最初の書き込みが届く。フェンシングは、同じ持ち主の古い書き込みと新しい書き込みを見分けられるか?",
		"B's first write is held up in the network, and B sends it again; later the first one arrives. Can fencing tell one holder's older write from its newer one?",
	},
	"non-atomic-check.asks": {
		"資源は、書き込みのトークンを検査する段階と、書き込みを適用する段階を分けている。その二つの間に何が起きうるか?",
		"The resource checks a write's token in one step and applies the write in another. What can happen between the two?",
	},
	"lock-delay.asks": {
		"リースが手放されずに切れた後、ロックサービスは 5 tick 待ってから次に貸す。その待ちで、古い持ち主の遅れた書き込みを止められるか?",
		"After a lease lapses without a release, the lock service waits 5 ticks before it grants the lock again. Does that wait stop an old holder's late write?",
	},
	"partitioned-holder.asks": {
		"A はロックサービスから分断されるが、資源にはまだ届く。更新の要求は届かない。A はいつロックを失ったと知り、それまでに何を書くか?",
		"A is cut off from the lock service but can still reach the resource, and its renewal does not arrive. When does A learn that it has lost the lock, and what does it write before then?",
	},
	"failover.asks": {
		"A がロックを持っている間に、ロックサービスがフェイルオーバーする。引き継いだ側は A の取得の何を持っていて、次に誰がロックを取れるか?",
		"The lock service fails over while A holds the lock. What of A's grant does the side that takes over have, and who can take the lock next?",
	},

	// Which write a question asks about (course.Question's Value, Token,
	// Version, Delivered, Since).
	"quiz.write":         {"%[1]s の書き込み", "%[1]s's write"},
	"quiz.write.value":   {"%[1]s の書き込み「%[2]s」", "%[1]s's write of “%[2]s”"},
	"quiz.write.token":   {"token %[3]d を添えた %[1]s の書き込み「%[2]s」", "%[1]s's write of “%[2]s” with token %[3]d"},
	"quiz.write.version": {"version %[3]d を添えた %[1]s の書き込み「%[2]s」", "%[1]s's write of “%[2]s” with version %[3]d"},
	"quiz.ask.write":     {"%[2]s は、%[1]sを受け付けるか?", "Will %[2]s accept %[1]s?"},
	// A write held up in the network (MsgWrite), and one the resource
	// checked earlier and now applies (MsgApply).
	"quiz.ask.write.write": {
		"%[1]sは、ステップ %[3]d で送られてから、ネットワークで足止めされていた。それがいま %[2]s に届く。%[2]s はこれを受け付けるか?",
		"%[1]s, sent at step %[3]d and held up in the network since, reaches %[2]s now. Will %[2]s accept it?",
	},
	"quiz.ask.write.apply": {
		"%[2]s は、%[1]sをステップ %[3]d で検査済みで、いま適用に取りかかる。%[2]s はこれを受け付けるか?",
		"%[2]s checked %[1]s at step %[3]d, and now gets to applying it. Will %[2]s accept it?",
	},

	// How to answer, on a screen with keys and on a touch screen (the
	// style sheet shows the one that fits).
	"quiz.keys":       {"クリックか、1〜4 のキーで答える。答えるまで次の手順は表示されない。", "Answer by a click or with the keys 1–4. The step is shown once you answer."},
	"quiz.keys.touch": {"選択肢をタップして答える。答えるまで次の手順は表示されない。", "Tap a choice to answer. The step is shown once you answer."},
	"quiz.hint.verdict": {
		"最後のステップ。→ を押すか下のボタンで、この実行の判定を予想する。",
		"The last step. Press → or the button below to predict the run's verdict.",
	},
	"quiz.hint.verdict.touch": {
		"最後のステップ。下のボタンをタップして、この実行の判定を予想する。",
		"The last step. Tap the button below to predict the run's verdict.",
	},
	"quiz.verdict.open": {"判定を予想する", "Predict the verdict"},
	"quiz.why":          {"理由: %s", "Why: %s"},

	// The verdicts' definitions, beside the verdict question, a line each
	// (each verdict's words are verdict.*'s), and how they rank.
	"verdict.defs": {
		"✓ 安全: 前の取得のもとでの書き込みが、新しい取得の後に届くことはなく、ロックは使える。\n" +
			"△ 危うい: 前の取得のもとでの書き込みが、新しい取得の後に適用されたが、何も壊していない(新しい持ち主はまだ書いておらず、読んだ後に書いてもいない)。\n" +
			"✗ 破壊: 新しい持ち主の書き込みの後に、前の取得のもとでの書き込みが適用された(上書き)、あるいは新しい持ち主が読んだ後に適用され、新しい持ち主がその読み取りをもとに書いた(ロストアップデート)。\n" +
			"⊘ 行き詰まり: ロックを正しく使えない。クラッシュした持ち主が TTL の無いロックを永遠に持つ、あるいはカウンタが戻った後、資源が今の持ち主を拒む。\n" +
			"判定は資源ごとに見て、起きたことのうち最も悪いものになる。悪い順に ✗ 破壊、⊘ 行き詰まり、△ 危うい。",
		"✓ safe: no write made under an older grant landed after a newer grant, and the lock can be used.\n" +
			"△ at risk: a write made under an older grant was applied after a newer grant was issued, but destroyed nothing (the newer holder had not written, nor written after a read).\n" +
			"✗ corrupted: an older grant's write was applied after the newer holder's write (an overwrite), or after the newer holder's read, from which the newer holder then wrote (a lost update).\n" +
			"⊘ stuck: the lock cannot be used correctly: a crashed holder keeps a lock without TTL forever, or, after the counter went back, the resource refuses the holder in force.\n" +
			"Each resource is judged on its own, and a run takes the worst of what happened: ✗ corrupted, then ⊘ stuck, then △ at risk.",
	},
	"verdict.def.lockless": {
		"ロックの無い方式では、version を読むこと(取得、または読み取り)を取得と数える。",
		"Without a lock, each read of a version (an acquire, or a read) counts as a grant.",
	},

	// Why an answer is right (Why, course.WhyOf): the rule and the values it
	// compared.
	"why.token-below": {
		"%[3]s はすでに token %[5]d を見ている。%[4]d < %[5]d で、これまでに見た最大のトークンより小さいので拒否する。",
		"%[3]s had seen token %[5]d, and %[4]d < %[5]d: it refuses a token below the largest it has seen.",
	},
	"why.token-not-below": {
		"token %[4]d は、%[3]s が見た最大のトークン %[5]d より小さくないので、受け付ける。",
		"Token %[4]d is not below the largest %[3]s has seen, %[5]d, so it accepts it.",
	},
	"why.token-first": {
		"%[3]s はまだどのトークンも見ていないので、token %[4]d を受け付ける。",
		"%[3]s has seen no token yet, so it accepts token %[4]d.",
	},
	"why.token-equal": {
		"token %[4]d は、%[3]s が見た最大のトークン %[5]d と等しい。同じ持ち主が何度も書けるように、等しいトークンはわざと受け付ける。",
		"Token %[4]d equals the largest %[3]s has seen, %[5]d, and an equal token is accepted on purpose, so that one holder can write many times.",
	},
	"why.no-check": {
		"%[3]s はトークンを検査しないので、届いた書き込みをすべて適用する。",
		"%[3]s does not check tokens: it applies every write that reaches it.",
	},
	"why.checked-earlier": {
		"%[3]s はこの書き込みをステップ %[13]d で検査済みで、いま検査し直さずに適用する。検査と書き込みが別々の段階だからだ。",
		"%[3]s checked this write at step %[13]d, and applies it now without checking again: the check and the write are two separate steps.",
	},
	"why.version-matches": {
		"%[3]s の version はまだ、書き込みが添える %[6]d のままなので、更新は行に当たる。",
		"%[3]s is still at version %[6]d, the version the write carries, so the update matches the row.",
	},
	"why.version-moved": {
		"%[3]s の version は %[7]d で、書き込みが添える %[6]d ではないので、更新はどの行にも当たらない。",
		"%[3]s is at version %[7]d, not the %[6]d the write carries, so the update matches no row.",
	},
	"why.no-version": {
		"%[1]s は %[3]s の version を読んでいないので、書き込みに添える version が無く、更新はどの行にも当たらない。",
		"%[1]s has read no version of %[3]s, so its write carries none, and the update matches no row.",
	},
	"why.free": {
		"まだ誰もロックを持ったことがない。",
		"Nobody had held the lock yet.",
	},
	"why.released": {
		"%[2]s がロックを手放していた。",
		"%[2]s had released it.",
	},
	"why.lease-ended": {
		"%[2]s のリースは、ロックサービスの時計で t=%[8]d に切れている(いまは t=%[9]d)。",
		"%[2]s's lease ended at t=%[8]d by the lock service's clock, which reads t=%[9]d.",
	},
	"why.forgot": {
		"ロックサービスは %[2]s への取得を失った(状態をメモリにだけ持つノードの再起動、復元、あるいはその取得を写していなかったレプリカへのフェイルオーバーで)。",
		"The lock service has lost its grant to %[2]s (a restart of a node that keeps its state in memory, a restore, or a failover to a replica that had not copied it).",
	},
	"why.held": {
		"%[2]s がロックを持っていて、そのリースはロックサービスの時計で t=%[8]d まで有効だ(いまは t=%[9]d)。",
		"%[2]s holds the lock, its lease in force until t=%[8]d by the lock service's clock, which reads t=%[9]d.",
	},
	"why.held.no-ttl": {
		"%[2]s がロックを持っていて、TTL が無いのでそのリースは切れない。",
		"%[2]s holds the lock, and without a TTL its lease never ends.",
	},
	"why.held.self": {
		"%[1]s はすでにロックを持っている。",
		"%[1]s already holds it.",
	},
	"why.lock-delay": {
		"%[2]s のリースは手放されないまま切れたので、ロックサービスはロック遅延の終わる t=%[8]d まで誰にも貸さない(いまは t=%[9]d)。",
		"%[2]s's lease lapsed without a release, so the lock service grants nobody the lock until its lock-delay ends at t=%[8]d (it reads t=%[9]d).",
	},
	"why.majority": {
		"%[14]s は %[12]d ノードのうち %[11]d を得ている。過半数だ。",
		"%[14]s has %[11]d of the %[12]d nodes: a majority.",
	},
	"why.no-majority": {
		"%[14]s が得ているのは %[12]d ノードのうち %[11]d だけで、過半数ではない。",
		"%[14]s has only %[11]d of the %[12]d nodes: no majority.",
	},
	"why.lease-runs": {
		"%[2]s のリースは t=%[8]d まで続き、ロックサービスの時計はいま t=%[9]d だ。",
		"%[2]s's lease runs until t=%[8]d, and the lock service's clock reads t=%[9]d.",
	},
	"why.no-ttl": {
		"ロックに TTL が無いので、%[14]s は手放すまで、時間がいくら経っても持ち続ける。",
		"The lock has no TTL: %[14]s holds it until it releases it, however much time passes.",
	},
	"why.leader-restarted": {
		"新しいリーダーは %[2]s のリースを最初から、選挙タイムアウトを足してやり直す。リースはいま t=%[8]d に切れる(ロックサービスの時計は t=%[9]d)。",
		"The new leader restarts %[2]s's lease in full, plus the election timeout: it now ends at t=%[8]d (the lock service's clock reads t=%[9]d).",
	},
	"why.from-reply": {
		"%[1]s はリースを返事の届いた時点 t=%[10]d から数えるので、自分の時計では t=%[8]d までロックを持っている。",
		"%[1]s counts its lease from when the reply arrived, t=%[10]d, so by its own clock it holds the lock until t=%[8]d.",
	},
	"why.from-request": {
		"%[1]s はリースを要求を送った時点 t=%[10]d から数える。リースは t=%[8]d まで続き、いまは t=%[9]d だ。",
		"%[1]s counts its lease from when it sent the request, t=%[10]d: it runs until t=%[8]d, and it is t=%[9]d.",
	},
	"why.late-grant": {
		"%[1]s が要求を送った t=%[10]d から数えると、リースは t=%[8]d に切れていて、返事が届いた t=%[9]d より前だ。",
		"Counted from when %[1]s sent the request, t=%[10]d, the lease ended at t=%[8]d, before the reply arrived at t=%[9]d.",
	},
	"why.refused-earlier": {
		"ロックサービスはステップ %[13]d で %[1]s の取得を拒否していた。返事はそれを %[1]s に伝えるだけだ。",
		"The lock service refused %[1]s's acquire at step %[13]d; the reply only tells %[1]s so.",
	},
	"why.in-force": {
		"%[1]s のリースは、ロックサービスの時計でまだ t=%[8]d まで有効だった(いまは t=%[9]d)。サービスはそれを延ばす。",
		"%[1]s's lease was still in force, until t=%[8]d by the lock service's clock (it reads t=%[9]d), so the service extends it.",
	},
	"why.renew-too-late": {
		"%[1]s のリースは、ロックサービスの時計で t=%[8]d に切れていた(いまは t=%[9]d)。切れたリースは更新できず、%[1]s はロックを取り直すしかない。",
		"%[1]s's lease had ended at t=%[8]d by the lock service's clock (it reads t=%[9]d), and a lease that has ended is not renewed: %[1]s must acquire the lock again.",
	},
	"why.not-holder": {
		"%[1]s はロックを持っていない。持っているのは %[2]s だ。",
		"%[1]s does not hold the lock: %[2]s does.",
	},
	"why.not-holder.none": {
		"%[1]s はロックを持っていない。いまは誰も持っていない。",
		"%[1]s does not hold the lock: nobody does.",
	},
	"why.own-clock-valid": {
		"%[1]s 自身の時計ではいま t=%[9]d で、リースの終わり t=%[8]d より前だ。",
		"By %[1]s's own clock it is t=%[9]d, before its lease ends at t=%[8]d.",
	},
	"why.own-clock-past": {
		"%[1]s 自身の時計ではいま t=%[9]d で、リースは t=%[8]d に切れている。",
		"By %[1]s's own clock it is t=%[9]d, and its lease ended at t=%[8]d.",
	},
	"why.overwrite": {
		"ステップ %[13]d で、もう持ち主ではない %[1]s の書き込みが、%[3]s にある %[2]s の新しい値を上書きした。",
		"At step %[13]d, the write of %[1]s, no longer the holder, overwrote %[2]s's newer value at %[3]s.",
	},
	"why.lost-update": {
		"ステップ %[13]d で %[1]s は、遅れた書き込みが届く前の読み取りをもとに %[3]s に書き、その遅れた書き込みは失われた。",
		"At step %[13]d, %[1]s wrote %[3]s from a read made before a late write landed there, and that write is lost.",
	},
	"why.stuck-crash": {
		"ステップ %[13]d から、TTL の無いロックを持ったまま %[1]s がクラッシュしている。もう誰もロックを取れない。",
		"From step %[13]d, %[1]s holds a lock without TTL and has crashed: nobody can take the lock again.",
	},
	"why.stuck-token": {
		"ステップ %[13]d から %[1]s は token %[4]d でロックを持っているが、%[3]s はすでに token %[5]d を見ている。資源は今の持ち主を拒むので、このロックでは書き込めない。",
		"From step %[13]d, %[1]s holds the lock with token %[4]d, but %[3]s has seen token %[5]d: it refuses the holder in force, and the lock cannot be used to write.",
	},
	"why.late-landed": {
		"ステップ %[13]d で、前の取得のもとでの %[1]s の書き込みが、新しい取得の後に %[3]s に届いたが、何も壊さなかった。",
		"At step %[13]d, a write of %[1]s made under an older grant landed at %[3]s after a newer grant was issued, and destroyed nothing.",
	},
	"why.late-refused": {
		"前の取得のもとでの書き込みが、新しい取得の後に届いて適用されることはなかった(ステップ %[13]d で %[3]s は %[1]s の書き込みを拒否した)。",
		"No write made under an older grant was applied after a newer grant was issued (at step %[13]d, %[3]s refused %[1]s's write).",
	},
	"why.nothing-late": {
		"前の取得のもとでの書き込みが、新しい取得の後に届いて適用されることはなく、ロックもまだ使える。",
		"No write made under an older grant was applied after a newer grant was issued, and the lock can still be used.",
	},
	"why.worst": {
		"遅れた書き込みも届いた(%[3]s)が、判定は起きたことのうち最も悪いものになる。悪い順に %[1]s、%[2]s、%[3]s。",
		"A late write landed too (%[3]s), but a run takes the worst of what happened: %[1]s, then %[2]s, then %[3]s.",
	},

	// The lesson's frame: where it is in the course, the way back, the
	// next lesson.
	"lesson.label":      {"レッスン", "Lesson"},
	"lesson.of":         {"レッスン %d / %d", "Lesson %d of %d"},
	"lesson.course":     {"← コースへ戻る", "← Back to the course"},
	"lesson.next":       {"次のレッスン: %s →", "Next lesson: %s →"},
	"lesson.next.table": {"次: 比較表を読む →", "Next: read the table →"},
	"lesson.done":       {"このレッスンは終わり(%d / %d 問正解)。", "Lesson done: %d of %d answers right."},

	// What predict mode holds back until the verdict is predicted.
	"real.held": {
		"実際のソフトウェアでの記録は、この実行の判定を予想した後に表示する(実行がどう終わるかが書いてあるため)。",
		"The recording on real software is shown once you have predicted the run's verdict: it shows how the run ends.",
	},

	// The course's record of a lesson walked in part, and of exercises.
	"course.partial": {
		"一部のみ: %[3]d 問中 %[2]d 問に答え、%[1]d 問正解(最初から通して答えると記録される)",
		"Partly done: %[2]d of %[3]d questions answered, %[1]d right (answer them all, from the start, to record it)",
	},
	"course.exercises":     {"、課題 %d / %d 達成", ", %d of %d exercises solved"},
	"course.solved":        {"✓ 達成済み", "✓ solved"},
	"course.reset.confirm": {"すべての進み具合と達成した課題の記録を消すか?", "Reset all progress and every exercise solved?"},
	"course.reset.yes":     {"消す", "Reset"},
	"course.reset.no":      {"やめる", "Cancel"},

	// An exercise: which row it judges, a run not written yet, the
	// messages a deliver can let through.
	"exercise.other-row": {
		"判定はこの課題の方式(%[1]s)でのもの。いま表示しているのは %[2]s での実行だ。",
		"The judgement is under the exercise's strategy, %[1]s; the run shown is under %[2]s.",
	},
	"exercise.empty": {"下の編集欄で実行を書くと、ここでモデルが判定する。", "Write a run in the editor below, and the model judges it here."},
	"play.held":      {"足止めされているメッセージ", "held message"},
	"play.held.none": {"足止めされているメッセージは無い", "no message is held"},
	"script.err.held-now": {
		"%[1]s。いま足止めされているのは %[2]s",
		"%[1]s; held now: %[2]s",
	},
	"script.err.held-none": {
		"%s。いま足止めされているメッセージは無い",
		"%s; no message is held now",
	},
}
