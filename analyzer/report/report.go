package report

import (
	"go/token"

	"github.com/gokiss/kiss/analyzer/schedule"
	"github.com/gokiss/kiss/sequentialize"
)

// Finding is one violation as kiss reports it: what happened, where, and
// the schedule that makes it happen, each step with its position.
type Finding struct {
	Check string // a schedule.Checks name: deadlock, leak, race, panic, assert, timing
	// Base is, for a timing finding, the check of the failure it leads to.
	Base    string
	Message string    // one line, ending with the preemption count
	Pos     token.Pos // where it is reported, in the package's FileSet

	Schedule *schedule.Schedule
	// StepPos are the positions of Schedule.Steps, in order: token.NoPos
	// for a step outside the files of the FileSet (the standard library).
	StepPos []token.Pos

	// ScheduleFact says the violation is about the interleaving itself (a
	// deadlock, a leak, a race, a misuse of a channel or of package sync),
	// not about values the program computes.
	ScheduleFact bool
	// DependsOn are the labels of the unknown values the violation's path
	// relies on (smt.Violation.DependsOn).
	DependsOn []string

	pos  string // where it happens, as the program writes positions
	site string // where its goroutine last called into another package's code
}

// locate resolves the finding's positions against the scenario's: a
// violation inside another package's code (its message says where) is
// reported where this package called it, else at the first step in this
// package, else at the root.
func (f *Finding) locate(sc *sequentialize.Scenario) {
	f.StepPos = make([]token.Pos, len(f.Schedule.Steps))
	for i, st := range f.Schedule.Steps {
		f.StepPos[i] = sc.Positions[st.Pos]
	}
	f.Pos = sc.Positions[f.pos]
	if f.Pos.IsValid() {
		return
	}
	f.Pos = sc.Positions[f.site]
	for _, p := range f.StepPos {
		if !f.Pos.IsValid() {
			f.Pos = p
		}
	}
	if !f.Pos.IsValid() {
		f.Pos = sc.RootPos
	}
}
