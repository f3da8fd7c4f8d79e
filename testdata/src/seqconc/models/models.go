// Package models exercises one behaviour of kiss's library models per
// test. A test's name ends with its expected outcome: _ok (no violation
// within 2 preemptions), or a check kind and the fewest preemptions that
// reach it (_deadlock0, _panic1, _race0, ...).
package models
