// Package config is the one way kaigi's example programs choose a model
// provider: from flags, then from the environment, with API keys read from
// the environment only and never printed, logged or put into errors.
//
// Flags: -provider (offline|openai|anthropic|openrouter|ollama|cli), -model,
// -base-url, -cli (the command for the cli provider) and the repeatable
// -reviewer-model name=provider[:model] for councils that mix models.
// Environment: KAIGI_PROVIDER, KAIGI_MODEL, KAIGI_BASE_URL, KAIGI_CLI,
// KAIGI_REVIEWER_MODELS, OPENAI_API_KEY, ANTHROPIC_API_KEY,
// OPENROUTER_API_KEY and OLLAMA_HOST. With no provider named, the first of
// anthropic, openai and openrouter whose key is set is used, else offline.
// KAIGI_MODEL and KAIGI_BASE_URL belong to KAIGI_PROVIDER: they are ignored
// when -provider names a different one. A -reviewer-model override that
// names the default provider without a model uses -model; empty items of
// KAIGI_REVIEWER_MODELS ("a=offline,") are skipped.
//
// This package only says "offline"; the program wires its built-in
// reviewers for that case. The smallest use:
//
//	cfg := config.Register(flag.CommandLine)
//	flag.Parse()
//	if err := cfg.Resolve(os.Getenv); err != nil {
//		log.Fatal(err)
//	}
//	if cfg.Offline("fact-checker") {
//		// use the offline reviewer
//	} else {
//		p, model, err := cfg.Provider("fact-checker")
//		// build an LLM reviewer from p and model
//	}
package config
