package discussion

import (
	"cmp"
	"os"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/providers/offline"
)

// Cast returns who plays spec's seats as c casts them (loop.Role), in the
// spec's order, for a discussion of the workspace root. A participant c
// leaves offline is an Offline participant on the offline editorial
// reviewer (offline.Editorial) its spec's Model names (anti-ai-slop,
// fact-checker, narrative-critic or reader-advocate), or, for any other
// Model, on those reviewers in turn by its place in the spec; rules are
// the offline rules to turn on beside the defaults
// (offline.Config.Enabled), and the fact-checker checks links inside
// root's repository (offline.WorkspaceRoot). Any other participant is a
// Model with its lens on the provider and model c chooses for its name.
// The lead is NewOfflineLead, or NewModelLead on c's choice for the
// lead's name (DefaultLead when the spec names none). A nil c leaves
// every seat offline. The error is c's for the first seat it has no
// provider for, or offline.WorkspaceRoot's.
func Cast(c loop.Cast, spec Spec, root string, rules []string) ([]Participant, Lead, error) {
	ws, rel, err := offline.WorkspaceRoot(root)
	if err != nil {
		return nil, nil, err
	}
	bench := offline.Editorial(offline.Config{LinkFS: os.DirFS(ws), LinkDir: rel, Enabled: rules})
	named := map[string]agent.Reviewer{}
	for _, r := range bench {
		named[r.Name()] = r
	}
	ps := make([]Participant, 0, len(spec.Participants))
	for i, p := range spec.Participants {
		r, ok := named[p.Model]
		if !ok {
			r = bench[i%len(bench)]
		}
		seat, err := loop.Role[Participant](c, p.Name, NewOffline(p.Name, r), func(prov agent.Provider, model string) Participant {
			return NewModel(p.Name, p.Lens, prov, model)
		})
		if err != nil {
			return nil, nil, err
		}
		ps = append(ps, seat)
	}
	name := cmp.Or(spec.Synthesizer.Name, DefaultLead)
	lead, err := loop.Role[Lead](c, name, NewOfflineLead(name), func(prov agent.Provider, model string) Lead {
		return NewModelLead(name, prov, model)
	})
	if err != nil {
		return nil, nil, err
	}
	return ps, lead, nil
}
