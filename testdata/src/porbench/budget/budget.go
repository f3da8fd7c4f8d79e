// Package budget has one root no time budget here exhausts (fanin8's) and
// five light ones: they share -package-timeout (analyzer's
// TestPackageBudget).
package budget
