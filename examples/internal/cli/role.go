package cli

import (
	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/providers/config"
)

// Role returns the agent that plays role (a name the provider flags
// choose for, as -reviewer-model NAME=... does): offline when they leave
// it offline, else online on the provider and model they choose. Its
// error is c.Provider's (say, a missing key).
func Role[T any](c *config.Config, role string, offline T, online func(p agent.Provider, model string) T) (T, error) {
	if c.Offline(role) {
		return offline, nil
	}
	p, model, err := c.Provider(role)
	if err != nil {
		var zero T
		return zero, err
	}
	return online(p, model), nil
}
