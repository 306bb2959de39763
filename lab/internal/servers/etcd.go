package servers

import (
	"context"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	clientv3 "go.etcd.io/etcd/client/v3"
	"go.etcd.io/etcd/etcdutl/v3/snapshot"
	"go.etcd.io/etcd/server/v3/embed"
	"go.uber.org/zap"
)

// Etcd is a three-member etcd cluster embedded in the process: a lock
// service replicated by Raft. It starts in about two seconds. TickMs 10 and
// ElectionMs 100 let a lease be as short as one second (one tick); etcd
// finds expired leases every 500 ms. Its logs go to files in its directory.
// Clients reach each member through a forwarder of the cluster's own, so
// that a restart drops the member's connections at once, as a member that
// dies does (an embedded member's Close waits up to its request timeout,
// 5 s, for the streams its clients keep open).
type Etcd struct {
	mu      sync.Mutex // one restart at a time: runs share the cluster
	cfgs    []*embed.Config
	members []*embed.Etcd
	fronts  []*front // where clients reach each member
	// closing are the members KillLeader killed, closing meanwhile: Stop
	// waits for them.
	closing sync.WaitGroup
}

// StartEtcd starts a cluster with its members' data and logs in dir, and
// returns once every member is ready.
func StartEtcd(dir string) (*Etcd, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	c := &Etcd{}
	var initial []string
	for i := range 3 {
		peer, err := freePort()
		if err != nil {
			return nil, err
		}
		client, err := freePort()
		if err != nil {
			return nil, err
		}
		name := fmt.Sprintf("m%d", i+1)
		cfg := embed.NewConfig()
		cfg.Name, cfg.Dir = name, filepath.Join(dir, name)
		cfg.TickMs, cfg.ElectionMs = 10, 100
		pu := url.URL{Scheme: "http", Host: fmt.Sprintf("127.0.0.1:%d", peer)}
		cu := url.URL{Scheme: "http", Host: fmt.Sprintf("127.0.0.1:%d", client)}
		cfg.ListenPeerUrls, cfg.AdvertisePeerUrls = []url.URL{pu}, []url.URL{pu}
		cfg.ListenClientUrls, cfg.AdvertiseClientUrls = []url.URL{cu}, []url.URL{cu}
		cfg.InitialClusterToken = "dlock-lab"
		cfg.LogOutputs = []string{filepath.Join(dir, name+".log")}
		f, err := newFront(cu.Host)
		if err != nil {
			c.Stop()
			return nil, err
		}
		c.cfgs, c.fronts = append(c.cfgs, cfg), append(c.fronts, f)
		initial = append(initial, name+"="+pu.String())
	}
	for _, cfg := range c.cfgs {
		cfg.InitialCluster = strings.Join(initial, ",")
	}
	// The members wait for each other to bootstrap: start them together.
	c.members = make([]*embed.Etcd, len(c.cfgs))
	errs := make([]error, len(c.cfgs))
	var wg sync.WaitGroup
	for i, cfg := range c.cfgs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c.members[i], errs[i] = startMember(cfg)
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			c.Stop()
			return nil, err
		}
	}
	return c, nil
}

func startMember(cfg *embed.Config) (*embed.Etcd, error) {
	e, err := embed.StartEtcd(cfg)
	if err != nil {
		return nil, err
	}
	select {
	case <-e.Server.ReadyNotify():
		return e, nil
	case <-time.After(30 * time.Second):
		e.Close()
		return nil, fmt.Errorf("etcd member %s was not ready within 30 s (see its log in %s)", cfg.Name, cfg.Dir)
	}
}

// URLs are where clients reach the members (http://host:port).
func (c *Etcd) URLs() []string {
	var u []string
	for _, a := range c.Endpoints() {
		u = append(u, "http://"+a)
	}
	return u
}

// Endpoints are where clients reach the members (host:port).
func (c *Etcd) Endpoints() []string {
	var a []string
	for _, f := range c.fronts {
		a = append(a, f.addr())
	}
	return a
}

// RestartFollower stops a member that is not the leader, its clients'
// connections dropped, and starts it again from its data directory; the
// cluster keeps its state, and its revisions keep increasing. Not the leader: a new leader renews every
// lease for a full TTL (etcd's lessor, on promotion), which would make a
// run depend on which member happened to lead. Where KillLeader has
// killed a member, that member is the one started again: it rejoins as a
// follower, as a crashed member does once restarted. It returns the
// member's name.
func (c *Etcd) RestartFollower() (string, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	i := -1
	for j, e := range c.members {
		if e == nil {
			i = j
			break
		}
		if e.Server.MemberID() != e.Server.Leader() {
			i = j
		}
	}
	if c.members[i] != nil {
		c.fronts[i].stop()
		c.members[i].Close()
		c.members[i] = nil // closed: Stop must not close it again
	}
	c.closing.Wait() // a killed member's files are its own until it has closed
	c.cfgs[i].ClusterState = embed.ClusterStateFlagExisting
	e, err := startMember(c.cfgs[i])
	if err != nil {
		return "", err
	}
	c.members[i] = e
	c.fronts[i].start()
	return c.cfgs[i].Name, nil
}

// Leader is the member that leads now, by its own account (-1 for none),
// among those running.
func (c *Etcd) Leader() int {
	for i, e := range c.members {
		if e != nil && e.Server.Leader() == e.Server.MemberID() {
			return i
		}
	}
	return -1
}

// Name is member i's name (m1, m2, m3).
func (c *Etcd) Name(i int) string { return c.cfgs[i].Name }

// AvoidLeading makes sure member i does not lead: where it does, it hands
// its leadership over to another member (MoveLeader, etcdctl move-leader).
// The lab calls it on a cluster of a run's own before the run begins, so
// that the member a client's connection of its own reaches (the first) is
// not the one a failover kills.
func (c *Etcd) AvoidLeading(ctx context.Context, i int) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		switch lead := c.Leader(); {
		case lead < 0:
			continue // an election under way
		case lead != i:
			return nil
		default:
			e, to := c.members[i], c.members[(i+1)%len(c.members)]
			if err := e.Server.MoveLeader(ctx, uint64(e.Server.MemberID()), uint64(to.Server.MemberID())); err != nil {
				return err
			}
		}
	}
	return fmt.Errorf("etcd member %s still leads 10 s after handing its leadership over", c.cfgs[i].Name)
}

// KillLeader kills the member that leads, as a crash does: its clients'
// connections dropped at once, its server stopped without handing its
// leadership over (HardStop), then closed; it tells killed which member it
// was, at once. It returns once another member leads, with its index and
// how long after the kill it led. The killed member stays down until
// RestartFollower starts it again. The new leader, once it has committed
// its first entry, renews every lease for its full TTL plus the election
// timeout (the lessor's Promote): it cannot tell how long a lease had run
// under the old one.
func (c *Etcd) KillLeader(killed func(old int)) (elected int, took time.Duration, err error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	old := c.Leader()
	if old < 0 {
		return -1, 0, fmt.Errorf("no etcd member leads")
	}
	e := c.members[old]
	c.fronts[old].stop()
	at := time.Now()
	e.Server.HardStop()
	c.members[old] = nil // killed: Stop must not close it again
	killed(old)
	// Close waits for its own clients' streams, and tries to hand over a
	// leadership its stopped server still believes it has, for up to its
	// request timeout: in the background.
	c.closing.Add(1)
	go func() {
		defer c.closing.Done()
		e.Close()
	}()
	for deadline := at.Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		if elected = c.Leader(); elected >= 0 {
			return elected, time.Since(at), nil
		}
	}
	return -1, time.Since(at), fmt.Errorf("no etcd member was elected leader within 30 s of %s's kill", c.cfgs[old].Name)
}

// Backup saves a snapshot of the cluster's data to path, from one member
// (what etcdutl snapshot save, and etcdctl's, do).
func (c *Etcd) Backup(ctx context.Context, path string) error {
	_, err := snapshot.NewV3(zap.NewNop()).Save(ctx, clientv3.Config{Endpoints: c.Endpoints()[:1], DialTimeout: 5 * time.Second, Logger: zap.NewNop()}, path)
	return err
}

// RevisionBump is how far Restore moves the revision on with bump: far
// past every revision the cluster could have issued since the backup.
const RevisionBump = 1_000_000_000

// Restore stops every member, its clients' connections dropped, restores
// each member's data from the snapshot at path (what etcdutl snapshot
// restore does), and starts the cluster again: it has the data it had at
// the backup, its revision with it. With bump, the revision is moved on by
// RevisionBump and marked compacted (--bump-revision, --mark-compacted),
// so that no revision issued after the backup is issued again.
func (c *Etcd) Restore(path string, bump bool) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	for i, e := range c.members {
		c.fronts[i].stop()
		if e != nil {
			e.Close()
		}
		c.members[i] = nil // closed: Stop must not close it again
	}
	c.closing.Wait()
	for _, cfg := range c.cfgs {
		if err := os.RemoveAll(cfg.Dir); err != nil {
			return err
		}
		rc := snapshot.RestoreConfig{SnapshotPath: path, Name: cfg.Name, OutputDataDir: cfg.Dir,
			PeerURLs: []string{cfg.AdvertisePeerUrls[0].String()}, InitialCluster: cfg.InitialCluster,
			InitialClusterToken: cfg.InitialClusterToken}
		if bump {
			rc.RevisionBump, rc.MarkCompacted = RevisionBump, true
		}
		if err := snapshot.NewV3(zap.NewNop()).Restore(rc); err != nil {
			return err
		}
		cfg.ClusterState = embed.ClusterStateFlagNew
	}
	errs := make([]error, len(c.cfgs))
	var wg sync.WaitGroup
	for i, cfg := range c.cfgs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c.members[i], errs[i] = startMember(cfg)
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			return err
		}
		c.fronts[i].start()
	}
	return nil
}

// Stop stops every member.
func (c *Etcd) Stop() {
	for _, f := range c.fronts {
		f.close()
	}
	for _, e := range c.members {
		if e != nil {
			e.Close()
		}
	}
	c.closing.Wait()
}
