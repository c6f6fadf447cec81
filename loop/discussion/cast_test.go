package discussion

import (
	"errors"
	"testing"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/providers/scripted"
)

// cast is a loop.Cast whose roles in online play on a scripted provider,
// and whose roles in missing have no provider.
type cast struct {
	online  map[string]bool
	missing map[string]bool
}

var errNoKey = errors.New("no key")

func (c cast) Offline(role string) bool { return !c.online[role] && !c.missing[role] }

func (c cast) Provider(role string) (agent.Provider, string, error) {
	if c.missing[role] {
		return nil, "", errNoKey
	}
	return scripted.New(), "model-of-" + role, nil
}

// TestCast: an offline participant plays the offline reviewer its spec's
// model names, else the reviewers in turn; an online one is a Model, and
// so is the lead on a model; a nil Cast is all offline; a role without a
// provider is the Cast's error.
func TestCast(t *testing.T) {
	spec := testSpec(2, "style", "facts", "reader")
	spec.Participants[0].Model = "reader-advocate"
	spec.Participants[1].Model = "no-such-reviewer" // the second in turn: fact-checker
	ps, lead, err := Cast(cast{online: map[string]bool{"reader": true, DefaultLead: true}}, spec, workspace(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"reader-advocate", "fact-checker"}
	for i, w := range want {
		o, ok := ps[i].(*Offline)
		if !ok || o.Name() != spec.Participants[i].Name || o.Reviewer().Name() != w {
			t.Errorf("participant %d: %#v, want the offline %s", i, ps[i], w)
		}
	}
	if m, ok := ps[2].(*Model); !ok || m.Name() != "reader" || m.model != "model-of-reader" || m.lens != spec.Participants[2].Lens {
		t.Errorf("participant 2: %#v, want the model of reader", ps[2])
	}
	if l, ok := lead.(*ModelLead); !ok || l.Name() != DefaultLead {
		t.Errorf("lead %#v, want a model lead named %s", lead, DefaultLead)
	}

	ps, lead, err = Cast(nil, spec, workspace(t), nil)
	if _, ok := lead.(*OfflineLead); err != nil || len(ps) != 3 || !ok {
		t.Errorf("a nil Cast: %v, %#v, %v", ps, lead, err)
	}
	for _, missing := range []string{"facts", DefaultLead} {
		if _, _, err := Cast(cast{missing: map[string]bool{missing: true}}, spec, workspace(t), nil); !errors.Is(err, errNoKey) {
			t.Errorf("%s without a provider: %v", missing, err)
		}
	}
}
