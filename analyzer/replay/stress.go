package replay

import (
	"context"
	"fmt"
	"go/doc"
	"go/types"
	"os"
	"os/exec"
	"sort"
	"strings"
	"time"

	"github.com/gokiss/kiss/analyzer/schedule"
)

// Instrumented is a package's test binary with the scheduler's hooks, as
// kiss stress runs it: every test root of the package, under the
// randomized scheduler.
type Instrumented struct {
	Package string   // import path of the package (its tests included)
	Dir     string   // its directory, where the test runs
	Roots   []string // its TestXxx functions, in both test packages
	bin     string
}

// PrepareStress loads package pkg from directory from ("" is the current
// one), instruments it into work and builds its test binary, with the race
// detector when race is set.
func PrepareStress(ctx context.Context, pkg, from, work string, race bool) (*Instrumented, error) {
	t, err := loadTarget(pkg, from)
	if err != nil {
		return nil, err
	}
	t.draws = true
	in := &Instrumented{Package: pkg, Dir: t.dir}
	for _, p := range t.packages() {
		for _, name := range p.Types.Scope().Names() {
			if testFunc(p.Types.Scope().Lookup(name)) {
				in.Roots = append(in.Roots, name)
			}
		}
		// the examples go test runs: those with an output comment
		for _, ex := range doc.Examples(p.Syntax...) {
			if ex.Output != "" || ex.EmptyOutput {
				t.roots = append(t.roots, "Example"+ex.Name)
			}
		}
	}
	in.Roots = append(in.Roots, t.roots...)
	sort.Strings(in.Roots)
	if len(in.Roots) == 0 {
		return in, nil
	}
	// the hooks of every root: a schedule of the first, with no race and no
	// values to hook
	sch := &schedule.Schedule{Kiss: schedule.Version, Package: pkg, Root: in.Roots[0], Check: "deadlock",
		Goroutines: []schedule.Goroutine{{Start: "root"}}}
	prep, err := t.instrument(sch, work)
	if err != nil {
		return nil, err
	}
	key := prep.key
	flags := []string{}
	if race {
		key, flags = "race"+key, []string{"-race"}
	}
	in.bin, err = testBinary(ctx, prep.overlay, prep.dir, key, append(flags, prep.flags()...)...)
	if err != nil {
		return nil, err
	}
	return in, nil
}

// testFunc reports whether o is a test function: TestXxx(*testing.T).
func testFunc(o types.Object) bool {
	fn, ok := o.(*types.Func)
	if !ok || !strings.HasPrefix(fn.Name(), "Test") || fn.Name() == "TestMain" {
		return false
	}
	sig := fn.Type().(*types.Signature)
	return sig.Params().Len() == 1 && sig.Results().Len() == 0 &&
		types.TypeString(sig.Params().At(0).Type(), nil) == "*testing.T"
}

// Command is one run of root under the randomized scheduler with the
// given environment (the seed and PCT's parameters).
func (in *Instrumented) Command(ctx context.Context, root string, timeout time.Duration, env ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, in.bin, "-test.run=^TestKissReplayRoot$", "-test.count=1", "-test.v", "-test.timeout="+timeout.String())
	cmd.Dir = in.Dir
	cmd.Env = append(append(os.Environ(), "KISS_REPLAY_ROOT="+root, "GOTRACEBACK=all", "GODEBUG="+godebug()+",randseednop=0"), env...)
	return cmd
}

// godebug is the run's GODEBUG: synctest needs Go 1.23's synchronous
// timer channels, whatever the module's go version says.
func godebug() string {
	if g := os.Getenv("GODEBUG"); g != "" {
		return g + ",asynctimerchan=0"
	}
	return "asynctimerchan=0"
}

// ReplaySchedule replays sch (not read from a file) and reports whether
// the violation happened.
func ReplaySchedule(sch *schedule.Schedule, opts Options) (reproduced bool, detail string) {
	r := replaySchedule(sch, "", opts)
	if r.Verdict == "reproduced" {
		return true, r.Detail
	}
	return false, fmt.Sprintf("%s: %s", r.Verdict, r.Detail)
}

// AsRoot is a panic message of a run with the root's name where package
// testing names the generated test that runs it, TestKissReplayRoot, or
// its subtest of the root's name ("Fail in goroutine after
// TestKissReplayRoot/TestX has completed").
func AsRoot(msg, root string) string {
	msg = strings.Replace(msg, "after TestKissReplayRoot/"+root+" ", "after "+root+" ", 1)
	return strings.Replace(msg, "after TestKissReplayRoot", "after "+root, 1)
}
