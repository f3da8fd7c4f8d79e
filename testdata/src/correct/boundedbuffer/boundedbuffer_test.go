package boundedbuffer

import "testing"

func TestBoundedBufferOrder(t *testing.T) {
	b := New(1)
	go func() {
		for i := 1; i <= 3; i++ {
			b.Put(i)
		}
	}()
	for want := 1; want <= 3; want++ {
		if got := b.Get(); got != want {
			t.Errorf("Get = %d, want %d", got, want)
		}
	}
}
