package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/kaigi-dev/kaigi/loop/discussion"
)

// triggered applies -changed-since: it reports whether the change
// warrants the discussion (discussion.Trigger, with why), and when it does
// makes the changed files the targets of a spec that names none and
// "change-<HEAD>" the id of one that has none.
func (o *options) triggered(ctx context.Context, spec *discussion.Spec) (bool, string, error) {
	c, err := discussion.ReadChange(ctx, o.root, o.changedSince)
	if err != nil {
		return false, "", fmt.Errorf("-changed-since: %w", err)
	}
	c.Labels = list(o.labels)
	ok, why := discussion.Trigger{MinLines: o.minLines}.Decide(c)
	if !ok {
		return false, why, nil
	}
	if len(c.Files) == 0 {
		return false, why + ", but no changed file under " + o.root + " is left to review", nil
	}
	if len(spec.Targets) == 0 && o.targets == "" {
		o.targets = strings.Join(c.Files, ",")
	}
	if spec.ID == "" && o.id == "" {
		head, err := discussion.Head(ctx, o.root)
		if err != nil {
			return false, "", err
		}
		o.id = "change-" + head
	}
	return true, why, nil
}
