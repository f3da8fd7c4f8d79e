package schedule

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// seeds are schedules as kiss writes them, one per check and per optional
// field, and hostile ones: FuzzDecode starts from them.
func seeds() [][]byte {
	zero, one, dflt := 0, 1, -1
	valid := []*Schedule{
		{Kiss: 1, Package: "example.com/p", Root: "TestTransfer", Check: "deadlock", Preemptions: 1, Message: "no goroutine can run",
			Pos:        "p.go:21:12",
			Goroutines: []Goroutine{{ID: 0, Start: "root"}, {ID: 1, Start: "p_test.go:31:2", Parent: &zero}},
			Steps: []Step{{G: 0, Op: "go", Pos: "p_test.go:31:2"}, {G: 0, Op: "lock", Pos: "p.go:20:9"},
				{G: 1, Op: "lock", Pos: "p.go:20:9", Preempt: true, Blocks: true}, {G: 0, Op: "lock", Pos: "p.go:21:12", Blocks: true}},
			Blocked: []Blocked{{G: 0, Op: "lock", Pos: "p.go:21:12"}, {G: 1, Op: "lock", Pos: "p.go:20:9"}}},
		{Kiss: 1, Package: "example.com/shop/shop", Root: "TestSales", Check: "race", Message: "data race on s.total",
			Goroutines: []Goroutine{{ID: 0, Start: "root"}, {ID: 1, Start: "shop_test.go:12:2", Parent: &zero}, {ID: 2, Start: "shop_test.go:13:2", Parent: &zero}},
			Steps: []Step{{G: 0, Op: "go", Pos: "shop_test.go:12:2"}, {G: 0, Op: "go", Pos: "shop_test.go:13:2"},
				{G: 1, Op: "atomic.add", Pos: "shop.go:26:2"}},
			Race: &Race{First: Access{G: 1, Access: "write", Pos: "shop.go:27:34"}, Second: Access{G: 2, Access: "atomic read", Pos: "shop.go:27:34"}}},
		{Kiss: 1, Package: "example.com/m/p_test", Root: "TestClose", Check: "panic", Message: "close of closed channel", Pos: "x_test.go:9:8",
			Panic:      "close of closed channel",
			Goroutines: []Goroutine{{ID: 0, Start: "root"}, {ID: 1, Start: "x_test.go:5:2", Parent: &zero}, {ID: 2, Start: "x_test.go:6:14", Parent: &one}},
			Steps: []Step{{G: 0, Op: "go", Pos: "x_test.go:5:2"}, {G: 1, Op: "select", Pos: "x_test.go:7:3", Case: &dflt},
				{G: 1, Op: "select", Pos: "x_test.go:8:3", Case: &one}, {G: 2, Op: "timer.fire"}, {G: 0, Op: "resume", Preempt: true},
				{G: 0, Op: "close", Pos: "x_test.go:9:8"}},
			Preemptions: 1, Inputs: []Input{{Name: "n", Value: "3"}}},
		{Kiss: 1, Package: "example.com/p", Root: "TestFlaky", Check: "assert", Message: "t.Errorf reached", Pos: "p_test.go:40:3",
			Goroutines: []Goroutine{{ID: 0, Start: "root"}}, Steps: []Step{}},
		{Kiss: 1, Package: "example.com/p", Root: "(*Server).Serve", Check: "leak", Message: "goroutine 1 leaks",
			Goroutines: []Goroutine{{ID: 0, Start: "root"}, {ID: 1, Start: "p.go:3:2"}},
			Steps:      []Step{{G: 1, Op: "t.run", Pos: "p.go:4:2"}, {G: 1, Op: "recv", Pos: "p.go:5:2", Blocks: true}}},
		{Kiss: 1, Package: "example.com/p", Root: "TestTicker", Check: "timing", Message: "the timer overtakes goroutine 1",
			Goroutines: []Goroutine{{ID: 0, Start: "root"}}, Steps: []Step{{G: 0, Op: "timer.early", Pos: "p.go:9:7"}}},
	}
	var out [][]byte
	for _, s := range valid {
		var b bytes.Buffer
		if err := Encode(&b, s); err != nil {
			panic(fmt.Sprintf("seed %s: %v", s.Root, err))
		}
		out = append(out, b.Bytes())
	}
	good := string(out[0])
	for _, c := range []struct{ old, new string }{
		{`"pos": "p.go:20:9"`, `"pos": "p.go:x:9"`},
		{`"pos": "p.go:20:9"`, `"pos": "../../../etc/x.go:1:1"`},
		{`"pos": "p.go:20:9"`, `"pos": "/abs/path.go:1:1"`},
		{`"pos": "p.go:20:9"`, `"pos": "p.go:99999999999999999999999:1"`},
		{`"pos": "p.go:20:9"`, `"pos": "p\r.go:20:9"`},
		{`"start": "p_test.go:31:2"`, `"start": "C:\\x.go:1:1"`},
		{`"op": "lock"`, `"op": "teleport"`},
		{`"op": "lock"`, `"op": "lock\nstep 9: goroutine 0 send"`},
		{`"op": "lock"`, `"op": "LOCK"`},
		{`"g": 1`, `"g": -1`},
		{`"g": 1`, `"g": 9223372036854775807`},
		{`"g": 1`, `"g": 99999999999999999999999`},
		{`"g": 1`, `"g": 1e3`},
		{`"parent": 0`, `"parent": -5`},
		{`"id": 1`, `"id": 2147483648`},
		{`"package": "example.com/p"`, `"package": "./..."`},
		{`"package": "example.com/p"`, `"package": "std"`},
		{`"package": "example.com/p"`, `"package": "-toolexec=rm"`},
		{`"package": "example.com/p"`, `"package": "example.com/p@v1.0.0"`},
		{`"package": "example.com/p"`, `"package": "../../etc"`},
		{`"package": "example.com/p"`, `"package": "file=/etc/passwd"`},
		{`"root": "TestTransfer"`, `"root": "TestX\nkiss: all good"`},
		{`"preemptions": 1`, `"preemptions": -1`},
		{`"kiss": 1`, `"kiss": 2`},
		{`"check": "deadlock"`, `"check": "race"`},
		{`"message": "no goroutine can run"`, `"message": "two\nlines"`},
	} {
		if !strings.Contains(good, c.old) {
			panic("seed edit does not apply: " + c.old)
		}
		out = append(out, []byte(strings.Replace(good, c.old, c.new, 1)))
	}
	// huge step arrays, deep nesting, trailing data, not JSON at all
	var many strings.Builder
	many.WriteString(`{"kiss": 1, "package": "p", "root": "TestX", "check": "leak", "goroutines": [{"id": 0, "start": "root"}], "steps": [`)
	for i := 0; i < 1000; i++ { // TestLimits tries more than MaxSteps
		if i > 0 {
			many.WriteByte(',')
		}
		many.WriteString(`{"g": 0, "op": "send", "pos": "p.go:1:1"}`)
	}
	many.WriteString(`]}`)
	out = append(out,
		[]byte(many.String()),
		// deeper than encoding/json's limit of 10000
		[]byte(`{"kiss": 1, "steps": `+strings.Repeat("[", 10001)+strings.Repeat("]", 10001)+`}`),
		[]byte(`{"kiss": 1, "inputs": [{"name": `+strings.Repeat(`{"a": `, 2000)+`0`+strings.Repeat(`}`, 2000)+`}]}`),
		[]byte(good+"}"),
		[]byte(good+"]"),
		[]byte(good+good),
		[]byte(`{"kiss": 1, "kiss": 1, "goroutines": null, "steps": null}`),
		[]byte(`null`),
		[]byte(``),
		[]byte("\xff\xfe{"),
	)
	return out
}

// FuzzDecode: Decode never panics; an error is one line and, being about
// the file, says "schedule: "; a schedule it accepts encodes and decodes
// again to an equal schedule.
func FuzzDecode(f *testing.F) {
	for _, s := range seeds() {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := Decode(bytes.NewReader(data))
		if err != nil {
			if s != nil {
				t.Fatalf("Decode returned a schedule and an error %v", err)
			}
			if msg := err.Error(); strings.ContainsAny(msg, "\n\r") || !strings.HasPrefix(msg, "schedule: ") {
				t.Fatalf("error is not one line starting with \"schedule: \": %q", msg)
			}
			return
		}
		var b bytes.Buffer
		if err := Encode(&b, s); err != nil {
			t.Fatalf("Encode of a decoded schedule: %v", err)
		}
		s2, err := Decode(bytes.NewReader(b.Bytes()))
		if err != nil {
			t.Fatalf("the encoded schedule does not decode: %v\n%s", err, b.Bytes())
		}
		if !reflect.DeepEqual(normal(s), normal(s2)) {
			t.Fatalf("decode(encode(s)) differs from s:\n%s\n%s", js(s), js(s2))
		}
		_ = s.String()
	})
}

// normal is s with its empty lists nil: Encode leaves out an empty list
// marked omitempty, which decodes as nil.
func normal(s *Schedule) *Schedule {
	c := *s
	if len(c.Inputs) == 0 {
		c.Inputs = nil
	}
	if len(c.Blocked) == 0 {
		c.Blocked = nil
	}
	return &c
}

func js(s *Schedule) string {
	b, _ := json.Marshal(s)
	return string(b)
}
