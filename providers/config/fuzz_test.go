package config_test

import (
	"flag"
	"io"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/providers/config"
)

// FuzzParseChoice: ParseChoice never panics, accepts only known
// providers, and what it accepts prints back to an equal Choice.
func FuzzParseChoice(f *testing.F) {
	for _, s := range []string{"openai", "ollama:llama3.2:3b", "anthropic:claude-sonnet-4-5", ":", "", "gemini:x", " cli : m ", "offline:"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := config.ParseChoice(s)
		if err != nil {
			return
		}
		if !strings.Contains(strings.Join(config.Names(), " "), c.Provider) || c.Provider == "" {
			t.Fatalf("ParseChoice(%q) accepted provider %q", s, c.Provider)
		}
		back, err := config.ParseChoice(c.String())
		if err != nil || back != c {
			t.Fatalf("ParseChoice(%q) = %+v, but its String %q parses to %+v, %v", s, c, c.String(), back, err)
		}
	})
}

// FuzzReviewerFlag: any -reviewer-model value is accepted or rejected
// without a panic, and an accepted one is honoured by Choice.
func FuzzReviewerFlag(f *testing.F) {
	for _, s := range []string{"fact=openai:gpt-4o", "a=offline", "=ollama", "x", "名前=ollama:qwen3:8b", "a==b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		fs := flag.NewFlagSet("fuzz", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		c := config.Register(fs)
		if fs.Parse([]string{"-reviewer-model", s}) != nil {
			return
		}
		name, choice, _ := strings.Cut(s, "=")
		want, err := config.ParseChoice(choice)
		if err != nil {
			t.Fatalf("flag %q accepted, but ParseChoice(%q) fails: %v", s, choice, err)
		}
		if got := c.Reviewers[strings.TrimSpace(name)]; got != want {
			t.Fatalf("flag %q stored %+v, want %+v", s, got, want)
		}
	})
}
