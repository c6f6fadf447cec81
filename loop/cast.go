package loop

import "github.com/kaigi-dev/kaigi/agent"

// Cast says who plays each of a loop's roles (a reviewer's name,
// "author", "judge", "resolver"): the built-in offline agent, or a model.
// providers/config.Config is one, filled from a command's provider flags.
// A driver package builds its agents from a Cast with Role, so that a
// command, a test and a Temporal worker choose them the same way.
type Cast interface {
	// Offline reports whether role is played by the built-in agent.
	Offline(role string) bool
	// Provider returns the provider and model name that play role; its
	// error says why there is none (a missing key, say).
	Provider(role string) (agent.Provider, string, error)
}

// Role returns the agent that plays role in c: offline when c leaves it
// offline (or c is nil), else what online makes of the provider and
// model c chooses. Its error is c.Provider's, unwrapped.
func Role[T any](c Cast, role string, offline T, online func(p agent.Provider, model string) T) (T, error) {
	if c == nil || c.Offline(role) {
		return offline, nil
	}
	p, model, err := c.Provider(role)
	if err != nil {
		var zero T
		return zero, err
	}
	return online(p, model), nil
}
