// Package unknownfx has a function kiss cannot see into (its body would be
// assembly) that can reach memory the program shares.
package unknownfx

// fill may do anything to *p: synchronize, block, panic.
func fill(p *int)
