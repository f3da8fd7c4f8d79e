package schedule

import (
	"bytes"
	"strings"
	"testing"
)

const good = `{"kiss": 1, "package": "example.com/p", "root": "TestTransfer", "check": "deadlock",
 "preemptions": 1, "message": "no goroutine can run",
 "goroutines": [{"id": 0, "start": "root"}, {"id": 1, "start": "p_test.go:31:2", "parent": 0}],
 "steps": [{"g": 0, "op": "lock", "pos": "p_test.go:20:9"}, {"g": 1, "op": "lock", "pos": "p_test.go:40:9", "preempt": true}]}`

func TestRoundTrip(t *testing.T) {
	s, err := Decode(strings.NewReader(good))
	if err != nil {
		t.Fatal(err)
	}
	if s.Check != "deadlock" || len(s.Steps) != 2 || !s.Steps[1].Preempt || *s.Goroutines[1].Parent != 0 {
		t.Fatalf("decoded %+v", s)
	}
	var buf bytes.Buffer
	if err := Encode(&buf, s); err != nil {
		t.Fatal(err)
	}
	s2, err := Decode(&buf)
	if err != nil {
		t.Fatalf("re-decode: %v\n%s", err, buf.String())
	}
	if s2.String() != s.String() {
		t.Fatalf("steps differ:\n%s\n%s", s.String(), s2.String())
	}
	if got, want := s.Steps[1].Text(2, false), "step 2: goroutine 1 lock (preemption)"; got != want {
		t.Errorf("Text = %q, want %q", got, want)
	}
	if got, want := s.Steps[1].Text(2, true), "step 2: goroutine 1 lock at p_test.go:40:9 (preemption)"; got != want {
		t.Errorf("Text = %q, want %q", got, want)
	}
	if got, want := s.Steps[1].Text(0, true), "goroutine 1 lock at p_test.go:40:9 (preemption)"; got != want {
		t.Errorf("Text = %q, want %q", got, want)
	}
}

func TestRejects(t *testing.T) {
	for _, c := range []struct{ edit, want string }{
		{`"kiss": 1`, `"kiss": 2`},
		{`"kiss": 1, `, ``},
		{`"check": "deadlock"`, `"check": "livelock"`},
		{`"check": "deadlock"`, `"check": "deadlock", "base": "assert"`},
		{`"check": "deadlock"`, `"check": "timing", "base": "timing"`},
		{`"check": "deadlock"`, `"check": "timing", "base": "livelock"`},
		{`{"id": 1, "start"`, `{"id": 2, "start"`},
		{`"start": "root"`, `"start": "main"`},
		{`"start": "p_test.go:31:2"`, `"start": "somewhere"`},
		{`{"g": 1, "op"`, `{"g": 5, "op"`},
		{`"preemptions": 1`, `"preemptions": 0`},
		{`"root": "TestTransfer", `, `"root": "TestTransfer", "color": "red", `},
		{`"parent": 0`, `"parent": 1`},
		{`"op": "lock", "pos": "p_test.go:20:9"`, `"op": "", "pos": "p_test.go:20:9"`},
		{`"op": "lock", "pos": "p_test.go:20:9"`, `"op": "lock\n", "pos": "p_test.go:20:9"`},
		{`"pos": "p_test.go:20:9"`, `"pos": "p_test.go\t:20:9"`},
		{`"pos": "p_test.go:20:9"`, `"pos": "p_test.go:20:9", "case": -2`},
		{`"root": "TestTransfer"`, `"root": "TestTransfer\u2028"`},
		{`"package": "example.com/p"`, `"package": "./..."`},
		{`"package": "example.com/p"`, `"package": "all"`},
		{`"package": "example.com/p"`, `"package": "example.com/p@latest"`},
		{`"package": "example.com/p"`, `"package": "-exec=x"`},
		{`"package": "example.com/p"`, `"package": "/abs/p"`},
		{`"package": "example.com/p"`, `"package": "example.com/../p"`},
		{`"package": "example.com/p"`, `"package": "file=p.go"`},
	} {
		src := strings.Replace(good, c.edit, c.want, 1)
		if src == good {
			t.Fatalf("edit %q did not apply", c.edit)
		}
		if _, err := Decode(strings.NewReader(src)); err == nil {
			t.Errorf("accepted a schedule with %s", c.want)
		} else if !strings.HasPrefix(err.Error(), "schedule: ") {
			t.Errorf("error %q does not say it is about the schedule", err)
		}
	}
	for _, tail := range []string{good, "}", "]", " x"} {
		if _, err := Decode(strings.NewReader(good + tail)); err == nil {
			t.Errorf("accepted trailing %q", tail)
		}
	}
	if _, err := Decode(strings.NewReader(good + " \n\t")); err != nil {
		t.Errorf("trailing white space: %v", err)
	}
	if _, err := Decode(strings.NewReader(`{"kiss": 1,`)); err == nil {
		t.Error("accepted truncated JSON")
	}
}

// The fields replay reads: a select's case, the blocked goroutines of a
// deadlock, a race's two accesses, a panic's value.
func TestReplayFields(t *testing.T) {
	src := strings.Replace(good, `"preempt": true}]}`, `"preempt": true, "case": 0}],
 "blocked": [{"g": 0, "op": "lock", "pos": "p_test.go:20:9"}]}`, 1)
	s, err := Decode(strings.NewReader(src))
	if err != nil {
		t.Fatal(err)
	}
	if s.Steps[1].Case == nil || *s.Steps[1].Case != 0 || len(s.Blocked) != 1 || s.Blocked[0].Pos != "p_test.go:20:9" {
		t.Fatalf("decoded %+v", s)
	}
	race := strings.Replace(good, `"check": "deadlock"`, `"check": "race"`, 1)
	race = strings.Replace(race, `"preempt": true}]}`, `"preempt": true}],
 "race": {"first": {"g": 0, "access": "write", "pos": "p.go:3:4"}, "second": {"g": 1, "access": "read", "pos": "p.go:5:6"}}}`, 1)
	s, err = Decode(strings.NewReader(race))
	if err != nil {
		t.Fatal(err)
	}
	if s.Race == nil || s.Race.First.Access != "write" || s.Race.Second.G != 1 {
		t.Fatalf("decoded race %+v", s.Race)
	}
	pan := strings.Replace(good, `"check": "deadlock"`, `"check": "panic"`, 1)
	pan = strings.Replace(pan, `"message": "no goroutine can run"`,
		`"message": "panic: send on closed channel (1 preemption)", "panic": "send on closed channel"`, 1)
	s, err = Decode(strings.NewReader(pan))
	if err != nil {
		t.Fatal(err)
	}
	if s.Panic != "send on closed channel" {
		t.Fatalf("decoded panic %q", s.Panic)
	}
	for _, bad := range []string{
		strings.Replace(pan, `"check": "panic"`, `"check": "deadlock"`, 1),
		strings.Replace(race, `"g": 1, "access"`, `"g": 7, "access"`, 1),
		strings.Replace(race, `"pos": "p.go:5:6"`, `"pos": "there"`, 1),
		strings.Replace(race, `"check": "race"`, `"check": "deadlock"`, 1),
		strings.Replace(src, `"blocked": [{"g": 0`, `"blocked": [{"g": 9`, 1),
	} {
		if _, err := Decode(strings.NewReader(bad)); err == nil {
			t.Errorf("accepted:\n%s", bad)
		}
	}
}

// endless is an endless stream of spaces.
type endless struct{}

func (endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = ' '
	}
	return len(p), nil
}

// TestLimits: an endless file is refused after MaxSize bytes, and a
// schedule with more steps or goroutines than the limits is refused.
func TestLimits(t *testing.T) {
	if _, err := Decode(endless{}); err == nil || !strings.Contains(err.Error(), "larger than") {
		t.Errorf("endless file: %v", err)
	}
	s, err := Decode(strings.NewReader(good))
	if err != nil {
		t.Fatal(err)
	}
	many := *s
	many.Steps = make([]Step, MaxSteps+1)
	for i := range many.Steps {
		many.Steps[i] = Step{G: 0, Op: "send"}
	}
	many.Preemptions = 0
	if err := many.Validate(); err == nil || !strings.Contains(err.Error(), "steps, more than") {
		t.Errorf("%d steps: %v", len(many.Steps), err)
	}
	many = *s
	many.Goroutines = make([]Goroutine, MaxGoroutines+1)
	for i := range many.Goroutines {
		many.Goroutines[i] = Goroutine{ID: i, Start: "p.go:1:1"}
	}
	many.Goroutines[0].Start = "root"
	if err := many.Validate(); err == nil || !strings.Contains(err.Error(), "goroutines, more than") {
		t.Errorf("%d goroutines: %v", len(many.Goroutines), err)
	}
}
