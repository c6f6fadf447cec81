// Package cli is the one main of the example commands: the process (a
// context cancelled by SIGINT or SIGTERM, traces as the OpenTelemetry
// environment asks, the exit code: Main), each execution (App: the flags
// every command has, their checks, the provider choice, the gate -gate
// chooses, -format's output, the error line and the exit codes), and the
// run of a command's loop on the kernel's driver contract (Command,
// DriverRun, App.Drive: an undo or a run, the demo's copy of its sample,
// start or resume, the Stop printed as -format asks, where the answer of
// a waiting run goes, the exit code). A command states only its own
// flags, its arguments to the loop's loop.Driver and that driver's
// configure function, and what it prints of the driver's result.
package cli
