// Package digest declares the interface that sum's constructor returns and
// keyed's options hold. keyed's external test imports neither digest nor a
// package that makes go vet hand it digest's export data whole: it sees
// digest only as sum's and keyed's export data mention it.
package digest

// Digest sums bytes.
type Digest interface{ Sum(b byte) int }
