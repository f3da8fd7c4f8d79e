// Package brokerunsub: channel and lock. Publish holds the broker lock while // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// it blocks sending to a subscriber; that subscriber, having decided to leave,
// calls Unsubscribe, which needs the same lock (the etcd watcher / grpc
// balancer shape: a callback re-enters the component that is blocked on it).
package brokerunsub

import "sync"

type Broker struct {
	mu     sync.Mutex
	subs   map[int]chan string
	nextID int
}

func NewBroker() *Broker { return &Broker{subs: make(map[int]chan string)} }

func (b *Broker) Subscribe() (int, <-chan string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.nextID++
	ch := make(chan string)
	b.subs[b.nextID] = ch
	return b.nextID, ch
}

func (b *Broker) Unsubscribe(id int) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if ch, ok := b.subs[id]; ok {
		delete(b.subs, id)
		close(ch)
	}
}

// Publish delivers msg to every subscriber.
func (b *Broker) Publish(msg string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, ch := range b.subs {
		ch <- msg // want `deadlock: .*\(0 preemptions\)`
	}
}

// Subscription is the fixed design: a subscriber that leaves closes done
// first, without the broker lock, so a Publish blocked on it gives up.
type Subscription struct {
	id   int
	C    chan string
	done chan struct{}
	once sync.Once
}

type BrokerFixed struct {
	mu     sync.Mutex
	subs   map[int]*Subscription
	nextID int
}

func NewBrokerFixed() *BrokerFixed { return &BrokerFixed{subs: make(map[int]*Subscription)} }

func (b *BrokerFixed) Subscribe() *Subscription {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.nextID++
	s := &Subscription{id: b.nextID, C: make(chan string), done: make(chan struct{})}
	b.subs[s.id] = s
	return s
}

func (b *BrokerFixed) Unsubscribe(s *Subscription) {
	s.once.Do(func() { close(s.done) }) // releases a Publish blocked on s
	b.mu.Lock()
	defer b.mu.Unlock()
	delete(b.subs, s.id)
}

func (b *BrokerFixed) Publish(msg string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, s := range b.subs {
		select {
		case s.C <- msg:
		case <-s.done:
		}
	}
}
