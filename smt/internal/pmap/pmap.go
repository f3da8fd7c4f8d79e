package pmap

import "slices"

const (
	bits  = 5
	width = 1 << bits
	mask  = width - 1
)

// Map is a persistent map. The zero Map is empty.
type Map[V any] struct {
	root  *node[V]
	shift uint // the root's level: it holds keys below 1<<(shift+bits)
	n     int
}

// A node is a leaf (vals, with set saying which are present) or an inner
// node (kids).
type node[V any] struct {
	owner uint64
	set   uint32
	kids  []*node[V]
	vals  []V
}

// Len is the number of keys.
func (m *Map[V]) Len() int { return m.n }

func (m *Map[V]) fits(k uint64) bool {
	return m.shift+bits >= 64 || k>>(m.shift+bits) == 0
}

// Get returns k's value and whether k is present.
func (m *Map[V]) Get(k uint64) (V, bool) {
	var zero V
	n := m.root
	if n == nil || !m.fits(k) {
		return zero, false
	}
	for s := m.shift; s > 0; s -= bits {
		if n = n.kids[k>>s&mask]; n == nil {
			return zero, false
		}
	}
	if i := k & mask; n.set&(1<<i) != 0 {
		return n.vals[i], true
	}
	return zero, false
}

// Set makes v k's value. Nodes owned by owner are changed in place; the
// others on k's path are copied and become owner's.
func (m *Map[V]) Set(k uint64, v V, owner uint64) {
	if m.root == nil {
		m.root, m.shift = newNode[V](owner, true), 0
	}
	for !m.fits(k) {
		r := newNode[V](owner, false)
		r.kids[0] = m.root
		m.root = r
		m.shift += bits
	}
	n := m.root.mine(owner)
	m.root = n
	for s := m.shift; s > 0; s -= bits {
		i := k >> s & mask
		c := n.kids[i]
		if c == nil {
			c = newNode[V](owner, s == bits)
		} else {
			c = c.mine(owner)
		}
		n.kids[i] = c
		n = c
	}
	i := k & mask
	if n.set&(1<<i) == 0 {
		n.set |= 1 << i
		m.n++
	}
	n.vals[i] = v
}

func newNode[V any](owner uint64, leaf bool) *node[V] {
	if leaf {
		return &node[V]{owner: owner, vals: make([]V, width)}
	}
	return &node[V]{owner: owner, kids: make([]*node[V], width)}
}

// mine returns n if owner owns it, else a copy that owner does.
func (n *node[V]) mine(owner uint64) *node[V] {
	if n.owner == owner {
		return n
	}
	return &node[V]{owner: owner, set: n.set, kids: slices.Clone(n.kids), vals: slices.Clone(n.vals)}
}

// All calls f for each key and value in increasing key order, until f
// returns false.
func (m *Map[V]) All(f func(k uint64, v V) bool) {
	if m.root != nil {
		m.root.each(m.shift, 0, f)
	}
}

func (n *node[V]) each(shift uint, base uint64, f func(uint64, V) bool) bool {
	if n.kids == nil {
		for i, v := range n.vals {
			if n.set&(1<<i) != 0 && !f(base|uint64(i), v) {
				return false
			}
		}
		return true
	}
	for i, c := range n.kids {
		if c != nil && !c.each(shift-bits, base|uint64(i)<<shift, f) {
			return false
		}
	}
	return true
}
