// Package mirrorfastest: senders abandoned by a "first answer wins" query. // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// Fastest asks every replica and returns the first reply; the slower
// replicas block forever on the unbuffered channel (the replicated-query
// example from "Go Concurrency Patterns", leak included).
package mirrorfastest

type Replica struct {
	Name  string
	Files map[string]string
}

func (r *Replica) fetch(path string) string { return r.Name + ":" + r.Files[path] }

type Mirror struct{ replicas []*Replica }

func NewMirror(names ...string) *Mirror {
	m := &Mirror{}
	for _, n := range names {
		m.replicas = append(m.replicas, &Replica{Name: n, Files: map[string]string{"/index": "v2"}})
	}
	return m
}

func (m *Mirror) Fastest(path string) string {
	res := make(chan string)
	for _, r := range m.replicas {
		go func(r *Replica) {
			res <- r.fetch(path) // want `goroutine leak: .*\(0 preemptions\)`
		}(r)
	}
	return <-res
}

type MirrorFixed struct{ replicas []*Replica }

func NewMirrorFixed(names ...string) *MirrorFixed {
	m := &MirrorFixed{}
	for _, n := range names {
		m.replicas = append(m.replicas, &Replica{Name: n, Files: map[string]string{"/index": "v2"}})
	}
	return m
}

func (m *MirrorFixed) Fastest(path string) string {
	res := make(chan string, len(m.replicas)) // fix: every replica can deliver
	for _, r := range m.replicas {
		go func(r *Replica) {
			res <- r.fetch(path)
		}(r)
	}
	return <-res
}
