//go:build !unix

package offline

import "time"

// cpuTime is not measured on this system: benchmarks report 0.
func cpuTime() time.Duration { return 0 }
