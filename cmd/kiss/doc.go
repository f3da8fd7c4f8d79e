// Command kiss checks concurrent Go for deadlocks, goroutine leaks, data
// races and schedule-dependent panics, with a schedule for each finding.
//
// Usage:
//
//	kiss [flags] ./...                      check packages (go/analysis singlechecker)
//	go vet -vettool=$(which kiss) ./...     the same through go vet
//	kiss -sarif [flags] ./...               the findings as SARIF 2.1.0, schedules as code flows
//	kiss lsp                                a language server on stdin/stdout, for editors
//	kiss replay [-json] [-run RE] FILE|DIR  re-run the real test under a schedule kiss wrote
//	kiss stress [-runs N] [-json] [pkgs]    run the real tests under random (PCT) schedules
//	kiss ir [-contexts N] FILE.ir           run the symbolic executor on a sequential program
//
// Every entry point reports only the findings whose schedule replays in the
// real test (the analyzer's -verify, on by default). Run kiss -help for the
// flags.
package main
