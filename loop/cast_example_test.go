package loop_test

import (
	"context"
	"errors"
	"fmt"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/loop"
)

// judgeCast plays "judge" on a model and leaves every other role
// offline; a role without a key fails.
type judgeCast struct{}

func (judgeCast) Offline(role string) bool { return role != "judge" && role != "critic" }

func (judgeCast) Provider(role string) (agent.Provider, string, error) {
	if role == "critic" {
		return nil, "", errors.New("critic: no API key")
	}
	return agent.ProviderFunc(func(context.Context, agent.Request) (agent.Response, error) { return agent.Response{}, nil }), "judge-model", nil
}

// A driver builds each role from a Cast: the offline agent where the
// cast leaves the role offline, else the model it chooses. A nil Cast
// leaves every role offline.
func ExampleRole() {
	name := func(c loop.Cast, role string) {
		who, err := loop.Role(c, role, "offline "+role, func(_ agent.Provider, model string) string { return role + " on " + model })
		fmt.Println(who, err)
	}
	name(judgeCast{}, "author")
	name(judgeCast{}, "judge")
	name(judgeCast{}, "critic")
	name(nil, "judge")
	// Output:
	// offline author <nil>
	// judge on judge-model <nil>
	//  critic: no API key
	// offline judge <nil>
}
