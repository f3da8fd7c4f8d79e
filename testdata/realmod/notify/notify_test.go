package notify

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/mock"
)

type mockSender struct{ mock.Mock }

func (m *mockSender) Send(to, msg string) error {
	args := m.Called(to, msg)
	return args.Error(0)
}

// Bug: the two goroutines count without a lock.
func TestNotifyCounts(t *testing.T) {
	s := new(mockSender)
	s.On("Send", mock.Anything, "hi").Return(nil)
	n := &Notifier{S: s}
	n.Notify("hi", "ann", "bob")
	assert.Equal(t, 2, n.Sent())
	s.AssertNumberOfCalls(t, "Send", 2)
}

// Fixed twin.
func TestNotifyLockedCounts(t *testing.T) {
	s := new(mockSender)
	s.On("Send", mock.Anything, "hi").Return(nil)
	n := &Notifier{S: s}
	n.NotifyLocked("hi", "ann", "bob")
	assert.Equal(t, 2, n.Sent())
	s.AssertNumberOfCalls(t, "Send", 2)
}
