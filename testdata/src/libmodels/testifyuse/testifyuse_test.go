package testifyuse_test

import (
	"errors"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"libmodels/testifyuse"
)

// assert.Equal runs as testify wrote it (validateEqualArgs and isFunction
// through reflect, ObjectsAreEqual, formatUnequalValues, diff) and ends in
// Fail, whose t.Errorf is the failure: reached only when the two
// increments interleave.
func TestCounterAssert(t *testing.T) {
	var c testifyuse.Counter
	var wg sync.WaitGroup
	for i := 0; i < 2; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c.Inc()
		}()
	}
	wg.Wait()
	assert.Equal(t, 2, c.Value()) // want `test failure: .*\(1 preemption\)`
}

func TestCounterAssertFixed(t *testing.T) {
	var c testifyuse.CounterFixed
	var wg sync.WaitGroup
	for i := 0; i < 2; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c.Inc()
		}()
	}
	wg.Wait()
	assert.Equal(t, 2, c.Value())
	require.Equal(t, 2, c.Value())
}

// require.EqualValues, which converts one value to the other's type
// through reflect when they differ, fails on the lost update: 2 and 1 are
// ints both. (Of two types its answer is unknown to kiss: the fixed twin's
// int64(2) against an int is no finding.)
func TestCounterEqualValues(t *testing.T) {
	var c testifyuse.Counter
	var wg sync.WaitGroup
	for i := 0; i < 2; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c.Inc()
		}()
	}
	wg.Wait()
	require.EqualValues(t, 2, c.Value()) // want `test failure: .*\(1 preemption\)`
}

func TestCounterEqualValuesFixed(t *testing.T) {
	var c testifyuse.CounterFixed
	var wg sync.WaitGroup
	for i := 0; i < 2; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c.Inc()
		}()
	}
	wg.Wait()
	require.EqualValues(t, 2, c.Value())
	require.EqualValues(t, int64(2), c.Value())
}

// The helpers that go through reflect's kinds, nil-ness and lengths agree
// with Go on values of known types: none fails.
func TestHelpersFixed(t *testing.T) {
	var c testifyuse.CounterFixed
	var mu sync.Mutex
	var seen []int
	var err error
	var wg sync.WaitGroup
	for i := 0; i < 2; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c.Inc()
			mu.Lock()
			seen = append(seen, c.Value())
			mu.Unlock()
		}()
	}
	wg.Wait()
	assert.Len(t, seen, 2)
	assert.NotNil(t, &c)
	assert.Nil(t, err)
	assert.NoError(t, err)
	assert.True(t, c.Value() == 2)
	assert.Empty(t, "")
	assert.Equal(t, []byte("ab"), []byte("ab"))
	assert.Equal(t, point{1, 2}, point{1, 2})
	require.Len(t, seen, 2)
	require.NoError(t, err)
	var r recorder
	if assert.Equal(&r, 1, 2) || !r.failed {
		t.Error("assert.Equal(1, 2) succeeded")
	}
}

type point struct{ x, y int }

// A TestingT that records failures: assert goes on after one, require
// ends the goroutine (FailNow is Goexit here, as testing's).
type recorder struct{ failed bool }

func (r *recorder) Errorf(string, ...interface{}) { r.failed = true }
func (r *recorder) FailNow()                      { runtime.Goexit() }

// assert.NoError reports the error and returns: the goroutine goes on to
// the unlock of a mutex it does not hold.
func TestAssertGoesOn(t *testing.T) {
	var mu sync.Mutex
	done := make(chan bool)
	go func() {
		defer close(done)
		var r recorder
		assert.NoError(&r, errors.New("boom"))
		mu.Unlock() // want `fatal error: sync: unlock of unlocked mutex`
	}()
	<-done
}

// require.NoError ends the goroutine first.
func TestRequireEndsGoroutine(t *testing.T) {
	var mu sync.Mutex
	done := make(chan bool)
	go func() {
		defer close(done)
		var r recorder
		require.NoError(&r, errors.New("boom"))
		mu.Unlock()
	}()
	<-done
}

// require.Fail and FailNow, and assert.FailNow, end the goroutine too.
func TestFailNowEndsGoroutine(t *testing.T) {
	var mu sync.Mutex
	done := make(chan bool, 3)
	go func() {
		defer func() { done <- true }()
		require.Fail(&recorder{}, "boom")
		mu.Unlock()
	}()
	go func() {
		defer func() { done <- true }()
		require.FailNow(&recorder{}, "boom")
		mu.Unlock()
	}()
	go func() {
		defer func() { done <- true }()
		assert.FailNow(&recorder{}, "boom")
		mu.Unlock()
	}()
	<-done
	<-done
	<-done
}

// A TestingT without FailNow: assert.FailNow panics, as testify does.
type errorfOnly struct{}

func (errorfOnly) Errorf(string, ...interface{}) {}

func TestFailNowWithoutFailNow(t *testing.T) {
	done := make(chan bool)
	go func() {
		defer close(done)
		assert.FailNow(errorfOnly{}, "boom") // want "panic: test failed and t is missing `FailNow\\(\\)` \\(0 preemptions\\)"
	}()
	<-done
}

// ElementsMatch of lists that differ fails the test (its report, go-spew's
// dumps, is an unknown message): when the test takes its snapshot before
// the goroutine appends. Before, the path stopped in go-spew's init,
// which digs into reflect.Value through unsafe.
func TestElementsMatchOrder(t *testing.T) {
	var (
		mu  sync.Mutex
		got []int
	)
	done := make(chan bool)
	go func() {
		mu.Lock()
		got = append(got, 1, 2)
		mu.Unlock()
		done <- true
	}()
	mu.Lock()
	snapshot := append([]int(nil), got...)
	mu.Unlock()
	<-done
	assert.ElementsMatch(t, []int{2, 1}, snapshot) // want "test failure"
}

// The fixed twin: the snapshot is taken after the goroutine is done.
func TestElementsMatchAfter(t *testing.T) {
	var got []int
	done := make(chan bool)
	go func() {
		got = append(got, 1, 2)
		done <- true
	}()
	<-done
	assert.ElementsMatch(t, []int{2, 1}, got)
	assert.NotElementsMatch(t, []int{1}, got)
}

// Less of a time.Duration converts both to int64 through reflect, whose
// int64 Type only testify's code boxes: exact (before, the conversion
// stopped every path). Fails when the goroutine's duration is the longer.
func TestDurationLess(t *testing.T) {
	done := make(chan time.Duration)
	go func() { done <- 3 * time.Millisecond }()
	d := <-done
	assert.Less(t, d, 5*time.Millisecond)
	assert.Positive(t, d)
	assert.Less(t, 2*d, 5*time.Millisecond) // want "test failure"
}
