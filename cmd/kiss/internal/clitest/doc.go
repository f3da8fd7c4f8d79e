// Package clitest holds what the tests of the kiss command share: the
// kiss binary built once per test process, commands run in a directory,
// copies of testdata modules, and kiss replay -json over schedule files.
//
// In: a testing.M or testing.TB, directories and schedule files. Out: the
// binary's path, commands' output and exit codes, replay verdicts. It is
// imported by tests only.
package clitest
