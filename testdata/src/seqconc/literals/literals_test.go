package literals

import "testing"

// The goroutine writes n only if every table holds its literal's values.
func TestTablesRace(t *testing.T) {
	n := 0
	done := make(chan bool)
	go func() {
		if valuesRight() {
			n++ // want `data race on n: write at literals_test.go:16:3 by goroutine 0 and read at literals_test.go:11:4 by goroutine 1 \(0 preemptions\)`
		}
		done <- true
	}()
	if valuesRight() {
		n++
	}
	<-done
}

// The fixed twin: the goroutine would write only if a table were wrong.
func TestTablesWrong(t *testing.T) {
	n := 0
	done := make(chan bool)
	go func() {
		if !valuesRight() || table[12] != 0 || entries[3].name != "d" {
			n++
		}
		done <- true
	}()
	n++
	<-done
}

// Literals built in a function, each time it is called.
func TestLocalRace(t *testing.T) {
	n := 0
	done := make(chan bool)
	go func() {
		a, p := local()
		p[4]++
		_, q := local()
		if a[5] == 0x80 && a[0] == 1 && p[4] == 6 && q[4] == 5 && p != q {
			n++ // want `data race on n: write at literals_test.go:48:2 by goroutine 0 and read at literals_test.go:44:4 by goroutine 1 \(0 preemptions\)`
		}
		done <- true
	}()
	n++
	<-done
}
