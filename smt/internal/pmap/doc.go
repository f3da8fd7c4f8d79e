// Package pmap is a persistent map from small integer keys (object ids,
// variable numbers) to values, for the executor's per-path tables.
//
// In: keys, values and an owner token per write. Out: lookups and ordered
// iteration. A copy of a Map (a fork of the path that holds it) shares
// every node; a write copies only the nodes on its key's path that the
// writer's token does not own, so a fork costs nothing and a write after
// it costs a few hundred bytes, not a copy of the table. The token is the
// path's ownership epoch: a fork must give both sides fresh tokens, as
// the executor's heap does (Bagwell, Ideal Hash Trees, for the shape;
// here the keys are dense integers, so the trie indexes them directly).
package pmap
