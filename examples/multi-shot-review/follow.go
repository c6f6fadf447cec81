package main

import (
	"fmt"
	"os"
	"strings"

	"github.com/kaigi-dev/kaigi/loop/multishot"
)

// directives are the explicit slice changes of the flags: the removals
// (-remove-slice, comma-separated) first, then the addition.
func (o *options) directives() ([]multishot.Directive, error) {
	if o.addSlice == "" && o.removeSlice == "" {
		return nil, nil
	}
	words := o.directive
	if o.directiveFile != "" {
		data, err := os.ReadFile(o.directiveFile)
		if err != nil {
			return nil, err
		}
		words = string(data)
	}
	var dirs []multishot.Directive
	if o.removeSlice != "" {
		for name := range strings.SplitSeq(o.removeSlice, ",") {
			dirs = append(dirs, multishot.Remove(words, strings.TrimSpace(name))...)
		}
	}
	if o.addSlice != "" {
		if o.sliceShots < 0 {
			return nil, fmt.Errorf("-slice-shots %d: want 0 (the session's default) or more", o.sliceShots)
		}
		prompt, err := os.ReadFile(o.slicePrompt)
		if err != nil {
			return nil, fmt.Errorf("-slice-prompt-file: %w", err)
		}
		sl := multishot.Slice{Name: o.addSlice, Prompt: string(prompt), Files: strings.Split(o.sliceFiles, ","), Shots: o.sliceShots, Harness: o.harness}
		dirs = append(dirs, multishot.Directive{Op: multishot.AddSlice, Slice: sl, Words: words})
	}
	return dirs, nil
}

// classifierInputs reads -user-directives-file and -executor-context-file
// (verbatim, under -max-size) into the Loop; the demo gives its bundled
// directives when no file is named.
func (o *options) classifierInputs(l *multishot.Loop, demo bool) error {
	if o.userDirectivesFile != "" {
		data, err := readTask(o.userDirectivesFile, o.Stdin, int64(*o.MaxSize))
		if err != nil {
			return fmt.Errorf("-user-directives-file: %w", err)
		}
		l.UserDirectives = string(data)
	} else if demo {
		l.UserDirectives = demoDirectives
	}
	if o.contextFile != "" {
		data, err := readTask(o.contextFile, o.Stdin, int64(*o.MaxSize))
		if err != nil {
			return fmt.Errorf("-executor-context-file: %w", err)
		}
		l.ExecutorContext = string(data)
	}
	return nil
}
