package sequentialize

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/gokiss/kiss/sequentialize/schedule"
	"github.com/gokiss/kiss/smt"
)

// Trace events the runtime, the models and the lowering emit (see
// runtime.ir and summaries/models):
//
//	trace "op", g, opname, obj, pos   a visible operation by goroutine g
//	trace "spawn", parent, child      a go statement (Event.Pos: its position)
//	trace "block", g                  g parked (on its last op)
//	trace "exit", g                   g returned
//	trace "preempt", from, to         the scheduler preempted from for to
//	trace "panic", msg, pos, extra... a panic started at pos
//	trace "site", g, pos              g called another package's code at pos ("": returned)
//	trace "case", g, i                g's select chose case i (-1: default)
const (
	evOp      = "op"
	evSpawn   = "spawn"
	evBlock   = "block"
	evExit    = "exit"
	evPreempt = "preempt"
	evPanic   = "panic"
	evSite    = "site"
	evCase    = "case"
)

// Report is a violation decoded for people: what happened, where, and the
// schedule that makes it happen.
type Report struct {
	Check   string // deadlock, leak, race, panic, assert
	Message string // one line, ending with the preemption count
	Pos     string // "file.go:line:col" where it is reported; "" if unknown
	// Site is where the goroutine of the violation called into another
	// package's code, when Pos is in there: the last place it was in the
	// code of the package under analysis.
	Site     string
	Schedule *schedule.Schedule
	// ScheduleFact says the violation is about the interleaving itself (a
	// deadlock, a leak, a race, a misuse of a channel or of package sync),
	// not about values the program computes.
	ScheduleFact bool
}

// concurrencyPanics are the panics of the channel and sync models that
// only the interleaving causes. A negative WaitGroup counter is not one:
// wg.Add(n) with n < 0 gets there too, so it is told only when it needs no
// value kiss does not know.
var concurrencyPanics = []string{
	"close of closed channel", "close of nil channel", "send on closed channel",
	"sync: WaitGroup is reused before previous Wait has returned",
	"sync: WaitGroup misuse: Add called concurrently with Wait", "fatal error: sync: unlock of unlocked mutex",
	"fatal error: sync: RUnlock of unlocked RWMutex", "fatal error: sync: Unlock of unlocked RWMutex",
}

// goroutineState is what decoding knows about one goroutine at the end of
// the path.
type goroutineState struct {
	start   string
	lastOp  int // index into steps, -1 if none
	blocked bool
	exited  bool
}

// Decode turns a violation of the scenario's program into a report.
func (s *Scenario) Decode(v *smt.Violation) *Report {
	sch := &schedule.Schedule{
		Kiss:        schedule.Version,
		Package:     s.Package,
		Root:        s.Root,
		Check:       checkOf(v.Kind),
		Preemptions: v.Cost,
		Goroutines:  []schedule.Goroutine{{ID: 0, Start: "root"}},
	}
	gs := []*goroutineState{{start: "root", lastOp: -1}}
	pendingPreempt := map[int]bool{}
	sites := map[int][]string{} // goroutine -> its calls into another package's code
	lastG := 0                  // the goroutine that ran last
	var panicPos, panicMsg string
	for _, ev := range v.Trace {
		switch ev.Name {
		case evSpawn:
			if len(ev.Args) < 2 {
				continue
			}
			parent, child := int(ev.Args[0].Int64()), int(ev.Args[1].Int64())
			for len(gs) <= child {
				gs = append(gs, &goroutineState{lastOp: -1})
			}
			if len(ev.Args) > 2 && ev.Args[2].Str != "" { // spawned by a model (a deadline)
				ev.Pos = ev.Args[2].Str
			}
			gs[child].start = ev.Pos
			p := parent
			sch.Goroutines = append(sch.Goroutines, schedule.Goroutine{ID: child, Start: ev.Pos, Parent: &p})
		case evSite:
			if len(ev.Args) == 2 {
				lastG = int(ev.Args[0].Int64())
				if st := sites[lastG]; ev.Args[1].Str != "" {
					sites[lastG] = append(st, ev.Args[1].Str)
				} else if len(st) > 0 {
					sites[lastG] = st[:len(st)-1]
				}
			}
		case evOp:
			if len(ev.Args) < 4 {
				continue
			}
			g := int(ev.Args[0].Int64())
			lastG = g
			if g >= len(gs) {
				continue
			}
			st := schedule.Step{G: g, Op: ev.Args[1].Str, Pos: ev.Args[3].Str}
			if pendingPreempt[g] {
				st.Preempt = true
				delete(pendingPreempt, g)
			}
			sch.Steps = append(sch.Steps, st)
			gs[g].lastOp = len(sch.Steps) - 1
			gs[g].blocked = false
		case evBlock:
			if g := int(ev.Args[0].Int64()); g < len(gs) {
				gs[g].blocked = true
				if i := gs[g].lastOp; i >= 0 {
					sch.Steps[i].Blocks = true
				}
			}
		case evCase:
			if len(ev.Args) == 2 {
				if g := int(ev.Args[0].Int64()); g < len(gs) {
					if i := gs[g].lastOp; i >= 0 && sch.Steps[i].Op == "select" {
						c := int(ev.Args[1].Int64())
						sch.Steps[i].Case = &c
					}
				}
			}
		case evExit:
			if g := int(ev.Args[0].Int64()); g < len(gs) {
				gs[g].exited = true
				gs[g].blocked = false
			}
		case evPreempt:
			if len(ev.Args) == 2 {
				pendingPreempt[int(ev.Args[1].Int64())] = true
			}
		case evPanic:
			// trace "panic", msg, pos, extra...: the position is an
			// argument, since the models only know it at run time.
			panicPos = ev.Pos
			if len(ev.Args) > 1 && ev.Args[1].Str != "" {
				panicPos = ev.Args[1].Str
			}
			if len(ev.Args) > 0 {
				panicMsg = ev.Args[0].Str
			}
		}
	}
	// A preemption whose goroutine never reached an op (it ran to its end
	// or blocked inside) is still a preemption of the schedule.
	for g := range pendingPreempt {
		if g < len(gs) {
			sch.Steps = append(sch.Steps, schedule.Step{G: g, Op: "resume", Pos: "", Preempt: true})
		}
	}
	for i, g := range sch.Goroutines {
		if i > 0 && g.Start == "" {
			sch.Goroutines[i].Start = "?:0:0"
		}
	}

	r := &Report{Check: sch.Check, Schedule: sch}
	preempts := plural(v.Cost, "preemption")
	switch sch.Check {
	case "deadlock", "leak":
		r.ScheduleFact = true
		var stuck []string
		first := -1
		for id, g := range gs {
			if !g.blocked || g.exited || (sch.Check == "leak" && id == 0) {
				continue
			}
			if first < 0 {
				first = id
			}
			stuck = append(stuck, s.describeBlocked(id, g, sch))
			if g.lastOp >= 0 {
				st := sch.Steps[g.lastOp]
				sch.Blocked = append(sch.Blocked, schedule.Blocked{G: id, Op: st.Op, Pos: st.Pos})
			}
		}
		if first >= 0 && gs[first].lastOp >= 0 {
			r.Pos = sch.Steps[gs[first].lastOp].Pos
			r.Site = top(sites[first])
		}
		if sch.Check == "deadlock" {
			r.Message = fmt.Sprintf("deadlock: %s (%s)", joinOr(stuck, "all goroutines are blocked"), preempts)
		} else {
			r.Message = fmt.Sprintf("goroutine leak: %s after the test returned (%s)", joinOr(stuck, "a goroutine blocks forever"), preempts)
		}
	case "panic":
		msg := v.Message
		if panicMsg != "" && !strings.HasPrefix(msg, "fatal error") {
			msg = panicMsg
		}
		r.Pos = v.Pos
		if panicPos != "" && !strings.HasPrefix(v.Message, "fatal error") {
			r.Pos = panicPos
		}
		if r.Pos == "" {
			r.Pos = s.lastOpPos(sch)
		}
		r.Message = fmt.Sprintf("panic: %s (%s)", msg, preempts)
		r.ScheduleFact = slices.Contains(concurrencyPanics, msg)
	case "race":
		r.ScheduleFact = true
		r.Pos = v.Pos
		r.Message = fmt.Sprintf("%s (%s)", v.Message, preempts)
		sch.Race = parseRace(v.Message, len(sch.Goroutines))
	default:
		r.Pos = v.Pos
		r.Message = fmt.Sprintf("test failure: %s (%s)", v.Message, preempts)
	}
	if r.Site == "" && r.Check != "deadlock" && r.Check != "leak" {
		r.Site = top(sites[lastG]) // the goroutine that ran when it happened
	}
	sch.Message = r.Message
	sch.Pos = r.Pos
	return r
}

func top(stack []string) string {
	if len(stack) == 0 {
		return ""
	}
	return stack[len(stack)-1]
}

func (s *Scenario) describeBlocked(id int, g *goroutineState, sch *schedule.Schedule) string {
	who := "the test goroutine"
	if id > 0 {
		who = fmt.Sprintf("goroutine %d (started at %s)", id, g.start)
	}
	if g.lastOp < 0 {
		return who + " is blocked"
	}
	st := sch.Steps[g.lastOp]
	return fmt.Sprintf("%s blocks forever %s at %s", who, opPhrase(st.Op), st.Pos)
}

func (s *Scenario) lastOpPos(sch *schedule.Schedule) string {
	for i := len(sch.Steps) - 1; i >= 0; i-- {
		if sch.Steps[i].Pos != "" {
			return sch.Steps[i].Pos
		}
	}
	return ""
}

// opPhrase says what a goroutine blocked at op is waiting for.
func opPhrase(op string) string {
	switch op {
	case "send":
		return "sending on a channel"
	case "recv":
		return "receiving from a channel"
	case "select":
		return "in select"
	case "lock":
		return "locking a mutex"
	case "rlock":
		return "read-locking an RWMutex"
	case "wg.wait":
		return "in WaitGroup.Wait"
	case "cond.wait":
		return "in Cond.Wait"
	case "once":
		return "in Once.Do"
	case "range":
		return "ranging over a channel"
	case "t.run":
		return "in t.Run, waiting for the subtest"
	case "t.parallel":
		return "in t.Parallel, waiting for the parent test to return"
	case "t.subtests":
		return "waiting for its parallel subtests"
	}
	return "at " + op
}

// raceRE matches the race detector's message (sequentialize/race.report).
var raceRE = regexp.MustCompile(`^data race(?: on .*?)?: ((?:atomic )?(?:read|write)) at (\S+:\d+:\d+) by goroutine (\d+) and ((?:atomic )?(?:read|write)) at (\S+:\d+:\d+) by goroutine (\d+)`)

// parseRace gives the structured pair of accesses of a race message, for
// replay; nil if the message is not one.
func parseRace(msg string, goroutines int) *schedule.Race {
	m := raceRE.FindStringSubmatch(msg)
	if m == nil {
		return nil
	}
	g1, _ := strconv.Atoi(m[3])
	g2, _ := strconv.Atoi(m[6])
	if g1 >= goroutines || g2 >= goroutines {
		return nil
	}
	return &schedule.Race{
		First:  schedule.Access{G: g1, Access: m[1], Pos: m[2]},
		Second: schedule.Access{G: g2, Access: m[4], Pos: m[5]},
	}
}

func checkOf(kind string) string {
	switch kind {
	case "deadlock", "leak", "race", "panic":
		return kind
	}
	return "assert"
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

func joinOr(parts []string, empty string) string {
	if len(parts) == 0 {
		return empty
	}
	return strings.Join(parts, "; ")
}
