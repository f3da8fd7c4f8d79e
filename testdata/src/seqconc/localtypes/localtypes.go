// Package localtypes: a package-level struct type T and a test's own type
// T print alike; Go's == on interfaces holding them compares each with its
// own type's fields (kiss once made one comparison for both, and the root
// did not verify: encoding/json's tests do this).
package localtypes

type T struct{ A, B int }
