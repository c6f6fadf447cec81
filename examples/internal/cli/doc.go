// Package cli holds what every example command does the same way: its
// main (a context cancelled by SIGINT or SIGTERM, traces as the
// OpenTelemetry environment asks, the exit code), its usage text, and the
// default of its -gate flag.
package cli
