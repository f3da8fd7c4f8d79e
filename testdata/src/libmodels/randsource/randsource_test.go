package randsource

import (
	"bytes"
	"math/rand"
	randv2 "math/rand/v2"
	"testing"
	"time"
)

// Seed 1's first draw of Intn(100) is 81 in every run: the goroutine
// writes only then.
func TestConstantSeedRace(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	c := &counter{}
	done := make(chan bool)
	go func() {
		if pick(r) == 81 {
			c.n++ // want `data race on c.n: .*\(0 preemptions\)`
		}
		done <- true
	}()
	_ = c.n
	<-done
}

// The fixed twin: seed 1's first draw is not 80.
func TestConstantSeedOther(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	c := &counter{}
	done := make(chan bool)
	go func() {
		if pick(r) == 80 {
			c.n++
		}
		done <- true
	}()
	_ = c.n
	<-done
}

// seeded makes a source of a seed the caller gives: inside it the seed is
// no constant, yet every run knows it.
func seeded(seed int64) *rand.Rand { return rand.New(rand.NewSource(seed)) }

// A seed known when the path runs, not where NewSource is called: the
// draws are Go's, as with a constant.
func TestKnownSeedRace(t *testing.T) {
	r := seeded(1)
	c := &counter{}
	done := make(chan bool)
	go func() {
		if pick(r) == 81 {
			c.n++ // want `data race on c.n: .*\(0 preemptions\)`
		}
		done <- true
	}()
	_ = c.n
	<-done
}

// The fixed twin: seed 1's first draw is not 80.
func TestKnownSeedOther(t *testing.T) {
	r := seeded(1)
	c := &counter{}
	done := make(chan bool)
	go func() {
		if pick(r) == 80 {
			c.n++
		}
		done <- true
	}()
	_ = c.n
	<-done
}

// A source seeded with the clock (testing/quick's): its draws are unknown
// values, and the race that does not depend on them is found.
func TestClockSeededRace(t *testing.T) {
	r := rand.New(rand.NewSource(time.Now().UnixNano()))
	k := pick(r)
	c := &counter{}
	done := make(chan bool)
	go func() {
		c.n = k // want `data race on c.n: .*\(0 preemptions\)`
		done <- true
	}()
	_ = c.n
	<-done
}

// The fixed twin: the test waits before it reads.
func TestClockSeededFixed(t *testing.T) {
	r := rand.New(rand.NewSource(time.Now().UnixNano()))
	k := pick(r)
	c := &counter{}
	done := make(chan bool)
	go func() {
		c.n = k
		done <- true
	}()
	<-done
	_ = c.n
}

// The global generator's unbounded draws: no run draws two equal 63-bit
// values, or a chosen one, so kiss reports nothing that needs them (Go's
// math/rand TestSeedNop expects two draws to differ).
func TestWideDrawsDiffer(t *testing.T) {
	done := make(chan [2]int64)
	go func() { done <- [2]int64{rand.Int63(), rand.Int63()} }()
	d := <-done
	if d[0] == d[1] || rand.Float64() == 0.25 {
		t.Fatal("two draws equal")
	}
}

// A bounded draw's values are each drawn by some run: one in ten here.
func TestBoundedDrawHits(t *testing.T) {
	done := make(chan int)
	go func() { done <- rand.Intn(10) }()
	if <-done == 7 {
		t.Fatal("drew 7") // want `test failure: t.Fatal called \(0 preemptions\)`
	}
}

// A source seeded with the clock, drawn through each of math/rand's
// methods that draw again when a draw falls outside the range they map
// evenly (Intn and Int63n's modulo, Perm, Shuffle's Lemire reduction):
// each is one draw of an unknown value that stays in range, so
// the root completes, and the race past the draws is found.
func TestClockSeededSamplersRace(t *testing.T) {
	r := rand.New(rand.NewSource(time.Now().UnixNano()))
	c := &counter{}
	done := make(chan bool)
	go func() {
		c.n = r.Intn(1000) + int(r.Int63n(3)) + r.Perm(2)[0] // want `data race on c.n: .*\(0 preemptions\)`
		s := []int{1, 2, 3}
		r.Shuffle(len(s), func(i, j int) { s[i], s[j] = s[j], s[i] })
		done <- true
	}()
	_ = c.n
	<-done
}

// The fixed twin: the test reads after the goroutine is done.
func TestClockSeededSamplersFixed(t *testing.T) {
	r := rand.New(rand.NewSource(time.Now().UnixNano()))
	c := &counter{}
	done := make(chan bool)
	go func() {
		c.n = r.Intn(1000) + int(r.Int63n(3)) + r.Perm(2)[0]
		s := []int{1, 2, 3}
		r.Shuffle(len(s), func(i, j int) { s[i], s[j] = s[j], s[i] })
		done <- true
	}()
	<-done
	_ = c.n
}

// clockSource is a math/rand/v2 source of the draws of a math/rand
// source seeded with the clock.
type clockSource struct{ r *rand.Rand }

func (s clockSource) Uint64() uint64 { return s.r.Uint64() }

// math/rand/v2 over a source of unknown draws: IntN's Lemire reduction
// (uint64n) draws once.
func TestClockSourceV2Race(t *testing.T) {
	r := randv2.New(clockSource{rand.New(rand.NewSource(time.Now().UnixNano()))})
	c := &counter{}
	done := make(chan bool)
	go func() {
		c.n = r.IntN(1000) // want `data race on c.n: .*\(0 preemptions\)`
		done <- true
	}()
	_ = c.n
	<-done
}

// The fixed twin: the test reads after the goroutine is done.
func TestClockSourceV2Fixed(t *testing.T) {
	r := randv2.New(clockSource{rand.New(rand.NewSource(time.Now().UnixNano()))})
	c := &counter{}
	done := make(chan bool)
	go func() {
		c.n = r.IntN(1000)
		done <- true
	}()
	<-done
	_ = c.n
}

// math/rand/v2's PCG seeded with the clock: its state is unknown, and each
// draw is an unknown value (its 128-bit arithmetic on unknown terms made
// each branch on a draw a solver query that ran out of time).
func TestClockSeededPCGRace(t *testing.T) {
	r := randv2.New(randv2.NewPCG(uint64(time.Now().UnixNano()), 1))
	c := &counter{}
	done := make(chan bool)
	go func() {
		c.n = r.IntN(1000) // want `data race on c.n: .*\(0 preemptions\)`
		done <- true
	}()
	_ = c.n
	<-done
}

// The fixed twin: the test reads after the goroutine is done.
func TestClockSeededPCGFixed(t *testing.T) {
	r := randv2.New(randv2.NewPCG(uint64(time.Now().UnixNano()), 1))
	c := &counter{}
	done := make(chan bool)
	go func() {
		c.n = r.IntN(1000)
		done <- true
	}()
	<-done
	_ = c.n
}

// A PCG of constant seeds draws Go's values: IntN(100) of seeds 1, 2 is
// 76 first, so the goroutine writes.
func TestConstantPCGRace(t *testing.T) {
	r := randv2.New(randv2.NewPCG(1, 2))
	c := &counter{}
	done := make(chan bool)
	go func() {
		if r.IntN(100) == 76 {
			c.n++ // want `data race on c.n: .*\(0 preemptions\)`
		}
		done <- true
	}()
	_ = c.n
	<-done
}

// The fixed twin: the first draw is not 75.
func TestConstantPCGOther(t *testing.T) {
	r := randv2.New(randv2.NewPCG(1, 2))
	c := &counter{}
	done := make(chan bool)
	go func() {
		if r.IntN(100) == 75 {
			c.n++
		}
		done <- true
	}()
	_ = c.n
	<-done
}

// One PCG seeded with the clock drawn by two goroutines: its draws still
// read and write its state as Go's do, and they race.
func TestClockSeededPCGShared(t *testing.T) {
	r := randv2.New(randv2.NewPCG(uint64(time.Now().UnixNano()), 1))
	done := make(chan int)
	go func() { done <- r.IntN(10) }() // want `data race on p.lo: .*\(0 preemptions\)`
	_ = r.IntN(10)
	<-done
}

// The fixed twin: a generator for each goroutine.
func TestClockSeededPCGSeparate(t *testing.T) {
	r := randv2.New(randv2.NewPCG(uint64(time.Now().UnixNano()), 1))
	mine := randv2.New(randv2.NewPCG(uint64(time.Now().UnixNano()), 2))
	done := make(chan int)
	go func() { done <- r.IntN(10) }()
	_ = mine.IntN(10)
	<-done
}

// Two slices of the same bounded draw are equal in every run: string(b)
// of bytes kiss knows only as terms is any string to kiss (it does not
// ask Z3 about their concatenation), so what tells them apart is held
// back, not reported (crypto's mlkem TestEncodeDecode was three false
// failures).
func TestBoundedDrawBytesEqual(t *testing.T) {
	done := make(chan byte)
	go func() { done <- byte(rand.Intn(256)) }()
	c := <-done
	a := []byte{1, c, 3}
	var b []byte
	b = append(b, 1, c, 3)
	if !bytes.Equal(a, b) || string(a) != string(b) {
		t.Error("equal slices differ")
	}
}

// jittered is d moved by up to ±jitter·d, by a draw of r's Float64, as
// retry and backoff libraries compute a sleep.
func jittered(r *rand.Rand, d time.Duration, jitter float64) time.Duration {
	return d + time.Duration((r.Float64()*2-1)*jitter*float64(d))
}

// A clock-seeded source's Float64 is a 63-bit draw over 2^63, in [0, 1]:
// a jitter of factor 0 leaves d as it is, and one of 0.25 keeps it within
// ±25%, whatever the draws, so neither check fails (each was a query Z3
// bit-blasted for most of a second, and the root ran out of time before
// the race past them).
func TestJitteredBackoffRace(t *testing.T) {
	r := rand.New(rand.NewSource(time.Now().UnixNano()))
	c := &counter{}
	done := make(chan bool)
	go func() {
		for i := 0; i < 3; i++ {
			if d := jittered(r, 10*time.Millisecond, 0); d != 10*time.Millisecond {
				t.Errorf("no jitter: %v", d)
			}
			if d := jittered(r, 10*time.Millisecond, 0.25); d < 7500*time.Microsecond || d > 12500*time.Microsecond {
				t.Errorf("jitter 0.25: %v", d)
			}
		}
		c.n++ // want `data race on c.n: .*\(0 preemptions\)`
		done <- true
	}()
	_ = c.n
	<-done
}

// The fixed twin: the test reads after the goroutine is done.
func TestJitteredBackoffFixed(t *testing.T) {
	r := rand.New(rand.NewSource(time.Now().UnixNano()))
	c := &counter{}
	done := make(chan bool)
	go func() {
		for i := 0; i < 3; i++ {
			if d := jittered(r, 10*time.Millisecond, 0); d != 10*time.Millisecond {
				t.Errorf("no jitter: %v", d)
			}
			if d := jittered(r, 10*time.Millisecond, 0.25); d < 7500*time.Microsecond || d > 12500*time.Microsecond {
				t.Errorf("jitter 0.25: %v", d)
			}
		}
		c.n++
		done <- true
	}()
	<-done
	_ = c.n
}
