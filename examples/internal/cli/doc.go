// Package cli is the one main of the example commands: the process (a
// context cancelled by SIGINT or SIGTERM, traces as the OpenTelemetry
// environment asks, the exit code: Main), and each execution (App: the
// flags every command has, their checks, the provider choice, the gate
// -gate chooses, -format's output, the error line and the exit codes).
// A command states only its own flags and how it runs its loop.
package cli
