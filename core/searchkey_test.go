package core

import (
	"reflect"
	"testing"
)

// searchKeyFields says, for every field of the model's state, how the
// search's state key (stateKey) treats it. A field added to any of
// these types fails TestSearchKeyCoversTheWholeState until it is written
// here, and, if its value can change what a run does from that state on,
// into the key.
var searchKeyFields = map[reflect.Type]map[string]string{
	reflect.TypeFor[world](): {
		"st":          "constant: one search, one strategy",
		"now":         "keyed: every time of the clients' clock is written relative to it",
		"nodes":       "keyed: each node (see LockService), its times relative to its own clock",
		"nodeGrant":   "keyed: the rank of a held node's grant",
		"resources":   "keyed: each resource (see Resource)",
		"clients":     "keyed: each client (see ClientView), under every renaming",
		"network":     "keyed: each held message that can still change anything (see Message), sorted",
		"restarts":    "left out: a count for the notes; no move reads it",
		"sent":        "left out: writes are numbered for the reordering, which decides no goal",
		"written":     "left out: whose value a resource holds decides nothing later, as its data",
		"backups":     "constant: the search tries no backup or restore, so none is ever taken",
		"backupGrant": "constant: as backups",
		"Ledger":      "keyed: see Ledger",

		// The replica and the failover.
		"hasReplica":   "keyed: whether the replica is keyed",
		"replica":      "keyed as a node (see LockService), its times relative to its clock, the clients'; with sync in the alphabet, also how far the faulty node's clock is ahead of it, which a sync adds to a lease it copies",
		"replicaGrant": "keyed: as a node's grant, while the replica's lease is in force",
		"syncedAt":     "left out: when it last synced, for the page; what it copied is keyed",
		"failedOver":   "keyed: after it, no sync or failover",
	},
	reflect.TypeFor[Ledger](): {
		"grants":     "keyed: the rank of the last grant",
		"holders":    "left out: only the holders of grants a node still holds matter, keyed through the nodes",
		"newest":     "keyed: the rank of each resource's newest applied grant",
		"reads":      "keyed: each read's grant rank and whether a late write missed it, while a client holds or will hear of its grant",
		"harm":       "left out: the verdict so far; a state with the verdict looked for ends the search",
		"late":       "left out: the verdict so far (at risk), as harm",
		"newestSent": "left out: it decides only whether a write is reordered, which no goal looks for",
		"reordered":  "left out: as newestSent",
	},
	reflect.TypeFor[LockService](): {
		"clock":   "left out: no rule compares it with the clients' clock; the node's times are keyed relative to it",
		"holder":  "keyed (renamed) while its lease is in force; after, only a renewal reads it, refused either way",
		"expiry":  "keyed: what is left of the lease in force, or never; an ended lease is only free",
		"token":   "keyed as tokenKeying says, while its lease is in force",
		"issued":  "keyed as tokenKeying says",
		"noTTL":   "constant: the strategy's",
		"durable": "constant: the strategy's",
		"delay":   "keyed: the lock-delay left, while it runs",

		"lease": "constant while held: only a leader change reads it, and every lease the search asks for or renews is BookLease",
	},
	reflect.TypeFor[Resource](): {
		"Name":      "constant: the resources are the search's",
		"fenced":    "constant: the strategy's",
		"split":     "constant: the strategy's",
		"versioned": "constant: the strategy's",
		"version":   "keyed through what refers to it: each client's, held write's and held reply's version, as the row's or older; the number itself decides nothing",
		"data":      "left out: which value is there decides nothing later (harm is judged by grants)",
		"maxToken":  "keyed as tokenKeying says",
		"rejected":  "left out: a count for the page",
		"writes":    "left out: a count for the page",
	},
	reflect.TypeFor[ClientView](): {
		"Name":       "keyed: by position, under every renaming",
		"State":      "keyed when crashed (and then nothing else is); idle, running and paused act alike (a paused client wakes when it acts, and the search has no resume)",
		"Discipline": "constant for each client (SearchOptions.FromReply sets A's); clients that reckon differently are not mirrored",
		"Grant":      "keyed: its rank",
		"Token":      "keyed as tokenKeying says, while it holds",
		"LeaseUntil": "keyed while it holds: what is left, or ended, or never",
		"Versions":   "keyed: each as the row's version, an older one, or none (the row's only grows: only equality decides a write)",
	},
	reflect.TypeFor[Message](): {
		"ID":       "left out: ids only name messages; held messages are unordered",
		"Kind":     "keyed",
		"Client":   "keyed (renamed) for a reply or a renewal; a write is judged by its grant, whoever sent it",
		"Resource": "keyed",
		"Token":    "keyed as tokenKeying says; a renewal's only told back, left out",
		"Grant":    "keyed: its rank",
		"Value":    "left out: as a resource's data",
		"Lease":    "keyed with SentAt: where a reply's or renewal's lease ends, relative; from the delivery for a client counting from replies",
		"SentAt":   "keyed with Lease",
		"Sent":     "left out: as the ledger's newestSent",
		"Version":  "keyed: as the row's version or an older one",
		"Versions": "keyed: each as the row's version or an older one",
	},
}

func TestSearchKeyCoversTheWholeState(t *testing.T) {
	for typ, fields := range searchKeyFields {
		seen := map[string]bool{}
		for f := range typ.Fields() {
			seen[f.Name] = true
			if _, ok := fields[f.Name]; !ok {
				t.Errorf("%s.%s is new: say in searchKeyFields how the search's key treats it (and key it if a run's future depends on it)", typ.Name(), f.Name)
			}
		}
		for name := range fields {
			if !seen[name] {
				t.Errorf("%s has no field %s any more: drop it from searchKeyFields", typ.Name(), name)
			}
		}
	}
}
