// Package asyncclose: send on a closed channel, closed by `go close(ch)`. // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// Close hands the close of the events channel to a goroutine of its own so
// as not to block its caller, while an emitter may still be sending: once
// the close has run, the send panics. The fix closes a done channel the
// emitters select on, and leaves the events channel open.
package asyncclose

type Emitter struct {
	events chan string
}

func NewEmitter() *Emitter { return &Emitter{events: make(chan string, 4)} }

func (e *Emitter) Emit(ev string) {
	e.events <- ev // want `panic: send on closed channel.*\(0 preemptions\)`
}

// Close does not wait for the close: a caller on a hot path must not block.
func (e *Emitter) Close() {
	go close(e.events)
}

type EmitterFixed struct {
	events chan string
	done   chan struct{}
}

func NewEmitterFixed() *EmitterFixed {
	return &EmitterFixed{events: make(chan string, 4), done: make(chan struct{})}
}

func (e *EmitterFixed) Emit(ev string) {
	select {
	case <-e.done: // fix: closed, drop the event
	case e.events <- ev:
	}
}

func (e *EmitterFixed) Close() {
	go close(e.done) // fix: only the signal is closed; nobody sends on it
}
