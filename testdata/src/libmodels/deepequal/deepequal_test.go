package deepequal

import (
	"reflect"
	"sync"
	"testing"
)

func TestConcurrentUpdates(t *testing.T) {
	s := &Store{cfg: Config{Host: "db", Port: 5432}}
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); s.Update(func(c *Config) { c.Port = 6432 }) }()
	go func() { defer wg.Done(); s.Update(func(c *Config) { c.Retries[0] = 3 }) }()
	wg.Wait()
	want := Config{Host: "db", Port: 6432, Retries: [2]int{3, 0}}
	if got := s.Get(); !reflect.DeepEqual(got, want) {
		t.Errorf("config %+v, want %+v", got, want) // want `test failure: .*\(1 preemption\)`
	}
}

func TestConcurrentUpdatesFixed(t *testing.T) {
	s := &Store{cfg: Config{Host: "db", Port: 5432}}
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); s.UpdateFixed(func(c *Config) { c.Port = 6432 }) }()
	go func() { defer wg.Done(); s.UpdateFixed(func(c *Config) { c.Retries[0] = 3 }) }()
	wg.Wait()
	want := Config{Host: "db", Port: 6432, Retries: [2]int{3, 0}}
	if got := s.Get(); !reflect.DeepEqual(got, want) {
		t.Errorf("config %+v, want %+v", got, want)
	}
}

// Two workers append their entries under a lock; the test wants them in
// the order it started them. DeepEqual of two []entry, structs with a
// slice, a pointer and a map of interfaces inside, is computed part by part: the order where the second
// worker appends first fails.
func TestWorkersInOrder(t *testing.T) {
	var mu sync.Mutex
	var got []entry
	var wg sync.WaitGroup
	for _, name := range []string{"a", "b"} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mu.Lock()
			got = append(got, entry{name, []string{name}, &name, map[string]any{"name": name}})
			mu.Unlock()
		}()
	}
	wg.Wait()
	a, b := "a", "b"
	if !reflect.DeepEqual(got, []entry{{"a", []string{"a"}, &a, map[string]any{"name": "a"}}, {"b", []string{"b"}, &b, map[string]any{"name": "b"}}}) {
		t.Error("got", got) // want `test failure: .*\(0 preemptions\)`
	}
}

type entry struct {
	Name string
	Tags []string
	Ref  *string
	Meta map[string]any
}

// Each worker writes its own element: the order does not matter.
func TestWorkersInOrderFixed(t *testing.T) {
	got := make([]entry, 2)
	var wg sync.WaitGroup
	for i, name := range []string{"a", "b"} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got[i] = entry{name, []string{name}, &name, map[string]any{"name": name}}
		}()
	}
	wg.Wait()
	a, b := "a", "b"
	ma, mb := map[string]any{"name": "a"}, map[string]any{"name": "b"}
	if !reflect.DeepEqual(got, []entry{{"a", []string{"a"}, &a, ma}, {"b", []string{"b"}, &b, mb}}) ||
		reflect.DeepEqual(got, []entry{{"a", []string{"a"}, &a, ma}, {"b", nil, &b, mb}}) ||
		reflect.DeepEqual(got, []entry{{"a", []string{"a"}, &a, ma}, {"b", []string{"b"}, nil, mb}}) ||
		reflect.DeepEqual(got, []entry{{"a", []string{"a"}, &a, ma}, {"b", []string{"b"}, &b, map[string]any{"name": 2}}}) ||
		reflect.DeepEqual([]string{}, []string(nil)) || !reflect.DeepEqual([]int(nil), []int(nil)) {
		t.Error("got", got)
	}
}

// Two workers count one word each, reading and writing the tally in two
// locked steps: one count is lost where the second reads between the
// first's read and write. DeepEqual of two map[string]int is computed.
func TestTallyLostUpdate(t *testing.T) {
	tally := map[string]int{}
	var mu sync.Mutex
	var wg sync.WaitGroup
	for _, w := range []string{"x", "x"} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mu.Lock()
			n := tally[w]
			mu.Unlock()
			mu.Lock()
			tally[w] = n + 1
			mu.Unlock()
		}()
	}
	wg.Wait()
	if !reflect.DeepEqual(tally, map[string]int{"x": 2}) {
		t.Error("tally", tally) // want `test failure: .*\(1 preemption\)`
	}
}

func TestTallyLostUpdateFixed(t *testing.T) {
	tally := map[string]int{}
	var mu sync.Mutex
	var wg sync.WaitGroup
	for _, w := range []string{"x", "x"} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mu.Lock()
			tally[w]++
			mu.Unlock()
		}()
	}
	wg.Wait()
	if !reflect.DeepEqual(tally, map[string]int{"x": 2}) || reflect.DeepEqual(tally, map[string]int{"x": 2, "y": 0}) ||
		reflect.DeepEqual(map[string]int{}, map[string]int(nil)) {
		t.Error("tally", tally)
	}
}

// DeepEqual of values with channels inside is an answer kiss does not
// compute: the failure below, which needs it to say false, is not
// reported (Go would not fail here either).
func TestDeepEqualOfSlicesHeldBack(t *testing.T) {
	var mu sync.Mutex
	var got []chan int
	ch := make(chan int)
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		mu.Lock()
		got = append(got, ch)
		mu.Unlock()
	}()
	wg.Wait()
	if !reflect.DeepEqual(got, []chan int{ch}) {
		t.Error("got", got)
	}
}
