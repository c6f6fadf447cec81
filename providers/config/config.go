package config

import (
	"cmp"
	"errors"
	"flag"
	"fmt"
	"math"
	"net"
	"net/url"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/providers/anthropic"
	"github.com/kaigi-dev/kaigi/providers/cli"
	"github.com/kaigi-dev/kaigi/providers/openai"
)

// The provider names -provider and KAIGI_PROVIDER accept.
const (
	Offline    = "offline"
	OpenAI     = "openai"
	Anthropic  = "anthropic"
	OpenRouter = "openrouter"
	Ollama     = "ollama"
	CLI        = "cli"
)

// Names lists the provider names in the order help texts show them.
func Names() []string { return []string{Offline, OpenAI, Anthropic, OpenRouter, Ollama, CLI} }

// The environment variables Resolve reads. API keys are read from the
// environment only, never from flags, and are never printed.
const (
	EnvProvider       = "KAIGI_PROVIDER"
	EnvModel          = "KAIGI_MODEL"
	EnvBaseURL        = "KAIGI_BASE_URL"
	EnvCLI            = "KAIGI_CLI"
	EnvReviewerModels = "KAIGI_REVIEWER_MODELS" // "name=provider:model,..."
	EnvMaxTokens      = "KAIGI_MAX_TOKENS"
	EnvMaxResponse    = "KAIGI_MAX_RESPONSE_BYTES"
	EnvOpenAIKey      = "OPENAI_API_KEY"
	EnvAnthropicKey   = "ANTHROPIC_API_KEY"
	EnvOpenRouterKey  = "OPENROUTER_API_KEY"
	EnvOllamaHost     = "OLLAMA_HOST" // "[scheme://]host[:port]", as the ollama CLI reads it
)

// DefaultModel returns the model used for a provider when none is named:
// a capable, inexpensive default (2025) the user overrides with -model.
// Offline and cli have none.
func DefaultModel(provider string) string {
	switch provider {
	case OpenAI:
		return "gpt-4.1-mini"
	case Anthropic:
		return "claude-sonnet-4-5"
	case OpenRouter:
		return "openai/gpt-4.1-mini"
	case Ollama:
		return "llama3.2"
	}
	return ""
}

// ErrOffline is returned by Provider for a reviewer that runs offline: the
// caller uses the built-in reviewers instead of a model.
var ErrOffline = errors.New("offline: no model provider")

// Choice is a provider name and a model.
type Choice struct {
	// Provider is one of Names(). Example: "anthropic".
	Provider string
	// Model names the model; empty means DefaultModel(Provider).
	Model string
}

// String returns "provider:model", or "provider" when there is no model.
func (c Choice) String() string {
	if c.Model == "" {
		return c.Provider
	}
	return c.Provider + ":" + c.Model
}

// ParseChoice parses "provider" or "provider:model". The model may itself
// contain colons ("ollama:llama3.2:3b").
func ParseChoice(s string) (Choice, error) {
	prov, model, _ := strings.Cut(strings.TrimSpace(s), ":")
	if !slices.Contains(Names(), prov) {
		return Choice{}, fmt.Errorf("unknown provider %q in %q (want one of %s)", prov, s, strings.Join(Names(), ", "))
	}
	return Choice{Provider: prov, Model: model}, nil
}

// Config chooses the provider and model of every reviewer from flags and
// the environment. Register it on a FlagSet, parse the flags, then call
// Resolve before Provider or Offline. Flags win over the environment.
//
// Printing a Config with any fmt verb never shows an API key.
type Config struct {
	// Default is the choice for reviewers without an override.
	Default Choice
	// BaseURL is the server of the default provider (and of overrides that
	// use the same provider): with /v1 for OpenAI-compatible servers, the
	// server's root for anthropic (/v1/messages is added; a final /v1 is
	// accepted). Example: "http://gpu-box:8000/v1".
	BaseURL string
	// Command is the cli provider's command line, split on white space
	// (no shell, no quoting); "{model}" is replaced by the model.
	// Example: "claude -p --model {model}".
	Command string
	// Reviewers maps a reviewer's name to its own choice, for councils
	// that mix models. A choice of the default provider without a model
	// takes Default's model.
	Reviewers map[string]Choice
	// MaxTokens caps the output tokens of every call that sets no cap of
	// its own, on every provider but cli (a command sets its own limits);
	// 0 leaves each provider's default (anthropic.DefaultMaxTokens for
	// anthropic, the server's for OpenAI-compatible ones). Raise it when
	// answers are reported as truncated (agent.ErrTruncated); anthropic
	// then waits longer for an answer (see anthropic.WithRequestTimeout).
	MaxTokens int
	// MaxResponseBytes bounds the bytes read for one answer on every
	// provider; 0 means agent.DefaultMaxResponseBytes.
	MaxResponseBytes int64

	provider  string // -provider, before Resolve
	ollamaURL string // from OLLAMA_HOST, for every ollama choice
	keys      *keys  // a pointer, so fmt never prints the values
	resolved  bool
}

type keys struct{ openai, anthropic, openrouter string }

// Register defines the flags -provider, -model, -base-url, -cli,
// -max-tokens, -max-response-bytes and the repeatable -reviewer-model
// name=provider:model on fs and returns the Config they fill. No flag
// takes an API key.
func Register(fs *flag.FlagSet) *Config {
	c := &Config{Reviewers: map[string]Choice{}}
	fs.StringVar(&c.provider, "provider", "", "model provider: "+strings.Join(Names(), "|")+
		" (default: the one whose API key is set in the environment, else offline; env "+EnvProvider+")")
	fs.StringVar(&c.Default.Model, "model", "", "model name (default: the provider's default; env "+EnvModel+")")
	fs.StringVar(&c.BaseURL, "base-url", "", "server URL: for an OpenAI-compatible server up to its /v1 (http://localhost:11434/v1), "+
		"for anthropic the server's root (https://api.anthropic.com; a final /v1 is accepted) (env "+EnvBaseURL+")")
	fs.StringVar(&c.Command, "cli", "", `command for -provider cli, split on spaces, {model} replaced (env `+EnvCLI+`)`)
	fs.IntVar(&c.MaxTokens, "max-tokens", 0, "output token limit of each model call, for every provider but cli; raise it when answers are cut off "+
		"(default: the provider's, "+strconv.Itoa(anthropic.DefaultMaxTokens)+" for anthropic; env "+EnvMaxTokens+")")
	fs.Int64Var(&c.MaxResponseBytes, "max-response-bytes", 0, "largest answer read from a provider (an HTTP body, the cli command's output), in bytes; raise it when a call fails as too large (default "+
		strconv.Itoa(agent.DefaultMaxResponseBytes)+"; env "+EnvMaxResponse+")")
	fs.Func("reviewer-model", "per-reviewer `name=provider[:model]`, repeatable (env "+EnvReviewerModels+", comma-separated)", func(s string) error {
		return c.addReviewer(s)
	})
	return c
}

func (c *Config) addReviewer(s string) error {
	name, choice, ok := strings.Cut(s, "=")
	name = strings.TrimSpace(name)
	if !ok || name == "" {
		return fmt.Errorf("reviewer model %q: want name=provider[:model]", s)
	}
	ch, err := ParseChoice(choice)
	if err != nil {
		return fmt.Errorf("reviewer model for %q: %w", name, err)
	}
	if c.Reviewers == nil {
		c.Reviewers = map[string]Choice{}
	}
	c.Reviewers[name] = ch
	return nil
}

// Resolve completes the Config from the environment, read through getenv
// (os.Getenv in a program, a map in tests): values the flags left empty
// are taken from KAIGI_* variables (KAIGI_MODEL and KAIGI_BASE_URL only
// when -provider is not set or names KAIGI_PROVIDER, as they belong to
// that provider), API keys from OPENAI_API_KEY,
// ANTHROPIC_API_KEY and OPENROUTER_API_KEY. With no provider named, the
// first of anthropic, openai and openrouter whose key is set is chosen,
// else offline. Empty items of KAIGI_REVIEWER_MODELS are skipped. Resolve
// fails when a chosen provider lacks its key or command, or a cli command
// has the {model} placeholder and no model is named; its errors name the
// variable, never a key's value.
func (c *Config) Resolve(getenv func(string) string) error {
	env := func(k string) string { return strings.TrimSpace(getenv(k)) }
	c.keys = &keys{openai: env(EnvOpenAIKey), anthropic: env(EnvAnthropicKey), openrouter: env(EnvOpenRouterKey)}
	if c.Reviewers == nil {
		c.Reviewers = map[string]Choice{}
	}
	c.Default.Provider = cmp.Or(c.provider, env(EnvProvider), c.Default.Provider)
	// KAIGI_MODEL and KAIGI_BASE_URL belong to KAIGI_PROVIDER: a -provider
	// flag naming another one must not send its key to that server.
	if envProv := env(EnvProvider); c.provider == "" || envProv == "" || envProv == c.provider {
		c.Default.Model = cmp.Or(c.Default.Model, env(EnvModel))
		c.BaseURL = cmp.Or(c.BaseURL, env(EnvBaseURL))
	}
	c.Command = cmp.Or(c.Command, env(EnvCLI))
	if err := c.limits(env); err != nil {
		return fmt.Errorf("config: %w", err)
	}
	if h := env(EnvOllamaHost); h != "" {
		c.ollamaURL = ollamaURL(h)
		if c.BaseURL == "" && c.Default.Provider == Ollama {
			c.BaseURL = c.ollamaURL
		}
	}
	if c.Default.Provider == "" {
		switch {
		case c.keys.anthropic != "":
			c.Default.Provider = Anthropic
		case c.keys.openai != "":
			c.Default.Provider = OpenAI
		case c.keys.openrouter != "":
			c.Default.Provider = OpenRouter
		default:
			c.Default.Provider = Offline
		}
	}
	if !slices.Contains(Names(), c.Default.Provider) {
		return fmt.Errorf("config: unknown provider %q (want one of %s)", c.Default.Provider, strings.Join(Names(), ", "))
	}
	if list := env(EnvReviewerModels); list != "" {
		for item := range strings.SplitSeq(list, ",") {
			if strings.TrimSpace(item) == "" {
				continue // "a=offline," or "a=offline,,b=ollama"
			}
			name, _, _ := strings.Cut(item, "=")
			if _, set := c.Reviewers[strings.TrimSpace(name)]; set {
				continue // a flag already chose for this reviewer
			}
			if err := c.addReviewer(item); err != nil {
				return fmt.Errorf("config: %s: %w", EnvReviewerModels, err)
			}
		}
	}
	if err := c.check(c.choice(c.Default, false)); err != nil {
		return fmt.Errorf("config: %w", err)
	}
	for _, name := range c.reviewerNames() {
		if err := c.check(c.choice(c.Reviewers[name], true)); err != nil {
			return fmt.Errorf("config: reviewer %q: %w", name, err)
		}
	}
	c.resolved = true
	return nil
}

// limits completes MaxTokens and MaxResponseBytes from the environment
// when the flags left them 0, and checks them.
func (c *Config) limits(env func(string) string) error {
	tokens, err := limit(int64(c.MaxTokens), env(EnvMaxTokens), "-max-tokens", EnvMaxTokens)
	if err != nil {
		return err
	}
	if tokens > math.MaxInt32 {
		return fmt.Errorf("-max-tokens: %d tokens is more than any model writes", tokens)
	}
	c.MaxTokens = int(tokens)
	c.MaxResponseBytes, err = limit(c.MaxResponseBytes, env(EnvMaxResponse), "-max-response-bytes", EnvMaxResponse)
	return err
}

// limit returns the flag's value v, or when it is 0 the environment's
// value s; each must be a whole number above 0 when set.
func limit(v int64, s, flagName, envName string) (int64, error) {
	switch {
	case v < 0:
		return 0, fmt.Errorf("%s: want a whole number above 0, got %d", flagName, v)
	case v > 0 || s == "":
		return v, nil
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n <= 0 {
		return 0, fmt.Errorf("%s: want a whole number above 0, got %q", envName, s)
	}
	return n, nil
}

// check reports what a choice, its model filled in, lacks: its API key,
// its command, or the model its command asks for.
func (c *Config) check(ch Choice) error {
	need := map[string]struct{ v, name string }{
		OpenAI:     {c.keys.openai, EnvOpenAIKey},
		Anthropic:  {c.keys.anthropic, EnvAnthropicKey},
		OpenRouter: {c.keys.openrouter, EnvOpenRouterKey},
	}
	if k, ok := need[ch.Provider]; ok && k.v == "" {
		if ch.Provider == OpenAI && c.BaseURL != "" && c.Default.Provider == OpenAI {
			return nil // a local OpenAI-compatible server needs no key
		}
		return fmt.Errorf("provider %s needs %s set in the environment", ch.Provider, k.name)
	}
	if ch.Provider == CLI && len(strings.Fields(c.Command)) == 0 {
		return fmt.Errorf("provider cli needs a command: -cli or %s", EnvCLI)
	}
	if ch.Provider == CLI && ch.Model == "" && strings.Contains(c.Command, cli.ModelPlaceholder) {
		return fmt.Errorf("provider cli: the command contains %s but no model is named: -model or %s", cli.ModelPlaceholder, EnvModel)
	}
	return nil
}

// ollamaURL turns OLLAMA_HOST into the base URL of Ollama's
// OpenAI-compatible API, the way the ollama CLI reads the variable: the
// scheme defaults to http; a missing port is 11434, or 80 and 443 after an
// explicit http:// and https://; an empty or unspecified host (0.0.0.0,
// ::), which a server binds but a client cannot reach, is 127.0.0.1.
// Examples: "gpu" -> "http://gpu:11434/v1", ":8080" ->
// "http://127.0.0.1:8080/v1".
func ollamaURL(h string) string {
	scheme, hostport, ok := strings.Cut(h, "://")
	port := "11434"
	switch {
	case !ok:
		scheme, hostport = "http", h
	case scheme == "http":
		port = "80"
	case scheme == "https":
		port = "443"
	}
	hostport, path, _ := strings.Cut(hostport, "/")
	host, p, err := net.SplitHostPort(hostport)
	if err != nil {
		host = strings.Trim(hostport, "[]")
	} else if n, err := strconv.ParseUint(p, 10, 16); err == nil && n > 0 {
		port = p
	}
	if ip := net.ParseIP(host); host == "" || ip != nil && ip.IsUnspecified() {
		host = "127.0.0.1"
	}
	u := url.URL{Scheme: scheme, Host: net.JoinHostPort(host, port), Path: "/" + path}
	return strings.TrimSuffix(u.String(), "/") + "/v1"
}

// Choice returns the provider and model chosen for reviewer: its override,
// else the default. An override that names the default provider without a
// model takes the default's model (-model); any other empty model is
// DefaultModel's.
func (c *Config) Choice(reviewer string) Choice {
	ch, ok := c.Reviewers[reviewer]
	if !ok {
		return c.choice(c.Default, false)
	}
	return c.choice(ch, true)
}

// choice fills in ch's model; override says ch is a reviewer's own.
func (c *Config) choice(ch Choice, override bool) Choice {
	if ch.Model == "" && override && ch.Provider == c.Default.Provider {
		ch.Model = c.Default.Model
	}
	if ch.Model == "" {
		ch.Model = DefaultModel(ch.Provider)
	}
	return ch
}

// Offline reports whether reviewer runs on the built-in offline reviewers.
func (c *Config) Offline(reviewer string) bool { return c.Choice(reviewer).Provider == Offline }

// Provider returns a new provider for reviewer and the model to ask for.
// The provider is wrapped with agent.Traced (gen_ai.provider.name the
// choice's provider name, "openai" or "ollama", say; do not wrap it
// again), so its calls are spans under a traced ctx; under a ctx without
// a span nothing is recorded. It fails with
// ErrOffline for an offline reviewer and when Resolve has not succeeded.
func (c *Config) Provider(reviewer string) (agent.Provider, string, error) {
	p, model, err := c.newProvider(reviewer)
	if err != nil {
		return nil, "", err
	}
	return agent.Traced(p, c.Choice(reviewer).Provider), model, nil
}

// newProvider is Provider without the tracing.
func (c *Config) newProvider(reviewer string) (agent.Provider, string, error) {
	if !c.resolved {
		return nil, "", errors.New("config: Provider called before a successful Resolve")
	}
	ch := c.Choice(reviewer)
	base := ""
	if ch.Provider == c.Default.Provider {
		base = c.BaseURL
	}
	switch ch.Provider {
	case Offline:
		return nil, "", fmt.Errorf("config: reviewer %q: %w", reviewer, ErrOffline)
	case OpenAI:
		opts := append(c.openaiLimits(), openai.WithAPIKey(c.keys.openai), openai.WithModel(ch.Model))
		if base != "" {
			opts = append(opts, openai.WithBaseURL(base))
		}
		return openai.New(opts...), ch.Model, nil
	case OpenRouter:
		return openai.New(append(c.openaiLimits(), openai.WithAPIKey(c.keys.openrouter), openai.WithModel(ch.Model),
			openai.WithBaseURL(cmp.Or(base, openai.OpenRouterBaseURL)))...), ch.Model, nil
	case Ollama:
		return openai.NewOllama(ch.Model, append(c.openaiLimits(),
			openai.WithBaseURL(cmp.Or(base, c.ollamaURL, openai.OllamaBaseURL)))...), ch.Model, nil
	case Anthropic:
		opts := []anthropic.Option{anthropic.WithAPIKey(c.keys.anthropic), anthropic.WithModel(ch.Model),
			anthropic.WithMaxResponseBytes(c.MaxResponseBytes)}
		if c.MaxTokens > 0 {
			opts = append(opts, anthropic.WithMaxTokens(c.MaxTokens))
		}
		if base != "" {
			opts = append(opts, anthropic.WithBaseURL(base))
		}
		return anthropic.New(opts...), ch.Model, nil
	case CLI:
		opts := []cli.Option{cli.WithModel(ch.Model)}
		if c.MaxResponseBytes > 0 {
			opts = append(opts, cli.WithMaxOutput(int(min(c.MaxResponseBytes, math.MaxInt32))))
		}
		p, err := cli.New(strings.Fields(c.Command), opts...)
		if err != nil {
			return nil, "", fmt.Errorf("config: reviewer %q: %w", reviewer, err)
		}
		return p, ch.Model, nil
	}
	return nil, "", fmt.Errorf("config: reviewer %q: unknown provider %q", reviewer, ch.Provider)
}

// openaiLimits returns the OpenAI provider's options for MaxTokens and
// MaxResponseBytes.
func (c *Config) openaiLimits() []openai.Option {
	return []openai.Option{openai.WithMaxTokens(c.MaxTokens), openai.WithMaxResponseBytes(c.MaxResponseBytes)}
}

// String describes the choices, without keys. Example:
// "anthropic:claude-sonnet-4-5 (fact-checker=openai:gpt-4o)".
func (c *Config) String() string {
	s := c.Choice("").String()
	if c.BaseURL != "" {
		s += " at " + c.BaseURL
	}
	if len(c.Reviewers) > 0 {
		parts := make([]string, 0, len(c.Reviewers))
		for _, name := range c.reviewerNames() {
			parts = append(parts, name+"="+c.Choice(name).String())
		}
		s += " (" + strings.Join(parts, ", ") + ")"
	}
	return s
}

// GoString is String, so %#v shows no key either.
func (c *Config) GoString() string { return "config.Config{" + c.String() + "}" }

func (c *Config) reviewerNames() []string {
	names := make([]string, 0, len(c.Reviewers))
	for n := range c.Reviewers {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// ResolveDemo is Resolve for a command whose demo must not spend money:
// when demo is set and no provider is named (neither the -provider flag
// of fs nor EnvProvider), the API keys in the environment are ignored,
// so the demo runs offline even where a key happens to be set. Otherwise
// it is Resolve(getenv).
func (c *Config) ResolveDemo(fs *flag.FlagSet, getenv func(string) string, demo bool) error {
	named := strings.TrimSpace(getenv(EnvProvider)) != ""
	fs.Visit(func(f *flag.Flag) { named = named || f.Name == "provider" })
	env := getenv
	if demo && !named {
		env = func(k string) string {
			if strings.HasSuffix(k, "_API_KEY") {
				return ""
			}
			return getenv(k)
		}
	}
	return c.Resolve(env)
}
