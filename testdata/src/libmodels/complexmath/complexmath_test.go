package complexmath

import (
	"strconv"
	"testing"
)

func TestAddRace(t *testing.T) {
	var p Phasor
	done := make(chan bool)
	go func() {
		p.Add(1 + 2i)
		done <- true
	}()
	p.Add(3 - 4i)
	<-done
}

func TestAddFixed(t *testing.T) {
	var p Phasor
	done := make(chan bool)
	go func() {
		p.Add(1 + 2i)
		done <- true
	}()
	<-done
	p.Add(3 - 4i)
	if m := p.Mean(); m != 2-1i || real(m)*imag(m) != -2 {
		t.Errorf("mean %v", m)
	}
	if q := p.Mean() * (1 + 1i) / (1 - 1i); q != 1+2i {
		t.Errorf("product and quotient %v", q)
	}
	c, err := strconv.ParseComplex("1.5e308+1.0e307i", 128)
	if err != nil || c != 1.5e308+1.0e307i {
		t.Errorf("parsed %v, %v", c, err)
	}
}
