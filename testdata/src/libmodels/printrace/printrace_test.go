package printrace

import (
	"fmt"
	"os"
	"testing"
)

func TestPrintWhileUpdating(t *testing.T) {
	s := &Stats{}
	done := make(chan bool)
	go func() {
		s.Hits++ // want `data race on s.Hits: read at printrace_test.go:16:\d+ by goroutine 0 and write .*\(0 preemptions\)`
		done <- true
	}()
	fmt.Println("stats:", s)
	<-done
}

// The fixed twin prints once the worker is done.
func TestPrintWhileUpdatingFixed(t *testing.T) {
	s := &Stats{}
	done := make(chan bool)
	go func() {
		s.Hits++
		done <- true
	}()
	<-done
	fmt.Println("stats:", s)
}

// %p prints the pointer and %T the type: fmt reads nothing they point to.
func TestPrintPointerOnly(t *testing.T) {
	s := &Stats{}
	done := make(chan bool)
	go func() {
		s.Hits++
		done <- true
	}()
	fmt.Printf("%p %T\n", s, s)
	fmt.Fprintf(os.Stderr, "%p\n", s)
	<-done
}

func TestSprintfWhileUpdating(t *testing.T) {
	counts := []int{0, 0}
	done := make(chan bool)
	go func() {
		counts[1]++ // want `data race on counts\[i\]: read at printrace_test.go:52:\d+ by goroutine 0 and write .*\(0 preemptions\)`
		done <- true
	}()
	msg := fmt.Sprintf("counts=%v", counts)
	<-done
	_ = msg
}

func TestSprintfWhileUpdatingFixed(t *testing.T) {
	counts := []int{0, 0}
	done := make(chan bool)
	go func() {
		counts[1]++
		done <- true
	}()
	<-done
	_ = fmt.Sprintf("counts=%v", counts)
}

// Two goroutines print to the same Tally: its Write runs in each.
func TestFprintfToWriter(t *testing.T) {
	var w Tally
	done := make(chan bool)
	go func() {
		fmt.Fprintf(&w, "from %s\n", "worker")
		done <- true
	}()
	fmt.Fprintln(&w, "from the test")
	<-done
}

func TestFprintfToWriterFixed(t *testing.T) {
	var w TallyFixed
	done := make(chan bool)
	go func() {
		fmt.Fprintf(&w, "from %s\n", "worker")
		done <- true
	}()
	fmt.Fprintln(&w, "from the test")
	<-done
}
