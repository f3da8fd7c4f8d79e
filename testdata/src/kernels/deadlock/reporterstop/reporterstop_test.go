package reporterstop

import (
	"context"
	"testing"
)

func TestReporterStop(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	r := NewReporter(cancel)
	go r.Run(ctx)
	r.Report("deployed")
	r.Stop()
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.sent) != 1 {
		t.Errorf("sent %v", r.sent)
	}
}

func TestReporterStopFixed(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	r := NewReporterFixed(cancel)
	go r.Run(ctx)
	r.Report("deployed")
	r.Stop()
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.sent) != 1 {
		t.Errorf("sent %v", r.sent)
	}
}
