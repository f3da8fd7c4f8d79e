// Package indexersubmit: channel and context. The indexing worker cancels // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// the shared context and exits on the first failure, but Submit sends on the
// work channel without watching the context, so the producer blocks forever
// (errgroup-style cancellation implemented halfway).
package indexersubmit

import (
	"context"
	"errors"
	"sync"
)

type Doc struct {
	ID   int
	Body string
}

var ErrEmpty = errors.New("empty document")

type Indexer struct {
	docs chan Doc

	mu      sync.Mutex
	indexed map[int]bool
	err     error
}

func NewIndexer() *Indexer { return &Indexer{docs: make(chan Doc), indexed: make(map[int]bool)} }

func (ix *Indexer) Worker(ctx context.Context, cancel context.CancelFunc) {
	for {
		select {
		case d := <-ix.docs:
			ix.mu.Lock()
			if d.Body == "" {
				ix.err = ErrEmpty
				ix.mu.Unlock()
				cancel()
				return
			}
			ix.indexed[d.ID] = true
			ix.mu.Unlock()
		case <-ctx.Done():
			return
		}
	}
}

// Submit hands a document to the worker.
func (ix *Indexer) Submit(ctx context.Context, d Doc) error {
	ix.docs <- d // want `deadlock: .*\(0 preemptions\)`
	return nil
}

type IndexerFixed struct {
	docs chan Doc

	mu      sync.Mutex
	indexed map[int]bool
	err     error
}

func NewIndexerFixed() *IndexerFixed {
	return &IndexerFixed{docs: make(chan Doc), indexed: make(map[int]bool)}
}

func (ix *IndexerFixed) Worker(ctx context.Context, cancel context.CancelFunc) {
	for {
		select {
		case d := <-ix.docs:
			ix.mu.Lock()
			if d.Body == "" {
				ix.err = ErrEmpty
				ix.mu.Unlock()
				cancel()
				return
			}
			ix.indexed[d.ID] = true
			ix.mu.Unlock()
		case <-ctx.Done():
			return
		}
	}
}

// Submit gives up once the pipeline has been cancelled.
func (ix *IndexerFixed) Submit(ctx context.Context, d Doc) error {
	select {
	case ix.docs <- d:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
