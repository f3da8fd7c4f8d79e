package transformself

import "testing"

func TestUpper(t *testing.T) {
	if got := Upper([]string{"a", "b"}); len(got) != 2 {
		t.Errorf("got %v", got)
	}
}

func TestUpperFixed(t *testing.T) {
	if got := UpperFixed([]string{"a", "b"}); len(got) != 2 {
		t.Errorf("got %v", got)
	}
}
