package peerhandshake

import "testing"

func TestPeerHandshake(t *testing.T) {
	client, server := &Peer{Name: "client"}, &Peer{Name: "server"}
	Connect(client, server)
	done := make(chan struct{})
	go func() {
		server.Handshake()
		close(done)
	}()
	client.Handshake()
	<-done
	if client.Remote != "server" || server.Remote != "client" {
		t.Errorf("remotes: %q %q", client.Remote, server.Remote)
	}
}

func TestPeerHandshakeFixed(t *testing.T) {
	client, server := &PeerFixed{Name: "client"}, &PeerFixed{Name: "server"}
	ConnectFixed(client, server)
	done := make(chan struct{})
	go func() {
		server.Handshake()
		close(done)
	}()
	client.Handshake()
	<-done
	if client.Remote != "server" || server.Remote != "client" {
		t.Errorf("remotes: %q %q", client.Remote, server.Remote)
	}
}
