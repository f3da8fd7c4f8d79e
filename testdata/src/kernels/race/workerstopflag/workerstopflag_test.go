package workerstopflag

import "testing"

func TestWorkerStop(t *testing.T) {
	w := NewWorker()
	go w.Run()
	w.jobs <- 1
	w.Stop()
	w.jobs <- 2
	close(w.jobs)
	<-w.done
}

func TestWorkerStopFixed(t *testing.T) {
	w := NewWorkerFixed()
	go w.Run()
	w.jobs <- 1
	w.Stop()
	w.jobs <- 2
	close(w.jobs)
	<-w.done
	w.mu.Lock()
	defer w.mu.Unlock()
	// Job 1 may be checked before or after Stop; job 2 is always dropped.
	if len(w.processed)+w.dropped != 2 || w.dropped < 1 {
		t.Errorf("processed %v, dropped %d", w.processed, w.dropped)
	}
}
