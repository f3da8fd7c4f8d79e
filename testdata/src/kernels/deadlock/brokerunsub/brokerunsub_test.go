package brokerunsub

import "testing"

func TestBrokerUnsubscribeFromHandler(t *testing.T) {
	b := NewBroker()
	id, ch := b.Subscribe()
	got := make(chan int)
	go func() {
		n := 0
		for msg := range ch {
			n++
			if msg == "bye" {
				b.Unsubscribe(id)
			}
		}
		got <- n
	}()
	b.Publish("hello")
	b.Publish("bye")
	b.Publish("late")
	if n := <-got; n != 2 {
		t.Errorf("subscriber saw %d messages, want 2", n)
	}
}

func TestBrokerUnsubscribeFromHandlerFixed(t *testing.T) {
	b := NewBrokerFixed()
	s := b.Subscribe()
	got := make(chan int)
	go func() {
		n := 0
		for msg := range s.C {
			n++
			if msg == "bye" {
				b.Unsubscribe(s)
				break
			}
		}
		got <- n
	}()
	b.Publish("hello")
	b.Publish("bye")
	b.Publish("late")
	if n := <-got; n != 2 {
		t.Errorf("subscriber saw %d messages, want 2", n)
	}
}
