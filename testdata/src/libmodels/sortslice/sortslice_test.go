package sortslice

import "testing"

func TestRankWhileScoring(t *testing.T) {
	b := &Leaderboard{scores: []int{3, 1, 2}}
	done := make(chan bool)
	go func() {
		b.scores[0] = 5 // want `data race on .*\(0 preemptions\)`
		done <- true
	}()
	b.Rank()
	<-done
}

func TestRankWhileScoringFixed(t *testing.T) {
	b := &Leaderboard{scores: []int{3, 1, 2}}
	done := make(chan bool)
	go func() {
		b.scores[0] = 5
		done <- true
	}()
	<-done
	b.Rank()
	if s := b.scores; s[0] != 2 || s[1] != 1 || s[2] != 5 {
		t.Errorf("ranked %v, want [2 1 5]", s)
	}
}

// The sorts compute Go's order: the test fails on no path.
func TestSorted(t *testing.T) {
	done := make(chan []int)
	go func() { done <- Sorted([]int{4, 2, 9, 1, 2}, false) }()
	s := Sorted([]int{5, 3, 3, 1}, true)
	u := <-done
	if len(s) != 4 || s[0] != 1 || s[1] != 3 || s[3] != 5 {
		t.Errorf("SliceStable gave %v", s)
	}
	if len(u) != 5 || u[0] != 1 || u[1] != 2 || u[2] != 2 || u[4] != 9 {
		t.Errorf("Slice gave %v", u)
	}
}
