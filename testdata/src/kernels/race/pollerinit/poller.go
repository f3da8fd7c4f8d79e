// Package pollerinit: order violation, use before initialisation. Start // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// launches the polling loop and only then sets the stats sink the loop reads
// when it starts (kubernetes and docker both had "field set after the
// goroutine that uses it was started").
package pollerinit

import (
	"sync"
	"sync/atomic"
)

type Stats struct{ Polls atomic.Int64 }

type Poller struct {
	src   chan string
	done  chan struct{}
	stats *Stats

	mu   sync.Mutex
	seen []string
}

func NewPoller() *Poller {
	return &Poller{src: make(chan string), done: make(chan struct{})}
}

func (p *Poller) loop() {
	defer close(p.done)
	stats := p.stats // want `data race.*\(0 preemptions\)`
	for ev := range p.src {
		if stats != nil {
			stats.Polls.Add(1)
		}
		p.mu.Lock()
		p.seen = append(p.seen, ev)
		p.mu.Unlock()
	}
}

func (p *Poller) Start(stats *Stats) {
	go p.loop()
	p.stats = stats // bug: the loop may already have read p.stats
}

type PollerFixed struct {
	src   chan string
	done  chan struct{}
	stats *Stats

	mu   sync.Mutex
	seen []string
}

func NewPollerFixed() *PollerFixed {
	return &PollerFixed{src: make(chan string), done: make(chan struct{})}
}

func (p *PollerFixed) loop() {
	defer close(p.done)
	stats := p.stats
	for ev := range p.src {
		if stats != nil {
			stats.Polls.Add(1)
		}
		p.mu.Lock()
		p.seen = append(p.seen, ev)
		p.mu.Unlock()
	}
}

func (p *PollerFixed) Start(stats *Stats) {
	p.stats = stats // fix: initialise, then start
	go p.loop()
}
