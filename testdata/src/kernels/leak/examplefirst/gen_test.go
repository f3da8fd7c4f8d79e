package examplefirst

import "fmt"

func ExampleFirst() {
	fmt.Println(First(Numbers(3)))
	// Output: 1
}

func ExampleFirstFixed() {
	done := make(chan struct{})
	defer close(done) // fix: the generator stops
	fmt.Println(FirstFixed(NumbersFixed(3, done)))
	// Output: 1
}

// go test compiles an example without an output comment and does not run
// it: kiss does not check it (its deadlock could not be replayed).
func ExampleNotRun() {
	c := make(chan int)
	<-c
}
