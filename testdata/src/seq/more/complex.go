package more

//go:noinline
func cx(re, im float64) complex128 { return complex(re, im) }

// Complex numbers are their two parts, with gc's arithmetic: the product,
// the quotient (the runtime's complex128div, infinities included) and
// complex64's narrowing compute Go's values.
func ComplexArith() { // want root:"one goroutine"
	var zero float64
	inf := 1 / zero
	x, y := cx(1, 2), cx(3, -4)
	if real(x) != 1 || imag(y) != -4 || x != 1+2i || x == y {
		panic("bug: parts")
	}
	if x*y != 11+2i || x+y != 4-2i || x-y != -2+6i || -x != -1-2i || x/y != (1+2i)/(3-4i) || x/y != -0.2+0.4i {
		panic("bug: arithmetic")
	}
	if q := x / cx(0, 0); real(q) != inf || imag(q) != inf {
		panic("bug: division by zero")
	}
	if q := cx(inf, 1) / y; real(q)-real(q) == 0 {
		panic("bug: infinite numerator")
	}
	if q := x / cx(inf, 0); q != 0 {
		panic("bug: infinite denominator")
	}
	if f := complex64(x); complex128(f*complex64(y)) != 11+2i || real(f) != 1 {
		panic("bug: complex64")
	}
}

// The product is not what this root expects.
func ComplexWrong() { // want root:"one goroutine"
	if x := cx(1, 2); x*x != -3+5i {
		panic("wrong product") // want `panic: wrong product \(0 preemptions\)`
	}
}
