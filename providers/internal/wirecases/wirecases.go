// Package wirecases holds what the tests of the openai and anthropic wire
// formats share: requests that exercise the encoding of agent.Request
// (system prompt, Japanese and CRLF text, temperature, token cap, cache
// break points, a conversation, schemas with keywords each API adjusts)
// with a comparison against the bodies the official SDKs sent before the
// providers spoke the wire themselves, and a fuzz test of a schema
// adjustment.
package wirecases

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/finding"
	"github.com/kaigi-dev/kaigi/providers/conformance"
)

// Requests returns the cases, in a fixed order: a provider's
// testdata/sdk-requests/N.json is the body of Requests()[N].
func Requests() []agent.Request {
	temp := 0.3
	reqs := []agent.Request{
		{Model: "m", System: "sys", Messages: []agent.Message{agent.UserText("hi\r\nあ")}, Temperature: &temp, MaxTokens: 77},
		{Model: "m", Messages: []agent.Message{agent.UserText("hi")}, Schema: finding.Schema()},
		{Model: "m", Messages: []agent.Message{agent.UserText("hi")}, Schema: []byte(conformance.ReportSchema)},
		{Model: "m", Messages: []agent.Message{{Role: agent.User, Parts: []agent.Part{{Text: "a", CacheBreak: true}, {Text: "b"}}}, agent.AssistantText("x"), agent.UserText("y")}},
	}
	for _, s := range []string{
		`{"$ref":"#/$defs/R","$defs":{"R":{"type":"object","properties":{"zeta":{"oneOf":[{"type":"object","properties":{"b":{"type":"string"},"a":{"type":"string"}}}]},"alpha":{"type":"string"}}}}}`,
		`{"type":"object","properties":{"when":{"type":"string","format":"date-time"},"re":{"type":"string","format":"regex","pattern":"^a"},"xs":{"type":"array","minItems":2,"maxItems":5,"items":{"type":"integer","exclusiveMinimum":0}},"ys":{"type":"array","minItems":1},"m":{"type":"object","additionalProperties":{"type":"integer","default":3}},"free":{"description":"anything"},"o":{"type":"object"},"u":{"anyOf":[{},{"type":"string"},{"description":"x"},true]},"both":{"anyOf":[{"type":"string"}],"oneOf":[{"type":"integer"}]},"all":{"allOf":[{"type":"object","properties":{"k":{"type":"string","examples":["a"]}}}]},"c":{"const":"x","title":"T"},"e":{"enum":[1,2],"deprecated":true},"ref":{"$ref":"#/$defs/X","description":"dropped"},"nul":{"type":"null"},"b":{"type":"boolean","readOnly":true}},"$defs":{"X":{"type":"string","maxLength":3}},"required":["when"],"x-extra":1,"definitions":{"Y":{"type":"string"}},"$comment":"c"}`,
		`{"type":"object","properties":{"a":{"type":"string","minLength":1,"maxLength":10,"pattern":"x","format":"email"},"n":{"type":"number","multipleOf":0.5,"maximum":1e3}},"additionalProperties":true}`,
	} {
		reqs = append(reqs, agent.Request{Model: "m", Messages: []agent.Message{agent.UserText("hi")}, Schema: []byte(s)})
	}
	return reqs
}

// Start starts a provider under test against a fake backend answering
// "{}" and returns it with the calls the backend received, as a
// conformance.Harness's Start does.
type Start func(t *testing.T) (agent.Provider, func() []conformance.Call)

// Compare sends each of Requests through a provider start returns and
// fails t where the request body differs from the package's
// testdata/sdk-requests/N.json: other JSON, or schema properties in
// another order.
func Compare(t *testing.T, start Start) {
	for i, req := range Requests() {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			want, err := os.ReadFile(filepath.Join("testdata", "sdk-requests", fmt.Sprintf("%d.json", i)))
			if err != nil {
				t.Fatal(err)
			}
			p, calls := start(t)
			if _, err := p.Complete(t.Context(), req); err != nil {
				t.Fatal(err)
			}
			got := calls()[0].Body
			var g, w any
			if err := json.Unmarshal(got, &g); err != nil {
				t.Fatalf("body is not JSON: %v\n%s", err, got)
			}
			if err := json.Unmarshal(want, &w); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(g, w) {
				t.Errorf("body\n%s\nwant\n%s", got, want)
			}
			orders, err := conformance.PropertyOrders(got)
			if err != nil {
				t.Fatal(err)
			}
			wantOrders, err := conformance.PropertyOrders(want)
			if err != nil {
				t.Fatal(err)
			}
			for path, keys := range wantOrders {
				if !slices.Equal(orders[path], keys) {
					t.Errorf("%s: keys %v, want %v", path, orders[path], keys)
				}
			}
		})
	}
}

// Fuzz feeds adjust, a schema adjustment, arbitrary JSON objects, starting
// from Council JSON's schemas, seeds and odd shapes: it must not panic,
// must leave its argument alone, must return something JSON can encode,
// and adjusting twice must equal adjusting once.
func Fuzz(f *testing.F, adjust func(map[string]any) map[string]any, seeds ...string) {
	f.Add(conformance.ReportSchema)
	f.Add(string(finding.Schema()))
	f.Add(`{"$ref":"#/$defs/X","$defs":{"X":{"type":"object","properties":{"a":{"oneOf":[true,{"type":"null"},{}]}}}}}`)
	f.Add(`{"type":["object","null"],"properties":{"a":1},"items":[{"type":"object"},false]}`)
	f.Add(`{"$ref":"#/definitions/missing","anyOf":"not a list","properties":[]}`)
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		var schema, before map[string]any
		if json.Unmarshal([]byte(in), &schema) != nil || schema == nil {
			return
		}
		_ = json.Unmarshal([]byte(in), &before)
		once := adjust(schema)
		if !reflect.DeepEqual(schema, before) {
			t.Fatal("the adjustment changed its argument")
		}
		b, err := json.Marshal(once)
		if err != nil {
			t.Fatalf("result does not encode: %v", err)
		}
		var again map[string]any
		if err := json.Unmarshal(b, &again); err != nil {
			t.Fatal(err)
		}
		b2, _ := json.Marshal(adjust(again))
		if string(b) != string(b2) {
			t.Fatalf("not idempotent:\n once %s\ntwice %s", b, b2)
		}
	})
}
