// Package complexmath: complex numbers compute Go's values (their parts, // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// gc's product and the runtime's quotient), so a test that checks them is
// silent, and a race on one is seen.
package complexmath

// Phasor averages complex samples.
type Phasor struct {
	sum complex128
	n   int
}

func (p *Phasor) Add(s complex128) {
	p.sum += s // want `data race on .*\(0 preemptions\)`
	p.n++      // want `data race on .*\(0 preemptions\)`
}

func (p *Phasor) Mean() complex128 { return p.sum / complex(float64(p.n), 0) }
