package conformance

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/kaigi-dev/kaigi/agent"
)

// verdict is the typed answer the Ask case asks for.
type verdict struct {
	Verdict string   `json:"verdict" jsonschema:"enum=OK,enum=REVISION_NEEDED"`
	Reasons []string `json:"reasons"`
}

// askRequest asks for a verdict on a short Japanese draft.
func askRequest() agent.Request {
	return agent.Request{
		Model:    "conformance-model",
		System:   "You judge drafts.",
		Messages: []agent.Message{agent.UserText("草稿:\r\n吾輩は猫である。\r\nDoes it follow the arc?")},
	}
}

// ask runs agent.Ask through the provider against the backend's replies:
// the typed structured call every loop makes must work the same on every
// provider.
func ask(t *testing.T, h Harness) {
	ok := `{"verdict": "OK", "reasons": ["一貫している"]}`
	fixed := `{"verdict": "REVISION_NEEDED", "reasons": ["the map is missing"]}`
	bad := `{"verdict": "MAYBE", "reasons": []}`
	tests := []struct {
		name    string
		replies []Reply
		want    verdict
		calls   int
		wantErr error // nil: the call succeeds
	}{
		{"valid answer", []Reply{{Text: ok}}, verdict{"OK", []string{"一貫している"}}, 1, nil},
		{"prose around the JSON", []Reply{{Text: "Here is my verdict:\r\n```json\r\n" + ok + "\r\n```\r\nHope that helps {really}."}}, verdict{"OK", []string{"一貫している"}}, 1, nil},
		{"two objects, the last valid wins", []Reply{{Text: bad + "\nSorry, corrected:\n" + fixed + "\nand " + `{"note": "ignore me"}`}}, verdict{"REVISION_NEEDED", []string{"the map is missing"}}, 1, nil},
		{"repaired once", []Reply{{Text: bad}, {Text: fixed}}, verdict{"REVISION_NEEDED", []string{"the map is missing"}}, 2, nil},
		{"invalid after the repair", []Reply{{Text: bad}, {Text: "I cannot decide."}}, verdict{}, 2, new(agent.AnswerError)},
	}
	if !h.NoTokenLimit {
		tests = append(tests, struct {
			name    string
			replies []Reply
			want    verdict
			calls   int
			wantErr error
		}{"cut off at the token limit", []Reply{{Text: `{"verdict": "REVISION_NEEDED", "reasons": ["the m`, Truncated: true}, {Text: ok}}, verdict{}, 1, agent.ErrTruncated})
	}
	for _, tt := range tests {
		t.Run(strings.ReplaceAll(tt.name, " ", "_"), func(t *testing.T) {
			for i := range tt.replies {
				tt.replies[i].Model = "conformance-model"
			}
			p, calls := h.Start(t, Key, tt.replies...)
			ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
			defer cancel()
			ans, err := agent.Ask[verdict](ctx, p, askRequest())
			if n := len(calls()); n != tt.calls {
				t.Errorf("backend saw %d calls, want %d", n, tt.calls)
			}
			if ans.Usage.Calls != tt.calls || ans.Model != "conformance-model" {
				t.Errorf("Answer counts %d calls on %q, want %d on conformance-model", ans.Usage.Calls, ans.Model, tt.calls)
			}
			var ae *agent.AnswerError
			switch {
			case tt.wantErr == nil:
				if err != nil {
					t.Fatalf("Ask: %v", err)
				}
				if ans.Value.Verdict != tt.want.Verdict || strings.Join(ans.Value.Reasons, "|") != strings.Join(tt.want.Reasons, "|") {
					t.Errorf("Value = %+v, want %+v", ans.Value, tt.want)
				}
			case errors.Is(tt.wantErr, agent.ErrTruncated):
				if !errors.Is(err, agent.ErrTruncated) || !errors.As(err, &ae) {
					t.Errorf("err = %v, want agent.ErrTruncated and an *agent.AnswerError", err)
				}
			default:
				if !errors.As(err, &ae) || len(ae.Violations) == 0 {
					t.Fatalf("err = %v, want an *agent.AnswerError", err)
				}
				if got := calls(); len(got) == 2 && h.HTTP && !strings.Contains(string(got[1].Body), "/verdict") {
					t.Errorf("the repair request does not carry the violation at /verdict:\n%.2000s", got[1].Body)
				}
			}
		})
	}
}
