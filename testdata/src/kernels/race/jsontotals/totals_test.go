package jsontotals

import (
	"sync"
	"testing"
)

var records = []string{`{"name":"a","bytes":10}`, `{"name":"b","bytes":32}`}

func TestTotals(t *testing.T) {
	var tot Totals
	var wg sync.WaitGroup
	for _, rec := range records {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := tot.Add([]byte(rec)); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if tot.bytes != 42 {
		t.Errorf("bytes = %d, want 42", tot.bytes)
	}
}

func TestTotalsFixed(t *testing.T) {
	var tot Totals
	var wg sync.WaitGroup
	for _, rec := range records {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := tot.AddFixed([]byte(rec)); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if tot.bytes != 42 {
		t.Errorf("bytes = %d, want 42", tot.bytes)
	}
}
