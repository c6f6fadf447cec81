package sixthloop

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/providers/scripted"
)

// Scripted is the loop with scripted agents whose answers follow from
// their requests alone, so that a resumed run gets the answers an
// uninterrupted one got: the author drops the first of a list of wordy
// phrases its section still holds (and adds one when none is left), the
// reviewers count words, and the judge prefers the shorter draft.
func Scripted() Loop {
	wordy := []string{" a little", " longer", " really"}
	reply := func(v any) scripted.Reply {
		data, _ := json.Marshal(v)
		return scripted.Reply{Text: string(data), Usage: agent.Usage{InputTokens: 50, OutputTokens: 10}}
	}
	last := func(req agent.Request) string { // the prompt, without the schema agent.Ask spells out
		p, _, _ := strings.Cut(req.Messages[len(req.Messages)-1].Text(), "\nAnswer with one JSON value")
		return p
	}
	author := scripted.NewResponder(func(_ int, req agent.Request) scripted.Reply {
		_, text, _ := strings.Cut(last(req), "\n\n")
		for _, w := range wordy {
			if strings.Contains(text, w) {
				return reply(Text{Text: strings.Replace(text, w, "", 1)})
			}
		}
		return reply(Text{Text: strings.Replace(text, ".", ", indeed.", 1)})
	})
	reviewer := scripted.NewResponder(func(_ int, req agent.Request) scripted.Reply {
		_, text, _ := strings.Cut(last(req), "\n\n")
		return reply(Text{Text: fmt.Sprintf("%d words", len(strings.Fields(text)))})
	})
	judge := scripted.NewResponder(func(_ int, req agent.Request) scripted.Reply {
		p := last(req)
		between := func(from, to string) string { _, s, _ := strings.Cut(p, from); s, _, _ = strings.Cut(s, to); return s }
		a, b := between("\n\nA:\n", "\nNotes on A:"), between("\nB:\n", "\nNotes on B:")
		v := Verdict{Winner: "tie", Reason: "as long"}
		switch {
		case len(a) < len(b):
			v = Verdict{Winner: "A", Reason: "shorter"}
		case len(b) < len(a):
			v = Verdict{Winner: "B", Reason: "shorter"}
		}
		return reply(v)
	})
	return Loop{Author: author, Judge: judge, Reviewers: [2]agent.Provider{reviewer, reviewer}}
}
