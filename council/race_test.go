//go:build race

package council_test

// raceEnabled reports that the race detector is on; it slows goroutine
// scheduling several fold, so wall-clock targets are not checked then.
const raceEnabled = true
