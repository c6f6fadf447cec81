// Command temporal-swarm runs kaigi's loops as Temporal workflows: a worker
// that executes them, and a client that starts a run, shows its progress,
// answers its gate and writes its result.
//
//	temporal-swarm worker -temporal HOST:PORT [-queue kaigi] -store DIR -work DIR [provider flags]
//	temporal-swarm run    -temporal HOST:PORT [-queue kaigi] -store DIR [-id ID] [-loop editorial|goldfish] [-gate auto|file|ask] [-out DIR] [-in-place] FILE
//	temporal-swarm answer -temporal HOST:PORT -id ID DECISIONS.json
//	temporal-swarm status -temporal HOST:PORT -id ID [-store DIR -out DIR]
//	temporal-swarm demo   -temporal HOST:PORT
//
// The worker registers the loop workflow of package
// github.com/kaigi-dev/kaigi/loop/temporal with two drivers: the Editorial
// Swarm ("editorial"), on the built-in offline reviewers unless a provider
// is named (-provider or KAIGI_PROVIDER, the flags and environment of
// examples/editorial-swarm), and the Goldfish review loop ("goldfish"), on
// its offline reviewers. Every worker of a task queue must be started with
// the same store and work folder paths and the same provider settings: the
// workflow re-executes a loop on whichever worker takes the next step. It
// runs until SIGINT or SIGTERM.
//
// The store (-store) is a folder the client and the workers share: the
// client puts FILE there, the workflow keeps references to it, and the
// client reads the result from it. The work folder (-work) is where a worker
// lays out a run's workspace for each step. A worker has the documents
// only, so run also stores the names of the files of FILE's workspace (the
// repository, else the current folder): the offline fact-checker checks
// relative links against them, and finds what it finds in a process.
//
// answer waits until the loop has taken the answer: one it cannot use (a
// malformed decisions file) is printed with the reason and exits 1, and
// status shows the last refusal while the run waits for another.
//
// run starts a workflow on FILE and polls its progress every second on
// standard error. When the loop waits for a person, -gate ask shows the
// pending findings on the terminal and sends the answer; -gate file prints
// the workflow's ID, where the question was copied and the answer command to
// run, and exits 0 (the workflow waits, days if need be, without a process
// waiting); -gate auto asks nothing. When the run ends, run prints how it
// stopped and writes the final document and the run folder into -out
// (default ./FILE.temporal-out/), never over FILE unless -in-place.
//
// answer sends a decisions file (the shape of the round's pending.json, or
// of answers.json for a Goldfish question) as the workflow's update; status
// prints its progress, and writes the result into -out once it has ended.
//
// demo starts a worker in this process against -temporal and runs the
// bundled sample article through the Editorial Swarm, offline, with -gate
// auto: the README's local trial.
//
// Exit codes: 0 the run converged (or waits for an answer with -gate file;
// the demo exits 0 whenever it ends), 1 an error, 2 the run stopped before
// converging.
package main
