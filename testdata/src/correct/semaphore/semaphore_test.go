package semaphore

import "testing"

func TestUploadLimit(t *testing.T) {
	u := NewUploader(2)
	u.UploadAll([]string{"a.jpg", "b.jpg", "c.jpg"})
	if m := u.maxActive.Load(); m > 2 || len(u.uploaded) != 3 {
		t.Errorf("max concurrent uploads %d, uploaded %v", m, u.uploaded)
	}
}
