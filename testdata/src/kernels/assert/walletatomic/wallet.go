// Package walletatomic: check-then-act on an atomic. Withdraw loads the // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// balance, checks it and stores the difference: each step is atomic, the
// sequence is not, and two withdrawals can both succeed (a lost update with
// no data race; the fix is a compare-and-swap loop).
package walletatomic

import "sync/atomic"

type Wallet struct{ balance atomic.Int64 }

func NewWallet(b int64) *Wallet {
	w := &Wallet{}
	w.balance.Store(b)
	return w
}

func (w *Wallet) Withdraw(amount int64) bool {
	b := w.balance.Load()
	if b < amount {
		return false
	}
	w.balance.Store(b - amount)
	return true
}

type WalletFixed struct{ balance atomic.Int64 }

func NewWalletFixed(b int64) *WalletFixed {
	w := &WalletFixed{}
	w.balance.Store(b)
	return w
}

func (w *WalletFixed) Withdraw(amount int64) bool {
	for {
		b := w.balance.Load()
		if b < amount {
			return false
		}
		if w.balance.CompareAndSwap(b, b-amount) {
			return true
		}
	}
}
