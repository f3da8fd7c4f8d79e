package itoakeys

import (
	"strconv"
	"testing"
)

// Key "2" is there: the goroutine writes its counter while the test
// reads it.
func TestItoaKeyRace(t *testing.T) {
	m := fill(3)
	done := make(chan bool)
	go func() {
		if c := m["2"]; c != nil {
			c.n++ // want `data race on n: .*\(0 preemptions\)`
		}
		done <- true
	}()
	if c := m["2"]; c != nil {
		_ = c.n
	}
	<-done
}

// The fixed twin: there is no key "7", and base 16 writes 255 as "ff".
func TestItoaKeyAbsent(t *testing.T) {
	m := fill(3)
	done := make(chan bool)
	go func() {
		if c := m["7"]; c != nil {
			c.n++
		}
		done <- true
	}()
	if c := m["7"]; c != nil {
		_ = c.n
	}
	if strconv.FormatInt(255, 16) != "ff" || strconv.Itoa(-40) != "-40" {
		t.Error("digits")
	}
	<-done
}

// Key "job-1" is there: the goroutine writes its counter while the test
// reads it.
func TestSprintfKeyRace(t *testing.T) {
	m := fillJobs(2)
	done := make(chan bool)
	go func() {
		if c := m["job-1"]; c != nil {
			c.n++ // want `data race on n: .*\(0 preemptions\)`
		}
		done <- true
	}()
	if c := m["job-1"]; c != nil {
		_ = c.n
	}
	<-done
}

// The fixed twin: there is no key "job-2".
func TestSprintfKeyAbsent(t *testing.T) {
	m := fillJobs(2)
	done := make(chan bool)
	go func() {
		if c := m["job-2"]; c != nil {
			c.n++
		}
		done <- true
	}()
	if c := m["job-2"]; c != nil {
		_ = c.n
	}
	<-done
}

// A base above 36 panics inside strconv, whatever the integer: here one
// the path does not know.
func TestFormatBadBase(t *testing.T) {
	done := make(chan int)
	go func() { done <- len(t.Name()) }()
	n := <-done
	_ = strconv.FormatInt(int64(n), 40) // want `panic: strconv: illegal AppendInt/FormatInt base`
}
