package jsonorder

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
)

// Node is the shape of a reference document: the keys of an object in
// document order, and the shapes of its fields and array elements.
type Node struct {
	Keys   []string         // an object's keys, in document order
	Fields map[string]*Node // an object's fields' shapes
	Items  []*Node          // an array's elements' shapes
}

// Field returns the shape of the object field key, or nil. A nil Node has
// no fields.
func (n *Node) Field(key string) *Node {
	if n == nil {
		return nil
	}
	return n.Fields[key]
}

// Item returns the shape of array element i, or nil.
func (n *Node) Item(i int) *Node {
	if n == nil || i >= len(n.Items) {
		return nil
	}
	return n.Items[i]
}

// Parse reads the shape of the JSON document data.
func Parse(data []byte) (*Node, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	n, err := parse(dec)
	if err != nil {
		return nil, fmt.Errorf("jsonorder: %w", err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return nil, errors.New("jsonorder: data after the top-level value")
	}
	return n, nil
}

func parse(dec *json.Decoder) (*Node, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	d, ok := tok.(json.Delim)
	if !ok {
		return nil, nil // a scalar has no shape
	}
	n := &Node{}
	switch d {
	case '{':
		n.Fields = map[string]*Node{}
		for dec.More() {
			tok, err := dec.Token()
			if err != nil {
				return nil, err
			}
			key, _ := tok.(string)
			child, err := parse(dec)
			if err != nil {
				return nil, err
			}
			if _, dup := n.Fields[key]; !dup {
				n.Keys = append(n.Keys, key)
			}
			n.Fields[key] = child
		}
	case '[':
		for dec.More() {
			child, err := parse(dec)
			if err != nil {
				return nil, err
			}
			n.Items = append(n.Items, child)
		}
	}
	if _, err := dec.Token(); err != nil { // the closing delimiter
		return nil, err
	}
	return n, nil
}

// Marshal encodes v like json.Marshal, except that the keys of every
// map[string]any come in the order of the object at the same place in
// shape, and keys shape lacks follow in sorted order. Values of other
// types are encoded by json.Marshal.
func Marshal(v any, shape *Node) (json.RawMessage, error) {
	var b bytes.Buffer
	if err := encode(&b, v, shape); err != nil {
		return nil, fmt.Errorf("jsonorder: %w", err)
	}
	return b.Bytes(), nil
}

func encode(b *bytes.Buffer, v any, shape *Node) error {
	switch v := v.(type) {
	case map[string]any:
		b.WriteByte('{')
		for i, k := range orderedKeys(v, shape) {
			if i > 0 {
				b.WriteByte(',')
			}
			key, err := json.Marshal(k)
			if err != nil {
				return err
			}
			b.Write(key)
			b.WriteByte(':')
			if err := encode(b, v[k], shape.Field(k)); err != nil {
				return err
			}
		}
		b.WriteByte('}')
	case []any:
		b.WriteByte('[')
		for i, e := range v {
			if i > 0 {
				b.WriteByte(',')
			}
			if err := encode(b, e, shape.Item(i)); err != nil {
				return err
			}
		}
		b.WriteByte(']')
	default:
		s, err := json.Marshal(v)
		if err != nil {
			return err
		}
		b.Write(s)
	}
	return nil
}

// orderedKeys lists m's keys: those in shape in its order, then the
// others sorted.
func orderedKeys(m map[string]any, shape *Node) []string {
	keys := make([]string, 0, len(m))
	seen := make(map[string]bool, len(m))
	if shape != nil {
		for _, k := range shape.Keys {
			if _, ok := m[k]; ok && !seen[k] {
				keys = append(keys, k)
				seen[k] = true
			}
		}
	}
	rest := make([]string, 0, len(m)-len(keys))
	for k := range m {
		if !seen[k] {
			rest = append(rest, k)
		}
	}
	slices.Sort(rest)
	return append(keys, rest...)
}

// Alias makes the field from, wherever n and its descendants have it,
// also the shape of the field to when they lack one: for a key that an
// adjustment renames (oneOf to anyOf), so the renamed value keeps its
// order.
func (n *Node) Alias(from, to string) {
	if n == nil {
		return
	}
	if f, ok := n.Fields[from]; ok {
		if _, ok := n.Fields[to]; !ok {
			n.Fields[to] = f
			n.Keys = append(n.Keys, to)
		}
	}
	for _, k := range n.Keys {
		n.Fields[k].Alias(from, to)
	}
	for _, it := range n.Items {
		it.Alias(from, to)
	}
}
