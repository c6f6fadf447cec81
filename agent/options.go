package agent

// LLMOption configures an LLMReviewer or an LLMAgent at construction.
type LLMOption func(*callConfig)

// callConfig holds what the options set.
type callConfig struct {
	model       string
	maxTokens   int
	temperature *float64
	structured  *bool // nil: ask the provider (SchemaSupporter)
}

// WithModel sets Request.Model. Empty means the provider's default.
func WithModel(model string) LLMOption {
	return func(c *callConfig) { c.model = model }
}

// WithMaxTokens sets Request.MaxTokens.
func WithMaxTokens(n int) LLMOption {
	return func(c *callConfig) { c.maxTokens = n }
}

// WithTemperature sets Request.Temperature.
func WithTemperature(t float64) LLMOption {
	return func(c *callConfig) { c.temperature = &t }
}

// WithStructuredOutput overrides what the provider's SupportsSchema
// reports: true trusts the provider to enforce Request.Schema, false also
// spells the schema out in the prompt.
func WithStructuredOutput(enforced bool) LLMOption {
	return func(c *callConfig) { c.structured = &enforced }
}

// SchemaSupporter is an optional interface a Provider implements when it
// can enforce Request.Schema (structured output). The LLM reviewer and
// agent spell the schema out in the prompt for providers that do not
// implement it or report false. Replies are validated either way.
type SchemaSupporter interface {
	SupportsSchema() bool
}

// newCallConfig applies opts and settles structured output for p.
func newCallConfig(p Provider, opts []LLMOption) callConfig {
	var c callConfig
	for _, o := range opts {
		if o != nil {
			o(&c)
		}
	}
	if c.structured == nil {
		s, ok := p.(SchemaSupporter)
		enforced := ok && s.SupportsSchema()
		c.structured = &enforced
	}
	return c
}

// apply sets the request fields the options control.
func (c callConfig) apply(req *Request) {
	req.Model = c.model
	req.MaxTokens = c.maxTokens
	if c.temperature != nil {
		t := *c.temperature
		req.Temperature = &t
	}
}
