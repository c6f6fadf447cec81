package council

import (
	"strings"

	"github.com/kaigi-dev/kaigi/agent"
)

// bytesPerToken is the divisor that turns a prompt's bytes into a low
// estimate of its tokens. Anthropic counts about 3.5 characters of English
// per token, and Japanese takes three bytes a character and a token for
// one or two of them, so bytes/4 undercounts both: a prefix estimated long
// enough to cache is long enough.
const bytesPerToken = 4

// Cacheable reports whether a shared prompt prefix of prefixBytes bytes is
// long enough for a provider to cache it for model, so that a warm-up call
// pays: its tokens, estimated low as prefixBytes/4, reach the provider's
// minimum. The minimum is Anthropic's: 2,048 tokens for Haiku models (a
// model name containing "haiku", in any case), 1,024 for the others;
// OpenAI caches from 1,024 tokens too. An empty model (the provider's
// default, unknown here) takes 1,024.
func Cacheable(model string, prefixBytes int) bool {
	least := 1024
	if strings.Contains(strings.ToLower(model), "haiku") {
		least = 2048
	}
	return prefixBytes/bytesPerToken >= least
}

// requester is implemented by reviewers that can show the request they
// send first, as *agent.LLMReviewer does.
type requester interface {
	Request(t agent.Target) agent.Request
}

// sharedPrefix returns the model r's calls on t go to and the size in
// bytes of the prompt prefix every reviewer of t shares. For a reviewer
// that shows its request (agent.LLMReviewer's Request), that is the system
// prompt and every message part up to the last one marked CacheBreak,
// with the request's model ("" for the provider's default). For any other
// reviewer it is the material every reviewer receives: the document, the
// references and the reader profile, with an unknown model.
func sharedPrefix(r agent.Reviewer, t agent.Target) (model string, n int) {
	if rq, ok := r.(requester); ok {
		req := rq.Request(t)
		n, upto := len(req.System), len(req.System)
		for _, m := range req.Messages {
			for _, p := range m.Parts {
				n += len(p.Text)
				if p.CacheBreak {
					upto = n
				}
			}
		}
		return req.Model, upto
	}
	n = len(t.Text) + len(t.ReaderProfile)
	for _, ref := range t.References {
		n += len(ref.Name) + len(ref.Text)
	}
	return "", n
}
