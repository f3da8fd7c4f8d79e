// Package singlecasesend: a select with one send case and no default is a // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// plain send. Notify hands each event to a goroutine that sends it on the
// unbuffered events channel; the test reads only the first event, so the
// second sender blocks forever after the test returns.
package singlecasesend

type Bus struct {
	events chan string
}

func NewBus() *Bus { return &Bus{events: make(chan string)} }

func (b *Bus) Notify(e string) {
	go func() {
		select {
		case b.events <- e: // want `goroutine leak: .*\(0 preemptions\)`
		}
	}()
}

type BusFixed struct {
	events chan string
}

func NewBusFixed() *BusFixed { return &BusFixed{events: make(chan string, 8)} } // fix: room for the unread events

func (b *BusFixed) Notify(e string) {
	go func() {
		select {
		case b.events <- e:
		}
	}()
}
