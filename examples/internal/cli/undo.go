package cli

import (
	"fmt"
	"io"
)

// Undone prints on w what an -undo of the run in dir did: the rounds it
// reverted, or, with none, that the unfinished run had written nothing
// and is ended. what names the documents with their verb ("the article
// is", "the 2 articles are").
func Undone(w io.Writer, dir, what string, rounds []int) {
	if len(rounds) == 0 {
		fmt.Fprintf(w, "The unfinished run in %s had written nothing, so %s as before; the run is ended and a new one can start.\n", dir, what)
		return
	}
	fmt.Fprintf(w, "Reverted round(s) %v; %s as before the run.\n", rounds, what)
}
