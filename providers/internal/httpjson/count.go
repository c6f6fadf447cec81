package httpjson

import (
	"encoding/json"
	"math"
)

// Count is a token count as servers send it. A JSON number is taken with
// its fraction cut off and clamped to the int64 range; null, a string or
// any other value is 0, so that one odd field of the usage does not fail
// a call that has its answer. Negative counts are kept: the providers map
// them to 0 where they compute.
type Count int64

// UnmarshalJSON implements json.Unmarshaler; it never fails.
func (c *Count) UnmarshalJSON(b []byte) error {
	var f float64
	if json.Unmarshal(b, &f) != nil || math.IsNaN(f) {
		*c = 0
		return nil
	}
	switch {
	case f >= math.MaxInt64: // 2^63, one past the largest int64
		*c = math.MaxInt64
	case f <= math.MinInt64:
		*c = math.MinInt64
	default:
		*c = Count(f)
	}
	return nil
}
