package main

import (
	"bufio"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/rounds"
)

// ask asks what the loop waits on (question, the content of the workspace
// file questionPath) with numbered prompts on out, reading the answers
// from in, and returns the answer's content: the decisions of a round's
// pending.json, or the answers file for a question of questions.json.
func ask(in *bufio.Reader, out io.Writer, questionPath string, question []byte) ([]byte, error) {
	if path.Base(questionPath) == loop.QuestionsFile {
		return askQuestion(in, out, question)
	}
	return askPending(in, out, question)
}

// askPending lists the pending findings, numbered, and asks which to
// apply, which of the rest to reject (and why); the others are deferred.
func askPending(in *bufio.Reader, out io.Writer, data []byte) ([]byte, error) {
	var items []rounds.Pending
	if err := json.Unmarshal(data, &items); err != nil {
		return nil, fmt.Errorf("pending findings: %w", err)
	}
	fmt.Fprintf(out, "\nThe loop waits for decisions on %s:\n", plural(len(items), "finding"))
	for i, it := range items {
		fmt.Fprintf(out, "%3d. %s (line %s)\n", i+1, it.Label, it.Lines)
		switch {
		case it.Fix != "":
			fmt.Fprintf(out, "     %q -> %q\n", it.Quote, it.Fix)
		case it.Quote != "":
			fmt.Fprintf(out, "     %q (advice: no fix to apply)\n", it.Quote)
		}
	}
	var applicable []int
	for i, it := range items {
		if it.Fix != "" {
			applicable = append(applicable, i+1)
		}
	}
	var apply []int
	if len(applicable) > 0 {
		var err error
		apply, err = askNumbers(in, out, "Apply which? (numbers like 1 3-5, all, or none)", applicable)
		if err != nil {
			return nil, err
		}
	}
	var rest []int
	for i := range items {
		if !slices.Contains(apply, i+1) {
			rest = append(rest, i+1)
		}
	}
	var reject []int
	if len(rest) > 0 {
		var err error
		reject, err = askNumbers(in, out, "Reject which of the rest, so reviewers do not propose them again? (the others stay open)", rest)
		if err != nil {
			return nil, err
		}
	}
	reason := ""
	if len(reject) > 0 {
		line, err := readLine(in, out, "Reason for the rejections (optional): ")
		if err != nil {
			return nil, err
		}
		reason = line
	}
	for i := range items {
		switch {
		case slices.Contains(apply, i+1):
			items[i].Action = string(rounds.Apply)
		case slices.Contains(reject, i+1):
			items[i].Action, items[i].Reason = string(rounds.Reject), reason
		default:
			items[i].Action = string(rounds.Defer)
		}
	}
	return json.MarshalIndent(items, "", "  ")
}

// askNumbers asks for some of allowed, until the answer is valid.
func askNumbers(in *bufio.Reader, out io.Writer, prompt string, allowed []int) ([]int, error) {
	for {
		line, err := readLine(in, out, fmt.Sprintf("%s %v: ", prompt, allowed))
		if err != nil {
			return nil, err
		}
		nums, err := parseNumbers(line, allowed)
		if err == nil {
			return nums, nil
		}
		fmt.Fprintln(out, err)
	}
}

// parseNumbers reads "1 3-5", "1,2", "all" or "none" (or nothing) as
// numbers among allowed.
func parseNumbers(s string, allowed []int) ([]int, error) {
	s = strings.TrimSpace(strings.ToLower(s))
	switch s {
	case "", "none", "n":
		return nil, nil
	case "all", "a":
		return allowed, nil
	}
	var out []int
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' }) {
		lo, hi, isRange := strings.Cut(f, "-")
		a, err := strconv.Atoi(lo)
		if err != nil {
			return nil, fmt.Errorf("%q is not a number", f)
		}
		b := a
		if isRange {
			if b, err = strconv.Atoi(hi); err != nil || b < a {
				return nil, fmt.Errorf("%q is not a range", f)
			}
		}
		for n := a; n <= b; n++ {
			if !slices.Contains(allowed, n) {
				return nil, fmt.Errorf("%d is not one of %v", n, allowed)
			}
			if !slices.Contains(out, n) {
				out = append(out, n)
			}
		}
	}
	return out, nil
}

// askQuestion asks the last question of a questions.json (the one the loop
// waits on) and returns the answers file holding its answer.
func askQuestion(in *bufio.Reader, out io.Writer, data []byte) ([]byte, error) {
	var qs []loop.Question
	if err := json.Unmarshal(data, &qs); err != nil {
		return nil, fmt.Errorf("questions: %w", err)
	}
	if len(qs) == 0 {
		return nil, errors.New("questions: none")
	}
	q := qs[len(qs)-1]
	a := loop.Answer{Key: q.Key}
	fmt.Fprintf(out, "\n%s\n", q.Prompt)
	if q.Kind == loop.Choice {
		def := 1
		for i, o := range q.Options {
			label := cmp.Or(o.Label, o.ID)
			fmt.Fprintf(out, "%3d. %s\n", i+1, label)
			if o.ID == q.Default {
				def = i + 1
			}
		}
		for a.Choice == "" {
			line, err := readLine(in, out, fmt.Sprintf("Choose 1-%d [%d]: ", len(q.Options), def))
			if err != nil {
				return nil, err
			}
			n := def
			if line != "" {
				if n, err = strconv.Atoi(line); err != nil || n < 1 || n > len(q.Options) {
					fmt.Fprintf(out, "%q is not one of 1-%d\n", line, len(q.Options))
					continue
				}
			}
			a.Choice = q.Options[n-1].ID
		}
	} else {
		def := "y"
		if q.Default == loop.No {
			def = "n"
		}
		for a.Choice == "" {
			line, err := readLine(in, out, fmt.Sprintf("yes or no [%s]: ", def))
			if err != nil {
				return nil, err
			}
			switch strings.ToLower(cmp.Or(line, def)) {
			case "y", "yes":
				a.Choice = loop.Yes
			case "n", "no":
				a.Choice = loop.No
			default:
				fmt.Fprintf(out, "%q: answer yes or no\n", line)
			}
		}
	}
	if q.Text {
		line, err := readLine(in, out, "Note (optional): ")
		if err != nil {
			return nil, err
		}
		a.Text = line
	}
	return json.MarshalIndent([]loop.Answer{a}, "", "  ")
}

// readLine prints prompt and reads one line, trimmed; the input's end
// before a line is an error.
func readLine(in *bufio.Reader, out io.Writer, prompt string) (string, error) {
	fmt.Fprint(out, prompt)
	line, err := in.ReadString('\n')
	if err != nil && (line == "" || !errors.Is(err, io.EOF)) {
		if errors.Is(err, io.EOF) {
			return "", errors.New("no answer: the input ended")
		}
		return "", err
	}
	return strings.TrimSpace(line), nil
}
