package anthropic_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	"github.com/kaigi-dev/kaigi/providers/conformance"
	"github.com/kaigi-dev/kaigi/providers/internal/wirecases"
)

// TestRequestsAsTheSDKSent: the request bodies are those the official SDK
// (anthropic-sdk-go v2.15.0) sent for the same requests, captured before
// the Provider spoke the wire itself: the same JSON, schema keys in the
// same order. One deliberate difference: 4.json, a root that is only a
// $ref, keeps its $defs, which the SDK dropped.
func TestRequestsAsTheSDKSent(t *testing.T) {
	for i, req := range wirecases.Requests() {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			want, err := os.ReadFile(filepath.Join("testdata", "sdk-requests", fmt.Sprintf("%d.json", i)))
			if err != nil {
				t.Fatal(err)
			}
			p, calls := start()(t, "KEY", conformance.Reply{Text: "{}"})
			if _, err := p.Complete(t.Context(), req); err != nil {
				t.Fatal(err)
			}
			got := calls()[0].Body
			var g, w any
			if err := json.Unmarshal(got, &g); err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal(want, &w); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(g, w) {
				t.Errorf("body\n%s\nwant\n%s", got, want)
			}
			orders, wantOrders := propertyOrders(t, got), propertyOrders(t, want)
			for path, keys := range wantOrders {
				if !slices.Equal(orders[path], keys) {
					t.Errorf("%s: keys %v, want %v", path, orders[path], keys)
				}
			}
		})
	}
}
