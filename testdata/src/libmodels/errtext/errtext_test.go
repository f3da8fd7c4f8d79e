package errtext

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// A task that timed out is retried in a goroutine, and the test reads the
// count of calls before the retry is done.
func TestRetryOnTimeout(t *testing.T) {
	calls := 0
	f := func() error {
		calls++ // want `data race on calls: .*\(0 preemptions\)`
		if calls == 1 {
			return &TimeoutError{After: 3}
		}
		return nil
	}
	err := <-run("fetch", f)
	if err != nil && strings.HasSuffix(err.Error(), "timed out after 3 tries") {
		done := run("fetch", f)
		if calls != 2 {
			t.Log("not retried yet")
		}
		<-done
	}
}

// The fixed twin waits for the retry before it reads the count.
func TestRetryOnTimeoutFixed(t *testing.T) {
	calls := 0
	f := func() error {
		calls++
		if calls == 1 {
			return &TimeoutError{After: 3}
		}
		return nil
	}
	err := <-run("fetch", f)
	if err != nil && strings.HasSuffix(err.Error(), "timed out after 3 tries") {
		<-run("fetch", f)
		if calls != 2 {
			t.Errorf("calls = %d, want 2", calls)
		}
	}
}

// The message of each piece is Go's: a Stringer, an error's Error, a nil
// error by %v and by %s, a wrapped error by %w; the race is there only
// when the text is.
func TestMessageText(t *testing.T) {
	var none error
	n := 0
	err := fmt.Errorf("%v %s (%v, %s): %w", Op("get"), errors.New("k1"), none, none, &TimeoutError{After: 2})
	var te *TimeoutError
	if err.Error() == "op:get k1 (<nil>, %!s(<nil>)): timed out after 2 tries" && errors.As(err, &te) {
		go func() { n++ }() // want `data race on n: .*\(0 preemptions\)`
	}
	_ = n
	// (no space: fmt puts none between operands of a string kind)
	if fmt.Sprint(Op("a"), Op("b")) == "op:aop:b" && fmt.Sprintln(none, 1) == "<nil> 1\n" {
		go func() { n++ }() // want `data race on n: .*\(0 preemptions\)`
	}
	_ = n
}

// The fixed twin: the texts are not those, and nothing runs beside the
// test. (A nil *TimeoutError's Error panics; fmt prints "<nil>" for it
// instead: no panic either.)
func TestMessageTextFixed(t *testing.T) {
	var none error
	var nilTimeout *TimeoutError
	_ = fmt.Errorf("op: %w", nilTimeout).Error()
	n := 0
	err := fmt.Errorf("%v %s (%v): %w", Op("get"), errors.New("k1"), none, &TimeoutError{After: 2})
	if err.Error() == "get k1 (<nil>): timed out after 2 tries" || err.Error() == "op:get k1 (%!v(<nil>)): timed out after 2 tries" {
		go func() { n++ }()
	}
	_ = n
	if fmt.Sprint(Op("a"), Op("b")) == "op:a op:b" {
		go func() { n++ }()
	}
	_ = n
}

// valueFor is a cache's loader: its key, of type any, printed by %s.
func valueFor(key any) any { return fmt.Sprintf("valueFor%s", key) }

// A string held in an interface prints as itself by %s and %v (a cache
// test compares what the loader made of a key with what the cache
// returns): the texts are known, and the race is there only when they are
// equal.
func TestAnyStringText(t *testing.T) {
	n := 0
	if valueFor("k1") == "valueFork1" && fmt.Sprintf("%v|%s", any("a"), any("b")) == "a|b" {
		go func() { n++ }() // want `data race on n: .*\(0 preemptions\)`
	}
	_ = n
}

// The fixed twin: the texts are not those.
func TestAnyStringTextFixed(t *testing.T) {
	n := 0
	if valueFor("k1") == "valueFor k1" || fmt.Sprintf("%v", any("a")) == "\"a\"" {
		go func() { n++ }()
	}
	_ = n
}
