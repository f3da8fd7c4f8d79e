// Package models exercises one behaviour of kiss's library models per
// test. The analyzer's harness (analyzer/harness_test.go) runs every test,
// one goroutine or not: each finding within 2 preemptions is wanted where
// it is reported, its message ending with the fewest preemptions that
// reach it; a test without a want has none.
package models
