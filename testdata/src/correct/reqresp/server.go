// Package reqresp: request/response over channels. Each request carries its // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// own one-slot reply channel; a done channel shuts the server down and
// releases clients that are still waiting.
package reqresp

import "errors"

var ErrClosed = errors.New("server closed")

type request struct {
	key   string
	reply chan string
}

type Server struct {
	reqs    chan request
	done    chan struct{}
	stopped chan struct{}
	data    map[string]string
}

func NewServer(data map[string]string) *Server {
	return &Server{reqs: make(chan request), done: make(chan struct{}), stopped: make(chan struct{}), data: data}
}

func (s *Server) Serve() {
	defer close(s.stopped)
	for {
		select {
		case r := <-s.reqs:
			r.reply <- s.data[r.key] // never blocks: one slot per request
		case <-s.done:
			return
		}
	}
}

func (s *Server) Get(key string) (string, error) {
	r := request{key: key, reply: make(chan string, 1)}
	select {
	case s.reqs <- r:
	case <-s.done:
		return "", ErrClosed
	}
	select {
	case v := <-r.reply:
		return v, nil
	case <-s.done:
		return "", ErrClosed
	}
}

// Close stops the server and waits for it to exit.
func (s *Server) Close() {
	close(s.done)
	<-s.stopped
}
