// Package configready: order violation through a readiness signal sent too // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// early. The loader closes ready before it stores the parsed value, so a
// reader released by ready reads a field that is written with no ordering
// to its read.
package configready

import "strconv"

type Loader struct {
	ready    chan struct{}
	maxConns int
}

func NewLoader() *Loader { return &Loader{ready: make(chan struct{})} }

func (l *Loader) Load(raw map[string]string) {
	close(l.ready) // bug: announces readiness before the value is stored
	n, err := strconv.Atoi(raw["max_conns"])
	if err != nil {
		n = 10
	}
	l.maxConns = n
}

func (l *Loader) MaxConns() int {
	<-l.ready
	return l.maxConns // want `data race.*\(0 preemptions\)`
}

type LoaderFixed struct {
	ready    chan struct{}
	maxConns int
}

func NewLoaderFixed() *LoaderFixed { return &LoaderFixed{ready: make(chan struct{})} }

func (l *LoaderFixed) Load(raw map[string]string) {
	n, err := strconv.Atoi(raw["max_conns"])
	if err != nil {
		n = 10
	}
	l.maxConns = n
	close(l.ready) // fix: publish, then announce
}

func (l *LoaderFixed) MaxConns() int {
	<-l.ready
	return l.maxConns
}
