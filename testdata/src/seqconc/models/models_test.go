package models

import (
	"context"
	"errors"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// ---- sync.Mutex ----

func TestMutexDoubleLock(t *testing.T) { // want root:"one goroutine" root:"runs its one schedule"
	var mu sync.Mutex
	mu.Lock()
	mu.Lock() // want `deadlock: the test goroutine blocks forever locking a mutex at models_test.go:18:9 \(0 preemptions\)`
}

func TestMutexUnlockUnlocked(t *testing.T) { // want root:"one goroutine" root:"runs its one schedule"
	var mu sync.Mutex
	mu.Unlock() // want `panic: fatal error: sync: unlock of unlocked mutex \(0 preemptions\)`
}

func TestMutexHandoff(t *testing.T) {
	var mu sync.Mutex
	n := 0
	done := make(chan bool)
	go func() {
		mu.Lock()
		n++
		mu.Unlock()
		done <- true
	}()
	mu.Lock()
	n++
	mu.Unlock()
	<-done
	if n != 2 {
		panic("lost update")
	}
}

func TestMutexTryLock(t *testing.T) { // want root:"one goroutine"
	var mu sync.Mutex
	if !mu.TryLock() {
		panic("TryLock on a free mutex failed")
	}
	if mu.TryLock() {
		panic("TryLock on a held mutex succeeded")
	}
}

// ---- sync.RWMutex ----

func TestRWMutexReadersShare(t *testing.T) {
	var mu sync.RWMutex
	mu.RLock()
	done := make(chan bool)
	go func() {
		mu.RLock()
		mu.RUnlock()
		done <- true
	}()
	<-done
	mu.RUnlock()
}

// A waiting writer keeps new readers out: read, write, read deadlocks.
func TestRWMutexReadWriteRead(t *testing.T) {
	var mu sync.RWMutex
	mu.RLock()
	go func() {
		mu.Lock()
		mu.Unlock()
	}()
	mu.RLock() // want `deadlock: the test goroutine blocks forever read-locking an RWMutex at models_test.go:78:10; goroutine 1 \(started at models_test.go:74:2\) blocks forever locking a mutex at models_test.go:75:10 \(1 preemption\)`
	mu.RUnlock()
	mu.RUnlock()
}

func TestRWMutexRUnlockUnlocked(t *testing.T) { // want root:"one goroutine" root:"runs its one schedule"
	var mu sync.RWMutex
	mu.RUnlock() // want `panic: fatal error: sync: RUnlock of unlocked RWMutex \(0 preemptions\)`
}

// ---- sync.WaitGroup ----

func TestWaitGroupNegative(t *testing.T) { // want root:"one goroutine" root:"runs its one schedule"
	var wg sync.WaitGroup
	wg.Done() // want `panic: sync: negative WaitGroup counter \(0 preemptions\)`
}

func TestWaitGroupWaitReleased(t *testing.T) {
	var wg sync.WaitGroup
	n := 0
	wg.Add(1)
	go func() {
		n = 1
		wg.Done()
	}()
	wg.Wait()
	if n != 1 { // Done happens before Wait returns: no race, n is 1
		panic("Wait returned early")
	}
}

func TestWaitGroupNeverDone(t *testing.T) { // want root:"one goroutine" root:"runs its one schedule"
	var wg sync.WaitGroup
	wg.Add(1)
	wg.Wait() // want `deadlock: the test goroutine blocks forever in WaitGroup.Wait at models_test.go:112:9 \(0 preemptions\)`
}

// A WaitGroup reused before a Wait it released has returned: Go's Wait
// panics when it finds the counter up again.
func TestWaitGroupReusedBeforeWaitReturned(t *testing.T) {
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		wg.Done()
		wg.Add(1) // the next round starts while Wait may not have returned
		wg.Done()
	}()
	wg.Wait() // want `panic: sync: WaitGroup is reused before previous Wait has returned \(1 preemption\)`
}

// An Add between the Done that brings the counter to zero and its waking
// the waiters is Go's "Add called concurrently with Wait".
func TestWaitGroupAddDuringRelease(t *testing.T) {
	var wg sync.WaitGroup
	wg.Add(1)
	go wg.Done()
	go func() {
		wg.Add(1) // want `panic: sync: WaitGroup misuse: Add called concurrently with Wait \(1 preemption\)`
		wg.Done()
	}()
	wg.Wait() // want `panic: sync: WaitGroup is reused before previous Wait has returned \(1 preemption\)`
}

// Reusing a WaitGroup after Wait has returned is fine.
func TestWaitGroupReuseAfterWait(t *testing.T) {
	var wg sync.WaitGroup
	for round := 0; round < 2; round++ {
		wg.Add(1)
		go func() { wg.Done() }()
		wg.Wait()
	}
}

// ---- sync.Once ----

func TestOnceRunsOnce(t *testing.T) {
	var once sync.Once
	n := 0
	var wg sync.WaitGroup
	for i := 0; i < 2; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			once.Do(func() { n++ })
		}()
	}
	wg.Wait()
	if n != 1 {
		panic("Once ran twice")
	}
}

func TestOnceRecursive(t *testing.T) { // want root:"one goroutine" root:"runs its one schedule"
	var once sync.Once
	once.Do(func() { once.Do(func() {}) }) // want `deadlock: the test goroutine blocks forever in Once.Do at models_test.go:172:26 \(0 preemptions\)`
}

// ---- sync.Cond ----

// Signal wakes one waiter: with two waiting, the other is left blocked.
func TestCondSignalWakesOne(t *testing.T) {
	var mu sync.Mutex
	c := sync.NewCond(&mu)
	ready := false
	var wg sync.WaitGroup
	for i := 0; i < 2; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mu.Lock()
			for !ready {
				c.Wait()
			}
			mu.Unlock()
		}()
	}
	for i := 0; i < 2; i++ { // let both wait: each go statement's goroutine runs when main blocks
		time.Sleep(time.Millisecond)
	}
	mu.Lock()
	ready = true
	c.Signal()
	mu.Unlock()
	wg.Wait() // want `deadlock: the test goroutine blocks forever in WaitGroup.Wait at models_test.go:201:9; goroutine 2 \(started at models_test.go:185:3\) blocks forever in Cond.Wait at models_test.go:189:11 \(0 preemptions\)`
}

func TestCondBroadcastWakesAll(t *testing.T) {
	var mu sync.Mutex
	c := sync.NewCond(&mu)
	ready := false
	var wg sync.WaitGroup
	for i := 0; i < 2; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mu.Lock()
			for !ready {
				c.Wait()
			}
			mu.Unlock()
		}()
	}
	mu.Lock()
	ready = true
	c.Broadcast()
	mu.Unlock()
	wg.Wait()
}

// ---- channels ----

func TestChanNoPartner(t *testing.T) { // want root:"one goroutine" root:"runs its one schedule"
	ch := make(chan int)
	ch <- 1 // want `deadlock: the test goroutine blocks forever sending on a channel at models_test.go:231:5 \(0 preemptions\)`
}

func TestChanBufferedSend(t *testing.T) { // want root:"one goroutine" root:"runs its one schedule"
	ch := make(chan int, 1)
	ch <- 1
	if v := <-ch; v != 1 {
		panic("wrong value")
	}
}

func TestChanClosedRecvZero(t *testing.T) { // want root:"one goroutine" root:"runs its one schedule"
	ch := make(chan int, 1)
	ch <- 7
	close(ch)
	v, ok := <-ch
	w, ok2 := <-ch
	if v != 7 || !ok || w != 0 || ok2 {
		panic("closed channel semantics")
	}
}

func TestChanSendOnClosed(t *testing.T) { // want root:"one goroutine" root:"runs its one schedule"
	ch := make(chan int, 1)
	close(ch)
	ch <- 1 // want `panic: send on closed channel \(0 preemptions\)`
}

func TestChanCloseNil(t *testing.T) { // want root:"one goroutine" root:"runs its one schedule"
	var ch chan int
	close(ch) // want `panic: close of nil channel \(0 preemptions\)`
}

func TestChanCloseTwice(t *testing.T) { // want root:"one goroutine" root:"runs its one schedule"
	ch := make(chan int)
	close(ch)
	close(ch) // want `panic: close of closed channel \(0 preemptions\)`
}

func TestChanNilBlocks(t *testing.T) { // want root:"one goroutine" root:"runs its one schedule"
	var ch chan int
	<-ch // want `deadlock: the test goroutine blocks forever receiving from a channel at models_test.go:272:2 \(0 preemptions\)`
}

func TestChanLenCap(t *testing.T) { // want root:"one goroutine" root:"runs its one schedule"
	ch := make(chan int, 3)
	ch <- 1
	ch <- 2
	if len(ch) != 2 || cap(ch) != 3 {
		panic("len/cap")
	}
}

func TestChanRangeClosed(t *testing.T) {
	ch := make(chan int)
	go func() {
		for i := 0; i < 3; i++ {
			ch <- i
		}
		close(ch)
	}()
	sum := 0
	for v := range ch {
		sum += v
	}
	if sum != 3 {
		panic("range lost a value")
	}
}

func TestChanLeakedSender(t *testing.T) {
	ch := make(chan int)
	go func() { ch <- 1 }() // want `goroutine leak: goroutine 1 \(started at models_test.go:303:2\) blocks forever sending on a channel at models_test.go:303:17 after the test returned \(0 preemptions\)`
}

// ---- select ----

func TestSelectDefault(t *testing.T) { // want root:"one goroutine" root:"runs its one schedule"
	ch := make(chan int)
	select {
	case <-ch:
		panic("received from an empty channel")
	default:
	}
}

// With both cases ready, either may be chosen: the second one is reached.
func TestSelectAnyReady(t *testing.T) { // want root:"one goroutine" root:"runs its one schedule"
	a, b := make(chan int, 1), make(chan int, 1)
	a <- 1
	b <- 2
	select {
	case <-a:
	case <-b:
		panic("second case") // want `panic: second case \(0 preemptions\)`
	}
}

func TestSelectNoCase(t *testing.T) { // want root:"one goroutine" root:"runs its one schedule"
	select {} // want `deadlock: the test goroutine blocks forever in select at models_test.go:330:2 \(0 preemptions\)`
}

// ---- sync/atomic ----

func TestAtomicCounter(t *testing.T) {
	var n atomic.Int64
	var m int32
	var wg sync.WaitGroup
	for i := 0; i < 2; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			n.Add(1)
			atomic.AddInt32(&m, 1)
		}()
	}
	wg.Wait()
	if n.Load() != 2 || atomic.LoadInt32(&m) != 2 {
		panic("lost atomic update")
	}
}

func TestPlainCounter(t *testing.T) {
	n := 0
	var wg sync.WaitGroup
	for i := 0; i < 2; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			n++ // want `data race on n: write at models_test.go:360:4 by goroutine 1 and read at models_test.go:360:4 by goroutine 2 \(0 preemptions\)`
		}()
	}
	wg.Wait()
}

// ---- context ----

func TestContextCancelClosesDone(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	go cancel()
	<-ctx.Done()
	if ctx.Err() != context.Canceled {
		panic("Err after cancel")
	}
}

func TestContextBackgroundNeverDone(t *testing.T) { // want root:"one goroutine" root:"runs its one schedule"
	<-context.Background().Done() // want `deadlock: the test goroutine blocks forever receiving from a channel at models_test.go:378:2 \(0 preemptions\)`
}

func TestContextParentCancelsChild(t *testing.T) { // want root:"one goroutine" root:"may start goroutines when lowered with the package's other roots" root:"runs its one schedule"
	parent, cancel := context.WithCancel(context.Background())
	child, cancelChild := context.WithCancel(parent)
	defer cancelChild()
	cancel()
	<-child.Done()
}

func TestContextTimeoutFires(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	<-ctx.Done()
	if ctx.Err() != context.DeadlineExceeded && ctx.Err() != context.Canceled {
		panic("Err after the deadline")
	}
}

// AfterFunc's function runs on its own goroutine once the context is done.
func TestContextAfterFuncRuns(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan bool)
	context.AfterFunc(ctx, func() { done <- true })
	cancel()
	<-done
}

// ... on a goroutine of its own: unsynchronized with the canceller.
func TestContextAfterFuncGoroutine(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	n := 0
	context.AfterFunc(ctx, func() { n++ }) // want `data race on n: write at models_test.go:413:2 by goroutine 0 and read at models_test.go:411:34 by goroutine 1 \(0 preemptions\)`
	cancel()
	n++
}

// A context done already runs the function at once.
func TestContextAfterFuncDoneAlready(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	done := make(chan bool)
	context.AfterFunc(ctx, func() { done <- true })
	<-done
}

// stop before the context is done keeps the function from running.
func TestContextAfterFuncStop(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	ran := make(chan bool, 1)
	stop := context.AfterFunc(ctx, func() { ran <- true })
	if !stop() {
		panic("stop before cancel did not stop f")
	}
	cancel()
	time.Sleep(time.Millisecond)
	select {
	case <-ran:
		panic("f ran after stop")
	default:
	}
}

// stop after the context is done is too late.
func TestContextAfterFuncStopLate(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan bool)
	stop := context.AfterFunc(ctx, func() { close(done) })
	cancel()
	if stop() {
		panic("stop after cancel stopped f")
	}
	<-done
}

// A stop racing with the cancellation may win (the go statement does not
// switch): f never runs.
func TestContextAfterFuncStopRace(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan bool)
	stop := context.AfterFunc(ctx, func() { close(done) })
	go cancel()
	stop()
	<-done // want `deadlock: the test goroutine blocks forever receiving from a channel at models_test.go:462:2 \(0 preemptions\)`
}

func TestContextCause(t *testing.T) { // want root:"one goroutine" root:"may start goroutines when lowered with the package's other roots" root:"runs its one schedule"
	ctx, cancel := context.WithCancelCause(context.Background())
	child, cancelChild := context.WithCancel(ctx)
	defer cancelChild()
	if context.Cause(ctx) != nil {
		panic("a cause before cancel")
	}
	mine := errors.New("mine")
	cancel(mine)
	if ctx.Err() != context.Canceled || context.Cause(ctx) != mine {
		panic("Err and Cause after cancel")
	}
	if child.Err() != context.Canceled || context.Cause(child) != mine {
		panic("the child's Err and Cause")
	}
}

// Without a cause, Cause is Err.
func TestContextCauseIsErr(t *testing.T) { // want root:"one goroutine" root:"may start goroutines when lowered with the package's other roots" root:"runs its one schedule"
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if context.Cause(ctx) != context.Canceled {
		panic("Cause is not Err")
	}
	ctx, cancel2 := context.WithCancelCause(context.Background())
	cancel2(nil)
	if context.Cause(ctx) != context.Canceled {
		panic("Cause of a nil cause is not Err")
	}
}

func TestContextTimeoutCause(t *testing.T) {
	mine := errors.New("too slow")
	ctx, cancel := context.WithTimeoutCause(context.Background(), time.Second, mine)
	defer cancel()
	<-ctx.Done()
	if ctx.Err() != context.DeadlineExceeded || context.Cause(ctx) != mine {
		panic("Err and Cause after the deadline")
	}
}

func TestContextWithoutCancel(t *testing.T) { // want root:"one goroutine" root:"may start goroutines when lowered with the package's other roots" root:"runs its one schedule"
	parent, cancel := context.WithCancel(context.Background())
	ctx := context.WithoutCancel(parent)
	cancel()
	if ctx.Done() != nil || ctx.Err() != nil || context.Cause(ctx) != nil {
		panic("WithoutCancel's context was cancelled")
	}
}

func TestContextWithoutCancelNeverDone(t *testing.T) { // want root:"one goroutine" root:"may start goroutines when lowered with the package's other roots" root:"runs its one schedule"
	parent, cancel := context.WithCancel(context.Background())
	cancel()
	<-context.WithoutCancel(parent).Done() // want `deadlock: the test goroutine blocks forever receiving from a channel at models_test.go:518:2 \(0 preemptions\)`
}

// A parent context of the program's own type with an AfterFunc method
// cancels its children through it, at once, and its stop function is
// called when a child is cancelled by its own hand.
type funcCtx struct {
	context.Context
	mu      sync.Mutex
	fs      []func()
	done    chan struct{}
	stopped bool
}

func (c *funcCtx) Done() <-chan struct{} { return c.done }

func (c *funcCtx) Err() error {
	select {
	case <-c.done:
		return context.Canceled
	default:
		return nil
	}
}

func (c *funcCtx) AfterFunc(f func()) func() bool {
	c.mu.Lock()
	c.fs = append(c.fs, f)
	c.mu.Unlock()
	return func() bool {
		c.mu.Lock()
		c.stopped = true
		c.mu.Unlock()
		return true
	}
}

func (c *funcCtx) cancel() {
	close(c.done)
	c.mu.Lock()
	fs := c.fs
	c.mu.Unlock()
	for _, f := range fs {
		f()
	}
}

func TestContextAfterFuncParent(t *testing.T) {
	parent := &funcCtx{Context: context.Background(), done: make(chan struct{})}
	child, cancelChild := context.WithCancel(parent)
	parent.cancel()
	select {
	case <-child.Done():
	default:
		panic("the parent's AfterFunc did not cancel the child")
	}
	if context.Cause(child) != context.Canceled {
		panic("the child's cause")
	}
	cancelChild()
	if !parent.stopped {
		panic("cancel did not stop the parent's AfterFunc")
	}
}

// A parent of the program's own type that embeds a cancelable context and
// has a Done of its own is watched by a goroutine; the child's cause is
// the embedded context's, found as Go does through Value (context's
// TestCustomContextPropagation).
type ownDoneCtx struct {
	context.Context
	done chan struct{}
}

func (c *ownDoneCtx) Done() <-chan struct{} { return c.done }

func TestContextCauseThroughEmbedded(t *testing.T) {
	cause := errors.New("the cause")
	ctx1, cancel1 := context.WithCancelCause(context.Background())
	parent := &ownDoneCtx{Context: ctx1, done: make(chan struct{})}
	child, cancel := context.WithCancel(parent)
	defer cancel()
	cancel1(cause)
	close(parent.done)
	<-child.Done()
	if child.Err() != context.Canceled {
		panic("the child's error")
	}
	if context.Cause(child) != cause {
		panic("the child's cause is not the embedded context's")
	}
	if context.Cause(parent) != cause {
		panic("the parent's cause is not the embedded context's")
	}
}

// AfterFunc's goroutine sees what the goroutine that registered it did
// before, though the deadline's goroutine that cancels the context started
// earlier: the context's lock orders registration and cancellation
// (context's TestAfterFuncCalledAfterTimeout).
func TestContextAfterFuncSeesRegistrar(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	done := make(chan struct{})
	context.AfterFunc(ctx, func() {
		close(done)
	})
	<-done
}

// A deadline's goroutine that cancels a child of such a parent calls the
// parent's stop function, which the registering goroutine stored under the
// child's lock (context's TestCustomContextAfterFuncTimeout).
func TestContextAfterFuncParentTimeout(t *testing.T) {
	parent := &funcCtx{Context: context.Background(), done: make(chan struct{})}
	child, cancel := context.WithTimeout(parent, time.Hour)
	defer cancel()
	parent.cancel()
	<-child.Done()
}

// ---- time ----

func TestTimeAfterFires(t *testing.T) {
	<-time.After(time.Second)
}

// An hour's timeout never wins against an answer already there: time
// passes only when no goroutine can run (-timing reports it: see
// testdata/src/timing).
func TestTimeoutMayWin(t *testing.T) {
	ch := make(chan int, 1)
	ch <- 1
	select {
	case <-ch:
	case <-time.After(time.Hour):
		panic("timed out")
	}
}

// A deadline fires once the work it guards sleeps past it.
func TestDeadlineBeforeSlowWork(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Millisecond)
	defer cancel()
	done := make(chan bool, 1)
	go func() {
		time.Sleep(20 * time.Millisecond)
		done <- true
	}()
	select {
	case <-done:
		panic("the slow work won") // never: its 20ms sleep ends after the deadline
	case <-ctx.Done():
		t.Errorf("deadline: %v", ctx.Err()) // want `test failure: t.Errorf\("deadline: %v"\) \(0 preemptions\)`
	}
}

// ---- testing ----

func TestErrorfUnderSomeSchedule(t *testing.T) {
	var mu sync.Mutex
	n := 0
	done := make(chan bool)
	go func() {
		mu.Lock()
		v := n
		mu.Unlock()
		mu.Lock()
		n = v + 1
		mu.Unlock()
		done <- true
	}()
	mu.Lock()
	v := n
	mu.Unlock()
	mu.Lock()
	n = v + 1
	mu.Unlock()
	<-done
	if n != 2 {
		t.Errorf("lost update: n = %d", n) // want `test failure: t.Errorf\("lost update: n = %d"\) \(1 preemption\)`
	}
}

func TestCleanupRunsBeforeLeakCheck(t *testing.T) {
	ch := make(chan int)
	go func() { <-ch }()
	t.Cleanup(func() { close(ch) })
}

func TestTimerFires(t *testing.T) {
	<-time.NewTimer(time.Second).C
}

// After Stop reports it stopped the timer, nothing is received (Go 1.23).
func TestTimerStopPreventsFire(t *testing.T) {
	tm := time.NewTimer(time.Hour)
	if tm.Stop() {
		select {
		case <-tm.C:
			panic("fired after Stop")
		default:
		}
	}
}

// Stop comes before an hour has passed: time passes only when no
// goroutine can run.
func TestTimerStopInTime(t *testing.T) {
	tm := time.NewTimer(time.Hour)
	if !tm.Stop() {
		panic("the timer fired first")
	}
}

// Stop after the timer fired says so.
func TestTimerStopTooLate(t *testing.T) {
	tm := time.NewTimer(time.Millisecond)
	time.Sleep(2 * time.Millisecond)
	if !tm.Stop() {
		panic("the timer fired first") // want `panic: the timer fired first \(0 preemptions\)`
	}
}

func TestAfterFuncRuns(t *testing.T) {
	done := make(chan bool)
	time.AfterFunc(time.Second, func() { done <- true })
	<-done
}

func TestTickerTicks(t *testing.T) {
	tk := time.NewTicker(time.Second)
	defer tk.Stop()
	<-tk.C
	<-tk.C
}

// A ticker nobody stops is not a leak: its goroutine is the runtime's.
func TestTickerNotALeak(t *testing.T) {
	<-time.Tick(time.Second)
}

func TestGoPanic(t *testing.T) {
	go panic("boom") // want `panic: boom \(0 preemptions\)`
}

// A context type of the program's own, embedding a context, is a parent
// like any: its cancellation reaches the child.
type wrapped struct{ context.Context }

func TestContextForeignParent(t *testing.T) {
	parent, cancel := context.WithCancel(context.Background())
	child, cancelChild := context.WithCancel(wrapped{parent})
	defer cancelChild()
	cancel()
	<-child.Done()
}

// ... and, as in Go, at once: the parent's Done is its embedded context's,
// whose child it becomes (no goroutine in between).
func TestContextForeignParentAtOnce(t *testing.T) {
	parent, cancel := context.WithCancel(context.Background())
	child, cancelChild := context.WithCancel(wrapped{parent})
	defer cancelChild()
	cancel()
	if child.Err() == nil {
		panic("the child of a wrapped context was not cancelled with it")
	}
}

// A context of the program's own type that is neither: a goroutine
// watches it, so the child is cancelled some time after.
type ownCtx struct {
	context.Context
	done chan struct{}
}

func (c ownCtx) Done() <-chan struct{} { return c.done }

func (c ownCtx) Err() error {
	select {
	case <-c.done:
		return context.Canceled
	default:
		return nil
	}
}

func TestContextOwnParentWatched(t *testing.T) {
	parent := ownCtx{Context: context.Background(), done: make(chan struct{})}
	child, cancelChild := context.WithCancel(parent)
	defer cancelChild()
	close(parent.done)
	<-child.Done()
	if child.Err() != context.Canceled {
		panic("the child's Err")
	}
}

// The goroutine cancels the child later: a check right after the parent is
// done may find the child still going.
func TestContextOwnParentNotAtOnce(t *testing.T) {
	parent := ownCtx{Context: context.Background(), done: make(chan struct{})}
	child, cancelChild := context.WithCancel(parent)
	defer cancelChild()
	close(parent.done)
	if child.Err() == nil {
		panic("not yet") // want `panic: not yet \(0 preemptions\)`
	}
}

func TestContextNilParent(t *testing.T) { // want root:"one goroutine" root:"may start goroutines when lowered with the package's other roots" root:"runs its one schedule"
	var nilCtx context.Context
	context.WithCancel(nilCtx) // want `panic: cannot create context from nil parent \(0 preemptions\)`
}

// ---- runtime.Goexit ----

// Goexit runs the deferred calls, recover does not stop it, and the
// goroutine ends: nothing after it runs.
func TestGoexitRunsDefers(t *testing.T) {
	done := make(chan bool)
	go func() {
		defer func() {
			if recover() != nil {
				panic("recover stopped Goexit")
			}
			done <- true
		}()
		runtime.Goexit()
		panic("Goexit returned")
	}()
	<-done
}

// A goroutine that exits before its send leaves the receiver blocked.
func TestGoexitBeforeSend(t *testing.T) {
	ch := make(chan int)
	go func() {
		runtime.Goexit()
		ch <- 1
	}()
	<-ch // want `deadlock: the test goroutine blocks forever receiving from a channel at models_test.go:860:2 \(0 preemptions\)`
}

// A panic in a deferred call during Goexit replaces it.
func TestPanicDuringGoexit(t *testing.T) {
	done := make(chan bool)
	go func() {
		defer func() { panic("in a deferred call") }() // want `panic: in a deferred call \(0 preemptions\)`
		defer close(done)
		runtime.Goexit()
	}()
	<-done
}

// Skip ends the test goroutine; a goroutine it left blocked still leaks.
func TestSkipStillLeaks(t *testing.T) {
	ch := make(chan int)
	go func() { ch <- 1 }() // want `goroutine leak: goroutine 1 \(started at models_test.go:877:2\) blocks forever sending on a channel at models_test.go:877:17 after the test returned \(0 preemptions\)`
	t.Skip("not today")
}

// ---- atomic.Value ----

func TestAtomicValue(t *testing.T) { // want root:"one goroutine"
	var v atomic.Value
	v.Store(1)
	if old := v.Swap(2); old != 1 {
		panic("Swap returned the wrong value")
	}
	if v.CompareAndSwap(1, 3) || !v.CompareAndSwap(2, 4) || v.Load() != 4 {
		panic("CompareAndSwap")
	}
}

// atomic.Value panics as Go does: with a string, which recover returns.
func TestAtomicValuePanicIsString(t *testing.T) { // want root:"one goroutine"
	var v atomic.Value
	defer func() {
		if r := recover(); r != "sync/atomic: store of nil value into Value" {
			panic("wrong panic value")
		}
	}()
	v.Store(nil)
}

// The first store fixes the dynamic type.
func TestAtomicValueInconsistentType(t *testing.T) { // want root:"one goroutine"
	var v atomic.Value
	v.Store(1)
	v.Store("one") // want `panic: sync/atomic: store of inconsistently typed value into Value \(0 preemptions\)`
}

// CompareAndSwap on an empty Value swaps only from nil, then compares.
func TestAtomicValueCompareAndSwapFirst(t *testing.T) { // want root:"one goroutine"
	var v atomic.Value
	if v.CompareAndSwap(1, 2) || !v.CompareAndSwap(nil, 1) || v.CompareAndSwap(nil, 2) || !v.CompareAndSwap(1, 2) {
		panic("wrong CompareAndSwap")
	}
	if v.Load() != 2 {
		panic("wrong value")
	}
}

func TestAtomicValueStoreNil(t *testing.T) { // want root:"one goroutine"
	var v atomic.Value
	v.Store(nil) // want `panic: sync/atomic: store of nil value into Value \(0 preemptions\)`
}

// ---- testing: subtests ----

// Sequential subtests run one after the other: Run returns after the
// subtest has finished, so sharing state is no race.
func TestSubtestsSequential(t *testing.T) { // want root:"one goroutine"
	n := 0
	t.Run("a", func(t *testing.T) { n++ })
	t.Run("b", func(t *testing.T) { n++ })
	if n != 2 {
		panic("Run returned before its subtest finished")
	}
}

// Parallel subtests run together, once their parent's function returned.
func TestSubtestsParallelRace(t *testing.T) {
	n := 0
	for _, name := range []string{"a", "b"} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			n++ // want `data race on n: write at models_test.go:947:4 by goroutine 1 and read at models_test.go:947:4 by goroutine 2 \(0 preemptions\)`
		})
	}
}

// Two parallel subtests may talk to each other: both run at once.
func TestSubtestsParallelTalk(t *testing.T) {
	ch := make(chan int)
	t.Run("send", func(t *testing.T) {
		t.Parallel()
		ch <- 1
	})
	t.Run("recv", func(t *testing.T) {
		t.Parallel()
		<-ch
	})
}

// Only one is parallel: the sequential one blocks its Run for good.
func TestSubtestsOneParallel(t *testing.T) {
	ch := make(chan int)
	t.Run("send", func(t *testing.T) {
		t.Parallel()
		ch <- 1
	})
	t.Run("recv", func(t *testing.T) { // want `deadlock: the test goroutine blocks forever in t.Run, waiting for the subtest at models_test.go:972:7; goroutine 1 \(started at models_test.go:968:7\) blocks forever in t.Parallel, waiting for the parent test to return at models_test.go:969:13; goroutine 2 \(started at models_test.go:972:7\) blocks forever receiving from a channel at models_test.go:973:3 \(0 preemptions\)`
		<-ch
	})
}

// Parallel subtests wait for their parent's function to return: a parent
// that waits for them deadlocks.
func TestSubtestsParentWaits(t *testing.T) {
	var wg sync.WaitGroup
	for _, name := range []string{"a", "b"} {
		wg.Add(1)
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			wg.Done()
		})
	}
	wg.Wait() // want `deadlock: the test goroutine blocks forever in WaitGroup.Wait at models_test.go:988:9; goroutine 1 \(started at models_test.go:983:8\) blocks forever in t.Parallel, waiting for the parent test to return at models_test.go:984:14; goroutine 2 \(started at models_test.go:983:8\) blocks forever in t.Parallel, waiting for the parent test to return at models_test.go:984:14 \(0 preemptions\)`
}

// t.Fatal fails the scenario, wherever it is called.
func TestSubtestFatal(t *testing.T) { // want root:"one goroutine"
	t.Run("a", func(t *testing.T) { t.Fatal("boom") }) // want `test failure: t.Fatal called \(0 preemptions\)`
}

// SkipNow in a subtest ends the subtest's goroutine only: its deferred
// calls run, and so does the rest of the parent.
func TestSubtestSkipParentContinues(t *testing.T) { // want root:"one goroutine"
	n := 0
	t.Run("a", func(t *testing.T) {
		defer func() { n++ }()
		t.SkipNow()
		n += 10
	})
	n++
	if n != 2 {
		panic("SkipNow did not end the subtest only")
	}
}

// A program's own Goexit in a test function is a panic of the testing
// package.
func TestSubtestGoexit(t *testing.T) { // want root:"one goroutine"
	t.Run("a", func(t *testing.T) { runtime.Goexit() }) // want `panic: test executed panic\(nil\) or runtime.Goexit \(0 preemptions\)`
}

func TestSubtestPanics(t *testing.T) { // want root:"one goroutine"
	t.Run("a", func(t *testing.T) { panic("boom") }) // want `panic: boom \(0 preemptions\)`
}

// The parent's cleanups run after its parallel subtests; a subtest's own
// run when it finishes, before its parent's.
func TestSubtestCleanupOrder(t *testing.T) {
	var order []string
	var mu sync.Mutex
	add := func(s string) {
		mu.Lock()
		order = append(order, s)
		mu.Unlock()
	}
	t.Cleanup(func() {
		if len(order) != 2 || order[0] != "sub" || order[1] != "sub cleanup" {
			panic("the parent's cleanup ran before its parallel subtest finished")
		}
	})
	t.Run("a", func(t *testing.T) {
		t.Parallel()
		t.Cleanup(func() { add("sub cleanup") })
		add("sub")
	})
	if len(order) != 0 {
		panic("a parallel subtest ran before its parent returned")
	}
}

// A sequential subtest's cleanups run before Run returns.
func TestSubtestCleanupBeforeRunReturns(t *testing.T) { // want root:"one goroutine"
	done := false
	t.Run("a", func(t *testing.T) {
		t.Cleanup(func() { done = true })
	})
	if !done {
		panic("Run returned before the subtest's cleanups")
	}
}

// A goroutine a subtest leaves blocked is a leak of the root.
func TestSubtestLeaks(t *testing.T) {
	t.Run("a", func(t *testing.T) {
		ch := make(chan int)
		go func() { ch <- 1 }() // want `goroutine leak: goroutine 2 \(started at models_test.go:1061:3\) blocks forever sending on a channel at models_test.go:1061:18 after the test returned \(0 preemptions\)`
	})
}

func TestParallelTwice(t *testing.T) {
	t.Run("a", func(t *testing.T) {
		t.Parallel()
		t.Parallel() // want `panic: testing: t.Parallel called multiple times \(0 preemptions\)`
	})
}

// The root's own Parallel changes nothing a single root shows.
func TestRootParallel(t *testing.T) {
	t.Parallel()
	done := make(chan bool)
	go func() { done <- true }()
	<-done
}

// t.Context() is cancelled before the cleanups run: a goroutine waiting
// for it is no leak, and a cleanup may wait for it.
func TestTestContext(t *testing.T) {
	ctx := t.Context()
	stopped := make(chan bool)
	go func() {
		<-ctx.Done()
		close(stopped)
	}()
	t.Cleanup(func() { <-stopped })
	if ctx.Err() != nil {
		panic("the test's context is done while the test runs")
	}
}

// ... but not before the test function returns.
func TestTestContextWaitedInTest(t *testing.T) { // want root:"one goroutine" root:"runs its one schedule"
	<-t.Context().Done() // want `deadlock: the test goroutine blocks forever receiving from a channel at models_test.go:1097:2 \(0 preemptions\)`
}

// Sub-benchmarks run one after the other too.
func BenchmarkSubSequential(b *testing.B) { // want root:"one goroutine"
	n := 0
	b.Run("a", func(b *testing.B) { n++ })
	b.Run("b", func(b *testing.B) { n++ })
	if n != 2 {
		panic("b.Run returned before its sub-benchmark finished")
	}
}

// A sub-benchmark's goroutine is a goroutine: one it leaves blocked leaks.
func BenchmarkSubLeaks(b *testing.B) {
	b.Run("a", func(b *testing.B) {
		ch := make(chan int)
		go func() { ch <- 1 }() // want `goroutine leak: goroutine 2 \(started at models_test.go:1114:3\) blocks forever sending on a channel at models_test.go:1114:18 after the test returned \(0 preemptions\)`
	})
}

// Parallel subtests of a parallel subtest run once it has returned; the
// root ends after all of them.
func TestSubtestsNestedParallel(t *testing.T) {
	var mu sync.Mutex
	n := 0
	t.Cleanup(func() {
		if n != 2 {
			panic("the root ended before its nested subtests")
		}
	})
	t.Run("outer", func(t *testing.T) {
		t.Parallel()
		for _, name := range []string{"a", "b"} {
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				mu.Lock()
				n++
				mu.Unlock()
			})
		}
	})
}

// A context's Value(key) is not driver.Valuer's Value(): model types
// match methods by name and signature, as Go's method sets do.
type valuer interface{ Value() (int, error) }

type constValuer struct{}

func (constValuer) Value() (int, error) { return 7, nil }

func TestContextIsNoValuer(t *testing.T) { // want root:"one goroutine" root:"may start goroutines when lowered with the package's other roots" root:"runs its one schedule"
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var x any = ctx
	if _, ok := x.(valuer); ok {
		panic("a context has no Value()")
	}
	var v valuer = constValuer{}
	if n, _ := v.Value(); n != 7 {
		panic("bug")
	}
	_ = ctx.Value("k")
}

// ---- library panics: the value recover returns ----

// The library's own panics are strings, as Go's panic("...") makes them.
func TestLibraryPanicsAreStrings(t *testing.T) {
	recovered := func(f func()) (r any) {
		defer func() { r = recover() }()
		f()
		return nil
	}
	if r := recovered(func() { var wg sync.WaitGroup; wg.Done() }); r != "sync: negative WaitGroup counter" {
		panic("WaitGroup's panic is not its string")
	}
	if r := recovered(func() { context.WithValue(context.Background(), nil, 1) }); r != "nil key" {
		panic("WithValue's panic is not its string")
	}
	if r := recovered(func() { time.NewTicker(0) }); r != "non-positive interval for NewTicker" {
		panic("NewTicker's panic is not its string")
	}
}

// panic(nil) panics with a *runtime.PanicNilError (Go 1.21).
func TestPanicNilError(t *testing.T) { // want root:"one goroutine"
	defer func() {
		if e, ok := recover().(*runtime.PanicNilError); !ok || e.Error() != "panic called with nil argument" {
			panic("recover of panic(nil) is not Go's *runtime.PanicNilError")
		}
	}()
	panic(nil)
}

// A func of sync.OnceFunc or OnceValue whose f panicked panics with f's
// value on every call, f running once.
func TestOnceFuncPanicsAgain(t *testing.T) { // want root:"one goroutine"
	calls := 0
	f := sync.OnceValue(func() int {
		calls++
		panic("x")
	})
	for range 2 {
		func() {
			defer func() {
				if r := recover(); r != "x" {
					panic("OnceValue's func did not panic with f's value")
				}
			}()
			f()
		}()
	}
	if calls != 1 {
		panic("f ran twice")
	}
}

// Go with calls counted wrong: found.
func TestOnceFuncPanicsOnce(t *testing.T) { // want root:"one goroutine"
	calls := 0
	f := sync.OnceFunc(func() {
		calls++
		panic("x")
	})
	for range 2 {
		func() {
			defer func() { recover() }()
			f()
		}()
	}
	if calls != 2 {
		panic("f ran once") // want `panic: f ran once \(0 preemptions\)`
	}
}

// A select of one case and a default that sends on a closed channel
// panics at the case, where Go's selectnbsend does (go test's trace names
// that line, which replay compares).
func TestSelectSendClosedAtCase(t *testing.T) { // want root:"one goroutine" root:"runs its one schedule"
	ch := make(chan int, 1)
	close(ch)
	select {
	case ch <- 1: // want `panic: send on closed channel \(0 preemptions\)`
	default:
	}
}

// ---- large buffers ----

// A buffer of a large capacity grows as it fills (chan.make): the values
// keep their order, and len and cap are Go's.
func TestChanLargeBuffer(t *testing.T) { // want root:"one goroutine" root:"runs its one schedule"
	ch := make(chan int, 1<<20)
	for i := range 100 {
		ch <- i
	}
	if len(ch) != 100 || cap(ch) != 1<<20 {
		panic("len/cap")
	}
	for i := range 100 {
		if v := <-ch; v != i {
			panic("order lost")
		}
	}
	close(ch)
	if _, ok := <-ch; ok {
		panic("closed channel semantics")
	}
}

// Slot k of a buffer that grew still orders the k-th send before the k-th
// receive: x is written before the goroutine's send.
func TestChanLargeBufferOrders(t *testing.T) {
	ch := make(chan int, 1<<20)
	for i := range 70 {
		ch <- i
	}
	x := 0
	go func() {
		x = 1
		ch <- 70
	}()
	for range 71 {
		<-ch
	}
	_ = x
}

// The same, x written after the send: the read races with it.
func TestChanLargeBufferRace(t *testing.T) {
	ch := make(chan int, 1<<20)
	for i := range 70 {
		ch <- i
	}
	x := 0
	go func() {
		ch <- 70
		x = 1
	}()
	for range 71 {
		<-ch
	}
	_ = x // want `data race on x: write at models_test.go:1296:3 by goroutine 1 and read at models_test.go:1301:6 by goroutine 0 \(0 preemptions\)`
}
