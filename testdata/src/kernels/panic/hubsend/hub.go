// Package hubsend: send on a closed channel. Broadcast copies the client // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// channels under the lock and sends after releasing it; Shutdown closes them
// in between (the websocket-hub shape; docker's event broadcaster had it).
package hubsend

import "sync"

type Hub struct {
	mu      sync.Mutex
	clients map[string]chan string
}

func NewHub() *Hub { return &Hub{clients: make(map[string]chan string)} }

func (h *Hub) Join(name string) <-chan string {
	h.mu.Lock()
	defer h.mu.Unlock()
	ch := make(chan string, 8)
	h.clients[name] = ch
	return ch
}

func (h *Hub) Broadcast(msg string) {
	h.mu.Lock()
	targets := make([]chan string, 0, len(h.clients))
	for _, ch := range h.clients {
		targets = append(targets, ch)
	}
	h.mu.Unlock()
	for _, ch := range targets {
		ch <- msg // want `panic: .*\(1 preemption\)`
	}
}

func (h *Hub) Shutdown() {
	h.mu.Lock()
	defer h.mu.Unlock()
	for name, ch := range h.clients {
		close(ch)
		delete(h.clients, name)
	}
}

type HubFixed struct {
	mu      sync.Mutex
	clients map[string]chan string
}

func NewHubFixed() *HubFixed { return &HubFixed{clients: make(map[string]chan string)} }

func (h *HubFixed) Join(name string) <-chan string {
	h.mu.Lock()
	defer h.mu.Unlock()
	ch := make(chan string, 8)
	h.clients[name] = ch
	return ch
}

// Broadcast sends under the lock, so Shutdown cannot close a channel in
// between; a full client buffer drops the message instead of blocking.
func (h *HubFixed) Broadcast(msg string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, ch := range h.clients {
		select {
		case ch <- msg:
		default:
		}
	}
}

func (h *HubFixed) Shutdown() {
	h.mu.Lock()
	defer h.mu.Unlock()
	for name, ch := range h.clients {
		close(ch)
		delete(h.clients, name)
	}
}
