package replay

import (
	"bytes"
	"encoding/json"
	"errors"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gokiss/kiss/analyzer/schedule"
)

// fuzzPkg is the package of testdata/mod, which FuzzPrepare instruments;
// testdata/schedules are kiss's schedules of it (kiss -schedules DIR ./...
// in testdata/mod), all of which kiss replay reproduces.
const fuzzPkg = "example.com/fuzz/p"

// fuzzTargets loads fuzzPkg once per process: go/packages takes a second,
// instrumenting a loaded target milliseconds.
var fuzzTargets struct {
	once sync.Once
	t    *target
	err  error
}

// fuzzTarget is the loaded target for the schedule's package, nil for a
// package other than fuzzPkg (or its external tests), which it does not
// load.
func fuzzTarget(t *testing.T, pkg string) *target {
	if strings.TrimSuffix(pkg, "_test") != fuzzPkg {
		return nil
	}
	fuzzTargets.once.Do(func() {
		dir, _ := filepath.Abs(filepath.Join("testdata", "mod"))
		fuzzTargets.t, fuzzTargets.err = loadTarget(fuzzPkg, dir)
	})
	if fuzzTargets.err != nil {
		t.Fatal(fuzzTargets.err)
	}
	c := *fuzzTargets.t
	c.path = pkg // as loadTarget(pkg) makes it: the same packages
	return &c
}

// fuzzSeeds are kiss's schedules of testdata/mod and hostile edits of them.
func fuzzSeeds(f *testing.F) [][]byte {
	files, _ := filepath.Glob(filepath.Join("testdata", "schedules", "*.json"))
	if len(files) == 0 {
		f.Fatal("no schedule in testdata/schedules")
	}
	var seeds [][]byte
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		var b bytes.Buffer
		if err := json.Compact(&b, data); err != nil {
			f.Fatalf("%s: %v", file, err)
		}
		seeds = append(seeds, b.Bytes())
	}
	race := string(seeds[0])
	for _, s := range seeds {
		if bytes.Contains(s, []byte(`"check":"race"`)) {
			race = string(s)
		}
	}
	for _, c := range []struct{ old, new string }{
		{`"pos":"p_test.go:11:8"`, `"pos":"../../../etc/x.go:1:1"`},
		{`"pos":"p_test.go:11:8"`, `"pos":"/abs/path.go:1:1"`},
		{`"pos":"p_test.go:11:8"`, `"pos":"example.com/fuzz/p/../../x.go:1:1"`},
		{`"pos":"p_test.go:11:8"`, `"pos":"example.com/fuzz/p/p_test.go:11:8"`},
		{`"pos":"p_test.go:11:8"`, `"pos":"example.com/fuzz/q/q.go:1:1"`},
		{`"pos":"p_test.go:11:8"`, `"pos":"kiss_replay_scheduler.go:1:1"`},
		{`"start":"p_test.go:12:2"`, `"start":"..:1:1"`},
		{`"op":"wg.add"`, `"op":"t.parallel"`},
		{`"op":"wg.add"`, `"op":"teleport"`},
		{`"pos":"p.go:25:44"`, `"pos":"x_test.go:10:6"`},
		{`"pos":"p.go:25:44"`, `"pos":"p.go:0:0"`},
		{`"pos":"p.go:25:44"`, `"pos":"p.go:99999999999999999999:1"`},
		{`"pos":"p.go:25:44"`, `"pos":"../p.go:25:44"`},
		{`"pos":"p.go:25:44"`, `"pos":"/etc/passwd:1:1"`},
		{`"root":"TestDeposit"`, `"root":"TestNope"`},
		{`"root":"TestDeposit"`, `"root":"Deposit"`},
		{`"root":"TestDeposit"`, `"root":"TestFirst"`},
		{`"package":"example.com/fuzz/p"`, `"package":"example.com/fuzz/p_test"`},
		{`"package":"example.com/fuzz/p"`, `"package":"example.com/fuzz/p/../../etc"`},
	} {
		if !strings.Contains(race, c.old) {
			f.Fatalf("seed edit does not apply: %s", c.old)
		}
		seeds = append(seeds, []byte(strings.Replace(race, c.old, c.new, 1)))
	}
	return seeds
}

// FuzzPrepare prepares the replay of a schedule file as kiss replay does,
// up to go test: decode, localPositions, instrument into a fresh work
// directory, the scheduler's input. It never panics nor hangs, an error is
// one line, every file written is in the work directory, the overlay
// stands only for files of the package's directory, and every copy parses
// (with the import of the package under test used).
//
// Most mutations of a file's bytes break its JSON; pos and root, when set,
// stand for the first step's and the race's first position and for the
// root, so that the fuzzer also mutates those of valid schedules.
func FuzzPrepare(f *testing.F) {
	for _, s := range fuzzSeeds(f) {
		f.Add(s, "", "")
	}
	f.Add(seedNamed(f, "race"), "p.go:20:4", "")
	f.Add(seedNamed(f, "race"), "p_test.go:13:2", "TestTransfer")
	f.Add(seedNamed(f, "assert"), "x_test.go:12:10", "TestFirst")
	f.Fuzz(func(t *testing.T, data []byte, pos, root string) {
		sch, err := schedule.Decode(bytes.NewReader(data))
		if err != nil {
			return // FuzzDecode's
		}
		if pos != "" && len(sch.Steps) > 0 {
			sch.Steps[0].Pos = pos
		}
		if pos != "" && sch.Race != nil {
			sch.Race.First.Pos = pos
		}
		if root != "" {
			sch.Root = root
		}
		if sch.Validate() != nil {
			return
		}
		sch = localPositions(sch)
		if err := replayable(sch); err != nil {
			oneLineError(t, err)
			return
		}
		tg := fuzzTarget(t, sch.Package)
		if tg == nil {
			return
		}
		work := t.TempDir()
		var written []string
		writeFile = func(name string, data []byte, perm os.FileMode) error {
			if !inside(work, name) {
				t.Errorf("write outside the work directory %s: %s", work, name)
				return errors.New("outside the work directory")
			}
			written = append(written, name)
			return os.WriteFile(name, data, perm)
		}
		defer func() { writeFile = os.WriteFile }()
		var overlay, dir string
		done := make(chan struct{})
		go func() {
			defer close(done)
			var prep *prepared
			prep, err = tg.instrument(sch, work)
			if err == nil {
				overlay, dir = prep.overlay, prep.dir
				err = writeInput(sch, nil, prep.inside, prep.absent, filepath.Join(work, "schedule1.json"))
			}
		}()
		select {
		case <-done:
		case <-time.After(time.Minute):
			t.Fatal("instrument did not return within a minute")
		}
		if err != nil {
			oneLineError(t, err)
			return
		}
		if dir != tg.dir || !inside(work, overlay) {
			t.Fatalf("instrument returned overlay %s, directory %s", overlay, dir)
		}
		checkOverlay(t, overlay, dir, tg.inner.Module.Dir, work)
	})
}

// seedNamed is the schedule of testdata/schedules whose check is check.
func seedNamed(f *testing.F, check string) []byte {
	files, _ := filepath.Glob(filepath.Join("testdata", "schedules", "*."+check+".*.json"))
	if len(files) == 0 {
		f.Fatalf("no %s schedule in testdata/schedules", check)
	}
	data, err := os.ReadFile(files[0])
	if err != nil {
		f.Fatal(err)
	}
	return data
}

func oneLineError(t *testing.T, err error) {
	t.Helper()
	if msg := err.Error(); msg == "" || strings.ContainsAny(msg, "\n\r") {
		t.Fatalf("error is not one line: %q", msg)
	}
}

// inside reports whether path is in directory dir.
func inside(dir, path string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && filepath.IsAbs(path) && rel != "." && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// checkOverlay checks the overlay: it replaces files of dir and of the
// scheduler's directory, and no file outside the module's directory mod
// (other packages of the module where the schedule has steps), by copies
// in work that parse; an import of the package under test or of the
// scheduler is used; work holds nothing else.
func checkOverlay(t *testing.T, overlay, dir, mod, work string) {
	t.Helper()
	data, err := os.ReadFile(overlay)
	if err != nil {
		t.Fatal(err)
	}
	var ov struct{ Replace map[string]string }
	if err := json.Unmarshal(data, &ov); err != nil {
		t.Fatal(err)
	}
	known := map[string]bool{overlay: true, filepath.Join(work, "schedule1.json"): true}
	for orig, cp := range ov.Replace {
		if filepath.Dir(orig) != dir && filepath.Dir(orig) != filepath.Join(mod, schedDir) && !inside(mod, orig) {
			t.Errorf("the overlay replaces %s, outside %s", orig, mod)
		}
		if !inside(work, cp) {
			t.Errorf("the copy of %s is %s, outside %s", orig, cp, work)
		}
		known[cp] = true
		src, err := os.ReadFile(cp)
		if err != nil {
			t.Fatal(err)
		}
		file, err := parser.ParseFile(token.NewFileSet(), cp, src, parser.SkipObjectResolution)
		if err != nil {
			t.Fatalf("the copy of %s does not parse: %v", filepath.Base(orig), err)
		}
		for _, imp := range file.Imports {
			if imp.Name != nil && (imp.Name.Name == "kissreplayp" || imp.Name.Name == schedName) && !bytes.Contains(src, []byte(imp.Name.Name+".")) {
				t.Errorf("the copy of %s imports %s without using it", filepath.Base(orig), imp.Name.Name)
			}
		}
	}
	entries, err := os.ReadDir(work)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if p := filepath.Join(work, e.Name()); !known[p] {
			t.Errorf("work directory holds %s, which the overlay does not name", e.Name())
		}
	}
}

// TestLoadTargetRefuses: a package outside the main module, or one that
// does not exist, is a one-line error.
func TestLoadTargetRefuses(t *testing.T) {
	dir, _ := filepath.Abs(filepath.Join("testdata", "mod"))
	for _, c := range []struct{ pkg, want string }{
		{"container/list", "not in the main module"},
		{"example.com/nope", "example.com/nope"},
		{"example.com/fuzz/nope", "example.com/fuzz/nope"},
	} {
		_, err := loadTarget(c.pkg, dir)
		if err == nil {
			t.Errorf("%s: loaded", c.pkg)
			continue
		}
		oneLineError(t, err)
		if !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %q does not say %q", c.pkg, err, c.want)
		}
	}
	sch := &schedule.Schedule{Kiss: 1, Root: "TestX", Check: "leak", Goroutines: []schedule.Goroutine{{Start: "root"}}}
	if _, err := instrument(sch, dir, t.TempDir()); err == nil || !strings.Contains(err.Error(), "no package") {
		t.Errorf("a schedule without a package: %v", err)
	}
}
