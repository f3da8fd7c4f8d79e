// Package prodcons: one producer sends orders and closes the channel, the // want package:`lowered code of \d+ function\(s\), \d+ bytes of IR`
// consumer ranges over it and reports its total on a result channel.
package prodcons

type Order struct {
	ID    int
	Cents int
}

func Produce(orders []Order, out chan<- Order) {
	for _, o := range orders {
		out <- o
	}
	close(out)
}

func Consume(in <-chan Order, total chan<- int) {
	sum := 0
	for o := range in {
		sum += o.Cents
	}
	total <- sum
}
