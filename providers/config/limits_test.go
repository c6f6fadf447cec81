package config_test

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/providers/config"
)

// fakeAPI answers both OpenAI's and Anthropic's wire format and records
// the token cap each request asked for.
func fakeAPI(t *testing.T, answer string) (url string, caps func() []int) {
	var mu sync.Mutex
	var seen []int
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var body struct {
			MaxTokens           int `json:"max_tokens"`
			MaxCompletionTokens int `json:"max_completion_tokens"`
		}
		b, _ := io.ReadAll(r.Body)
		_ = json.Unmarshal(b, &body)
		mu.Lock()
		seen = append(seen, body.MaxTokens+body.MaxCompletionTokens)
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		if strings.HasSuffix(r.URL.Path, "/messages") {
			fmt.Fprintf(w, `{"id":"m","type":"message","role":"assistant","model":"m","content":[{"type":"text","text":%q}],"stop_reason":"end_turn","usage":{"input_tokens":1,"output_tokens":1}}`, answer)
			return
		}
		fmt.Fprintf(w, `{"id":"1","object":"chat.completion","model":"m","choices":[{"index":0,"finish_reason":"stop","message":{"role":"assistant","content":%q}}]}`, answer)
	}))
	t.Cleanup(srv.Close)
	return srv.URL, func() []int {
		mu.Lock()
		defer mu.Unlock()
		return append([]int(nil), seen...)
	}
}

func TestMaxTokens(t *testing.T) {
	tests := []struct {
		name     string
		provider string
		args     []string
		env      map[string]string
		want     int
	}{
		{"openai flag", "openai", []string{"-max-tokens", "1234"}, nil, 1234},
		{"openai env", "openai", nil, map[string]string{"KAIGI_MAX_TOKENS": "777"}, 777},
		{"flag beats env", "openai", []string{"-max-tokens", "99"}, map[string]string{"KAIGI_MAX_TOKENS": "777"}, 99},
		{"openai default sends none", "openai", nil, nil, 0},
		{"anthropic flag", "anthropic", []string{"-max-tokens", "16000"}, nil, 16000},
		{"anthropic default", "anthropic", nil, nil, 8192},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			url, caps := fakeAPI(t, "ok")
			base := url + "/v1"
			if tt.provider == "anthropic" {
				base = url
			}
			env := map[string]string{"OPENAI_API_KEY": "k", "ANTHROPIC_API_KEY": "k"}
			for k, v := range tt.env {
				env[k] = v
			}
			c, err := resolve(t, append([]string{"-provider", tt.provider, "-base-url", base}, tt.args...), env)
			if err != nil {
				t.Fatal(err)
			}
			p, model, err := c.Provider("r")
			if err != nil {
				t.Fatal(err)
			}
			if _, err := p.Complete(t.Context(), agent.Request{Model: model, Messages: []agent.Message{agent.UserText("hi")}}); err != nil {
				t.Fatal(err)
			}
			if got := caps(); len(got) != 1 || got[0] != tt.want {
				t.Errorf("token caps sent = %v, want [%d]", got, tt.want)
			}
		})
	}
}

func TestMaxResponseBytes(t *testing.T) {
	url, _ := fakeAPI(t, strings.Repeat("x", 4096))
	c, err := resolve(t, []string{"-provider", "openai", "-base-url", url + "/v1", "-max-response-bytes", "1000"}, map[string]string{"OPENAI_API_KEY": "k"})
	if err != nil {
		t.Fatal(err)
	}
	p, model, err := c.Provider("r")
	if err != nil {
		t.Fatal(err)
	}
	_, err = p.Complete(t.Context(), agent.Request{Model: model, Messages: []agent.Message{agent.UserText("hi")}})
	if !strings.Contains(fmt.Sprint(err), "answer too large") || !strings.Contains(fmt.Sprint(err), "openai.WithMaxResponseBytes") {
		t.Fatalf("err = %v, want the 1000-byte bound to apply, in Go terms", err)
	}
	// A command user reads the flag's name instead of the Go option.
	msg := config.Explain(err)
	if !strings.Contains(msg, "limit of 1000 bytes (raise it with -max-response-bytes or KAIGI_MAX_RESPONSE_BYTES)") || strings.Contains(msg, "WithMaxResponseBytes") {
		t.Errorf("Explain = %q", msg)
	}
	if other := errors.New("x"); config.Explain(other) != "x" {
		t.Errorf("Explain of another error = %q", config.Explain(other))
	}
}

func TestBadLimits(t *testing.T) {
	tests := []struct {
		name   string
		args   []string
		env    map[string]string
		errHas string
	}{
		{"negative flag", []string{"-max-tokens", "-5"}, nil, "-max-tokens"},
		{"env not a number", nil, map[string]string{"KAIGI_MAX_TOKENS": "lots"}, "KAIGI_MAX_TOKENS"},
		{"env zero", nil, map[string]string{"KAIGI_MAX_TOKENS": "0"}, "KAIGI_MAX_TOKENS"},
		{"bytes env", nil, map[string]string{"KAIGI_MAX_RESPONSE_BYTES": "1MB"}, "KAIGI_MAX_RESPONSE_BYTES"},
		{"too many tokens", []string{"-max-tokens", "99999999999"}, nil, "-max-tokens"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := resolve(t, tt.args, tt.env)
			if err == nil || !strings.Contains(err.Error(), tt.errHas) {
				t.Errorf("err = %v, want one naming %s", err, tt.errHas)
			}
		})
	}
}

func TestMaxTokensHelp(t *testing.T) {
	var b strings.Builder
	fs := flag.NewFlagSet("x", flag.ContinueOnError)
	fs.SetOutput(&b)
	config.Register(fs)
	fs.PrintDefaults()
	for _, want := range []string{"-max-tokens", "KAIGI_MAX_TOKENS", "cut off", "-max-response-bytes"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("flag help lacks %q:\n%s", want, b.String())
		}
	}
}
