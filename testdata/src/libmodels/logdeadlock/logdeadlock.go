// Package logdeadlock: a transfer that locks the two accounts in argument // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// order and logs in between (AB-BA: two opposite transfers deadlock);
// TransferFixed locks in a global order. The log calls write to stderr
// through log's models, which the paths go past.
package logdeadlock

import (
	"log"
	"os"
	"sync"
)

type Account struct {
	mu      sync.Mutex
	id      int
	balance int
}

var audit = log.New(os.Stderr, "audit: ", log.LstdFlags)

func Transfer(from, to *Account, amount int) {
	from.mu.Lock()
	log.Printf("locked account %d", from.id)
	to.mu.Lock()
	from.balance -= amount
	to.balance += amount
	audit.Println("moved", amount)
	to.mu.Unlock()
	from.mu.Unlock()
}

func TransferFixed(from, to *Account, amount int) {
	first, second := from, to
	if second.id < first.id {
		first, second = second, first
	}
	first.mu.Lock()
	log.Printf("locked account %d", first.id)
	second.mu.Lock()
	from.balance -= amount
	to.balance += amount
	audit.Println("moved", amount)
	second.mu.Unlock()
	first.mu.Unlock()
}
