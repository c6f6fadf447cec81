package config_test

import (
	"flag"
	"testing"

	"github.com/kaigi-dev/kaigi/providers/config"
)

// TestResolveDemo: a demo ignores an API key in the environment unless a
// provider is named (flag or environment); a run that is not a demo takes
// the key.
func TestResolveDemo(t *testing.T) {
	env := func(vars map[string]string) func(string) string { return func(k string) string { return vars[k] } }
	key := map[string]string{config.EnvOpenAIKey: "sk-test"}
	for _, tt := range []struct {
		name    string
		args    []string
		vars    map[string]string
		demo    bool
		offline bool
	}{
		{"demo, a key set", nil, key, true, true},
		{"not a demo, a key set", nil, key, false, false},
		{"demo, -provider named", []string{"-provider", "openai"}, key, true, false},
		{"demo, provider in the environment", nil, map[string]string{config.EnvOpenAIKey: "sk-test", config.EnvProvider: "openai"}, true, false},
	} {
		fs := flag.NewFlagSet("x", flag.ContinueOnError)
		c := config.Register(fs)
		if err := fs.Parse(tt.args); err != nil {
			t.Fatal(err)
		}
		if err := c.ResolveDemo(fs, env(tt.vars), tt.demo); err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if got := c.Offline(""); got != tt.offline {
			t.Errorf("%s: offline %v, want %v", tt.name, got, tt.offline)
		}
	}
}
