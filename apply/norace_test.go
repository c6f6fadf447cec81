//go:build !race

package apply

// raceEnabled reports that the race detector is on.
const raceEnabled = false
