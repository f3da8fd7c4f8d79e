// Package unknownfx has a function kiss cannot see into (its body would be // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// assembly) that can reach memory the program shares.
package unknownfx

