package agent_test

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/providers/scripted"
)

// Verdict is a typed answer, as a judge gives it.
type Verdict struct {
	Verdict string   `json:"verdict" jsonschema:"enum=OK,enum=REVISION_NEEDED"`
	Reasons []string `json:"reasons"`
	Note    string   `json:"note,omitempty"`
}

// Outline is recursive: a section holds sections.
type Outline struct {
	Title    string    `json:"title"`
	Sections []Outline `json:"sections,omitempty"`
}

func askReq() agent.Request {
	return agent.Request{Model: "m", Messages: []agent.Message{agent.UserText("第一話は設計に沿っていますか？")}}
}

func TestAsk(t *testing.T) {
	ok := `{"verdict": "OK", "reasons": ["沿っている"]}`
	rev := `{"verdict": "REVISION_NEEDED", "reasons": ["地図がない"]}`
	bad := `{"verdict": "MAYBE", "reasons": []}`
	tests := []struct {
		name    string
		replies []scripted.Reply
		want    Verdict
		calls   int
		wantErr []error  // each checked with errors.Is
		msgHas  []string // substrings of the repair request, when there is one
	}{
		{name: "valid", replies: []scripted.Reply{scripted.Text(ok)}, want: Verdict{Verdict: "OK", Reasons: []string{"沿っている"}}, calls: 1},
		{name: "prose and fence around the JSON", replies: []scripted.Reply{scripted.Text("判定:\r\n```json\r\n" + ok + "\r\n```\r\n以上 {草稿}。")}, want: Verdict{Verdict: "OK", Reasons: []string{"沿っている"}}, calls: 1},
		{name: "two objects, the last valid wins", replies: []scripted.Reply{scripted.Text(ok + "\nいや、訂正します:\n" + rev)}, want: Verdict{Verdict: "REVISION_NEEDED", Reasons: []string{"地図がない"}}, calls: 1},
		{name: "a later invalid object does not hide a valid one", replies: []scripted.Reply{scripted.Text(rev + "\n" + bad)}, want: Verdict{Verdict: "REVISION_NEEDED", Reasons: []string{"地図がない"}}, calls: 1},
		{name: "repaired", replies: []scripted.Reply{scripted.Text(bad), scripted.Text(ok)}, want: Verdict{Verdict: "OK", Reasons: []string{"沿っている"}}, calls: 2, msgHas: []string{"/verdict", "MAYBE"}},
		{name: "invalid twice", replies: []scripted.Reply{scripted.Text(bad), scripted.Text(`{"verdict": "OK"}`)}, calls: 2,
			wantErr: []error{finding.ErrSchemaViolation}, msgHas: []string{"/verdict"}},
		{name: "no JSON twice", replies: []scripted.Reply{scripted.Text("OKです。"), scripted.Text("OK.")}, calls: 2,
			wantErr: []error{agent.ErrNoJSON, finding.ErrNoJSON, finding.ErrSchemaViolation}, msgHas: []string{"no JSON object"}},
		{name: "malformed JSON", replies: []scripted.Reply{scripted.Text(`{"verdict": "OK" "reasons": []}`), scripted.Text(ok)}, want: Verdict{Verdict: "OK", Reasons: []string{"沿っている"}}, calls: 2, msgHas: []string{"not valid JSON"}},
		{name: "unclosed JSON", replies: []scripted.Reply{scripted.Text(`{"verdict": "OK", "reasons": ["a`), scripted.Text(ok)}, want: Verdict{Verdict: "OK", Reasons: []string{"沿っている"}}, calls: 2, msgHas: []string{"never closed"}},
		{name: "cut off: no repair", replies: []scripted.Reply{{Text: `{"verdict": "OK", "reas`, StopReason: "length"}, scripted.Text(ok)}, calls: 1,
			wantErr: []error{agent.ErrTruncated, finding.ErrSchemaViolation}},
		{name: "cut off, by the flag", replies: []scripted.Reply{{Text: `{"verdict": "OK", "reas`, Truncated: true}, scripted.Text(ok)}, calls: 1,
			wantErr: []error{agent.ErrTruncated}},
		{name: "repair cut off", replies: []scripted.Reply{scripted.Text(bad), {Text: `{"verdict": "OK", "reas`, StopReason: "max_tokens"}}, calls: 2,
			wantErr: []error{agent.ErrTruncated}},
		{name: "valid though at the limit", replies: []scripted.Reply{{Text: ok, StopReason: "length"}}, want: Verdict{Verdict: "OK", Reasons: []string{"沿っている"}}, calls: 1},
		{name: "provider error on the repair", replies: []scripted.Reply{{Text: bad, Usage: agent.Usage{InputTokens: 5}}, scripted.Status(503, "overloaded")}, calls: 2,
			wantErr: []error{agent.ErrUnavailable}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := scripted.New(tt.replies...)
			req := askReq()
			ans, err := agent.Ask[Verdict](context.Background(), p, req)
			if p.Calls() != tt.calls || ans.Usage.Calls != tt.calls {
				t.Errorf("%d calls, Usage.Calls %d; want %d", p.Calls(), ans.Usage.Calls, tt.calls)
			}
			if ans.Model == "" {
				t.Error("Answer.Model is empty")
			}
			if reqs := p.Requests(); len(reqs) == 2 {
				msgs := reqs[1].Messages
				if len(msgs) != 3 || msgs[1].Role != agent.Assistant || msgs[1].Text() != tt.replies[0].Text || msgs[2].Role != agent.User {
					t.Fatalf("repair conversation = %+v, want the request, the answer and the repair", msgs)
				}
				for _, s := range tt.msgHas {
					if !strings.Contains(msgs[2].Text(), s) {
						t.Errorf("repair request lacks %q:\n%s", s, msgs[2].Text())
					}
				}
				if !reflect.DeepEqual(msgs[0], reqs[0].Messages[0]) || string(reqs[1].Schema) != string(reqs[0].Schema) {
					t.Error("the repair request changed the first message or the schema")
				}
			}
			if len(tt.wantErr) == 0 {
				if err != nil {
					t.Fatalf("Ask: %v", err)
				}
				if !reflect.DeepEqual(ans.Value, tt.want) {
					t.Errorf("Value = %+v, want %+v", ans.Value, tt.want)
				}
				return
			}
			for _, target := range tt.wantErr {
				if !errors.Is(err, target) {
					t.Errorf("err = %v, want it to match %v", err, target)
				}
			}
			var ae *agent.AnswerError
			if errors.Is(err, finding.ErrSchemaViolation) && (!errors.As(err, &ae) || len(ae.Violations) == 0 || ae.Schema != "Verdict") {
				t.Errorf("err = %#v, want an *AnswerError naming the schema Verdict", err)
			}
		})
	}
}

func TestAskRequest(t *testing.T) {
	for _, structured := range []bool{false, true} {
		p := scripted.New(scripted.Text(`{"verdict": "OK", "reasons": []}`))
		p.Structured = structured
		req := askReq()
		orig := req.Messages[0].Text()
		if _, err := agent.Ask[Verdict](context.Background(), p, req); err != nil {
			t.Fatal(err)
		}
		if req.Messages[0].Text() != orig || len(req.Messages[0].Parts) != 1 {
			t.Error("Ask changed the caller's messages")
		}
		sent := p.Requests()[0]
		if sent.SchemaName != "Verdict" || !strings.Contains(string(sent.Schema), `"verdict"`) || !strings.Contains(string(sent.Schema), `"REVISION_NEEDED"`) {
			t.Errorf("schema %q %s, want T's generated schema", sent.SchemaName, sent.Schema)
		}
		inPrompt := strings.Contains(sent.Messages[len(sent.Messages)-1].Text(), `"REVISION_NEEDED"`)
		if inPrompt == structured {
			t.Errorf("structured=%v, schema in the prompt = %v", structured, inPrompt)
		}
		if !strings.HasPrefix(sent.Messages[0].Text(), orig) {
			t.Error("the schema is not after the caller's text")
		}
	}
	p := scripted.New(scripted.Text(`{"verdict": "OK", "reasons": []}`))
	req := askReq()
	req.SchemaName = "judge_verdict"
	if _, err := agent.Ask[Verdict](context.Background(), p, req); err != nil || p.Requests()[0].SchemaName != "judge_verdict" {
		t.Errorf("the caller's SchemaName was not kept: %v", err)
	}
}

func TestAskTypes(t *testing.T) {
	p := scripted.New(scripted.Text("Outline:\n" + `{"title": "第一話", "sections": [{"title": "出会い", "sections": [{"title": "地図"}]}]}`))
	ans, err := agent.Ask[Outline](context.Background(), p, askReq())
	if err != nil {
		t.Fatal(err)
	}
	if ans.Value.Sections[0].Sections[0].Title != "地図" {
		t.Errorf("recursive answer = %+v", ans.Value)
	}

	p = scripted.New(scripted.Text(`Two verdicts: {"ignored": true} [{"verdict": "OK", "reasons": []}, {"verdict": "REVISION_NEEDED", "reasons": ["x"]}]`))
	list, err := agent.Ask[[]Verdict](context.Background(), p, askReq())
	if err != nil {
		t.Fatal(err)
	}
	if len(list.Value) != 2 || list.Value[1].Verdict != "REVISION_NEEDED" || p.Requests()[0].SchemaName != "answer" {
		t.Errorf("array answer = %+v (schema %q)", list.Value, p.Requests()[0].SchemaName)
	}
}

func TestAskCanceled(t *testing.T) {
	p := scripted.New(scripted.Text(`{"verdict": "OK", "reasons": []}`))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	ans, err := agent.Ask[Verdict](ctx, p, askReq())
	if !errors.Is(err, context.Canceled) || p.Calls() != 0 || ans.Usage.Calls != 0 {
		t.Errorf("Ask with a canceled context: %v, %d calls, usage %+v", err, p.Calls(), ans.Usage)
	}
}

func TestErrNoJSONIsOne(t *testing.T) {
	if agent.ErrNoJSON != finding.ErrNoJSON {
		t.Error("agent.ErrNoJSON and finding.ErrNoJSON are two errors")
	}
}
