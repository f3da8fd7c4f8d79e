package prodcons

import "testing"

func TestProducerConsumer(t *testing.T) {
	ch := make(chan Order, 1)
	total := make(chan int)
	go Produce([]Order{{1, 250}, {2, 1000}, {3, 5}}, ch)
	go Consume(ch, total)
	if got := <-total; got != 1255 {
		t.Errorf("total = %d, want 1255", got)
	}
}
