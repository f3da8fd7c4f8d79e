// Package report is the stage after the executor: it decodes a violation
// of a scenario's program (an smt.Violation, with the trace events of its
// path under the model) into a Finding: the check, a one-line message,
// where it happens, and the schedule (package schedule) that makes it
// happen, each step at its position.
//
// It takes the scenario sequentialize built (its trace vocabulary,
// positions and root) and what smt found; it gives typed findings, which
// the analyzer reports as diagnostics, returns as its result and writes as
// schedule files, and which the CLI, the language server, SARIF and
// golangci-lint read.
package report
