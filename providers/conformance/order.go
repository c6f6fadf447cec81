package conformance

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// PropertyOrders maps the JSON-pointer path of every "properties" and
// "$defs" object in the JSON Schema data to its keys, in the order the
// document writes them. Providers' tests compare the schema they send with
// finding.Schema() through it: structured outputs generate properties in
// schema order, so a provider must not reorder them.
func PropertyOrders(data []byte) (map[string][]string, error) {
	out := map[string][]string{}
	dec := json.NewDecoder(bytes.NewReader(data))
	var walk func(path string) error
	walk = func(path string) error {
		tok, err := dec.Token()
		if err != nil {
			return fmt.Errorf("conformance: bad JSON at %q: %w", path, err)
		}
		switch tok {
		case json.Delim('{'):
			last := path[strings.LastIndexByte(path, '/')+1:]
			for dec.More() {
				k, err := dec.Token()
				if err != nil {
					return fmt.Errorf("conformance: bad JSON at %q: %w", path, err)
				}
				key, _ := k.(string)
				if last == "properties" || last == "$defs" {
					out[path] = append(out[path], key)
				}
				if err := walk(path + "/" + key); err != nil {
					return err
				}
			}
			_, err = dec.Token()
		case json.Delim('['):
			for i := 0; dec.More(); i++ {
				if err := walk(path + "/" + strconv.Itoa(i)); err != nil {
					return err
				}
			}
			_, err = dec.Token()
		}
		return err
	}
	if err := walk(""); err != nil {
		return nil, err
	}
	return out, nil
}
