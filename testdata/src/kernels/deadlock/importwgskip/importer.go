// Package importwgskip: an importer that counts its rows into a WaitGroup // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// (the rows were once stored by goroutines) and skips invalid rows without
// Done: Wait is never released, and no other goroutine exists to release it.
package importwgskip

import "sync"

type Row struct{ ID, Name string }

type Importer struct{ stored map[string]string }

func NewImporter() *Importer { return &Importer{stored: map[string]string{}} }

func (im *Importer) Import(rows []Row) int {
	var wg sync.WaitGroup
	wg.Add(len(rows))
	for _, r := range rows {
		if r.ID == "" {
			continue // bug: no wg.Done for the skipped row
		}
		im.stored[r.ID] = r.Name
		wg.Done()
	}
	wg.Wait() // want `deadlock: .*\(0 preemptions\)`
	return len(im.stored)
}

func (im *Importer) ImportFixed(rows []Row) int {
	var wg sync.WaitGroup
	wg.Add(len(rows))
	for _, r := range rows {
		if r.ID != "" {
			im.stored[r.ID] = r.Name
		}
		wg.Done() // fix: every counted row is done
	}
	wg.Wait()
	return len(im.stored)
}
