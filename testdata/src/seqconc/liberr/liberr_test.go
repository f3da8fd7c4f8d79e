package liberr

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"
)

func TestNewNotNil(t *testing.T) { // want root:"one goroutine"
	if err := errors.New("x"); err == nil {
		t.Error("errors.New returned nil")
	}
	if ErrClosed == nil {
		t.Error("a package-level errors.New is nil")
	}
}

func TestNewDistinct(t *testing.T) { // want root:"one goroutine"
	a, b := errors.New("a"), errors.New("a")
	if a == b {
		t.Error("two errors.New values are equal")
	}
	if a != a {
		t.Error("an error differs from itself")
	}
}

// TestNewValuesDiffer fails: the two values differ.
func TestNewValuesDiffer(t *testing.T) { // want root:"one goroutine"
	if errors.New("a") != errors.New("a") {
		t.Error("different") // want `test failure: t.Error called \(0 preemptions\)`
	}
}

func TestIs(t *testing.T) { // want root:"one goroutine"
	a := errors.New("a")
	if !errors.Is(a, a) {
		t.Error("errors.Is(err, err) is false")
	}
	if errors.Is(errors.New("a"), errors.New("a")) {
		t.Error("errors.Is of two errors.New values is true")
	}
	if errors.Is(a, nil) || errors.Is(nil, a) || !errors.Is(nil, nil) {
		t.Error("errors.Is with nil")
	}
}

func TestMessage(t *testing.T) { // want root:"one goroutine"
	if errors.New("boom").Error() != "boom" {
		t.Error("Error() is not the message")
	}
	if fmt.Errorf("plain").Error() != "plain" || fmt.Errorf("100%%").Error() != "100%" {
		t.Error("Errorf without verbs")
	}
}

func TestWrap(t *testing.T) { // want root:"one goroutine"
	base := errors.New("base")
	w := fmt.Errorf("ctx: %w", base)
	if w == nil || w == base {
		t.Error("Errorf returned nil or its operand")
	}
	if !errors.Is(w, base) {
		t.Error("errors.Is does not see through %w")
	}
	if errors.Is(w, errors.New("base")) {
		t.Error("errors.Is matches another error")
	}
	if !errors.Is(fmt.Errorf("outer %d: %w", 2, fmt.Errorf("inner: %w", base)), base) {
		t.Error("errors.Is does not see through two %w")
	}
	if errors.Unwrap(w) != base || errors.Unwrap(base) != nil {
		t.Error("errors.Unwrap")
	}
	if errors.Is(fmt.Errorf("ctx: %v", base), base) {
		t.Error("Errorf with v wraps")
	}
	var notErr any = "not an error"
	if errors.Is(fmt.Errorf("ctx: %w", notErr), base) {
		t.Error("%w of a non-error wraps")
	}
}

func TestWrapGoTypes(t *testing.T) { // want root:"one goroutine"
	base := errors.New("base")
	if !errors.Is(&myErr{base}, base) {
		t.Error("Unwrap() error not followed")
	}
	if !errors.Is(fmt.Errorf("w: %w", &myErr{base}), base) {
		t.Error("wrapError then Unwrap() error not followed")
	}
	if !errors.Is(fmt.Errorf("w: %w", sentinelErr{1}), sentinelErr{2}) {
		t.Error("Is method not called")
	}
	if !errors.Is(&multiErr{[]error{errors.New("x"), base}}, base) {
		t.Error("Unwrap() []error not followed")
	}
	if errors.Is(&multiErr{[]error{errors.New("x")}}, base) {
		t.Error("Unwrap() []error matches another error")
	}
}

func TestAs(t *testing.T) { // want root:"one goroutine"
	base := errors.New("base")
	var me *myErr
	if !errors.As(fmt.Errorf("w: %w", &myErr{base}), &me) || me == nil || me.inner != base {
		t.Error("errors.As through %w")
	}
	var se sentinelErr
	if errors.As(base, &se) {
		t.Error("errors.As to the wrong type")
	}
	var ie interface{ Unwrap() error }
	if !errors.As(&myErr{base}, &ie) || ie == nil {
		t.Error("errors.As to an interface")
	}
	var got sentinelErr
	if !errors.As(fmt.Errorf("w: %w", &codeErr{7}), &got) || got.code != 7 {
		t.Error("As method not called")
	}
	if !errors.As(codeErr{8}, &got) || got.code != 8 {
		t.Error("As method of a value not called")
	}
	if errors.As(&codeErr{9}, &me) {
		t.Error("As method matched another type")
	}
}

// TestAsMethodFinds: the As method's result is errors.As's.
func TestAsMethodFinds(t *testing.T) { // want root:"one goroutine"
	var got sentinelErr
	if errors.As(fmt.Errorf("w: %w", &codeErr{7}), &got) && got.code == 7 {
		t.Error("found") // want `test failure: t.Error called \(0 preemptions\)`
	}
}

func TestAtoi(t *testing.T) { // want root:"one goroutine"
	if n, err := strconv.Atoi("64"); n != 64 || err != nil {
		t.Error("Atoi(64)")
	}
	if n, err := strconv.Atoi("-12"); n != -12 || err != nil {
		t.Error("Atoi(-12)")
	}
	m := map[string]string{"max": "+7"}
	if n, err := strconv.Atoi(m["max"]); n != 7 || err != nil {
		t.Error("Atoi(+7)")
	}
	n, err := strconv.Atoi("x1")
	var ne *strconv.NumError
	if n != 0 || err == nil || !errors.As(err, &ne) || ne.Num != "x1" || !errors.Is(err, strconv.ErrSyntax) {
		t.Error("Atoi(x1)")
	}
	if _, err := strconv.Atoi(""); err == nil {
		t.Error("Atoi of the empty string")
	}
	if n, err := strconv.Atoi("99999999999999999999"); n != 1<<63-1 || !errors.Is(err, strconv.ErrRange) {
		t.Error("Atoi out of range")
	}
	if n, err := strconv.Atoi("-9223372036854775808"); n != -1<<63 || err != nil {
		t.Error("Atoi of the smallest int")
	}
}

func TestStrings(t *testing.T) { // want root:"one goroutine"
	if !strings.HasPrefix("app/config", "app/") || strings.HasPrefix("db/x", "app/") || strings.HasPrefix("ap", "app/") {
		t.Error("HasPrefix")
	}
	if !strings.HasSuffix("a.go", ".go") || strings.HasSuffix("a.txt", ".go") {
		t.Error("HasSuffix")
	}
}

func TestErrorKeysAndPanics(t *testing.T) { // want root:"one goroutine"
	a, b := errors.New("a"), errors.New("a")
	m := map[error]int{a: 1, b: 2}
	if len(m) != 2 || m[a] != 1 || m[b] != 2 {
		t.Error("errors as map keys")
	}
	defer func() {
		r := recover()
		if e, ok := r.(error); !ok || e.Error() != "boom" {
			t.Error("recovered error")
		}
	}()
	panic(errors.New("boom"))
}

// TestConcurrentErrors: the syncerr shape, fixed: the test sees an error.
func TestConcurrentErrors(t *testing.T) {
	err := firstError([]string{"a", "b"}, func(n string) error {
		if n == "b" {
			return fmt.Errorf("sync %s: %w", n, ErrClosed)
		}
		return nil
	})
	if err == nil || !errors.Is(err, ErrClosed) {
		t.Errorf("err = %v", err)
	}
}

// The roots below fail, as their wants say: they check that the facts
// above are not vacuous.

func TestIsSelf(t *testing.T) { // want root:"one goroutine"
	a := errors.New("a")
	if errors.Is(a, a) {
		t.Error("errors.Is(err, err)") // want `test failure: t.Error called \(0 preemptions\)`
	}
}

func TestWrappedIsFound(t *testing.T) { // want root:"one goroutine"
	base := errors.New("base")
	if errors.Is(fmt.Errorf("ctx: %w", base), base) {
		t.Error("wrapped") // want `test failure: t.Error called \(0 preemptions\)`
	}
}

func TestAsFinds(t *testing.T) { // want root:"one goroutine"
	var me *myErr
	if errors.As(fmt.Errorf("w: %w", &myErr{ErrClosed}), &me) && me.inner == ErrClosed {
		t.Error("found") // want `test failure: t.Error called \(0 preemptions\)`
	}
}

func TestAtoiParses(t *testing.T) { // want root:"one goroutine"
	m := map[string]string{"n": "64"}
	if n, err := strconv.Atoi(m["n"]); n == 64 && err == nil {
		t.Error("parsed") // want `test failure: t.Error called \(0 preemptions\)`
	}
}

func TestHasPrefixMatches(t *testing.T) { // want root:"one goroutine"
	for _, k := range []string{"db/x", "app/config"} {
		if strings.HasPrefix(k, "app/") {
			t.Error("found") // want `test failure: t.Error called \(0 preemptions\)`
		}
	}
}

func TestWrapMany(t *testing.T) { // want root:"one goroutine"
	a, b := errors.New("a"), errors.New("b")
	var notErr any = 7
	w := fmt.Errorf("%w, %w and %w: %w", a, notErr, b, a)
	if !errors.Is(w, a) || !errors.Is(w, b) || errors.Is(w, errors.New("a")) {
		t.Error("errors.Is of several %w")
	}
	if errors.Unwrap(w) != nil {
		t.Error("errors.Unwrap of several %w is not nil")
	}
	u, ok := w.(interface{ Unwrap() []error })
	if !ok || len(u.Unwrap()) != 3 || u.Unwrap()[0] != a || u.Unwrap()[1] != b || u.Unwrap()[2] != a {
		t.Error("Unwrap() []error of several %w")
	}
	var me *myErr
	if !errors.As(fmt.Errorf("%w; %w", b, &myErr{a}), &me) || me.inner != a {
		t.Error("errors.As of several %w")
	}
}

func TestWrapManyMatches(t *testing.T) { // want root:"one goroutine"
	if errors.Is(fmt.Errorf("%w: %w", errors.New("x"), ErrClosed), ErrClosed) {
		t.Error("found") // want `test failure: t.Error called \(0 preemptions\)`
	}
}
