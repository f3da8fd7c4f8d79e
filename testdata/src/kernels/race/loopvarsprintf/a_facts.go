// want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`

// This file holds the package fact's expectation: analysistest checks it at
// line 1 of the package's first file, and labels.go's first line is its
// build constraint.
package loopvarsprintf
