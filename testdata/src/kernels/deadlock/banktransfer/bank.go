// Package banktransfer: AB-BA lock order. Transfer locks the source account, // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// then the destination; two opposite transfers deadlock (the classic lock
// cycle; cockroach and etcd had it between two structures' mutexes).
package banktransfer

import (
	"errors"
	"sync"
)

var ErrInsufficient = errors.New("insufficient funds")

type Account struct {
	mu      sync.Mutex
	ID      int
	balance int
}

func NewAccount(id, balance int) *Account { return &Account{ID: id, balance: balance} }

func (a *Account) Balance() int {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.balance
}

// Transfer moves amount from one account to another.
func Transfer(from, to *Account, amount int) error {
	from.mu.Lock()
	defer from.mu.Unlock()
	to.mu.Lock() // want `deadlock: .*\(1 preemption\)`
	defer to.mu.Unlock()
	if from.balance < amount {
		return ErrInsufficient
	}
	from.balance -= amount
	to.balance += amount
	return nil
}

type AccountFixed struct {
	mu      sync.Mutex
	ID      int
	balance int
}

func NewAccountFixed(id, balance int) *AccountFixed { return &AccountFixed{ID: id, balance: balance} }

func (a *AccountFixed) Balance() int {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.balance
}

// TransferFixed always locks the account with the smaller ID first.
func TransferFixed(from, to *AccountFixed, amount int) error {
	first, second := from, to
	if second.ID < first.ID {
		first, second = second, first
	}
	first.mu.Lock()
	defer first.mu.Unlock()
	second.mu.Lock()
	defer second.mu.Unlock()
	if from.balance < amount {
		return ErrInsufficient
	}
	from.balance -= amount
	to.balance += amount
	return nil
}
