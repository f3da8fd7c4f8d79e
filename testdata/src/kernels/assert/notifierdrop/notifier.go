// Package notifierdrop: a non-blocking send that drops the event when the // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// listener is not parked on the channel yet (kubernetes' event recorder and
// many "select { case ch <- ev: default: }" notifiers). The test's check
// fails whenever the listener goroutine has not reached its select.
package notifierdrop

type Notifier struct {
	events  chan string
	quit    chan struct{}
	stopped chan struct{}
	seen    []string
}

func NewNotifier() *Notifier {
	return &Notifier{events: make(chan string), quit: make(chan struct{}), stopped: make(chan struct{})}
}

func (n *Notifier) Listen() {
	defer close(n.stopped)
	for {
		select {
		case ev := <-n.events:
			n.seen = append(n.seen, ev)
		case <-n.quit:
			return
		}
	}
}

func (n *Notifier) Notify(ev string) {
	select {
	case n.events <- ev:
	default: // bug: the listener is busy or not started: the event is lost
	}
}

// Close stops the listener and returns what it saw.
func (n *Notifier) Close() []string {
	close(n.quit)
	<-n.stopped
	return n.seen
}

type NotifierFixed struct {
	events  chan string
	quit    chan struct{}
	stopped chan struct{}
	seen    []string
}

func NewNotifierFixed() *NotifierFixed {
	return &NotifierFixed{events: make(chan string), quit: make(chan struct{}), stopped: make(chan struct{})}
}

func (n *NotifierFixed) Listen() {
	defer close(n.stopped)
	for {
		select {
		case ev := <-n.events:
			n.seen = append(n.seen, ev)
		case <-n.quit:
			return
		}
	}
}

func (n *NotifierFixed) Notify(ev string) {
	select {
	case n.events <- ev:
	case <-n.quit: // fix: wait for the listener unless it is shutting down
	}
}

func (n *NotifierFixed) Close() []string {
	close(n.quit)
	<-n.stopped
	return n.seen
}
