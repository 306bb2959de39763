//go:build !wasm

package words

// noteWords are the sentences notes are generated from (see eventNote):
// each says one thing an event did, in both languages. Arguments are
// indexed, so a sentence uses only those it needs.
var noteWords = map[string]text{
	// Acquire.
	"gen.acquire.granted": {
		"%[1]s がロックを取得する。サービスは token %[2]d を発行し、リースはサービスの時計で t=%[3]d まで。",
		"%[1]s takes the lock: the service issues token %[2]d, with a lease until t=%[3]d by the service's clock.",
	},
	"gen.acquire.granted.no-ttl": {
		"%[1]s がロックを取得し、token %[2]d を得る。TTL が無いので、%[1]s が手放すまでロックは %[1]s のもの。",
		"%[1]s takes the lock and gets token %[2]d. There is no TTL: the lock is %[1]s's until %[1]s releases it.",
	},
	"gen.acquire.granted.majority": {
		"%[1]s が 5 ノード中 %[2]d ノードで取得し、過半数を得る。トークンは無い(持ち主はランダムな値で見分けるだけ)。%[1]s は、要求を送った時点から数えて、自分の時計で t=%[3]d までロックを持つと考える。",
		"%[1]s wins %[2]d of the 5 nodes, a majority: it holds the lock. There is no token (a random value only tells the holder apart). Counting from when it sent its request, %[1]s reckons by its own clock that it holds the lock until t=%[3]d.",
	},
	"gen.acquire.held": {
		"%[1]s がロックを求める。サービスは token %[2]d を発行してロックを貸す(リースは t=%[3]d まで)が、返事はネットワークで足止めされる。%[1]s はまだ何も知らない。",
		"%[1]s asks for the lock. The service grants it with token %[2]d and a lease until t=%[3]d, but the reply is held up in the network: %[1]s knows nothing yet.",
	},
	"gen.acquire.held.no-ttl": {
		"%[1]s がロックを求める。サービスは token %[2]d を発行してロックを貸す(TTL 無し)が、返事はネットワークで足止めされる。",
		"%[1]s asks for the lock. The service grants it with token %[2]d (no TTL), but the reply is held up in the network.",
	},
	"gen.acquire.held.majority": {
		"%[1]s がロックを求め、5 ノード中 %[2]d ノードがロックを貸す。だが返事はネットワークで足止めされ、%[1]s はまだ何も知らない。",
		"%[1]s asks for the lock and %[2]d of the 5 nodes grant it, but their replies are held up in the network: %[1]s knows nothing yet.",
	},
	"gen.acquire.held.refused": {
		"%[1]s がロックを求める。サービスは拒否するが、その返事もネットワークで足止めされる。",
		"%[1]s asks for the lock. The service refuses, and its refusal is held up in the network.",
	},
	"gen.acquire.reissued": {
		"だが token %[1]d は新しくない。%[2]s はすでに token %[3]d を見ている。サービスのカウンタが戻り、一度発行した番号をもう一度発行したのだ。",
		"But token %[1]d is not new: %[2]s has already seen token %[3]d. The service's counter went back, so it issued a number it had issued before.",
	},
	"gen.acquire.refused": {
		"%[1]s がロックを求めるが、%[2]s のリースが t=%[3]d まで有効なので拒否される。",
		"%[1]s asks for the lock, but %[2]s's lease is in force until t=%[3]d, so %[1]s is refused.",
	},
	"gen.acquire.refused.lock-delay": {
		"%[1]s がロックを求めるが拒否される。前の持ち主のリースは手放されずに切れたので、サービスはロック遅延(%[2]d tick)の間、誰にも貸さない。前の持ち主がすでに送った要求が、次の持ち主が現れる前に届き終わるのを待つためだ(Chubby の lock-delay)。",
		"%[1]s asks for the lock and is refused: the last holder's lease lapsed without a release, so the service grants nobody the lock for its lock-delay of %[2]d ticks, so that requests the last holder had already sent arrive before anyone else holds the lock (Chubby's lock-delay).",
	},
	"gen.acquire.refused.self": {
		"%[1]s がもう一度ロックを求めるが、自分のリースがまだ有効なので、サービスは二重には貸さない。",
		"%[1]s asks for the lock again, but its own lease is still in force: the service does not grant it twice.",
	},
	"gen.acquire.refused.no-ttl": {
		"%[1]s がロックを求めるが、%[2]s が持っていて TTL も無い。%[1]s は %[2]s が手放すまで待つしかない。",
		"%[1]s asks for the lock, but %[2]s holds it and there is no TTL: %[1]s must wait until %[2]s releases it.",
	},
	"gen.acquire.refused.stuck": {
		"%[1]s がロックを求めるが拒否される。持ち主の %[2]s はクラッシュしているのに、TTL が無いので誰も解放できない。",
		"%[1]s asks for the lock and is refused: its holder %[2]s has crashed, and without a TTL nobody can release it.",
	},
	"gen.acquire.refused.majority": {
		"%[1]s は 5 ノード中 %[2]d ノードしか取れず、過半数に届かない。取れたノードのロックを解放し、ロックは持たない。",
		"%[1]s wins only %[2]d of the 5 nodes, not a majority: it releases the locks it won and goes without the lock.",
	},
	"gen.acquire.refused.majority.none": {
		"%[1]s は 5 ノードのうち 1 ノードも取れず、ロックは持たない。",
		"%[1]s wins none of the 5 nodes and goes without the lock.",
	},

	// Renew and release.
	"gen.renew": {
		"%[1]s がリースを更新する。失効は t=%[2]d に延び、トークンは %[3]d のまま(同じ保持の延長だから)。",
		"%[1]s renews its lease: it now ends at t=%[2]d, and the token stays %[3]d, because it is the same tenure, extended.",
	},
	"gen.renew.majority": {
		"%[1]s が 5 ノード中 %[2]d ノードで更新する。過半数なので、自分の時計で t=%[3]d までロックを持つと考える。",
		"%[1]s renews on %[2]d of the 5 nodes, a majority: by its own clock it now holds the lock until t=%[3]d.",
	},
	"gen.renew.no-ttl": {
		"%[1]s が更新を送るが、TTL の無いロックには延ばす期限が無い。",
		"%[1]s sends a renewal, but a lock without TTL has no deadline to extend.",
	},
	"gen.renew.expired": {
		"%[1]s が更新しようとするが、リースはサービスの側でもう切れている。%[1]s はロックを失ったと知る。",
		"%[1]s tries to renew, but its lease has already run out at the service: %[1]s learns it has lost the lock.",
	},
	"gen.renew.new-token": {
		"もう一度取得すれば、新しいトークンになる。",
		"Acquiring it again would bring a new token.",
	},
	"gen.renew.delivered.expired": {
		"だがリースはサービスの側でもう切れているので、更新は拒否される。%[1]s はロックを失ったと知る。",
		"But the lease has already run out at the service, so the renewal is refused: %[1]s learns it has lost the lock.",
	},
	"gen.renew.delivered.refused": {
		"だがロックサービス上では %[1]s はもう持ち主ではないので、更新は拒否される。%[1]s はロックを失ったと知る。",
		"But the service no longer holds the lock for %[1]s, so the renewal is refused: %[1]s learns it has lost the lock.",
	},
	"gen.renew.delivered.no-ttl": {
		"だが TTL の無いロックには延ばす期限が無い。",
		"But a lock without TTL has no deadline to extend.",
	},
	"gen.renew.refused": {
		"%[1]s が更新しようとするが、ロックサービス上では %[1]s はもう持ち主ではない。%[1]s はロックを失ったと知る。",
		"%[1]s tries to renew, but the service no longer holds the lock for %[1]s: %[1]s learns it has lost the lock.",
	},
	"gen.renew.held": {
		"%[1]s がリースを更新しようとするが、ロックサービスとの間のネットワークが分断されていて、要求 %[2]s は届かない。%[1]s は返事を待つ。資源とはまだ通信できる。",
		"%[1]s tries to renew its lease, but the network between it and the lock service is partitioned: request %[2]s does not arrive. %[1]s waits for an answer, and still reaches the resource.",
	},
	"gen.deliver.renew": {
		"分断が解け、%[1]s が t=%[3]d に送った更新の要求が、t=%[2]d にロックサービスへ届く。",
		"The partition heals: the renewal %[1]s sent at t=%[3]d reaches the lock service at t=%[2]d.",
	},
	"gen.renew.skipped": {
		"%[1]s はロックを持っていないと思っているので、更新するものがない。",
		"%[1]s believes it holds no lock, so it has nothing to renew.",
	},
	"gen.release": {
		"%[1]s がロックを手放す。サービスはすぐに次のクライアントへ貸せる。",
		"%[1]s releases the lock: the service may grant it to the next client at once.",
	},
	"gen.release.in-flight": {
		"だが %[1]s の書き込み %[2]s はまだネットワークの中にある。手放しても、送ってしまった書き込みは取り消せない。",
		"But %[1]s's write %[2]s is still on its way: releasing the lock does not call back a write already sent.",
	},
	"gen.release.none": {
		"%[1]s はロックを持っていないと思っているので、手放すものがない。ロックは名前ではなく、取得の返事で受け取ったもの(Redis なら持ち主の乱数値、etcd ならキー)で返す。",
		"%[1]s believes it holds no lock, so it has nothing to release: a lock is given back with what its grant returned (in Redis the holder's random value, in etcd its key), not by a client's name.",
	},
	"gen.release.refused": {
		"%[1]s が手放そうとするが、ロックサービス上では %[1]s は持ち主ではない。何も変わらない。",
		"%[1]s releases, but the service holds no lock for %[1]s: nothing changes.",
	},

	// Writes and reads.
	"gen.resumes": {
		"%[1]s が GC 停止から再開する。",
		"%[1]s resumes after its GC pause.",
	},
	"gen.write.sends": {
		"%[1]s が token %[3]d を添えて %[4]s に %[2]q を書き込む。",
		"%[1]s writes %[2]q to %[4]s with token %[3]d.",
	},
	"gen.write.sends.no-token": {
		"%[1]s が %[3]s に %[2]q を書き込む(添えるトークンは無い)。",
		"%[1]s writes %[2]q to %[3]s (it has no token to send with it).",
	},
	"gen.write.held": {
		"%[1]s が %[3]s への書き込み %[2]q を送るが、メッセージはネットワークで足止めされる。",
		"%[1]s sends its write of %[2]q to %[3]s, but the message is held up in the network.",
	},
	"gen.write.checked": {
		"%[1]s の書き込み %[2]q が %[4]s に届く。検査は通る(token %[3]d は maxToken %[5]d 以上)が、資源は適用する前に止まる(資源側の処理の停止、遅いディスクなど)。",
		"%[1]s's write of %[2]q reaches %[4]s. The check passes (token %[3]d is not below maxToken %[5]d), but the resource stalls before applying it (a pause in its own process, a slow disk).",
	},
	"gen.write.skipped": {
		"%[1]s はロックを持っていないと思っているので、書き込まない。",
		"%[1]s believes it holds no lock, so it does not write.",
	},
	"gen.write.accepted": {
		"%[1]s はそれを受理する。",
		"%[1]s accepts it.",
	},
	"gen.write.accepted.fenced": {
		"%[1]s はそれを受理する。maxToken は %[2]d。",
		"%[1]s accepts it; maxToken is %[2]d.",
	},
	"gen.write.rejected": {
		"%[1]d < maxToken %[2]d なので、%[3]s は拒否する。⟪資源は守られた。⟫",
		"%[1]d < maxToken %[2]d, so %[3]s refuses it⟪: the data is safe⟫.",
	},
	"gen.write.rejected.holder": {
		"%[1]d < maxToken %[2]d なので、%[3]s は今の持ち主の書き込みを拒否する。カウンタが戻り(再起動で失われたか、復元で古い値に戻ったか)、資源がすでに見た番号より小さいトークンが発行されたからだ。⟪カウンタが追いつくまで、このロックでは書き込めない。⟫",
		"%[1]d < maxToken %[2]d, so %[3]s refuses the holder in force itself: the counter went back (a restart lost it, or a restore put back an older one) and issued a token below one the resource had already seen.⟪ Until the counter catches up, this lock cannot be used to write.⟫",
	},
	"gen.stale.overwrote.unfenced": {
		"%[1]s はトークンを見ないので受理してしまう。ロックサービス上ではもう持ち主ではない %[2]s が、新しい持ち主の値を上書きした。⟪データは壊れた。⟫",
		"%[1]s does not check tokens, so it accepts the write: %[2]s, which is no longer the holder at the lock service, overwrites a newer holder's value.⟪ The data is corrupted.⟫",
	},
	"gen.stale.overwrote.fenced": {
		"token %[3]d は maxToken %[4]d より小さくない(カウンタが戻り、同じ番号がもう一度発行された)ので、%[1]s は受理してしまう。ロックサービス上ではもう持ち主ではない %[2]s が、新しい持ち主の値を上書きした。⟪データは壊れた。⟫",
		"Token %[3]d is not below maxToken %[4]d (the counter went back and issued that number again), so %[1]s accepts it: %[2]s, which is no longer the holder at the lock service, overwrites a newer holder's value.⟪ The data is corrupted.⟫",
	},
	"gen.stale.overwrote.split": {
		"%[1]s は新しい持ち主が書く前にトークンの検査を済ませており、いま検査し直さずに適用する。ロックサービス上ではもう持ち主ではない %[2]s が、新しい持ち主の値を上書きした。⟪データは壊れた。⟫検査と適用は一つの不可分な操作でなければならない。",
		"%[1]s checked the token before the newer holder wrote, and applies the write now without checking again: %[2]s, which is no longer the holder at the lock service, overwrites a newer holder's value.⟪ The data is corrupted.⟫ The check and the write must be one atomic step.",
	},
	"gen.stale.before-new-holder.unfenced": {
		"%[1]s はトークンを見ないので、ロックサービス上ではもう持ち主ではない %[2]s の書き込みを受理する。⟪新しい持ち主はまだここに書いていないので、いま壊れたものは無い(危うい)。⟫ただし新しい持ち主がこの書き込みより前に %[1]s を読んでいて、その読み取りをもとに書けば、%[2]s の書き込みは誰にも気づかれずに失われる。",
		"%[1]s does not check tokens, so it accepts the write of %[2]s, which is no longer the holder at the lock service.⟪ The new holder has not written here yet, so nothing is destroyed now (at risk).⟫ But if the new holder read %[1]s before this write and writes from that read, %[2]s's write is lost without anyone noticing.",
	},
	"gen.stale.before-new-holder.fenced": {
		"%[1]s は新しい持ち主のトークンをまだ見ていない。token %[3]d は maxToken %[4]d より小さくないので、ロックサービス上ではもう持ち主ではない %[2]s の書き込みを受理する。⟪新しい持ち主はまだここに書いていないので、書き込みはトークン順に並び、いま壊れたものは無い(危うい)。⟫新しい持ち主がこれより前にトークンを示さずに(peek で)読んでいて、その読み取りをもとに書けば、これは失われる。トークンを示して読んでいれば、%[1]s はこの書き込みを拒否する。",
		"%[1]s has not seen the new holder's token yet: token %[3]d is not below maxToken %[4]d, so it accepts the write of %[2]s, which is no longer the holder at the lock service.⟪ The new holder has not written here yet, so the writes stay in token order and nothing is destroyed now (at risk).⟫ If the new holder read %[1]s without showing its token (a peek) before this and writes from that read, this write is lost; a read that shows the token makes %[1]s refuse a write like this one.",
	},
	"gen.stale.before-new-holder.fenced.token-back": {
		"token %[3]d は maxToken %[4]d より小さくないので、%[1]s は、ロックサービス上ではもう持ち主ではない %[2]s の書き込みを受理する。カウンタが戻ったので、今の持ち主の token %[5]d のほうが小さいのだ。フェンシングはいま、古い持ち主に書かせ、新しい持ち主を拒む。トークンの順序はもう、どちらの持ち主が新しいかを表していない。⟪この時点で壊れたものは無い(危うい)。⟫",
		"Token %[3]d is not below maxToken %[4]d, so %[1]s accepts the write of %[2]s, which is no longer the holder at the lock service: the counter went back, and the holder in force has the smaller token, %[5]d. Fencing now lets the old holder write and refuses the new one, and the order of the tokens no longer says which holder is newer.⟪ Nothing is destroyed at this moment (at risk).⟫",
	},
	"gen.stale.before-new-holder.split": {
		"%[1]s は検査済みの書き込みを、検査し直さずに今適用する。ロックサービス上では %[2]s はもう持ち主ではない。⟪新しい持ち主はまだここに書いていないので、いま壊れたものは無い(危うい)。⟫新しい持ち主がこの前に %[1]s を読んでいて、その読み取りをもとに書けば、これは失われる。",
		"%[1]s applies the write it checked earlier without checking again, though %[2]s is no longer the holder at the lock service.⟪ The new holder has not written here yet, so nothing is destroyed now (at risk).⟫ If the new holder read %[1]s before this and writes from that read, this write is lost.",
	},
	"gen.stale.after-read.unfenced": {
		"%[1]s はトークンを見ないので、ロックサービス上ではもう持ち主ではない %[2]s の書き込みを受理する。⟪%[5]s はまだここに書いていないので、いま壊れたものは無い(危うい)。⟫だが %[5]s はこの書き込みの前に %[1]s を読んでいる。その読み取りをもとに書けば、%[2]s の書き込みは誰にも気づかれずに失われる。",
		"%[1]s does not check tokens, so it accepts the write of %[2]s, which is no longer the holder at the lock service.⟪ %[5]s has not written here yet, so nothing is destroyed now (at risk).⟫ But %[5]s read %[1]s before this write: if it writes from that read, %[2]s's write is lost without anyone noticing.",
	},
	"gen.stale.after-read.fenced": {
		"%[5]s はトークンを示さずに %[1]s を読んだので、%[1]s は新しいトークンをまだ見ていない。token %[3]d は maxToken %[4]d より小さくないので、ロックサービス上ではもう持ち主ではない %[2]s の書き込みを受理する。⟪いま壊れたものは無い(危うい)が、⟫%[5]s がその読み取りをもとに書けば、%[2]s の書き込みは失われる。",
		"%[5]s read %[1]s without showing its token, so %[1]s has not seen the newer token: token %[3]d is not below maxToken %[4]d, and it accepts the write of %[2]s, which is no longer the holder at the lock service. If %[5]s writes from that read, %[2]s's write is lost⟪; nothing is destroyed now (at risk)⟫.",
	},
	"gen.stale.after-read.split": {
		"%[1]s は検査済みの書き込みを、検査し直さずに今適用する。ロックサービス上では %[2]s はもう持ち主ではない。⟪いま壊れたものは無い(危うい)が、⟫%[5]s はこの前に %[1]s を読んでいて、その読み取りをもとに書けば、これは失われる。",
		"%[1]s applies the write it checked earlier without checking again, though %[2]s is no longer the holder at the lock service. %[5]s read %[1]s before this: if it writes from that read, this write is lost⟪; nothing is destroyed now (at risk)⟫.",
	},
	"gen.write.reordered": {
		"だがこれは、%[1]s がいま %[2]s にある書き込みより前に送ったものだ。トークンは同じ取得のもので maxToken と等しいので受理され、%[1]s 自身の新しい値を古い値で上書きする。フェンシングは持ち主どうしを順序づけるが、一人の持ち主の書き込みどうしは順序づけない。",
		"But %[1]s sent this write before the one now at %[2]s. Its token, that of the same grant, equals maxToken, so it is accepted and overwrites %[1]s's own newer value with an older one: fencing orders holders, not one holder's own writes.",
	},
	"gen.write.reordered.unfenced": {
		"だがこれは、%[1]s がいま %[2]s にある書き込みより前に送ったものだ。%[1]s 自身の新しい値が、古い値で上書きされた。%[2]s がトークンを検査していても止められない。どちらの書き込みも %[1]s のトークンを添えているからだ。",
		"But %[1]s sent this write before the one now at %[2]s: %[1]s's own newer value is overwritten by an older one. Had %[2]s checked tokens, it would not have stopped it either: both writes carry %[1]s's token.",
	},
	"gen.write.reordered.no-token": {
		"だがこれは、%[1]s がいま %[2]s にある書き込みより前に送ったものだ。%[1]s 自身の新しい値が、古い値で上書きされた。フェンシングトークンがあっても、この二つは見分けられない。どちらも %[1]s が同じ一回の取得の間に書いたものだからだ。",
		"But %[1]s sent this write before the one now at %[2]s: %[1]s's own newer value is overwritten by an older one. A fencing token would not have told the two apart either: %[1]s made both under one grant of the lock.",
	},
	"gen.write.reordered.between": {
		"だがこれは、%[1]s が次の書き込みより先に送ったものだ。次の書き込みは %[2]s にすでに適用され、その後 %[3]s の遅れた書き込みに上書きされている。いま %[2]s にあるのは、%[1]s の最新の値ではなく、それより古い値だ。",
		"But %[1]s sent this write before a later write of its own, which %[2]s had already applied and %[3]s's late write has since overwritten: what %[2]s now holds is not %[1]s's newest value but an older one.",
	},
	"gen.write.past-lease": {
		"%[1]s 自身の時計でも、リースは t=%[2]d に切れている。%[1]s は書く前にそれを確かめないので、そのまま送る。確かめるクライアントならここでやめるが、確かめてから書くまでの間に止まれば同じことになる(「確認してから書く」)。",
		"By %[1]s's own clock its lease ended at t=%[2]d, but %[1]s does not check before writing and sends it anyway. A client that checks would stop here; one paused between its check and its write would not (\"Check, then write\").",
	},
	"gen.write.past-lease.redlock": {
		"Redlock の手順は、有効期間を過ぎたロックを使うことを禁じている。",
		"Redlock's algorithm forbids using the lock past its validity.",
	},
	"gen.write.lost-update": {
		"だが %[1]s のこの書き込みは、遅れた書き込みが届く前の %[2]s の読み取りをもとにしている。受理された遅れた書き込みは、黙って消えた。⟪データは壊れた(ロストアップデート)。⟫",
		"But %[1]s computed this write from its read of %[2]s, made before a late write landed there: that write, which was accepted, is silently discarded.⟪ The data is corrupted (a lost update).⟫",
	},
	"gen.peek": {
		"%[1]s がトークンを示さずに %[2]s を読む(ただの読み取り)。%[2]s は何も検査せず、何も覚えない。この後に遅れた書き込みが届いても、%[2]s は拒否できない。",
		"%[1]s reads %[2]s without showing a token (a plain read). %[2]s checks nothing and remembers nothing: a late write that arrives after this read cannot be refused.",
	},
	"gen.read.fenced": {
		"%[1]s が token %[2]d を示して %[3]s を読む(フェンス付きの読み取り。データベースでは max_token の UPDATE になる)。maxToken が %[2]d になり、これ以降 %[3]s はそれより小さいトークンをすべて拒否する。",
		"%[1]s reads %[3]s, showing token %[2]d (a fenced read; on a database it is an UPDATE of max_token): maxToken becomes %[2]d, and from now on %[3]s refuses every smaller token.",
	},
	"gen.read.unfenced": {
		"%[1]s が token %[2]d を示して %[3]s を読む。だが %[3]s はトークンを見ないので、遅れて届く書き込みを防ぐ効果はない。",
		"%[1]s reads %[3]s, showing token %[2]d. %[3]s does not check tokens, so this changes nothing for a late write.",
	},
	"gen.read.unfenced.no-token": {
		"%[1]s が %[2]s を読む。示すトークンは無く、%[2]s も何も覚えない。",
		"%[1]s reads %[2]s. It has no token to show, and %[2]s remembers nothing.",
	},
	"gen.read.rejected": {
		"%[1]s が token %[2]d を %[3]s に示すが、%[2]d < maxToken %[4]d なので拒否される。",
		"%[1]s presents token %[2]d to %[3]s, which refuses it: %[2]d < maxToken %[4]d.",
	},
	"gen.read.skipped": {
		"%[1]s はロックを持っていないと思っているので、示すトークンが無い。",
		"%[1]s believes it holds no lock, so it has no token to show.",
	},

	// The client's own checks.
	"gen.check.valid": {
		"%[1]s が自分の時計でリースを確認する。t=%[2]d < %[3]d なので、%[1]s の知る限りロックはまだ自分のもの。",
		"%[1]s checks its lease by its own clock: t=%[2]d < %[3]d, so as far as %[1]s can tell it still holds the lock.",
	},
	"gen.check.forever": {
		"%[1]s がロックを確認する。TTL が無いので、期限切れにはならない。",
		"%[1]s checks its lock: without a TTL it never expires.",
	},
	"gen.check.outdated": {
		"だがロックサービス上では %[1]s はもう持ち主ではない。",
		"But the lock service no longer holds the lock for %[1]s.",
	},
	"gen.check.expired": {
		"%[1]s が自分の時計でリースを確認する。t=%[2]d で、リースは t=%[3]d に切れていた。%[1]s はロックを持っているとは考えなくなり、書き込まない。",
		"%[1]s checks its lease by its own clock: it is t=%[2]d, and the lease ended at t=%[3]d. %[1]s stops believing it holds the lock, and will not write.",
	},
	"gen.check.none": {
		"%[1]s が確認する。ロックを持っていないと分かっている。",
		"%[1]s checks: it knows it holds no lock.",
	},

	// Time, pauses, crashes.
	"gen.pause": {
		"%[1]s が GC で止まり、%[2]d tick 過ぎる(t=%[3]d)。",
		"%[1]s stops in a GC pause; %[2]d ticks pass (t=%[3]d).",
	},
	"gen.pause.unaware": {
		"止まっている %[1]s はそれに気づかず、まだロックを持っているつもりでいる。",
		"%[1]s, stopped, does not notice: it still believes it holds the lock.",
	},
	"gen.pause.no-ttl": {
		"TTL が無いのでロックは %[1]s のまま。ほかのクライアントは待つしかない。",
		"Without a TTL the lock stays %[1]s's; every other client must wait.",
	},
	"gen.lease-runs-out": {
		"その間に %[1]s のリースが切れる。",
		"Meanwhile %[1]s's lease runs out.",
	},
	"gen.resume": {
		"%[1]s が再開する。止まる前の認識のまま。",
		"%[1]s resumes, with the beliefs it had when it stopped.",
	},
	"gen.crash": {
		"%[1]s がクラッシュする。持っていた認識も一緒に消える。",
		"%[1]s crashes; whatever it believed goes with it.",
	},
	"gen.crash.holder": {
		"%[1]s がロックを持ったままクラッシュする。手放す者はいないが、リースは t=%[2]d に切れる。",
		"%[1]s crashes while holding the lock. Nobody will release it, but its lease runs out at t=%[2]d.",
	},
	"gen.crash.holder.majority": {
		"%[1]s がロックを持ったままクラッシュする。手放す者はいないが、各ノードのリースはそれぞれの時計で切れる。",
		"%[1]s crashes while holding the lock. Nobody will release it, but each node's lease runs out by that node's clock.",
	},
	"gen.crash.stuck": {
		"%[1]s がロックを持ったままクラッシュする。⟪TTL が無いので、このロックはもう二度と空かない。⟫",
		"%[1]s crashes while holding the lock.⟪ Without a TTL this lock will never be free again.⟫",
	},
	"gen.tick": {
		"%[1]d tick 過ぎる(t=%[2]d)。",
		"%[1]d ticks pass (t=%[2]d).",
	},
	"gen.tick.stuck": {
		"ロックはクラッシュした %[1]s のもののまま。",
		"The lock still belongs to the crashed %[1]s.",
	},
	"gen.jump": {
		"ロックサービスの時計が %[1]d tick 先へ跳ぶ。サービスの時計は t=%[2]d、クライアントの時計は t=%[3]d(時計が手動や NTP で進められた場合や、速く進む場合)。",
		"The lock service's clock jumps %[1]d ticks ahead: it reads t=%[2]d while the clients' clocks read t=%[3]d (a clock stepped forward, or one that runs fast).",
	},
	"gen.jump.replicated": {
		"リーダーの時計が速く進み、%[1]d tick 先を指す。サービスの時計は t=%[2]d、クライアントの時計は t=%[3]d。システム時刻が一度に跳んでも、こうはならない(etcd や ZooKeeper はリースを単調時計で測る)。ここで起きているのは、速く進む時計だ。",
		"The leader's clock runs fast and gets %[1]d ticks ahead: the service's clock reads t=%[2]d while the clients' clocks read t=%[3]d. A step of the wall clock would not do this (etcd and ZooKeeper time leases with a monotonic clock): this is a clock that runs fast.",
	},
	"gen.jump.node": {
		"ノード %[1]d の時計が %[2]d tick 先へ跳ぶ。そのノードの時計は t=%[3]d、ほかの時計は t=%[4]d。",
		"Node %[1]d's clock jumps %[2]d ticks ahead: it reads t=%[3]d while every other clock reads t=%[4]d.",
	},
	"gen.jump.expires": {
		"その時計では、%[1]s のリースはもう切れている。",
		"By that clock %[1]s's lease has run out.",
	},
	"gen.jump.expires.majority": {
		"そのノードでは %[1]s のロックが切れ、%[1]s はもう過半数を持っていない。",
		"On that node %[1]s's lock has run out: %[1]s no longer holds a majority.",
	},
	"gen.jump.unaware": {
		"%[1]s 自身の時計では、リースは t=%[2]d まで有効のまま。",
		"By %[1]s's own clock, its lease holds until t=%[2]d.",
	},

	// Delivery.
	"gen.deliver.write": {
		"足止めされていた %[1]s の書き込み %[2]q(token %[3]d)が %[4]s に届く。",
		"%[1]s's write of %[2]q with token %[3]d, held up until now, reaches %[4]s.",
	},
	"gen.deliver.write.no-token": {
		"足止めされていた %[1]s の書き込み %[2]q が %[3]s に届く。",
		"%[1]s's write of %[2]q, held up until now, reaches %[3]s.",
	},
	"gen.deliver.apply": {
		"%[4]s が、検査済みだった %[1]s の書き込み %[2]q(token %[3]d)をようやく適用する。",
		"%[4]s finally applies %[1]s's write of %[2]q with token %[3]d, which it checked earlier.",
	},
	"gen.deliver.nothing": {
		"この方式では %[1]s は送られていない(送り手はロックを持っていないと思っていた)。何も届かない。",
		"Under this strategy %[1]s was never sent (its sender believed it held no lock): nothing arrives.",
	},
	"gen.reply.granted": {
		"t=%[2]d、ようやく %[1]s に返事が届く。ロックが取れたという返事だ。要求を送った t=%[3]d から数えて、%[1]s はリースが t=%[4]d まであると考える。",
		"At t=%[2]d the reply finally reaches %[1]s: granted. Counting from its request at t=%[3]d, %[1]s reckons its lease runs until t=%[4]d.",
	},
	"gen.reply.granted.from-reply": {
		"t=%[2]d、ようやく %[1]s に返事が届く。ロックが取れたという返事だ。%[1]s は返事を受け取った今から数え、リースが t=%[3]d まであると考える。",
		"At t=%[2]d the reply finally reaches %[1]s: granted. %[1]s counts its lease from now, when the reply arrived, until t=%[3]d.",
	},
	"gen.reply.granted.no-ttl": {
		"t=%[2]d、ようやく %[1]s に返事が届く。ロックが取れたという返事だ(TTL 無し)。",
		"At t=%[2]d the reply finally reaches %[1]s: granted, with no TTL.",
	},
	"gen.reply.outdated": {
		"だが、%[1]s のこの取得のリースは、サービスの側ではもう切れている。",
		"But the lease it grants %[1]s has already ended at the service.",
	},
	"gen.reply.late": {
		"t=%[2]d、%[1]s にロックが取れたという返事が届く。だが %[1]s はリースを要求を送った t=%[3]d から数えるので、t=%[4]d にもう切れていたと分かる。%[1]s はこの返事を使わない。",
		"At t=%[2]d the reply reaches %[1]s: granted. But %[1]s counts its lease from its request at t=%[3]d, so it knows the lease ended at t=%[4]d, and does not use it.",
	},
	"gen.reply.refused": {
		"t=%[2]d、%[1]s に拒否の返事が届く。",
		"At t=%[2]d the refusal reaches %[1]s.",
	},
	"gen.reply.dropped": {
		"返事が届くが、%[1]s はクラッシュしていて受け取り手がいない。",
		"The reply arrives, but %[1]s has crashed: nobody receives it.",
	},

	// Restarts.
	"gen.backup": {
		"ロックサービスの状態のバックアップを取る。誰がロックを持っているかと、トークンのカウンタ(現在の値は %[1]d)を、今のまま写しておく。",
		"The lock service's state is backed up as it is now: who holds the lock, and the token counter (it stands at %[1]d).",
	},
	"gen.backup.node": {
		"ノード %[1]d の状態のバックアップを取る。持っているロックを、今のまま写しておく。",
		"Node %[1]d's state is backed up as it is now: the locks it holds.",
	},
	"gen.restore": {
		"ロックサービスを最後のバックアップから復元する。それ以後に貸したロックも、発行したトークンも忘れる。",
		"The lock service is restored from its last backup, and forgets everything since: the grants it made and the tokens it issued.",
	},
	"gen.restore.counter": {
		"トークンのカウンタは %[1]d から %[2]d に戻る。次の token %[3]d は、すでに発行した番号だ。",
		"Its token counter goes back from %[1]d to %[2]d: the next token, %[3]d, is a number it has already issued.",
	},
	"gen.restore.replicated": {
		"合意が状態を守るのは再起動のときで、古いバックアップから復元したときではない。etcdutl snapshot restore の --bump-revision は、このためにある。",
		"Consensus keeps the state through restarts, not through a restore from an older backup: etcdutl snapshot restore has --bump-revision for this.",
	},
	"gen.restore.node": {
		"ノード %[1]d を最後のバックアップから復元する。それ以後に取られたロックを忘れる。ほかのノードはそのまま。",
		"Node %[1]d is restored from its last backup and forgets the locks taken on it since; the other nodes keep theirs.",
	},
	"gen.restart.kept": {
		"ロックサービスのノードが再起動する。状態は合意で複製されているので、持ち主もリースもトークンのカウンタも失われない。再起動でリースが短くなることはない。新しいリーダーがリースを延ばすことはある(etcd の lessor は昇格したときにすべてのリースを延ばし、Chubby の新しいマスタはセッションを延ばす)。",
		"A node of the lock service restarts. Its state is replicated by consensus, so the holder, the lease and the token counter survive. A restart never shortens a lease; a new leader may lengthen it (etcd's lessor renews every lease when it is promoted, and a new Chubby master extends sessions).",
	},
	"gen.restart.lost": {
		"ロックサービスが再起動する。このモデルのノードは状態をメモリにだけ持つので、持ち主もリースもトークンのカウンタも失われ、次のトークンはまた 1 になる。",
		"The lock service restarts. This model's node keeps its state in memory only, so it forgets the holder, the lease and the token counter: its next token is 1 again.",
	},
	"gen.restart.lost.no-ttl": {
		"ロックサービスが再起動する。このモデルのノードは状態をメモリにだけ持つので、持ち主もトークンのカウンタも失われ、次のトークンはまた 1 になる。",
		"The lock service restarts. This model's node keeps its state in memory only, so it forgets the holder and the token counter: its next token is 1 again.",
	},
	"gen.restart.node": {
		"ノード %[1]d が再起動する。永続化していない Redis と同じく、持っていたロックを忘れる。ほかのノードは自分のロックを覚えている。",
		"Node %[1]d restarts. Like Redis without persistence, it forgets the locks it held; the other nodes keep theirs.",
	},

	// Without a lock service (the optimistic lock): reads of versions,
	// compare-and-set writes, and actions on a service that is not there.
	"gen.acquire.versions": {
		"%[1]s が %[2]s を読む。ロックサービスは無く、取るべきロックも無い。%[1]s の書き込みは、読んだ version を添える(UPDATE … WHERE version = ?)。誰も締め出されない。ほかのクライアントも同じように読み、書ける。",
		"%[1]s reads %[2]s. There is no lock service and no lock to take: each of %[1]s's writes will carry the version it read (UPDATE … WHERE version = ?). Nobody is excluded: any other client may read and write the same way.",
	},
	"gen.acquire.versions.held": {
		"%[1]s が version を読みに行く。資源は %[2]s を返すが、返事はネットワークで足止めされる。%[1]s はまだ何も知らない。",
		"%[1]s asks for the version. The resource answers with %[2]s, but the reply is held up in the network: %[1]s knows nothing yet.",
	},
	"gen.reply.versions": {
		"t=%[2]d、ようやく %[1]s に返事が届く: %[4]s。これは t=%[3]d に読んだ version で、いまもそうとは限らない。リースは無いので、返事が遅れても期限は切れない。その間に行が書き換えられていれば、%[1]s のその行への書き込みは拒否される。",
		"At t=%[2]d the reply finally reaches %[1]s: %[4]s. That is the version read at t=%[3]d, which may no longer be current. There is no lease, so a late reply has not expired; if a row was written in between, %[1]s's write to it is refused.",
	},
	"gen.no-service.renew": {
		"%[1]s がリースを更新しようとするが、ロックサービスは無く、延ばすリースも無い。何も送られず、何も変わらない。",
		"%[1]s would renew its lease, but there is no lock service and no lease to extend: nothing is sent, and nothing changes.",
	},
	"gen.no-service.release": {
		"%[1]s がロックを手放そうとするが、手放すロックは無い。何も変わらず、%[1]s は読んだものをそのまま持っている。",
		"%[1]s would release the lock, but there is none: nothing changes, and %[1]s keeps what it read.",
	},
	"gen.no-service.restart": {
		"ロックサービスは無いので、再起動するものも、失われるカウンタも無い。version は行の中にデータと一緒にあり、データと同じように永続する。",
		"There is no lock service: nothing restarts, and no counter is lost. The version lives in the row with the data, and lasts as the data does.",
	},
	"gen.no-service.backup": {
		"バックアップを取るロックサービスは無い(データベースのバックアップなら、各行の version は値と一緒に写る)。",
		"There is no lock service to back up (a backup of the database holds each row's version with its value).",
	},
	"gen.no-service.restore": {
		"復元するロックサービスは無い。このモデルは資源そのものは復元しない(行を古いバックアップから戻せば、version も値と一緒に戻る)。",
		"There is no lock service to restore. The model never restores the resource itself (restoring a row from an older backup would put back its version with its value).",
	},
	"gen.no-service.jump": {
		"ロックサービスの時計が %[1]d tick 先へ跳ぶはずだが、ロックサービスもリースも無い。version の検査は時計に頼らない。",
		"The lock service's clock would jump %[1]d ticks ahead, but there is no lock service and no lease: the version check does not depend on clocks.",
	},
	"gen.write.skipped.version": {
		"%[1]s はまだどの version も読んでいないので、書き込みに添えるものが無い(UPDATE … WHERE version = ? には version が要る)。書かない。",
		"%[1]s has read no version yet, so it has none to write with (UPDATE … WHERE version = ? needs one), and does not write.",
	},
	"gen.write.held.version": {
		"%[1]s が %[3]s への書き込み %[2]q を version %[4]d を添えて送るが、メッセージはネットワークで足止めされる。",
		"%[1]s sends its write of %[2]q to %[3]s with version %[4]d, but the message is held up in the network.",
	},
	"gen.write.checked.version": {
		"%[1]s の書き込み %[2]q が %[4]s に届く。検査は通る(version %[3]d はいまの version だ)が、資源は適用する前に止まる(資源側の処理の停止、遅いディスクなど)。適用するときには検査し直さない(SELECT version の後に、WHERE の無い UPDATE)。",
		"%[1]s's write of %[2]q reaches %[4]s. The check passes (version %[3]d is the row's), but the resource stalls before applying it (a pause in its own process, a slow disk), and the apply will not check again (SELECT version, then an UPDATE without the WHERE).",
	},
	"gen.write.sends.version": {
		"%[1]s が %[4]s に %[2]q を書き込む: UPDATE … WHERE version = %[3]d。",
		"%[1]s writes %[2]q to %[4]s: UPDATE … WHERE version = %[3]d.",
	},
	"gen.write.sends.no-version": {
		"%[1]s が %[3]s に %[2]q を書き込もうとする。",
		"%[1]s tries to write %[2]q to %[3]s.",
	},
	"gen.write.accepted.version": {
		"%[1]s の version は %[2]d なので、更新は行に当たり(1 行)、version は %[3]d になる。",
		"%[1]s is at version %[2]d, so the update matches the row (1 row updated), and the version becomes %[3]d.",
	},
	"gen.write.rejected.version": {
		"だが %[1]s はもう version %[2]d なので、WHERE version = %[3]d に当たる行は無く、更新は 0 行で終わる(拒否)。%[4]s が最後にその version を読むか書くかした後に、別の書き込みが入ったのだ。⟪資源は守られた。⟫",
		"But %[1]s is at version %[2]d by now, so WHERE version = %[3]d matches no row and the update changes 0 rows (refused): another write has landed since %[4]s last read or wrote that version.⟪ The data is safe.⟫",
	},
	"gen.write.given-up": {
		"%[1]s はこの書き込みをもうあきらめていて、拒否されたことも知らない。",
		"%[1]s has already given up on this write, and never learns it was refused.",
	},
	"gen.write.read-again": {
		"%[1]s は読み直してやり直すしかない。",
		"%[1]s must read again and retry.",
	},
	"gen.write.rejected.no-version": {
		"だが %[2]s は %[1]s の version をまだ読んでいないので、添える version が無く、更新は 0 行で終わる(拒否)。",
		"But %[2]s has not read %[1]s's version, so it has none to send, and the update changes 0 rows (refused).",
	},
	"gen.write.applied.version-split": {
		"行はもう version %[3]d で(検査したのは version %[2]d)、検査し直さずに適用して %[4]d になる。",
		"The row is at version %[3]d by now (the check was of version %[2]d), and the apply, without checking again, makes it %[4]d.",
	},
	"gen.stale.after-read.version": {
		"%[1]s の version はまだ %[3]d なので、%[2]s の更新は当たる(受理)。だが %[5]s はこの書き込みの前に %[1]s を読んでいて、まだそこに書いていない。⟪いま壊れたものは無い(危うい)。⟫%[5]s がその読み取りをもとに書けば、その更新は古い version を添えるので 0 行で終わり、%[5]s は読み直すことになる。ロックの無いこの方式では、これがふつうの競合だ。",
		"%[1]s is still at version %[3]d, so %[2]s's update matches (accepted). But %[5]s read %[1]s before this write and has not written there since⟪: nothing is destroyed now (at risk)⟫. If %[5]s writes from that read, its update carries the old version and changes 0 rows, and %[5]s must read again. Without a lock, this is an ordinary race.",
	},
	"gen.stale.before-new-holder.version": {
		"%[1]s の version はまだ %[3]d なので、%[2]s の更新は当たる(受理)。%[2]s より後に version を読んだクライアントはいるが、読んだのは別の行で、%[1]s ではない。⟪いま壊れたものは無い(危うい)。⟫",
		"%[1]s is still at version %[3]d, so %[2]s's update matches (accepted). Versions have been read since %[2]s read, but of another row, not %[1]s⟪: nothing is destroyed now (at risk)⟫.",
	},
	"gen.stale.overwrote.version-split": {
		"%[1]s は %[5]s が書く前に version %[3]d を検査しており、行がもう version %[4]d なのに、いま検査し直さずに適用する(WHERE の無い UPDATE)。%[2]s の書き込みが %[5]s の値を上書きした。⟪データは壊れた。⟫検査と書き込みは一つの文(UPDATE … WHERE version = ?)でなければならない。",
		"%[1]s checked version %[3]d before %[5]s wrote, and applies the write now without checking again (an UPDATE without the WHERE), though the row is at version %[4]d: %[2]s's write overwrites %[5]s's value.⟪ The data is corrupted.⟫ The check and the write must be one statement (UPDATE … WHERE version = ?).",
	},
	"gen.stale.after-read.version-split": {
		"%[1]s は検査済みの書き込み(version %[3]d)を、検査し直さずにいま適用する。%[5]s はこの前に %[1]s を読んでいて、まだそこに書いていない。⟪いま壊れたものは無い(危うい)。⟫",
		"%[1]s applies the write it checked earlier (version %[3]d) without checking again. %[5]s read %[1]s before this and has not written there since⟪: nothing is destroyed now (at risk)⟫.",
	},
	"gen.stale.before-new-holder.version-split": {
		"%[1]s は検査済みの書き込み(version %[3]d)を、検査し直さずにいま適用する。%[2]s より後に version を読んだクライアントはいるが、読んだのは別の行で、%[1]s ではない。⟪いま壊れたものは無い(危うい)。⟫",
		"%[1]s applies the write it checked earlier (version %[3]d) without checking again. Versions have been read since %[2]s read, but of another row, not %[1]s⟪: nothing is destroyed now (at risk)⟫.",
	},
	"gen.write.reordered.version": {
		"だがこれは、%[1]s がいま %[2]s にある書き込みより前に送ったものだ。その version は後の書き込みが届く前に検査され、適用のときには検査し直されなかったので、%[1]s 自身の新しい値が古い値で上書きされた。",
		"But %[1]s sent this write before the one now at %[2]s: its version was checked before the later write landed, and not again when it was applied, so %[1]s's own newer value is overwritten by an older one.",
	},
	"gen.peek.version": {
		"%[1]s が %[2]s の値だけを読み、version は読まない(SELECT v)。書き込みに添えるのは、値と一緒に読んだ version か、自分の書き込みで得た version だけだ。その version の後に別の書き込みが入っていれば、検査が書き込みと一体である限り、この読み取りが何を見ていても書き込みは拒否される。",
		"%[1]s reads %[2]s's value but not its version (SELECT v). A write carries only a version read with a value, or produced by its writer's own write: if anything has been written since that version, the write is refused wherever the check is part of the write, whatever this read showed.",
	},
	"gen.read.version": {
		"%[1]s が %[3]s を読み、値と一緒に version %[2]d を受け取る。以後 %[1]s は %[3]s にこの version を添えて書く。読むことは何も変えず、誰も締め出さない。",
		"%[1]s reads %[3]s, and with its value, version %[2]d: from now on %[1]s writes to %[3]s with that version. Reading changes nothing and excludes nobody.",
	},
	"gen.check.no-service": {
		"%[1]s が確認しようとするが、ロックもリースも無いので、確かめるものが無い。%[1]s の書き込みを確かめるのは、資源の version の検査だ。",
		"%[1]s would check, but there is no lock and no lease to check: what checks %[1]s's write is the resource's version check.",
	},
	"gen.pause.no-lease": {
		"リースが無いので、止まっている間に切れるものも無い。%[1]s は同じ version を持ったまま目覚める。",
		"There is no lease to run out while it is stopped: %[1]s will wake with the same versions to write with.",
	},
	"gen.deliver.write.version": {
		"足止めされていた %[1]s の書き込み %[2]q(version %[3]d)が %[4]s に届く。",
		"%[1]s's write of %[2]q with version %[3]d, held up until now, reaches %[4]s.",
	},
	"gen.deliver.apply.version": {
		"%[4]s が、検査済みだった %[1]s の書き込み %[2]q(version %[3]d)をようやく適用する。",
		"%[4]s finally applies %[1]s's write of %[2]q with version %[3]d, which it checked earlier.",
	},
	"gen.deliver.nothing.no-service": {
		"この方式では %[1]s は送られていない(ロックサービスが無いので送る先が無かったか、送り手が添える version を読んでいなかった)。何も届かない。",
		"Under this strategy %[1]s was never sent (there was no lock service to send it to, or its sender had read no version to send it with): nothing arrives.",
	},
}
