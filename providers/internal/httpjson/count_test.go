package httpjson_test

import (
	"encoding/json"
	"math"
	"testing"

	"github.com/kaigi-dev/kaigi/providers/internal/httpjson"
)

func TestCount(t *testing.T) {
	for in, want := range map[string]httpjson.Count{
		`12`: 12, `12.9`: 12, `-3`: -3, `null`: 0, `"7"`: 0, `{}`: 0, `true`: 0,
		`1e30`: math.MaxInt64, `-1e30`: math.MinInt64,
	} {
		var got struct {
			N httpjson.Count `json:"n"`
		}
		got.N = 99
		if err := json.Unmarshal([]byte(`{"n":`+in+`}`), &got); err != nil || got.N != want {
			t.Errorf("%s: %d, %v; want %d", in, got.N, err, want)
		}
	}
}
