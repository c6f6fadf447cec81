package config

import (
	"errors"
	"strings"

	"github.com/kaigi-dev/kaigi/agent"
)

// Explain words err for the user of a command whose providers Register
// configured: an answer past the bound (*agent.ResponseTooLargeError,
// which names a Go option) names the -max-response-bytes flag and its
// environment variable instead. Any other error reads as err.Error().
func Explain(err error) string {
	msg := err.Error()
	var tl *agent.ResponseTooLargeError
	if errors.As(err, &tl) && tl.Option != "" {
		msg = strings.ReplaceAll(msg, "raise it with "+tl.Option, "raise it with -max-response-bytes or "+EnvMaxResponse)
	}
	return msg
}
