// Package peerhandshake: both ends of a connection send their hello first on // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// unbuffered channels, so neither ever reaches its receive (a send with no
// partner on each side; the shape of handshake bugs in grpc transports).
package peerhandshake

type Hello struct{ From string }

type Peer struct {
	Name   string
	in     chan Hello
	out    chan Hello
	Remote string
}

// Connect wires two peers together.
func Connect(a, b *Peer) {
	ab, ba := make(chan Hello), make(chan Hello)
	a.out, b.in = ab, ab
	b.out, a.in = ba, ba
}

// Handshake announces this peer and learns the remote's name.
func (p *Peer) Handshake() {
	p.out <- Hello{From: p.Name} // want `deadlock: .*\(0 preemptions\)`
	h := <-p.in
	p.Remote = h.From
}

type PeerFixed struct {
	Name   string
	in     chan Hello
	out    chan Hello
	Remote string
}

// ConnectFixed gives each direction a one-slot mailbox, so a peer's hello
// is posted without waiting for the other side to be receiving.
func ConnectFixed(a, b *PeerFixed) {
	ab, ba := make(chan Hello, 1), make(chan Hello, 1)
	a.out, b.in = ab, ab
	b.out, a.in = ba, ba
}

func (p *PeerFixed) Handshake() {
	p.out <- Hello{From: p.Name}
	h := <-p.in
	p.Remote = h.From
}
