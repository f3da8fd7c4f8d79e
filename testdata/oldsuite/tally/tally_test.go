package tally

import (
	"sync"
	"testing"

	"github.com/stretchr/testify/suite"
)

// CounterSuite's tests share a Counter each SetupTest makes.
type CounterSuite struct {
	suite.Suite
	c *Counter
}

func (s *CounterSuite) SetupTest() { s.c = NewCounter() }

// A sequential test: silent.
func (s *CounterSuite) TestAddOne() {
	s.c.Add("a")
	s.Equal(1, s.c.Get("a"))
}

// Bug: two goroutines add to one Counter.
func (s *CounterSuite) TestAddConcurrently() {
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		s.c.Add("a")
	}()
	s.c.Add("b")
	wg.Wait()
	s.Equal(1, s.c.Get("a"))
}

func TestCounterSuite(t *testing.T) { suite.Run(t, new(CounterSuite)) }

// LockedSuite is CounterSuite's fixed twin.
type LockedSuite struct {
	suite.Suite
	c *Locked
}

func (s *LockedSuite) SetupTest() { s.c = NewLocked() }

func (s *LockedSuite) TestAddOne() {
	s.c.Add("a")
	s.Equal(1, s.c.Get("a"))
}

func (s *LockedSuite) TestAddConcurrently() {
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		s.c.Add("a")
	}()
	s.c.Add("b")
	wg.Wait()
	s.Equal(1, s.c.Get("a"))
}

func TestLockedSuite(t *testing.T) { suite.Run(t, new(LockedSuite)) }
