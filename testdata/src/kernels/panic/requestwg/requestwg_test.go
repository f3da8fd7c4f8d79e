package requestwg

import "testing"

func TestRequestCancelRace(t *testing.T) {
	r := NewRequest()
	handled := make(chan struct{})
	go func() {
		r.Finish()
		close(handled)
	}()
	r.Cancel()
	r.Wait()
	<-handled
}

func TestRequestCancelRaceFixed(t *testing.T) {
	r := NewRequestFixed()
	handled := make(chan struct{})
	go func() {
		r.Finish()
		close(handled)
	}()
	r.Cancel()
	r.Wait()
	<-handled
}
