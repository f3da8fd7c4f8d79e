package jobwaitif

import "testing"

func TestJobWait(t *testing.T) {
	j := NewJob()
	go j.Run()
	if got := j.Wait(); got != 42 {
		t.Errorf("Wait() = %d, want 42", got) // want `test failure: .*\(1 preemption\)`
	}
}

func TestJobWaitFixed(t *testing.T) {
	j := NewJobFixed()
	go j.Run()
	if got := j.Wait(); got != 42 {
		t.Errorf("Wait() = %d, want 42", got)
	}
}
