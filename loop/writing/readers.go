package writing

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"strings"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/loop"
	"github.com/kaigi-dev/kaigi/loop/journal"
)

// hash names a draft in reader keys.
func hash(text string) string {
	h := sha256.Sum256([]byte(text))
	return hex.EncodeToString(h[:8])
}

// MaxReaderTries is how often a reader is asked before its failure stops
// the run (to be resumed): only the failed readers are asked again.
const MaxReaderTries = 2

// startReaders starts every persona reading text in the background
// (journal tasks keyed by the draft's hash, so a reader is run once per
// draft text, and a resumed run starts only those that had not finished).
func (d *driver) startReaders(ctx context.Context, text string) {
	h := hash(text)
	for _, p := range d.personas {
		key := d.key("s5/read/%s/%s", p.ID, h)
		if d.tasks[key] != nil {
			continue
		}
		t := ReadTask{Episode: d.e.Number, Persona: p, Memory: d.story.Memories[p.ID], Story: d.story, Draft: text}
		if consistency(p) {
			t.Brief = d.brief
		}
		reader := d.e.Readers(p)
		d.tasks[key] = journal.StartCall(ctx, d.j, key, func(ctx context.Context) (readResult, error) {
			var errs []error
			var used agent.Usage
			for range MaxReaderTries {
				fb, u, err := reader.Read(ctx, t)
				used = used.Add(u)
				if err == nil {
					err = fb.Check()
				}
				if err == nil {
					return readResult{Feedback: fb, Hash: h, Usage: used}, nil
				}
				errs = append(errs, err)
				if ctx.Err() != nil {
					break
				}
			}
			return readResult{}, fmt.Errorf("writing: episode %d: reader %s: %w", d.e.Number, p.ID, errs[len(errs)-1])
		})
	}
}

// consistency reports a persona that checks consistency with the brief.
func consistency(p Persona) bool {
	f := strings.ToLower(p.Focus)
	return strings.Contains(f, "consisten") || strings.Contains(f, "整合")
}

// feedback waits for every persona's feedback on text.
func (d *driver) feedback(ctx context.Context, text string) ([]Feedback, error) {
	h := hash(text)
	out := make([]Feedback, len(d.personas))
	for i, p := range d.personas {
		r, err := d.tasks[d.key("s5/read/%s/%s", p.ID, h)].Wait(ctx)
		if err != nil {
			return nil, err
		}
		d.usage = d.usage.Add(r.Usage)
		out[i] = r.Feedback
		d.prog.read(p.ID)
	}
	return out, nil
}

// collect waits for the readers (step 5): on the final draft, started
// now if it is not the first draft; the first draft's feedback is kept
// as -v0. Then each reader's memory gets its entry for this episode.
func (d *driver) collect(ctx context.Context) error {
	if err := d.step("step5", "in_progress", "waiting for the readers"); err != nil {
		return err
	}
	final := d.drafts[d.current]
	d.startReaders(ctx, final)
	var err error
	if d.current != 0 && hash(final) != hash(d.drafts[0]) {
		if d.first, err = d.feedback(ctx, d.drafts[0]); err != nil {
			return err
		}
		d.prog.readers = map[string]bool{}
	}
	if d.final, err = d.feedback(ctx, final); err != nil {
		return err
	}
	names := make([]string, len(d.personas))
	for i, p := range d.personas {
		names[i] = MemoryFile(p.ID)
	}
	heading := fmt.Sprintf("Episode %d", d.e.Number)
	err = loop.RewriteFiles(ctx, d.j, "s5/memory", d.root, names, func(name string, old []byte) ([]byte, error) {
		i := slices.Index(names, name)
		fb := d.final[i]
		entry := fmt.Sprintf("★%d — %s", fb.Stars, strings.TrimSpace(fb.OneLine))
		if m := strings.TrimSpace(fb.Memory); m != "" {
			entry += "\n\n" + m
		}
		return setMemoryEntry(old, heading, entry), nil
	})
	if err != nil {
		return err
	}
	return d.step("step5", "completed", fmt.Sprintf("%d reader(s) on draft v%d; memory files updated", len(d.final), d.current))
}
