package main

import "testing"

func TestLoopbackHostPort(t *testing.T) {
	for _, tc := range []struct {
		addr string
		host string
		port int
		ok   bool
	}{
		{"127.0.0.1:0", "127.0.0.1", 0, true},
		{"127.0.0.1:7233", "127.0.0.1", 7233, true},
		{"127.1.2.3:7233", "127.1.2.3", 7233, true},
		{"localhost:7233", "127.0.0.1", 7233, true},
		{"[::1]:0", "::1", 0, true},
		{"0.0.0.0:7233", "", 0, false},
		{":7233", "", 0, false},
		{"[::]:7233", "", 0, false},
		{"192.168.1.1:7233", "", 0, false},
		{"example.com:7233", "", 0, false},
		{"127.0.0.1", "", 0, false},
		{"127.0.0.1:x", "", 0, false},
		{"127.0.0.1:70000", "", 0, false},
	} {
		host, port, err := loopbackHostPort(tc.addr)
		if tc.ok != (err == nil) || host != tc.host || port != tc.port {
			t.Errorf("loopbackHostPort(%q) = %q, %d, %v; want %q, %d, ok %v", tc.addr, host, port, err, tc.host, tc.port, tc.ok)
		}
	}
}
