package main

import (
	"bufio"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"strings"
	"time"

	enumspb "go.temporal.io/api/enums/v1"
	"go.temporal.io/sdk/client"
	sdktemporal "go.temporal.io/sdk/temporal"

	"github.com/kaigi-dev/kaigi/examples/internal/cli"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/editorial"
	"github.com/kaigi-dev/kaigi/loop/goldfish"
	"github.com/kaigi-dev/kaigi/loop/rounds"
	"github.com/kaigi-dev/kaigi/loop/temporal"
	"github.com/kaigi-dev/kaigi/loop/termgate"
)

// pollEvery is how often a client queries a run's progress.
const pollEvery = time.Second

// queryTimeout bounds one progress query (a query waits for a worker),
// and noWorkerAfter is how long queries may fail before the client says
// that no worker may be running.
const (
	queryTimeout  = 5 * time.Second
	noWorkerAfter = 15 * time.Second
)

// runOptions are run's flags.
type runOptions struct {
	common
	queue, store, id, loop, gate, out string
	inPlace                           bool
	reader, auto                      string
	rounds, limit                     int
	target, reviewers                 string
}

// cmdRun starts a run on a file and follows it to its end, or to the gate
// with -gate file.
func cmdRun(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) (int, error) {
	var o runOptions
	fs := newFlags("run", "-temporal HOST:PORT [-queue kaigi] -store DIR [-id ID] [-loop editorial|goldfish] [-gate auto|file|ask] [-out DIR] [-in-place] FILE", stderr, &o.common)
	fs.StringVar(&o.queue, "queue", defaultQueue, "the workers' task `queue`")
	fs.StringVar(&o.store, "store", "", "the store `folder` the workers use (required)")
	fs.StringVar(&o.id, "id", "", "the workflow `ID`: letters, digits, '.', '_' and '-' (default: the file's name and a random suffix)")
	fs.StringVar(&o.loop, "loop", editorialLoop, "the loop: editorial (the Editorial Swarm) or goldfish (the Goldfish review loop)")
	fs.StringVar(&o.gate, "gate", "", "who decides what the loop asks: ask (on this terminal), file (print the answer command and exit) or auto (nothing is asked); default ask on a terminal, file otherwise")
	fs.StringVar(&o.out, "out", "", "the `folder` the final document and the run folder are written into (default ./FILE.temporal-out)")
	fs.BoolVar(&o.inPlace, "in-place", false, "also write the final document over FILE")
	fs.StringVar(&o.reader, "reader", "", "editorial: the reader profile, e.g. \"Web engineers new to Go\"")
	fs.StringVar(&o.auto, "auto", "low", "editorial: the auto-apply scope: low, widen or none")
	fs.IntVar(&o.rounds, "rounds", 0, "the round cap (0: the loop's default)")
	fs.IntVar(&o.limit, "limit", 0, fmt.Sprintf("the run's reviewer calls made at once (0: %d)", temporal.DefaultLimit))
	fs.StringVar(&o.target, "target", "", "goldfish: the section (default the whole file), e.g. S1.12")
	fs.StringVar(&o.reviewers, "reviewers", "", "goldfish: the reviewers, comma-separated (default "+defaultGoldfishReviewers+")")
	rest, err := cli.ParseAnywhere(fs, args)
	if err != nil {
		return exitError, err
	}
	if len(rest) != 1 {
		return exitError, errors.New("give one FILE")
	}
	if o.store == "" {
		return exitError, errors.New("-store is required")
	}
	cl, err := o.dial(ctx, stderr)
	if err != nil {
		return exitError, err
	}
	defer cl.Close()
	return o.start(ctx, cl, rest[0], stdin, stdout, stderr)
}

// start runs the loop on file through cl and follows it.
func (o *runOptions) start(ctx context.Context, cl client.Client, file string, stdin io.Reader, stdout, stderr io.Writer) (int, error) {
	m, err := cli.GateMode(o.gate)
	if err != nil {
		return exitError, err
	}
	mode := m.Resolve(cli.Terminal(stdin) && cli.Terminal(stderr))
	data, err := os.ReadFile(file)
	if err != nil {
		return exitError, err
	}
	name := filepath.Base(file)
	if o.out == "" {
		o.out = name + ".temporal-out"
	}
	if err := o.checkOut(file, name); err != nil {
		return exitError, err
	}
	if o.id == "" {
		if o.id, err = newID(name); err != nil {
			return exitError, err
		}
	} else if err := checkID(o.id); err != nil {
		return exitError, err
	}
	store := temporal.FileStore{Dir: o.store}
	links := ""
	if o.loop == editorialLoop {
		if links, err = listLinks(ctx, store, o.store, file); err != nil {
			return exitError, err
		}
	}
	in, err := o.input(name, links)
	if err != nil {
		return exitError, err
	}
	if in.Files, err = temporal.PutFiles(ctx, store, map[string][]byte{name: data}); err != nil {
		return exitError, err
	}
	if _, err := cl.ExecuteWorkflow(ctx, client.StartWorkflowOptions{ID: o.id, TaskQueue: o.queue, WorkflowExecutionErrorWhenAlreadyStarted: true}, temporal.WorkflowName, in); err != nil {
		return exitError, fmt.Errorf("starting the workflow: %w", err)
	}
	fmt.Fprintf(stderr, "Started %s on %s as workflow %s (queue %s)\n", o.loop, file, o.id, o.queue)
	f := follower{common: o.common, cl: cl, store: store, id: o.id, gate: mode, out: o.out, stdin: stdin, stderr: stderr}
	res, waiting, err := f.follow(ctx)
	if err != nil {
		return exitError, err
	}
	if waiting {
		return exitConverged, nil
	}
	if err := writeResult(ctx, store, res, o.out); err != nil {
		return exitError, err
	}
	if o.inPlace {
		if err := writeFile(ctx, file, store, res.Files[name]); err != nil {
			return exitError, err
		}
	}
	report(stdout, res, o.out, name)
	if res.Reason != string(loop.Converged) {
		return exitUnresolved, nil
	}
	return exitConverged, nil
}

// checkOut refuses an -out that would write the final document over file
// without -in-place.
func (o *runOptions) checkOut(file, name string) error {
	if o.inPlace {
		return nil
	}
	src, err := filepath.Abs(file)
	if err != nil {
		return err
	}
	dst, err := filepath.Abs(filepath.Join(o.out, name))
	if err != nil {
		return err
	}
	same := src == dst
	if a, b := realPath(src), realPath(dst); a != "" && a == b {
		same = true
	}
	if same {
		return fmt.Errorf("-out %s would write over %s: choose another -out, or give -in-place", o.out, file)
	}
	return nil
}

// realPath returns p with its symbolic links resolved, or "" when it does
// not exist.
func realPath(p string) string {
	r, err := filepath.EvalSymlinks(p)
	if err != nil {
		return ""
	}
	return r
}

// input returns the workflow's input for the document name (Files unset),
// its links checked against the listing links (a Store reference).
func (o *runOptions) input(name, links string) (temporal.Input, error) {
	gate := loop.GateFile // ask answers the workflow's wait from here
	if o.gate == "auto" {
		gate = loop.GateAuto
	}
	var args any
	switch o.loop {
	case editorialLoop:
		if _, err := rounds.ParseScope(o.auto); err != nil {
			return temporal.Input{}, fmt.Errorf("-auto: %w", err)
		}
		s, _ := json.Marshal(editorialSettings{Reader: o.reader, Rounds: o.rounds, Auto: o.auto, Links: links})
		args = editorial.Args{Documents: []string{name}, Gate: gate, Settings: s}
	case goldfishLoop:
		s, _ := json.Marshal(goldfishSettings{Target: o.target, Reviewers: o.reviewers, Rounds: o.rounds})
		args = goldfish.Args{Document: name, Gate: gate, Settings: s}
	default:
		return temporal.Input{}, fmt.Errorf("-loop %q: want editorial or goldfish", o.loop)
	}
	raw, err := json.Marshal(args)
	if err != nil {
		return temporal.Input{}, err
	}
	if o.limit < 0 {
		return temporal.Input{}, fmt.Errorf("-limit %d: want 0 or more", o.limit)
	}
	return temporal.Input{Driver: o.loop, Args: raw, Limit: o.limit}, nil
}

// follower follows a run: its progress on stderr, its gate.
type follower struct {
	common
	cl     client.Client
	store  temporal.Store
	id     string
	gate   termgate.Mode // Terminal, File or Auto
	out    string        // where -gate file copies the question
	stdin  io.Reader
	stderr io.Writer
}

// follow polls the run's progress every second until it ends (its result)
// or, with -gate file, waits for an answer (waiting set); with -gate ask
// it answers each question from stdin.
func (f *follower) follow(ctx context.Context) (res temporal.Result, waiting bool, err error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	type ended struct {
		res temporal.Result
		err error
	}
	done := make(chan ended, 1)
	go func() {
		var e ended
		e.err = f.cl.GetWorkflow(ctx, f.id, "").Get(ctx, &e.res)
		done <- e
	}()
	in := bufio.NewReader(f.stdin)
	tick := time.NewTicker(pollEvery)
	defer tick.Stop()
	last, answered := "", -1
	lastOK, warned, down := time.Now(), false, false
	for {
		select {
		case e := <-done:
			if e.err != nil {
				if ctx.Err() != nil {
					return temporal.Result{}, false, f.interrupted()
				}
				return temporal.Result{}, false, fmt.Errorf("workflow %s: %w", f.id, e.err)
			}
			return e.res, false, nil
		case <-ctx.Done():
			return temporal.Result{}, false, f.interrupted()
		case <-tick.C:
		}
		qctx, qcancel := context.WithTimeout(ctx, queryTimeout)
		p, err := query(qctx, f.cl, f.id)
		qcancel()
		if err != nil {
			if herr := reachable(ctx, f.cl); herr != nil && ctx.Err() == nil {
				if !down {
					fmt.Fprintf(f.stderr, "%v; the workflow %s goes on once it is back.\n", unreachable(f.temporal, herr), f.id)
					down = true
				}
				continue
			}
			down = false
			// A query waits for a worker: none may have taken the run yet.
			if !warned && time.Since(lastOK) > noWorkerAfter {
				fmt.Fprintf(f.stderr, "no progress for %v: is a worker polling the run's queue? (%v)\n", noWorkerAfter, err)
				warned = true
			} else if f.verbose {
				fmt.Fprintf(f.stderr, "progress: %v\n", err)
			}
			continue
		}
		lastOK, warned, down = time.Now(), false, false
		if line := progressLine(p); line != last {
			fmt.Fprintln(f.stderr, line)
			last = line
		}
		if p.State != "waiting" || p.Advances == answered {
			continue
		}
		switch f.gate {
		case termgate.File:
			return temporal.Result{}, true, f.printWait(ctx, p)
		case termgate.Terminal:
			question, err := f.store.Get(ctx, p.QuestionRef)
			if err != nil {
				return temporal.Result{}, false, err
			}
			data, err := ask(in, f.stderr, p.Question, question)
			if err != nil {
				return temporal.Result{}, false, fmt.Errorf("the answer: %w (the workflow %s waits; answer it with %s answer)", err, f.id, program())
			}
			if err := sendAnswer(ctx, f.cl, f.id, data, f.stderr); err != nil {
				var refused *refusedError
				if errors.As(err, &refused) {
					fmt.Fprintln(f.stderr, err) // the loop asks again
					continue
				}
				return temporal.Result{}, false, err
			}
			answered = p.Advances
		default:
			return temporal.Result{}, false, fmt.Errorf("the workflow %s waits for an answer with -gate auto", f.id)
		}
	}
}

// interrupted is the error of a client stopped while its run goes on.
func (f *follower) interrupted() error {
	return fmt.Errorf("interrupted; the workflow %s goes on (see %s status -temporal %s -id %s)", f.id, program(), f.temporal, f.id)
}

// printWait copies the question the run waits on into the -out folder and
// prints how to answer it.
func (f *follower) printWait(ctx context.Context, p temporal.Progress) error {
	copyTo := filepath.Join(f.out, filepath.FromSlash(p.Question))
	if err := writeFile(ctx, copyTo, f.store, p.QuestionRef); err != nil {
		return err
	}
	fmt.Fprintf(f.stderr, "\nThe workflow %s waits for an answer (%s).\nThe question is in %s.\n", f.id, p.Reason, copyTo)
	answer := editorial.DecisionsName
	if path.Base(p.Question) == loop.QuestionsFile {
		answer = loop.AnswersFile
		fmt.Fprintf(f.stderr, "Write %s, a JSON array of {\"key\": ..., \"choice\": ..., \"text\": ...} for its last question, and run:\n", answer)
	} else {
		fmt.Fprintf(f.stderr, "Copy it to %s, set each \"action\" to apply, reject or defer (with a \"reason\" for a rejection), and run:\n", answer)
	}
	fmt.Fprintf(f.stderr, "  %s answer -temporal %s -id %s %s\nThen, once it has ended:\n  %s status -temporal %s -id %s -store %s -out %s\n",
		program(), f.temporal, f.id, answer, program(), f.temporal, f.id, cli.ShellQuote(storeDir(f.store)), cli.ShellQuote(f.out))
	return nil
}

// storeDir is the folder of a FileStore, for the hints.
func storeDir(s temporal.Store) string {
	if fs, ok := s.(temporal.FileStore); ok {
		return fs.Dir
	}
	return "STORE"
}

// query returns the run's progress.
func query(ctx context.Context, cl client.Client, id string) (temporal.Progress, error) {
	v, err := cl.QueryWorkflow(ctx, id, "", temporal.QueryName)
	if err != nil {
		return temporal.Progress{}, err
	}
	var p temporal.Progress
	if err := v.Get(&p); err != nil {
		return temporal.Progress{}, err
	}
	return p, nil
}

// progressLine says p in one line: "running: 3 advances, 8 calls".
func progressLine(p temporal.Progress) string {
	line := fmt.Sprintf("%s: %s, %s", p.State, plural(p.Advances, "advance"), plural(p.Calls, "call"))
	if p.State == "waiting" {
		line += ", asking " + p.Question
	}
	return line
}

// plural returns "1 call", "2 calls".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// refusedError is an answer the workflow refused: the update was taken,
// and the loop could not use the answer (Reason says why); it waits for
// another.
type refusedError struct {
	ID, Reason string
	Err        error
}

func (e *refusedError) Error() string {
	return fmt.Sprintf("the workflow %s refused the answer: %s (it waits for another)", e.ID, e.Reason)
}

func (e *refusedError) Unwrap() error { return e.Err }

// sendAnswer sends data as the run's answer and waits until the loop has
// taken it: a *refusedError when the loop could not use it. While no
// worker polls the run's queue it says so on stderr and waits on.
func sendAnswer(ctx context.Context, cl client.Client, id string, data []byte, stderr io.Writer) error {
	warnNoWorker(ctx, cl, stderr, id, "the answer")
	h, err := cl.UpdateWorkflow(ctx, client.UpdateWorkflowOptions{
		WorkflowID:   id,
		UpdateName:   temporal.UpdateName,
		Args:         []any{temporal.Answer{Data: data}},
		WaitForStage: client.WorkflowUpdateStageCompleted,
	})
	if err == nil {
		err = h.Get(ctx, nil)
		var app *sdktemporal.ApplicationError
		if errors.As(err, &app) && app.Type() == "AnswerRefused" {
			return &refusedError{ID: id, Reason: refusal(err), Err: err}
		}
	}
	if err != nil {
		if ctx.Err() != nil {
			return fmt.Errorf("interrupted before the workflow %s took the answer; a worker may still take it (see %s status -id %s)", id, program(), id)
		}
		return fmt.Errorf("the workflow %s did not take the answer: %s", id, refusal(err))
	}
	return nil
}

// cmdAnswer sends a decisions (or answers) file as a run's answer.
func cmdAnswer(ctx context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) (int, error) {
	var c common
	var id string
	fs := newFlags("answer", "-temporal HOST:PORT -id ID DECISIONS.json", stderr, &c)
	fs.StringVar(&id, "id", "", "the workflow `ID` (required)")
	rest, err := cli.ParseAnywhere(fs, args)
	if err != nil {
		return exitError, err
	}
	if id == "" || len(rest) != 1 {
		return exitError, errors.New("give -id and one decisions file")
	}
	data, err := os.ReadFile(rest[0])
	if err != nil {
		return exitError, err
	}
	if !json.Valid(data) {
		return exitError, fmt.Errorf("%s is not JSON", rest[0])
	}
	cl, err := c.dial(ctx, stderr)
	if err != nil {
		return exitError, err
	}
	defer cl.Close()
	if err := sendAnswer(ctx, cl, id, data, stderr); err != nil {
		return exitError, err
	}
	fmt.Fprintf(stdout, "The workflow %s took the answer and goes on.\n", id)
	return exitConverged, nil
}

// cmdStatus prints a run's progress; with -store and -out it copies the
// question a waiting run asks into -out, and writes an ended run's result
// there.
func cmdStatus(ctx context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) (int, error) {
	var c common
	var id, store, out string
	fs := newFlags("status", "-temporal HOST:PORT -id ID [-store DIR -out DIR]", stderr, &c)
	fs.StringVar(&id, "id", "", "the workflow `ID` (required)")
	fs.StringVar(&store, "store", "", "the store `folder`, to write an ended run's result")
	fs.StringVar(&out, "out", "", "the `folder` an ended run's final document and run folder (or a waiting run's question) are written into (with -store)")
	rest, err := cli.ParseAnywhere(fs, args)
	if err != nil {
		return exitError, err
	}
	if id == "" || len(rest) > 0 {
		return exitError, errors.New("give -id and no other argument")
	}
	if (store == "") != (out == "") {
		return exitError, errors.New("-store and -out go together")
	}
	cl, err := c.dial(ctx, stderr)
	if err != nil {
		return exitError, err
	}
	defer cl.Close()
	d, err := cl.DescribeWorkflowExecution(ctx, id, "")
	if err != nil {
		return exitError, err
	}
	switch st := d.GetWorkflowExecutionInfo().GetStatus(); st {
	case enumspb.WORKFLOW_EXECUTION_STATUS_RUNNING:
		qctx, qcancel := context.WithTimeout(ctx, noWorkerAfter)
		p, err := query(qctx, cl, id)
		qcancel()
		if err != nil {
			return exitError, fmt.Errorf("the workflow %s runs, but its progress: %w (is a worker polling its queue?)", id, err)
		}
		fmt.Fprintln(stdout, progressLine(p))
		if p.State == "waiting" && p.Error != "" {
			fmt.Fprintf(stdout, "The last answer was refused: %s\n", p.Error)
		}
		if p.State == "waiting" && store != "" {
			copyTo := filepath.Join(out, filepath.FromSlash(p.Question))
			if err := writeFile(ctx, copyTo, temporal.FileStore{Dir: store}, p.QuestionRef); err != nil {
				return exitError, err
			}
			fmt.Fprintf(stdout, "The question is in %s; answer it with %s answer -temporal %s -id %s DECISIONS.json\n", copyTo, program(), c.temporal, id)
		}
		return exitConverged, nil
	case enumspb.WORKFLOW_EXECUTION_STATUS_COMPLETED:
		var res temporal.Result
		if err := cl.GetWorkflow(ctx, id, "").Get(ctx, &res); err != nil {
			return exitError, err
		}
		name := ""
		if store != "" {
			if err := writeResult(ctx, temporal.FileStore{Dir: store}, res, out); err != nil {
				return exitError, err
			}
			name = documentName(res.Files)
		}
		report(stdout, res, out, name)
		if res.Reason != string(loop.Converged) {
			return exitUnresolved, nil
		}
		return exitConverged, nil
	default:
		return exitError, fmt.Errorf("the workflow %s is %s", id, strings.ToLower(strings.TrimPrefix(st.String(), "WorkflowExecutionStatus")))
	}
}

// documentName returns the document of a run's files: the one file at the
// workspace's top.
func documentName(files temporal.Files) string {
	for _, p := range files.Paths() {
		if !strings.Contains(p, "/") {
			return p
		}
	}
	return ""
}

// writeResult writes the run's workspace (the final document, the run
// folder) into out, over what is there: summary.md names its files in out,
// not on the worker, and the questions copied there while the run waited
// (pending.json, questions.json) go unless the run kept them.
func writeResult(ctx context.Context, store temporal.Store, res temporal.Result, out string) error {
	contents, err := temporal.GetFiles(ctx, store, res.Files)
	if err != nil {
		return err
	}
	for _, p := range res.Files.Paths() {
		dst := filepath.Join(out, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		data := contents[p]
		if path.Base(p) == "summary.md" {
			data = relocated(data, res.Dirs, out)
		}
		if err := os.WriteFile(dst, data, 0o644); err != nil {
			return err
		}
	}
	return removeStaleQuestions(res.Files, out)
}

// relocated returns text with each of the worker's names of the run's
// folder (dirs) at the start of a path replaced by out.
func relocated(text []byte, dirs []string, out string) []byte {
	s := string(text)
	for _, d := range dirs {
		if d == "" || d == "." {
			continue
		}
		for _, sep := range []string{"/", string(filepath.Separator)} {
			s = strings.ReplaceAll(s, d+sep, filepath.Clean(out)+sep)
		}
	}
	return []byte(s)
}

// removeStaleQuestions removes from out the questions a waiting run had
// copied there (pending.json of a round, questions.json) that its
// workspace files no longer hold.
func removeStaleQuestions(files temporal.Files, out string) error {
	runs := map[string]bool{}
	for _, p := range files.Paths() {
		if dir, _, ok := strings.Cut(p, "/"); ok {
			runs[dir] = true
		}
	}
	for dir := range runs {
		root := filepath.Join(out, dir)
		err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
			if err != nil {
				if errors.Is(err, os.ErrNotExist) {
					return nil
				}
				return err
			}
			if d.IsDir() || (d.Name() != "pending.json" && d.Name() != loop.QuestionsFile) {
				return nil
			}
			rel, err := filepath.Rel(out, p)
			if err != nil {
				return err
			}
			if _, kept := files[filepath.ToSlash(rel)]; !kept {
				return os.Remove(p)
			}
			return nil
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// writeFile writes the content of ref in store to dst.
func writeFile(ctx context.Context, dst string, store temporal.Store, ref string) error {
	data, err := store.Get(ctx, ref)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return err
	}
	return os.WriteFile(dst, data, 0o644)
}

// report prints how the run ended and where its result is (out "": not
// written).
func report(w io.Writer, res temporal.Result, out, name string) {
	fmt.Fprintf(w, "Stopped: %s, after %s and %s.\n", editorial.Describe(loop.StopReason(res.Reason)), plural(res.Advances, "advance"), plural(res.Calls, "call"))
	if out == "" {
		return
	}
	if name != "" {
		fmt.Fprintf(w, "Final document: %s\n", filepath.Join(out, name))
	}
	for _, p := range res.Files.Paths() {
		if dir, _, ok := strings.Cut(p, "/"); ok {
			fmt.Fprintf(w, "Run folder: %s\n", filepath.Join(out, dir))
			break
		}
	}
}

// newID returns a workflow ID for a run on the file name: the name made of
// allowed characters, and a random suffix.
func newID(name string) (string, error) {
	var b strings.Builder
	for _, r := range name {
		if strings.ContainsRune(idChars, r) {
			b.WriteRune(r)
		} else {
			b.WriteByte('-')
		}
	}
	base := strings.Trim(b.String(), ".-")
	if len(base) > 180 {
		base = base[:180]
	}
	if base == "" {
		base = "run"
	}
	suffix := make([]byte, 4)
	if _, err := rand.Read(suffix); err != nil {
		return "", err
	}
	return base + "-" + hex.EncodeToString(suffix), nil
}

// idChars are the characters of a workflow ID (it names the run's folder
// on the workers).
const idChars = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-"

// checkID refuses an ID the workflow would refuse.
func checkID(id string) error {
	if id == "" || len(id) > 200 || strings.Trim(id, idChars) != "" || strings.Trim(id, ".") == "" {
		return fmt.Errorf("-id %q: use letters, digits, '.', '_' and '-' only (at most 200)", id)
	}
	return nil
}
