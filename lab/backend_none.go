package main

import (
	"context"
	"errors"

	"dlock/core"
)

// noService is the row without a lock service, the database's optimistic
// lock: there is nothing to start or watch. Where another row's client
// acquires a lock, its client reads the rows' versions, and it writes
// each row with the version it last read or wrote there (lock.Versioned);
// it renews and releases nothing (versionsLocker).
var noService = &backend{
	name: "none",
	describe: func(core.Strategy, renewal) string {
		return "none: a client reads the rows' versions where another would acquire a lock, and each write is an UPDATE … WHERE version = ? that increments the version"
	},
	key:      func(string) string { return "" },
	open:     func(place) (service, error) { return nothing{}, nil },
	lockless: true,
}

// nothing is the lab's view of a lock service that is not there: it holds
// no lock, reaches no server, and has nothing to restart.
type nothing struct{}

func (nothing) held(context.Context) (bool, error)                            { return false, nil }
func (nothing) watch(context.Context, func(call, result string), func(int64)) {}
func (nothing) addrs() []string                                               { return nil }
func (nothing) restart() (string, error) {
	return "", errors.New("there is no lock service to restart")
}
func (nothing) heldForever(context.Context) (bool, string, error) { return false, "", nil }
func (nothing) close()                                            {}
