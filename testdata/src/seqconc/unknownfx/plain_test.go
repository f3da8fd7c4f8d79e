package unknownfx

import (
	"os"
	"regexp"
	"testing"
	"time"
)

// regexp.MustCompile takes a string and returns a pointer to a struct of
// unexported fields: kiss goes on past it.
var word = regexp.MustCompile("[a-z]+")

// A race is found whatever MustCompile returned.
func TestRaceBehindUnknownValue(t *testing.T) {
	var x int
	done := make(chan bool)
	go func() {
		x++ // want "data race"
		done <- true
	}()
	if word != nil {
		x++
	}
	<-done
}

// A failure that needs the environment to hold some value is not
// reported: kiss does not know what it holds.
func TestFailureNeedsUnknownValue(t *testing.T) {
	done := make(chan bool)
	go func() { done <- true }()
	if len(os.Getenv("KISS_TEST")) == 7 {
		t.Error("seven")
	}
	<-done
}

// The standard library runs as written: QuoteMeta's result is known.
func TestLibraryRunsAsWritten(t *testing.T) {
	done := make(chan bool)
	go func() { done <- true }()
	if len(regexp.QuoteMeta("a.b")) == 4 {
		t.Error("four") // want `test failure: t.Error called \(0 preemptions\)`
	}
	<-done
}

// kiss cannot stand for what pending returns: the path stops there.
func TestModelledResult(t *testing.T) {
	done := make(chan bool)
	go func() { done <- true }()
	c := pending(1)
	c.L.Lock()
	c.Wait()
	c.L.Unlock()
	<-done
}

// recvSignal may block: the path stops there.
func TestBodylessMayBlock(t *testing.T) {
	var x int
	done := make(chan bool)
	go func() {
		x++
		done <- true
	}()
	recvSignal()
	x++
	<-done
}

// The wall clock's reading is an unknown instant: a failure that needs
// some time of day is held back. Two readings without a sleep between
// them differ by a nanosecond (real time passes while code runs, outside a
// bubble): a failure that needs them equal, or not, is held back as well.
func TestTimeOfDayUnknown(t *testing.T) {
	done := make(chan bool)
	go func() { done <- true }()
	if time.Now().Unix()%2 == 0 {
		t.Error("an even second")
	}
	if time.Now().UnixNano() != time.Now().UnixNano() {
		t.Error("two readings differ")
	}
	<-done
}
