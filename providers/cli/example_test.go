//go:build unix

package cli_test

import (
	"context"
	"fmt"
	"time"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/providers/cli"
)

func ExampleNew() {
	// "tr" stands in for an agent CLI: it reads the prompt on stdin and
	// answers on stdout. Arguments are a list; no shell is involved.
	p, err := cli.New([]string{"tr", "a-z", "A-Z"}, cli.WithTimeout(10*time.Second))
	if err != nil {
		fmt.Println(err)
		return
	}
	resp, err := p.Complete(context.Background(), agent.Request{
		System:   "be loud",
		Messages: []agent.Message{agent.UserText("hello")},
	})
	fmt.Printf("%q %v\n", resp.Text, err)
	// Output:
	// "BE LOUD\n\nHELLO" <nil>
}
