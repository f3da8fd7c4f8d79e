package replay

import (
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/gokiss/kiss/analyzer/schedule"
)

// TestInstrumentKeepsPositions: the instrumented copies compile to the
// same positions: every identifier of an original file is found, with its
// name, at its original line and column in the copy (through the /*line*/
// directives), and the copy mentions the scheduler.
func TestInstrumentKeepsPositions(t *testing.T) {
	dir, _ := filepath.Abs(filepath.Join("..", "..", "testdata", "examples"))
	sch := &schedule.Schedule{Kiss: 1, Package: "example.com/shop/shop", Root: "TestSales", Check: "race",
		Goroutines: []schedule.Goroutine{{ID: 0, Start: "root"}},
		Race: &schedule.Race{First: schedule.Access{G: 1, Access: "write", Pos: "shop.go:27:34"},
			Second: schedule.Access{G: 2, Access: "read", Pos: "shop.go:27:34"}}}
	work := t.TempDir()
	prep, err := instrument(sch, dir, work)
	if err != nil {
		t.Fatal(err)
	}
	overlay, pkgDir := prep.overlay, prep.dir
	data, err := os.ReadFile(overlay)
	if err != nil {
		t.Fatal(err)
	}
	var ov struct{ Replace map[string]string }
	if err := json.Unmarshal(data, &ov); err != nil {
		t.Fatal(err)
	}
	checked := 0
	for orig, copyPath := range ov.Replace {
		if strings.HasPrefix(filepath.Base(orig), "kiss_replay_") {
			continue
		}
		if filepath.Dir(orig) != pkgDir {
			t.Errorf("%s is not in %s", orig, pkgDir)
		}
		want := idents(t, orig)
		got := map[string]bool{}
		for _, id := range idents(t, copyPath) {
			got[id] = true
		}
		for _, id := range want {
			// the method of a call replaced by a hook (mu.Lock() becomes
			// KissReplayLock(pos, &mu)) is gone, on purpose
			if strings.HasPrefix(id, "Lock@") || strings.HasPrefix(id, "Unlock@") || strings.HasPrefix(id, "Wait@") {
				continue
			}
			if !got[id] {
				t.Errorf("%s: identifier %s lost its position in the copy", filepath.Base(orig), id)
			}
		}
		src, _ := os.ReadFile(copyPath)
		if !strings.Contains(string(src), "KissReplay") {
			t.Errorf("%s: no hook", filepath.Base(orig))
		}
		checked++
	}
	if checked != 2 {
		t.Errorf("%d files instrumented, want 2 (shop.go, shop_test.go)", checked)
	}
}

// TestInstrumentCompiles: the copies of a package full of shapes the
// hooks must keep valid Go (selects of one case, a racing access in a
// select case's communication, deferred methods with results, method
// values, random draws whose results the schedule gives) in a module that
// says go 1.13 compile, and run.
func TestInstrumentCompiles(t *testing.T) {
	dir, _ := filepath.Abs(filepath.Join("testdata", "shapes"))
	sch := &schedule.Schedule{Kiss: 1, Package: "example.com/shapes/shapes", Root: "TestShapes", Check: "race",
		Goroutines: []schedule.Goroutine{{ID: 0, Start: "root"}},
		Race: &schedule.Race{First: schedule.Access{G: 0, Access: "write", Pos: "shapes.go:37:7"},
			Second: schedule.Access{G: 0, Access: "read", Pos: "shapes.go:37:7"}},
		Inputs: []schedule.Input{{Name: "math/rand.Intn", Value: "0", Pos: "shapes.go:54:15"}, {Name: "math/rand.Intn", Value: "1", Pos: "shapes.go:58:18"}}}
	work := t.TempDir()
	prep, err := instrument(sch, dir, work)
	if err != nil {
		t.Fatal(err)
	}
	overlay, pkgDir := prep.overlay, prep.dir
	cmd := exec.Command("go", "test", "-count=1", "-overlay="+overlay, "-vet=off", "-run=^TestShapes$", ".")
	cmd.Dir = pkgDir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("the instrumented package does not build and pass: %v\n%s", err, out)
	}
	// each shape got its hook
	data, err := os.ReadFile(overlay)
	if err != nil {
		t.Fatal(err)
	}
	var ov struct{ Replace map[string]string }
	if err := json.Unmarshal(data, &ov); err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile(ov.Replace[filepath.Join(pkgDir, "shapes.go")])
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`KissReplayAt("recv", "shapes.go:24:12"`, `KissReplayAt("send", "shapes.go:31:12"`,
		`KissReplayCallR("timer.stop"`, `KissReplayUnlock("shapes.go:45:2"`, `KissReplayValue("math/rand.Intn", "shapes.go:54:15"`,
		`KissReplayAccess("shapes.go:37:7"); `, "//go:build go1.21 && (!plan9)"} {
		if !strings.Contains(string(src), want) {
			t.Errorf("the copy lacks %s", want)
		}
	}
	// go b.mu.Unlock(): the unlock is the new goroutine's step
	if !regexp.MustCompile(`go func\(\) \{ kissreplaysched\.KissReplayStart\(kissReplayID\); defer kissreplaysched\.KissReplayExit\(\); [^\n]*kissreplaysched\.KissReplayUnlock\("shapes.go:70:16"`).Match(src) {
		t.Errorf("the unlock of go b.mu.Unlock() is not hooked in the new goroutine")
	}
}

// idents lists "name@file:line:col" for every identifier of a file, with
// the positions its line directives give.
func idents(t *testing.T, path string) []string {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, nil, parser.ParseComments)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	var ids []string
	ast.Inspect(f, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && !strings.HasPrefix(id.Name, "KissReplay") && !strings.HasPrefix(id.Name, "kissReplay") {
			p := fset.Position(id.Pos())
			ids = append(ids, fmt.Sprintf("%s@%s:%d:%d", id.Name, filepath.Base(p.Filename), p.Line, p.Column))
		}
		return true
	})
	return ids
}

// TestParseStacks reads a traceback as the runtime prints it.
func TestParseStacks(t *testing.T) {
	dump := `goroutine 10 [sync.Mutex.Lock, synctest bubble 1]:
internal/sync.runtime_SemacquireMutex(0xc000012345?, 0x0?, 0x0?)
	/usr/local/go/src/runtime/sema.go:95 +0x25
sync.(*Mutex).Lock(...)
	/usr/local/go/src/sync/mutex.go:46
example.com/shop/shop.Move(0xc0000a0000, 0xc0000a0010, {0x5c1234, 0x4}, 0x1)
	/m/shop/shop.go:21 +0x9c
example.com/shop/shop.KissReplayCall0(...)
	/m/shop/kiss_replay_scheduler.go:300 +0x20
created by example.com/shop/shop.TestRebalance in goroutine 9
	/m/shop/shop_test.go:12 +0x1a5

goroutine 11 [chan send (durable), synctest bubble 1]:
example.com/shop/shop.(*Stock).Lookup.func1()
	/m/shop/shop.go:37 +0x85
`
	gs := parseStacks(dump)
	if len(gs) != 2 || gs[0].id != "10" || gs[1].status != "chan send (durable), synctest bubble 1" {
		t.Fatalf("parsed %+v", gs)
	}
	if f := gs[0].userFrame("/m/shop"); f != "shop.go:21" {
		t.Errorf("user frame %q, want shop.go:21", f)
	}
	if f := gs[1].userFrame("/m/shop"); f != "shop.go:37" {
		t.Errorf("user frame %q, want shop.go:37", f)
	}
	// a line of another package's file, as kiss's schedule names a panic
	// inside code the test calls
	for at, want := range map[string]bool{"sync/mutex.go:46": true, "internal/sync/mutex.go:46": true, "sync/mutex.go:47": false, "runtime/mutex.go:46": false, "mutex.go:46": false} {
		if got := gs[0].hasFrameAt(at); got != want {
			t.Errorf("hasFrameAt(%q) = %v, want %v", at, got, want)
		}
	}
}

// TestBlockedAtEnd: without a "blocked" list, the goroutines blocked at
// the end are those whose last step blocks, in goroutine order.
func TestBlockedAtEnd(t *testing.T) {
	sch := &schedule.Schedule{Goroutines: make([]schedule.Goroutine, 4), Steps: []schedule.Step{
		{G: 2, Op: "recv", Pos: "p.go:1:1", Blocks: true}, {G: 0, Op: "lock", Pos: "p.go:2:1", Blocks: true},
		{G: 1, Op: "send", Pos: "p.go:3:1", Blocks: true}, {G: 1, Op: "unlock", Pos: "p.go:4:1"}}}
	got := fmt.Sprint(blockedAtEnd(sch))
	if want := "[{0 lock p.go:2:1} {2 recv p.go:1:1}]"; got != want {
		t.Errorf("blockedAtEnd = %s, want %s", got, want)
	}
}

// TestInstrumentGenericGo: a go statement calling a generic function whose
// type arguments the call infers (concurrent-map's go fanIn(chans, ch))
// stays valid Go: the callee cannot be a value of its own, so the new
// goroutine calls it. (The copy did not build, and every finding of such
// a package was dropped as not replaying.)
func TestInstrumentGenericGo(t *testing.T) {
	dir := t.TempDir()
	write := func(name, src string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", "module example.com/gen\n\ngo 1.22\n")
	write("g.go", `package gen

func fill[T any](dst *T, v T, done chan struct{}) {
	*dst = v
	close(done)
}

type box[T any] struct{ v T }

func (b *box[T]) set(v T, done chan struct{}) {
	b.v = v
	close(done)
}

func Run() int {
	var x int
	done := make(chan struct{})
	go fill(&x, 1, done)
	<-done
	var b box[int]
	done = make(chan struct{})
	go b.set(2, done)
	<-done
	return x + b.v
}
`)
	write("g_test.go", `package gen

import "testing"

func TestRun(t *testing.T) {
	if Run() != 3 {
		t.Fatal("wrong")
	}
}
`)
	sch := &schedule.Schedule{Kiss: 1, Package: "example.com/gen", Root: "TestRun", Check: "assert",
		Goroutines: []schedule.Goroutine{{ID: 0, Start: "root"}}}
	prep, err := instrument(sch, dir, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "test", "-count=1", "-overlay="+prep.overlay, "-vet=off", "-run=^TestRun$", ".")
	cmd.Dir = prep.dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("the instrumented package does not build and pass: %v\n%s", err, out)
	}
}
