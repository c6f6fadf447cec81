package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"
)

// askAttempts is how many times askMissing asks for one article's path.
const askAttempts = 3

// askMissing asks, on a terminal, for the path of each article of paths
// that does not exist, as the original does instead of exiting: "NAME
// does not exist. Path to the article (empty to stop):". A path that does
// not exist either is asked again, at most askAttempts times; an empty
// answer or the end of in stops with an error naming the article. Paths
// that exist, and those that fail for another reason (which the library
// reports), are kept as they are.
func askMissing(paths []string, in io.Reader, out io.Writer) ([]string, error) {
	r := bufio.NewReader(in)
	fixed := make([]string, len(paths))
	for i, p := range paths {
		fixed[i] = p
		for n := 0; ; n++ {
			if _, err := os.Stat(fixed[i]); !errors.Is(err, fs.ErrNotExist) {
				break
			}
			if n == askAttempts {
				return nil, fmt.Errorf("%s does not exist (asked %d times)", p, askAttempts)
			}
			fmt.Fprintf(out, "%s does not exist. Path to the article (empty to stop): ", fixed[i])
			line, err := r.ReadString('\n')
			line = strings.TrimSpace(line)
			if line == "" {
				if err != nil && !errors.Is(err, io.EOF) {
					return nil, err
				}
				fmt.Fprintln(out)
				return nil, fmt.Errorf("%s does not exist", p)
			}
			fixed[i] = line
		}
	}
	return fixed, nil
}
