package writing_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"testing"

	"github.com/kaigi-dev/kaigi/agent"
	"github.com/kaigi-dev/kaigi/loop/writing"
)

// modelCast plays the roles named in models on those models, and fails
// the roles named in errs with their error; every other role is offline.
type modelCast struct {
	models map[string]string
	errs   map[string]error
}

func (c modelCast) Offline(role string) bool { return c.models[role] == "" && c.errs[role] == nil }

func (c modelCast) Provider(role string) (agent.Provider, string, error) {
	if err := c.errs[role]; err != nil {
		return nil, "", err
	}
	return agent.ProviderFunc(func(context.Context, agent.Request) (agent.Response, error) {
		return agent.Response{}, errors.New("not called")
	}), c.models[role], nil
}

// TestCastOffline: with no players every role is the built-in agent, and
// the offline author needs a first draft.
func TestCastOffline(t *testing.T) {
	e, desc, err := writing.Cast{Draft: []byte("The Lamp\n\nRen ran.\n")}.Episode()
	if err != nil {
		t.Fatal(err)
	}
	if desc != "author: offline, arc-reviewer: offline, readers: offline" {
		t.Errorf("description %q", desc)
	}
	if a, ok := e.Author.(writing.OfflineAuthor); !ok || string(a.Draft) != "The Lamp\n\nRen ran.\n" {
		t.Errorf("author %#v", e.Author)
	}
	if _, ok := e.Critic.(writing.OfflineCritic); !ok {
		t.Errorf("arc reviewer %#v", e.Critic)
	}
	if _, ok := e.Readers(writing.Persona{ID: "yuki"}).(writing.OfflineReader); !ok {
		t.Errorf("reader %#v", e.Readers(writing.Persona{ID: "yuki"}))
	}
	if _, _, err := (writing.Cast{}).Episode(); !errors.Is(err, writing.ErrNoDraft) {
		t.Errorf("no draft: %v, want ErrNoDraft", err)
	}
	own := errors.New("give -draft FILE")
	if _, _, err := (writing.Cast{NoDraft: own}).Episode(); err != own {
		t.Errorf("no draft: %v, want NoDraft", err)
	}
}

// TestCastOnModels: each role is on the model its player names, with the
// token cap; a reader whose player fails fails each call with why, while
// a failing author, arc reviewer or readers' default is the cast's error.
func TestCastOnModels(t *testing.T) {
	noKey := errors.New("reader-yuki: no API key")
	c := writing.Cast{MaxTokens: 900, Players: modelCast{
		models: map[string]string{"author": "m-author", "reader": "m-reader", "reader-mei": "m-mei"},
		errs:   map[string]error{"reader-yuki": noKey},
	}}
	e, desc, err := c.Episode()
	if err != nil {
		t.Fatal(err)
	}
	if desc != "author: m-author, arc-reviewer: offline, readers: m-reader" {
		t.Errorf("description %q", desc)
	}
	if a, ok := e.Author.(writing.ModelAuthor); !ok || a.Model.Name != "m-author" || a.Model.MaxTokens != 900 || a.Model.Provider == nil {
		t.Errorf("author %#v", e.Author)
	}
	if _, ok := e.Critic.(writing.OfflineCritic); !ok {
		t.Errorf("arc reviewer %#v", e.Critic)
	}
	if r, ok := e.Readers(writing.Persona{ID: "mei"}).(writing.ModelReader); !ok || r.Model.Name != "m-mei" || r.Model.MaxTokens != 900 {
		t.Errorf("reader mei %#v", e.Readers(writing.Persona{ID: "mei"}))
	}
	if _, ok := e.Readers(writing.Persona{ID: "ken"}).(writing.OfflineReader); !ok {
		t.Errorf("reader ken %#v", e.Readers(writing.Persona{ID: "ken"}))
	}
	yuki := e.Readers(writing.Persona{ID: "yuki"})
	if _, _, err := yuki.Read(context.Background(), writing.ReadTask{}); err != noKey {
		t.Errorf("reader yuki reads: %v, want %v", err, noKey)
	}
	if _, _, err := yuki.Compare(context.Background(), writing.CompareTask{}); err != noKey {
		t.Errorf("reader yuki compares: %v, want %v", err, noKey)
	}
	for _, role := range []string{"author", "arc-reviewer", "reader"} {
		fail := errors.New(role + ": no API key")
		c := writing.Cast{Draft: []byte("x"), Players: modelCast{errs: map[string]error{role: fail}}}
		if _, _, err := c.Episode(); err != fail {
			t.Errorf("%s failing: %v", role, err)
		}
	}
}

// A command casts the roles from its provider flags (a
// providers/config.Config is a loop.Cast); with none, every role is the
// built-in agent, the author starting from the draft it is given.
func ExampleCast_Episode() {
	e, desc, err := writing.Cast{Draft: []byte("The Lamp\n\nRen ran for the dinghy.\n")}.Episode()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(desc)
	text, _, _ := e.Author.Write(context.Background(), writing.AuthorTask{Episode: 1})
	fmt.Fprint(os.Stdout, text)
	// Output:
	// author: offline, arc-reviewer: offline, readers: offline
	// The Lamp
	//
	// Ren ran for the dinghy.
}
