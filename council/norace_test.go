//go:build !race

package council_test

// raceEnabled reports that the race detector is on.
const raceEnabled = false
