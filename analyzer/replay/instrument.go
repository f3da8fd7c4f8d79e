package replay

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"go/ast"
	"go/build"
	"go/build/constraint"
	"go/token"
	"go/types"
	"go/version"
	"os"
	"os/exec"
	pathpkg "path"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/mod/modfile"
	"golang.org/x/tools/go/packages"

	"github.com/gokiss/kiss/analyzer/schedule"
	"github.com/gokiss/kiss/summaries"
)

// instrument writes into work the instrumented copies of the package's
// files, the scheduler and the test that runs the root, and the overlay
// file naming them for go test -overlay. It returns the overlay's path,
// the package's directory and the key of its test binary.
func instrument(sch *schedule.Schedule, from, work string) (*prepared, error) {
	if err := replayable(sch); err != nil {
		return nil, err
	}
	t, err := loadTarget(sch.Package, from)
	if err != nil {
		return nil, err
	}
	return t.instrument(sch, work)
}

// prepared is the instrumented package: the overlay for go test, the
// package's directory, the key of its test binary, and the steps that no
// hook names (inside a call of code replay does not instrument: package
// sync's OnceValue, io.Pipe), by index.
type prepared struct {
	overlay, dir, key string
	modfile           string // go.mod with the replaces of instrumented modules (copies.modfile); "" without
	modPath, modDir   string // the main module's path and directory
	inside            map[int]bool
	absent            map[int]bool // goroutines replay does not see start (absentGoroutines)
}

// replayable refuses, before anything is loaded, a schedule replay cannot
// run.
func replayable(sch *schedule.Schedule) error {
	if sch.Root == "main" {
		return fmt.Errorf("kiss replay runs tests, benchmarks, examples and functions without parameters, not %s", sch.Root)
	}
	if sch.Package == "" {
		return errors.New("the schedule names no package")
	}
	return nil
}

// instrument is instrument of the loaded target: the part that depends on
// the schedule (FuzzPrepare runs it on a target loaded once).
func (t *target) instrument(sch *schedule.Schedule, work string) (*prepared, error) {
	if err := t.loadOthers(sch); err != nil {
		return nil, err
	}
	if err := t.check(sch); err != nil {
		return nil, err
	}
	c := &copies{work: work, replace: map[string]string{}, modules: t.foreign}
	hooked := map[string]bool{}
	subtests, err := t.instrumentFiles(sch, c, hooked)
	if err != nil {
		return nil, err
	}
	inside := map[int]bool{}
	files := t.files()
	for i, st := range sch.Steps {
		switch st.Op {
		case "t.run", "resume":
			continue // performed by the scheduler
		case "timer.early":
			// the sleep or timer ran out while the others were held
			// back: taken when the sleeper goes on to its next hook
			inside[i] = true
			continue
		}
		// only a position outside the package's files: an unhooked one in
		// them is a schedule that diverges
		if st.Pos != "" && !hooked[st.Pos] && !files[posFile(st.Pos)] {
			inside[i] = true
		}
	}
	inX, found := t.findRoot(sch.Root)
	if !found {
		return nil, fmt.Errorf("root %s not found in package %s", sch.Root, sch.Package)
	}
	if !strings.HasPrefix(sch.Root, "Test") && !strings.HasPrefix(sch.Root, "Benchmark") && !t.callable(sch.Root, inX) {
		return nil, fmt.Errorf("kiss replay runs tests, benchmarks, examples and functions without parameters, and %s has parameters", sch.Root)
	}
	if err := t.addScheduler(c); err != nil {
		return nil, err
	}
	extra := t.roots
	if !strings.HasPrefix(sch.Root, "Test") {
		extra = append(extra, sch.Root)
	}
	if err := c.add(filepath.Join(t.dir, "kiss_replay_root_test.go"), []byte(t.rootTest(extra, subtests))); err != nil {
		return nil, err
	}
	overlay, key, err := c.save()
	if err != nil {
		return nil, err
	}
	modfile, err := c.modfile(t.inner.Module.GoMod)
	if err != nil {
		return nil, err
	}
	return &prepared{overlay: overlay, modfile: modfile, dir: t.dir, key: key, inside: inside, absent: absentGoroutines(sch, files),
		modPath: t.inner.Module.Path, modDir: t.inner.Module.Dir}, nil
}

// The scheduler is a package of its own, added to the main module by the
// overlay (a directory that exists only there), so that every instrumented
// package imports it: the package under test, its external test package,
// and the module's other packages where the schedule has steps.
const (
	schedDir  = "kiss_replay_scheduler" // in the module's root directory
	schedName = "kissreplaysched"
	schedQ    = schedName + "."
)

// schedPath is the scheduler package's import path.
func (t *target) schedPath() string { return t.inner.Module.Path + "/" + schedDir }

// addScheduler adds the scheduler package's files to the overlay; they are
// compiled at hookVersion in a module older than that.
func (t *target) addScheduler(c *copies) error {
	dir := filepath.Join(t.inner.Module.Dir, schedDir)
	if _, err := os.Stat(dir); err == nil {
		return fmt.Errorf("the module has a directory %s: kiss replay adds its scheduler there", dir)
	}
	old := t.inner.Module.GoVersion == "" || version.Compare("go"+t.inner.Module.GoVersion, hookVersion) < 0
	for _, f := range []struct{ name, constraint, src string }{
		{"kiss_replay_scheduler.go", "", schedulerSource},
		{"kiss_replay_stress.go", "", stressSource},
		{"kiss_replay_race.go", "race", raceSource},
		{"kiss_replay_norace.go", "!race", noraceSource},
	} {
		src := strings.Replace(f.src, "__PKG__", schedName, 1)
		constraint := f.constraint
		if old {
			constraint = strings.TrimSuffix(hookVersion+" && "+constraint, " && ")
		}
		if constraint != "" {
			src = "//go:build " + constraint + "\n\n" + src
		}
		if err := c.add(filepath.Join(dir, f.name), []byte(src)); err != nil {
			return err
		}
	}
	return nil
}

// loadOthers loads the packages of the main module, other than the one
// under test, that hold a position of the schedule (a step, the start of a
// goroutine, an access of the race, a blocked goroutine): a lock taken
// inside a helper package of the module is a step replay must hold the
// goroutine at, as in the package under test. So are the packages of
// other modules (not the standard library's) with a step or the start of
// a goroutine that takes steps.
func (t *target) loadOthers(sch *schedule.Schedule) error {
	t.others, t.foreign = nil, nil
	mod := t.inner.Module.Path
	seen := map[string]bool{}
	var paths []string
	add := func(pos string) {
		if !strings.Contains(pos, "/") || strings.Count(pos, ":") < 2 {
			return
		}
		path := pathpkg.Dir(posFile(pos))
		if seen[path] || path == t.base || path != mod && !strings.HasPrefix(path, mod+"/") {
			return
		}
		seen[path] = true
		paths = append(paths, path)
	}
	for _, st := range sch.Steps {
		add(st.Pos)
	}
	// A goroutine that starts in another module's code and takes steps
	// (a testify suite's test, whose t.Run is suite.Run's), and a step
	// there (the locks and the sleep of testify mock's MethodCalled), are
	// hooked there: that package is instrumented too, in a copy of its
	// module (go test -overlay does not replace the module cache's
	// files). The standard library's steps are matched by the stack.
	active := map[int]bool{}
	for _, st := range sch.Steps {
		active[st.G] = true
	}
	foreign := map[string]bool{}
	addForeign := func(pos string) {
		if !strings.Contains(pos, "/") || strings.Count(pos, ":") < 2 {
			return
		}
		if path := pathpkg.Dir(posFile(pos)); !seen[path] && isModulePath(path) {
			seen[path], foreign[path] = true, true
			paths = append(paths, path)
		}
	}
	for _, g := range sch.Goroutines {
		add(g.Start)
		if active[g.ID] {
			addForeign(g.Start)
		}
	}
	for _, st := range sch.Steps {
		addForeign(st.Pos)
	}
	for _, b := range sch.Blocked {
		add(b.Pos)
	}
	if sch.Race != nil {
		add(sch.Race.First.Pos)
		add(sch.Race.Second.Pos)
	}
	if len(paths) == 0 {
		return nil
	}
	if len(foreign) > 0 && t.workspace() {
		// (go test -modfile refuses a workspace: matched by the stack)
		clear(foreign)
	}
	sort.Strings(paths)
	pkgs, err := packages.Load(&packages.Config{
		Mode: packages.NeedName | packages.NeedFiles | packages.NeedSyntax | packages.NeedTypes |
			packages.NeedTypesInfo | packages.NeedCompiledGoFiles | packages.NeedModule,
		Dir: t.dir,
	}, paths...)
	if err != nil {
		return errors.New(OneLine(err.Error()))
	}
	for _, p := range pkgs {
		if p.Module == nil || len(p.GoFiles) == 0 {
			continue
		}
		if !p.Module.Main {
			m := p.Module
			if !foreign[p.PkgPath] || m.Replace != nil || m.Version == "" || m.Dir == "" || wholeModels(p.PkgPath) {
				continue // (a position kiss named in another module: matched by the stack)
			}
			if t.foreign == nil {
				t.foreign = map[string]*packages.Module{}
			}
			t.foreign[m.Dir] = m
		}
		if len(p.Errors) > 0 {
			return buildError(p.PkgPath, p.Errors)
		}
		t.others = append(t.others, p)
	}
	return nil
}

// wholeModels reports whether kiss models a function of package path as
// a visible operation (goleak's Find): its step stands for the whole call,
// whose own operations hooks would see as steps kiss never took.
func wholeModels(path string) bool {
	for _, m := range summaries.Models() {
		name := strings.TrimLeft(m.Func, "(*")
		if i := strings.Index(name, ")"); i >= 0 {
			name = name[:i]
		}
		if i := strings.LastIndex(name, "."); m.Visible && i > 0 && name[:i] == path {
			return true
		}
	}
	return false
}

// workspace reports whether the go command builds the target in a
// workspace (go.work).
func (t *target) workspace() bool {
	if v, ok := os.LookupEnv("GOWORK"); ok && v == "off" {
		return false
	}
	cmd := exec.Command("go", "env", "GOWORK")
	cmd.Dir = t.dir
	out, err := cmd.Output()
	w := strings.TrimSpace(string(out))
	return err != nil || w != "" && w != "off"
}

// isModulePath reports whether path is a package of a module, not of the
// standard library (its first element has a dot).
func isModulePath(path string) bool {
	first, _, _ := strings.Cut(path, "/")
	return strings.Contains(first, ".")
}

// files are the names ("file.go") of the files of the target's
// directory, in both packages.
func (t *target) files() map[string]bool {
	files := map[string]bool{}
	for _, p := range t.packages() {
		for _, f := range p.CompiledGoFiles {
			if filepath.Dir(f) == t.dir {
				files[filepath.Base(f)] = true
			}
		}
	}
	for _, p := range t.others {
		for _, f := range p.CompiledGoFiles {
			if filepath.Dir(f) == filepath.Dir(p.GoFiles[0]) {
				files[p.PkgPath+"/"+filepath.Base(f)] = true
			}
		}
	}
	return files
}

// posFile is the file of a schedule position "file.go:L:C".
func posFile(pos string) string {
	line := strings.LastIndex(pos, ":")
	if line < 0 {
		return ""
	}
	file := strings.LastIndex(pos[:line], ":")
	if file < 0 {
		return ""
	}
	return pos[:file]
}

// target is the package under test as go/packages loads it with its
// tests: the package compiled with its in-package tests (inner) and its
// external test package (xtest, nil if none), both in directory dir.
type target struct {
	path         string // the schedule's package: p, or p_test
	base         string // p: the import path that loads both
	dir          string
	inner, xtest *packages.Package
	others       []*packages.Package         // the module's other packages with positions of the schedule (loadOthers)
	foreign      map[string]*packages.Module // other modules among others' (a testify suite's), by directory
	draws        bool                        // every random draw is hooked (kiss stress records them), not only the schedule's
	roots        []string                    // roots the generated test runs besides the tests and the schedule's (kiss stress: the examples)
}

// hookVersion is the Go version the hooks are written in (generics, any).
// A file of an older module is compiled at this version for the replay
// (fileEditor.upgrade): a //go:build go1.21 line upgrades a file of a
// module older than go1.21 to go1.21 exactly, which changes no behaviour
// of code that compiled before (the loop variable change is go1.22's).
const hookVersion = "go1.21"

// loadTarget loads the schedule's package pkg from directory from (""
// is the current one), with types and syntax: for a root in an external
// test package p_test, package p with its tests.
func loadTarget(pkg, from string) (*target, error) {
	cfg := &packages.Config{
		Mode: packages.NeedName | packages.NeedFiles | packages.NeedSyntax | packages.NeedTypes |
			packages.NeedTypesInfo | packages.NeedCompiledGoFiles | packages.NeedModule,
		Tests: true,
		Dir:   from,
	}
	t := &target{path: pkg, base: strings.TrimSuffix(pkg, "_test")}
	pkgs, err := packages.Load(cfg, t.base)
	if err != nil {
		return nil, errors.New(OneLine(err.Error()))
	}
	var plain *packages.Package
	for _, p := range pkgs {
		switch {
		case p.ID == t.base:
			plain = p
		case p.PkgPath == t.base && strings.HasSuffix(p.ID, ".test]"):
			t.inner = p
		case p.PkgPath == t.base+"_test":
			t.xtest = p
		}
	}
	if t.inner == nil {
		t.inner = plain
	}
	if t.inner == nil {
		return nil, fmt.Errorf("package %s not found from %s (run kiss replay in its module)", pkg, orDot(from))
	}
	for _, p := range t.packages() {
		if len(p.Errors) > 0 {
			return nil, buildError(pkg, p.Errors)
		}
	}
	// the overlay stands for files of the package's directory: only the
	// module's own, not the module cache's or GOROOT's
	if m := t.inner.Module; m == nil || !m.Main {
		return nil, fmt.Errorf("package %s is not in the main module of %s (run kiss replay in the package's module)", pkg, orDot(from))
	}
	if len(t.inner.GoFiles) == 0 {
		return nil, fmt.Errorf("package %s has no Go files", pkg)
	}
	t.dir = filepath.Dir(t.inner.GoFiles[0])
	return t, nil
}

// BuildError is a package whose code does not build: the compiler's or
// the type checker's errors, one line each.
type BuildError struct {
	Package string
	Errors  []string
}

func (e *BuildError) Error() string { return "package " + e.Package + " " + e.Reason() }

// Reason is the error without the package: "does not build: the first
// error (and n more)".
func (e *BuildError) Reason() string {
	r := "does not build: " + e.Errors[0]
	if n := len(e.Errors) - 1; n > 0 {
		r += fmt.Sprintf(" (and %d more)", n)
	}
	return r
}

// buildError is the BuildError of pkg's errors. A list error of the go
// command has no position of its own: its message is the compiler's
// output, a "# package" line and one line per error.
func buildError(pkg string, errs []packages.Error) *BuildError {
	e := &BuildError{Package: pkg}
	seen := map[string]bool{}
	add := func(l string) {
		if !seen[l] {
			seen[l] = true
			e.Errors = append(e.Errors, l)
		}
	}
	for _, pe := range errs {
		if pe.Kind != packages.ListError {
			continue
		}
		for _, l := range strings.Split(pe.Msg, "\n") {
			if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
				add(l)
			}
		}
	}
	// the type checker's errors are the same again: only without the
	// compiler's lines
	if len(e.Errors) > 0 {
		return e
	}
	for _, pe := range errs {
		if pe.Pos == "" || pe.Pos == "-" {
			add(OneLine(pe.Msg))
		} else {
			add(pe.Pos + ": " + OneLine(pe.Msg))
		}
	}
	if len(e.Errors) == 0 {
		e.Errors = []string{"the go command gave no reason"}
	}
	return e
}

// OneLine joins the lines of a message of the go command ("no required
// module provides package x; to add it:\n\tgo get x"): replay's and
// stress's errors are one line.
func OneLine(msg string) string {
	var lines []string
	for _, l := range strings.Split(msg, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			lines = append(lines, l)
		}
	}
	return strings.Join(lines, " ")
}

// packages are the target's packages that exist: inner, then xtest.
func (t *target) packages() []*packages.Package {
	if t.xtest == nil {
		return []*packages.Package{t.inner}
	}
	return []*packages.Package{t.inner, t.xtest}
}

// check refuses a schedule replay cannot follow: one whose goroutines
// start outside the files of the target's directory and of the module's
// other packages it loaded (only they are instrumented), unless such a
// goroutine takes no step (absent).
func (t *target) check(sch *schedule.Schedule) error {
	files := t.files()
	absent := absentGoroutines(sch, files)
	for _, g := range sch.Goroutines {
		if g.Start == "" || g.Start == "root" || absent[g.ID] {
			continue
		}
		if !files[posFile(g.Start)] {
			return fmt.Errorf("position %s is not in a file of package %s (%s) or of another package of its module: kiss replay instruments only those", g.Start, t.path, t.dir)
		}
	}
	// (a step elsewhere, io/pipe.go:77:2 inside io.Pipe, has no hook: it
	// is taken inside the call, and matched by the stack)
	return nil
}

// absentGoroutines are the goroutines of sch that start outside files (in
// the standard library: the timer of crypto/rand's first read, which it
// stops) and take no step, nor an access of the race: replay does not
// see them start, and need not, as the schedule never runs them. The
// scheduler skips their numbers.
func absentGoroutines(sch *schedule.Schedule, files map[string]bool) map[int]bool {
	active := map[int]bool{}
	for _, st := range sch.Steps {
		active[st.G] = true
	}
	if sch.Race != nil {
		active[sch.Race.First.G], active[sch.Race.Second.G] = true, true
	}
	absent := map[int]bool{}
	for _, g := range sch.Goroutines {
		if g.Start != "" && g.Start != "root" && !files[posFile(g.Start)] && !active[g.ID] {
			absent[g.ID] = true
		}
	}
	return absent
}

// instrumentFiles adds the scheduler's hooks to a copy of each file of the
// target's directory, in both packages (an external test package's copies
// import the package under test, as kissreplayp, for its hooks). It
// reports whether a file calls t.Run: the root then runs outside a
// synctest bubble, which forbids subtests.
func (t *target) instrumentFiles(sch *schedule.Schedule, c *copies, hooked map[string]bool) (subtests bool, err error) {
	race := map[string]string{}
	if sch.Race != nil {
		files := t.files()
		for _, a := range []schedule.Access{sch.Race.First, sch.Race.Second} {
			switch {
			case files[posFile(a.Pos)]:
				race[a.Pos] = a.Pos
			case a.Via != "" && files[posFile(a.Via)]:
				// in code replay does not hook (the standard library's):
				// at the call of the package that makes it
				race[a.Pos] = a.Via
			}
		}
	}
	values := map[string]bool{}
	for _, in := range sch.Inputs {
		if in.Pos != "" {
			values[in.Pos] = true
		}
	}
	for _, p := range append(t.packages(), t.others...) {
		dir, prefix := t.dir, ""
		if p != t.inner && p != t.xtest {
			dir, prefix = filepath.Dir(p.GoFiles[0]), p.PkgPath+"/"
		}
		for i, f := range p.Syntax {
			name := p.CompiledGoFiles[i]
			if filepath.Dir(name) != dir {
				continue
			}
			src, err := os.ReadFile(name)
			if err != nil {
				return false, err
			}
			fe := &fileEditor{fset: p.Fset, tf: p.Fset.File(f.Pos()), path: name, src: src, q: schedQ, prefix: prefix,
				info: p.TypesInfo, file: f, race: race, values: values, draws: t.draws}
			if old := p.TypesInfo.FileVersions[f]; old != "" && version.Compare(old, hookVersion) < 0 {
				fe.upgrade()
			}
			fe.instrumentFile()
			if fe.mentions(schedQ) {
				// (an import of a file with no hook would be unused: an error)
				fe.insert(f.Name.End(), `; import `+schedName+` "`+t.schedPath()+`"`)
			}
			subtests = subtests || fe.subtests
			fe.hookedPositions(hooked)
			if err := c.add(name, fe.apply()); err != nil {
				return false, err
			}
		}
	}
	return subtests, nil
}

// findRoot looks for the root function in the package with its
// in-package tests, then in the external test package; inX reports that
// it was found in the latter.
func (t *target) findRoot(root string) (inX, found bool) {
	for _, p := range t.packages() {
		if _, isFunc := p.Types.Scope().Lookup(root).(*types.Func); isFunc {
			return p == t.xtest, true
		}
	}
	return false, false
}

// callable reports whether root, of the package with its in-package
// tests or of the external test package (inX), is a function without
// parameters: kiss's root for an example, or for a function that starts
// goroutines (a constructor NewX, a test's helper), which replay runs as
// the body of a test.
func (t *target) callable(root string, inX bool) bool {
	p := t.inner
	if inX {
		p = t.xtest
	}
	fn, ok := p.Types.Scope().Lookup(root).(*types.Func)
	return ok && fn.Type().(*types.Signature).Params().Len() == 0
}

// rootTest is the source of the test that runs a root under the scheduler
// (KissReplayRun, in a synctest bubble unless the files call t.Run). It
// finds the root by name at run time (KISS_REPLAY_ROOT) among the TestXxx
// functions of the package's tests and the roots given (functions without
// parameters: examples, a test's helpers), each called by a test of its
// own, so that every schedule of a package runs the same test binary. It
// is in the external test package when there is one, which sees the
// inner package's test functions through its import; in the inner
// package when a root is an unexported function of it.
func (t *target) rootTest(extra []string, subtests bool) string {
	home := t.xtest
	for _, r := range extra {
		if inX, _ := t.findRoot(r); !inX && !token.IsExported(r) {
			home = nil
		}
	}
	if home == nil {
		home = t.inner
	}
	qual := func(p *packages.Package) string {
		if p != home {
			return "kissreplayp."
		}
		return ""
	}
	var roots, poss []string
	seen := map[string]bool{}
	add := func(name, fn string) {
		if !seen[name] {
			seen[name] = true
			roots = append(roots, fmt.Sprintf("\t%q: %s,\n", name, fn))
			poss = append(poss, fmt.Sprintf("\t%q: %q,\n", name, t.funcPos(name)))
		}
	}
	for _, p := range t.packages() {
		if p == t.xtest && home != t.xtest {
			continue // (the inner package cannot see it)
		}
		for _, name := range p.Types.Scope().Names() {
			if testFunc(p.Types.Scope().Lookup(name)) {
				add(name, qual(p)+name)
			}
		}
	}
	for _, r := range extra {
		p := t.inner
		if inX, _ := t.findRoot(r); inX {
			p = t.xtest
		}
		if strings.HasPrefix(r, "Benchmark") {
			add(r, schedQ+"KissReplayBench("+qual(p)+r+")")
			continue
		}
		add(r, "func(*testing.T) { "+qual(p)+r+"() }")
	}
	root := "package " + home.Types.Name() + "\n\nimport (\n\t\"os\"\n\t\"testing\"\n\n\t" + schedName + " " + strconv.Quote(t.schedPath()) + "\n"
	if home != t.inner && strings.Contains(strings.Join(roots, ""), "kissreplayp.") {
		root += "\tkissreplayp \"" + t.base + "\"\n"
	}
	warm := t.usesSignals()
	if warm {
		root += "\tkissreplaysignal \"os/signal\"\n"
	}
	root += ")\n\n"
	if warm {
		// Go's runtime starts os/signal's goroutine and makes its channels
		// at the process's first Notify; inside the root's synctest bubble
		// that is a fatal error ("select on synctest channel from outside
		// bubble"), so the first one is here, outside it.
		root += "func init() {\n\tc := make(chan os.Signal, 1)\n\tkissreplaysignal.Notify(c, os.Interrupt)\n\tkissreplaysignal.Stop(c)\n}\n\n"
	}
	return root + "var kissReplayRoots = map[string]func(*testing.T){\n" + strings.Join(roots, "") + "}\n\n" +
		"// where each root is declared: the model's position of its end\n" +
		"var kissReplayRootPos = map[string]string{\n" + strings.Join(poss, "") + "}\n\n" +
		"func TestKissReplayRoot(t *testing.T) {\n\tname := os.Getenv(\"KISS_REPLAY_ROOT\")\n\troot := kissReplayRoots[name]\n" +
		"\tif root == nil {\n\t\tt.Fatal(\"kiss replay: no root \" + name)\n\t}\n\t" + schedQ + "KissReplayRun(t, root, kissReplayRootPos[name], " + strconv.FormatBool(!subtests) + ")\n}\n"
}

// usesSignals reports whether the test packages import os/signal, as far
// as their types tell (directly, or through what their imports' export
// data names).
func (t *target) usesSignals() bool {
	seen := map[*types.Package]bool{}
	var walk func(p *types.Package) bool
	walk = func(p *types.Package) bool {
		if seen[p] {
			return false
		}
		seen[p] = true
		if p.Path() == "os/signal" {
			return true
		}
		return slices.ContainsFunc(p.Imports(), walk)
	}
	return slices.ContainsFunc(t.packages(), func(p *packages.Package) bool { return walk(p.Types) })
}

// funcPos is the position of the name of the package-level function name
// of either test package, as kiss names it ("x_test.go:12:6"), "" if
// there is none.
func (t *target) funcPos(name string) string {
	for _, p := range t.packages() {
		if fn, ok := p.Types.Scope().Lookup(name).(*types.Func); ok {
			pos := p.Fset.Position(fn.Pos())
			return fmt.Sprintf("%s:%d:%d", filepath.Base(pos.Filename), pos.Line, pos.Column)
		}
	}
	return ""
}

// copies are the files go test -overlay reads instead of the package's:
// each original path (existing or not) and its copy in work.
type copies struct {
	work    string
	replace map[string]string
	// modules are the other modules with instrumented files, by
	// directory: each is copied into work, its copies written there, and
	// replaced by the copy in the go.mod go test reads (modfile).
	modules map[string]*packages.Module
	copied  map[string]string // module directory -> its copy
	hashed  map[string]string // the files written in those copies, by the original's path (the key's)
}

// writeFile writes the work directory's files (a variable for
// FuzzPrepare, which checks that each is inside the work directory).
var writeFile = os.WriteFile

// add writes data as the copy that stands for the file at path.
func (c *copies) add(path string, data []byte) error {
	for dir := range c.modules {
		rel, err := filepath.Rel(dir, path)
		if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			continue
		}
		cp, err := c.moduleCopy(dir)
		if err != nil {
			return err
		}
		dst := filepath.Join(cp, rel)
		if c.hashed == nil {
			c.hashed = map[string]string{}
		}
		c.hashed[path] = dst
		return writeFile(dst, data, 0o644)
	}
	cp := filepath.Join(c.work, fmt.Sprintf("%d_%s", len(c.replace), filepath.Base(path)))
	if err := writeFile(cp, data, 0o644); err != nil {
		return err
	}
	c.replace[path] = cp
	return nil
}

// save writes the overlay file and returns its path and the key of the
// test binary it builds: a hash of what it puts where, so that the
// schedules of one package share one binary (testBinary).
func (c *copies) save() (path, key string, err error) {
	ov, err := json.Marshal(map[string]any{"Replace": c.replace})
	if err != nil {
		return "", "", err
	}
	h := sha256.New()
	for _, files := range []map[string]string{c.replace, c.hashed} {
		names := make([]string, 0, len(files))
		for name := range files {
			names = append(names, name)
		}
		sort.Strings(names)
		for _, name := range names {
			data, err := os.ReadFile(files[name])
			if err != nil {
				return "", "", err
			}
			fmt.Fprintf(h, "%s\x00%d\x00", name, len(data))
			h.Write(data)
		}
	}
	path = filepath.Join(c.work, "overlay.json")
	return path, hex.EncodeToString(h.Sum(nil)), writeFile(path, ov, 0o644)
}

// moduleCopy copies the module in directory dir into the work directory
// once, and returns the copy's directory.
func (c *copies) moduleCopy(dir string) (string, error) {
	if cp, ok := c.copied[dir]; ok {
		return cp, nil
	}
	cp, err := filepath.Abs(filepath.Join(c.work, fmt.Sprintf("module%d", len(c.copied))))
	if err != nil {
		return "", err
	}
	if err := os.CopyFS(cp, os.DirFS(dir)); err != nil {
		return "", fmt.Errorf("copying module %s: %v", c.modules[dir].Path, err)
	}
	// a module from before modules (go-spew) has no go.mod, which a
	// directory that replaces it needs
	gomod := filepath.Join(cp, "go.mod")
	if _, err := os.Stat(gomod); os.IsNotExist(err) {
		if err := writeFile(gomod, []byte("module "+c.modules[dir].Path+"\n"), 0o644); err != nil {
			return "", err
		}
	}
	if c.copied == nil {
		c.copied = map[string]string{}
	}
	c.copied[dir] = cp
	return cp, nil
}

// modfile writes, when other modules have instrumented copies, the main
// module's go.mod (at gomod) with a replace of each by its copy, and its
// go.sum beside it, for go test -modfile; "" when there are none.
func (c *copies) modfile(gomod string) (string, error) {
	if len(c.copied) == 0 {
		return "", nil
	}
	data, err := os.ReadFile(gomod)
	if err != nil {
		return "", err
	}
	f, err := modfile.Parse(gomod, data, nil)
	if err != nil {
		return "", err
	}
	var dirs []string
	for dir := range c.copied {
		dirs = append(dirs, dir)
	}
	sort.Strings(dirs)
	for _, dir := range dirs {
		m := c.modules[dir]
		if err := f.AddReplace(m.Path, m.Version, c.copied[dir], ""); err != nil {
			return "", err
		}
	}
	if data, err = f.Format(); err != nil {
		return "", err
	}
	path := filepath.Join(c.work, "kiss_replay.mod")
	if err := writeFile(path, data, 0o644); err != nil {
		return "", err
	}
	sum, err := os.ReadFile(strings.TrimSuffix(gomod, ".mod") + ".sum")
	if err != nil && !os.IsNotExist(err) {
		return "", err
	}
	return path, writeFile(strings.TrimSuffix(path, ".mod")+".sum", sum, 0o644)
}

// edit replaces the bytes [off, off+del) of a file by text. Every edit that
// inserts text is followed by a /*line*/ directive giving the position of
// the original byte after it, so positions of the user's code are the same
// in the instrumented copy (panics, t.Errorf and stacks show them).
type edit struct {
	off, del int
	text     string
	seq      int // order of edits at one offset
}

// fileEditor collects the edits of one file.
type fileEditor struct {
	fset     *token.FileSet
	tf       *token.File
	path     string // absolute path of the original file
	src      []byte
	edits    []edit
	q        string // how this file names the scheduler's package (schedQ; "" in tests of the editor alone)
	info     *types.Info
	file     *ast.File
	race     map[string]string          // racing accesses ("file:L:C") → where to hook them (the same, or the call that makes one in code without hooks)
	prefix   string                     // how positions name the file's directory: "" for the package under test's, "example.com/m/p/" for another package's
	values   map[string]bool            // positions of calls whose results the schedule gives
	draws    bool                       // hook every random draw (summaries.RandomDraw)
	subtests bool                       // the file calls t.Run
	stmtCall map[*ast.CallExpr]bool     // calls of go and defer statements
	called   map[*ast.SelectorExpr]bool // selectors called, not method values
}

func (fe *fileEditor) off(p token.Pos) int { return fe.tf.Offset(p) }

func (fe *fileEditor) insert(p token.Pos, text string) {
	fe.edits = append(fe.edits, edit{off: fe.off(p), text: text, seq: len(fe.edits)})
}

func (fe *fileEditor) replace(from, to token.Pos, text string) {
	fe.edits = append(fe.edits, edit{off: fe.off(from), del: fe.off(to) - fe.off(from), text: text, seq: len(fe.edits)})
}

// pos is the schedule's name of a position: "file.go:L:C".
func (fe *fileEditor) pos(p token.Pos) string {
	ps := fe.fset.Position(p)
	return fmt.Sprintf("%s%s:%d:%d", fe.prefix, filepath.Base(ps.Filename), ps.Line, ps.Column)
}

func (fe *fileEditor) fn(name string) string { return fe.q + name }

// mentions reports whether an edit of the file writes s.
func (fe *fileEditor) mentions(s string) bool {
	for _, e := range fe.edits {
		if strings.Contains(e.text, s) {
			return true
		}
	}
	return false
}

// apply returns the instrumented source.
// hookedPositions adds to hooked the positions this file's hooks carry
// (the schedule's "file.go:L:C" strings in the inserted text).
func (fe *fileEditor) hookedPositions(hooked map[string]bool) {
	re := regexp.MustCompile(`"` + regexp.QuoteMeta(fe.prefix+filepath.Base(fe.path)) + `:\d+:\d+"`)
	for _, e := range fe.edits {
		for _, m := range re.FindAllString(e.text, -1) {
			hooked[m[1:len(m)-1]] = true
		}
	}
}

func (fe *fileEditor) apply() []byte {
	sort.SliceStable(fe.edits, func(i, j int) bool {
		if fe.edits[i].off != fe.edits[j].off {
			return fe.edits[i].off < fe.edits[j].off
		}
		// at one offset: insertions before replacements, in creation order
		if (fe.edits[i].del == 0) != (fe.edits[j].del == 0) {
			return fe.edits[i].del == 0
		}
		return fe.edits[i].seq < fe.edits[j].seq
	})
	var b strings.Builder
	// the copy's first lines are the original's, under the original's name
	// (a line comment: a //go:build line after it still counts)
	fmt.Fprintf(&b, "//line %s:1:1\n", fe.path)
	last := 0
	for i := 0; i < len(fe.edits); i++ {
		e := fe.edits[i]
		if e.off < last {
			continue // overlaps an earlier replacement: dropped
		}
		b.Write(fe.src[last:e.off])
		b.WriteString(e.text)
		last = e.off + e.del
		// several edits at one offset share one directive
		if i+1 < len(fe.edits) && fe.edits[i+1].off == last && fe.edits[i+1].del == 0 {
			continue
		}
		if e.text != "" && last < len(fe.src) {
			p := fe.tf.Position(fe.tf.Pos(last))
			fmt.Fprintf(&b, "/*line %s:%d:%d*/", fe.path, p.Line, p.Column)
		}
	}
	b.Write(fe.src[last:])
	return []byte(b.String())
}

// upgrade makes the copy compile at hookVersion: the file's build
// constraint, //go:build or +build lines, gets "go1.21 &&" in front.
func (fe *fileEditor) upgrade() {
	var plus []string
	for _, g := range fe.file.Comments {
		if g.Pos() >= fe.file.Package {
			break
		}
		for _, c := range g.List {
			if constraint.IsGoBuild(c.Text) {
				if x, err := constraint.Parse(c.Text); err == nil {
					fe.replace(c.Pos(), c.End(), "//go:build "+hookVersion+" && ("+x.String()+")")
					return
				}
			} else if constraint.IsPlusBuild(c.Text) {
				plus = append(plus, c.Text)
			}
		}
	}
	expr := hookVersion
	for _, line := range plus {
		if x, err := constraint.Parse(line); err == nil {
			expr += " && (" + x.String() + ")"
		}
	}
	fe.insert(fe.file.FileStart, "//go:build "+expr+"\n\n")
}

// instrumentFile adds the scheduler's hooks to one file.
func (fe *fileEditor) instrumentFile() {
	// statements with a racing access get KissReplayAccess before them
	if len(fe.race) > 0 {
		fe.raceHooks()
	}
	inSelect := map[ast.Node]bool{}
	ast.Inspect(fe.file, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectStmt:
			if single := singleComm(n); single != nil {
				// go/ssa makes a blocking select of one case a plain
				// send or receive, and so does the model: its step is
				// the communication's own.
				if s, ok := single.(*ast.SendStmt); ok {
					markComm(s, inSelect)
					fe.insert(s.Chan.Pos(), fe.fn("KissReplayAt")+`("send", `+strconv.Quote(fe.pos(s.Arrow))+`, `)
					fe.insert(s.Chan.End(), ")")
				}
				return fe.visitExpr(n, inSelect)
			}
			at := strconv.Quote(fe.pos(n.Pos()))
			// The operands are evaluated before the select's step: when
			// one calls code outside the standard library, which may take
			// steps of its own (a go statement), the select's step is
			// taken after the last operand (KissReplayAt), not before the
			// statement, and each case finds ahead whether it is the one
			// the step takes (KissReplaySelNext).
			var operands []ast.Expr
			for _, c := range n.Body.List {
				if cc, ok := c.(*ast.CommClause); ok && cc.Comm != nil {
					if ch := commChan(cc.Comm); ch != nil {
						operands = append(operands, ch)
					}
					if s, ok := cc.Comm.(*ast.SendStmt); ok {
						operands = append(operands, s.Value)
					}
				}
			}
			late := false
			for _, x := range operands {
				late = late || fe.callsOwn(x)
			}
			i := 0
			for _, c := range n.Body.List {
				cc, ok := c.(*ast.CommClause)
				if !ok {
					continue
				}
				// (kiss stress records the case the select took)
				if cc.Comm == nil {
					fe.insert(cc.Colon+1, " "+fe.fn("KissReplayCase")+"(-1);")
					continue
				}
				fe.insert(cc.Colon+1, " "+fe.fn("KissReplayCase")+"("+strconv.Itoa(i)+");")
				markComm(cc.Comm, inSelect)
				if ch := commChan(cc.Comm); ch != nil {
					last := late && ch == operands[len(operands)-1]
					switch {
					case last:
						fe.insert(ch.Pos(), fe.fn("KissReplayAt")+`("select", `+at+", "+fe.fn("KissReplaySelNext")+"("+strconv.Itoa(i)+", "+at+", ")
						fe.insert(ch.End(), "))")
					case late:
						fe.insert(ch.Pos(), fe.fn("KissReplaySelNext")+"("+strconv.Itoa(i)+", "+at+", ")
						fe.insert(ch.End(), ")")
					default:
						fe.insert(ch.Pos(), fe.fn("KissReplaySel")+"("+strconv.Itoa(i)+", ")
						fe.insert(ch.End(), ")")
					}
				}
				if s, ok := cc.Comm.(*ast.SendStmt); ok && late && s.Value == operands[len(operands)-1] {
					fe.insert(s.Value.Pos(), fe.fn("KissReplayAt")+`("select", `+at+", ")
					fe.insert(s.Value.End(), ")")
				}
				i++
			}
			if !late {
				fe.insert(fe.stmtStart(n), fe.fn("KissReplayHook")+`("select", `+at+`); `)
			}
		case *ast.GoStmt:
			fe.markStmtCall(n.Call)
			fe.goStmt(n)
		case *ast.DeferStmt:
			fe.markStmtCall(n.Call)
			if !fe.deferStmt(n) {
				return true
			}
			// the call's operands are evaluated now; the call runs later
			for _, a := range n.Call.Args {
				ast.Inspect(a, func(m ast.Node) bool { return fe.visitExpr(m, inSelect) })
			}
			return false
		case *ast.RangeStmt:
			if t, ok := fe.info.TypeOf(n.X).Underlying().(*types.Chan); ok && t != nil {
				fe.rangeChan(n)
			}
		case *ast.SendStmt:
			if !inSelect[n] {
				pos := strconv.Quote(fe.pos(n.Arrow))
				if hasCall(n.Value) {
					// the value is evaluated before the send's step
					fe.insert(n.Chan.Pos(), fe.fn("KissReplaySend")+"("+pos+", ")
					fe.replace(n.Chan.End(), n.Value.Pos(), ", ")
					fe.insert(n.Value.End(), ")")
				} else {
					fe.insert(n.Chan.Pos(), fe.fn("KissReplayAt")+`("send", `+pos+`, `)
					fe.insert(n.Chan.End(), ")")
				}
			}
		}
		return fe.visitExpr(n, inSelect)
	})
}

func (fe *fileEditor) markStmtCall(c *ast.CallExpr) {
	if fe.stmtCall == nil {
		fe.stmtCall = map[*ast.CallExpr]bool{}
	}
	fe.stmtCall[c] = true
}

// singleComm is the communication of a select with one case and no
// default, nil for any other select.
func singleComm(s *ast.SelectStmt) ast.Stmt {
	if len(s.Body.List) != 1 {
		return nil
	}
	if cc, ok := s.Body.List[0].(*ast.CommClause); ok {
		return cc.Comm
	}
	return nil
}

// commChan is the channel operand of a select case.
func commChan(s ast.Stmt) ast.Expr {
	switch s := s.(type) {
	case *ast.SendStmt:
		return s.Chan
	case *ast.ExprStmt:
		if u, ok := ast.Unparen(s.X).(*ast.UnaryExpr); ok && u.Op == token.ARROW {
			return u.X
		}
	case *ast.AssignStmt:
		if len(s.Rhs) == 1 {
			if u, ok := ast.Unparen(s.Rhs[0]).(*ast.UnaryExpr); ok && u.Op == token.ARROW {
				return u.X
			}
		}
	}
	return nil
}

// callsOwn reports whether e calls a function outside the standard
// library (the package's, its module's, a dependency's), or a function
// value (which may be one): such a call may take steps of the schedule.
func (fe *fileEditor) callsOwn(e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || found {
			return !found
		}
		if tv, ok := fe.info.Types[call.Fun]; ok && tv.IsType() {
			return true // a conversion
		}
		var obj types.Object
		switch f := ast.Unparen(call.Fun).(type) {
		case *ast.Ident:
			obj = fe.info.Uses[f]
		case *ast.SelectorExpr:
			obj = fe.info.Uses[f.Sel]
		case *ast.FuncLit:
			found = true
			return false
		}
		switch obj := obj.(type) {
		case *types.Func:
			// (the standard library's own are steps inside a call, or none)
			found = !strings.HasPrefix(fe.fset.Position(obj.Pos()).Filename, goroot)
		case *types.Builtin:
		default:
			found = true // a func value
		}
		return !found
	})
	return found
}

// goroot is where the standard library's files are.
var goroot = filepath.Join(build.Default.GOROOT, "src") + string(filepath.Separator)

// hasCall reports whether evaluating e may run code: a call or a receive.
func hasCall(e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			found = true
		case *ast.UnaryExpr:
			found = found || n.Op == token.ARROW
		case *ast.FuncLit:
			return false
		}
		return !found
	})
	return found
}

func markComm(s ast.Stmt, m map[ast.Node]bool) {
	m[s] = true
	switch s := s.(type) {
	case *ast.ExprStmt:
		m[ast.Unparen(s.X)] = true
	case *ast.AssignStmt:
		for _, r := range s.Rhs {
			m[ast.Unparen(r)] = true
		}
	}
}

// stmtStart is where a hook before statement s goes: before the label of
// a labeled statement, so that the label still names s.
func (fe *fileEditor) stmtStart(s ast.Stmt) token.Pos {
	var start token.Pos = s.Pos()
	ast.Inspect(fe.file, func(n ast.Node) bool {
		if l, ok := n.(*ast.LabeledStmt); ok && l.Stmt == s {
			start = l.Pos()
			return false
		}
		return true
	})
	return start
}

// visitExpr instruments receives and calls of the library's visible
// operations; it returns whether to descend.
func (fe *fileEditor) visitExpr(n ast.Node, inSelect map[ast.Node]bool) bool {
	switch n := n.(type) {
	case *ast.UnaryExpr:
		if n.Op == token.ARROW && !inSelect[n] {
			fe.insert(n.X.Pos(), fe.fn("KissReplayAt")+`("recv", `+strconv.Quote(fe.pos(n.OpPos))+`, `)
			fe.insert(n.X.End(), ")")
		}
	case *ast.CallExpr:
		if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok {
			fe.markCalled(sel)
		}
		fe.call(n)
	case *ast.SelectorExpr:
		if !fe.called[n] {
			fe.methodValue(n)
		}
	}
	return true
}

func (fe *fileEditor) markCalled(sel *ast.SelectorExpr) {
	if fe.called == nil {
		fe.called = map[*ast.SelectorExpr]bool{}
	}
	fe.called[sel] = true
}

// methodValue hooks a method value of a visible operation (release :=
// mu.Unlock): the function it makes is the operation after its scheduling
// point, named where the method value is made, as in the model (go/ssa's
// bound-method wrapper, copied per site). The receiver is evaluated now,
// as Go does.
func (fe *fileEditor) methodValue(sel *ast.SelectorExpr) {
	if !fe.isMethodValue(sel) {
		return
	}
	fn, ok := fe.info.Selections[sel].Obj().(*types.Func)
	if !ok || fn.Pkg() == nil {
		return
	}
	pkg, recv, name := funcKey(fn)
	op := syncOp(pkg, recv, name)
	if op == "" || op == "cancel" {
		return
	}
	pos := strconv.Quote(fe.pos(sel.Sel.Pos()))
	if hook, withOp := lockHook(recv, name); hook != "" {
		fe.hookReceiver(sel, sel.End(), hook+"Fn", withOp, op, pos)
		return
	}
	sig := fn.Type().(*types.Signature)
	hook := ""
	switch {
	case sig.Params().Len() == 0 && sig.Results().Len() == 0:
		hook = "KissReplayFn"
	case sig.Params().Len() == 0 && sig.Results().Len() == 1:
		hook = "KissReplayFnR"
	case sig.Params().Len() == 1 && sig.Results().Len() == 0 && !sig.Variadic():
		hook = "KissReplayFn1"
	default:
		return
	}
	fe.insert(sel.Pos(), fe.fn(hook)+`("`+op+`", `+pos+", ")
	fe.insert(sel.End(), ")")
}

// funcKey names a function: package path, receiver type name ("" for a
// function) and name.
func funcKey(o *types.Func) (pkg, recv, name string) {
	if r := o.Type().(*types.Signature).Recv(); r != nil {
		t := r.Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		if nt, ok := types.Unalias(t).(*types.Named); ok {
			recv = nt.Obj().Name()
		}
	}
	return o.Pkg().Path(), recv, o.Name()
}

// callee names the function a call calls: package path, receiver type
// name ("" for a function) and name.
func (fe *fileEditor) callee(call *ast.CallExpr) (pkg, recv, name string, sel *ast.SelectorExpr, builtin bool) {
	fun := ast.Unparen(call.Fun)
	var obj types.Object
	switch f := fun.(type) {
	case *ast.Ident:
		obj = fe.info.Uses[f]
	case *ast.SelectorExpr:
		sel = f
		obj = fe.info.Uses[f.Sel]
	case *ast.IndexExpr, *ast.IndexListExpr:
		return
	}
	switch o := obj.(type) {
	case *types.Builtin:
		return "", "", o.Name(), sel, true
	case *types.Func:
		if o.Pkg() == nil {
			return
		}
		pkg, recv, name = funcKey(o)
		return pkg, recv, name, sel, false
	case *types.Var:
		if nt, ok := types.Unalias(o.Type()).(*types.Named); ok && nt.Obj().Pkg() != nil &&
			nt.Obj().Pkg().Path() == "context" && (nt.Obj().Name() == "CancelFunc" || nt.Obj().Name() == "CancelCauseFunc") {
			return "context", "", nt.Obj().Name(), sel, false
		}
	}
	return
}

// syncOp is the model's op name of a call of the sync, sync/atomic or time
// API, "" if the call is not a visible operation.
func syncOp(pkg, recv, name string) string {
	switch pkg {
	case "sync":
		switch recv + "." + name {
		case "Mutex.Lock", "RWMutex.Lock":
			return "lock"
		case "Mutex.Unlock", "RWMutex.Unlock":
			return "unlock"
		case "Mutex.TryLock", "RWMutex.TryLock":
			return "trylock"
		case "RWMutex.RLock":
			return "rlock"
		case "RWMutex.TryRLock":
			return "tryrlock"
		case "RWMutex.RUnlock":
			return "runlock"
		case "WaitGroup.Add", "WaitGroup.Done":
			return "wg.add"
		case "WaitGroup.Wait":
			return "wg.wait"
		case "Once.Do":
			return "once"
		case "Cond.Wait":
			return "cond.wait"
		case "Cond.Signal":
			return "cond.signal"
		case "Cond.Broadcast":
			return "cond.broadcast"
		case "Locker.Lock":
			return "lock"
		case "Locker.Unlock":
			return "unlock"
		}
		if recv == "Map" { // each method one visible operation (summaries/models/syncdata.ir)
			return "map." + strings.ToLower(name)
		}
	case "sync/atomic":
		for _, op := range []string{"CompareAndSwap", "Add", "Load", "Store", "Swap", "And", "Or"} {
			if strings.HasPrefix(name, op) {
				return "atomic." + strings.ToLower(op)
			}
		}
	case "time":
		switch recv + "." + name {
		case "Timer.Stop":
			return "timer.stop"
		case "Timer.Reset":
			return "timer.reset"
		}
	case "context":
		if name == "CancelFunc" || name == "CancelCauseFunc" {
			return "cancel"
		}
	}
	return ""
}

// runThroughInterface reports whether sel, a call's callee, is the method
// Run of an interface held in a variable, with *testing.T's Run's
// signature.
func (fe *fileEditor) runThroughInterface(sel *ast.SelectorExpr) bool {
	if sel == nil {
		return false
	}
	if _, ok := sel.X.(*ast.Ident); !ok || !types.IsInterface(fe.info.TypeOf(sel.X)) {
		return false
	}
	s := fe.info.Selections[sel]
	if s == nil {
		return false
	}
	sig, ok := s.Type().(*types.Signature)
	if !ok || sig.Params().Len() != 2 || sig.Results().Len() != 1 {
		return false
	}
	f, ok := sig.Params().At(1).Type().(*types.Signature)
	return ok && f.Params().Len() == 1 && types.TypeString(f.Params().At(0).Type(), nil) == "*testing.T" &&
		types.TypeString(sig.Results().At(0).Type(), nil) == "bool"
}

// needsAddr reports whether x must be passed as &x to a hook that takes a
// pointer (or interface) receiver: x is neither a pointer nor an interface.
func (fe *fileEditor) needsAddr(x ast.Expr) bool {
	t := fe.info.TypeOf(x)
	if t == nil {
		return false
	}
	switch t.Underlying().(type) {
	case *types.Pointer, *types.Interface:
		return false
	}
	return true
}

func (fe *fileEditor) call(call *ast.CallExpr) {
	pkg, recv, name, sel, builtin := fe.callee(call)
	pos := strconv.Quote(fe.pos(call.Lparen))
	if fn := pkg + "." + name; recv == "" && (fe.values[fe.pos(call.Lparen)] || fe.draws && summaries.RandomDraw(fn)) {
		// a random draw: the run gets the schedule's value, or kiss stress
		// records the real one
		fe.insert(call.Pos(), fe.fn("KissReplayValue")+"("+strconv.Quote(fn)+", "+pos+", ")
		fe.insert(call.End(), ")")
	}
	if builtin {
		if name == "close" && len(call.Args) == 1 {
			fe.insert(call.Args[0].Pos(), fe.fn("KissReplayAt")+`("close", `+pos+`, `)
			fe.insert(call.Args[0].End(), ")")
		}
		return
	}
	switch {
	case pkg == "time" && recv == "" && (name == "Tick" || name == "NewTicker") && len(call.Args) == 1:
		fe.insert(call.Args[0].Pos(), fe.fn("KissReplayTicker")+"("+pos+", ")
		fe.insert(call.Args[0].End(), ")")
		return
	case pkg == "time" && recv == "" && (name == "After" || name == "NewTimer") && len(call.Args) == 1:
		fe.insert(call.Args[0].Pos(), fe.fn("KissReplayDur")+"("+pos+", ")
		fe.insert(call.Args[0].End(), ")")
		return
	case pkg == "time" && recv == "" && name == "AfterFunc" && len(call.Args) == 2:
		fe.insert(call.Args[0].Pos(), fe.fn("KissReplayAfterFunc")+"("+pos+", ")
		fe.insert(call.Args[1].End(), ")")
		return
	case pkg == "context" && (name == "WithTimeout" || name == "WithTimeoutCause") && len(call.Args) >= 2:
		fe.insert(call.Args[1].Pos(), fe.fn("KissReplayDur")+"("+pos+", ")
		fe.insert(call.Args[1].End(), ")")
		return
	case pkg == "context" && (name == "WithDeadline" || name == "WithDeadlineCause") && len(call.Args) >= 2:
		fe.insert(call.Args[1].Pos(), fe.fn("KissReplayTime")+"("+pos+", ")
		fe.insert(call.Args[1].End(), ")")
		return
	case pkg == "sync" && recv == "" && (name == "OnceFunc" || name == "OnceValue" || name == "OnceValues") && len(call.Args) == 1:
		// the func it returns takes the model's once step, named here,
		// each time it is called, wherever that is (as a method value's)
		hook := map[string]string{"OnceFunc": "KissReplayFn", "OnceValue": "KissReplayFnR", "OnceValues": "KissReplayFnR2"}[name]
		fe.insert(call.Pos(), fe.fn(hook)+`("once", `+pos+`, `)
		fe.insert(call.End(), ")")
		return
	case pkg == "sync" && name == "NewCond" && len(call.Args) == 1:
		fe.insert(call.Args[0].Pos(), fe.fn("KissReplayLocker")+"(")
		fe.insert(call.Args[0].End(), ")")
		return
	case pkg == "time" && recv == "" && name == "Sleep" && len(call.Args) == 1:
		fe.insert(call.Fun.Pos(), fe.fn("KissReplayCall1")+`("sleep", `+pos+`, `)
		fe.replace(call.Lparen, call.Lparen+1, ", ")
		return
	case pkg == "testing" && (recv == "T" || recv == "B") && name == "Run" && len(call.Args) == 2:
		// the subtest (or sub-benchmark) is a goroutine: the caller's go
		// step when f is evaluated, its t.run step inside t.Run, and
		// KissReplayRan when it is back
		fe.subtests = true
		if !fe.stmtCall[call] {
			fe.insert(call.Pos(), fe.fn("KissReplayRan")+"(")
			fe.insert(call.End(), ")")
		}
		sub := "KissReplaySub"
		if recv == "B" {
			sub = "KissReplaySubB"
		}
		fe.insert(call.Args[1].Pos(), fe.fn(sub)+"("+pos+", ")
		fe.insert(call.Args[1].End(), ")")
		return
	case name == "Run" && len(call.Args) == 2 && fe.runThroughInterface(sel):
		// t.Run through an interface (testify's suite.Run up to v1.10):
		// t.Run's hooks when the receiver is a *testing.T
		fe.subtests = true
		if !fe.stmtCall[call] {
			fe.insert(call.Pos(), fe.fn("KissReplayRan")+"(")
			fe.insert(call.End(), ")")
		}
		fe.insert(call.Args[1].Pos(), fe.fn("KissReplaySubOf")+"("+pos+", "+sel.X.(*ast.Ident).Name+", ")
		fe.insert(call.Args[1].End(), ")")
		return
	case pkg == "testing" && recv == "B" && name == "RunParallel" && len(call.Args) == 1 && sel != nil:
		// b.RunParallel(body) -> KissReplayRunParallel(pos, b, body)
		fe.insert(call.Pos(), fe.fn("KissReplayRunParallel")+"("+pos+", ")
		fe.replace(sel.X.End(), call.Args[0].Pos(), ", ")
		return
	case pkg == "testing" && recv == "T" && name == "Parallel" && len(call.Args) == 0 && sel != nil:
		fe.insert(call.Pos(), fe.fn("KissReplayParallel")+"("+pos+", ")
		fe.replace(sel.X.End(), call.End(), ")")
		return
	case pkg == "runtime" && name == "Gosched" && len(call.Args) == 0:
		fe.insert(call.Fun.Pos(), fe.fn("KissReplayCall0")+`("gosched", `+pos+`, `)
		fe.replace(call.Lparen, call.End(), ")")
		return
	case pkg == "testing/synctest" && name == "Test" && len(call.Args) == 2:
		// f runs on a goroutine of the bubble, as a subtest's does (and
		// the model has it so); the root runs outside replay's own bubble,
		// as bubbles do not nest
		fe.subtests = true
		fe.insert(call.Args[1].Pos(), fe.fn("KissReplaySub")+"("+pos+", ")
		fe.insert(call.Args[1].End(), ")")
		if !fe.stmtCall[call] {
			fe.insert(call.Pos(), "func() { ")
			fe.insert(call.End(), "; "+fe.fn("KissReplayRan")+"(true) }()")
		}
		return
	case pkg == "testing/synctest" && name == "Wait" && len(call.Args) == 0:
		fe.insert(call.Fun.Pos(), fe.fn("KissReplayCall0")+`("synctest.wait", `+pos+`, `)
		fe.replace(call.Lparen, call.End(), ")")
		return
	}
	op := syncOp(pkg, recv, name)
	if op == "" {
		return
	}
	if op == "cancel" {
		switch len(call.Args) {
		case 0:
			fe.insert(call.Fun.Pos(), fe.fn("KissReplayCall0")+`("cancel", "", `)
			fe.replace(call.Lparen, call.End(), ")")
		case 1: // a CancelCauseFunc's cause, as the error it is passed as
			if call.Ellipsis == token.NoPos {
				fe.insert(call.Fun.Pos(), fe.fn("KissReplayCall1")+`("cancel", "", `)
				fe.replace(call.Lparen, call.Args[0].Pos(), ", error(")
				fe.insert(call.Args[0].End(), ")")
			}
		}
		return
	}
	if recv == "" { // sync/atomic functions: the pointer is the first argument
		if len(call.Args) > 0 {
			fe.insert(call.Args[0].Pos(), fe.fn("KissReplayAt")+`("`+op+`", `+pos+`, `)
			fe.insert(call.Args[0].End(), ")")
		}
		return
	}
	if sel == nil {
		return
	}
	if !fe.isMethodValue(sel) {
		return // a method expression, (*sync.Mutex).Lock(&mu): not hooked
	}
	if op == "timer.reset" && len(call.Args) == 1 {
		// the model's Reset starts a new timer goroutine, as NewTimer does
		fe.insert(call.Args[0].Pos(), fe.fn("KissReplayDur")+"("+pos+", ")
		fe.insert(call.Args[0].End(), ")")
	}
	if hook, withOp := lockHook(recv, name); hook != "" {
		fe.hookReceiver(sel, call.End(), hook, withOp, op, pos)
		return
	}
	x := sel.X
	if fe.needsAddr(x) {
		fe.insert(x.Pos(), "(*"+fe.fn("KissReplayAt")+`("`+op+`", `+pos+`, &`)
		fe.insert(x.End(), "))")
	} else {
		fe.insert(x.Pos(), fe.fn("KissReplayAt")+`("`+op+`", `+pos+`, `)
		fe.insert(x.End(), ")")
	}
}

// lockHook is the hook that performs a call of recv.name itself (the
// scheduler's lock model), "" for an operation that is KissReplayAt
// before the real call; withOp says the hook takes the op first.
func lockHook(recv, name string) (hook string, withOp bool) {
	switch {
	case recv == "RWMutex" && (name == "Lock" || name == "Unlock" || name == "RLock" || name == "RUnlock"):
		return "KissReplayRWMutex", true
	case recv == "Mutex" && name == "Lock":
		return "KissReplayLock", false
	case recv == "Mutex" && name == "Unlock":
		return "KissReplayUnlock", false
	case recv == "Cond" && name == "Wait":
		return "KissReplayCondWait", false
	}
	return "", false
}

// hookReceiver replaces x.M (up to end) by hook(op?, pos, &x).
func (fe *fileEditor) hookReceiver(sel *ast.SelectorExpr, end token.Pos, hook string, withOp bool, op, pos string) {
	amp := ""
	if fe.needsAddr(sel.X) {
		amp = "&"
	}
	opArg := ""
	if withOp {
		opArg = `"` + op + `", `
	}
	fe.insert(sel.X.Pos(), fe.fn(hook)+"("+opArg+pos+", "+amp)
	fe.replace(sel.X.End(), end, ")")
}

// isMethodValue reports whether sel is x.M with x a value, not a method
// expression T.M.
func (fe *fileEditor) isMethodValue(sel *ast.SelectorExpr) bool {
	selection := fe.info.Selections[sel]
	return selection != nil && selection.Kind() == types.MethodVal
}

// deferStmt: a deferred visible call is a step where it runs, at the defer
// statement's position (as in the model).
func (fe *fileEditor) deferStmt(d *ast.DeferStmt) bool {
	call := d.Call
	pkg, recv, name, _, builtin := fe.callee(call)
	pos := strconv.Quote(fe.pos(d.Defer))
	op := ""
	if builtin && name == "close" {
		op = "close"
	} else if !builtin {
		op = syncOp(pkg, recv, name)
	}
	if op == "" || op == "cond.wait" || (recv == "Mutex" && name == "Lock") {
		return false
	}
	if op == "cancel" {
		pos = `""`
	}
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && fe.isMethodValue(sel) {
		if hook, withOp := lockHook(recv, name); hook != "" {
			fe.hookReceiver(sel, call.End(), hook, withOp, op, pos)
			return true
		}
	}
	if !builtin && len(call.Args) == 0 && call.Ellipsis == token.NoPos {
		// the method value is evaluated now, as the deferred call's
		// receiver; its results (Timer.Stop's bool) are dropped
		hook := "KissReplayCall0"
		if sig, ok := fe.info.TypeOf(call.Fun).(*types.Signature); ok && sig.Results().Len() == 1 {
			hook = "KissReplayCallR"
		} else if !ok || sig.Results().Len() > 1 {
			fe.insert(call.Pos(), fe.fn("KissReplayCall0")+`("`+op+`", `+pos+`, func() { `)
			fe.insert(call.End(), " })")
			return true
		}
		fe.insert(call.Fun.Pos(), fe.fn(hook)+`("`+op+`", `+pos+`, `)
		fe.replace(call.Lparen, call.End(), ")")
		return true
	}
	fe.insert(call.Pos(), fe.fn("KissReplayCall0")+`("`+op+`", `+pos+`, func() { `)
	fe.insert(call.End(), " })")
	return true
}

// inferred reports whether fun names a generic function or method whose
// type arguments the call infers (go fanIn(chans, ch)).
func (fe *fileEditor) inferred(fun ast.Expr) bool {
	switch f := ast.Unparen(fun).(type) {
	case *ast.Ident:
		_, ok := fe.info.Instances[f]
		return ok
	case *ast.SelectorExpr:
		_, ok := fe.info.Instances[f.Sel]
		return ok
	}
	return false
}

// goStmt: the go statement is a step; the new goroutine gets its number
// from its parent and parks until its first turn. The callee and the
// arguments are evaluated by the parent, as in Go.
func (fe *fileEditor) goStmt(g *ast.GoStmt) {
	pos := strconv.Quote(fe.pos(g.Go))
	pre := "{ kissReplayID := " + fe.fn("KissReplayGo") + "(" + pos + "); "
	start := fe.fn("KissReplayStart") + "(kissReplayID); defer " + fe.fn("KissReplayExit") + "(); "
	call := g.Call
	if lit, ok := ast.Unparen(call.Fun).(*ast.FuncLit); ok {
		fe.insert(fe.stmtStart(g), pre)
		fe.insert(lit.Body.Lbrace+1, " "+start)
		fe.insert(g.End(), " }")
		return
	}
	// pre-evaluate the callee and the arguments
	var names []string
	var args []string
	ok := true
	if tv, has := fe.info.Types[call.Fun]; !has || !tv.IsValue() {
		ok = false // a builtin or a conversion
	}
	if sig, isSig := fe.info.TypeOf(call.Fun).(*types.Signature); !isSig || sig.TypeParams().Len() > 0 || fe.inferred(call.Fun) {
		ok = false // (a generic function with its type arguments inferred cannot be a value)
	}
	if pkg, recv, name, _, builtin := fe.callee(call); !builtin && pkg != "" && syncOp(pkg, recv, name) != "" {
		ok = false // a visible operation (go up.Store(true)): its hook is the new goroutine's step
	}
	for _, a := range call.Args {
		tv := fe.info.Types[a]
		if _, tuple := tv.Type.(*types.Tuple); tuple || tv.IsNil() {
			ok = false
		}
	}
	if !ok {
		// evaluated by the new goroutine: late, but still correct for the
		// usual go f(x) with x not reassigned
		fe.insert(fe.stmtStart(g), pre)
		fe.replace(g.Go, g.Go+2, "go func() { "+start)
		fe.insert(g.End(), " }() }")
		return
	}
	names = append(names, "kissReplayF")
	for i, a := range call.Args {
		n := fmt.Sprintf("kissReplayA%d", i)
		names = append(names, n)
		args = append(args, n)
		tv := fe.info.Types[a]
		if tv.Value != nil { // a constant: give it its type
			fe.insert(a.Pos(), "("+types.TypeString(tv.Type, fe.qualifier())+")(")
			fe.insert(a.End(), ")")
		}
	}
	callText := "kissReplayF(" + strings.Join(args, ", ")
	if call.Ellipsis.IsValid() {
		callText += "..."
		fe.replace(call.Ellipsis, call.Ellipsis+3, "")
	}
	callText += ")"
	fe.insert(fe.stmtStart(g), pre)
	fe.replace(g.Go, g.Go+2, strings.Join(names, ", ")+" :=")
	if len(call.Args) == 0 {
		fe.replace(call.Lparen, call.Lparen+1, "")
	} else {
		fe.replace(call.Lparen, call.Lparen+1, ", ")
	}
	fe.replace(call.Rparen, call.Rparen+1, "; go func() { "+start+callText+" }() }")
}

// qualifier names packages as this file imports them.
func (fe *fileEditor) qualifier() types.Qualifier {
	return func(p *types.Package) string {
		if fe.info == nil {
			return p.Name()
		}
		for _, imp := range fe.file.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			if path != p.Path() {
				continue
			}
			if imp.Name != nil {
				return imp.Name.Name
			}
			return p.Name()
		}
		// the package itself
		for _, obj := range fe.info.Defs {
			if obj != nil && obj.Pkg() == p {
				return ""
			}
		}
		return p.Name()
	}
}

// rangeChan: each iteration of a range over a channel is a receive at the
// for statement, as in the model:
//
//	for v := range ch { body }
//	for kissReplayC := ch; ; { v, kissReplayOK := <-KissReplayAt(...); if !kissReplayOK { break }; body }
func (fe *fileEditor) rangeChan(r *ast.RangeStmt) {
	pos := strconv.Quote(fe.pos(r.For))
	recv := "<-" + fe.fn("KissReplayAt") + `("recv", ` + pos + `, kissReplayC)`
	var head string
	key := "_"
	if r.Key != nil {
		key = string(fe.src[fe.off(r.Key.Pos()):fe.off(r.Key.End())])
	}
	switch {
	case r.Key == nil || r.Tok == token.DEFINE:
		head = key + ", kissReplayOK := " + recv + "; "
		if key == "_" {
			head = "_, kissReplayOK := " + recv + "; "
		}
	default: // for v = range ch
		head = "var kissReplayOK bool; " + key + ", kissReplayOK = " + recv + "; "
	}
	head += "if !kissReplayOK { break }; "
	fe.replace(r.For+3, r.X.Pos(), " kissReplayC := ")
	fe.replace(r.X.End(), r.Body.Lbrace+1, "; ; { "+head)
}

// raceHooks puts KissReplayAccess before the innermost statement holding
// each racing access (for a range statement's variables: at the top of
// its body, where each iteration has assigned them).
func (fe *fileEditor) raceHooks() {
	for key, want := range fe.race {
		if x := fe.calledOperand(want); x != nil {
			// x.f or x[i] where x (or i) holds a call: the hook goes
			// between the call and the access
			fe.insert(x.Pos(), fe.fn("KissReplayAccessOf")+"("+strconv.Quote(key)+", ")
			fe.insert(x.End(), ")")
			continue
		}
		var best ast.Node
		var inBody *ast.BlockStmt
		ast.Inspect(fe.file, func(n ast.Node) bool {
			if n == nil {
				return false
			}
			if !fe.contains(n, want) {
				return false
			}
			// An access in a func literal of a statement's header (if
			// err := s.Add(func() { c.n++ }); ...) is hooked in the
			// literal's body: the statement before it runs on another
			// goroutine, or later.
			lit := fe.inFuncLit(n, want)
			switch s := n.(type) {
			case *ast.RangeStmt:
				if !fe.contains(s.Body, want) && !lit {
					best, inBody = nil, s.Body
					return false
				}
			case *ast.ForStmt:
				if s.Body != nil && !fe.contains(s.Body, want) && !lit {
					best, inBody = s, nil
					return false
				}
				best, inBody = s, nil
			case *ast.IfStmt:
				best, inBody = s, nil
				if !fe.contains(s.Body, want) && !lit {
					if e, ok := s.Else.(*ast.BlockStmt); !ok || !fe.contains(e, want) {
						return false
					}
				}
			case *ast.SwitchStmt:
				best, inBody = s, nil
				if !fe.contains(s.Body, want) && !lit {
					return false
				}
			case *ast.TypeSwitchStmt:
				best, inBody = s, nil
				if !fe.contains(s.Body, want) && !lit {
					return false
				}
			case *ast.SelectStmt:
				// an access in a case's communication (case x = <-ch:)
				// is hooked before the select: no statement fits there
				best, inBody = s, nil
				for _, c := range s.Body.List {
					if cc, ok := c.(*ast.CommClause); ok && cc.Comm != nil && fe.contains(cc.Comm, want) && !lit {
						return false
					}
				}
			case *ast.BlockStmt, *ast.CaseClause, *ast.CommClause, *ast.LabeledStmt:
			case ast.Stmt:
				best, inBody = s, nil
			}
			return true
		})
		name := "KissReplayAccess"
		if want != key {
			// the access is made inside the call at want: hooked before
			// it, with the call's steps still to come
			name = "KissReplayAccessBefore"
		}
		hook := fe.fn(name) + "(" + strconv.Quote(key) + "); "
		switch {
		case inBody != nil:
			fe.insert(inBody.Lbrace+1, " "+hook)
		case best != nil:
			fe.insert(fe.stmtStart(best.(ast.Stmt)), hook)
		}
	}
}

// inFuncLit reports whether the position want lies in the body of a
// func literal within n.
func (fe *fileEditor) inFuncLit(n ast.Node, want string) bool {
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		if found || m == nil {
			return false
		}
		if lit, ok := m.(*ast.FuncLit); ok && fe.contains(lit.Body, want) {
			found = true
		}
		return !found
	})
	return found
}

// calledOperand returns the operand to hook if the access at want is the
// field of a selector x.f or the element of an index expression x[i] whose
// operand holds a call: the call's steps come before the access, and a
// hook before the statement would park the goroutine ahead of them. Of
// x[i], the index when it holds a call (it is evaluated last), else x.
func (fe *fileEditor) calledOperand(want string) ast.Expr {
	var found ast.Expr
	called := func(x ast.Expr) bool {
		has := false
		ast.Inspect(x, func(m ast.Node) bool {
			if _, ok := m.(*ast.CallExpr); ok {
				has = true
			}
			return !has
		})
		return has
	}
	ast.Inspect(fe.file, func(n ast.Node) bool {
		if found != nil || n == nil || !fe.contains(n, want) {
			return false
		}
		switch x := n.(type) {
		case *ast.SelectorExpr:
			if fe.atPos(x.Sel.Pos(), want) {
				if called(x.X) {
					found = x.X
				}
				return false
			}
		case *ast.IndexExpr:
			if fe.atPos(x.Lbrack, want) {
				switch {
				case called(x.Index):
					found = x.Index
				case called(x.X):
					found = x.X
				}
				return false
			}
		}
		return true
	})
	return found
}

// at reports whether node n starts at position "file:L:C".
func (fe *fileEditor) at(n ast.Node, want string) bool { return fe.atPos(n.Pos(), want) }

// atPos reports whether pos is position "file:L:C".
func (fe *fileEditor) atPos(pos token.Pos, want string) bool {
	p := fe.fset.Position(pos)
	return fe.prefix+filepath.Base(fe.path)+":"+strconv.Itoa(p.Line)+":"+strconv.Itoa(p.Column) == want
}

// contains reports whether node n covers position "file:L:C".
func (fe *fileEditor) contains(n ast.Node, want string) bool {
	if n == nil || !n.Pos().IsValid() {
		return false
	}
	i := strings.LastIndex(want, ":")
	j := strings.LastIndex(want[:i], ":")
	line, _ := strconv.Atoi(want[j+1 : i])
	col, _ := strconv.Atoi(want[i+1:])
	if want[:j] != fe.prefix+filepath.Base(fe.path) {
		return false
	}
	a, b := fe.fset.Position(n.Pos()), fe.fset.Position(n.End())
	after := a.Line < line || (a.Line == line && a.Column <= col)
	before := line < b.Line || (line == b.Line && col < b.Column)
	return after && before
}
