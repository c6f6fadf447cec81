package goldfish

import "github.com/kaigi-dev/kaigi/providers/offline"

func offlineConfig() offline.Config { return offline.Config{} }
