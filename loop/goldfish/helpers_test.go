package goldfish

import "github.com/kaigi-dev/kaigi/providers/offline"

// offlineConfig turns on the strict set: the tests need the stock-phrase
// rule's mechanical fix, which is not on by default.
func offlineConfig() offline.Config { return offline.Config{Enabled: []string{offline.SetStrict}} }
