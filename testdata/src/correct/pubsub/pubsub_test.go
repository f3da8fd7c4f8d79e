package pubsub

import "testing"

func TestBrokerFanOut(t *testing.T) {
	b := &Broker{}
	got := make(chan []string, 2)
	for i := 0; i < 2; i++ {
		ch := b.Subscribe()
		go func() {
			var msgs []string
			for m := range ch {
				msgs = append(msgs, m)
			}
			got <- msgs
		}()
	}
	for _, m := range []string{"build started", "build passed"} {
		if err := b.Publish(m); err != nil {
			t.Fatal(err)
		}
	}
	b.Close()
	if err := b.Publish("late"); err != ErrClosed {
		t.Errorf("Publish after Close: %v", err)
	}
	for i := 0; i < 2; i++ {
		msgs := <-got
		if len(msgs) != 2 || msgs[0] != "build started" || msgs[1] != "build passed" {
			t.Errorf("subscriber got %v", msgs)
		}
	}
}
