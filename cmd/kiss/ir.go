package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"time"

	"github.com/gokiss/kiss/ir"
	"github.com/gokiss/kiss/smt"
	"github.com/gokiss/kiss/smt/race"
)

// runIR is `kiss ir FILE.ir`: check a sequential program by hand, print each
// violation with the values of its nondet choices, and the statistics.
func runIR(args []string) int {
	fs := flag.NewFlagSet("kiss ir", flag.ExitOnError)
	contexts := fs.Int("contexts", 2, "cost bound (preemptions)")
	unroll := fs.Int("unroll", 3, "iterations of a loop whose condition is symbolic")
	timeout := fs.Duration("timeout", 30*time.Second, "time budget")
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: kiss ir [flags] FILE.ir\n")
		fs.PrintDefaults()
	}
	fs.Parse(args)
	if fs.NArg() != 1 {
		fs.Usage()
		return 2
	}
	src, err := os.ReadFile(fs.Arg(0))
	if err != nil {
		fmt.Fprintln(os.Stderr, "kiss:", err)
		return 2
	}
	prog, err := ir.Parse(fs.Arg(0), src)
	if err == nil {
		err = ir.Verify(prog)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "kiss:", err)
		return 2
	}
	res, err := smt.Run(context.Background(), prog, smt.Options{
		MaxCost: *contexts, Unroll: *unroll, Timeout: *timeout,
		Observers: map[string]func() smt.Observer{race.Name: race.New},
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, "kiss:", err)
		return 2
	}
	for _, v := range res.Violations {
		fmt.Printf("%s: %s: %s (cost %d)\n", v.Pos, v.Kind, v.Message, v.Cost)
		if len(v.Nondets) > 0 {
			fmt.Printf("\tinputs:")
			for _, n := range v.Nondets {
				fmt.Printf(" %s", n)
			}
			fmt.Println()
		}
	}
	for _, e := range res.Errors {
		fmt.Printf("runtime error: %v\n", e)
	}
	st := res.Stats
	fmt.Printf("%d violation(s); %d paths, %d steps (%d without the solver), %d solver calls, complete=%v cuts=%v\n",
		len(res.Violations), st.Paths, st.Steps, st.ConcreteSteps, st.SolverCalls, st.Complete, st.Cuts)
	if len(res.Violations) > 0 {
		return 1
	}
	return 0
}
