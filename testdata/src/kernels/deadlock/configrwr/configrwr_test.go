package configrwr

import (
	"sync"
	"testing"
)

func TestConfigSnapshotDuringReload(t *testing.T) {
	c := NewConfig()
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		c.Reload(map[string]string{"addr": ":9090", "mode": "prod"})
	}()
	if s := c.Snapshot(); s != ":8080/prod" && s != ":9090/prod" {
		t.Errorf("inconsistent snapshot %q", s)
	}
	wg.Wait()
}

func TestConfigSnapshotDuringReloadFixed(t *testing.T) {
	c := NewConfigFixed()
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		c.Reload(map[string]string{"addr": ":9090", "mode": "prod"})
	}()
	if s := c.Snapshot(); s != ":8080/prod" && s != ":9090/prod" {
		t.Errorf("inconsistent snapshot %q", s)
	}
	wg.Wait()
}
