package cli

import (
	"strings"

	"github.com/kaigi-dev/kaigi/agent"
)

// Render returns the plain text a command reads on stdin for req:
//
//   - the System prompt, if any, followed by a blank line;
//   - a single user message as its text alone;
//   - a longer conversation as one block per message, each opened by a
//     line "## user" or "## assistant" and separated by blank lines.
//
// Parts are joined without separators (agent.Message.Text) and text is
// passed on byte for byte (CRLF, BOM and non-ASCII untouched). CacheBreak,
// Schema, MaxTokens and Temperature do not appear: a command takes text
// only, and callers put a schema into the prompt themselves.
func Render(req agent.Request) string {
	n := len(req.System) + 2
	for _, m := range req.Messages {
		n += len(m.Role) + 6 // "## ", role, "\n" and the "\n\n" between blocks
		for _, p := range m.Parts {
			n += len(p.Text)
		}
	}
	var b strings.Builder
	b.Grow(n)
	if req.System != "" {
		b.WriteString(req.System)
		b.WriteString("\n\n")
	}
	if len(req.Messages) == 1 && req.Messages[0].Role == agent.User {
		b.WriteString(req.Messages[0].Text())
		return b.String()
	}
	for i, m := range req.Messages {
		if i > 0 {
			b.WriteString("\n\n")
		}
		b.WriteString("## ")
		b.WriteString(string(m.Role))
		b.WriteString("\n")
		b.WriteString(m.Text())
	}
	return b.String()
}
