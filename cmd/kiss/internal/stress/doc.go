// Package stress is `kiss stress`: it runs the real tests of packages many
// times, each run under a fresh random schedule of replay's scheduler, and
// turns each failure into a finding with a replayable schedule.
//
// In: import paths (or go list patterns) and Options. Out: a Result with
// the distinct findings (check, message, position, schedule in kiss's
// schedule format, the seed of the run that found it) and one-line errors.
//
// A run is the package's test binary, instrumented by package replay and
// built once per package (with -race when asked), running one root with
// KISS_STRESS_SEED set: the injected scheduler lets one goroutine run at a
// time and, whenever every goroutine of the test's synctest bubble is
// blocked, picks the next one by PCT (Burckhardt, Kothari, Musuvathi,
// Nagarakatte, A Randomized Scheduler with Probabilistic Guarantees of
// Finding Bugs): random initial priorities, d-1 random points among the
// k steps a run takes where the running goroutine drops below the others.
// The scheduler writes its steps on stderr as it takes them, so that the
// race detector's reports fall between them; this package reads them back,
// judges the run (deadlock, leak, panic, test failure, race) and writes the
// steps as a schedule. Each distinct finding is replayed once by package
// replay before it is reported: kiss reports only what replays.
package stress
