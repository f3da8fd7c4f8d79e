package asyncclose

import (
	"sync"
	"testing"
)

func TestEmitterCloseWhileEmitting(t *testing.T) {
	e := NewEmitter()
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { // a request still being logged
		defer wg.Done()
		e.Emit("request done")
	}()
	e.Close()
	wg.Wait()
}

func TestEmitterCloseWhileEmittingFixed(t *testing.T) {
	e := NewEmitterFixed()
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		e.Emit("request done")
	}()
	e.Close()
	wg.Wait()
}
