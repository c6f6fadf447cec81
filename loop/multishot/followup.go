package multishot

// Active returns the names of the session's slices that are not removed,
// in the order they were defined.
func (s *Summary) Active() []string {
	var names []string
	for _, sl := range s.Slices {
		if sl.Status != Removed {
			names = append(names, sl.Name)
		}
	}
	return names
}

// Remove returns the directives that remove the slices names, in order,
// each with the user's words verbatim: Remove(words, sum.Active()...) is
// what Reclassify needs before it classifies a change anew.
func Remove(words string, names ...string) []Directive {
	dirs := make([]Directive, 0, len(names))
	for _, name := range names {
		dirs = append(dirs, Directive{Op: RemoveSlice, Slice: Slice{Name: name}, Words: words})
	}
	return dirs
}
