// Package deepmiddleware: a data race twelve calls below the test, through // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// interfaces and closures. A request goes through the server, a chain of
// middlewares (closures behind a Handler interface), a router, the route's
// handler, a store and its recorder, which counts writes with a plain int:
// two requests at once race on it. Real services are this deep before they
// touch shared state; a call-depth bound of 8 never reached the counter.
// The fix counts with an atomic.
package deepmiddleware

import (
	"strings"
	"sync"
	"sync/atomic"
)

type Request struct {
	Method, Path, User, Body string
}

type Response struct {
	Code int
}

type Handler interface {
	Serve(r *Request) Response
}

type HandlerFunc func(r *Request) Response

func (f HandlerFunc) Serve(r *Request) Response { return f(r) }

type Middleware func(next Handler) Handler

// Chain wraps h in ms, the first outermost.
func Chain(h Handler, ms ...Middleware) Handler {
	for i := len(ms) - 1; i >= 0; i-- {
		h = ms[i](h)
	}
	return h
}

func Logging(log *[]string) Middleware {
	return func(next Handler) Handler {
		return HandlerFunc(func(r *Request) Response {
			resp := next.Serve(r)
			_ = log // a real logger would write r.Path and resp.Code
			return resp
		})
	}
}

func Auth(users map[string]bool) Middleware {
	return func(next Handler) Handler {
		return HandlerFunc(func(r *Request) Response {
			if !users[r.User] {
				return Response{Code: 401}
			}
			return next.Serve(r)
		})
	}
}

func Limit(max int) Middleware {
	return func(next Handler) Handler {
		return HandlerFunc(func(r *Request) Response {
			if len(r.Body) > max {
				return Response{Code: 413}
			}
			return next.Serve(r)
		})
	}
}

type Router struct {
	routes map[string]Handler
}

func (rt *Router) Serve(r *Request) Response {
	h, ok := rt.routes[r.Method+" "+r.Path]
	if !ok {
		return Response{Code: 404}
	}
	return h.Serve(r)
}

// Recorder counts the writes of a store.
type Recorder interface {
	Wrote(key string)
}

type Store struct {
	mu   sync.Mutex
	data map[string]string
	rec  Recorder
}

func (s *Store) Put(k, v string) {
	s.mu.Lock()
	s.data[k] = v
	s.mu.Unlock()
	s.written(k)
}

func (s *Store) written(k string) {
	s.rec.Wrote(strings.ToLower(k))
}

type putHandler struct{ store *Store }

func (h putHandler) Serve(r *Request) Response {
	h.store.Put(r.Path, r.Body)
	return Response{Code: 204}
}

type Server struct {
	handler Handler
}

func (s *Server) Handle(r *Request) Response { return s.handler.Serve(r) }

// NewServer wires a store behind the router and the middlewares.
func NewServer(rec Recorder) *Server {
	store := &Store{data: map[string]string{}, rec: rec}
	router := &Router{routes: map[string]Handler{"PUT /k": putHandler{store}}}
	var log []string
	return &Server{handler: Chain(router, Logging(&log), Auth(map[string]bool{"ann": true, "bob": true}), Limit(1<<10))}
}

type Counter struct {
	writes int
}

func (c *Counter) Wrote(key string) {
	c.writes++ // want `data race on c.writes.*\(0 preemptions\)`
}

type CounterFixed struct {
	writes atomic.Int64 // fix: requests are served concurrently
}

func (c *CounterFixed) Wrote(key string) {
	c.writes.Add(1)
}
