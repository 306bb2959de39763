package servers

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/redis/go-redis/v9"
)

// A server restored from its backup has the keys it had then, and a later
// restart, without persistence, comes back empty again.
func TestRedisRestoresItsBackupAndRestartsEmpty(t *testing.T) {
	dir := t.TempDir()
	s, err := StartRedis(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Stop()
	ctx := context.Background()
	c := redis.NewClient(&redis.Options{Addr: s.Addr()})
	defer c.Close()
	count := func() int64 {
		n, err := c.Get(ctx, "tokens").Int64()
		if err == redis.Nil {
			return 0
		}
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	if err := c.Set(ctx, "tokens", 1, 0).Err(); err != nil {
		t.Fatal(err)
	}
	backup := filepath.Join(t.TempDir(), "backup.rdb")
	if err := s.Backup(ctx, backup); err != nil {
		t.Fatal(err)
	}
	if err := c.Set(ctx, "tokens", 2, 0).Err(); err != nil {
		t.Fatal(err)
	}
	if err := s.RestoreFrom(backup); err != nil {
		t.Fatal(err)
	}
	if n := count(); n != 1 {
		t.Errorf("restored: the counter is %d, want the backup's 1", n)
	}
	if err := s.Restart(); err != nil {
		t.Fatal(err)
	}
	if n := count(); n != 0 {
		t.Errorf("restarted after the restore: the counter is %d, want 0 (no persistence)", n)
	}
}
