// Package temporal runs kaigi's loops as Temporal workflows: the same
// drivers, unchanged, with their reviewer calls as activities.
package temporal
