package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/multishot"
	"github.com/kaigi-dev/kaigi/providers/offline"
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
			dirs = append(dirs, multishot.Directive{Op: multishot.RemoveSlice, Slice: multishot.Slice{Name: strings.TrimSpace(name)}, Words: words})
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
func (o *options) classifierInputs(l *multishot.Loop, stdin io.Reader, demo bool) error {
	if o.userDirectivesFile != "" {
		data, err := readTask(o.userDirectivesFile, stdin, int64(*o.MaxSize))
		if err != nil {
			return fmt.Errorf("-user-directives-file: %w", err)
		}
		l.UserDirectives = string(data)
	} else if demo {
		l.UserDirectives = demoDirectives
	}
	if o.contextFile != "" {
		data, err := readTask(o.contextFile, stdin, int64(*o.MaxSize))
		if err != nil {
			return fmt.Errorf("-executor-context-file: %w", err)
		}
		l.ExecutorContext = string(data)
	}
	return nil
}

// reviewer returns the reviewer of a provider profile: the offline
// reviewers, or a model's.
func (o *options) reviewer(profile string, rules []string) (multishot.Reviewer, error) {
	return loop.Role[multishot.Reviewer](o.Providers, profile, multishot.OfflineReviewer{Prose: offline.Editorial(offline.Config{Enabled: rules})}, func(p agent.Provider, model string) multishot.Reviewer {
		return &multishot.LLMReviewer{Provider: p, Model: model}
	})
}

// harnessReviewer resolves a slice's -slice-harness: "offline", "reviewer"
// (the reviewer's profile) or a -reviewer-model name; any other name is
// refused, as it would silently run on the default.
func (o *options) harnessReviewer(name string, rules []string) (multishot.Reviewer, error) {
	switch _, named := o.Providers.Reviewers[name]; {
	case name == "offline":
		return multishot.OfflineReviewer{Prose: offline.Editorial(offline.Config{Enabled: rules})}, nil
	case name == "reviewer" || named:
		return o.reviewer(name, rules)
	}
	return nil, fmt.Errorf("unknown harness %q: want offline, reviewer or a -reviewer-model name", name)
}
