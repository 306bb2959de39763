package words

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"dlock/core"
	"dlock/core/recording"
	"dlock/web/state"
)

// sentences splits a text into its sentences, English or Japanese, and the
// lines of a Markdown table or list into sentences of their own.
func sentences(s string) []string {
	return regexp.MustCompile(`(?:[.!?](?:\s|$))|。|\n`).Split(s, -1)
}

// writtenTexts are the texts a reader acts on: every catalogue string in
// both languages, and the README, which says the same things to a
// developer.
func writtenTexts(t *testing.T) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, k := range Keys() {
		out[k+" (ja)"] = catalog[k].ja
		out[k+" (en)"] = catalog[k].en
	}
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	out["README.md"] = string(readme)
	// The code a reader copies says it too, in its comments: core's,
	// and the lab's locks, written to be copied.
	for _, pattern := range []string{"../../core/*.go", "../../lab/*.go", "../../lab/lock/*.go", "../../docs/*.md"} {
		files, err := filepath.Glob(pattern)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			// A comment's lines, joined, read as the sentences they are.
			out[strings.TrimPrefix(f, "../../")] = regexp.MustCompile(`\n\s*//\s?`).ReplaceAllString(string(b), " ")
		}
	}
	return out
}

// ZooKeeper's fencing token is the lock znode's czxid. The sequence number
// of a lock recipe's znode counts within its parent and starts again at 0
// when the parent is re-created (Curator's parents are container nodes,
// deleted once empty): a reader told to fence with it builds a counter
// reset into a consensus service. No sentence may offer it as a token.
func TestZooKeeperTokenIsNeverTheSequenceNumber(t *testing.T) {
	zk := regexp.MustCompile(`(?i)zookeeper|znode`)
	seq := regexp.MustCompile(`(?i)sequence number|sequential number|連番|シーケンス番号`)
	token := regexp.MustCompile(`(?i)token|トークン`)
	denied := regexp.MustCompile(`(?i)\bnot\b|\bnever\b|ならない|ではない|ではなく|使えない|使わない`)
	for where, text := range writtenTexts(t) {
		for _, s := range sentences(text) {
			if zk.MatchString(s) && seq.MatchString(s) && token.MatchString(s) && !denied.MatchString(s) {
				t.Errorf("%s offers ZooKeeper's sequence number as a token: %q", where, s)
			}
		}
	}
	for _, l := range []Lang{Japanese, English} {
		if about := T(l, "strategy.consensus.about"); !strings.Contains(about, "czxid") {
			t.Errorf("strategy.consensus.about (%s) does not name the czxid: %q", l, about)
		}
	}
}

// Some libraries do issue fencing tokens (Redisson's RFencedLock,
// Hazelcast's FencedLock; etcd's lock key's CreateRevision serves as one):
// no sentence may say that none does.
func TestNoSentenceSaysNoLibraryIssuesAToken(t *testing.T) {
	claims := []*regexp.Regexp{
		regexp.MustCompile(`(?i)\bno (lock |go |redis )?librar(y|ies)\b[^.]*\b(issues?|gives?|provides?|hands? out|does)\b`),
		regexp.MustCompile(`(?i)\bwhich no librar(y|ies)\b`),
		regexp.MustCompile(`(?i)\bnone of the (go |redis |lock )*librar(y|ies)\b[^.]*\b(issues?|gives?|provides?|does)\b`),
		regexp.MustCompile(`トークンを(出す|発行する|返す)ライブラリは(無い|ない)`),
		regexp.MustCompile(`ライブラリは(どれも|一つも)[^。]*トークンを(出さ|発行し)ない`),
	}
	for where, text := range writtenTexts(t) {
		for _, s := range sentences(text) {
			if !regexp.MustCompile(`(?i)token|トークン|fenc|フェンシング`).MatchString(s) {
				continue
			}
			for _, c := range claims {
				// "None of the Go Redis libraries used here" is a claim
				// about the lab's libraries, which is true.
				if c.MatchString(s) && !regexp.MustCompile(`(?i)used here|ここで使う`).MatchString(s) {
					t.Errorf("%s says no library issues a fencing token: %q", where, s)
				}
			}
		}
	}
}

// Where a row issues no token (Redlock), no line of any run speaks of one:
// no token number in an action, a result or a note.
func TestNoTokenWordsWhereThereAreNone(t *testing.T) {
	number := regexp.MustCompile(`(?i)token \d|トークン \d|maxToken`)
	for _, sc := range core.Scenarios() {
		for _, st := range core.Strategies() {
			if st.Tokens() {
				continue
			}
			frames, err := core.Replay(sc, st)
			if err != nil {
				t.Fatal(err)
			}
			for _, l := range []Lang{Japanese, English} {
				for i, f := range frames {
					for _, s := range []string{ActionText(l, f), ResultWords(l, f.Event), Note(l, frames, i+1)} {
						if number.MatchString(s) {
							t.Errorf("%s under %s, step %d (%s) speaks of a token: %q", sc.ID, st, i+1, l, s)
						}
					}
				}
			}
		}
	}
}

// A held message of a row without tokens shows none.
func TestHeldMessagesShowNoTokenWhereThereIsNone(t *testing.T) {
	for _, sc := range core.Scenarios() {
		frames, err := core.Replay(sc, core.Redlock)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range frames {
			for _, m := range f.Network {
				for _, l := range []Lang{Japanese, English} {
					if s := MessageText(l, f, m); regexp.MustCompile(`(?i)token`).MatchString(s) {
						t.Errorf("%s, step %d: a held message under Redlock reads %q", sc.ID, f.Step, s)
					}
				}
			}
		}
	}
}

// heartbeat-pause's moral says what the lab measured: on etcd, on Redis
// (redislock's refresh loop) and on ZooKeeper, the paused holder's library
// spoke of the lost lease only once A ran again, within a few milliseconds
// of A's late write; which came first is a race, so one recording of each
// service may show either order, and the moral names no order.
func TestTheLibrariesSpokeAroundTheLateWrite(t *testing.T) {
	if !strings.Contains(T(state.English, "moral.heartbeat-pause"), "within a few milliseconds of A's late write") {
		t.Fatal("moral.heartbeat-pause no longer makes the claim this test checks: change the test with it")
	}
	if !strings.Contains(T(state.English, "moral.heartbeat-pause"), "is a race") {
		t.Fatal("moral.heartbeat-pause no longer says which came first is a race")
	}
	const few = 50 // ms
	for _, service := range []string{"consensus-unfenced", "consensus-unfenced.zookeeper", "lease"} {
		path := filepath.Join("..", "..", "static", "web", "lab", "heartbeat-pause."+service+".json")
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		var rec recording.Recording
		if err := json.Unmarshal(b, &rec); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		var a *recording.RealLease
		for i := range rec.Leases {
			if rec.Leases[i].Client == "A" {
				a = &rec.Leases[i]
			}
		}
		if a == nil || len(a.Said) == 0 || len(a.Writes) == 0 {
			t.Fatalf("%s: no lease of A with the library's words and A's writes", path)
		}
		late := a.Writes[len(a.Writes)-1]
		word := a.Said[0]
		if word.Step != late.Step {
			t.Errorf("%s: the library first spoke at step %d, A's late write is step %d: it did not wait for A to run again", path, word.Step, late.Step)
		}
		if d := word.MS - late.MS; d < -few || d > few {
			t.Errorf("%s: the library spoke %d ms from A's late write, not within %d", path, d, few)
		}
	}
}

// Where there is no lock service, nobody holds, takes or loses a lock, and
// no lease runs out: no line of such a run says otherwise (a sentence may
// say there is no lock to take, or no lease to run out).
func TestNoLockWordsWhereThereIsNoLock(t *testing.T) {
	claims := regexp.MustCompile(`(?i)\bholders?\b|holds the lock|takes the lock|lost the lock|lease (runs|ran|has run) out|token \d|maxToken|持ち主|ロックを取得|ロックを失|リースが切れ`)
	for _, sc := range core.Scenarios() {
		frames, err := core.Replay(sc, core.Optimistic)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range []Lang{Japanese, English} {
			for i, f := range frames {
				lines := []string{ActionText(l, f), ResultWords(l, f.Event), Note(l, frames, i+1)}
				for _, c := range f.Clients {
					lines = append(lines, BeliefText(l, f, c))
				}
				for _, m := range f.Network {
					lines = append(lines, MessageText(l, f, m))
				}
				for _, s := range lines {
					if claims.MatchString(s) {
						t.Errorf("%s under optimistic, step %d (%s) speaks of a lock held or a lease: %q", sc.ID, i+1, l, s)
					}
				}
			}
		}
	}
}

// The one-statement compare-and-set is atomic at any isolation level (on
// PostgreSQL at READ COMMITTED it evaluates its WHERE again after waiting
// for a concurrent writer): no sentence that speaks of WHERE version says
// it needs a stronger isolation level.
func TestTheVersionCheckNeedsNoStrongerIsolation(t *testing.T) {
	cas := regexp.MustCompile(`WHERE version|WHERE id = \? AND version`)
	needs := regexp.MustCompile(`(?i)(needs?|requires?|only at|必要|でなければ)[^.。]*(SERIALIZABLE|REPEATABLE READ)`)
	for where, text := range writtenTexts(t) {
		for _, s := range sentences(text) {
			if cas.MatchString(s) && needs.MatchString(s) {
				t.Errorf("%s says the compare-and-set needs a stronger isolation level: %q", where, s)
			}
		}
	}
	for _, l := range []Lang{Japanese, English} {
		if about := T(l, "strategy.optimistic.about"); !strings.Contains(about, "READ COMMITTED") || !strings.Contains(about, "40001") {
			t.Errorf("strategy.optimistic.about (%s) does not say what each isolation level does: %q", l, about)
		}
	}
}

// Claims once corrected, each with the source that corrected it: no
// sentence the page, the README, the docs or the code's comments say may
// make one again. A sentence matching claim makes it, unless it matches
// unless (where a narrower statement is true).
func TestCorrectedClaimsDoNotComeBack(t *testing.T) {
	for _, c := range []struct {
		name, why     string
		claim, unless *regexp.Regexp
	}{{
		name: "an idempotency key as a protection against an old holder",
		why: "an idempotency key only drops a second copy of the same operation (Stripe's idempotency documentation); " +
			"an old holder's late write is a different operation with its own key. Only a conditional write " +
			"(S3's If-Match, Cloud Storage's ifGenerationMatch) protects a resource that cannot check a token",
		claim:  regexp.MustCompile(`(?i)(idempoten|冪等)[^.。]*(protect|guard|守)|(protect|guard|守)[^.。]*(idempoten|冪等)`),
		unless: regexp.MustCompile(`(?i)\bonly\b|だけ`),
	}, {
		name: "Disconnected as soon as the connection is lost",
		why: "in a partition nothing closes the socket: a ZooKeeper client gives up after two thirds of its session " +
			"timeout without a reply (go-zookeeper/zk conn.go recvTimeout = sessionTimeout * 2 / 3; the Java client " +
			"likewise); the lab's recording has it 4.0 s after the partition",
		claim: regexp.MustCompile(`(?i)Disconnected[^.。]*(as soon as|immediately|at once|すぐ)|(as soon as|immediately|at once|すぐ)[^.。]*Disconnected`),
	}, {
		name:  "a 予測モード",
		why:   "the page's control is 「予想しながら進む」: the mode is 予想, and no 予測モード exists",
		claim: regexp.MustCompile(`予測モード`),
	}, {
		name:  "ラボ",
		why:   "the lab is called lab in Japanese as in English, everywhere else on the page",
		claim: regexp.MustCompile(`ラボ`),
	}, {
		name: "a restored ZooKeeper moving past only the zxids issued before the backup",
		why: "the restored ensemble elects in the backup's epoch + 1 (Leader.getEpochToPropose), past the zxids issued " +
			"after the backup too, unless a leader was elected after it",
		claim: regexp.MustCompile(`(?i)zxid[^.。]*(issued before the backup|バックアップ以前に発行)`),
	}} {
		for where, text := range writtenTexts(t) {
			for _, s := range sentences(text) {
				if c.claim.MatchString(s) && (c.unless == nil || !c.unless.MatchString(s)) {
					t.Errorf("%s says %s again (%s): %q", where, c.name, c.why, s)
				}
			}
		}
	}
	// What replaced them is still said.
	for _, l := range []Lang{Japanese, English} {
		if r := T(l, "moral.resource"); !strings.Contains(r, "If-Match") || !strings.Contains(r, "ifGenerationMatch") {
			t.Errorf("moral.resource (%s) no longer names the conditional write: %q", l, r)
		}
		if p := T(l, "partitioned-holder.shows"); !strings.Contains(p, map[Lang]string{Japanese: "3 分の 2", English: "two thirds"}[l]) {
			t.Errorf("partitioned-holder.shows (%s) no longer says when Disconnected comes", l)
		}
		for _, k := range []string{"real.isolation", "real.isolation.version"} {
			if s := T(l, k); !strings.Contains(s, map[Lang]string{Japanese: "同じトランザクション", English: "in one transaction"}[l]) ||
				!strings.Contains(s, map[Lang]string{Japanese: "評価し直", English: "evaluates its WHERE again"}[l]) {
				t.Errorf("%s (%s) no longer gives READ COMMITTED's mechanism and the stronger levels' condition apart: %q", k, l, s)
			}
		}
	}
}
