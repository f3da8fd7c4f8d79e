package logdeadlock

import (
	"log"
	"os"
	"sync"
	"testing"
)

func TestOppositeTransfers(t *testing.T) {
	a, b := &Account{id: 1, balance: 10}, &Account{id: 2, balance: 10}
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); Transfer(a, b, 1) }()
	go func() { defer wg.Done(); Transfer(b, a, 1) }()
	wg.Wait() // want `deadlock: .*blocks forever locking a mutex at logdeadlock.go:24:\d+.*\(1 preemption\)`
}

func TestOppositeTransfersFixed(t *testing.T) {
	a, b := &Account{id: 1, balance: 10}, &Account{id: 2, balance: 10}
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); TransferFixed(a, b, 1) }()
	go func() { defer wg.Done(); TransferFixed(b, a, 1) }()
	wg.Wait()
	if a.balance != 10 || b.balance != 10 {
		t.Errorf("balances %d and %d, want 10 and 10", a.balance, b.balance)
	}
}

// The logger's lock orders the two log calls (it hides a race only when
// the writer's call comes first): here the test logs first, then reads
// the flag the worker writes before logging.
func TestLogOrders(t *testing.T) {
	ready := false
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		ready = true // want `data race on ready.*\(0 preemptions\)`
		log.Println("worker ready")
	}()
	log.Println("test waiting")
	_ = ready
	wg.Wait()
}

// countingWriter counts the lines written to it, without a lock of its
// own: the logger's lock orders its writers, not its readers.
type countingWriter struct{ lines int }

func (w *countingWriter) Write(p []byte) (int, error) {
	w.lines++ // want `data race on lines: read at logdeadlock_test.go:\d+:\d+ by goroutine 0 and write .*\(0 preemptions\)`
	return len(p), nil
}

// log's functions write through the standard logger's Writer, which
// log.SetOutput set (once, they all went to os.Stderr whatever it was):
// the worker's line is counted while the test reads the count.
func TestStdLoggerWriterRace(t *testing.T) {
	w := &countingWriter{}
	log.SetOutput(w)
	defer log.SetOutput(os.Stderr)
	done := make(chan bool)
	go func() {
		log.Print("worker")
		done <- true
	}()
	_ = w.lines
	<-done
}

// The fixed twin reads the count once the worker is done.
func TestStdLoggerWriterFixed(t *testing.T) {
	w := &countingWriter{}
	log.SetOutput(w)
	defer log.SetOutput(os.Stderr)
	done := make(chan bool)
	go func() {
		log.Print("worker")
		done <- true
	}()
	<-done
	if w.lines != 1 {
		t.Errorf("%d lines, want 1", w.lines)
	}
}

// log.Output writes its line where log.Print does: to the Writer
// log.SetOutput set (kiss once ran log's code here, which wrote to its own
// standard logger's os.Stderr, and the test failed on a count of 0).
func TestStdLoggerOutputFixed(t *testing.T) {
	w := &countingWriter{}
	log.SetOutput(w)
	defer log.SetOutput(os.Stderr)
	done := make(chan bool)
	go func() {
		if err := log.Output(1, "worker"); err != nil {
			t.Error(err)
		}
		done <- true
	}()
	<-done
	if w.lines != 1 {
		t.Errorf("%d lines, want 1", w.lines)
	}
}
