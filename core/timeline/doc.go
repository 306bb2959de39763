// Package timeline lays a run out in time for drawing: the spans when
// leases were in force and clients paused or crashed, the messages between
// clients, the lock service and the resources, and the clock range each
// step covers, read from the frames Replay returns. The geometry (lanes,
// pixels) is the page's (web/ui); this is what the drawing shows, in the
// model's logical clock.
//
// It is built on core's exported API alone, and core does not import it.
package timeline
