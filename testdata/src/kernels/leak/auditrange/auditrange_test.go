package auditrange

import "testing"

func TestAuditLogClose(t *testing.T) {
	a := NewAuditLog()
	go a.Writer()
	for _, e := range []string{"login alice", "delete bucket"} {
		if err := a.Record(e); err != nil {
			t.Fatal(err)
		}
	}
	a.Close()
	if err := a.Record("late"); err != ErrClosed {
		t.Errorf("Record after Close: %v", err)
	}
}

func TestAuditLogCloseFixed(t *testing.T) {
	a := NewAuditLogFixed()
	go a.Writer()
	for _, e := range []string{"login alice", "delete bucket"} {
		if err := a.Record(e); err != nil {
			t.Fatal(err)
		}
	}
	a.Close()
	if err := a.Record("late"); err != ErrClosed {
		t.Errorf("Record after Close: %v", err)
	}
}
