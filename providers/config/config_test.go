package config_test

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/providers/config"
)

const secret = "sk-ant-SECRET-value-0123456789"

func resolve(t *testing.T, args []string, env map[string]string) (*config.Config, error) {
	t.Helper()
	fs := flag.NewFlagSet("test", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	c := config.Register(fs)
	if err := fs.Parse(args); err != nil {
		return c, err
	}
	return c, c.Resolve(func(k string) string { return env[k] })
}

func TestResolve(t *testing.T) {
	tests := []struct {
		name   string
		args   []string
		env    map[string]string
		want   string // Config.String()
		errHas string
	}{
		{"nothing set is offline", nil, nil, "offline", ""},
		{"anthropic key picks anthropic", nil, map[string]string{"ANTHROPIC_API_KEY": secret, "OPENAI_API_KEY": "sk-o"}, "anthropic:claude-sonnet-4-5", ""},
		{"openai key picks openai", nil, map[string]string{"OPENAI_API_KEY": "sk-o"}, "openai:gpt-4.1-mini", ""},
		{"openrouter key picks openrouter", nil, map[string]string{"OPENROUTER_API_KEY": "sk-r"}, "openrouter:openai/gpt-4.1-mini", ""},
		{"flag beats env", []string{"-provider", "ollama", "-model", "qwen3:8b"}, map[string]string{"KAIGI_PROVIDER": "openai", "OPENAI_API_KEY": "x"}, "ollama:qwen3:8b", ""},
		{"env provider and model", nil, map[string]string{"KAIGI_PROVIDER": "ollama", "KAIGI_MODEL": "gemma3"}, "ollama:gemma3", ""},
		{"OLLAMA_HOST gives the base URL", []string{"-provider", "ollama"}, map[string]string{"OLLAMA_HOST": "gpu:11434"}, "ollama:llama3.2 at http://gpu:11434/v1", ""},
		{"OLLAMA_HOST with a scheme", []string{"-provider", "ollama"}, map[string]string{"OLLAMA_HOST": "https://gpu:11434/"}, "ollama:llama3.2 at https://gpu:11434/v1", ""},
		{"OLLAMA_HOST loses to -base-url", []string{"-provider", "ollama", "-base-url", "http://other/v1"}, map[string]string{"OLLAMA_HOST": "gpu:11434"}, "ollama:llama3.2 at http://other/v1", ""},
		{"explicit offline despite a key", []string{"-provider", "offline"}, map[string]string{"ANTHROPIC_API_KEY": secret}, "offline", ""},
		{"local OpenAI-compatible server needs no key", []string{"-provider", "openai", "-base-url", "http://localhost:8000/v1", "-model", "qwen"}, nil, "openai:qwen at http://localhost:8000/v1", ""},
		{
			"mixed council from flags and env",
			[]string{"-reviewer-model", "fact-checker=openai:gpt-4o", "-reviewer-model", "anti-ai-slop=offline"},
			map[string]string{"ANTHROPIC_API_KEY": secret, "OPENAI_API_KEY": "sk-o", "KAIGI_REVIEWER_MODELS": "fact-checker=ollama, reader-advocate=anthropic:claude-haiku-4-5"},
			"anthropic:claude-sonnet-4-5 (anti-ai-slop=offline, fact-checker=openai:gpt-4o, reader-advocate=anthropic:claude-haiku-4-5)", "",
		},
		{"cli command", []string{"-provider", "cli", "-cli", "claude -p --model {model}", "-model", "sonnet"}, nil, "cli:sonnet", ""},
		{"unknown provider", []string{"-provider", "gemini"}, nil, "", `unknown provider "gemini"`},
		{"missing key", []string{"-provider", "anthropic"}, nil, "", "needs ANTHROPIC_API_KEY"},
		{"override missing key", []string{"-reviewer-model", "fact=openai:gpt-4o"}, nil, "", `reviewer "fact": provider openai needs OPENAI_API_KEY`},
		{"cli without command", []string{"-provider", "cli"}, nil, "", "needs a command"},
		{"bad reviewer flag", []string{"-reviewer-model", "fact"}, nil, "", "want name=provider[:model]"},
		{"bad reviewer provider", []string{"-reviewer-model", "fact=gpt-4o"}, nil, "", `unknown provider "gpt-4o"`},
		{"bad reviewer env", nil, map[string]string{"KAIGI_REVIEWER_MODELS": "=ollama"}, "", "KAIGI_REVIEWER_MODELS"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := resolve(t, tt.args, tt.env)
			if tt.errHas != "" {
				if err == nil || !strings.Contains(err.Error(), tt.errHas) {
					t.Fatalf("err = %v, want one containing %q", err, tt.errHas)
				}
				if strings.Contains(err.Error(), secret) {
					t.Errorf("error shows the key: %v", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := c.String(); got != tt.want {
				t.Errorf("String() = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestProviderTypes(t *testing.T) {
	c, err := resolve(t, []string{
		"-cli", "my-agent --model {model}",
		"-reviewer-model", "a=openai", "-reviewer-model", "b=ollama:phi4",
		"-reviewer-model", "c=cli:m", "-reviewer-model", "d=offline", "-reviewer-model", "e=openrouter",
	}, map[string]string{"ANTHROPIC_API_KEY": secret, "OPENAI_API_KEY": "sk-o", "OPENROUTER_API_KEY": "sk-r"})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		reviewer  string
		wantType  string
		wantModel string
	}{
		{"", "*anthropic.Provider", "claude-sonnet-4-5"},
		{"a", "*openai.Provider", "gpt-4.1-mini"},
		{"b", "*openai.Provider", "phi4"},
		{"c", "*cli.Provider", "m"},
		{"e", "*openai.Provider", "openai/gpt-4.1-mini"},
	}
	for _, tt := range tests {
		p, model, err := c.Provider(tt.reviewer)
		if err != nil {
			t.Fatalf("Provider(%q): %v", tt.reviewer, err)
		}
		if got := fmt.Sprintf("%T", p.(interface{ Unwrap() agent.Provider }).Unwrap()); got != tt.wantType || model != tt.wantModel {
			t.Errorf("Provider(%q) = %s, %q; want %s, %q", tt.reviewer, got, model, tt.wantType, tt.wantModel)
		}
	}
	if !c.Offline("d") || c.Offline("a") {
		t.Error("Offline() wrong for d or a")
	}
	if _, _, err := c.Provider("d"); !errors.Is(err, config.ErrOffline) {
		t.Errorf("Provider(offline reviewer) err = %v, want ErrOffline", err)
	}
}

func TestProviderBeforeResolve(t *testing.T) {
	c := config.Register(flag.NewFlagSet("x", flag.ContinueOnError))
	if _, _, err := c.Provider("r"); err == nil {
		t.Error("Provider before Resolve returned no error")
	}
}

// TestKeyNeverShown prints the Config every way and provokes a 401 from a
// server that echoes the key: the key must appear nowhere.
func TestKeyNeverShown(t *testing.T) {
	for _, prov := range []string{"anthropic", "openai"} {
		t.Run(prov, func(t *testing.T) {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "application/json")
				w.WriteHeader(http.StatusUnauthorized)
				fmt.Fprintf(w, `{"type":"error","error":{"type":"authentication_error","message":"invalid x-api-key %s (header %q)"}}`,
					secret, r.Header.Get("Authorization"))
			}))
			defer srv.Close()
			c, err := resolve(t, []string{"-provider", prov, "-base-url", srv.URL + map[string]string{"openai": "/v1"}[prov]},
				map[string]string{"ANTHROPIC_API_KEY": secret, "OPENAI_API_KEY": secret})
			if err != nil {
				t.Fatal(err)
			}
			p, model, err := c.Provider("r")
			if err != nil {
				t.Fatal(err)
			}
			_, err = p.Complete(t.Context(), agent.Request{Model: model, Messages: []agent.Message{agent.UserText("hi")}})
			if err == nil || !strings.Contains(err.Error(), "401") {
				t.Fatalf("err = %v, want a 401", err)
			}
			shown := []string{err.Error(), fmt.Sprintf("%+v", err), fmt.Sprintf("%#v", err),
				fmt.Sprint(c), fmt.Sprintf("%+v", c), fmt.Sprintf("%#v", c), fmt.Sprintf("%+v", *c), fmt.Sprintf("%#v", *c)}
			for _, s := range shown {
				if strings.Contains(s, secret) || strings.Contains(s, "SECRET") {
					t.Errorf("the key is shown: %s", s)
				}
			}
		})
	}
}

func ExampleConfig_Provider() {
	fs := flag.NewFlagSet("editorial-swarm", flag.ContinueOnError)
	cfg := config.Register(fs)
	_ = fs.Parse([]string{"-provider", "ollama", "-reviewer-model", "anti-ai-slop=offline"})
	env := map[string]string{} // os.Getenv in a program
	if err := cfg.Resolve(func(k string) string { return env[k] }); err != nil {
		fmt.Println(err)
		return
	}
	for _, name := range []string{"anti-ai-slop", "fact-checker"} {
		if cfg.Offline(name) {
			fmt.Println(name, "runs offline")
			continue
		}
		_, model, err := cfg.Provider(name)
		fmt.Println(name, "asks", model, err)
	}
	fmt.Println(cfg)
	// Output:
	// anti-ai-slop runs offline
	// fact-checker asks llama3.2 <nil>
	// ollama:llama3.2 (anti-ai-slop=offline)
}

// TestOllamaOverrideUsesOllamaHost: a reviewer moved to ollama in a
// council whose default is another provider still reaches OLLAMA_HOST.
func TestOllamaOverrideUsesOllamaHost(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprintf(w, `{"id":"1","object":"chat.completion","model":"phi4","choices":[{"index":0,"finish_reason":"stop","message":{"role":"assistant","content":"%s"}}]}`, r.URL.Path)
	}))
	defer srv.Close()
	c, err := resolve(t, []string{"-reviewer-model", "local=ollama:phi4"},
		map[string]string{"ANTHROPIC_API_KEY": secret, "OLLAMA_HOST": strings.TrimPrefix(srv.URL, "http://")})
	if err != nil {
		t.Fatal(err)
	}
	p, model, err := c.Provider("local")
	if err != nil {
		t.Fatal(err)
	}
	resp, err := p.Complete(t.Context(), agent.Request{Model: model, Messages: []agent.Message{agent.UserText("hi")}})
	if err != nil || resp.Text != "/v1/chat/completions" {
		t.Errorf("Complete = %q, %v; want the Ollama host's chat endpoint", resp.Text, err)
	}
}

func TestOllamaHost(t *testing.T) {
	tests := []struct{ host, want string }{
		{"gpu", "http://gpu:11434/v1"},
		{"gpu:8080", "http://gpu:8080/v1"},
		{"gpu:11434", "http://gpu:11434/v1"},
		{"0.0.0.0", "http://127.0.0.1:11434/v1"},
		{"0.0.0.0:9999", "http://127.0.0.1:9999/v1"},
		{":11435", "http://127.0.0.1:11435/v1"},
		{"[::]:11434", "http://127.0.0.1:11434/v1"},
		{"::1", "http://[::1]:11434/v1"},
		{"[::1]:8000", "http://[::1]:8000/v1"},
		{"http://gpu", "http://gpu:80/v1"},
		{"https://gpu", "https://gpu:443/v1"},
		{"https://gpu:11434/", "https://gpu:11434/v1"},
		{"http://gpu:11434/ollama", "http://gpu:11434/ollama/v1"},
		{"gpu:notaport", "http://gpu:11434/v1"},
	}
	for _, tt := range tests {
		t.Run(tt.host, func(t *testing.T) {
			c, err := resolve(t, []string{"-provider", "ollama"}, map[string]string{"OLLAMA_HOST": tt.host})
			if err != nil {
				t.Fatal(err)
			}
			if got, want := c.String(), "ollama:llama3.2 at "+tt.want; got != want {
				t.Errorf("String() = %q, want %q", got, want)
			}
		})
	}
}

// TestFlagProviderIgnoresOtherProvidersEnv: KAIGI_MODEL and KAIGI_BASE_URL
// are meant for KAIGI_PROVIDER; a -provider flag naming another provider
// must not inherit them (and send its key to that server).
func TestFlagProviderIgnoresOtherProvidersEnv(t *testing.T) {
	env := map[string]string{
		"KAIGI_PROVIDER": "openai", "KAIGI_MODEL": "gpt-4o", "KAIGI_BASE_URL": "http://openai-proxy.example/v1",
		"OPENAI_API_KEY": "sk-o", "ANTHROPIC_API_KEY": secret,
	}
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"env provider only", nil, "openai:gpt-4o at http://openai-proxy.example/v1"},
		{"flag names the env provider", []string{"-provider", "openai"}, "openai:gpt-4o at http://openai-proxy.example/v1"},
		{"flag names another provider", []string{"-provider", "anthropic"}, "anthropic:claude-sonnet-4-5"},
		{"flags win anyway", []string{"-provider", "anthropic", "-model", "claude-haiku-4-5", "-base-url", "http://a.example"}, "anthropic:claude-haiku-4-5 at http://a.example"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := resolve(t, tt.args, env)
			if err != nil {
				t.Fatal(err)
			}
			if got := c.String(); got != tt.want {
				t.Errorf("String() = %q, want %q", got, tt.want)
			}
		})
	}
	t.Run("without KAIGI_PROVIDER the env model applies", func(t *testing.T) {
		c, err := resolve(t, []string{"-provider", "ollama"}, map[string]string{"KAIGI_MODEL": "gemma3"})
		if err != nil {
			t.Fatal(err)
		}
		if got, want := c.String(), "ollama:gemma3"; got != want {
			t.Errorf("String() = %q, want %q", got, want)
		}
	})
}

func TestResolveReviewerModels(t *testing.T) {
	tests := []struct {
		name   string
		args   []string
		env    map[string]string
		want   string
		errHas string
	}{
		{"trailing comma", nil, map[string]string{"KAIGI_REVIEWER_MODELS": "a=offline,"}, "offline (a=offline)", ""},
		{"empty items", nil, map[string]string{"KAIGI_REVIEWER_MODELS": " , a=offline,, b=ollama:phi4 ,"}, "offline (a=offline, b=ollama:phi4)", ""},
		{
			"override of the default provider inherits -model",
			[]string{"-provider", "openai", "-model", "gpt-4o", "-reviewer-model", "fact=openai"},
			map[string]string{"OPENAI_API_KEY": "sk-o"}, "openai:gpt-4o (fact=openai:gpt-4o)", "",
		},
		{
			"override with its own model keeps it",
			[]string{"-provider", "openai", "-model", "gpt-4o", "-reviewer-model", "fact=openai:o3"},
			map[string]string{"OPENAI_API_KEY": "sk-o"}, "openai:gpt-4o (fact=openai:o3)", "",
		},
		{
			"override of another provider takes that provider's default",
			[]string{"-provider", "openai", "-model", "gpt-4o", "-reviewer-model", "fact=ollama"},
			map[string]string{"OPENAI_API_KEY": "sk-o"}, "openai:gpt-4o (fact=ollama:llama3.2)", "",
		},
		{"cli placeholder without a model", []string{"-provider", "cli", "-cli", "claude -p --model {model}"}, nil, "", "no model"},
		{"cli override placeholder without a model", []string{"-cli", "agent --model={model}", "-reviewer-model", "r=cli"}, nil, "", `reviewer "r"`},
		{"cli without placeholder needs no model", []string{"-provider", "cli", "-cli", "my-agent --json"}, nil, "cli", ""},
		{"cli override inherits -model", []string{"-provider", "cli", "-cli", "a {model}", "-model", "m", "-reviewer-model", "r=cli"}, nil, "cli:m (r=cli:m)", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := resolve(t, tt.args, tt.env)
			if tt.errHas != "" {
				if err == nil || !strings.Contains(err.Error(), tt.errHas) {
					t.Fatalf("err = %v, want one containing %q", err, tt.errHas)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := c.String(); got != tt.want {
				t.Errorf("String() = %q, want %q", got, tt.want)
			}
		})
	}
}
