package words

import (
	"strings"
	"testing"

	"dlock/core"
)

// A few notes in full, written out: what the generated words must say of
// these moments of the story.
func TestNotesSayWhatHappened(t *testing.T) {
	cases := []struct {
		scenario string
		st       core.Strategy
		step     int
		lang     Lang
		want     string
	}{
		{"clock-jump", core.Redlock, 9, English, `A writes "A-STALE" to row-42 (it has no token to send with it). row-42 does not check tokens, so it accepts the write: A, which is no longer the holder at the lock service, overwrites a newer holder's value. The data is corrupted.`},
		{"clock-jump", core.LeaseFencing, 5, English, `The lock service's clock jumps 7 ticks ahead: it reads t=10 while the clients' clocks read t=3 (a clock stepped forward, or one that runs fast). By that clock A's lease has run out. By A's own clock, its lease holds until t=10.`},
		{"clock-jump", core.Consensus, 5, English, `The leader's clock runs fast and gets 7 ticks ahead: the service's clock reads t=10 while the clients' clocks read t=3. A step of the wall clock would not do this (etcd and ZooKeeper time leases with a monotonic clock): this is a clock that runs fast. By that clock A's lease has run out. By A's own clock, its lease holds until t=10.`},
		{"same-token-retry", core.Consensus, 9, English, `B's write of "B-1" with token 2, held up until now, reaches row-42. row-42 accepts it; maxToken is 2. But B sent this write before the one now at row-42. Its token, that of the same grant, equals maxToken, so it is accepted and overwrites B's own newer value with an older one: fencing orders holders, not one holder's own writes.`},
		{"same-token-retry", core.ConsensusUnfenced, 9, Japanese, `足止めされていた B の書き込み "B-1"(token 2)が row-42 に届く。row-42 はそれを受理する。だがこれは、B が次の書き込みより先に送ったものだ。次の書き込みは row-42 にすでに適用され、その後 A の遅れた書き込みに上書きされている。いま row-42 にあるのは、B の最新の値ではなく、それより古い値だ。`},
		{"same-token-retry", core.Redlock, 9, English, `B's write of "B-1", held up until now, reaches row-42. row-42 accepts it. But B sent this write before a later write of its own, which row-42 had already applied and A's late write has since overwritten: what row-42 now holds is not B's newest value but an older one.`},
		{"partitioned-holder", core.Redlock, 9, English, `A writes "A-2" to row-42 (it has no token to send with it). By A's own clock its lease ended at t=10, but A does not check before writing and sends it anyway. A client that checks would stop here; one paused between its check and its write would not ("Check, then write"). Redlock's algorithm forbids using the lock past its validity. row-42 does not check tokens, so it accepts the write: A, which is no longer the holder at the lock service, overwrites a newer holder's value. The data is corrupted.`},
		{"clock-jump", core.Redlock, 6, English, `B wins 3 of the 5 nodes, a majority: it holds the lock. There is no token (a random value only tells the holder apart). Counting from when it sent its request, B reckons by its own clock that it holds the lock until t=13.`},
		{"stale-before-new-holder", core.Consensus, 6, English, `A resumes after its GC pause. A writes "A-STALE" to row-42 with token 1. row-42 has not seen the new holder's token yet: token 1 is not below maxToken 1, so it accepts the write of A, which is no longer the holder at the lock service. The new holder has not written here yet, so the writes stay in token order and nothing is destroyed now (at risk). If the new holder read row-42 without showing its token (a peek) before this and writes from that read, this write is lost; a read that shows the token makes row-42 refuse a write like this one.`},
		{"stale-before-new-holder", core.Consensus, 6, Japanese, `A が GC 停止から再開する。A が token 1 を添えて row-42 に "A-STALE" を書き込む。row-42 は新しい持ち主のトークンをまだ見ていない。token 1 は maxToken 1 より小さくないので、ロックサービス上ではもう持ち主ではない A の書き込みを受理する。新しい持ち主はまだここに書いていないので、書き込みはトークン順に並び、いま壊れたものは無い(危うい)。新しい持ち主がこれより前にトークンを示さずに(peek で)読んでいて、その読み取りをもとに書けば、これは失われる。トークンを示して読んでいれば、row-42 はこの書き込みを拒否する。`},
		{"fenced-read", core.Consensus, 6, English, `B reads row-42, showing token 2 (a fenced read; on a database it is an UPDATE of max_token): maxToken becomes 2, and from now on row-42 refuses every smaller token.`},
		{"restart-during-lease", core.NoTTL, 4, English, `The lock service restarts. This model's node keeps its state in memory only, so it forgets the holder and the token counter: its next token is 1 again.`},
		{"restart-during-lease", core.Redlock, 5, English, `B wins 3 of the 5 nodes, a majority: it holds the lock. There is no token (a random value only tells the holder apart). Counting from when it sent its request, B reckons by its own clock that it holds the lock until t=10.`},
		{"restart-during-lease", core.Redlock, 4, English, `Node 3 restarts without persistence and forgets A's lock. A now holds only nodes 1 and 2, and no one holds a majority; A does not know. The Redlock page gives this very example, and its remedies: keep a restarted node out for longer than the longest TTL (a delayed restart), or persist with fsync=always.`},
		{"fenced-read", core.ConsensusUnfenced, 8, English, `B writes "B-value" to row-42 with token 2. row-42 accepts it. But B computed this write from its read of row-42, made before a late write landed there: that write, which was accepted, is silently discarded. The data is corrupted (a lost update).`},
		{"slow-grant", core.Redlock, 7, English, `At t=12 the reply reaches A: granted. But A counts its lease from its request at t=0, so it knows the lease ended at t=10, and does not use it.`},
		{"slow-grant", core.Lease, 7, English, `At t=12 the reply finally reaches A: granted. A counts its lease from now, when the reply arrived, until t=22. But the lease it grants A has already ended at the service.`},
		{"non-atomic-check", core.Consensus, 3, English, `A's write of "A-value" reaches row-42. The check passes (token 1 is not below maxToken 0), but the resource stalls before applying it (a pause in its own process, a slow disk).`},
		{"delayed-write", core.NoTTL, 7, English, `A's write of "A-value" with token 1, held up until now, reaches row-42. row-42 does not check tokens, so it accepts the write: A, which is no longer the holder at the lock service, overwrites a newer holder's value. The data is corrupted.`},
		{"crash-no-ttl", core.NoTTL, 6, English, `B asks for the lock and is refused: its holder A has crashed, and without a TTL nobody can release it.`},
		// The optimistic lock: no lock to take, a compare-and-set refused,
		// a race that harms nothing yet, a check made apart from its write.
		{"gc-pause", core.Optimistic, 5, English, `B reads row-42 (version 2). There is no lock service and no lock to take: each of B's writes will carry the version it read (UPDATE … WHERE version = ?). Nobody is excluded: any other client may read and write the same way.`},
		{"gc-pause", core.Optimistic, 7, English, `A resumes after its GC pause. A writes "A-STALE" to row-42: UPDATE … WHERE version = 2. But row-42 is at version 3 by now, so WHERE version = 2 matches no row and the update changes 0 rows (refused): another write has landed since A last read or wrote that version. The data is safe. A must read again and retry.`},
		{"gc-pause", core.Optimistic, 7, Japanese, `A が GC 停止から再開する。A が row-42 に "A-STALE" を書き込む: UPDATE … WHERE version = 2。だが row-42 はもう version 3 なので、WHERE version = 2 に当たる行は無く、更新は 0 行で終わる(拒否)。A が最後にその version を読むか書くかした後に、別の書き込みが入ったのだ。資源は守られた。A は読み直してやり直すしかない。`},
		{"stale-before-new-holder", core.Optimistic, 6, English, `A resumes after its GC pause. A writes "A-STALE" to row-42: UPDATE … WHERE version = 2. row-42 is still at version 2, so A's update matches (accepted). But B read row-42 before this write and has not written there since: nothing is destroyed now (at risk). If B writes from that read, its update carries the old version and changes 0 rows, and B must read again. Without a lock, this is an ordinary race.`},
		{"counter-reset", core.Optimistic, 5, English, `There is no lock service: nothing restarts, and no counter is lost. The version lives in the row with the data, and lasts as the data does.`},
		{"non-atomic-check", core.Optimistic, 7, English, `row-42 finally applies A's write of "A-value" with version 1, which it checked earlier. row-42 checked version 1 before B wrote, and applies the write now without checking again (an UPDATE without the WHERE), though the row is at version 2: A's write overwrites B's value. The data is corrupted. The check and the write must be one statement (UPDATE … WHERE version = ?).`},
	}
	for _, c := range cases {
		sc, _ := core.ScenarioByID(c.scenario)
		frames, err := core.Replay(sc, c.st)
		if err != nil {
			t.Fatal(err)
		}
		if got := Note(c.lang, frames, c.step); got != c.want {
			t.Errorf("%s under %s, step %d (%s):\n got %s\nwant %s", c.scenario, c.st, c.step, c.lang, got, c.want)
		}
	}
}

// A write applied after a later write of its own grant is worded by what
// it replaced: the holder's own newer value, or an older grant's late
// write that had landed between the two; and no token is spoken of where
// the row has none.
func TestReorderedWritesSayWhatTheyReplaced(t *testing.T) {
	own := func(st core.Strategy) []core.Frame {
		sc := core.Scenario{ID: "own", Resources: []string{core.Row42}, Clients: []string{"A", "B"}, Steps: []core.Step{
			{Action: core.Action{Kind: core.ActAcquire, Client: "A", Lease: 10}},
			{Action: core.Action{Kind: core.ActWrite, Client: "A", Value: "A-1", Hold: "w"}},
			{Action: core.Action{Kind: core.ActWrite, Client: "A", Value: "A-2"}},
			{Action: core.Action{Kind: core.ActDeliver, Message: "w"}},
		}}
		frames, err := core.Replay(sc, st)
		if err != nil {
			t.Fatal(err)
		}
		return frames
	}
	retry, _ := core.ScenarioByID("same-token-retry")
	between, err := core.Replay(retry, core.Lease)
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name         string
		frames       []core.Frame
		result       string
		says, avoids []string
	}{
		{"own, unfenced", own(core.Lease), "accepted — overwrites the same holder's later write",
			[]string{"A's own newer value is overwritten", "both writes carry A's token"}, nil},
		{"own, no tokens", own(core.Redlock), "accepted — overwrites the same holder's later write",
			[]string{"A's own newer value is overwritten", "one grant of the lock"}, []string{"carry", "the token is"}},
		{"own, fenced", own(core.Consensus), "accepted — overwrites the same holder's later write",
			[]string{"equals maxToken", "overwrites A's own newer value"}, nil},
		{"a late write between", between, "accepted — applied after the same holder's later write",
			[]string{"A's late write has since overwritten", "not B's newest value"}, []string{"B's own newer value is overwritten"}},
	}
	for _, c := range cases {
		last := c.frames[len(c.frames)-1]
		if !last.Event.Reordered {
			t.Fatalf("%s: the last write is not reordered", c.name)
		}
		if got := ResultWords(English, last.Event); got != c.result {
			t.Errorf("%s: result %q, want %q", c.name, got, c.result)
		}
		note := Note(English, c.frames, len(c.frames))
		for _, s := range c.says {
			if !strings.Contains(note, s) {
				t.Errorf("%s: the note does not say %q: %s", c.name, s, note)
			}
		}
		for _, s := range c.avoids {
			if strings.Contains(note, s) {
				t.Errorf("%s: the note says %q: %s", c.name, s, note)
			}
		}
	}
}
