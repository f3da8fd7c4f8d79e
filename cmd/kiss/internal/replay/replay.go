package replay

import (
	"bytes"
	"context"
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"go/types"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/tools/go/packages"

	"github.com/gokiss/kiss/analyzer/schedule"
)

//go:embed scheduler.go.txt
var schedulerSource string

// Verdicts.
const (
	Reproduced    = "reproduced"
	NotReproduced = "not reproduced"
	Diverged      = "diverged"
	Failed        = "error" // the replay could not run (build error, bad file)
)

// Exit codes of kiss replay, one per verdict.
const (
	ExitReproduced    = 0
	ExitNotReproduced = 1
	ExitDiverged      = 2
	ExitError         = 3
)

// ExitCode is the exit code of a verdict.
func ExitCode(verdict string) int {
	switch verdict {
	case Reproduced:
		return ExitReproduced
	case NotReproduced:
		return ExitNotReproduced
	case Diverged:
		return ExitDiverged
	}
	return ExitError
}

// Options configure a replay.
type Options struct {
	Dir     string        // where go list and go test run; "" is the current directory
	Timeout time.Duration // of the go test run; 0 is 2 minutes
	Keep    bool          // keep the overlay and the event log (for debugging)
	Log     func(string)  // where Keep reports the work directory
}

// Step is one step of the replay's trace.
type Step struct {
	Step int    `json:"step"` // 1-based
	G    int    `json:"g"`
	Op   string `json:"op"`
	Pos  string `json:"pos,omitempty"`
	// Preempt and Blocks are the schedule's marks of the step.
	Preempt bool `json:"preempt,omitempty"`
	Blocks  bool `json:"blocks,omitempty"`
	OK      bool `json:"ok"`
}

// Result is the outcome of replaying one schedule file.
type Result struct {
	File    string `json:"file"`
	Package string `json:"package"`
	Root    string `json:"root"`
	Check   string `json:"check"`
	Message string `json:"message"`
	Verdict string `json:"verdict"`
	// DivergedAt is the 1-based step where the run left the schedule.
	DivergedAt int    `json:"diverged_at,omitempty"`
	Expected   string `json:"expected,omitempty"` // what the schedule says at that step
	Actual     string `json:"actual,omitempty"`   // what the run did instead
	Detail     string `json:"detail"`             // one line: why this verdict
	Steps      int    `json:"steps"`              // steps in the schedule
	Trace      []Step `json:"trace"`              // the steps the run performed
	Output     string `json:"-"`                  // go test's output
}

// Replay runs the root test of the schedule in file under the schedule.
func Replay(file string, opts Options) *Result {
	r := &Result{File: file}
	sch, err := readSchedule(file)
	if err != nil {
		return r.fail(err)
	}
	return ReplaySchedule(sch, file, opts)
}

func readSchedule(file string) (*schedule.Schedule, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return schedule.Decode(f)
}

func (r *Result) fail(err error) *Result {
	r.Verdict = Failed
	r.Detail = err.Error()
	return r
}

// ReplaySchedule is Replay of a decoded schedule (name is its file, for
// the report).
func ReplaySchedule(sch *schedule.Schedule, name string, opts Options) (res *Result) {
	r := &Result{File: name, Package: sch.Package, Root: sch.Root, Check: sch.Check, Message: sch.Message, Steps: len(sch.Steps)}
	orig := sch
	sch = localPositions(sch)
	// the report names positions as the schedule does
	defer func() {
		for i := range res.Trace {
			if k := res.Trace[i].Step - 1; k >= 0 && k < len(orig.Steps) && res.Trace[i].Pos != "" {
				res.Trace[i].Pos = orig.Steps[k].Pos
			}
		}
		if res.DivergedAt > 0 && res.DivergedAt <= len(orig.Steps) {
			res.Expected = describe(orig.Steps[res.DivergedAt-1])
		}
	}()
	if opts.Timeout == 0 {
		opts.Timeout = 2 * time.Minute
	}
	work, err := os.MkdirTemp("", "kiss-replay")
	if err != nil {
		return r.fail(err)
	}
	if opts.Keep {
		if opts.Log != nil {
			opts.Log("kiss replay: work directory " + work)
		}
	} else {
		defer os.RemoveAll(work)
	}
	overlay, dir, key, err := instrument(sch, opts.Dir, work)
	if err != nil {
		return r.fail(err)
	}
	l, output, err := run(sch, nil, overlay, dir, key, work, 1, opts.Timeout)
	r.Output = output
	if err != nil {
		return r.fail(err)
	}
	judge(r, sch, l, output, dir)
	if r.Verdict != Reproduced || sch.Check != "race" || sch.Race == nil {
		return r
	}
	// The race's accesses were reached in the schedule's order. Run again,
	// parking the first goroutine at the access it made (the last time it
	// made it): the second goroutine must reach its access all the same.
	first := sch.Race.First.G
	own := -1
	for _, e := range l.events {
		if e.kind == "parked" && e.int(0) == first {
			return r // both were parked in the first run
		}
		if e.kind == "access" && e.int(0) == first {
			own = e.int(3)
		}
	}
	if own < 0 {
		r.Verdict = NotReproduced
		r.Detail = fmt.Sprintf("goroutine %d never made its %s at %s", first, sch.Race.First.Access, sch.Race.First.Pos)
		return r
	}
	r2 := &Result{File: r.File, Package: r.Package, Root: r.Root, Check: r.Check, Message: r.Message, Steps: r.Steps}
	l2, output, err := run(sch, &park{first, own}, overlay, dir, key, work, 2, opts.Timeout)
	r2.Output = output
	if err != nil {
		return r2.fail(err)
	}
	judge(r2, sch, l2, output, dir)
	if r2.Verdict == Reproduced {
		r2.Trace = r.Trace // the steps in the schedule's order
		r2.Detail = raceDetail(sch) + fmt.Sprintf(" (goroutine %d parked at its access after %d of its steps, the later ones postponed)", first, own)
		return r2
	}
	r2.Trace = r.Trace
	r2.Verdict = NotReproduced
	r2.Detail = fmt.Sprintf("both accesses happen in the schedule's order, but with goroutine %d parked at its %s at %s, goroutine %d does not reach its %s at %s: %s",
		first, sch.Race.First.Access, sch.Race.First.Pos, sch.Race.Second.G, sch.Race.Second.Access, sch.Race.Second.Pos, r2.Detail)
	return r2
}

// localPositions is sch with the positions in the code of the directory's
// own package written as positions of this package: kiss names a position
// in another package's code (seen through analysis facts) with its import
// path, "example.com/m/p/p.go:11:11", and for an external test package
// p_test, package p's files are in the same directory. Positions of other
// directories keep their path (and are an error later).
func localPositions(sch *schedule.Schedule) *schedule.Schedule {
	prefix := strings.TrimSuffix(sch.Package, "_test") + "/"
	local := func(pos string) string {
		if rest, ok := strings.CutPrefix(pos, prefix); ok && !strings.Contains(rest, "/") {
			return rest
		}
		return pos
	}
	c := *sch
	c.Pos = local(sch.Pos)
	c.Goroutines = append([]schedule.Goroutine(nil), sch.Goroutines...)
	for i := range c.Goroutines {
		c.Goroutines[i].Start = local(c.Goroutines[i].Start)
	}
	c.Steps = append([]schedule.Step(nil), sch.Steps...)
	for i := range c.Steps {
		c.Steps[i].Pos = local(c.Steps[i].Pos)
	}
	c.Blocked = append([]schedule.Blocked(nil), sch.Blocked...)
	for i := range c.Blocked {
		c.Blocked[i].Pos = local(c.Blocked[i].Pos)
	}
	if sch.Race != nil {
		race := *sch.Race
		race.First.Pos = local(race.First.Pos)
		race.Second.Pos = local(race.Second.Pos)
		c.Race = &race
	}
	return &c
}

// park names the access where the first goroutine of a race parks: its
// arrival there after own of its steps.
type park struct {
	G   int `json:"g"`
	Own int `json:"own"`
}

// binaries are the test binaries built by this process, by key (see
// instrument): the schedules of one package share one.
var binaries struct {
	sync.Mutex
	dir string
	m   map[string]string
}

// Cleanup removes the test binaries built so far.
func Cleanup() {
	binaries.Lock()
	defer binaries.Unlock()
	if binaries.dir != "" {
		os.RemoveAll(binaries.dir)
	}
	binaries.dir, binaries.m = "", nil
}

// testBinary builds (or finds) the instrumented package's test binary.
func testBinary(ctx context.Context, overlay, dir, key string) (string, error) {
	binaries.Lock()
	defer binaries.Unlock()
	if bin, ok := binaries.m[key]; ok {
		return bin, nil
	}
	if binaries.dir == "" {
		d, err := os.MkdirTemp("", "kiss-replay-bin")
		if err != nil {
			return "", err
		}
		binaries.dir, binaries.m = d, map[string]string{}
	}
	bin := filepath.Join(binaries.dir, key[:16]+".test")
	cmd := exec.CommandContext(ctx, "go", "test", "-c", "-o", bin, "-overlay="+overlay, "-vet=off", ".")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go test of the instrumented package failed:\n%s", strings.TrimSpace(string(out)))
	}
	binaries.m[key] = bin
	return bin, nil
}

// run runs the instrumented test once and returns the scheduler's events
// and the test's output.
func run(sch *schedule.Schedule, p *park, overlay, dir, key, work string, n int, timeout time.Duration) (*log, string, error) {
	in := filepath.Join(work, fmt.Sprintf("schedule%d.json", n))
	out := filepath.Join(work, fmt.Sprintf("events%d.log", n))
	if err := writeInput(sch, p, in); err != nil {
		return nil, "", err
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout+30*time.Second)
	defer cancel()
	bin, err := testBinary(ctx, overlay, dir, key)
	if err != nil {
		return nil, "", err
	}
	cmd := exec.CommandContext(ctx, bin, "-test.run=^TestKissReplayRoot$", "-test.count=1", "-test.v", "-test.timeout="+timeout.String())
	cmd.Dir = dir
	// synctest needs Go 1.23's synchronous timer channels, whatever the
	// module's go version says
	godebug := "asynctimerchan=0"
	if g := os.Getenv("GODEBUG"); g != "" {
		godebug = g + "," + godebug
	}
	cmd.Env = append(os.Environ(), "KISS_REPLAY_IN="+in, "KISS_REPLAY_OUT="+out, "KISS_REPLAY_ROOT="+sch.Root,
		"GOTRACEBACK=all", "GODEBUG="+godebug)
	var output bytes.Buffer
	cmd.Stdout, cmd.Stderr = &output, &output
	cmd.Run()
	events, _ := os.ReadFile(out)
	return parseEvents(string(events)), output.String(), nil
}

// writeInput is the scheduler's view of the schedule.
func writeInput(sch *schedule.Schedule, p *park, path string) error {
	type step struct {
		G      int    `json:"g"`
		Op     string `json:"op"`
		Pos    string `json:"pos"`
		Blocks bool   `json:"blocks"`
		Case   *int   `json:"case"`
	}
	type access struct {
		G   int    `json:"g"`
		Pos string `json:"pos"`
	}
	var in struct {
		Check  string   `json:"check"`
		Starts []string `json:"starts"`
		Steps  []step   `json:"steps"`
		Race   []access `json:"race"`
		Park   *park    `json:"park,omitempty"`
	}
	in.Park = p
	in.Check = sch.Check
	for _, g := range sch.Goroutines {
		in.Starts = append(in.Starts, g.Start)
	}
	for _, st := range sch.Steps {
		in.Steps = append(in.Steps, step{st.G, st.Op, st.Pos, st.Blocks, st.Case})
	}
	if sch.Race != nil {
		in.Race = []access{{sch.Race.First.G, sch.Race.First.Pos}, {sch.Race.Second.G, sch.Race.Second.Pos}}
	}
	data, err := json.Marshal(in)
	if err != nil {
		return err
	}
	return os.WriteFile(path, data, 0o644)
}

// instrument writes the instrumented copies of the package's files and the
// overlay file naming them; it returns the overlay's path and the
// package's directory.
func instrument(sch *schedule.Schedule, from, work string) (string, string, string, error) {
	if !strings.HasPrefix(sch.Root, "Test") {
		return "", "", "", fmt.Errorf("kiss replay runs test roots (TestXxx), not %s", sch.Root)
	}
	cfg := &packages.Config{
		Mode: packages.NeedName | packages.NeedFiles | packages.NeedSyntax | packages.NeedTypes |
			packages.NeedTypesInfo | packages.NeedCompiledGoFiles | packages.NeedModule,
		Tests: true,
		Dir:   from,
	}
	// a root in an external test package p_test: load p with its tests
	base := strings.TrimSuffix(sch.Package, "_test")
	pkgs, err := packages.Load(cfg, base)
	if err != nil {
		return "", "", "", err
	}
	var inner, xtest, plain *packages.Package
	for _, p := range pkgs {
		switch {
		case p.ID == base:
			plain = p
		case p.PkgPath == base && strings.HasSuffix(p.ID, ".test]"):
			inner = p
		case p.PkgPath == base+"_test":
			xtest = p
		}
	}
	if inner == nil {
		inner = plain
	}
	if inner == nil {
		return "", "", "", fmt.Errorf("package %s not found from %s (run kiss replay in its module)", sch.Package, orDot(from))
	}
	for _, p := range []*packages.Package{inner, xtest} {
		if p != nil && len(p.Errors) > 0 {
			return "", "", "", fmt.Errorf("package %s: %v", p.ID, p.Errors[0])
		}
	}
	if len(inner.GoFiles) == 0 {
		return "", "", "", fmt.Errorf("package %s has no Go files", sch.Package)
	}
	dir := filepath.Dir(inner.GoFiles[0])
	// every position of the schedule must be in this package's directory
	files := map[string]bool{}
	for _, p := range []*packages.Package{inner, xtest} {
		if p == nil {
			continue
		}
		for _, f := range p.CompiledGoFiles {
			if filepath.Dir(f) == dir {
				files[filepath.Base(f)] = true
			}
		}
	}
	check := func(pos string) error {
		if pos == "" || pos == "root" {
			return nil
		}
		base := pos[:strings.LastIndex(pos[:strings.LastIndex(pos, ":")], ":")]
		if !files[base] {
			return fmt.Errorf("position %s is not in a file of package %s (%s): kiss replay instruments only the package under test", pos, sch.Package, dir)
		}
		return nil
	}
	for _, g := range sch.Goroutines {
		if err := check(g.Start); err != nil {
			return "", "", "", err
		}
	}
	for _, st := range sch.Steps {
		if err := check(st.Pos); err != nil {
			return "", "", "", err
		}
		switch st.Op {
		case "t.parallel", "t.subtests":
			// t.Parallel lets t.Run return and parks the subtest until
			// the parent's function has returned, inside package testing
			return "", "", "", fmt.Errorf("the schedule's step %s of goroutine %d: kiss replay does not support parallel subtests (t.Parallel)", st.Op, st.G)
		}
	}
	race := map[string]bool{}
	if sch.Race != nil {
		race[sch.Race.First.Pos] = true
		race[sch.Race.Second.Pos] = true
	}
	replace := map[string]string{}
	write := func(name string, data []byte) (string, error) {
		p := filepath.Join(work, fmt.Sprintf("%d_%s", len(replace), filepath.Base(name)))
		return p, os.WriteFile(p, data, 0o644)
	}
	rootPkg := ""
	subtests := false
	for _, p := range []*packages.Package{inner, xtest} {
		if p == nil {
			continue
		}
		q := ""
		if p == xtest {
			q = "kissreplayp."
		}
		for i, f := range p.Syntax {
			name := p.CompiledGoFiles[i]
			if filepath.Dir(name) != dir {
				continue
			}
			if obj, isFunc := p.Types.Scope().Lookup(sch.Root).(*types.Func); isFunc && rootPkg == "" && obj != nil {
				rootPkg = p.Name
				if p == xtest {
					rootPkg = "x"
				}
			}
			src, err := os.ReadFile(name)
			if err != nil {
				return "", "", "", err
			}
			tf := p.Fset.File(f.Pos())
			fe := &fileEditor{fset: p.Fset, tf: tf, path: name, src: src, q: q, info: p.TypesInfo, file: f, race: race}
			if q != "" {
				fe.insert(f.Name.End(), `; import kissreplayp "`+base+`"`)
			}
			fe.instrumentFile()
			subtests = subtests || fe.subtests
			out, err := write(name, fe.apply())
			if err != nil {
				return "", "", "", err
			}
			replace[name] = out
		}
	}
	if rootPkg == "" {
		return "", "", "", fmt.Errorf("root %s not found in package %s", sch.Root, sch.Package)
	}
	sched := strings.Replace(schedulerSource, "__PKG__", inner.Name, 1)
	if replace[filepath.Join(dir, "kiss_replay_scheduler.go")], err = write("kiss_replay_scheduler.go", []byte(sched)); err != nil {
		return "", "", "", err
	}
	// The root is named at run time (KISS_REPLAY_ROOT), so that every
	// schedule of a package runs the same test binary.
	rootTypes := inner.Types
	qual := ""
	if rootPkg == "x" {
		rootTypes, qual = xtest.Types, "kissreplayp."
	}
	var roots []string
	for _, name := range rootTypes.Scope().Names() {
		fn, ok := rootTypes.Scope().Lookup(name).(*types.Func)
		if !ok || !strings.HasPrefix(name, "Test") {
			continue
		}
		if sig := fn.Type().(*types.Signature); sig.Params().Len() == 1 && sig.Results().Len() == 0 &&
			types.TypeString(sig.Params().At(0).Type(), nil) == "*testing.T" {
			roots = append(roots, fmt.Sprintf("\t%q: %s,\n", name, name))
		}
	}
	root := "package " + rootTypes.Name() + "\n\nimport (\n\t\"os\"\n\t\"testing\"\n"
	if qual != "" {
		root += "\n\tkissreplayp \"" + base + "\"\n"
	}
	root += ")\n\nvar kissReplayRoots = map[string]func(*testing.T){\n" + strings.Join(roots, "") + "}\n\n" +
		"func TestKissReplayRoot(t *testing.T) {\n\troot := kissReplayRoots[os.Getenv(\"KISS_REPLAY_ROOT\")]\n" +
		"\tif root == nil {\n\t\tt.Fatal(\"kiss replay: no root \" + os.Getenv(\"KISS_REPLAY_ROOT\"))\n\t}\n\t" + qual + "KissReplayRun(t, root, " + strconv.FormatBool(!subtests) + ")\n}\n"
	if replace[filepath.Join(dir, "kiss_replay_root_test.go")], err = write("kiss_replay_root_test.go", []byte(root)); err != nil {
		return "", "", "", err
	}
	ov, err := json.Marshal(map[string]any{"Replace": replace})
	if err != nil {
		return "", "", "", err
	}
	// the key of the test binary: what the overlay puts where
	h := sha256.New()
	names := make([]string, 0, len(replace))
	for name := range replace {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		data, err := os.ReadFile(replace[name])
		if err != nil {
			return "", "", "", err
		}
		fmt.Fprintf(h, "%s\x00%d\x00", name, len(data))
		h.Write(data)
	}
	path := filepath.Join(work, "overlay.json")
	return path, dir, hex.EncodeToString(h.Sum(nil)), os.WriteFile(path, ov, 0o644)
}

func orDot(dir string) string {
	if dir == "" {
		return "."
	}
	return dir
}
