package fixturehelper

import "testing"

func newFixture() []int {
	in, out := make(chan int, 2), make(chan int)
	in <- 1
	in <- 2
	close(in)
	go stage(in, out)
	var got []int
	for v := range out { // want `deadlock: .*\(0 preemptions\)`
		got = append(got, v)
	}
	return got
}

func newFixtureFixed() []int {
	in, out := make(chan int, 2), make(chan int)
	in <- 1
	in <- 2
	close(in)
	go stageFixed(in, out)
	var got []int
	for v := range out {
		got = append(got, v)
	}
	return got
}

func TestFixture(t *testing.T) {
	if len(newFixture()) != 2 {
		t.Error("values")
	}
}

func TestFixtureFixed(t *testing.T) {
	if len(newFixtureFixed()) != 2 {
		t.Error("values")
	}
}
