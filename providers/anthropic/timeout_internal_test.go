package anthropic

import (
	"testing"
	"time"
)

// TestAttemptTimeout: without WithRequestTimeout an attempt may last as
// long as an unstreamed answer of the cap takes (an hour per 128000
// tokens), at least 10 minutes and at most an hour; WithRequestTimeout
// wins whatever the cap.
func TestAttemptTimeout(t *testing.T) {
	tests := []struct {
		option    time.Duration
		maxTokens int
		want      time.Duration
	}{
		{0, DefaultMaxTokens, 10 * time.Minute},
		{0, 21333, 10 * time.Minute},
		{0, 64000, 30 * time.Minute},
		{0, 128000, time.Hour},
		{0, 1 << 20, time.Hour},
		{0, -5, 10 * time.Minute},
		{30 * time.Second, 128000, 30 * time.Second},
	}
	for _, tt := range tests {
		p := New(WithRequestTimeout(tt.option))
		if got := p.attemptTimeout(tt.maxTokens); got != tt.want {
			t.Errorf("WithRequestTimeout(%v), cap %d: %v, want %v", tt.option, tt.maxTokens, got, tt.want)
		}
	}
}
