package agent

import "strings"

// Price is what one model costs, in US dollars per million tokens.
//
// Each rate applies to the Usage field of the same name: Input to
// InputTokens, Output to OutputTokens, CacheWrite to CacheWriteTokens and
// CacheRead to CacheReadTokens. A zero rate means those tokens are free
// (OpenAI, for example, does not charge for writing its cache).
type Price struct {
	Input      float64 `json:"input"`
	Output     float64 `json:"output"`
	CacheWrite float64 `json:"cache_write"`
	CacheRead  float64 `json:"cache_read"`
}

// Cost returns what u costs at price p, in US dollars.
func (p Price) Cost(u Usage) float64 {
	return (float64(u.InputTokens)*p.Input +
		float64(u.OutputTokens)*p.Output +
		float64(u.CacheWriteTokens)*p.CacheWrite +
		float64(u.CacheReadTokens)*p.CacheRead) / 1e6
}

// Prices maps a model name, or a prefix of model names, to its Price.
//
// A key matches a model when it equals the model's name; failing that, the
// longest key that is a prefix of the name matches, so "gpt-4o-mini" wins
// over "gpt-4o" for "gpt-4o-mini-2024-07-18". Matching is case-sensitive.
type Prices map[string]Price

// Lookup returns the Price for model, and false when no key matches it.
func (p Prices) Lookup(model string) (Price, bool) {
	if pr, ok := p[model]; ok {
		return pr, true
	}
	best, found := "", false
	for k := range p {
		if k != "" && strings.HasPrefix(model, k) && len(k) > len(best) {
			best, found = k, true
		}
	}
	if !found {
		return Price{}, false
	}
	return p[best], true
}

// Cost returns what u costs on model, in US dollars, and false when the
// table has no price for model (the cost is then 0, not a guess).
func (p Prices) Cost(model string, u Usage) (float64, bool) {
	pr, ok := p.Lookup(model)
	if !ok {
		return 0, false
	}
	return pr.Cost(u), true
}

// DefaultPrices returns a small table of list prices for well-known models,
// as published by their vendors in 2025. Prices change: treat the table as a
// starting point and override it, for example
//
//	prices := agent.DefaultPrices()
//	prices["my-finetune"] = agent.Price{Input: 3, Output: 12}
//
// Each call returns a fresh map the caller may change freely. Keys are
// prefixes, so dated snapshots ("claude-sonnet-4-20250514") match too.
func DefaultPrices() Prices {
	return Prices{
		// Anthropic: cache writes (5 minutes) cost 1.25x input, reads 0.1x.
		"claude-opus-4":     {Input: 15, Output: 75, CacheWrite: 18.75, CacheRead: 1.50},
		"claude-opus-4-5":   {Input: 5, Output: 25, CacheWrite: 6.25, CacheRead: 0.50},
		"claude-sonnet-4":   {Input: 3, Output: 15, CacheWrite: 3.75, CacheRead: 0.30},
		"claude-3-7-sonnet": {Input: 3, Output: 15, CacheWrite: 3.75, CacheRead: 0.30},
		"claude-haiku-4-5":  {Input: 1, Output: 5, CacheWrite: 1.25, CacheRead: 0.10},
		"claude-3-5-haiku":  {Input: 0.80, Output: 4, CacheWrite: 1, CacheRead: 0.08},
		// OpenAI: automatic caching, writes free, cached reads discounted.
		"gpt-4o":       {Input: 2.50, Output: 10, CacheRead: 1.25},
		"gpt-4o-mini":  {Input: 0.15, Output: 0.60, CacheRead: 0.075},
		"gpt-4.1":      {Input: 2, Output: 8, CacheRead: 0.50},
		"gpt-4.1-mini": {Input: 0.40, Output: 1.60, CacheRead: 0.10},
		"gpt-4.1-nano": {Input: 0.10, Output: 0.40, CacheRead: 0.025},
		"gpt-5":        {Input: 1.25, Output: 10, CacheRead: 0.125},
		"gpt-5-mini":   {Input: 0.25, Output: 2, CacheRead: 0.025},
		"gpt-5-nano":   {Input: 0.05, Output: 0.40, CacheRead: 0.005},
	}
}
