//go:build race

package apply

// raceEnabled reports that the race detector is on, which slows code
// unevenly, so timing comparisons are left out.
const raceEnabled = true
