package main

import (
	"context"
	"fmt"
	"os"

	"github.com/gokiss/kiss/sequentialize/ir"
	"github.com/gokiss/kiss/smt"
	"github.com/gokiss/kiss/sequentialize/race"
)

func main() {
	src, _ := os.ReadFile(os.Args[1])
	p, err := ir.Parse(os.Args[1], src)
	if err != nil {
		panic(err)
	}
	out, err := smt.Run(context.Background(), p, smt.Options{MaxCost: 0, Observers: map[string]func() smt.Observer{race.Name: race.New}})
	if err != nil {
		panic(err)
	}
	for _, v := range out.Violations {
		fmt.Println(v.Kind, v.Message)
		for _, ev := range v.Trace {
			fmt.Println("  ", ev.Name, ev.Args, ev.Pos)
		}
	}
}
