package jsonarray

import "testing"

func TestEncodeRace(t *testing.T) {
	f := new(Frame)
	done := make(chan bool)
	go func() {
		f.Set(59999, 1)
		done <- true
	}()
	f.Encode()
	<-done
}

func TestEncodeLocked(t *testing.T) {
	f := new(Frame)
	done := make(chan bool)
	go func() {
		f.Set(59999, 1)
		done <- true
	}()
	f.EncodeLocked()
	<-done
}
