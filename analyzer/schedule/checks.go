package schedule

import "strings"

// Check is one kind of violation kiss reports: the name is a diagnostic's
// category, a schedule's "check", a SARIF rule's id, an LSP diagnostic's
// code and a golangci-lint setting.
type Check struct {
	Name  string // "deadlock"
	Title string // one line: "Deadlock under some schedule"
	// Rationale says what the check finds and why it matters.
	Rationale string
	// Steps says how to read the schedule of one of its findings.
	Steps string
	// Rule is the SARIF rule's name (reportingDescriptor.name).
	Rule string
}

// Checks are kiss's checks, in the order the documentation lists them.
var Checks = []Check{
	{
		Name:  "deadlock",
		Title: "Deadlock under some schedule",
		Rationale: "Some interleaving reaches a state where no goroutine can run and some are blocked: " +
			"lock cycles, double locking, RWMutex read-write-read, channels with no partner, " +
			"WaitGroup/Cond/Once waits never released.",
		Steps: "The schedule is the interleaving that gets there; the steps marked (blocks) are where each goroutine waits forever.",
		Rule:  "Deadlock",
	},
	{
		Name:      "leak",
		Title:     "Goroutine leak under some schedule",
		Rationale: "When the test (or other root) returns, a goroutine it started is blocked forever.",
		Steps:     "The schedule is the interleaving that gets there; the steps marked (blocks) are where the leaked goroutines wait.",
		Rule:      "GoroutineLeak",
	},
	{
		Name:  "race",
		Title: "Data race under some schedule",
		Rationale: "Two accesses to one memory location from different goroutines, at least one a write " +
			"and not both atomic, unordered by happens-before (Go memory model).",
		Steps: "The schedule is the interleaving that makes the two accesses concurrent: the first happened during the steps, the second completes the race after the last.",
		Rule:  "DataRace",
	},
	{
		Name:  "panic",
		Title: "Runtime panic under some schedule",
		Rationale: "A runtime panic that some schedule reaches: nil dereference, bounds, division by zero, " +
			"failed type assertion, close of a nil or closed channel, send on a closed channel, " +
			"negative WaitGroup counter, unlock of an unlocked mutex, or an explicit panic.",
		Steps: "The schedule is the interleaving that reaches the panic.",
		Rule:  "SchedulePanic",
	},
	{
		Name:  "assert",
		Title: "Test failure under some schedule",
		Rationale: "t.Error, t.Fatal, t.Fail (or a testing.TB helper) is reached under some schedule: " +
			"the test is flaky.",
		Steps: "The schedule is the interleaving that fails the test.",
		Rule:  "TestFailure",
	},
	{
		Name:  "timing",
		Title: "Failure only when a goroutine is slower than a timer",
		Rationale: "With -timing: a failure (any of the other checks) that only schedules where a timer, " +
			"a sleep or a deadline overtakes a goroutine that could still run reach. Go's fake clock " +
			"(testing/synctest) never does that; a loaded machine does: the code relies on a duration.",
		Steps: "The schedule is the interleaving that fails; the step marked timer.early is where the timer or sleep ran out while the goroutines named in the message could still run.",
		Rule:  "TimingDependence",
	},
}

// Lookup returns the check named name.
func Lookup(name string) (Check, bool) {
	for _, c := range Checks {
		if c.Name == name {
			return c, true
		}
	}
	return Check{}, false
}

// CheckNames lists the names of the checks, comma-separated, for messages.
func CheckNames() string {
	names := make([]string, len(Checks))
	for i, c := range Checks {
		names[i] = c.Name
	}
	return strings.Join(names, ", ")
}
