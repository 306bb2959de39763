package main

import (
	"context"
	"slices"
	"time"

	"dlock/core"
	"dlock/core/recording"
	"dlock/lab/lock"
)

// A backend is one lock service as the lab runs it: the lock its clients
// take (from lab/lock), how the lab starts the service and watches it
// (service), and the words the trace says them with. backends lists them,
// each for the designs it serves, as core's rows list strategies: a run
// under a row takes its lock on the backends that serve the row's design,
// the first one's recording being the row's. Adding a service is a file
// that defines its backend and a row here.
type backend struct {
	// name names the service: in the recordings' file names, in
	// make lab SERVICE=…, and in a client's configuration.
	name string
	// describe says the service as the trace does, under st, with how
	// the run renews its leases.
	describe func(st core.Strategy, r renewal) string
	// token says what a grant's fencing token is ("" for none).
	token string
	// key is the lock's name on the service for the run named run.
	key func(run string) string
	// open starts the service, or joins the one the lab shares, for a run:
	// the lab's own view of it.
	open func(p place) (service, error)
	// library makes, in a client's process, the library the client takes
	// its lock with; what the library does on its own it tells h.
	library func(cfg clientConfig, h hearer) (library, error)
	// apart: a held request needs a connection of its own, which nothing
	// else uses while its answer is held (etcd's client carries every call
	// on one connection; so does a ZooKeeper session).
	apart bool
	// keepsAlive: the library keeps every lease alive on its own, in
	// every run (a ZooKeeper session cannot be left to lapse while its
	// holder runs). Other services' leases are kept alive by the library
	// in the scenarios whose renewals are a heartbeat (renewsAsHeartbeat).
	keepsAlive bool
	// renewsItself: where the library keeps the lease alive, it does so
	// itself (etcd's Session, ZooKeeper's heartbeat); otherwise the client
	// process runs a loop that renews every third of the lease, as Redis
	// lock libraries' watchdogs do.
	renewsItself bool
	// asks is what a client asks its library at a check step
	// (lock.Lock.Standing), in the trace's words.
	asks string
	// gone is what the library says, on its own, once a lease is gone
	// (lock.Lock.Lost), in the trace's words; "" where it keeps no watch.
	gone string
	// unstageable says why the lab cannot stage a run on this service,
	// where recording.Replayable says it can: the reason and the item (1-based)
	// where it shows, from the model's frames; "" if it can.
	unstageable func(sc core.Scenario, frames []core.Frame) (recording.NotReplayed, int)
	// restores says how the lab backs the service up and restores it
	// (core's backup and restore actions), in the trace's words; "" where
	// it does not, and such runs are not replayed on it.
	restores string
	// failsOver says how the lab syncs the service's replica and fails the
	// service over (core's sync and failover actions), in the trace's
	// words; "" where it does not, and such runs are not replayed on it.
	failsOver string
	// failoverDiffers says how a failover on the service differs from the
	// model's, which takes no time and restarts a lease at its full length
	// plus one tick (the page words it from its own catalogue).
	failoverDiffers string
	// differs says why a run that restores the service may differ from the
	// model's, which restores a service as it was ("" where it should not).
	differs string
	// lockless: there is no lock service (the optimistic lock's row):
	// nothing to reach, no library; the clients read and write versions
	// (versionsLocker).
	lockless bool
	// variants are other ways of restoring the service, each a backend of
	// its own, replayed beside it where a run restores the service;
	// variantOf is the backend a variant restores otherwise.
	variants  []*backend
	variantOf *backend
}

// place is what a backend opens its service for: the run's directory, its
// lock's name, its row, whether the run backs the service up and restores
// it, and whether it syncs the service's replica or fails the service
// over. A restore takes the whole service back, and a failover kills a
// server, so such a run has a service of its own, never the one the lab
// shares between runs.
type place struct {
	dir, key  string
	st        core.Strategy
	restores  bool
	failsOver bool
}

// own reports whether the run needs a service of its own.
func (p place) own() bool { return p.restores || p.failsOver }

// restoreActions are what backs a lock service up and restores it;
// failoverActions what syncs its replica and fails it over.
var (
	restoreActions  = []core.ActionKind{core.ActBackup, core.ActRestore}
	failoverActions = []core.ActionKind{core.ActSync, core.ActFailover}
)

// restoresService reports whether sc backs the lock service up or restores
// it.
func restoresService(sc core.Scenario) bool { return hasActions(sc, restoreActions) }

// failsServiceOver reports whether sc syncs the lock service's replica or
// fails the service over.
func failsServiceOver(sc core.Scenario) bool { return hasActions(sc, failoverActions) }

func hasActions(sc core.Scenario, kinds []core.ActionKind) bool {
	return slices.ContainsFunc(sc.Steps, func(s core.Step) bool { return slices.Contains(kinds, s.Action.Kind) })
}

// backends are the lock services the lab runs, each with the design it
// serves: a field left empty serves every value.
var backends = []struct {
	serves core.Design
	*backend
}{
	{core.Design{Lease: core.NoLease, Service: core.OneNode}, plainRedis},
	{core.Design{Lease: core.TTLLease, Service: core.OneNode, Check: core.Unchecked}, redisLock},
	{core.Design{Lease: core.TTLLease, Service: core.OneNode, Check: core.Checked}, fencedRedis},
	{core.Design{Lease: core.TTLLease, Service: core.Majority}, redsyncLock},
	{core.Design{Lease: core.TTLLease, Service: core.Replicated}, etcdLock},
	{core.Design{Lease: core.TTLLease, Service: core.Replicated}, zooKeeperLock},
	{core.Design{Service: core.NoService}, noService},
}

// backendsFor are the backends that serve st's design, in the table's
// order.
func backendsFor(st core.Strategy) []*backend {
	d := st.Design()
	var out []*backend
	for _, b := range backends {
		s := b.serves
		if (s.Lease == "" || s.Lease == d.Lease) && (s.Service == "" || s.Service == d.Service) && (s.Check == "" || s.Check == d.Check) {
			out = append(out, b.backend)
		}
	}
	return out
}

// backendNamed is the backend called name, or the variant.
func backendNamed(name string) (*backend, bool) {
	for _, b := range backends {
		if b.name == name {
			return b.backend, true
		}
		for _, v := range b.variants {
			if v.name == name {
				return v, true
			}
		}
	}
	return nil, false
}

// serves reports whether b serves st (a variant: whether the backend it
// varies does).
func (b *backend) serves(st core.Strategy) bool {
	if b.variantOf != nil {
		return b.variantOf.serves(st)
	}
	return slices.Contains(backendsFor(st), b)
}

// A setup is what one run is replayed on: a lock service, and the
// database the resource is a row of.
type setup struct {
	backend  *backend
	database *database
}

// String names the setup as the command line does: the service, and the
// database where it is not the first.
func (s setup) String() string {
	if s.database == databases[0] {
		return s.backend.name
	}
	return s.backend.name + " with " + s.database.name
}

// runsOf are the setups a run of sc under st is replayed on, of the
// backends given: each on the first database, and where the run restores
// the service, each's variants too; where the run checks a write in two
// steps (checksInTwoSteps), the first backend on each other database too.
func runsOf(sc core.Scenario, st core.Strategy, bs []*backend) []setup {
	var out []setup
	for i, b := range bs {
		out = append(out, setup{b, databases[0]})
		if restoresService(sc) {
			for _, v := range b.variants {
				out = append(out, setup{v, databases[0]})
			}
		}
		if i == 0 && checksInTwoSteps(sc, st) {
			for _, d := range databases[1:] {
				out = append(out, setup{b, d})
			}
		}
	}
	return out
}

// renewal is who renews a run's leases: recording.RenewedByLibrary or
// recording.RenewedByClient.
type renewal string

// renewsAsHeartbeat reports whether sc's renewals are a holder's
// heartbeat, which real clients leave to their library (etcd's Session;
// for Redis, a renewal loop in the client process): a built-in scenario
// whose steps renew a lease (core's renew is a heartbeat). There the lab
// lets the library renew, and a renew step asks the service whether the
// lease still holds. Elsewhere, and in every script, whose renewals are
// items of its own, the client renews at its renew steps (but on a service
// whose library keeps every lease alive).
func renewsAsHeartbeat(sc core.Scenario) bool {
	return sc.ID != core.PlayScenario && slices.ContainsFunc(sc.Steps, func(s core.Step) bool { return s.Action.Kind == core.ActRenew })
}

// renewalOf is who renews the leases of sc on b under st: nobody ("")
// where there is no lock service.
func renewalOf(sc core.Scenario, st core.Strategy, b *backend) renewal {
	if b.lockless {
		return ""
	}
	if st.TTL() && (b.keepsAlive || renewsAsHeartbeat(sc)) {
		return recording.RenewedByLibrary
	}
	return recording.RenewedByClient
}

// service is the lab's own view of a lock service, beside the clients'.
type service interface {
	// held reports whether the service holds the lock for someone (Redlock:
	// on a majority of its nodes).
	held(ctx context.Context) (bool, error)
	// watch reports what the service itself does to the lock (made,
	// deleted, expired), as it happens, until ctx ends, and calls ended
	// when a lease ends, by itself or released: with the holder's token,
	// or 0 for whoever holds the one key (one Redis server; Redlock's
	// nodes are not watched for it).
	watch(ctx context.Context, log func(call, result string), ended func(token int64))
	// addrs are the servers a client reaches, in order.
	addrs() []string
	// restart restarts the node a restart strikes, and says which.
	restart() (string, error)
	// heldForever reports whether the service holds the lock with no
	// expiry, as the trace says it; false where every lock expires.
	heldForever(ctx context.Context) (bool, string, error)
	close()
}

// restorer is a service the lab backs up and restores, as an operator
// does: backup keeps its state, restore takes it back to the state kept,
// token counter and all; each says what it did.
type restorer interface {
	backup(ctx context.Context) (string, error)
	restore() (string, error)
}

// failer is a service whose replica the lab syncs and which it fails
// over: sync brings the replica up to date with its primary (a service
// replicated by consensus has nothing to bring up to date), failover kills
// the primary, or the leader, and returns once another has taken over;
// each tells say what it does as it does it (a call and its result, for
// the trace).
type failer interface {
	sync(ctx context.Context, say func(call, result string)) error
	failover(ctx context.Context, say func(call, result string)) error
}

// lockerFor is the locker a client of b acts through: on b's lock service,
// through its library; where there is none, the rows' versions. rows is
// the resource as the client reaches it, say writes a line to the lab.
func (b *backend) lockerFor(cfg clientConfig, rows resource, say func(line)) (locker, error) {
	if b.lockless {
		return &versionsLocker{rows: rows, ids: cfg.Resources}, nil
	}
	return newServiceLocker(b, cfg, rows, say)
}

// library is a lock service's library as a client process takes its lock
// with it: a lock.Locker, and what the lab does before a request so that
// the request is one message.
type library interface {
	// prepare readies what the next acquire needs, so that acquire then
	// sends the lock's own request and nothing before it: a session (a
	// lease granted now: etcd, ZooKeeper); for Redis, the scripts the
	// library runs loaded on the server and a connection idle in the pool.
	// A client that has run for a while has them; a held answer then holds
	// the grant's answer, not a handshake before it. apart: the request
	// goes on a connection of its own (backend.apart). It says what it
	// readied.
	prepare(ctx context.Context, ttl time.Duration, apart bool) (string, error)
	// acquire tries once to take the lock, as lock.Locker's Acquire.
	acquire(ctx context.Context, ttl time.Duration) (lock.Lock, error)
	close() error
}
