// Package bodylimit reads HTTP response bodies up to a bound, for the
// providers that talk to servers they do not control.
package bodylimit
