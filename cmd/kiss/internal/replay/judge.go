package replay

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/gokiss/kiss/analyzer/schedule"
)

// event is one line the scheduler wrote.
type event struct {
	kind string
	args []string
}

func (e event) int(i int) int {
	if i >= len(e.args) {
		return -1
	}
	n, err := strconv.Atoi(e.args[i])
	if err != nil {
		return -1
	}
	return n
}

func (e event) str(i int) string {
	if i >= len(e.args) {
		return ""
	}
	return e.args[i]
}

// log is the parsed event file.
type log struct {
	events []event
	goids  map[int]string // schedule goroutine → runtime goroutine id
	stacks string         // the last stack dump, if any
}

func parseEvents(text string) *log {
	l := &log{goids: map[int]string{}}
	lines := strings.Split(text, "\n")
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		if line == "" {
			continue
		}
		if line == "stacks" {
			j := i + 1
			for j < len(lines) && lines[j] != "endstacks" {
				j++
			}
			l.stacks = strings.Join(lines[i+1:j], "\n")
			i = j
			continue
		}
		f := strings.Split(line, "\t")
		e := event{kind: f[0], args: f[1:]}
		l.events = append(l.events, e)
		if e.kind == "reg" {
			l.goids[e.int(0)] = e.str(1)
		}
	}
	return l
}

func (l *log) find(kind string) (event, bool) {
	for _, e := range l.events {
		if e.kind == kind {
			return e, true
		}
	}
	return event{}, false
}

// goroutine is one goroutine of a stack dump.
type goroutine struct {
	id     string
	status string
	frames []frame
}

type frame struct {
	fn   string
	file string
	line int
}

var goroutineRE = regexp.MustCompile(`^goroutine (\d+) (?:gp=\S+ m=\S+ (?:mp=\S+ )?)?\[([^\]]*)\]:$`)
var fileLineRE = regexp.MustCompile(`^\t(.+\.go):(\d+)(?: \+0x[0-9a-f]+)?`)

// parseStacks parses the goroutines of a traceback (runtime.Stack(all) or
// a crash), in order.
func parseStacks(text string) []*goroutine {
	var gs []*goroutine
	var cur *goroutine
	lines := strings.Split(text, "\n")
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		if m := goroutineRE.FindStringSubmatch(line); m != nil {
			cur = &goroutine{id: m[1], status: m[2]}
			gs = append(gs, cur)
			continue
		}
		if cur == nil || line == "" || strings.HasPrefix(line, "\t") {
			if line == "" {
				cur = nil
			}
			continue
		}
		fn := line
		if i+1 < len(lines) {
			if m := fileLineRE.FindStringSubmatch(lines[i+1]); m != nil {
				n, _ := strconv.Atoi(m[2])
				if !strings.HasPrefix(fn, "created by ") {
					cur.frames = append(cur.frames, frame{fn: fn, file: m[1], line: n})
				}
				i++
			}
		}
	}
	return gs
}

// userFrame is the goroutine's innermost frame in the package under test
// (not in the injected scheduler): "file.go:LINE".
func (g *goroutine) userFrame(dir string) string {
	for _, f := range g.frames {
		if filepath.Dir(f.file) != dir || strings.HasPrefix(filepath.Base(f.file), "kiss_replay_") {
			continue
		}
		return fmt.Sprintf("%s:%d", filepath.Base(f.file), f.line)
	}
	return ""
}

// line drops the column: "file.go:L:C" → "file.go:L".
func line(pos string) string {
	i := strings.LastIndex(pos, ":")
	if i < 0 {
		return pos
	}
	return pos[:i]
}

func describe(st schedule.Step) string {
	s := fmt.Sprintf("goroutine %d %s", st.G, st.Op)
	if st.Pos != "" {
		s += " at " + st.Pos
	}
	return s
}

var preemptsRE = regexp.MustCompile(` \(\d+ preemptions?\)$`)

// judge sets the verdict of r from the scheduler's events and go test's
// output.
func judge(r *Result, sch *schedule.Schedule, l *log, output, dir string) {
	done := 0
	for _, e := range l.events {
		if e.kind == "step" {
			k := e.int(0)
			st := Step{Step: k + 1, G: e.int(1), Op: e.str(2), Pos: e.str(3), OK: true}
			if k >= 0 && k < len(sch.Steps) {
				st.Preempt, st.Blocks = sch.Steps[k].Preempt, sch.Steps[k].Blocks
			}
			r.Trace = append(r.Trace, st)
			done = k + 1
		}
	}
	// all the goroutines of a crash dump or of the watchdog's dump
	stacks := l.stacks
	crash := ""
	if stacks == "" {
		if i := strings.Index(output, "\ngoroutine "); i >= 0 {
			stacks = output[i+1:]
			crash = output[:i]
		}
	}
	gs := parseStacks(stacks)
	byGoid := map[string]*goroutine{}
	for _, g := range gs {
		byGoid[g.id] = g
	}
	where := func(g int) (string, string, bool) { // user frame, status, alive
		if goid, ok := l.goids[g]; ok {
			if st := byGoid[goid]; st != nil {
				return st.userFrame(dir), st.status, true
			}
		}
		return "", "", false
	}
	at := func(g int) string {
		frame, status, alive := where(g)
		if !alive {
			return fmt.Sprintf("goroutine %d has exited", g)
		}
		if frame == "" {
			return fmt.Sprintf("goroutine %d is %s outside the package", g, status)
		}
		return fmt.Sprintf("goroutine %d is at %s (%s)", g, frame, status)
	}
	diverge := func(k int, actual, detail string) {
		r.Verdict = Diverged
		r.DivergedAt = k + 1
		if k < len(sch.Steps) {
			r.Expected = describe(sch.Steps[k])
		}
		r.Actual = actual
		r.Detail = detail
		r.Trace = append(r.Trace, Step{Step: k + 1, G: stepG(sch, k), Op: stepOp(sch, k), Pos: stepPos(sch, k)})
	}
	if e, ok := l.find("diverge"); ok {
		k := e.int(0)
		actual := fmt.Sprintf("goroutine %s reached %s", e.str(1), e.str(2))
		if p := e.str(3); p != "" {
			actual += " at " + p
		}
		diverge(k, actual, fmt.Sprintf("step %d: expected %s, but %s (%s)", k+1, describeAt(sch, k), actual, e.str(4)))
		return
	}
	if e, ok := l.find("stuck"); ok {
		k := e.int(0)
		actual := fmt.Sprintf("goroutine %s is still blocked in %s at %s", e.str(1), e.str(2), e.str(3))
		diverge(k, actual, fmt.Sprintf("step %d: expected %s, but %s", k+1, describeAt(sch, k), actual))
		return
	}
	_, ended := l.find("end")
	rootEnd, rootEnded := l.find("rootend")
	expected := strings.TrimPrefix(preemptsRE.ReplaceAllString(sch.Message, ""), "panic: ")

	// a panic: recorded by the scheduler, or the crash of a fatal error
	panicMsg, panicAt, panicked := "", "", false
	if e, ok := l.find("panic"); ok {
		panicked, panicMsg = true, e.str(1)
		if len(gs) > 0 {
			panicAt = gs[0].userFrame(dir)
		}
	} else if m := regexp.MustCompile(`(?m)^(fatal error: .*|panic: .*)$`).FindString(crash); m != "" {
		panicked = true
		panicMsg = strings.TrimPrefix(m, "panic: ")
		if i := strings.Index(panicMsg, " [recovered"); i >= 0 {
			panicMsg = panicMsg[:i]
		}
		if strings.HasPrefix(panicMsg, "deadlock: ") && strings.Contains(panicMsg, "bubble") {
			// synctest saw every goroutine durably blocked: the stacks are
			// the final state, not a panic of the test
			panicked = false
		}
		for _, g := range gs {
			if strings.Contains(g.status, "running") || len(gs) > 0 {
				panicAt = g.userFrame(dir)
				break
			}
		}
	}
	if panicked && sch.Check != "panic" {
		r.Verdict = NotReproduced
		r.Detail = fmt.Sprintf("the test panicked instead: %s at %s", panicMsg, panicAt)
		return
	}
	if !ended && done < len(sch.Steps) && !(panicked && sch.Check == "panic") {
		// the run stopped before the schedule's end
		k := done
		if _, raced := l.find("race"); raced && sch.Check == "race" {
			r.Verdict = Reproduced
			r.Detail = raceDetail(sch)
			return
		}
		st := sch.Steps[k]
		actual := at(st.G)
		if rootEnded {
			actual = "the test returned; " + actual
		}
		diverge(k, actual, fmt.Sprintf("step %d: expected %s, but %s", k+1, describe(st), actual))
		return
	}

	switch sch.Check {
	case "panic":
		if !panicked {
			r.Verdict, r.Detail = NotReproduced, "the test did not panic"
			return
		}
		if !strings.HasPrefix(panicMsg, expected) || line(sch.Pos) != panicAt {
			r.Verdict = NotReproduced
			r.Detail = fmt.Sprintf("the test panicked with %q at %s, not %q at %s", panicMsg, panicAt, expected, sch.Pos)
			return
		}
		r.Verdict = Reproduced
		r.Detail = fmt.Sprintf("panic: %s at %s", panicMsg, panicAt)
	case "assert":
		failed := rootEnded && rootEnd.str(0) == "true"
		if !failed {
			r.Verdict, r.Detail = NotReproduced, "the test passed"
			return
		}
		re := regexp.MustCompile(`(?m)^\s+` + regexp.QuoteMeta(line(sch.Pos)) + `: (.*)$`)
		m := re.FindStringSubmatch(output)
		if m == nil {
			r.Verdict, r.Detail = NotReproduced, "the test failed, but not at "+sch.Pos
			return
		}
		r.Verdict = Reproduced
		r.Detail = fmt.Sprintf("test failure at %s: %s", line(sch.Pos), m[1])
	case "deadlock", "leak":
		if sch.Check == "deadlock" && rootEnded {
			r.Verdict, r.Detail = NotReproduced, "the test returned"
			return
		}
		if sch.Check == "leak" && !rootEnded {
			r.Verdict, r.Detail = NotReproduced, "the test did not return"
			return
		}
		if e, ok := l.find("extra"); ok && sch.Check == "deadlock" {
			r.Verdict = NotReproduced
			r.Detail = fmt.Sprintf("after the last step, goroutine %s went on to %s at %s", e.str(0), e.str(1), e.str(2))
			return
		}
		if len(gs) == 0 {
			r.Verdict, r.Detail = NotReproduced, "the run ended with no goroutine blocked"
			return
		}
		var parts []string
		for _, b := range blockedAtEnd(sch) {
			g, pos := b.G, b.Pos
			if sch.Check == "leak" && g == 0 {
				continue
			}
			frame, status, alive := where(g)
			if !alive || strings.Contains(status, "running") || strings.Contains(status, "runnable") || (pos != "" && frame != line(pos)) {
				r.Verdict = NotReproduced
				r.Detail = fmt.Sprintf("goroutine %d should be blocked at %s, but %s", g, pos, strings.TrimPrefix(at(g), fmt.Sprintf("goroutine %d ", g)))
				return
			}
			parts = append(parts, fmt.Sprintf("goroutine %d blocked at %s (%s)", g, frame, status))
		}
		if len(parts) == 0 {
			r.Verdict, r.Detail = NotReproduced, "no goroutine is blocked"
			return
		}
		r.Verdict = Reproduced
		r.Detail = strings.Join(parts, "; ")
	case "race":
		if _, ok := l.find("race"); ok {
			r.Verdict = Reproduced
			r.Detail = raceDetail(sch)
			return
		}
		r.Verdict = NotReproduced
		seen := []string{}
		for _, e := range l.events {
			if e.kind == "access" || e.kind == "parked" {
				seen = append(seen, fmt.Sprintf("goroutine %s %s %s", e.str(0), e.kind, e.str(1)))
			}
		}
		r.Detail = "the two accesses were not both reached"
		if len(seen) > 0 {
			r.Detail += " (" + strings.Join(seen, ", ") + ")"
		}
	}
}

func raceDetail(sch *schedule.Schedule) string {
	if sch.Race == nil {
		return "race"
	}
	return fmt.Sprintf("goroutine %d's %s at %s and goroutine %d's %s at %s: both goroutines parked there at once, nothing orders them",
		sch.Race.First.G, sch.Race.First.Access, sch.Race.First.Pos, sch.Race.Second.G, sch.Race.Second.Access, sch.Race.Second.Pos)
}

func describeAt(sch *schedule.Schedule, k int) string {
	if k < len(sch.Steps) {
		return describe(sch.Steps[k])
	}
	return "the end of the schedule"
}

func stepG(sch *schedule.Schedule, k int) int {
	if k < len(sch.Steps) {
		return sch.Steps[k].G
	}
	return -1
}

func stepOp(sch *schedule.Schedule, k int) string {
	if k < len(sch.Steps) {
		return sch.Steps[k].Op
	}
	return ""
}

func stepPos(sch *schedule.Schedule, k int) string {
	if k < len(sch.Steps) {
		return sch.Steps[k].Pos
	}
	return ""
}

func lastStep(sch *schedule.Schedule, g int) int {
	last := -1
	for i, st := range sch.Steps {
		if st.G == g {
			last = i
		}
	}
	return last
}

// blockedAtEnd are the goroutines blocked forever at the end: the
// schedule's list, or (older files) those whose last step blocks.
func blockedAtEnd(sch *schedule.Schedule) []schedule.Blocked {
	if len(sch.Blocked) > 0 {
		return sch.Blocked
	}
	var bs []schedule.Blocked
	for g := range sch.Goroutines {
		if i := lastStep(sch, g); i >= 0 && sch.Steps[i].Blocks {
			bs = append(bs, schedule.Blocked{G: g, Op: sch.Steps[i].Op, Pos: sch.Steps[i].Pos})
		}
	}
	return bs
}
