package metricsdoublelock

import "testing"

func TestObserveNewSeries(t *testing.T) {
	r := NewRegistry()
	r.Observe("latency", 0.25)
	if s := r.series["latency"]; s.n != 1 {
		t.Errorf("n = %d", s.n)
	}
}

func TestObserveNewSeriesFixed(t *testing.T) {
	r := NewRegistryFixed()
	r.Observe("latency", 0.25)
	if s := r.series["latency"]; s.n != 1 {
		t.Errorf("n = %d", s.n)
	}
}
